"""Warhammer texts that permit, forbid or require defending: a ceiling on those not read."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from defence_texts_warhammer import survey  # noqa: E402

#: Sentences of the pool that speak of defending and that no shape reads (it may only shrink).
CEILING = 5


def test_the_unread_sentences_stay_under_the_ceiling() -> None:
    found = survey()
    unread = [(card, sentence) for card, sentence, kind in found if not kind]
    assert len(found) >= 36, f"only {len(found)} sentences found: the survey lost some"
    assert len(unread) <= CEILING, f"{len(unread)} not read, more than {CEILING}: {unread}"


def test_a_trigger_on_defending_does_not_speak_of_defending() -> None:
    """ "When this unit defends, draw a card." permits nothing: no sentence of it is listed."""
    cards = {card for card, _, _ in survey()}
    assert "Dragon Armour" not in cards
    assert "Clan Moulder's Elite" in cards


#: Sentences that let units defend elsewhere whose shape is not read (it may only shrink).
WIDENS_CEILING = 0


def test_the_unread_widening_sentences_stay_under_their_ceiling() -> None:
    found = survey()
    widens = [(card, sentence) for card, sentence, kind in found if kind == "widens"]
    assert len(widens) <= WIDENS_CEILING, f"{len(widens)} widening texts not read: {widens}"
    kinds = {kind for _, _, kind in found}
    assert {"kind to here", "with legend", "legend any", "kind any"} <= kinds
    assert {"chosen zone", "all zones"} <= kinds
