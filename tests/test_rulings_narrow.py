"""Asking only the questions the cards' texts touch writes the rulings of asking every one.

``rulesq.narrow`` leaves out a question when a card in it is neither named by the question nor
has a text of a kind that touches it (``[touch]`` in ``corpus/bluemoon/rulings.toml``). Here,
for seeded random pairs and triples and some FAQ cases' cards, the rulings written both ways
are the same; ``bench/compare_narrow.py`` measures it over 300 pairs and every FAQ case.
"""

from __future__ import annotations

import functools
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


def test_a_question_reads_the_cards_it_names_and_those_placed_where_their_text_is_in_force() -> (
    None
):
    """A card only held in a hand, discarded or bluffed before a question is not read by it."""
    from rulesq.narrow import reads

    text = (
        "game bluemoon\n"
        'I have in hand "Tittertweet", "Ember"\n'
        'I discard "Tittertweet"\n'
        'I have "Flitterflutter" as a bluff card\n'
        'I have active "Pandemonium"\n'
        'ask can I play "Laughing Gas"?\n'
        'I play "Ember"\n'
        'ask can I discard "Flitterflutter"?\n'
    )
    first, second = reads(text, GAME)
    assert first == ("can_play", {"Laughing Gas"}, {"Laughing Gas", "Pandemonium"})
    assert second[2] == {"Flitterflutter", "Pandemonium", "Ember"}


def _fillings_read_in_part() -> list[tuple[str, tuple[str, ...], int]]:
    """Seeded fillings of the case shapes in which some question does not read every card.

    Each with the index of such a question: the questions narrowing relies on not quoting a
    card they do not read.
    """
    from rulesq.narrow import reads
    from rulesq.rulings import shape_settings
    from rulesq.shapes import family, load_shapes

    settings = shape_settings(GAME)
    assert settings is not None
    cards = _cards()
    rng = random.Random(14)
    out = []
    for shape in load_shapes(GAME, *settings):
        partial = [
            n
            for n, (_, _, read) in enumerate(reads(shape.fill_names(shape.owns[0]), GAME))
            if not read.issuperset(shape.owns[0])
        ]
        if not partial:
            continue
        slots = [[c for c in cards if family(c.type) == kind] for kind in shape.families]
        for _ in range(4):
            chosen = [rng.choice(slot) for slot in slots if slot]
            if len(chosen) == len(slots) and len({c.name for c in chosen}) == len(chosen):
                out.append((shape.fill(chosen), tuple(c.name for c in chosen), partial[0]))
    return out


def test_an_answer_quotes_no_card_its_question_does_not_read() -> None:
    """The premise of narrowing by what a question reads, on seeded shape fillings.

    Every answer of a situation quotes texts only of the cards its question reads
    (``rulesq.narrow.reads``): a card held in a hand, discarded or bluffed, and not named.
    """
    from rulesq.narrow import reads
    from rulesq.rulings import _evaluate

    checked = 0
    for text, names, _ in _fillings_read_in_part():
        for answer, (_, _, read) in zip(_evaluate(text), reads(text, GAME), strict=True):
            quoted = {str(effect.get("card")) for effect in answer.graph.effects()}
            assert quoted & set(names) <= read, (text, answer.question.text)
            checked += 1
    assert checked > 100


def test_a_cards_stated_icons_stay_with_that_card_in_its_shape() -> None:
    """An icon statement read from one card's FAQ answer is not a slot other cards fill.

    Filled with another card, "X" has no PROTECTED icon would state, unread, a fact about it.
    """
    from rulesq.rulings import shape_settings
    from rulesq.shapes import load_shapes

    settings = shape_settings(GAME)
    assert settings is not None
    stated = [
        line
        for shape in load_shapes(GAME, *settings)
        for line in shape.text.splitlines()
        if " has no " in line and line.endswith(" icon")
    ]
    assert stated, "no case shape states a card's icons"
    assert all("{c" not in line for line in stated), stated


def _seeded_items(count: int, seed: int) -> list[tuple[str, tuple[str, ...], str]]:
    """Seeded questions of every card as narrowing by ``[touch]`` alone keeps them.

    Each as (situation text, its cards by slot, the shape: a template's title or a case's
    name); the FAQ cases' own fillings of every shape come first.
    """
    from rulesq.narrow import touch_table
    from rulesq.rulings import Rulings, _fillings, questions, shape_settings
    from rulesq.shapes import load_shapes

    cards = _cards()
    found = Rulings(GAME, [card.name for card in cards])
    settings = shape_settings(GAME)
    assert settings is not None
    shapes = load_shapes(GAME, *settings)
    sets = frozenset(frozenset(own) for shape in shapes for own in shape.owns)
    owns = [(shape.fill_names(own), own, shape.case) for shape in shapes for own in shape.owns]
    rng = random.Random(seed)
    made: list[tuple[str, tuple[str, ...], str]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("rulesq.narrow.slot_table", lambda game: {})
        for template, a, _, text in questions(GAME, cards, [], found, []):
            if template.keep == "quotes-a":
                made.append((text, (a.name,), template.title))
        for shape in shapes:
            for chosen in _fillings(GAME, shape, cards, touch_table(GAME), sets, found):
                made.append((shape.fill(chosen), tuple(c.name for c in chosen), shape.case))
    return owns + rng.sample(made, count)


def test_a_question_the_slots_leave_out_quotes_no_card_set_in_full() -> None:
    """The premise of ``[slots]``: a question whose first judging quotes every card in it
    (a ruling's condition) has cards of the kinds the table lists for their slots.

    Over seeded questions of every card (and each FAQ case's own cards); were the table
    learned from too few questions, or the judge changed since, this finds a question it
    would wrongly leave out (relearn it: ``python bench/learn_slots.py``).
    """
    from rulesq.narrow import fits, slot_table
    from rulesq.quotes import may_quote, quotes_all

    corpus = load_corpus(GAME)
    table = slot_table(GAME)
    assert table, "rulings.toml lists no [slots]"
    quoted = wrong = 0
    for text, names, shape in _seeded_items(400, 2027):
        if may_quote(text, functools.partial(quotes_all, names=names), cannot=False):
            quoted += 1
            cards = [corpus.card(name) for name in names]
            if not all(fits(GAME, table, shape, n, card) for n, card in enumerate(cards)):
                wrong += 1
                print("left out:", shape, names)
    assert quoted > 50
    assert wrong == 0


def test_a_question_asked_no_further_gives_no_ruling() -> None:
    """A question whose first judging quotes no card set in full gives no ruling asked in full.

    ``rulesq.quotes.may_quote`` judges each question once, without the defaults asked
    again: those can only make an answer *cannot answer*, never quote another text.
    """
    from rulesq.quotes import may_quote, quotes_all
    from rulesq.rulings import Ruling, _evaluate, _keep_situation

    corpus = load_corpus(GAME)
    checked = 0
    for text, names, _ in _seeded_items(60, 2028)[-60:]:
        cards = [corpus.card(name) for name in names]
        if len(names) < 2 or may_quote(text, functools.partial(quotes_all, names=names)):
            continue
        kept = _keep_situation(text, _evaluate(text), cards, own=False)
        assert not [k for k in kept if isinstance(k, Ruling)], text
        checked += 1
    assert checked > 10


def test_a_question_asked_in_full_keeps_its_first_verdict_or_has_none() -> None:
    """The premise of ``rulesq.quotes.first_verdicts``: asking the defaults again (turn,
    phase, icons) only ever takes a verdict away, never gives another one.

    Over seeded questions and the same situations without one of their cards.
    """
    from rulesq.quotes import first_verdicts
    from rulesq.rulings import _evaluate
    from rulesq.shapes import without

    corpus = load_corpus(GAME)
    texts = []
    for text, names, _ in _seeded_items(40, 2029)[-40:]:
        texts.append(text)
        less = without(text, corpus.card(names[0]))
        if less is not None:
            texts.append(less)
    compared = taken = 0
    for text in texts:
        first = first_verdicts(text)
        if first is None:
            continue
        full = _evaluate(text)
        assert len(full) == len(first)
        for answer, verdict in zip(full, first, strict=True):
            if answer.answered and answer.verdict is not None:
                assert verdict == answer.verdict.show(), (text, answer.question.text)
            else:
                taken += verdict is not None
            compared += 1
    assert compared > 40
