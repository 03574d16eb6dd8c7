"""Questions asked once for each way open sacrifice costs may have been paid, where none is stated.

A "Sacrifice a unit" cost is paid as its effect is triggered (Triggering a Card Effect), with a
unit of its payer's choice. Where he controls several and none is stated sacrificed, each may
be gone, and every reader of the cards in play (icons, grants, constant texts, totals, units
counted, defenders) would read them all as in play. So the question is asked again with each
choice stated (``I sacrifice "X"`` after the link), every open cost together (the units a
second cost may take are those the first left): an answer every way gives is given; one that
differs between them, or that a way leaves unanswered, is cannot answer, naming the lines to
write. Past ``WAYS`` ways, no answer may rest on them. A way's reason is said of the situation
as written: a line it names is numbered as written, and a line written in to ask it is quoted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from importlib import import_module
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer, RulesqError
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.cost_sacrifices import Payment
    from rulesq.situation.model import Situation

#: How a place left open by such a cost says so (``places``): asked each way too.
_MAY_BE_IT = "which unit its payer sacrificed is his choice, not stated"
#: Questions the board does not bear on.
_NOT_BOARD = ("deck_lists", "deck_legal")
#: At most this many ways (a unit for each open cost, together) are asked for one question;
#: past it, no answer may rest on them.
WAYS = 32
#: A line a reason names ("line 14 names …").
_LINE = compiled(r"\bline (\d+)\b")


@dataclass(frozen=True)
class Open:
    """A cost that sacrificed one of ``units``, which one not stated."""

    paid: Payment
    units: tuple[InPlay, ...]


@dataclass(frozen=True)
class Way:
    """One way the open costs may have been paid, each stated in the situation.

    ``situation``: the situation so made (None where a line cannot be stated); ``lines``: the
    statements written in, each with its line in that situation.
    """

    situation: Situation | None
    lines: tuple[tuple[int, str], ...]

    @property
    def label(self) -> str:
        """The way as a reason names it ("if I sacrifice "A" and I sacrifice "B"")."""
        return "if " + " and ".join(text for _, text in sorted(self.lines))


def open_sacrifices(board: Board) -> list[Open]:
    """The sacrifice costs stated paid whose unit is the payer's choice among several."""
    from rulesq.games.warhammer import cost_sacrifices as S
    from rulesq.games.warhammer import places as P

    out: list[Open] = []
    for paid in S.unpaid(board, lambda p: P.sacrifice_units(board, p)):
        left = tuple(c for c in P.sacrifice_units(board, paid) if P.in_play(board, c))
        if len(left) > 1:
            out.append(Open(paid, left))
    return out


def _line(paid: Payment, unit: InPlay, board: Board | None = None) -> str:
    """The statement that ``unit`` paid the cost: named with its board values where copies differ.

    Copies of its name on ``board`` written otherwise (``"X" (damage 1)`` beside ``"X"``) are
    told apart by repeating what its board line gave it (``copies``); copies written alike are
    named by the name alone (alike, either is the one; else no line tells them apart).
    """
    from rulesq.games.warhammer.copies import written

    who = "I" if paid.who == ME else "you"
    name = unit.name.replace("\\", "\\\\").replace('"', '\\"')
    given = written(unit.ref)[len(unit.ref.name) + 2 :]
    others = [] if board is None else [c for c in board.cards if c.name == unit.name]
    if given and any(written(c.ref) != written(unit.ref) for c in others):
        return f'{who} sacrifice "{name}"{given}'
    return f'{who} sacrifice "{name}"'


def each_way(ctx: Context, handler: Callable[[Context], Answer]) -> Answer:
    """The handler's answer, asked again each way open sacrifice costs may have been paid."""
    try:
        answer = handler(ctx)
    except CannotAnswer as error:
        answer = ctx.cannot(str(error))
    open_only = not answer.answered and _MAY_BE_IT in answer.reason
    if not (answer.answered or open_only) or ctx.question.kind in _NOT_BOARD:
        return answer
    from rulesq.games.warhammer.answers import _board

    try:
        board = _board(ctx)
    except CannotAnswer:
        return answer
    opened = open_sacrifices(board)
    if not opened:
        return answer
    return _compared(ctx, answer, board, opened)


def _what(opened: list[Open]) -> str:
    """The open costs, as a reason names them."""
    if len(opened) == 1:
        paid = opened[0].paid
        return (
            f'"{paid.name}" costs "{paid.cost}", paid as it was triggered: which unit its payer '
            "sacrificed is his choice, not stated"
        )
    costs = " and ".join(f'"{o.paid.name}" costs "{o.paid.cost}"' for o in opened)
    return (
        f"{costs}, each paid as it was triggered: which units were sacrificed is their "
        "payers' choice, not stated"
    )


def ways(situation: Situation, position: int, board: Board, first: list[Open]) -> list[Way] | None:
    """Each way the open costs may have been paid, in order; None past ``WAYS`` ways.

    The first open cost (``first``: those of ``situation``, read on ``board``) is stated each
    way; in each situation so made the next open cost is, and so on: a cost that one unit
    alone is left to pay is paid with it, stated by no line (the board reads it so). Costs
    alike (one payer, one card, one cost) are paid with the same units whichever pays which:
    the later of two takes a unit after the earlier's on the board, so each set is asked once;
    copies of one name are stated by the same line, asked once.
    """
    from rulesq.games.warhammer.situation import read_board
    from rulesq.situation.restate import stated

    out: list[Way] = []

    def down(way: Way, board: Board, opened: list[Open], taken: dict[tuple[str, ...], int]) -> bool:
        if not opened or way.situation is None:
            out.append(way)
            return len(out) <= WAYS
        choice = opened[0]
        at = choice.paid.fact.span.line + 1
        key = (choice.paid.who, choice.paid.name, choice.paid.cost, choice.paid.race)
        said: set[str] = set()
        for unit in choice.units:
            index = next(n for n, c in enumerate(board.cards) if c is unit)
            line = _line(choice.paid, unit, board)
            if index <= taken.get(key, -1) or line in said:
                continue  # a way asked already: the costs swapped, or a copy of the same name
            said.add(line)
            moved = tuple((n + 1 if n >= at else n, text) for n, text in way.lines)
            try:
                other: Situation | None = stated(way.situation, at, [line])
            except RulesqError:
                other = None
            nested: list[Open] = []
            read = board
            if other is not None:
                try:
                    read = read_board(other, other.facts_before(other.questions[position]))
                    nested = open_sacrifices(read)
                except RulesqError:
                    nested = []
            if not down(Way(other, (*moved, (at, line))), read, nested, {**taken, key: index}):
                return False
        return True

    return out if down(Way(situation, ()), board, first, {}) else None


def as_written(text: str, way: Way) -> str:
    """A reason said of a way's situation, said of the situation as written.

    A line it names after the lines written in is numbered as written; a line written in
    to ask it is quoted instead.
    """
    inserted = dict(way.lines)

    def written(found: re.Match[str]) -> str:
        number = int(found.group(1))
        if number in inserted:
            return f"the line '{inserted[number]}' (written in to ask it)"
        return f"line {number - sum(1 for n in inserted if n < number)}"

    return _LINE.sub(written, text)


def _compared(ctx: Context, answer: Answer, board: Board, opened: list[Open]) -> Answer:
    """The answer each way of the open sacrifices gives: the same verdict, or cannot answer."""
    from rulesq.engine.defaults import readable_ways
    from rulesq.engine.dispatch import answer_question

    position = ctx.situation.questions.index(ctx.question)
    what = _what(opened)
    found = ways(ctx.situation, position, board, opened)
    if found is None:
        return ctx.cannot(
            f"{what}, and the ways they may have been paid are more than {WAYS}, too many to "
            "try: no answer may rest on them (state the unit each paid with after its link, "
            f'e.g., {_line(opened[0].paid, opened[0].units[0])} after "{opened[0].paid.name}")'
        )
    asked: list[tuple[str, Way, Answer | None]] = []
    for way in found:
        other = way.situation
        if other is None:
            asked.append(("not answered", way, None))
            continue
        again = answer_question(
            other, other.questions[position], ctx.game, {}, recheck_defaults=False
        )
        shown = again.verdict.show() if again.answered and again.verdict is not None else None
        asked.append((shown or "not answered", way, again))
    verdicts = {shown for shown, _, _ in asked}
    say = "state it" if len(opened) == 1 else "state them"
    hint = ", ".join(text for _, text in sorted(found[0].lines))
    if len(verdicts) > 1 or "not answered" in verdicts:
        each = readable_ways([(shown, _path(way, again)) for shown, way, again in asked])
        return ctx.cannot(f"{what}, and it decides the answer: {each} ({say}: {hint}, or another)")
    _, way, first = asked[0]
    assert first is not None and first.verdict is not None
    if answer.verdict is not None and first.verdict.show() == answer.verdict.show():
        return answer
    for line, text in sorted(way.lines, reverse=True):
        first.graph.unstate(text, line)  # a line stated to ask it is no fact of the situation
    whichever = "whichever unit it was" if len(opened) == 1 else "whichever units they were"
    return replace(
        first,
        question=ctx.question,
        reason=f"{as_written(first.reason, way)} ({whichever}: {what}, and every choice gives it)",
    )


def _path(way: Way, again: Answer | None) -> str:
    """A way as a reason lists it; one not answered says why, of the situation as written."""
    if again is None:
        return f"{way.label} (it cannot be stated there)"
    if again.answered:
        return way.label
    return f"{way.label} ({as_written(again.reason, way)})"


def around(
    kind: str,
    target: str,
    asking: Callable[[Context, Callable[[Context], Answer]], Answer],
    of_what: str,
) -> Callable[[Context], Answer]:
    """The handler at ``target`` ("module:name"), asked through ``asking``: each way of ``of_what``.

    The handler is imported when first asked; the one made is named as its kind.
    """

    def handler(ctx: Context) -> Answer:
        module, name = target.split(":")
        found: Callable[[Context], Answer] = getattr(import_module(module), name)
        return asking(ctx, found)

    handler.__name__ = handler.__qualname__ = kind
    handler.__doc__ = f"``{kind}``, asked each way of {of_what}: see the module."
    return handler


def bound(kind: str, target: str) -> Callable[[Context], Answer]:
    """The handler at ``target`` ("module:name"), asked each way of an open sacrifice."""
    return around(kind, target, each_way, "an open sacrifice cost")


def _bind() -> None:
    """One handler per question of the game, named as its kind."""
    from rulesq.games.warhammer import TARGETS

    for kind, target in TARGETS.items():
        globals()[kind] = bound(kind, target)


_bind()
