"""Blue Moon: a count of draws from the discard pile rests on the pile's size, stated or not."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import Answer, Number, evaluate
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
PLAY = 'I play "Open Lucky Bag of Life"\n'


def _answers(text: str) -> list[Answer]:
    return list(evaluate(parse_situation(text, str(CASE))))


def test_a_count_of_draws_from_a_pile_of_unstated_size_shows_what_it_takes() -> None:
    """The situation never gives the pile's size: the count of 3 rests on it, shows it under
    assumes and names the line that would state it."""
    count = _answers(CASE.read_text(encoding="utf-8"))[1]
    assert PILE in " ".join(count.graph.negatives())
    assert any("my discard pile has 3 cards" in t for t in count.graph.assumptions())


def test_the_pile_size_stated_gives_the_count_held_to_it() -> None:
    """Stated before the play, the pile's size holds the draw to its cards (perturbed: 2, 5, 0),
    and nothing is assumed of it."""
    text = CASE.read_text(encoding="utf-8")
    for size, drawn in ((2, 2), (5, 3), (0, 0)):
        stated = text.replace(PLAY, f"my discard pile has {size} cards\n{PLAY}")
        count = _answers(stated)[1]
        assert count.verdict == Number(drawn), (size, count.reason)
        assert PILE not in " ".join(count.graph.negatives()), size


def test_draws_from_the_draw_deck_alone_do_not_name_the_pile() -> None:
    """With no text drawing from the pile, the pile is not what the answers rest on."""
    text = CASE.read_text(encoding="utf-8").replace(PLAY, "")
    for answer in _answers(text):
        relied = " ".join([*answer.graph.negatives(), *answer.graph.assumptions()])
        assert PILE not in relied, relied
