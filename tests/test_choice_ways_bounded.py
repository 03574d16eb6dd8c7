"""Unstated choices: the ways asked for one question, nested ones included, are bounded."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.engine import defaults, evaluate
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parent.parent
CASE = (
    ROOT
    / "tests"
    / "cases"
    / "choices"
    / "an-unstated-pick-from-the-draw-deck-that-changes-nothing-is-answered.rq"
)


def _first(path: Path) -> tuple[bool, str]:
    answer = evaluate(parse_situation(path.read_text(encoding="utf-8"), str(path)))[0]
    return answer.answered, answer.verdict.show() if answer.verdict is not None else answer.reason


def test_every_way_asked_within_the_bound_gives_the_answer() -> None:
    """Every way of the unstated pick gives yes: the answer is yes."""
    assert _first(CASE) == (True, "yes")


def test_ways_past_the_bound_are_not_tried_and_no_answer_rests_on_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no way left to ask, the pick is not tried: cannot answer, saying so."""
    monkeypatch.setattr(defaults, "NESTED_WAYS", 0)
    answered, reason = _first(CASE)
    assert not answered
    assert "not tried" in reason, reason
