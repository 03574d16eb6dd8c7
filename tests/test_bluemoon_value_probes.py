"""Blue Moon values, total power, fights, dragons and the end of the game: probes near the FAQ.

Each test is an invented situation close to an FAQ case (other names, other words), which rulesq
once answered wrongly or too confidently; the inline cards keep the sentence shapes of the FAQ's
cards so the rulings follow from the card texts and the rules, not from the FAQ's cards.
"""

from __future__ import annotations

from rulesq.engine import Answer, Status, evaluate
from rulesq.engine.verdict import Number, Word, YesNo
from rulesq.situation import parse_situation


def answers(body: str) -> list[Answer]:
    """Every answer of a Blue Moon situation."""
    return evaluate(parse_situation("game bluemoon\n" + body, "case.rq"))


def verdict(body: str) -> object:
    """The last answer's verdict, as a plain value (it must not be cannot answer)."""
    reply = answers(body)[-1]
    assert reply.status is not Status.CANNOT, reply.reason
    found = reply.verdict
    if isinstance(found, YesNo | Number | Word):
        return found.value
    return found


def cannot(body: str) -> str:
    """The reason of the last answer, which must be cannot answer."""
    reply = answers(body)[-1]
    assert reply.status is Status.CANNOT, (reply.verdict, reply.reason)
    return reply.reason


# ---------------------------------------------------------------------- dragons
DRAG_ONE = 'card "Drag One" booster: "If I retreat, you attract one fewer dragon."'
DRAG_TWO = 'card "Drag Two" support: "If I retreat, you attract two fewer dragons."'
LURE = 'card "Some Lure" character: "If you retreat, I attract one additional dragon."'


def test_dragon_modifiers_add_up_before_the_floor_whatever_the_order() -> None:
    """1 usual + 1 - 1 - 2 is fewer than none: none, in whichever order the cards are listed."""
    for mine in ('"Drag One", "Drag Two"', '"Drag Two", "Drag One"'):
        for first_me in (True, False):
            lines = [f"I have active {mine}", 'you have active "Some Lure"']
            if not first_me:
                lines.reverse()
            body = "\n".join([DRAG_ONE, DRAG_TWO, LURE, *lines,
                              "your combat and support areas hold 3 cards",
                              "it is my turn", "phase Retreat from Fight?", "I retreat",
                              "ask how many dragons do you attract?"])
            assert verdict(body) == 0


# ---------------------------------------------------------------------- total power
HERO = 'card "Some Hero" character (fire 5, earth 5): ""'
DAMPER = 'card "Some Damper" support: "Your total power reduces by 2."'
DOUBLER = 'card "Some Doubler" support: "My total power doubles."'
RAISER = 'card "Some Raiser" booster: "My total power increases to 6."'


def test_opponents_effect_on_my_total_power_applies_to_mine() -> None:
    """"Your total power reduces by 2." on the opponent's card lowers my total power, not his."""
    body = "\n".join([HERO, DAMPER, "element fire", 'I have active "Some Hero"',
                      'you have active "Some Damper"'])
    assert verdict(body + "\nask what is my total power?") == 3
    assert verdict(body + "\nask what total power must you reach?") == 3


def test_total_power_effects_whose_order_matters_cannot_be_answered() -> None:
    """Doubling and "increases to 6" give 6 or 12 by their order, which no source fixes."""
    hero = 'card "Some Hero" character (fire 3, earth 3): ""'
    for cards in ('"Some Hero", "Some Doubler", "Some Raiser"',
                  '"Some Hero", "Some Raiser", "Some Doubler"'):
        body = "\n".join([hero, DOUBLER, RAISER, "element fire", f"I have active {cards}",
                          "ask what is my total power?"])
        assert "order" in cannot(body)


def test_conditional_total_power_effect_needs_its_condition() -> None:
    """"If I have more than one active Gust support card, …" does nothing with only one."""
    gust = ('card "Gust Caller" support: "If I have more than one active Gust support card, my '
            'total power increases by 2."')
    other = 'card "Gust Keeper" support: ""'
    base = [HERO, gust, other, "element fire"]
    one = "\n".join([*base, 'I have active "Some Hero", "Gust Caller"',
                     "ask what is my total power?"])
    assert verdict(one) == 5
    two = "\n".join([*base, 'I have active "Some Hero", "Gust Caller", "Gust Keeper"',
                     "ask what is my total power?"])
    assert verdict(two) == 7


def test_value_effect_on_the_opponents_turn_only_acts_then() -> None:
    """"On your turn, the Fire values of your character cards reduce to 0." acts on my turn."""
    chill = ('card "Some Chill" support: "On your turn, the Fire values of your character cards '
             'reduce to 0."')
    body = "\n".join([HERO, chill, "element fire", 'I have active "Some Hero"',
                      'you have active "Some Chill"'])
    assert verdict(body + "\nit is your turn\nask what is my total power?") == 5
    assert verdict(body + "\nit is my turn\nask what is my total power?") == 0


# ---------------------------------------------------------------------- shields
WARDEN = 'card "Some Warden" character (fire 1, earth 1, STOP): ""'
BIG = 'card "Some Giant" character (fire 5, earth 5): ""'
MAGPIE = ('card "Some Magpie" character (fire 0, earth 0): "Your cards with icons are ignored, '
          'except Flit character cards and PROTECTED cards."')
SHREWD = 'card "Some Shrewd" character (fire 0, earth 0): "Your icons are ignored, except STOP."'


def _shielded(*opposing: str) -> str:
    names = ", ".join(f'"{n}"' for n in ("Some Giant", *opposing))
    return "\n".join([WARDEN, BIG, MAGPIE, SHREWD, "element fire",
                      '"Some Warden" has a fire shield', f"you have active {names}",
                      "it is my turn", "phase Character", 'I play "Some Warden"'])


def test_a_shield_spares_matching_and_the_retreat_reason_says_so() -> None:
    """With a shield in the contested element nothing forces a retreat, because of the shield."""
    reply = answers(_shielded() + "\nask must I retreat?")[-1]
    assert reply.verdict == YesNo(False)
    assert "shield" in reply.reason and "not below" not in reply.reason


def test_a_card_with_a_shield_is_a_card_with_icons() -> None:
    """"Your cards with icons are ignored" reaches a card whose only icon is a shield."""
    body = _shielded("Some Magpie")
    assert verdict(body + '\nask is "Some Warden" ignored?') is True
    assert verdict(body + "\nask must I match your total power?") is True


def test_an_ignored_shield_does_not_spare_matching() -> None:
    """"Your icons are ignored, except STOP." takes the shield away: I must match, and retreat."""
    body = _shielded("Some Shrewd")
    assert verdict(body + "\nask must I match your total power?") is True
    assert verdict(body + "\nask must I retreat?") is True


# ---------------------------------------------------------------------- the end of the game
def test_after_the_last_fight_the_loser_of_the_game_starts_the_next() -> None:
    """I retreat from the last fight but win the game on dragons: you start the next fight."""
    body = "\n".join(["my draw deck has 0 cards", "I have 0 cards in hand", "I run out of cards",
                      "it is my turn", "phase Retreat from Fight?", "I retreat",
                      "you attract a dragon", "I have 1 dragon on my side",
                      "you have 0 dragons on your side", "the fight ends"])
    assert verdict(body + "\nask who wins the game?") == "me"
    assert verdict(body + "\nask who starts the next fight?") == "you"


def test_the_retreater_starts_the_next_fight_when_the_game_goes_on() -> None:
    """Both players still hold cards: the player who retreated starts the next fight."""
    body = "\n".join(["my draw deck has 10 cards", "your draw deck has 10 cards",
                      "I have 3 cards in hand", "you have 4 cards in hand", "it is my turn",
                      "phase Retreat from Fight?", "I retreat",
                      "ask who starts the next fight?"])
    assert verdict(body) == "me"


# ---------------------------------------------------------------------- the power to reach
QUAKE = ('card "Some Quake" character (fire 1, earth 6): "I may only play this card if I am '
         'attacked by at least 5 Earth."')


def test_an_announcement_is_the_power_to_reach_when_no_card_is_named() -> None:
    """You announced 6 and the situation names none of your cards: I must reach 6."""
    body = "\n".join([QUAKE, "element earth", "you announced a total power of 6",
                      "it is my turn", "phase Character"])
    assert verdict(body + "\nask what total power must I reach?") == 6
    assert verdict(body + '\nask can I play "Some Quake"?') is True


def test_an_announcement_no_longer_counts_once_the_cards_behind_it_are_gone() -> None:
    """You announced 6; I discard your only card in play: I must reach 0, not 6."""
    sweep = 'card "Some Sweep" leadership: "Now I may discard all cards from your combat area."'
    hero = 'card "Their Hero" character (fire 6, earth 6): ""'
    body = "\n".join([sweep, hero, "element earth", 'you have active "Their Hero"',
                      "you announced a total power of 6", "it is my turn", "phase Leadership",
                      'I play "Some Sweep"', 'I discard "Their Hero"',
                      "ask what total power must I reach?"])
    assert verdict(body) == 0


def test_no_retreat_when_the_announced_power_was_swept_away() -> None:
    """After your only card is discarded, my STOP character's 1 matches your current 0."""
    sweep = 'card "Some Sweep" leadership: "Now I may discard all cards from your combat area."'
    hero = 'card "Their Hero" character (fire 6, earth 6): ""'
    body = "\n".join([sweep, hero, WARDEN, "element earth", 'you have active "Their Hero"',
                      "you announced a total power of 6", "it is my turn", "phase Leadership",
                      'I play "Some Sweep"', 'I discard "Their Hero"', "phase Character",
                      'I play "Some Warden"', "ask must I retreat?"])
    assert verdict(body) is False


# ---------------------------------------------------------------------- unknown values
def test_an_increase_to_the_sum_of_printed_values_needs_both_of_them() -> None:
    """"… increase to the sum of its printed Fire value + its printed Earth value." with only
    the fire value known cannot be answered (the earth value is unknown, not 0)."""
    blend = ('card "Some Blend" booster: "The values of one of my character cards increase to '
             'the sum of its printed Fire value + its printed Earth value."')
    half = 'card "Half Known" character (fire 4): ""'
    body = "\n".join([blend, half, "element fire", 'I have active "Half Known", "Some Blend"',
                      "ask what is my total power?"])
    assert "earth value" in cannot(body)
    whole = body.replace("(fire 4)", "(fire 4, earth 1)")
    assert verdict(whole) == 5


def test_a_value_counted_as_none_is_shown_as_an_assumption() -> None:
    """A support card the sources give no values for counts 0, and the answer says it assumes so."""
    lift = 'card "Some Lift" support: "My total power increases to 7."'
    body = "\n".join([HERO, lift, "element earth", 'I have active "Some Hero", "Some Lift"',
                      "ask what is my total power?"])
    reply = answers(body)[-1]
    assert reply.verdict == Number(7)
    assumed = reply.graph.assumptions()
    assert any('"Some Lift"' in text and "none" in text for text in assumed), assumed


def test_an_ignored_dragon_prohibition_is_named_as_beaten_by_the_ignore() -> None:
    """Your "you may not attract dragons" text is ignored by my card: the reason says so."""
    guard = 'card "Some Guard" character: "If I retreat, you may not attract dragons."'
    hush = ('card "Some Hush" character: "Your special power texts are ignored, except on Flit '
            'character cards."')
    body = "\n".join([LURE, guard, hush, 'I have active "Some Lure", "Some Hush"',
                      'you have active "Some Guard"', "it is your turn",
                      "phase Retreat from Fight?", "you retreat",
                      "ask how many dragons do I attract?"])
    reply = answers(body)[-1]
    assert reply.verdict == Number(2)
    assert '"Some Guard"' in reply.reason and "ignored" in reply.reason


def test_a_value_given_for_one_element_leaves_the_other_unknown() -> None:
    """A support card given "earth 3" (and "value 3" without an element) has no known fire
    value: in a fire fight its total power cannot be answered, in an earth fight it is 3."""
    tome = 'card "Some Tome" support (earth 3, value 3): ""'
    body = "\n".join([tome, HERO, 'you have active "Some Hero", "Some Tome"'])
    assert "fire value" in cannot("element fire\n" + body + "\nask what total power must I reach?")
    assert verdict("element earth\n" + body + "\nask what total power must I reach?") == 8
    assert "fire value" in cannot(body + '\nask what is the fire value of "Some Tome"?')


def test_an_instruction_applied_to_a_card_it_cannot_name_is_not_followed() -> None:
    """"One of my character cards" applied to the opponent's card: cannot answer, never a
    doubled opponent."""
    twice = 'card "Some Twice" support: "The Earth value of one of my character cards doubles."'
    theirs = 'card "Their Hero" character (fire 3, earth 3): ""'
    body = "\n".join([twice, theirs, HERO, "element earth",
                      'I have active "Some Hero", "Some Twice"', 'you have active "Their Hero"',
                      'I apply "Some Twice" to "Their Hero"', "ask what is your total power?"])
    assert "cannot apply" in cannot(body)


def test_an_instruction_whose_card_is_discarded_goes_to_another() -> None:
    """Applied to a card the opponent then discards, the instruction goes to my other card."""
    twice = 'card "Some Twice" support: "The Earth value of one of my character cards doubles."'
    side = 'card "Some Side" character (fire 1, earth 1): ""'
    sweep = 'card "Their Sweep" leadership: "Now I may discard one of your active cards."'
    body = "\n".join([twice, side, sweep, HERO, "element earth",
                      'I have active "Some Hero", "Some Side", "Some Twice"',
                      'I apply "Some Twice" to "Some Side"', "it is your turn",
                      'you play "Their Sweep"', 'you discard "Some Side"',
                      "ask what is my total power?"])
    assert verdict(body) == 10


def test_the_printed_value_is_the_contested_elements_after_printed_value_effects() -> None:
    """"What is the printed value" reads the contested element, after "odd printed values reduce
    to 0" (not "the sources give no printed value")."""
    odd = ('card "Some Cold" character (fire 1, earth 1): "The odd printed values of your '
           'character cards reduce to 0."')
    mixed = 'card "Some Mixed" character (fire 3, earth 4): ""'
    body = "\n".join([odd, mixed, 'you have active "Some Cold"', 'I have active "Some Mixed"'])
    ask = '\nask what is the printed value of "Some Mixed"?'
    assert verdict("element fire\n" + body + ask) == 0
    assert verdict("element earth\n" + body + ask) == 4
    assert "element" in cannot(body + ask)


def test_no_contested_element_is_the_reason_not_missing_values() -> None:
    """Both values known but no element stated: the reason is the element, not the sources;
    with the same value in both elements, the element does not matter."""
    uneven = 'card "Some Uneven" character (fire 3, earth 5): ""'
    reason = cannot(uneven + '\nI have active "Some Uneven"\nask what is my total power?')
    assert "element is contested" in reason and "sources give no" not in reason
    assert verdict(HERO + '\nI have active "Some Hero"\nask what is my total power?') == 5


def test_an_announcement_in_the_other_element_is_no_power_to_reach() -> None:
    """You announced 6 in earth; my card changes the contested element to fire: your power in
    fire is unknown when none of your cards is named."""
    turn = ('card "Some Turn" character (fire 5, earth 1): "The contested element of the fight '
            'changes to Fire."')
    body = "\n".join([turn, "element earth", "you announced a total power of 6", "it is my turn",
                      "phase Character", 'I play "Some Turn"',
                      "ask what total power must I reach?"])
    assert "announced in earth" in cannot(body)


def test_fewer_than_six_named_cards_is_shown_as_an_assumption() -> None:
    """With the areas' sizes not stated, "fewer than six cards" rests on the named cards only,
    and the answer says it assumes so; with six named cards nothing is assumed."""
    five = "\n".join(f'card "Card {n}" support (fire 1, earth 1): ""' for n in "ABCDEF")
    named = ", ".join(f'"Card {n}"' for n in "ABCDE")
    body = "\n".join([five, f"I have active {named}", "it is your turn",
                      "phase Retreat from Fight?", "you retreat",
                      "ask how many dragons do I attract?"])
    reply = answers(body)[-1]
    assert reply.verdict == Number(1)
    assert any("only the cards the situation names" in a for a in reply.graph.assumptions())
    six = body.replace(f"I have active {named}", f'I have active {named}, "Card F"')
    reply = answers(six)[-1]
    assert reply.verdict == Number(2)
    assert not any("situation names" in a for a in reply.graph.assumptions())


def test_dragons_of_a_retreat_are_counted_before_the_areas_are_cleared() -> None:
    """You retreat, then the fight ends: my "one additional dragon" card, discarded with the
    areas, still counted when the dragons came (retreat, dragons, then discard)."""
    body = "\n".join([LURE, 'I have active "Some Lure"',
                      "my combat and support areas hold 6 cards", "it is your turn",
                      "phase Retreat from Fight?", "you retreat", "the fight ends",
                      "ask how many dragons do I attract?"])
    assert verdict(body) == 3


# ---------------------------------------------------------------------- what a value text says
PLODS = """card "Plod" character (fire 1, earth 1): ""
card "Ploddy" character (fire 2, earth 2): ""
card "Plodder" character (fire 3, earth 3): ""
"""


def test_a_value_text_on_several_chosen_cards_is_not_applied_to_all() -> None:
    """"The values of two of my character cards double" is a choice: never all three doubled."""
    body = PLODS + ('card "Twin Potion" booster: "The values of two of my character cards '
                    'double."\n') + """
I have active "Plod", "Ploddy", "Plodder", "Twin Potion"
it is my turn
element fire
ask what is my total power?
"""
    assert "two of my character cards" in cannot(body)


def test_a_value_text_with_a_time_the_judge_does_not_follow_is_not_always_on() -> None:
    """"During my Leadership phase, …" is not read as always: cannot answer, not doubled."""
    body = PLODS + ('card "Morning Glory" support: "During my Leadership phase, the values of my '
                    'character cards double."\n') + """
I have active "Plod", "Morning Glory"
it is my turn
phase Booster/Support
element fire
ask what is my total power?
"""
    assert "during my leadership phase" in cannot(body).lower()
