"""A card's "Play during your Quest phase." (or "at the beginning of your turn") read on the board.

The phase a play restriction names is checked against the turn and the phase stated: another
player's turn or another phase is a no, that phase on the player's turn a yes. "At the
beginning of your turn" is phase 0 (Q&A 3); "at the beginning of your Battlefield phase" is
a moment inside phase 4 the situation cannot state, so phase 4 leaves it open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.warhammer.board import PHASE_CLAUSE, PHASES
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board

#: Q&A 3: effects "at the beginning of the turn" happen in the Beginning of the Turn, phase 0.
BEGINNING_QA = "warhammer/faq/qa/3"
#: "play during your quest phase" / "play only at the beginning of your turn" (lower case).
_SHAPE = compiled(
    r"^play (?:only )?(?P<when>during|at the beginning of) your "
    r"(?:(?P<phase>kingdom|quest|capital|battlefield) phase|(?P<turn>turn))$"
)


def reads(sentence: str) -> bool:
    """Whether a play restriction is a phase of the player's own turn this module checks."""
    found = _SHAPE.match(sentence.lower().rstrip("."))
    return found is not None and not (found.group("turn") and found.group("when") == "during")


def met(board: Board, sentence: str, player: str) -> tuple[bool | None, str, tuple[str, ...]]:
    """Whether the card may be played now: (verdict, why, the clauses); None: open."""
    found = _SHAPE.match(sentence.lower().rstrip("."))
    assert found is not None
    if board.turn is None:
        return None, "the situation does not say whose turn it is", ()
    if board.turn != player:
        return False, "it is not that player's turn", ()
    beginning = found.group("when") != "during"
    rules: tuple[str, ...]
    if found.group("turn"):
        wanted, rules = 0, (BEGINNING_QA,)
    else:
        wanted, rules = PHASES.index(found.group("phase")), ()
    if board.phase is None:
        return None, "the situation does not say which phase it is", ()
    now = f"phase {board.phase} ({PHASES[board.phase]})"
    rules += (PHASE_CLAUSE.format(n=wanted),)
    if board.phase != wanted:
        return False, f"it is {now}", rules
    if beginning and wanted != 0:
        return None, f"it is {now}, and whether it is the phase's beginning is not stated", ()
    return True, f"it is {now}", rules
