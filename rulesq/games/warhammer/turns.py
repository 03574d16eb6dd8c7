"""The turns a situation passes: a turn statement after another player's is a new turn.

The same player's turn restated is not taken for a new one: it may set the scene again or be a
later turn of that player, so what lasts "this turn" from before it is open (``restated``,
``ended``); a first turn statement after a line is not taken for a new one either (the turn
that line was in is not known).
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


def restated(board: Board, start: int, end: int | None = None) -> bool:
    """Whether only the same player's turn is restated after the fact ``start`` (to ``end``).

    It may be the same turn set again or a later one of that player, after an unstated turn
    of the other player: what lasts "this turn" from before it is open there (``ended``).
    """
    before = [who for who, fact in board.turns if fact.index < start]
    after = [
        who for who, fact in board.turns if start < fact.index and (end is None or fact.index < end)
    ]
    return bool(before and after) and all(who == before[-1] for who in after)


def ended(board: Board, start: int, end: int | None = None) -> bool | None:
    """Whether the turn in force at the fact ``start`` is over by the fact ``end`` (None: open).

    Turns pass from one player to the other: a turn of the other player stated between means
    it is over; the same player's turn restated (nothing between) may be the same turn set
    again or a later one after an unstated turn of the other player, so it is open (None), as
    is a turn stated after a fact that no turn statement precedes. False: no turn is stated
    between.
    """
    before = [who for who, fact in board.turns if fact.index < start]
    after = [
        who for who, fact in board.turns if start < fact.index and (end is None or fact.index < end)
    ]
    if not after:
        return False
    if before and any(who != before[-1] for who in after):
        return True
    return None
