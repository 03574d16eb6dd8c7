"""Blue Moon judge: discarding from hand and from play, requirements, who chooses.

Invented cards in the shapes of the FAQ's cases, so the rules are shown to generalise.
"""

from __future__ import annotations

import pytest

from rulesq.engine.check import check_situation
from rulesq.situation import parse_situation

GRUB = (
    'card "Ember Grub" booster: "By the end of your Character phase, you must discard one '
    'booster card from your hand, or retreat."'
)
MIRE = (
    'card "Mire Grub" booster: "By the end of your Booster/Support phase, you must discard '
    'cards with a total printed value of at least 4 Earth from your hand, or retreat."'
)
LODE = (
    'card "Lode Grub" booster: "By the end of your Booster/Support phase, you must discard '
    'cards with a total printed value of at least 4 Fire from your hand, or retreat."'
)
TITHE = (
    'card "Earth Tithe" leadership: "Now I may discard cards with a total printed value of '
    'at least 6 Earth from my hand to attract one dragon."'
)
SWEEPER = (
    'card "Sweeper" character: "Now I may discard all of your active booster cards, '
    'except one active booster card."'
)
RINSE = (
    'card "Rinse" leadership: "Now I may discard up to three cards from my hand and then may '
    'draw up to the same number of cards."'
)
TRIM = (
    'card "Trim" leadership: "Now you may not have more than four cards in your hand and you '
    'must discard any additional cards."'
)
HUSH = (
    'card "Hush" character: "Your special power texts are ignored, except on Flit character cards."'
)


def verdicts(text: str) -> list[str]:
    """The verdict of each question of a situation (``cannot: …`` when it cannot answer)."""
    situation = parse_situation("game bluemoon\n" + text.strip() + "\n", "<test>")
    out = []
    for check in check_situation(situation).questions:
        answer = check.answer
        out.append(
            answer.verdict.show()
            if answer.answered and answer.verdict
            else f"cannot: {answer.reason}"
        )
    return out


def decided(text: str) -> list[str | None]:
    """The ladder step that decided each question."""
    situation = parse_situation("game bluemoon\n" + text.strip() + "\n", "<test>")
    return [check.answer.decided_by for check in check_situation(situation).questions]


def test_discarding_needs_a_permission() -> None:
    """Nothing permits a discard from hand just because the player wants to."""
    assert verdicts("""
card "Clod" character (fire 1, earth 1): ""
it is my turn
I have in hand "Clod"
ask can I discard "Clod"?
""") == ["no"]


def test_obligation_met_in_own_turn_up_to_its_phase() -> None:
    """An opposing "by the end of your Character phase" obligation: own turn, up to that phase."""
    text = f"""
{GRUB}
card "Spare Booster" booster: ""
you have active "Ember Grub"
I have in hand "Spare Booster"
it is your turn
ask can I discard "Spare Booster"?
it is my turn
phase Leadership
ask can I discard "Spare Booster"?
phase Character
ask can I discard "Spare Booster"?
phase Booster/Support
ask can I discard "Spare Booster"?
"""
    assert verdicts(text) == ["no", "yes", "yes", "no"]


def test_wrong_card_type_does_not_count() -> None:
    """A character card does not satisfy "discard one booster card"."""
    assert verdicts(f"""
{GRUB}
card "Clod" character: ""
you have active "Ember Grub"
it is my turn
I have in hand "Clod"
ask can I discard "Clod"?
""") == ["no"]


def test_no_extra_cards_and_partial_discards() -> None:
    """Cards that do not contribute may not go; a card short of the total still counts."""
    text = f"""
{MIRE}
card "Big Clod" character (fire 0, earth 4): ""
card "Small Clod" character (fire 0, earth 1): ""
card "Hot Rock" character (fire 3, earth 0): ""
you have active "Mire Grub"
it is my turn
phase Character
I have in hand "Big Clod", "Small Clod", "Hot Rock"
ask can I discard "Big Clod" and "Small Clod"?
ask can I discard "Big Clod"?
ask can I discard "Small Clod"?
ask can I discard "Hot Rock"?
I discard "Big Clod"
ask can I discard "Small Clod"?
"""
    assert verdicts(text) == ["no", "yes", "yes", "no", "no"]


def test_each_text_is_satisfied_independently() -> None:
    """One card with fire and earth satisfies one of two texts, and can go to the other."""
    text = f"""
{MIRE}
{LODE}
card "Both Clod" character (fire 4, earth 4): ""
card "Hot Clod" character (fire 4, earth 0): ""
you have active "Mire Grub", "Lode Grub"
it is my turn
phase Character
I have in hand "Both Clod", "Hot Clod"
I discard "Both Clod"
ask are "Mire Grub" and "Lode Grub" satisfied?
ask is "Mire Grub" satisfied?
ask can I discard "Hot Clod"?
I discard "Hot Clod"
ask are "Mire Grub" and "Lode Grub" satisfied?
ask must I discard?
"""
    assert verdicts(text) == ["no", "yes", "yes", "yes", "no"]


def test_offer_discards_belong_to_their_play() -> None:
    """Discards made for a "Now I may discard … to attract" text do not meet an obligation."""
    text = f"""
{MIRE}
{TITHE}
card "Big Clod" character (fire 0, earth 4): ""
card "Mid Clod" character (fire 0, earth 2): ""
card "Small Clod" character (fire 0, earth 1): ""
you have active "Mire Grub"
it is my turn
phase Leadership
I have in hand "Big Clod", "Mid Clod", "Small Clod"
I play "Earth Tithe"
ask can I discard "Big Clod", "Mid Clod" and "Small Clod"?
ask can I discard "Big Clod" and "Mid Clod"?
I discard "Big Clod", "Mid Clod"
ask is "Earth Tithe" satisfied?
ask is "Mire Grub" satisfied?
ask how much earth must I still discard?
"""
    assert verdicts(text) == [
        "no",
        "yes",
        "yes",
        "no",
        "cannot: several texts ask the player to discard earth; each is satisfied independently",
    ]


def test_printed_values_are_read_in_hand() -> None:
    """An opposing printed-value reduction and an opposing ignore apply to cards in hand."""
    text = f"""
{MIRE}
card "Dull" support: "The even printed values of your character cards reduce to 0."
card "Big Clod" character (fire 0, earth 4): ""
you have active "Mire Grub", "Dull"
it is my turn
I have in hand "Big Clod"
I discard "Big Clod"
ask is "Mire Grub" satisfied?
"""
    assert verdicts(text) == ["no"]


def test_ignored_obligation_justifies_no_discard() -> None:
    """While the obligation's text is ignored, no text justifies the discard."""
    text = f"""
{MIRE}
{HUSH}
card "Big Clod" character (fire 0, earth 4): ""
card "Plain" character: ""
I have active "Hush"
you have active "Mire Grub"
it is my turn
I have in hand "Big Clod"
ask can I discard "Big Clod"?
ask must I discard?
I play "Plain"
ask must I discard?
ask can I discard "Big Clod"?
"""
    assert verdicts(text) == ["no", "no", "yes", "yes"]
    assert decided(text)[:2] == ["ignore", "ignore"]


def test_doubling_the_requirement() -> None:
    """Text "The effect of one of my … cards doubles" doubles the numbers of the requirement."""
    text = f"""
{MIRE}
card "Grub Keeper" character: "The effect of one of my Mire booster cards doubles."
card "Big Clod" character (fire 0, earth 4): ""
card "Mid Clod" character (fire 0, earth 3): ""
you have active "Grub Keeper", "Mire Grub"
it is my turn
phase Character
I have in hand "Big Clod", "Mid Clod"
I discard "Big Clod"
ask is "Mire Grub" satisfied?
ask how much earth must I still discard?
ask can I discard "Mid Clod"?
"""
    assert verdicts(text) == ["no", "4", "yes"]


def test_declining_allows_one_to_three_discards() -> None:
    """After declining a player discards one to three cards, and must discard one."""
    text = """
card "A" booster: ""
card "B" booster: ""
card "C" booster: ""
card "D" booster: ""
I am due to start the fight
my hand holds only "A", "B", "C", "D"
it is my turn
phase Retreat from Fight?
I decline to start the fight
ask must I discard a card?
ask can I discard "A", "B", "C" and "D"?
ask can I discard "A", "B" and "C"?
"""
    assert verdicts(text) == ["yes", "no", "yes"]


def test_forced_discard_is_chosen_by_the_discarding_player() -> None:
    """Text "Force you to discard": the forced player discards and chooses."""
    text = """
card "Bully" character: "Now I may force you to discard one card from your hand."
card "Thief" character: "Now I may draw one card from your hand and discard it."
card "Clod" character: ""
it is my turn
I play "Bully"
I use the special power text of "Bully"
ask who chooses the card for "Bully"?
ask must you discard a card?
ask who chooses the card for "Thief"?
"""
    assert verdicts(text) == ["you", "yes", "nobody"]


def test_play_cost_discard_survives_cancellation() -> None:
    """An "I must discard … to play this card" is owed even when the card is cancelled."""
    text = """
card "Hungry" character: "I must discard one card from my hand to play this card."
it is my turn
phase Character
I have in hand "Hungry"
I have 3 cards in hand
I play "Hungry"
you play "Shame on you!"
ask must I discard a card?
"""
    assert verdicts(text) == ["yes"]
    assert decided(text) == ["I must"]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ('"Left Boot"', "yes"),
        ('"Left Boot" and "Right Boot"', "no"),
        ('"Iron Boot"', "no"),
    ],
)
def test_discarding_in_play_by_a_text(cards: str, expected: str) -> None:
    """Text "One of" takes one card; the opponent's PROTECTED cards stay."""
    text = f"""
card "Kicker" character: "Now I may discard one of your active booster cards."
card "Left Boot" booster: ""
card "Right Boot" booster: ""
card "Iron Boot" booster (PROTECTED): ""
you have active "Left Boot", "Right Boot", "Iron Boot"
it is my turn
phase Character
I play "Kicker"
ask can I discard {cards}?
"""
    assert verdicts(text) == [expected]


def test_counted_exception_is_the_readers_choice() -> None:
    """Text "Except one active booster card": any one may stay, so each may go, but not all."""
    text = f"""
{SWEEPER}
card "Left Boot" booster: ""
card "Right Boot" booster: ""
you have active "Left Boot", "Right Boot"
it is my turn
I play "Sweeper"
ask can I discard "Left Boot"?
ask can I discard "Left Boot" and "Right Boot"?
ask who chooses the card for "Sweeper"?
"""
    assert verdicts(text) == ["yes", "no", "me"]


def test_on_my_turn_texts_act_only_on_that_turn() -> None:
    """A "On my turn, I may discard …" text does nothing in the other player's turn."""
    text = """
card "Picker" character: "On my turn, I may discard one of your active booster cards."
card "Left Boot" booster: ""
I have active "Picker"
you have active "Left Boot"
it is your turn
ask can I discard "Left Boot"?
it is my turn
ask can I discard "Left Boot"?
"""
    assert verdicts(text) == ["no", "yes"]


def test_counted_discards_need_no_minimal_set() -> None:
    """Text "Up to three cards" is a count: any number up to it may go (no-extra is for totals)."""
    text = f"""
{RINSE}
card "A" booster: ""
card "B" booster: ""
card "C" booster: ""
card "D" booster: ""
it is my turn
phase Leadership
I have 5 cards in hand
I have in hand "A", "B", "C", "D"
I play "Rinse"
ask can I discard "A" and "B"?
ask can I discard "A", "B", "C" and "D"?
I discard "A", "B"
ask how many cards do I draw?
"""
    assert verdicts(text) == ["yes", "no", "4"]


def test_hand_limit_makes_the_excess_go() -> None:
    """Text "You may not have more than N cards … and you must discard any additional cards"."""
    text = f"""
{TRIM}
card "A" booster: ""
card "B" booster: ""
you have 6 cards in hand
you have in hand "A", "B"
it is my turn
phase Leadership
I play "Trim"
ask must you discard a card?
ask can you discard "A"?
you discard "A", "B"
ask must you discard a card?
"""
    assert verdicts(text) == ["yes", "yes", "no"]


CLEARED = """
card "Aid One" support (fire 1, earth 1): ""
you have active "Aid One"
it is my turn
"""


def test_a_discarding_text_on_the_other_players_turn_does_not_act_on_mine() -> None:
    """Text "On your turn, I may discard …" acts on the opponent's turn, not its player's."""
    assert verdicts(
        'card "Night Raid" support: "On your turn, I may discard one of your '
        'active support cards."\nI have active "Night Raid"'
        + CLEARED
        + 'ask can I discard "Aid One"?'
    ) == ["no"]


def test_a_discarding_text_checks_its_condition() -> None:
    """Text "If you have no cards in your hand, now I may discard …": the hand is not given."""
    (verdict,) = verdicts(
        'card "Empty Raid" leadership: "If you have no cards in your hand, '
        'now I may discard all of your active support cards."'
        + CLEARED
        + 'I play "Empty Raid"\nask can I discard "Aid One"?'
    )
    assert verdict.startswith("cannot"), verdict


def test_a_discard_from_hand_offer_checks_its_condition() -> None:
    """Text "If you have no cards in your hand, now I may discard two cards from my hand …": the
    opponent's hand is not given, so whether the offer stands is not known."""
    (verdict,) = verdicts(
        'card "Lean Tithe" leadership: "If you have no cards in your hand, '
        'now I may discard two cards from my hand to attract one dragon."\n'
        'card "Clod" character (fire 1, earth 1): ""\n'
        'card "Clam" character (fire 1, earth 1): ""\n'
        'it is my turn\nI have in hand "Clod", "Clam"\nI play "Lean Tithe"\n'
        'ask can I discard "Clod", "Clam"?'
    )
    assert verdict.startswith("cannot"), verdict
