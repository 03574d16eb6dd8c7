"""When a Blue Moon text applies: conditions as typed facts about the game state."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Node
from rulesq.games.bluemoon.acts import Have
from rulesq.games.bluemoon.selectors import Place, ShipPlace
from rulesq.games.bluemoon.vocab import Element, Role


@dataclass(frozen=True)
class Condition(Node):
    """A fact that must hold; rendered as a clause without "if"."""


@dataclass(frozen=True)
class Having(Condition):
    """A player has (holds) cards or a dragon: "you have at least three active … cards".

    The cards' quantity is the comparison ("more than one", "no", "at least two more …
    than I"); ``have.than`` is the player compared with.
    """

    who: Role
    have: Have

    def render(self) -> str:
        """``I have fewer cards in my hand than you``."""
        return f"{self.who.subject} {self.have.render()}"


@dataclass(frozen=True)
class AttackedBy(Condition):
    """``I am attacked by at least 7 total power`` / ``… at least 5 Earth``."""

    who: Role
    at_least: int
    element: Element | None = None  # None: total power

    def render(self) -> str:
        """The clause."""
        am = {"controller": "I am", "opponent": "you are", "both": "we are"}[self.who.value]
        what = self.element.value if self.element else "total power"
        return f"{am} attacked by at least {self.at_least} {what}"


@dataclass(frozen=True)
class PlayedFrom(Condition):
    """``this card is played from a landed ship``."""

    place: Place | ShipPlace

    def render(self) -> str:
        """The clause."""
        return f"this card is played from {self.place.render()}"


@dataclass(frozen=True)
class Retreats(Condition):
    """``I retreat`` [``now``]: the event of a player retreating."""

    who: Role
    now: bool = False

    def render(self) -> str:
        """The clause."""
        return f"{self.who.subject} retreat" + (" now" if self.now else "")


@dataclass(frozen=True)
class Wins(Condition):
    """``I win the game``."""

    who: Role

    def render(self) -> str:
        """The clause."""
        return f"{self.who.subject} win the game"
