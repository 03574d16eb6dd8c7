"""A default's re-ask asks a question of a situation made to ask again once, not twice.

A way of an unstated choice is asked plainly, then through the re-ask that tries the choices
it meets: the same question of the very same situation (``rulesq.engine.dispatch.asked_once``).
Over every Blue Moon situation file the answers are compared with those of asking each time
(``ASKED_ONCE`` off), the judgings saved are counted, and the memo's key is shown to keep
apart the questions that must not share an answer.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rulesq.engine import dispatch
from rulesq.engine.answer import Answer
from rulesq.engine.check import check_file
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parents[1]
BLUE_MOON = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
INVENTED = sorted(
    p for p in (ROOT / "tests" / "cases").rglob("*.rq") if "bluemoon" in p.read_text()
)


def _said(answer: Answer) -> tuple[object, ...]:
    verdict = answer.verdict.show() if answer.verdict is not None else None
    return answer.status, verdict, answer.reason, answer.decided_by, answer.deciding_card


def _checked(monkeypatch: pytest.MonkeyPatch, once: bool) -> tuple[list[Any], int]:
    """Every file's result, reason and answers, and how many judgings it took."""
    monkeypatch.setattr(dispatch, "ASKED_ONCE", once)
    real = dispatch._answer
    count = [0]

    def counted(*args: Any, **kwargs: Any) -> Answer:
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(dispatch, "_answer", counted)
    said = []
    for path in BLUE_MOON + INVENTED:
        checked = check_file(path)
        said.append(
            (
                path.name,
                checked.result,
                checked.reason,
                [_said(q.answer) for q in checked.questions],
            )
        )
    monkeypatch.undo()
    return said, count[0]


def test_asking_once_changes_no_answer_and_saves_judgings(monkeypatch: pytest.MonkeyPatch) -> None:
    once, fewer = _checked(monkeypatch, True)
    each, more = _checked(monkeypatch, False)
    assert once == each
    # BM-Q147, BM-Q197, BM-Q371b and others: a way of a choice, asked plainly, then again
    assert more - fewer >= 17, (more, fewer)


def test_the_memo_keeps_apart_questions_that_must_not_share_an_answer() -> None:
    text = (
        "game bluemoon\n"
        'I play "Blaze"\n'
        'ask can I play "Summon Sorcerer"?\n'
        'ask can I play "Volcanic Gauntlets"?\n'
    )
    situation = parse_situation(text, "<memo>")
    first, second = situation.questions
    made: list[str] = []

    def answering(name: str) -> Any:
        def answer() -> Answer:
            made.append(name)
            return object()  # type: ignore[return-value]

        return answer

    memo: dict[str, Any] = {}
    one = dispatch.asked_once(memo, first, answering("first"))
    assert dispatch.asked_once(memo, first, answering("first again")) is one
    other = dispatch.asked_once(memo, second, answering("second"))
    assert other is not one
    # The same place in another situation made to ask again: another question, asked anew.
    twin = replace(first)
    assert twin.index == first.index and twin is not first
    assert dispatch.asked_once(memo, twin, answering("twin")) is not one
    # Another situation's memo shares nothing.
    assert dispatch.asked_once({}, first, answering("elsewhere")) is not one
    assert made == ["first", "second", "twin", "elsewhere"]
