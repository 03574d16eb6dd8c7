"""FMA card text reading near the probes (the probe situations are tests/cases/fma/*.rq)."""

from __future__ import annotations

from rulesq.games.fma import effects as fx
from rulesq.games.fma.parse import parse_card_text
from rulesq.games.fma.vocab import Attribute, Timing


def test_a_number_word_is_a_quantity_not_part_of_a_faction_name() -> None:
    """Text "Three Military characters": three of them, not a faction called "Three Military"."""
    parsed = parse_card_text("Three Military characters get +1 wits.")
    assert not parsed.unparsed
    bonus = parsed.effects[0]
    assert isinstance(bonus, fx.AttributeBonus)
    assert isinstance(bonus.who, fx.Selector)
    assert bonus.who.faction == "Military"
    assert bonus.who.quantity is not None and bonus.who.quantity.count == 3


def _first_of_body(text: str) -> object:
    """The first effect of the ability the text opens with."""
    ability = parse_card_text(text).effects[0]
    assert isinstance(ability, fx.Ability)
    return ability.body[0]


def test_cancel_a_react_is_a_react_event_or_ability_and_renders_back() -> None:
    """ "Cancel a react" (Security Guard, New Recruit, corrected): a React event or ability."""
    assert not parse_card_text("React Wits 2: Cancel a react.").unparsed
    cancel = _first_of_body("React Wits 2: Cancel a react.")
    assert isinstance(cancel, fx.Cancel)
    assert isinstance(cancel.what, fx.Selector)
    assert cancel.what.kind == fx.EVENT_OR_ABILITY
    assert cancel.what.designator == fx.Designator((Timing.REACT,), None)
    assert _first_of_body(f"React Wits 2: {cancel.render()}") == cancel
    event = _first_of_body("React Wits 2: Cancel a react event.")
    assert isinstance(event, fx.Cancel) and isinstance(event.what, fx.Selector)
    assert event.what.kind == "event"


def test_an_attribute_alone_is_a_designator_and_renders_back() -> None:
    """ "an alchemy event": the attribute is the designator (the rulings, Activated abilities)."""
    cancel = _first_of_body("React Wits 2: Cancel an alchemy event.")
    assert isinstance(cancel, fx.Cancel) and isinstance(cancel.what, fx.Selector)
    assert cancel.what.designator == fx.Designator((), Attribute.ALCHEMY)
    assert cancel.render() == "Cancel an alchemy event."
    assert _first_of_body(f"React Wits 2: {cancel.render()}") == cancel
