"""Blue Moon: a count of draws from the discard pile says it takes the pile to hold enough."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parent.parent
CASE = (
    ROOT
    / "tests"
    / "cases"
    / "hands"
    / "a-draw-from-the-discard-pile-takes-no-card-from-the-draw-deck-1.rq"
)
PILE = "the discard pile is taken to hold enough cards"


def _relied(text: str) -> list[str]:
    answers = evaluate(parse_situation(text, str(CASE)))
    return [" ".join(answer.graph.negatives()) for answer in answers]


def test_a_count_of_draws_from_the_discard_pile_relies_on_its_size() -> None:
    """The situation never gives the pile's size: the count of 3 rests on it, and says so."""
    relied = _relied(CASE.read_text(encoding="utf-8"))
    assert PILE in relied[1], relied[1]


def test_draws_from_the_draw_deck_alone_do_not_name_the_pile() -> None:
    """With no text drawing from the pile, the pile is not what the count rests on."""
    text = CASE.read_text(encoding="utf-8").replace('I play "Open Lucky Bag of Life"\n', "")
    relied = _relied(text)
    assert all(PILE not in r for r in relied), relied
