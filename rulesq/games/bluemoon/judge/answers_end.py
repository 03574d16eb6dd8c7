"""Questions about the end: ``does the turn/fight/game end?``, ``who wins the game?``, the score."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number, Word
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon.judge import game_end
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

ENDINGS = {"turn": game_end.turn_ends, "fight": game_end.fight_ends, "game": game_end.game_ends}


def ends(ctx: Context) -> Answer:
    """Answer ``does the turn/fight/game end?``."""
    view = View(ctx)
    view.refuse_unread()
    period = str(ctx.question.param("period", "")).lower()
    judge = ENDINGS.get(period)
    if judge is None:
        raise CannotAnswer(f'"{period}" is not a turn, a fight or a game')
    return view.yes_no(judge(view.forces))


def winner(ctx: Context) -> Answer:
    """Answer ``who wins the game?``."""
    view = View(ctx)
    view.refuse_unread()
    win = game_end.winner(view.forces)
    return view.answer(Word(win.who), win.ruling)


def score(ctx: Context) -> Answer:
    """Answer ``how many crystals does the winner score?``."""
    view = View(ctx)
    view.refuse_unread()
    points, win = game_end.score(view.forces)
    ruling = win.ruling
    ruling.reason = (
        f"the winner scores one crystal plus one per dragon on his side, "
        f"{win.dragons}: {points} ({ruling.reason})"
    )
    ruling.cite(R.SCORE, R.SCORE_NO_FOURTH_DRAGON)
    return view.answer(Number(points), ruling)
