"""Blue Moon: a count of draws from a draw deck of unstated size shows that it rests on it."""

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
    / "a-draw-from-a-draw-deck-of-unstated-size-shows-what-it-takes.rq"
)
DECK = "the draw deck is taken to hold enough cards"
HAND = "I have 3 cards in hand\n"


def _answers(text: str) -> list[Answer]:
    return list(evaluate(parse_situation(text, str(CASE))))


def _shown(answer: Answer) -> list[str]:
    return [t for t in answer.graph.assumptions() if t.startswith(DECK)]


def test_a_count_of_draws_from_a_deck_of_unstated_size_shows_what_it_takes() -> None:
    """Not only among the negatives (``--explain``): under assumes, naming the line to write."""
    unstated, stated = _answers(CASE.read_text(encoding="utf-8"))
    assert unstated.verdict == Number(3)
    assert DECK in " ".join(unstated.graph.negatives())
    assert [t for t in _shown(unstated) if "write, e.g., my draw deck has 3 cards" in t]
    assert stated.verdict == Number(1)  # the assumption decides: a deck of 1 gives 1
    assert not _shown(stated)


def test_a_deck_that_surely_holds_the_cards_is_not_shown() -> None:
    """A deck of 10 cards, refreshed from for a hand of unstated size, holds at least 4: the 3
    drawn rest on no assumption, so none is shown (it is among the negatives still); one of 8
    holds at least 2, and the third card is not known to be there: no answer."""
    text = CASE.read_text(encoding="utf-8").split("ask ", 1)[0].replace("phase Character\n", "")
    for size, count in ((10, Number(3)), (8, None)):
        known = text.replace(HAND, "") + (
            f"my draw deck has {size} cards\nphase Refresh Hand\nmy turn ends\nit is my turn\n"
            "phase Character\n" + HAND + "ask how many cards do I draw?\n"
        )
        (answer,) = _answers(known)
        assert answer.verdict == count, (size, answer.reason)
        assert not _shown(answer), size
        if count is not None:
            assert DECK in " ".join(answer.graph.negatives())
