"""What players do in a Blue Moon text: acts (discard, draw, play …) and who does them how."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rulesq.effects.base import Node
from rulesq.games.bluemoon.selectors import (
    Cards,
    CardsExpr,
    Dragon,
    Dragons,
    Place,
    ShipPlace,
    join_and,
)
from rulesq.games.bluemoon.vocab import Role, number_word


@dataclass(frozen=True)
class Act(Node):
    """Something a player does; rendered as a verb phrase without its subject."""


@dataclass(frozen=True)
class Attract(Act):
    """``attract one dragon``."""

    dragons: Dragons

    def render(self) -> str:
        """The verb phrase."""
        return f"attract {self.dragons.render()}"


@dataclass(frozen=True)
class Discard(Act):
    """``discard <cards>`` [``to attract one dragon``]."""

    cards: CardsExpr
    purpose: Attract | None = None

    def render(self) -> str:
        """The verb phrase."""
        tail = f" to {self.purpose.render()}" if self.purpose else ""
        return f"discard {self.cards.render()}{tail}"


@dataclass(frozen=True)
class Draw(Act):
    """``draw <cards>`` [``into my hand``]."""

    cards: CardsExpr
    into: Place | None = None

    def render(self) -> str:
        """The verb phrase."""
        tail = f" into {self.into.render()}" if self.into else ""
        return f"draw {self.cards.render()}{tail}"


@dataclass(frozen=True)
class DrawTo(Act):
    """``draw to nine cards``; ``n`` None: ``draw to the same number of cards``."""

    n: int | None = None

    def render(self) -> str:
        """The verb phrase."""
        if self.n is None:
            return "draw to the same number of cards"
        return f"draw to {number_word(self.n)} card{'' if self.n == 1 else 's'}"


@dataclass(frozen=True)
class Retrieve(Act):
    """``retrieve <cards> into my hand``."""

    cards: CardsExpr
    into: Place

    def render(self) -> str:
        """The verb phrase."""
        return f"retrieve {self.cards.render()} into {self.into.render()}"


@dataclass(frozen=True)
class Load(Act):
    """``load <cards> onto this ship``."""

    cards: CardsExpr
    onto: ShipPlace

    def render(self) -> str:
        """The verb phrase."""
        return f"load {self.cards.render()} onto {self.onto.render()}"


@dataclass(frozen=True)
class Shuffle(Act):
    """``shuffle <cards or a pile>`` [``face down``] [``into <place>``]."""

    what: CardsExpr | Place
    face_down: bool = False
    into: Place | None = None

    def render(self) -> str:
        """The verb phrase; exceptions to the cards come after the place they go to."""
        what, exceptions = self.what, ""
        if isinstance(what, Cards) and what.exceptions:
            exceptions = ", except " + join_and([e.render() for e in what.exceptions])
            what = replace(what, exceptions=())
        text = f"shuffle {what.render()}"
        if self.face_down:
            text += " face down"
        if self.into:
            text += f" into {self.into.render()}"
        return text + exceptions


@dataclass(frozen=True)
class Search(Act):
    """``search through my draw deck``."""

    place: Place

    def render(self) -> str:
        """The verb phrase."""
        return f"search through {self.place.render()}"


@dataclass(frozen=True)
class Select(Act):
    """``select <cards>``."""

    cards: CardsExpr

    def render(self) -> str:
        """The verb phrase."""
        return f"select {self.cards.render()}"


@dataclass(frozen=True)
class Branch(Node):
    """One option of a choice: the cards selected and what is then done with them."""

    cards: CardsExpr
    acts: tuple[Act, ...] = ()

    def render(self) -> str:
        """``one influence card and play it``."""
        return join_and([self.cards.render()] + [a.render() for a in self.acts])


@dataclass(frozen=True)
class SelectEither(Act):
    """``select either <cards> and <acts>, or <cards> and <acts>``."""

    options: tuple[Branch, ...]

    def render(self) -> str:
        """The verb phrase."""
        return "select either " + ", or ".join(b.render() for b in self.options)


@dataclass(frozen=True)
class Reveal(Act):
    """``reveal <cards>`` [``to you``]."""

    cards: CardsExpr
    to: Role | None = None

    def render(self) -> str:
        """The verb phrase."""
        tail = f" to {self.to.obj}" if self.to else ""
        return f"reveal {self.cards.render()}{tail}"


@dataclass(frozen=True)
class Take(Act):
    """``take <cards>`` [``into my hand``]."""

    cards: CardsExpr
    into: Place | None = None

    def render(self) -> str:
        """The verb phrase."""
        tail = f" into {self.into.render()}" if self.into else ""
        return f"take {self.cards.render()}{tail}"


@dataclass(frozen=True)
class AsIfIcon(Node):
    """``as if it had the FREE icon``: the card is treated as having an icon."""

    icon: str

    def render(self, *, plural: bool = False) -> str:
        """The phrase, with ``it`` or ``they`` for the cards it is about."""
        return f"as if {'they' if plural else 'it'} had the {self.icon} icon"


@dataclass(frozen=True)
class AsIfDragon(Node):
    """``as if we had the respective dragon on our side``."""

    holder: Role
    dragon: Dragon

    def render(self, *, plural: bool = False) -> str:
        """The phrase."""
        return f"as if {self.holder.subject.split()[0]} had {self.dragon.render()}"


@dataclass(frozen=True)
class Play(Act):
    """``play <cards>`` [``into <place>``] [``without pushing …``] [``as if …``]."""

    cards: CardsExpr
    into: Place | None = None
    without_pushing: bool = False
    as_if: AsIfIcon | AsIfDragon | None = None

    def render(self) -> str:
        """The verb phrase."""
        text = f"play {self.cards.render()}"
        if self.into:
            text += f" into {self.into.render()}"
        if self.without_pushing:
            text += " without pushing the previously active cards under it"
        if self.as_if:
            plural = isinstance(self.cards, Cards) and not self.cards.quantity.singular
            text += " " + self.as_if.render(plural=plural)
        return text


@dataclass(frozen=True)
class Exchange(Act):
    """``exchange this card with <cards>``."""

    cards: CardsExpr
    other: CardsExpr

    def render(self) -> str:
        """The verb phrase."""
        return f"exchange {self.cards.render()} with {self.other.render()}"


@dataclass(frozen=True)
class Force(Act):
    """``force you to <acts>``: the other player must do it."""

    who: Role
    acts: tuple[Act, ...]

    def render(self) -> str:
        """The verb phrase."""
        return f"force {self.who.obj} to " + join_and([a.render() for a in self.acts])


@dataclass(frozen=True)
class Disclose(Act):
    """``disclose your hand``."""

    place: Place

    def render(self) -> str:
        """The verb phrase."""
        return f"disclose {self.place.render()}"


@dataclass(frozen=True)
class Refresh(Act):
    """``refresh our hands``."""

    place: Place

    def render(self) -> str:
        """The verb phrase."""
        return f"refresh {self.place.render()}"


@dataclass(frozen=True)
class Retreat(Act):
    """``retreat``."""

    def render(self) -> str:
        """The verb phrase."""
        return "retreat"


@dataclass(frozen=True)
class Decline(Act):
    """``decline to start the fight`` (no card text the grammar reads says it yet)."""

    def render(self) -> str:
        """The verb phrase."""
        return "decline to start the fight"


@dataclass(frozen=True)
class Land(Act):
    """``land a ship`` (no card text the grammar reads says it yet)."""

    def render(self) -> str:
        """The verb phrase."""
        return "land a ship"


@dataclass(frozen=True)
class Reshuffle(Act):
    """``reshuffle`` (the pile just searched)."""

    def render(self) -> str:
        """The verb phrase."""
        return "reshuffle"


@dataclass(frozen=True)
class Have(Act):
    """``have <cards>`` [``than you``], or ``have the red dragon on my side``."""

    what: CardsExpr | Dragon
    than: Role | None = None

    def render(self) -> str:
        """The verb phrase."""
        tail = f" than {self.than.subject}" if self.than else ""
        return f"have {self.what.render()}{tail}"


@dataclass(frozen=True)
class CallBluff(Act):
    """``call my bluff``."""

    owner: Role

    def render(self) -> str:
        """The verb phrase."""
        return f"call {self.owner.possessive} bluff"


@dataclass(frozen=True)
class Receive(Act):
    """``receive one additional crystal`` (when scoring)."""

    n: int

    def render(self) -> str:
        """The verb phrase."""
        return f"receive {number_word(self.n)} additional crystal{'' if self.n == 1 else 's'}"


@dataclass(frozen=True)
class Score(Act):
    """``score one fewer dragon`` (when scoring)."""

    dragons: Dragons

    def render(self) -> str:
        """The verb phrase."""
        return f"score {self.dragons.render()}"


@dataclass(frozen=True)
class AnnouncePower(Act):
    """``announce your power``."""

    owner: Role

    def render(self) -> str:
        """The verb phrase."""
        return f"announce {self.owner.possessive} power"


class Mode(StrEnum):
    """How a clause binds its subject."""

    PLAIN = ""
    MAY = "may"
    MAY_NOT = "may not"
    MAY_ONLY = "may only"
    MUST = "must"
    DO_NOT = "do not"


@dataclass(frozen=True)
class Do(Node):
    """A player doing acts in order, in a mode: "I may discard … and take …"."""

    actor: Role
    acts: tuple[Act, ...]
    mode: Mode = Mode.PLAIN
    also: bool = False
    immediately: bool = False

    def render(self, *, subject: str | None = None) -> str:
        """``I may draw two cards``; ``subject`` replaces (or with "" drops) the subject."""
        words = [self.actor.subject if subject is None else subject]
        if self.mode is not Mode.PLAIN:
            words.append(self.mode.value)
        if self.also:
            words.append("also")
        if self.immediately:
            words.append("immediately")
        words.append(join_and([a.render() for a in self.acts]))
        return " ".join(w for w in words if w)


def render_dos(dos: tuple[Do, ...]) -> str:
    """Clauses in order: a later clause of the same player drops its subject."""
    out = dos[0].render()
    for prev, do in zip(dos, dos[1:], strict=False):
        if do.actor is prev.actor and do.mode is not Mode.PLAIN:
            out += " and " + do.render(subject="")
        else:
            short = "we" if do.actor is Role.BOTH and prev.actor is Role.BOTH else None
            out += ", then " + do.render(subject=short)
    return out
