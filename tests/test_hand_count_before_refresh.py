"""A hand counted while its refresh is due says that the count is the one before the refresh."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine.dispatch import evaluate
from rulesq.games.bluemoon.judge.answers_hands import BEFORE_REFRESH
from rulesq.situation import parse_situation, read_situation

CASE = (
    Path(__file__).parent
    / "cases"
    / "hands"
    / "a-hand-counted-as-the-fight-ends-is-the-count-before-its-refresh.rq"
)
SHOWN = BEFORE_REFRESH.split("(", 1)[0]


def test_a_hand_counted_as_the_fight_ends_says_it_is_before_the_refresh() -> None:
    count, refresh = evaluate(read_situation(CASE))
    assert count.verdict is not None and count.verdict.show() == "3"
    assert any(text.startswith(SHOWN) for text in count.graph.assumptions())
    assert refresh.verdict is not None and refresh.verdict.show() == "6"


def test_a_hand_counted_with_no_refresh_due_assumes_no_refresh() -> None:
    text = CASE.read_text(encoding="utf-8").replace("the fight ends\n", "phase Character\n")
    count = evaluate(parse_situation(text, str(CASE)))[0]
    assert count.verdict is not None and count.verdict.show() == "3"
    assert not any(t.startswith(SHOWN) for t in count.graph.assumptions())
