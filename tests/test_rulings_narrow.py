"""Asking only the questions the cards' texts touch writes the rulings of asking every one.

``rulesq.narrow`` leaves out a question when a card in it is neither named by the question nor
has a text of a kind that touches it (``[touch]`` in ``corpus/bluemoon/rulings.toml``). Here,
for seeded random pairs and triples and some FAQ cases' cards, the rulings written both ways
are the same; ``bench/compare_narrow.py`` measures it over 300 pairs and every FAQ case.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from compare_narrow import written  # noqa: E402  (what a document's rulings say)

from rulesq.corpus import load_corpus  # noqa: E402
from rulesq.corpus.models import Card  # noqa: E402
from rulesq.narrow import touch_table  # noqa: E402
from rulesq.rulings import write_rulings  # noqa: E402

GAME = "bluemoon"


def _cards() -> list[Card]:
    corpus = load_corpus(GAME)
    return sorted(
        (c for c in corpus.cards.values() if c.text and c.text.strip()), key=lambda c: c.name
    )


def _sets() -> list[tuple[str, ...]]:
    cards = _cards()
    rng = random.Random(2026)
    sets = [tuple(c.name for c in rng.sample(cards, 2)) for _ in range(6)]
    sets.append(tuple(c.name for c in rng.sample(cards, 3)))
    # FAQ cases' cards: a prohibition and its target, a triple of an FAQ case.
    sets += [("Laughing Gas", "Pandemonium"), ("Laughing Gas", "Pandemonium", "Tittertweet")]
    return sets


@pytest.mark.parametrize("names", _sets(), ids=" + ".join)
def test_narrowed_rulings_are_those_of_every_question(names: tuple[str, ...]) -> None:
    corpus = load_corpus(GAME)
    cards = [corpus.card(name) for name in names]
    narrow = write_rulings(GAME, cards)
    every = write_rulings(GAME, cards, narrow=False)
    assert written(narrow) == written(every)
    assert narrow.asked + narrow.untouched >= every.asked
    assert every.untouched == 0


def test_narrowing_leaves_questions_out() -> None:
    """The table is there, and it leaves out most questions of many cards."""
    assert touch_table(GAME)
    cards = _cards()[:12]
    narrow = write_rulings(GAME, cards)
    assert narrow.untouched > narrow.asked
