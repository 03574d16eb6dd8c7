"""Whether a situation's answers may quote every given card: its questions answered once.

A ruling about some cards quotes a text of each (``rulesq.rulings``). Answering a question
takes one judging, then, when the answer rests on a default (no turn, no phase, a card's
unknown icons), one more for each turn, phase or icon tried: those can only turn the answer
into *cannot answer* (or a conflict is a conflict already); they never change which texts it
quotes. So the first judging of each question tells whether any answer can be a ruling about
the cards; when none can, the defaults need not be tried at all.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rulesq.engine.answer import Status
from rulesq.errors import RulesqError

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.situation.model import Situation


def may_quote(
    text: str,
    quotes: Callable[[Answer], bool],
    cannot: bool = True,
    read: dict[str, tuple[Situation, dict[int, Answer]]] | None = None,
) -> bool:
    """Whether some answer of the situation may be one ``quotes`` accepts, or is not one.

    A conflict is kept in any case, and so is a question it cannot answer (an open question
    says why) unless ``cannot`` is False. When True, the situation read and the answers
    judged (by question index) are left in ``read`` (by its text), for its answers in full.

    Each question is judged once, without the defaults asked again. True also when that
    cannot tell: the text does not read, a question raises, or a question is one a supposed
    play raises (whether it is asked depends on the play's whole answer).
    """
    from rulesq.situation import parse_situation

    try:
        situation = parse_situation(text, "<ruling>")
    except (RulesqError, ValueError):
        return True
    judged: dict[int, Answer] = {}
    if _may_quote(situation, quotes, cannot, judged):
        if read is not None:
            read[text] = (situation, judged)
        return True
    return False


def _may_quote(
    situation: Situation, quotes: Callable[[Answer], bool], cannot: bool, judged: dict[int, Answer]
) -> bool:
    """``may_quote`` of a situation read; each answer judged is added to ``judged``."""
    from rulesq.engine.dispatch import answer_question
    from rulesq.games import get_game

    if any(question.supposed is not None for question in situation.questions):
        return True
    try:
        game = get_game(situation.game)
        memo: dict[str, Any] = {}
        for question in situation.questions:
            answer = answer_question(situation, question, game, memo, recheck_defaults=False)
            judged[question.index] = answer
            if answer.status is Status.CONFLICT or (cannot and answer.status is Status.CANNOT):
                return True
            if answer.answered and quotes(answer):
                return True
    except (RulesqError, ValueError):
        judged.clear()
        return True
    return False


def quotes_all(answer: Answer, names: Sequence[str]) -> bool:
    """Whether a text of every named card is quoted in the answer's derivation."""
    quoted = {effect.get("card") for effect in answer.graph.effects()}
    return all(name in quoted for name in names)


@functools.lru_cache(maxsize=4096)
def first_verdicts(text: str) -> tuple[str | None, ...] | None:
    """The verdict of each question of the situation at its first judging (None: not answered).

    Asked in full, a question has that verdict or none (*cannot answer*). None when that
    cannot tell (as ``may_quote``): the text does not read, a question raises, or one is
    raised by a supposed play.
    """
    from rulesq.engine.dispatch import answer_question
    from rulesq.games import get_game
    from rulesq.situation import parse_situation

    try:
        situation = parse_situation(text, "<ruling>")
        if any(question.supposed is not None for question in situation.questions):
            return None
        game = get_game(situation.game)
        memo: dict[str, Any] = {}
        out = []
        for question in situation.questions:
            answer = answer_question(situation, question, game, memo, recheck_defaults=False)
            shown = answer.verdict.show() if answer.answered and answer.verdict else None
            out.append(shown)
    except (RulesqError, ValueError):
        return None
    return tuple(out)
