"""The turns a situation passes: a turn statement after another player's is a new turn.

The same player's turn restated is not taken for a new one (it may set the scene again), and
neither is a first turn statement after a line (the turn that line was in is not known).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board
    from rulesq.situation.model import Fact


def new_turns(board: Board, start: int, end: int | None = None) -> list[Fact]:
    """The turn statements in (start, end) that begin a new turn (the player changes)."""
    found: list[Fact] = []
    before: str | None = None
    for who, fact in board.turns:
        if fact.index > start and (end is None or fact.index < end):
            if before is not None and who != before:
                found.append(fact)
        before = who
    return found


def phases_in(board: Board, turn: Fact) -> list[int]:
    """The phases stated in the turn a turn statement begins (until the next turn statement)."""
    later = [f.index for _, f in board.turns if f.index > turn.index]
    end = min(later, default=None)
    return [n for n, f in board.phases if f.index > turn.index and (end is None or f.index < end)]
