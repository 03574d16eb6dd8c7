"""A corpus card's own info is made once: the same info the long way makes, and only its own.

A search of a pile (Entreat Favor's pick from the draw deck, Reappearance's exchange) and the
cards a text could name go through every card of the game, once per answer. Each card's info
(what the corpus gives it, nothing a situation adds) is kept (``cards.corpus_info``): the
checks below compare it with ``card_info`` made anew, show the keeping carries weight (the
infos are made once, not once per answer) and that the key keeps apart what must differ.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulesq.corpus import load_corpus
from rulesq.engine.check import check_file
from rulesq.games.bluemoon.judge import cards
from rulesq.games.bluemoon.judge.cards import Catalog, card_info, corpus_info
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parents[1]
#: Cases whose answers search a pile of every card of the game (picks and exchanges).
SEARCHING = [
    ROOT / "corpus/bluemoon/cases/ships-playing-ships/q368-entreat-favor-plays-sea-devil.rq",
    ROOT / "corpus/bluemoon/cases/special-power-texts-buka-cards/q328-bottelus-entreat-favor.rq",
    ROOT
    / "corpus/bluemoon/cases/influence-and-achievement-cards"
    / "q344-reappearance-takes-back-old-hyla.rq",
]


def _fitting_found_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search finds its fitting cards anew (``searches._fitting`` keeps none)."""
    from rulesq.games.bluemoon.judge import searches

    real = searches._fitting

    def anew(*args: Any) -> Any:
        searches._FITTING.clear()
        return real(*args)

    monkeypatch.setattr(searches, "_fitting", anew)


def test_every_corpus_card_s_kept_info_is_the_one_made_anew() -> None:
    corpus = load_corpus("bluemoon")
    for card in corpus.cards.values():
        kept = corpus_info(card)
        assert kept == card_info(card, card.name), card.name
        assert corpus_info(card) is kept  # kept: the second look-up makes nothing


def test_a_search_makes_each_card_s_info_once_and_answers_alike_without_the_keeping(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Checked with the infos kept, then with every info made anew: the same results."""
    made: list[str] = []
    real = cards.card_info

    def counted(card: Any, name: str, refs: Any = ()) -> Any:
        made.append(name)
        return real(card, name, refs)

    monkeypatch.setattr(cards, "card_info", counted)
    monkeypatch.setattr(cards, "_INFOS", {})
    _fitting_found_each_time(monkeypatch)  # each search goes through every card
    kept = [check_file(path) for path in SEARCHING]
    assert all(c.result is not None and c.result.value == "agree" for c in kept)
    once = len(made)
    assert once and max(made.count(name) for name in set(made)) == 1  # each made once

    def anew(card: Any, name: str, refs: Any) -> Any:
        return counted(card, name, refs)

    monkeypatch.setattr(cards, "_known_info", anew)  # no keeping: made at each look-up
    made.clear()
    again = [check_file(path) for path in SEARCHING]
    assert len(made) > 2 * once  # the keeping carries weight: many more made without it
    assert [c.result for c in again] == [c.result for c in kept]
    for first, second in zip(kept, again, strict=True):
        for one, other in zip(first.questions, second.questions, strict=True):
            assert one.answer.verdict == other.answer.verdict
            assert one.answer.reason == other.answer.reason


def test_a_card_the_situation_gives_a_value_is_not_given_the_kept_info() -> None:
    """The key keeps apart a card as the corpus gives it and as a situation adds to it."""
    card = load_corpus("bluemoon").find_card("Blaze")
    assert card is not None
    plain = corpus_info(card)
    situation = parse_situation(
        'game bluemoon\n"Blaze" has icon PROTECTED\nask is "Blaze" ignored?\n', "<test>"
    )
    given = Catalog(situation).info(situation.questions[0].card)
    assert "PROTECTED" in given.given_icons and "PROTECTED" not in plain.given_icons
    assert corpus_info(card) is plain  # the situation's info did not take its place


def test_a_search_s_fitting_cards_are_found_once_and_the_same_without_the_keeping(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The corpus cards a selector of types and a family fits are found once per selector
    (``searches._fitting``); found anew at each search, every answer is the same."""
    from rulesq.games.bluemoon.judge import searches

    matched = [0]
    real = searches.matches

    def counted(*args: Any) -> Any:
        matched[0] += 1
        return real(*args)

    monkeypatch.setattr(searches, "matches", counted)
    monkeypatch.setattr(searches, "_FITTING", {})
    kept = [check_file(path) for path in SEARCHING]
    once = matched[0]
    _fitting_found_each_time(monkeypatch)
    matched[0] = 0
    again = [check_file(path) for path in SEARCHING]
    assert matched[0] > once * 3 // 2  # the keeping carries weight: about half the matching
    for first, second in zip(kept, again, strict=True):
        assert first.result == second.result
        for one, other in zip(first.questions, second.questions, strict=True):
            assert (one.answer.verdict, one.answer.reason) == (
                other.answer.verdict,
                other.answer.reason,
            )


def test_the_fitting_cards_are_kept_apart_by_types_and_family() -> None:
    """Two selectors that fit other cards do not share what was found for either."""
    from rulesq.games.bluemoon.judge import searches
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import State, Zone, new_instance
    from rulesq.games.bluemoon.selectors import Cards
    from rulesq.games.bluemoon.vocab import CardType

    forces = Forces(State())
    holder = new_instance(-1, corpus_info(_card("Blaze")), "me", Zone.HAND)
    source = Source(holder, None, 0)  # type: ignore[arg-type]
    names = {}
    for bare in (
        Cards(types=(CardType.CHARACTER,)),
        Cards(types=(CardType.BOOSTER,)),
        Cards(types=(CardType.CHARACTER,), family="Aqua"),
    ):
        fits = searches._fitting(forces, "me", bare, source)
        assert fits is searches._fitting(forces, "me", bare, source)  # kept
        long = [
            c.name
            for c in load_corpus("bluemoon").cards.values()
            if corpus_info(c).kind not in searches.NOT_IN_PILES
            and searches.matches(
                bare, new_instance(-1, corpus_info(c), "me", Zone.DISCARD), "me", forces, holder
            )
        ]
        assert [info.name for _, info in fits] == long
        names[bare] = [info.name for _, info in fits]
    assert len({tuple(v) for v in names.values()}) == 3


def _card(name: str) -> Any:
    found = load_corpus("bluemoon").find_card(name)
    assert found is not None
    return found


def test_whether_an_effect_is_optional_is_found_once_and_as_its_acts_say() -> None:
    """``choices.optional_kind`` keeps each effect's answer; it is the one its acts give."""
    from rulesq.games.bluemoon.judge import choices
    from rulesq.games.bluemoon.judge.forces import effects_of
    from rulesq.games.bluemoon.judge.state import Zone, new_instance

    compared = optional = 0
    for card in load_corpus("bluemoon").cards.values():
        made = new_instance(-1, corpus_info(card), "me", Zone.COMBAT)
        for source in effects_of(made):
            first = choices.optional_kind(source)
            assert first == choices._optional_kind(source), card.name
            assert choices._OPTIONAL[id(source.effect)] == (source.effect, first)  # kept
            compared += 1
            optional += first
    assert compared > 100 and 0 < optional < compared  # both answers met


def test_a_game_s_corpus_is_the_one_load_corpus_holds() -> None:
    """After ``load_corpus.cache_clear`` the game gives the corpus loaded anew, not the old one.

    A game that kept its own (a cached property) resolved a situation's cards from the old
    corpus while a search went through the new one: each card's info was then made twice
    (``test_cache_builders.py`` then this file, run alone together, failed so).
    """
    from rulesq.games import get_game

    game = get_game("bluemoon")
    before = game.corpus
    load_corpus.cache_clear()
    after = load_corpus("bluemoon")
    assert after is not before
    assert game.corpus is after
