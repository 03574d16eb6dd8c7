"""FMA: a react to a card whose play the situation never states shows that it assumes the play."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

CASE = (
    Path(__file__).resolve().parent
    / "cases"
    / "fma-reacts"
    / "a-react-to-a-card-whose-play-is-unstated-assumes-the-play.rq"
)


def _play_assumed(texts: list[str], name: str) -> bool:
    return any(f'the play of "{name}" is not stated' in text for text in texts)


def test_a_react_to_a_card_never_played_shows_the_play_it_assumes() -> None:
    """Unstated, each yes says it takes the card to be played; stated, none does."""
    situation = parse_situation(CASE.read_text(encoding="utf-8"), str(CASE))
    unstated, before_draw, stated = evaluate(situation)
    assert unstated.answered and _play_assumed(unstated.graph.assumptions(), "Loud Idea")
    assert before_draw.answered
    assert _play_assumed(before_draw.graph.assumptions(), "Two More")
    assert stated.answered
    assert not _play_assumed(stated.graph.assumptions(), "Loud Idea")
