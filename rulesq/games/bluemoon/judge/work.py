"""What Blue Moon judging has cost, counted: facts replayed, events and cards scanned, ignores."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass
class Work:
    """Counts of the steps whose number grew with the square of the facts before they were fixed.

    Each is a plain integer bumped where the step is taken (near-zero cost); tests read how the
    total grows with the size of a situation, a count that does not depend on the machine.
    """

    #: Facts read into a state (a timeline's replay, whole or resumed).
    replayed: int = 0
    #: Events of a state's history scanned (for a card's last play, this turn's plays, …).
    events: int = 0
    #: Cards of a state scanned (a player's cards in some zones, a grouping's new cards, the
    #: cards whose effects of a kind are in force).
    cards: int = 0
    #: Ignore checks: whether one ignore effect reaches one card.
    reached: int = 0
    #: Ignore effects tried in the fixed point, and against a card's exempt icon (PROTECTED).
    tried: int = 0

    def total(self) -> int:
        """Every step counted so far."""
        return sum(getattr(self, f.name) for f in fields(self))


#: The work of every judgement since the process started (tests read its growth).
WORK = Work()
