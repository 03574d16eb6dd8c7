"""FMA card text reading near the probes (the probe situations are tests/cases/fma/*.rq)."""

from __future__ import annotations

from rulesq.games.fma import effects as fx
from rulesq.games.fma.parse import parse_card_text


def test_a_number_word_is_a_quantity_not_part_of_a_faction_name() -> None:
    """Text "Three Military characters": three of them, not a faction called "Three Military"."""
    parsed = parse_card_text("Three Military characters get +1 wits.")
    assert not parsed.unparsed
    bonus = parsed.effects[0]
    assert isinstance(bonus, fx.AttributeBonus)
    assert isinstance(bonus.who, fx.Selector)
    assert bonus.who.faction == "Military"
    assert bonus.who.quantity is not None and bonus.who.quantity.count == 3
