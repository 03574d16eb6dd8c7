"""FMA: a React judged with no character of the player stated: open with a cost, else assumed."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

CASE = (
    Path(__file__).resolve().parent
    / "cases"
    / "fma-reacts"
    / "a-named-leader-who-cannot-play-is-no-sure-player-of-a-react.rq"
)


def test_a_react_with_no_character_stated_is_open_or_shows_its_assumption() -> None:
    """A cost no stated character is sure to pay is open; with none, the yes says its assumption."""
    situation = parse_situation(CASE.read_text(encoding="utf-8"), str(CASE))
    costed, free, bare_leader, stated, defeated = evaluate(situation)
    assert not costed.answered
    assert not any("is stated" in text for text in costed.graph.assumptions())
    assert free.answered
    assert any(
        "no character of yours is stated" in text and "only characters play" in text
        for text in free.graph.assumptions()
    ), free.graph.assumptions()
    assert not bare_leader.answered
    assert stated.answered
    assert not any("is stated" in text for text in stated.graph.assumptions())
    assert defeated.answered
    assert any(
        "names every character of yours in play" in text for text in defeated.graph.assumptions()
    ), defeated.graph.assumptions()
