"""Generalisation: invented card texts in the corpus's shapes, with other words, parse right.

None of these texts is on a real card: other card types, peoples, elements, numbers,
names and combinations of exceptions. Each test pins the fields of the effect read.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesq.games import get_game
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.conditions import AttackedBy, Having, Retreats
from rulesq.games.bluemoon.kinds import Group, Kind
from rulesq.games.bluemoon.selectors import (
    CardChoice,
    CardName,
    Cards,
    CardSet,
    Dragon,
    DragonCount,
    Measure,
    Noun,
    Q,
    R,
    Ref,
    Which,
)
from rulesq.games.bluemoon.times import W
from rulesq.games.bluemoon.vocab import CardType, Element, Phase, Role, Zone

ME, YOU, BOTH = Role.CONTROLLER, Role.OPPONENT, Role.BOTH


def effects(text: str) -> tuple[Any, ...]:
    parsed = get_game("bluemoon").parse_card_text(text)
    assert parsed.fully_parsed, [(u.text, u.reason) for u in parsed.unparsed]
    return parsed.effects


def one(text: str) -> Any:
    (effect,) = effects(text)
    return effect


# ------------------------------------------------------------------ you may not


def test_prohibition_on_other_type_with_text_filter() -> None:
    """Text "You may not play interference cards that have special power text.\""""
    e = one("You may not play interference cards that have special power text.")
    assert isinstance(e, fx.Prohibition) and e.who is YOU and e.rule_kind is Kind.YOU_MAY_NOT
    assert isinstance(e.act, a.Play)
    assert e.act.cards == Cards(types=(CardType.INTERFERENCE,), special_power_text=True)
    assert e.group is Group.CONTINUOUS


def test_prohibition_slash_list_without_text() -> None:
    """A slash list in another order, "that do not have special power text"."""
    e = one("You may not play support/booster cards that do not have special power text.")
    assert isinstance(e, fx.Prohibition) and isinstance(e.act, a.Play)
    assert isinstance(e.act.cards, Cards)
    assert e.act.cards.types == (CardType.SUPPORT, CardType.BOOSTER)
    assert e.act.cards.special_power_text is False


def test_prohibition_printed_value_above_other_number() -> None:
    """Text "… booster cards that have a printed value higher than 2"."""
    e = one("You may not play booster cards that have a printed value higher than 2.")
    assert isinstance(e, fx.Prohibition) and isinstance(e.act, a.Play)
    assert e.act.cards == Cards(types=(CardType.BOOSTER,), printed_value_above=2)


def test_prohibition_of_phase_cards() -> None:
    """Text "Character phase cards" name a phase, not the character type."""
    e = one("You may not play Character phase cards.")
    assert isinstance(e, fx.Prohibition) and isinstance(e.act, a.Play)
    assert e.act.cards == Cards(phase=Phase.CHARACTER)


def test_prohibition_count_into_other_area() -> None:
    """Text "On your turn, you may not play more than two cards into your support area.\""""
    e = one("On your turn, you may not play more than two cards into your support area.")
    assert isinstance(e, fx.Prohibition) and isinstance(e.act, a.Play)
    assert isinstance(e.act.cards, Cards)
    assert e.act.cards.quantity.kind is Q.MORE_THAN and e.act.cards.quantity.n == 2
    assert e.act.into is not None and e.act.into.zones == (Zone.SUPPORT_AREA,)
    assert e.when is not None and e.when.kind is W.ON_TURN and e.when.role is YOU


def test_prohibition_with_condition_and_other_numbers() -> None:
    """Text "If you have five or more cards in your hand, you may not draw further cards.\""""
    e = one("If you have five or more cards in your hand, you may not draw further cards.")
    assert isinstance(e, fx.Prohibition) and isinstance(e.act, a.Draw)
    assert isinstance(e.act.cards, Cards) and e.act.cards.further
    assert isinstance(e.condition, Having) and e.condition.who is YOU
    held = e.condition.have.what
    assert isinstance(held, Cards) and held.quantity.kind is Q.AT_LEAST and held.quantity.n == 5


def test_prohibition_now_with_remedy() -> None:
    """Text "Now you may not have more than three cards … and you must discard …": group 1."""
    e = one(
        "Now you may not have more than three cards in your hand and you must discard "
        "any additional cards."
    )
    assert isinstance(e, fx.Prohibition) and e.group is Group.ONCE
    assert isinstance(e.act, a.Have) and isinstance(e.act.what, Cards)
    assert e.act.what.quantity.n == 3
    assert e.remedy is not None and e.remedy.mode is a.Mode.MUST and e.remedy.actor is YOU
    assert e.when is not None and e.when.kind is W.NOW


def test_prohibition_take_from_other_zone() -> None:
    """Text "You may not take cards from your discard pile.\""""
    e = one("You may not take cards from your discard pile.")
    assert isinstance(e, fx.Prohibition) and isinstance(e.act, a.Take)
    assert isinstance(e.act.cards, Cards) and e.act.cards.place is not None
    assert e.act.cards.place.zones == (Zone.DISCARD_PILE,)  # type: ignore[union-attr]


# ------------------------------------------------------------------ I may not / selection


def test_self_restriction_is_ordinary_text() -> None:
    """“I may not play further booster cards during this fight” is card text, not you may not."""
    e = one("I may not play further booster cards during this fight.")
    assert isinstance(e, fx.SelfRestriction) and e.who is ME
    assert e.rule_kind is Kind.CARD_TEXT
    assert e.when is not None and e.when.kind is W.THIS_FIGHT


@pytest.mark.parametrize(
    "text, name, quoted",
    [
        ('"Grey Tide" may not be selected.', "Grey Tide", True),
        ("Storm Crow of the North may not be selected.", "Storm Crow of the North", False),
    ],
)
def test_named_card_may_not_be_selected(text: str, name: str, quoted: bool) -> None:
    """A quoted or capitalised name is a name."""
    e = one(text)
    assert isinstance(e, fx.NotSelectable) and e.card == CardName(name, quoted)


# ------------------------------------------------------------------ ignore


def test_ignore_cards_except_family() -> None:
    """Text "Your booster cards are ignored, except Vulca booster cards.\""""
    e = one("Your booster cards are ignored, except Vulca booster cards.")
    assert isinstance(e, fx.Ignore) and e.scope is fx.Scope.CARDS and e.owner is YOU
    assert e.rule_kind is Kind.IGNORE
    assert e.cards == Cards(owner=YOU, types=(CardType.BOOSTER,))
    assert e.except_cards == (Cards(family="Vulca", types=(CardType.BOOSTER,)),)


def test_ignore_cards_with_icons_except_family_and_icon_cards() -> None:
    """Exceptions combining a people's cards and cards with an icon (kept as predicates)."""
    e = one("Your cards with icons are ignored, except Mimix support cards and STOP cards.")
    assert isinstance(e, fx.Ignore) and e.cards is not None and e.cards.with_icon
    assert e.except_cards == (Cards(family="Mimix", types=(CardType.SUPPORT,)), Cards(icon="STOP"))


def test_ignore_icons_except_three_icons() -> None:
    """Text "Your icons are ignored, except PAIR, GANG and RETRIEVE.\""""
    e = one("Your icons are ignored, except PAIR, GANG and RETRIEVE.")
    assert isinstance(e, fx.Ignore) and e.scope is fx.Scope.ICONS
    assert e.except_icons == ("PAIR", "GANG", "RETRIEVE")


def test_ignore_texts_except_on_other_family() -> None:
    """Text "… except on Khind leadership cards": where texts are left alone."""
    e = one("Your special power texts are ignored, except on Khind leadership cards.")
    assert isinstance(e, fx.Ignore) and e.scope is fx.Scope.SPECIAL_POWER_TEXTS
    assert e.except_on == (Cards(family="Khind", types=(CardType.LEADERSHIP,)),)


def test_ignore_for_this_turn_and_opposed_by_three_names() -> None:
    """A duration, then "(This card has no effect if opposed by A, "B" or C.)"."""
    ignore, opposed = effects(
        "On this turn, your icons are ignored. (This card has no effect "
        'if opposed by Storm Crow, "Rain of Ash" or Quiet Bell.)'
    )
    assert isinstance(ignore, fx.Ignore) and ignore.when is not None
    assert ignore.when.kind is W.THIS_TURN
    assert isinstance(opposed, fx.NoEffectIfOpposed)
    assert opposed.names == (
        CardName("Storm Crow"),
        CardName("Rain of Ash", True),
        CardName("Quiet Bell"),
    )


# ------------------------------------------------------------------ values


def test_fire_value_of_one_support_card_doubles() -> None:
    """Element, "one of", another type."""
    e = one("The Fire value of one of my support cards doubles.")
    assert isinstance(e, fx.ValueChange) and e.stage is fx.Stage.VALUE
    assert e.op is fx.Op.DOUBLE and e.element is Element.FIRE
    assert isinstance(e.cards, Cards) and e.cards.owner is ME
    assert e.cards.quantity.kind is Q.OF and e.cards.quantity.n == 1


def test_values_of_each_increase_to_number() -> None:
    """Text "The values of each of my booster cards increase to 3.\""""
    e = one("The values of each of my booster cards increase to 3.")
    assert isinstance(e, fx.ValueChange) and e.op is fx.Op.INCREASE_TO and e.n == 3
    assert e.element is None and isinstance(e.cards, Cards)
    assert e.cards.quantity.kind is Q.EACH and e.cards.types == (CardType.BOOSTER,)


def test_odd_printed_values_reduce_to_other_number() -> None:
    """Parity, printed stage, another type and target number."""
    e = one("The odd printed values of your leadership cards reduce to 1.")
    assert isinstance(e, fx.ValueChange) and e.stage is fx.Stage.PRINTED_VALUE
    assert e.parity is fx.Parity.ODD and e.op is fx.Op.REDUCE_TO and e.n == 1
    assert isinstance(e.cards, Cards) and e.cards.owner is YOU


def test_total_power_in_other_element() -> None:
    """Text "My total power in Fire increases to 9.\""""
    e = one("My total power in Fire increases to 9.")
    assert isinstance(e, fx.ValueChange) and e.stage is fx.Stage.TOTAL_POWER
    assert e.owner is ME and e.element is Element.FIRE and e.n == 9


def test_effect_of_family_cards_doubles() -> None:
    """Text "The effect of one of my Vulca support cards doubles" doubles the effect's numbers."""
    e = one("The effect of one of my Vulca support cards doubles.")
    assert isinstance(e, fx.ValueChange) and e.stage is fx.Stage.EFFECT
    assert isinstance(e.cards, Cards) and e.cards.family == "Vulca"


# ------------------------------------------------------------------ permissions


def test_extra_plays_on_my_turn() -> None:
    """Text "On my turn, I may play two additional character cards": group 2."""
    e = one("On my turn, I may play two additional character cards.")
    assert isinstance(e, fx.PlayPermission) and e.who is ME
    assert e.cards == Cards(quantity=e.cards.quantity, types=(CardType.CHARACTER,), additional=True)
    assert isinstance(e.cards, Cards) and e.cards.quantity.n == 2
    assert e.group is Group.PER_TURN_OR_EVENT


def test_any_mutant_in_other_phase() -> None:
    """Text "In my Booster/Support phase, I may play any mutant.\""""
    e = one("In my Booster/Support phase, I may play any mutant.")
    assert isinstance(e, fx.PlayPermission) and isinstance(e.cards, Cards)
    assert e.cards.types == (CardType.MUTANT,) and e.cards.noun is Noun.TYPE
    assert e.when is not None and e.when.phase is Phase.BOOSTER_SUPPORT


def test_play_my_cards_as_if_other_icon() -> None:
    """Text "I may play my cards as if they had the FREE icon": continuous."""
    e = one("I may play my cards as if they had the FREE icon.")
    assert isinstance(e, fx.PlayAsIf) and e.as_if == a.AsIfIcon("FREE")
    assert e.group is Group.CONTINUOUS


def test_this_card_as_if_free_with_condition() -> None:
    """A condition with other numbers; "this card" as if FREE acts once."""
    e = one(
        "If you have a total of at least four cards in your combat and support areas, "
        "I may play this card as if it had the FREE icon."
    )
    assert isinstance(e, fx.PlayAsIf) and e.cards == Ref(R.THIS_CARD)
    assert isinstance(e.condition, Having) and isinstance(e.condition.have.what, Cards)
    held = e.condition.have.what
    assert held.quantity.kind is Q.TOTAL_AT_LEAST and held.quantity.n == 4
    assert e.group is Group.ONCE


def test_next_card_treated_as_if_other_icon() -> None:
    """Text "The next booster/support card I play on this turn is treated as if it had the …\""""
    e = one(
        "The next booster/support card I play on this turn is treated as if it had "
        "the PROTECTED icon."
    )
    assert isinstance(e, fx.NextPlayedAsIf) and e.as_if.icon == "PROTECTED"
    assert e.cards.types == (CardType.BOOSTER, CardType.SUPPORT)


# ------------------------------------------------------------------ play conditions, element


def test_play_condition_count_and_element_change() -> None:
    """A mutant-like text with other numbers and element."""
    cond, change = effects(
        "I may only play this card if you have at least four active booster"
        " cards. The contested element of the fight changes to Earth."
    )
    assert isinstance(cond, fx.PlayCondition) and isinstance(cond.condition, Having)
    held = cond.condition.have.what
    assert isinstance(held, Cards) and held.active and held.quantity.n == 4
    assert isinstance(change, fx.ElementChange) and change.to is Element.EARTH


def test_play_condition_attacked_by_element() -> None:
    """Text "… if I am attacked by at least 9 Fire.\""""
    e = one("I may only play this card if I am attacked by at least 9 Fire.")
    assert isinstance(e, fx.PlayCondition)
    assert e.condition == AttackedBy(ME, 9, Element.FIRE)


def test_must_to_play_is_i_must() -> None:
    """Text "I must discard two cards from my hand to play this card" sits on the I-must step."""
    e = one("I must discard two cards from my hand to play this card.")
    assert isinstance(e, fx.MustToPlay) and e.rule_kind is Kind.I_MUST
    assert isinstance(e.requirement, a.Discard) and isinstance(e.requirement.cards, Cards)
    assert e.requirement.cards.quantity.n == 2


def test_must_have_other_dragon_to_play() -> None:
    """Text "I must have the green dragon on my side to play this card.\""""
    e = one("I must have the green dragon on my side to play this card.")
    assert isinstance(e, fx.MustToPlay) and isinstance(e.requirement, a.Have)
    assert e.requirement.what == Dragon(ME, "green")


# ------------------------------------------------------------------ dragons, obligations


def test_dragon_modifier_other_direction() -> None:
    """Text "If I retreat, you attract one additional dragon.\""""
    e = one("If I retreat, you attract one additional dragon.")
    assert isinstance(e, fx.DragonModifier) and e.retreating is ME and e.attracting is YOU
    assert e.dragons.kind is DragonCount.ADDITIONAL and e.dragons.n == 1 and not e.now


def test_dragon_modifier_now_other_number() -> None:
    """Text "If you retreat now, I attract no more than two dragons": once."""
    e = one("If you retreat now, I attract no more than two dragons.")
    assert isinstance(e, fx.DragonModifier) and e.now and e.dragons.n == 2
    assert e.dragons.kind is DragonCount.NO_MORE_THAN and e.group is Group.ONCE


def test_obligation_by_end_of_other_phase() -> None:
    """“By the end of your Character phase, you must discard … at least 6 Earth …, or retreat.”"""
    e = one(
        "By the end of your Character phase, you must discard cards with a total printed "
        "value of at least 6 Earth from your hand, or retreat."
    )
    assert isinstance(e, fx.Obligation) and e.rule_kind is Kind.CARD_TEXT
    assert e.when is not None and e.when.phase is Phase.CHARACTER and e.when.role is YOU
    (discard,) = e.do.acts
    assert isinstance(discard, a.Discard) and isinstance(discard.cards, Cards)
    total = discard.cards.total
    assert total is not None and total.measure is Measure.PRINTED_VALUE
    assert [(x.n, x.element) for x in total.amounts] == [(6, "Earth")]
    assert e.otherwise is not None and isinstance(e.otherwise.acts[0], a.Retreat)


def test_obligation_play_other_type_or_retreat() -> None:
    """Text "On your turn, you must play a leadership card, or retreat": group 2."""
    e = one("On your turn, you must play a leadership card, or retreat.")
    assert isinstance(e, fx.Obligation) and e.group is Group.PER_TURN_OR_EVENT
    assert isinstance(e.do.acts[0], a.Play)


def test_immediate_retreat_after_other_family() -> None:
    """A family count checked after the end of my turn."""
    e = one(
        "If I have more than one active Thunder support card after the end of my turn, "
        "then you must immediately retreat."
    )
    assert isinstance(e, fx.Obligation) and e.do.immediately and e.do.actor is YOU
    assert e.when is not None and e.when.kind is W.AFTER_END_OF_TURN
    assert isinstance(e.condition, Having) and isinstance(e.condition.have.what, Cards)
    assert e.condition.have.what.family == "Thunder"


def test_beginning_of_turn_attract_for_other_family() -> None:
    """“If I have more than two active Blizzard support cards at the beginning of my turn …”"""
    e = one(
        "If I have more than two active Blizzard support cards at the beginning of my "
        "turn, I immediately attract one dragon (in total)."
    )
    assert isinstance(e, fx.ActionEffect) and e.when is not None
    assert e.when.kind is W.BEGINNING_OF_TURN and e.group is Group.PER_TURN_OR_EVENT
    (do,) = e.dos
    assert do.immediately and isinstance(do.acts[0], a.Attract) and do.acts[0].dragons.in_total


def test_score_modifier_other_number() -> None:
    """Text "If I win the game, I receive two additional crystals.\""""
    e = one("If I win the game, I receive two additional crystals.")
    assert isinstance(e, fx.ScoreModifier) and e.winner is ME and e.act == a.Receive(2)


# ------------------------------------------------------------------ now, timed


def test_now_discard_all_except_last_remaining() -> None:
    """Text "Now I may discard all of your active character cards, except your last remaining …\""""
    e = one(
        "Now I may discard all of your active character cards, except your last remaining "
        "active character card."
    )
    assert isinstance(e, fx.ActionEffect) and e.group is Group.ONCE
    (discard,) = e.dos[0].acts
    assert isinstance(discard, a.Discard) and isinstance(discard.cards, Cards)
    assert discard.cards.quantity.kind is Q.ALL
    (kept,) = discard.cards.exceptions
    assert isinstance(kept, Cards) and kept.last_remaining and kept.owner is YOU


def test_now_discard_choice_to_attract() -> None:
    """Card options share the place said once, and the discard has a purpose."""
    e = one(
        "Now I may discard three crystal cards or three Hyla cards from my hand to "
        "attract one dragon."
    )
    assert isinstance(e, fx.ActionEffect)
    (discard,) = e.dos[0].acts
    assert isinstance(discard, a.Discard) and isinstance(discard.cards, CardChoice)
    first, second = discard.cards.options
    assert first.types == (CardType.CRYSTAL,) and second.family == "Hyla"
    assert first.place == second.place and first.place is not None
    assert discard.purpose is not None and discard.purpose.dragons.n == 1


def test_we_both_discard_moons() -> None:
    """Text "Now we both may discard cards with a total of at least three moons …\""""
    e = one(
        "Now we both may discard cards with a total of at least three moons from our "
        "hands to attract one dragon."
    )
    assert isinstance(e, fx.ActionEffect) and e.dos[0].actor is BOTH
    (discard,) = e.dos[0].acts
    assert isinstance(discard, a.Discard) and isinstance(discard.cards, Cards)
    assert discard.cards.total is not None and discard.cards.total.measure is Measure.MOONS


def test_force_other_number() -> None:
    """Text "Now I may force you to discard one card from your hand.\""""
    e = one("Now I may force you to discard one card from your hand.")
    assert isinstance(e, fx.ActionEffect)
    (force,) = e.dos[0].acts
    assert isinstance(force, a.Force) and force.who is YOU
    assert isinstance(force.acts[0], a.Discard)


def test_retrieve_two_of_my_cards() -> None:
    """Text "Now I may retrieve two of my active cards into my hand.\""""
    e = one("Now I may retrieve two of my active cards into my hand.")
    (retrieve,) = e.dos[0].acts
    assert isinstance(retrieve, a.Retrieve) and isinstance(retrieve.cards, Cards)
    assert retrieve.cards.quantity.kind is Q.OF and retrieve.cards.quantity.n == 2


def test_load_onto_ship_other_number() -> None:
    """Text "Now I may load two cards from my hand onto this ship.\""""
    e = one("Now I may load two cards from my hand onto this ship.")
    (load,) = e.dos[0].acts
    assert isinstance(load, a.Load) and load.onto.which is Which.THIS


def test_draw_to_other_numbers() -> None:
    """Two "draw to N" shapes with other numbers."""
    fight = one(
        "At the end of each fight, if I have fewer than five cards in my hand, I may "
        "draw to five cards."
    )
    assert isinstance(fight, fx.ActionEffect) and fight.dos[0].acts == (a.DrawTo(5),)
    assert fight.when is not None and fight.when.kind is W.END_OF_EACH_FIGHT
    ending = one(
        "If my turn is about to end with me holding fewer than seven cards in my "
        "hand, I may draw to seven cards."
    )
    assert isinstance(ending, fx.ActionEffect) and ending.dos[0].acts == (a.DrawTo(7),)
    assert ending.when is not None and ending.when.kind is W.TURN_ABOUT_TO_END
    assert isinstance(ending.condition, Having)


# ------------------------------------------------------------------ interference


def test_interference_on_other_phase_card() -> None:
    """“I may play this card when you play a Character phase card: Your card is cancelled …”"""
    e = one(
        "I may play this card when you play a Character phase card: Your card is "
        "cancelled and discarded."
    )
    assert isinstance(e, fx.InterferenceTrigger) and e.timing is fx.Timing.WHEN
    assert e.event.actor is YOU and isinstance(e.event.acts[0], a.Play)
    (cancel,) = e.effects
    assert isinstance(cancel, fx.CancelCard)


def test_interference_after_power_with_other_type() -> None:
    """The effect after the colon: a discard of a card played on this turn."""
    e = one(
        "I may play this card immediately after you announce your power: I may discard "
        "one of your active support cards that you played on this turn."
    )
    assert isinstance(e, fx.InterferenceTrigger) and e.timing is fx.Timing.IMMEDIATELY_AFTER
    (action,) = e.effects
    assert isinstance(action, fx.ActionEffect)
    (discard,) = action.dos[0].acts
    assert isinstance(discard, a.Discard) and isinstance(discard.cards, Cards)
    assert discard.cards.played_by is YOU


def test_roles_follow_the_words_not_players() -> None:
    """I/my is the controller, you/your the opponent, we both/our both."""
    e = one("If I retreat, you may not attract dragons.")
    assert isinstance(e, fx.Prohibition) and e.who is YOU
    assert isinstance(e.condition, Retreats) and e.condition.who is ME
    assert e.group is Group.PER_TURN_OR_EVENT


# ------------------------------------------------------------------ wording variants


@pytest.mark.parametrize(
    "variant, canonical",
    [
        (
            "You may not play more than one card on your turn.",
            "On your turn, you may not play more than one card.",
        ),
        (
            "On my turn I may play one additional support card.",
            "On my turn, I may play one additional support card.",
        ),
        (
            "You may not play cards with special power text.",
            "You may not play cards that have special power text.",
        ),
        (
            "You may not play cards without special power text.",
            "You may not play cards that do not have special power text.",
        ),
        ("Your cards that have icons are ignored.", "Your cards with icons are ignored."),
        (
            "You may not play character, booster or support cards.",
            "You may not play character/booster/support cards.",
        ),
        (
            "Your character cards with the STOP icon are ignored.",
            "Your STOP character cards are ignored.",
        ),
        (
            "You may not play cards with a printed value higher than 3.",
            "You may not play cards that have a printed value higher than 3.",
        ),
        (
            "If you have four or more cards in your hand, you may not take further cards into your "
            "hand.",
            "If you have at least four cards in your hand, you may not take further cards "
            "into your hand.",
        ),
        (
            "Now I may retrieve any one card from my combat area into my hand.",
            "Now I may retrieve any card from my combat area into my hand.",
        ),
    ],
)
def test_wording_variants_mean_the_same(variant: str, canonical: str) -> None:
    """Different words for one meaning give equal effects."""
    assert effects(variant) == effects(canonical)


def test_values_increase_by() -> None:
    """Text "The values of my character cards increase by 2" is not "increase to 2"."""
    by = one("The values of my character cards increase by 2.")
    to = one("The values of my character cards increase to 2.")
    assert isinstance(by, fx.ValueChange) and by.op is fx.Op.INCREASE_BY and by.n == 2
    assert isinstance(to, fx.ValueChange) and to.op is fx.Op.INCREASE_TO and by != to


def test_cards_joined_with_and_are_a_set() -> None:
    """Text "… one of your booster cards and one of your support cards": both, not a choice."""
    e = one(
        "Now I may discard one of your active booster cards and one of your active support cards."
    )
    (discard,) = e.dos[0].acts
    assert isinstance(discard, a.Discard) and isinstance(discard.cards, CardSet)
    assert [p.types for p in discard.cards.parts] == [(CardType.BOOSTER,), (CardType.SUPPORT,)]


def test_mixed_and_or_between_cards_is_not_guessed() -> None:
    """Text "A, B or C and D" is neither a choice nor a set: unparsed, with a reason."""
    parsed = get_game("bluemoon").parse_card_text(
        "Now I may discard two booster cards or two support cards and two crystal cards."
    )
    (bad,) = parsed.unparsed
    assert '"or"' in bad.reason and '"and"' in bad.reason


def test_ignore_exceptions_follow_the_scope() -> None:
    """Text "except on X and Y": both are cards whose texts are left alone, in the written order."""
    e = one(
        "Your special power texts are ignored, except on Flit character cards and Khind "
        "character cards."
    )
    assert isinstance(e, fx.Ignore) and e.except_cards == ()
    assert [c.family for c in e.except_on if isinstance(c, Cards)] == ["Flit", "Khind"]


def test_names_with_and_must_be_quoted() -> None:
    """Text "Flit and Khind character cards" is never read as one family called "Flit and Khind"."""
    parsed = get_game("bluemoon").parse_card_text(
        "Your character cards are ignored, except Flit and Khind character cards."
    )
    assert not parsed.fully_parsed
    quoted = one('(This card has no effect if opposed by "Shaman of the Here and Now".)')
    assert isinstance(quoted, fx.NoEffectIfOpposed)
    assert quoted.names == (CardName("Shaman of the Here and Now", True),)
