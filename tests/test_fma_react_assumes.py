"""FMA: a React judged with no character of the player stated says what it assumes."""

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


def test_a_react_with_no_character_stated_shows_its_assumption() -> None:
    """The yes rests on a character able to play the react: the answer says so, the other not."""
    situation = parse_situation(CASE.read_text(encoding="utf-8"), str(CASE))
    assumed, stated = evaluate(situation)
    assert assumed.answered
    assert any(
        "no character of yours is stated" in text and "only characters play" in text
        for text in assumed.graph.assumptions()
    ), assumed.graph.assumptions()
    assert not stated.answered
    assert not any("is stated" in text for text in stated.graph.assumptions())
