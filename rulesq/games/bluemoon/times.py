"""When a Blue Moon text acts: moments ("at the end of my turn") and periods ("on my turn")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulesq.effects.base import Node
from rulesq.games.bluemoon.vocab import Phase, Role


class W(StrEnum):
    """The kinds of time a text can name."""

    NOW = "now"  # when the card is played
    ON_TURN = "on turn"  # "on my turn", "on your turn"
    THIS_TURN = "this turn"  # "on this turn"
    LAND_TURN = "land turn"  # "on the turn in which I land this ship"
    IN_PHASE = "in phase"  # "in my Character phase"
    DURING_PHASE = "during phase"  # "during my Leadership phase"
    THIS_FIGHT = "this fight"  # "during this fight"
    END_OF_TURN = "end of turn"  # "at the end of my turn"
    AFTER_END_OF_TURN = "after end of turn"  # "after the end of my turn"
    TURN_ABOUT_TO_END = "turn about to end"  # "if my turn is about to end"
    BEGINNING_OF_TURN = "beginning of turn"  # "at the beginning of my turn"
    END_OF_PHASE = "end of phase"  # "at the end of your Character phase"
    BY_END_OF_PHASE = "by end of phase"  # "by the end of your Booster/Support phase"
    AFTER_PHASE = "immediately after phase"  # "immediately after my Booster/Support phase"
    END_OF_EACH_FIGHT = "end of each fight"  # "at the end of each fight"
    START_OF_GAME = "start of game"  # "at the start of the game"


#: The kinds that name a player's turn or phase.
WITH_ROLE = {
    W.ON_TURN,
    W.IN_PHASE,
    W.DURING_PHASE,
    W.END_OF_TURN,
    W.AFTER_END_OF_TURN,
    W.TURN_ABOUT_TO_END,
    W.BEGINNING_OF_TURN,
    W.END_OF_PHASE,
    W.BY_END_OF_PHASE,
    W.AFTER_PHASE,
}
#: The kinds that name a phase.
WITH_PHASE = {W.IN_PHASE, W.DURING_PHASE, W.END_OF_PHASE, W.BY_END_OF_PHASE, W.AFTER_PHASE}


@dataclass(frozen=True)
class When(Node):
    """A moment or a period, with whose turn or phase it is."""

    kind: W
    role: Role | None = None
    phase: Phase | None = None

    def render(self) -> str:
        """The time phrase, lower case: ``at the end of my turn``."""
        poss = self.role.possessive if self.role else ""
        phase = f"{poss} {self.phase.value} phase" if self.phase else ""
        match self.kind:
            case W.NOW:
                return "now"
            case W.ON_TURN:
                return f"on {poss} turn"
            case W.THIS_TURN:
                return "on this turn"
            case W.LAND_TURN:
                return "on the turn in which I land this ship"
            case W.IN_PHASE:
                return f"in {phase}"
            case W.DURING_PHASE:
                return f"during {phase}"
            case W.THIS_FIGHT:
                return "during this fight"
            case W.END_OF_TURN:
                return f"at the end of {poss} turn"
            case W.AFTER_END_OF_TURN:
                return f"after the end of {poss} turn"
            case W.TURN_ABOUT_TO_END:
                return f"if {poss} turn is about to end"
            case W.BEGINNING_OF_TURN:
                return f"at the beginning of {poss} turn"
            case W.END_OF_PHASE:
                return f"at the end of {phase}"
            case W.BY_END_OF_PHASE:
                return f"by the end of {phase}"
            case W.AFTER_PHASE:
                return f"immediately after {phase}"
            case W.END_OF_EACH_FIGHT:
                return "at the end of each fight"
            case W.START_OF_GAME:
                return "at the start of the game"
        raise AssertionError(self.kind)  # pragma: no cover

    def lead(self) -> str:
        """The phrase opening a sentence: ``At the end of my turn, ``."""
        text = self.render()
        return text[0].upper() + text[1:] + ", "
