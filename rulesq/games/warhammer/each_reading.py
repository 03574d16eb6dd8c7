"""Questions asked once for each way an unstated turn, or an unstated phase change, may be read.

Warhammer takes no default turn nor phase: a judging that needs one the situation does not
state is *cannot answer*. Where that is so, the question is asked again each way, and an
answer every way gives is given (with its reason, saying that either way gives it); one that
differs between them, or that a way leaves unanswered, stays *cannot answer*, naming the line
to write (as open sacrifice costs are asked each way: ``each_sacrifice``).

- The turn: no turn stated before the question, and the answer's reason says whose turn it is
  is not stated: asked with ``it is my turn``, then ``it is your turn``, written before the
  situation's first statement.
- A lasting effect "until the end of the phase" of a link resolved in a situation that states
  no phase at all (``combat_plays.ended``): asked with its phase taken to be over, then not.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer, RulesqError

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Situation

#: What a reason says when it rests on a turn no statement gives.
_NO_TURN = "whose turn"
#: The lines that state each turn, tried in turn.
TURN_LINES = ("it is my turn", "it is your turn")
#: Questions the board does not bear on.
_NOT_BOARD = ("deck_lists", "deck_legal")


def each_reading(ctx: Context, handler: Callable[[Context], Answer]) -> Answer:
    """The handler's answer, asked again each way an unstated turn or phase change may be."""
    answer = _asked(ctx, handler)
    if answer.answered or ctx.question.kind in _NOT_BOARD:
        return answer
    from rulesq.games.warhammer import combat_plays as P

    if P.PHASE_UNSTATED in answer.reason and P.PHASE_OVER.get() is None:
        return _phase_each_way(ctx, handler, answer)
    if _NO_TURN in answer.reason and not _turn_stated(ctx):
        return _turn_each_way(ctx, answer)
    return answer


def _asked(ctx: Context, handler: Callable[[Context], Answer]) -> Answer:
    """The handler's answer, showing under ``assumes:`` the phase it took a lasting effect in."""
    from rulesq.games.warhammer import combat_plays as P

    taken: list[str] = []
    token = P.PHASE_TAKEN.set(taken)
    try:
        answer = handler(ctx)
    except CannotAnswer as error:
        return ctx.cannot(str(error))
    finally:
        P.PHASE_TAKEN.reset(token)
    if answer.answered:
        for note in taken:
            answer.graph.absence(note, assumed=True)
    return answer


def _shown(answer: Answer | None) -> str:
    if answer is None or not answer.answered or answer.verdict is None:
        return "not answered"
    return answer.verdict.show()


def _phase_each_way(ctx: Context, handler: Callable[[Context], Answer], answer: Answer) -> Answer:
    """Asked with the phase of each such link taken to be over, then not."""
    from rulesq.engine.dispatch import Context as Fresh
    from rulesq.games.warhammer import combat_plays as P

    asked: list[tuple[str, Answer]] = []
    for over in (True, False):
        token = P.PHASE_OVER.set(over)
        try:
            again = _asked(
                Fresh(ctx.situation, ctx.question, ctx.game, {}, light=ctx.light), handler
            )
        finally:
            P.PHASE_OVER.reset(token)
        asked.append(("over" if over else "not over", again))
    verdicts = {_shown(again) for _, again in asked}
    if len(verdicts) == 1 and "not answered" not in verdicts:
        first = asked[0][1]
        why = _reasons([(f"if its phase is {way}", again.reason) for way, again in asked])
        return replace(
            first,
            reason=f"{why} (whether or not the phase a lasting effect resolved in is over: "
            f"{P.PHASE_UNSTATED}, and either way gives it)",
        )
    each = "; ".join(
        f"{_shown(again)} if its phase is {way}" + ("" if again.answered else f" ({again.reason})")
        for way, again in asked
    )
    return ctx.cannot(
        f"{P.PHASE_UNSTATED}, and whether the phase a lasting effect resolved in is over "
        f"decides the answer: {each} (say which phase it is: phase <name> before the link, and "
        "the phase after it if it changed)"
    )


def _reasons(ways: list[tuple[str, str]]) -> str:
    """The reason of a verdict every way gives: one, or each way's where they differ."""
    if len({reason for _, reason in ways}) == 1:
        return ways[0][1]
    return "; ".join(f"{reason} ({way})" for way, reason in ways)


def _turn_stated(ctx: Context) -> bool:
    return any(f.kind == "turn" for f in ctx.situation.facts_before(ctx.question))


def _turn_each_way(ctx: Context, answer: Answer) -> Answer:
    """Asked with each turn stated before the first statement: one verdict, or the first answer."""
    from rulesq.engine.dispatch import answer_question
    from rulesq.situation.restate import stated

    situation = ctx.situation
    position = situation.questions.index(ctx.question)
    facts = situation.facts_before(ctx.question)
    at = facts[0].span.line if facts else ctx.question.span.line
    asked: list[tuple[str, Answer | None]] = []
    for line in TURN_LINES:
        try:
            other: Situation | None = stated(situation, at, [line])
        except RulesqError:
            other = None
        if other is None:
            asked.append((line, None))
            continue
        again = answer_question(
            other, other.questions[position], ctx.game, {}, recheck_defaults=False
        )
        asked.append((line, again))
    verdicts = {_shown(again) for _, again in asked}
    if len(verdicts) > 1 or "not answered" in verdicts:
        return _turns_differ(answer, asked, at)
    line, first = asked[0]
    assert first is not None
    first.graph.unstate(line, at)  # a line stated to ask it is no fact of the situation
    why = _reasons(
        [(f"if {said}", _as_written(again.reason, at, said)) for said, again in asked if again]
    )
    return replace(
        first,
        question=ctx.question,
        reason=f"{why} (whichever turn it is: the situation does not "
        "say whose turn it is, and either turn gives it)",
    )


def _turns_differ(answer: Answer, asked: list[tuple[str, Answer | None]], at: int) -> Answer:
    """Cannot answer, with the verdict each turn gives (as phases are said: each way's)."""
    if all(again is None or not again.answered for _, again in asked):
        return answer
    each = "; ".join(
        f"{_shown(again)} if {line}"
        + ("" if again is None or again.answered else f" ({_as_written(again.reason, at, line)})")
        for line, again in asked
    )
    return replace(
        answer,
        reason=f"{answer.reason}; whose turn it is decides the answer: {each} (say whose turn "
        f"it is: {' or '.join(TURN_LINES)})",
    )


def _as_written(text: str, at: int, line: str) -> str:
    """A reason said of the situation with ``line`` written in at ``at``, said as written."""
    from rulesq.games.warhammer.each_sacrifice import Way, as_written

    return as_written(text, Way(None, ((at, line),)))


def bound(kind: str, target: str) -> Callable[[Context], Answer]:
    """The handler at ``target`` ("module:name"), asked each way of an unstated turn or phase."""
    from rulesq.games.warhammer.each_sacrifice import around

    return around(kind, target, each_reading, "an unstated turn or phase")


def _bind() -> None:
    """One handler per question of the game, named as its kind."""
    from rulesq.games.warhammer import TARGETS

    for kind in TARGETS:
        globals()[kind] = bound(kind, f"rulesq.games.warhammer.each_sacrifice:{kind}")


_bind()
