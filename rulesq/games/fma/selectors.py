"""Which cards, characters or players an FMA text describes: quantities, postmodifiers."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.words import article, number_word
from rulesq.games.fma.references import Possessive, Pronoun, Ref, Zone
from rulesq.games.fma.vocab import PLURALS, Attribute, Timing


@dataclass(frozen=True)
class CostOf:
    """A card's cost used as a value: ``this character’s cost``."""

    of: Ref

    def render(self) -> str:
        """The phrase."""
        return f"{self.of.render()}\u2019s cost"


Value = int | str | CostOf


def render_value(value: Value) -> str:
    """A number, ``X`` or a card's cost."""
    return value.render() if isinstance(value, CostOf) else str(value)


@dataclass(frozen=True)
class CostBelow:
    """``with cost lower than V``."""

    value: Value

    def render(self) -> str:
        """The phrase."""
        return f"with cost lower than {render_value(self.value)}"


@dataclass(frozen=True)
class CostAtMost:
    """``with cost of V or lower``.

    ``value`` None is ``with equal or lower cost`` (than the card the text compares with).
    """

    value: Value | None = None

    def render(self) -> str:
        """The phrase."""
        if self.value is None:
            return "with equal or lower cost"
        return f"with cost of {render_value(self.value)} or lower"


@dataclass(frozen=True)
class AttributeAtLeastOther:
    """``with equal or higher strength`` (than the other character the text names)."""

    attribute: Attribute

    def render(self) -> str:
        """The phrase."""
        return f"with equal or higher {self.attribute.value}"


@dataclass(frozen=True)
class AttributeBelow:
    """``with strength less than a losing character``."""

    attribute: Attribute
    than: Selector

    def render(self) -> str:
        """The phrase."""
        return f"with {self.attribute.value} less than {self.than.render()}"


@dataclass(frozen=True)
class HandAbove:
    """``with more than 8 cards in his hand``."""

    count: int
    owner: Possessive

    def render(self) -> str:
        """The phrase."""
        return f"with more than {self.count} cards in {self.owner.render()} hand"


@dataclass(frozen=True)
class ControlledBy:
    """``controlled by another player``."""

    by: Selector

    def render(self) -> str:
        """The phrase."""
        return f"controlled by {self.by.render()}"


@dataclass(frozen=True)
class In:
    """``in your discard pile``."""

    zone: Zone

    def render(self) -> str:
        """The phrase."""
        return f"in {self.zone.render()}"


@dataclass(frozen=True)
class Targeting:
    """``targeting you or one of your alchemists``."""

    targets: tuple[Ref | Selector, ...]

    def render(self) -> str:
        """The phrase."""
        return "targeting " + " or ".join(t.render() for t in self.targets)


Postmod = (
    CostBelow
    | CostAtMost
    | AttributeAtLeastOther
    | AttributeBelow
    | HandAbove
    | ControlledBy
    | In
    | Targeting
)


@dataclass(frozen=True)
class Quantity:
    """How many a selector takes.

    One of ``a``, ``each``, ``each of``, ``all``, ``any``, ``any number of``, ``another``,
    ``up to`` N, N (``count``), N ``of`` (``count of``).
    """

    word: str
    count: int | None = None

    def render(self, following: str) -> str:
        """The quantity before ``following`` (which decides between "a" and "an")."""
        if self.word == "a":
            return article(following)
        if self.word == "up to":
            return f"up to {number_word(self.count or 0)}"
        if self.word == "count":
            return str(self.count)
        if self.word == "count of":
            return f"{number_word(self.count or 0)} of"
        return self.word


@dataclass(frozen=True)
class Designator:
    """Event designators in a noun phrase: ``search or battle wits`` (event)."""

    timings: tuple[Timing, ...]
    attribute: Attribute | None = None

    def render(self) -> str:
        """The phrase."""
        words = [" or ".join(t.value for t in self.timings)] if self.timings else []
        return " ".join([*words, self.attribute.value] if self.attribute else words)


#: The kind of "a react" (an event or an ability with that designator; the rulings, "Event or
#: ability": "a [something] event or [something] ability").
EVENT_OR_ABILITY = "event or ability"


@dataclass(frozen=True)
class Selector:
    """A description of cards, characters or players (who or what an effect is about).

    ``kind`` is the singular noun (``character``, ``ally``, ``event`` …, or ``event and
    ability`` for "events and abilities"); ``faction`` is a faction or keyword name
    ("Elric", "Homunculus", "Rebel"); ``qualities`` are words like ``ready``, ``other``,
    ``losing``, ``villain``.
    """

    kind: str
    plural: bool = False
    quantity: Quantity | None = None
    owner: Possessive | None = None
    target: bool = False
    qualities: tuple[str, ...] = ()
    faction: str | None = None
    faction_word: bool = False
    designator: Designator | None = None
    postmods: tuple[Postmod, ...] = ()

    def noun(self) -> str:
        """The head noun, singular or plural."""
        if self.kind == "event and ability":
            return "events and abilities"
        if self.kind == EVENT_OR_ABILITY:
            return EVENT_OR_ABILITY
        return PLURALS.get(self.kind, self.kind + "s") if self.plural else self.kind

    def render(self) -> str:
        """The noun phrase."""
        words: list[str] = []
        if self.owner:
            words.append(self.owner.render())
        if self.target:
            words.append("target")
        words += list(self.qualities)
        if self.faction:
            words.append(self.faction + (" faction" if self.faction_word else ""))
        if self.designator:
            words.append(self.designator.render())
        words.append(self.noun())
        rest = " ".join(words)
        head = f"{self.quantity.render(rest)} {rest}" if self.quantity else rest
        return " ".join([head, *(p.render() for p in self.postmods)])


Subject = Ref | Selector


def third_person(who: Subject | None) -> bool:
    """Whether a verb after ``who`` takes the -s form (he draws; you draw; players draw)."""
    if who is None:
        return False
    if isinstance(who, Pronoun):
        return not who.second_person
    if isinstance(who, Selector):
        singular_of = who.quantity is not None and (
            who.quantity.word == "each of"
            or (who.quantity.word == "count of" and who.quantity.count == 1)
        )
        return singular_of or not who.plural
    return True


def subject_verb(who: Subject | None, base: str, third: str | None = None) -> str:
    """The verb in agreement with its subject, the subject first when there is one."""
    form = (third or base + "s") if third_person(who) else base
    return f"{who.render()} {form}" if who is not None else form
