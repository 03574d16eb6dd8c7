"""Toughness given for a time by tactics and Actions: which pool texts are read."""

from __future__ import annotations

from rulesq.corpus import load_corpus
from rulesq.games.warhammer import tactic_toughness


def test_the_pool_texts_that_give_toughness_for_a_time_are_read_or_named() -> None:
    """All 6 of the pool's texts are read (Iron Defenders' Action on its own unit's trigger too)."""
    cards = load_corpus("warhammer").cards.values()
    giving = {
        c.name: tactic_toughness.read(c) is not None for c in cards if tactic_toughness.gives(c)
    }
    assert giving == {
        "Tough as Nails": True,
        "Veteran Slayer": True,
        "Fleeting Shade": True,
        "Fearless in Battle": True,
        "Iron Defenders": True,
        "Defend Your Honor!": True,
    }


def test_an_action_to_have_its_own_unit_gain_toughness_reaches_only_it() -> None:
    """Fleeting Shade's "to have this unit gain Toughness 1" is read as its own unit's."""
    card = next(c for c in load_corpus("warhammer").cards.values() if c.name == "Fleeting Shade")
    (term,) = tactic_toughness.read(card) or []
    assert (term.own, term.amount, term.duration) == (True, 1, "until the end of the turn")


def test_an_action_on_its_own_units_trigger_gives_it_toughness() -> None:
    """Iron Defenders' "When this unit ambushes, it gains Toughness 2 …": "it" is its own unit."""
    card = next(c for c in load_corpus("warhammer").cards.values() if c.name == "Iron Defenders")
    (term,) = tactic_toughness.read(card) or []
    assert (term.own, term.targeted, term.amount) == (True, False, 2)
    assert term.duration == "until the end of the phase"
