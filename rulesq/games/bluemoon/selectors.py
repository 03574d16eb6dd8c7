"""Which cards, places and dragons a Blue Moon text talks about: composable selectors."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulesq.effects.base import Node

# the shared core, re-exported: the judge and the acts import them from here
from rulesq.effects.quantity import NUMBERED as NUMBERED
from rulesq.effects.quantity import Q as Q
from rulesq.effects.quantity import Quantity as Quantity
from rulesq.effects.words import join_and as join_and
from rulesq.frozen import replace
from rulesq.games.bluemoon.times import When
from rulesq.games.bluemoon.vocab import AREAS, CardType, Phase, Role, Zone, number_word


class Prep(StrEnum):
    """How a card phrase places its cards."""

    FROM = "from"
    IN = "in"
    ON = "on"


@dataclass(frozen=True)
class Place(Node):
    """A player's zone (or zones): "your hand", "our draw decks", "the top of my draw deck"."""

    owner: Role
    zones: tuple[Zone, ...]
    top: bool = False

    def render(self) -> str:
        """``your combat and support areas``, ``our hands``, ``the top of my draw deck``."""
        poss = self.owner.possessive
        if all(z in AREAS for z in self.zones):
            words = join_and([z.value for z in self.zones])
            noun = "areas" if len(self.zones) > 1 else "area"
            text = f"{poss} {words} {noun}"
        else:
            (zone,) = self.zones
            plural = self.owner is Role.BOTH and zone is not Zone.SIDE
            text = f"{poss} {zone.value}{'s' if plural else ''}"
        return f"the top of {text}" if self.top else text


class Which(StrEnum):
    """Which ship a text means."""

    THIS = "this"
    ONE_OF = "one of"
    LANDED = "landed"


@dataclass(frozen=True)
class ShipPlace(Node):
    """A ship as a place: "this ship", "one of my ships", "a landed ship"."""

    which: Which
    owner: Role | None = None

    def render(self) -> str:
        """The ship phrase."""
        if self.which is Which.THIS:
            return "this ship"
        if self.which is Which.LANDED:
            return "a landed ship"
        return f"one of {self.owner.possessive if self.owner else 'the'} ships"


class R(StrEnum):
    """What a pronoun or a back-reference points at."""

    IT = "it"  # the card (or pile) just named
    THEM = "them"  # the cards just named
    PART_OF_THEM = "of them"  # "one of them"
    THE_OTHERS = "the others"  # the rest of the cards just named
    THERE = "there"  # the place just named
    THIS_CARD = "this card"  # the card bearing the text


@dataclass(frozen=True)
class Ref(Node):
    """A back-reference: "it", "them", "one of them", "the others", "there", "this card"."""

    kind: R
    n: int | None = None

    def render(self) -> str:
        """The pronoun."""
        if self.kind is R.PART_OF_THEM:
            return f"{number_word(1 if self.n is None else self.n)} of them"
        return self.kind.value


@dataclass(frozen=True)
class CardName(Node):
    """A card named in a text (capitalised words or quoted): a name, never a keyword."""

    name: str
    quoted: bool = False

    def render(self) -> str:
        """The name as written (quoted when it was)."""
        return f'"{self.name}"' if self.quoted else self.name


@dataclass(frozen=True)
class Amount(Node):
    """A number of an element's points ("3 Fire") or of moons."""

    n: int
    element: str | None = None

    def render(self) -> str:
        """``3 Fire``."""
        return f"{self.n} {self.element}" if self.element else number_word(self.n)


class Measure(StrEnum):
    """What a total adds up."""

    PRINTED_VALUE = "printed value"
    MOONS = "moons"


@dataclass(frozen=True)
class Total(Node):
    """A sum the chosen cards must reach: "a total printed value of at least 3 Fire"."""

    measure: Measure
    amounts: tuple[Amount, ...]
    either: bool = False  # "5 Fire or 5 Earth" (else all of them: "and")
    on_different_cards: bool = False  # "(on different cards)"

    def render(self) -> str:
        """``with a total printed value of at least 2 Fire and 2 Earth (on different cards)``."""
        if self.measure is Measure.MOONS:
            (amount,) = self.amounts
            return f"with a total of at least {number_word(amount.n)} moons"
        joined = join_and([a.render() for a in self.amounts], "or" if self.either else "and")
        tail = " (on different cards)" if self.on_different_cards else ""
        return f"with a total printed value of at least {joined}{tail}"


class Noun(StrEnum):
    """The head word of a card phrase."""

    CARD = "card"  # "... cards"
    TYPE = "type"  # the type word alone: "any mutant", "one of my ships"
    REPLACEMENT = "replacement"  # "a replacement" (for a cancelled card)


@dataclass(frozen=True)
class Cards(Node):
    """A card selector: who owns them, how many, which types, icons, state and place.

    Every filter is a field; an empty field does not filter. ``icon`` is a predicate
    ("PROTECTED cards" means cards with a PROTECTED icon that is not ignored), never a
    stored boolean.
    """

    quantity: Quantity = Quantity()
    owner: Role | None = None
    types: tuple[CardType, ...] = ()
    phase: Phase | None = None  # "Leadership phase cards"
    family: str | None = None  # a people or family name before the type
    icon: str | None = None  # "PROTECTED cards", "FREE card"
    active: bool = False
    additional: bool = False
    further: bool = False
    first: bool = False  # "your first character card"
    last_remaining: bool = False  # "your last remaining active character card"
    noun: Noun = Noun.CARD
    with_icon: bool = False  # "with icons", "that has an icon"
    special_power_text: bool | None = None  # "that (do not) have special power text"
    printed_value_above: int | None = None  # "that have a printed value higher than 4"
    total: Total | None = None
    place: Place | ShipPlace | Ref | None = None
    prep: Prep = Prep.FROM
    turn: When | None = None  # "on your turn"
    played_by: Role | None = None  # "that you played on this turn"
    not_this_card: bool = False  # "(not this card)"
    exceptions: tuple[CardsExpr, ...] = ()

    def render(self) -> str:
        """The card phrase, e.g. ``one of your active booster/support cards``."""
        singular = self.quantity.singular
        words: list[str] = []
        if self.owner is not None:
            words.append(self.owner.possessive)
        for flag, word in (
            (self.last_remaining, "last remaining"),
            (self.first, "first"),
            (self.further, "further"),
            (self.additional, "additional"),
            (self.active, "active"),
        ):
            if flag:
                words.append(word)
        if self.icon:
            words.append(self.icon)
        if self.family:
            words.append(self.family)
        if self.noun is Noun.TYPE:
            words.append(self.types[0].value + ("" if singular else "s"))
        else:
            if self.types:
                words.append("/".join(t.value for t in self.types))
            if self.phase:
                words.append(f"{self.phase.value} phase")
            noun = "replacement" if self.noun is Noun.REPLACEMENT else "card"
            words.append(noun if singular else noun + "s")
        det = self.quantity.render(owned=self.owner is not None, next_word=words[0])
        text = " ".join(([det] if det else []) + words)
        return text + self._postmodifiers(singular)

    def _postmodifiers(self, singular: bool) -> str:
        has = "has" if singular or self.quantity.kind is Q.OF and self.quantity.n == 1 else "have"
        out = " (not this card)" if self.not_this_card else ""
        if self.with_icon:
            out += f" that {has} an icon" if has == "has" else " with icons"
        if self.special_power_text is True:
            out += f" that {has} special power text"
        elif self.special_power_text is False:
            does = "does" if has == "has" else "do"
            out += f" that {does} not have special power text"
        if self.printed_value_above is not None:
            out += f" that {has} a printed value higher than {self.printed_value_above}"
        if self.total is not None:
            out += " " + self.total.render()
        if self.place is not None:
            out += f" {self.prep.value} {self.place.render()}"
        if self.turn is not None:
            out += f" {self.turn.render()}"
        if self.played_by is not None:
            out += f" that {self.played_by.subject} played on this turn"
        if self.exceptions:
            out += ", except " + join_and([e.render() for e in self.exceptions])
        return out


@dataclass(frozen=True)
class CardChoice(Node):
    """One of several card selectors: "two leadership cards or two crystal cards"."""

    options: tuple[Cards, ...]

    def render(self) -> str:
        """The options joined with ``or``; a place they share is said once, at the end.

        Not when an option has exceptions: "…, except X from your combat area" would read
        the place as the exceptions' own; nor when an option before the last counts a total
        in an element: "… at least 3 Fire or two cards" would read as "Fire or Earth".
        """
        places = {(o.place, o.prep) for o in self.options}
        shared = (
            len(places) == 1
            and not any(o.exceptions for o in self.options)
            and not any(o.total is not None for o in self.options[:-1])
        )
        if shared and self.options[0].place is not None:
            bare = [_without_place(o).render() for o in self.options]
            last = self.options[-1]
            assert last.place is not None
            return join_and(bare, "or") + f" {last.prep.value} {last.place.render()}"
        return join_and([o.render() for o in self.options], "or")


@dataclass(frozen=True)
class CardSet(Node):
    """Several card selectors together: "one of your booster cards and one of your …"."""

    parts: tuple[Cards, ...]

    def render(self) -> str:
        """The parts joined with ``and``."""
        return join_and([p.render() for p in self.parts])


def _without_place(cards: Cards) -> Cards:
    return replace(cards, place=None, prep=Prep.FROM)


#: Anything that names cards.
CardsExpr = Cards | CardChoice | CardSet | Ref | CardName


class DragonCount(StrEnum):
    """How a text counts dragons."""

    COUNT = "count"  # "one dragon"
    ADDITIONAL = "additional"  # "one additional dragon", "1 (additional) dragon"
    FEWER = "fewer"  # "one fewer dragon", "one dragon fewer"
    NO_MORE_THAN = "no more than"
    EXACTLY = "exactly"
    GENERIC = "generic"  # "dragons"
    THE = "the"  # "the dragon" (the one just attracted)


@dataclass(frozen=True)
class Dragons(Node):
    """A number of dragons: "one additional dragon", "no more than one dragon", "dragons"."""

    kind: DragonCount
    n: int | None = None
    in_total: bool = False  # "(in total)"

    def render(self) -> str:
        """The dragon phrase."""
        n = number_word(self.n) if self.n is not None else ""
        noun = "dragon" if self.n == 1 or self.kind is DragonCount.THE else "dragons"
        match self.kind:
            case DragonCount.GENERIC:
                text = "dragons"
            case DragonCount.THE:
                text = "the dragon"
            case DragonCount.COUNT:
                text = f"{n} {noun}"
            case DragonCount.ADDITIONAL | DragonCount.FEWER:
                text = f"{n} {self.kind.value} {noun}"
            case _:
                text = f"{self.kind.value} {n} {noun}"
        return text + (" (in total)" if self.in_total else "")


@dataclass(frozen=True)
class Dragon(Node):
    """A particular dragon on a player's side: "the red dragon", "the respective dragon"."""

    side: Role
    colour: str | None = None  # None: "the respective dragon"

    def render(self) -> str:
        """``the red dragon on my side``."""
        which = self.colour or "respective"
        return f"the {which} dragon on {self.side.possessive} side"
