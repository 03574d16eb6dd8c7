"""Warhammer effects: acts, keywords, zone texts, restrictions, triggers and abilities."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect, Node
from rulesq.games.warhammer.selectors import Selector
from rulesq.games.warhammer.vocab import Header, Zone


@dataclass(frozen=True)
class Phrase(Node):
    """A trigger, condition or duration phrase: its lead word and its words."""

    lead: str
    words: tuple[str, ...]

    def render(self) -> str:
        """The phrase as written."""
        return " ".join(self.words)


@dataclass(frozen=True)
class Act(Effect):
    """One verb and what it takes.

    "deal 1 damage to target unit" is a ``deal_damage`` act whose object is "1 damage to
    target unit"; a modal ("may", "must", "cannot") is kept beside it.
    """

    kind: str
    verb: str
    subject: Selector | None = None
    object: Selector | None = None
    modal: str | None = None
    #: The words joining it to the act before ("to" after a cost, "and", "or").
    link: str = ""

    def render(self) -> str:
        """The act as written."""
        parts = [
            self.link,
            self.subject.render() if self.subject else "",
            self.modal or "",
            self.verb,
            self.object.render() if self.object else "",
        ]
        return " ".join(p for p in parts if p)


@dataclass(frozen=True)
class Clause(Effect):
    """Acts with the trigger, conditions and duration that frame them."""

    acts: tuple[Act, ...]
    trigger: Phrase | None = None
    conditions: tuple[Phrase, ...] = ()
    duration: Phrase | None = None
    then: bool = False
    #: Written in parentheses (an aside after an act: "(paying all costs)").
    aside: bool = False

    def render(self) -> str:
        """The clause as written (frame first)."""
        parts = [p.render() for p in (self.trigger, *self.conditions, self.duration) if p]
        text = ", ".join([*parts, " ".join(a.render() for a in self.acts)])
        text = f"Then, {text}" if self.then else text
        return f"({text})" if self.aside else text


@dataclass(frozen=True)
class Ability(Effect):
    """An "Action:", "Forced:" or "Quest:" ability and its clauses."""

    header: Header
    clauses: tuple[Effect, ...]
    once_per_turn: bool = False

    def render(self) -> str:
        """The ability as written."""
        once = " (limit once per turn)" if self.once_per_turn else ""
        return f"{self.header.value}: " + ", ".join(c.render() for c in self.clauses) + once


@dataclass(frozen=True)
class Keyword(Effect):
    """A keyword: Toughness 1, Counterstrike X, Scout, Ambush 2, Limited, Unique."""

    name: str
    value: int | str | None = None

    def render(self) -> str:
        """The keyword as written."""
        return self.name if self.value is None else f"{self.name} {self.value}"


@dataclass(frozen=True)
class ZoneText(Effect):
    """A zone word ("Battlefield.", "Kingdom.", "Quest.").

    The texts after it are active only while the card is in that zone (FAQ, Zones of Play).
    """

    zone: Zone

    def render(self) -> str:
        """The zone word."""
        return self.zone.value.capitalize() + "."


@dataclass(frozen=True)
class Only(Effect):
    """Text "Order only.", "Battlefield only.": who may include it, or the zone it is played in."""

    what: str
    zone: Zone | None = None

    def render(self) -> str:
        """The restriction as written."""
        return f"{self.what} only."


@dataclass(frozen=True)
class Limit(Effect):
    """A limit: "Limit one Hero per zone.", "Limit 1 per deck.".

    How many may be in a zone or a deck (``trait`` None means the card itself).
    """

    count: int
    per: str
    trait: str | None = None

    def render(self) -> str:
        """The limit as written."""
        what = f" {self.trait}" if self.trait else ""
        return f"Limit {self.count}{what} per {self.per}."


@dataclass(frozen=True)
class AttachTo(Effect):
    """Text "Attach to a unit.": where an attachment goes."""

    to: Selector

    def render(self) -> str:
        """The restriction as written."""
        return f"Attach to {self.to.render()}."


@dataclass(frozen=True)
class XIs(Effect):
    """Text "X is the number of …": what the letter X stands for on the card (FAQ, The Letter X)."""

    meaning: Selector

    def render(self) -> str:
        """The definition as written."""
        return f"X is {self.meaning.render()}."


@dataclass(frozen=True)
class Reminder(Effect):
    """Reminder text in parentheses after a keyword or an ability."""

    words: tuple[str, ...]

    def render(self) -> str:
        """The reminder as written."""
        return "(" + " ".join(self.words) + ")"
