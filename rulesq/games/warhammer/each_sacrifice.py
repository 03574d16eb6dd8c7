"""Questions asked once for each unit a cost may have sacrificed, where none is stated.

A "Sacrifice a unit" cost is paid as its effect is triggered (Triggering a Card Effect), with a
unit of its payer's choice. Where he controls several and none is stated sacrificed, each may
be gone, and every reader of the cards in play (icons, grants, constant texts, totals, units
counted, defenders) would read them all as in play. So the question is asked again with each
choice stated (``I sacrifice "X"`` after the link): an answer every choice gives is given; one
that differs between them is cannot answer, naming the line to write.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib import import_module
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer, RulesqError
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.cost_sacrifices import Payment

#: How a place left open by such a cost says so (``places``): asked each way too.
_MAY_BE_IT = "which unit its payer sacrificed is his choice, not stated"
#: Questions the board does not bear on.
_NOT_BOARD = ("deck_lists", "deck_legal")


@dataclass(frozen=True)
class Open:
    """A cost that sacrificed one of ``units``, which one not stated."""

    paid: Payment
    units: tuple[InPlay, ...]


def open_sacrifices(board: Board) -> list[Open]:
    """The sacrifice costs stated paid whose unit is the payer's choice among several."""
    from rulesq.games.warhammer import cost_sacrifices as S
    from rulesq.games.warhammer import places as P

    out: list[Open] = []
    for paid in S.payments(board):
        units = [
            c
            for c in board.cards
            if P.controller(c) == paid.who
            and not c.facedown
            and P.base_kinds(c) == {"unit"}
            and c.zone is not None
            and c.card is not None
            and (not paid.race or str(c.card.fields.get("race") or "").casefold() == paid.race)
        ]
        if S.stated(board, paid, units):
            continue
        left = tuple(c for c in units if P.in_play(board, c))
        if len(left) > 1:
            out.append(Open(paid, left))
    return out


def _line(paid: Payment, unit: InPlay) -> str:
    who = "I" if paid.who == ME else "you"
    name = unit.name.replace("\\", "\\\\").replace('"', '\\"')
    return f'{who} sacrifice "{name}"'


def each_way(ctx: Context, handler: Callable[[Context], Answer]) -> Answer:
    """The handler's answer, asked again with each unit an open sacrifice cost may have taken."""
    try:
        answer = handler(ctx)
    except CannotAnswer as error:
        answer = ctx.cannot(str(error))
    open_only = not answer.answered and _MAY_BE_IT in answer.reason
    if not (answer.answered or open_only) or ctx.question.kind in _NOT_BOARD:
        return answer
    from rulesq.games.warhammer.answers import _board

    try:
        opened = open_sacrifices(_board(ctx))
    except CannotAnswer:
        return answer
    if not opened:
        return answer
    return _compared(ctx, answer, opened[0])


def _compared(ctx: Context, answer: Answer, choice: Open) -> Answer:
    """The answer each way of one open sacrifice gives: the same verdict, or cannot answer."""
    from rulesq.engine.dispatch import answer_question
    from rulesq.situation.restate import stated

    position = ctx.situation.questions.index(ctx.question)
    at = choice.paid.fact.span.line + 1
    ways: list[tuple[str, str, Answer | None]] = []
    for unit in choice.units:
        line = _line(choice.paid, unit)
        try:
            other = stated(ctx.situation, at, [line])
        except RulesqError:
            ways.append(("not answered", line, None))
            continue
        again = answer_question(
            other, other.questions[position], ctx.game, {}, recheck_defaults=False
        )
        shown = again.verdict.show() if again.answered and again.verdict is not None else None
        ways.append((shown or "not answered", line, again))
    verdicts = {shown for shown, _, _ in ways}
    what = (
        f'"{choice.paid.name}" costs "{choice.paid.cost}", paid as it was triggered: which unit '
        "its payer sacrificed is his choice, not stated"
    )
    if len(verdicts) > 1 or "not answered" in verdicts:
        each = "; ".join(f"{shown} if {line}" for shown, line, _ in ways)
        return ctx.cannot(
            f"{what}, and it decides the answer: {each} (state it: {ways[0][1]}, or another)"
        )
    first = ways[0][2]
    assert first is not None and first.verdict is not None
    if answer.verdict is not None and first.verdict.show() == answer.verdict.show():
        return answer
    first.graph.unstate(ways[0][1], at)  # the line stated to ask it is no fact of the situation
    return replace(
        first,
        question=ctx.question,
        reason=f"{first.reason} (whichever unit it was: {what}, and every choice gives it)",
    )


def bound(kind: str, target: str) -> Callable[[Context], Answer]:
    """The handler at ``target`` ("module:name"), asked each way of an open sacrifice."""

    def handler(ctx: Context) -> Answer:
        module, name = target.split(":")
        found: Callable[[Context], Answer] = getattr(import_module(module), name)
        return each_way(ctx, found)

    handler.__name__ = handler.__qualname__ = kind
    handler.__doc__ = f"``{kind}``, asked each way of an open sacrifice cost: see the module."
    return handler


def _bind() -> None:
    """One handler per question of the game, named as its kind."""
    from rulesq.games.warhammer import TARGETS

    for kind, target in TARGETS.items():
        globals()[kind] = bound(kind, target)


_bind()
