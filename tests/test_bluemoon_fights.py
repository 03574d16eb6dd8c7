"""Blue Moon fights: dragons, retreats, declining, the end of the game (invented situations).

The situations use inline cards in the shapes of the FAQ's cards but with other names, values and
words, so that the rules are shown to follow from the card texts and the game rules, not from the
cards the FAQ names.
"""

from __future__ import annotations

import pytest

from rulesq.engine import Answer, Status, evaluate
from rulesq.engine.verdict import Number, Word, YesNo
from rulesq.situation import parse_situation

LURE = 'card "Some Lure" support: "If you retreat, I attract one additional dragon."'
SLOTH = 'card "Some Drag" booster: "If I retreat, you attract one fewer dragon."'
CAP = 'card "Some Cap" leadership: "If I retreat now, you attract no more than one dragon."'
GUARD = 'card "Some Guard" character: "If I retreat, you may not attract dragons."'
SIREN = (
    'card "Some Siren" support: "By the end of your Booster/Support phase, you must discard '
    "one character card from your hand, or I attract 1 (additional) dragon - even if you "
    'retreat."'
)
NAG = 'card "Some Nag" character: "On your turn, you must play a booster card, or retreat."'
TIDES = "\n".join(
    f'card "{name} Tide" support: "If I have more than one active Tide support card after the '
    'end of my turn, then you must immediately retreat."'
    for name in ("High", "Low")
)
GALES = "\n".join(
    f'card "{name} Gale" support: "If I have more than one active Gale support card at the '
    'beginning of my turn, I immediately attract one dragon (in total)."'
    for name in ("North", "South")
)
STOPPER = 'card "Some Rally" leadership (STOP): "My active cards attack again."'
CANCEL = (
    'card "Not Now" interference: "I may play this card when you play your first '
    "character card on your turn: Your card is cancelled and discarded. You must play a "
    'replacement or retreat."'
)
DENY = (
    'card "No Dragon For You" interference: "I may play this card when you attract exactly '
    'one dragon: You do not attract the dragon."'
)
PLAIN = 'card "Plain One" character: ""\ncard "Plain Two" character: ""'


def answers(body: str) -> list[Answer]:
    """Every answer of a Blue Moon situation."""
    return evaluate(parse_situation("game bluemoon\n" + body, "case.rq"))


def last(body: str) -> Answer:
    """The last answer of a Blue Moon situation."""
    return answers(body)[-1]


def verdict(body: str) -> object:
    """The last answer's verdict, as a plain value."""
    reply = last(body)
    assert reply.status is not Status.CANNOT, reply.reason
    found = reply.verdict
    if isinstance(found, YesNo):
        return found.value
    if isinstance(found, Number | Word):
        return found.value
    return found


def cited(reply: Answer) -> list[str]:
    return [c["clause_id"] for c in reply.citations()]


# ---------------------------------------------------------------------------- dragons
@pytest.mark.parametrize(
    ("setup", "number"),
    [
        ("", 1),
        ("your combat and support areas hold 6 cards", 2),
        ("your combat area holds 4 cards\nyour support area holds 1 cards", 1),
        (f'{LURE}\nyou have active "Some Lure"', 2),
        (f'{SLOTH}\nI have active "Some Drag"\nyour combat and support areas hold 6 cards', 1),
        (
            f'{LURE}\n{CAP}\nyou have active "Some Lure"\n'
            "your combat and support areas hold 6 cards\n"
            'I play "Some Cap"',
            1,
        ),
    ],
)
def test_retreat_dragons_add_modifiers_then_caps(setup: str, number: int) -> None:
    # Areas no count states are said to hold no other cards (a count and "no other cards" that
    # disagree are an input error: tests/cases/input-errors/bluemoon-an-area-count-above-...).
    counted = "areas hold" in setup or "area holds" in setup
    whole = "" if counted else "your combat and support areas hold no other cards"
    body = f"{setup}\n{whole}\nit is my turn\nI retreat\nask how many dragons do you attract?"
    assert verdict(body) == number


def test_you_may_not_attract_beats_additional_dragons() -> None:
    reply = last(
        f'{LURE}\n{GUARD}\nyou have active "Some Lure"\nI have active "Some Guard"\n'
        "it is my turn\nI retreat\nask how many dragons do you attract?"
    )
    assert reply.verdict == Number(0)
    assert reply.decided_by == "you may not"


def test_bluff_cards_and_influence_do_not_count_for_six() -> None:
    body = (
        "your combat area holds 5 cards\nyou have 2 bluff cards\n"
        "your support area holds no other cards\n"
        'card "Some Hyla" hyla: ""\nyou have "Some Hyla" in your influence area\n'
        "it is my turn\nI retreat\nask how many dragons do you attract?"
    )
    assert verdict(body) == 1


def test_dragons_not_due_to_the_retreat_are_separate() -> None:
    body = (
        f'{SIREN}\n{GUARD}\nyou have active "Some Siren"\nI have active "Some Guard"\n'
        "your combat and support areas hold no other cards\n"
        "it is my turn\nI retreat\nask how many dragons do you attract?"
    )
    assert verdict(body) == 1
    discarded = (
        f'{SIREN}\n{PLAIN}\nyou have active "Some Siren"\n'
        "your combat and support areas hold no other cards\nit is my turn\n"
        'I have in hand "Plain One"\nI discard "Plain One"\nI retreat\n'
        "ask how many dragons do you attract?"
    )
    assert verdict(discarded) == 1


def test_an_interference_card_answers_one_of_separate_attractions() -> None:
    body = (
        f'{SIREN}\n{DENY}\nyou have active "Some Siren"\nit is my turn\nI retreat\n'
        'ask can I play "No Dragon For You"?'
    )
    assert verdict(body) is True
    two_at_once = (
        f"{DENY}\nyour combat and support areas hold 6 cards\nit is my turn\n"
        'I retreat\nask can I play "No Dragon For You"?'
    )
    assert verdict(two_at_once) is False


def test_beginning_of_turn_texts_attract_once_in_total_even_with_a_retreat() -> None:
    body = (
        f'{GALES}\nI have active "North Gale", "South Gale"\nit is my turn\n'
        "phase Beginning of Turn\nI retreat\nask how many dragons do I attract?"
    )
    assert verdict(body) == 1


def test_game_start_texts_attract_in_game_preparation() -> None:
    body = (
        'card "Some Marshal" inquisitor: "At the start of the game, I attract one dragon."\n'
        'my inquisitor is "Some Marshal"\nphase Game Preparation\n'
        "ask how many dragons do I attract?"
    )
    assert verdict(body) == 1


def test_ignored_modifier_gives_no_additional_dragon() -> None:
    body = (
        f'{LURE}\ncard "Some Hush" leadership: "On this turn, your special power texts are '
        'ignored."\nyou have active "Some Lure"\nit is my turn\nI play "Some Hush"\n'
        "I retreat\nask how many additional dragons do you attract?"
    )
    reply = last(body)
    assert reply.verdict == Number(0)
    assert reply.decided_by == "ignore"


# ---------------------------------------------------------------------------- retreats
def test_no_character_card_means_retreat_or_decline_on_the_first_turn() -> None:
    later = "it is my turn\nphase Character\nI have no character cards in hand\n"
    assert verdict(later + "ask must I retreat?") is True
    first = "it is the first turn of the fight\n" + later
    assert verdict(first + "ask must I retreat?") is False
    assert verdict(first + "ask must I decline to start the fight?") is True


def test_must_decline_needs_the_hand() -> None:
    reply = last(
        "it is the first turn of the fight\nit is my turn\nphase Character\n"
        "ask must I decline to start the fight?"
    )
    assert reply.status is Status.CANNOT


@pytest.mark.parametrize(
    ("plays", "must"),
    [
        ('phase Character\nI play "Plain One"\nphase Announce Power', True),
        (
            'phase Character\nI play "Plain One"\nphase Booster/Support\nI play "Some Boost"\n'
            "phase Announce Power",
            False,
        ),
        ('phase Leadership\nI play "Some Rally"', True),
    ],
)
def test_play_or_retreat_texts(plays: str, must: bool) -> None:
    body = (
        f'{NAG}\n{STOPPER}\ncard "Some Boost" booster (fire 0): ""\n'
        'card "Plain One" character (fire 4): ""\nelement fire\n'
        f'you have active "Some Nag" (fire 1)\nit is my turn\n{plays}\nask must I retreat?'
    )
    assert verdict(body) is must


def test_rally_below_the_opponents_power_must_retreat() -> None:
    cards = (
        f'{STOPPER}\ncard "Weak One" character (fire 1, earth 1): ""\n'
        'card "Strong One" character (fire 6, earth 6): ""\n'
    )
    below = cards + (
        'element fire\nI have active "Weak One"\nyou have active "Strong One"\n'
        'it is my turn\nI play "Some Rally"\nask must I retreat?'
    )
    assert verdict(below) is True
    above = cards + (
        'element fire\nI have active "Strong One"\nyou have active "Weak One"\n'
        'it is my turn\nI play "Some Rally"\nask must I retreat?'
    )
    assert verdict(above) is False


def test_a_character_on_a_landed_ship_can_still_be_played() -> None:
    body = (
        f'{PLAIN}\ncard "Some Boat" ship (capacity 2): ""\nit is my turn\n'
        'I have "Some Boat" in my influence area\n"Some Boat" holds "Plain One"\n'
        'phase Beginning of Turn\nI land "Some Boat"\nphase Character\n'
    )
    assert verdict(body + "ask must I retreat?") is False
    empty = body.replace('"Some Boat" holds "Plain One"\n', "")
    assert verdict(empty + "ask must I retreat?") is True


def test_immediate_retreat_after_the_end_of_the_turn() -> None:
    both = f'{TIDES}\nyou have active "High Tide", "Low Tide"\nit is your turn\nyour turn ends\n'
    reply = last(both + "ask must I retreat?")
    assert reply.verdict == YesNo(True)
    assert reply.decided_by == "card text"
    one = (
        f'{TIDES}\nyou have active "High Tide"\nyour combat and support areas hold no other '
        "cards\nit is your turn\nyour turn ends\n"
    )
    assert verdict(one + "ask must I retreat?") is False


def test_retreat_only_in_the_retreat_phase() -> None:
    base = f"{PLAIN}\nit is my turn\n"
    assert verdict(base + "phase Retreat from Fight?\nask can I retreat?") is True
    assert verdict(base + 'I play "Plain One"\nask can I retreat?') is False
    first = "it is the first turn of the fight\n" + base
    assert verdict(first + "phase Retreat from Fight?\nask can I retreat?") is False


def test_a_cancelling_card_lets_the_starting_player_retreat_not_decline() -> None:
    body = (
        f"{PLAIN}\n{CANCEL}\nI am due to start the fight\nit is my turn\n"
        'it is the first turn of the fight\nphase Character\nI play "Plain One"\n'
        'you play "Not Now"\n'
    )
    assert verdict(body + "ask can I decline to start the fight?") is False
    reply = last(body + "ask can I retreat?")
    assert reply.verdict == YesNo(True)
    assert reply.decided_by == "card text"


# ---------------------------------------------------------------------------- starting
def test_declining_passes_the_start() -> None:
    body = f"{PLAIN}\nI am due to start the fight\nit is my turn\nphase Retreat from Fight?\n"
    assert verdict(body + "ask can I decline to start the fight?") is True
    assert verdict(body + "ask can you decline to start the fight?") is False
    declined = body + 'I decline to start the fight\nI discard "Plain One"\n'
    assert verdict(declined + "ask who starts the next fight?") == "you"
    assert verdict(declined + "ask does the fight end?") is False
    assert (
        verdict(
            declined + "it is your turn\nphase Retreat from Fight?\n"
            "ask can you decline to start the fight?"
        )
        is True
    )


def test_the_retreating_player_starts_the_next_fight() -> None:
    assert verdict("it is your turn\nyou retreat\nask who starts the next fight?") == "you"


def test_the_opponent_acts_first_on_a_text_for_both_players() -> None:
    body = (
        'card "Some Chosen" leadership: "Now we both shuffle our discard piles into our '
        'draw decks."\nit is my turn\nI play "Some Chosen"\nask who acts first?'
    )
    assert verdict(body) == "you"


def test_a_shield_in_the_contested_element_spares_matching() -> None:
    base = f'{PLAIN}\nelement earth\nit is my turn\nphase Character\nI play "Plain One"\n'
    assert verdict(base + "ask must I match your total power?") is True
    shielded = base.replace("element earth\n", 'element earth\n"Plain One" has an earth shield\n')
    assert verdict(shielded + "ask must I match your total power?") is False
    fire = base.replace("element earth\n", 'element fire\n"Plain One" has an earth shield\n')
    assert verdict(fire + "ask must I match your total power?") is True


# ---------------------------------------------------------------------------- the end
def test_the_game_ends_after_a_fight_when_a_player_ran_out() -> None:
    body = (
        f'{PLAIN}\nmy draw deck has 0 cards\nmy hand holds only "Plain One"\n'
        'it is my turn\nphase Character\nI play "Plain One"\n'
    )
    assert verdict(body + "ask does the fight end?") is False
    assert verdict(body + "ask does the game end?") is False
    assert verdict(body + "I retreat\nask does the game end?") is True


def test_the_game_end_needs_the_cards_left() -> None:
    reply = last("it is my turn\nI retreat\nask does the game end?")
    assert reply.status is Status.CANNOT


def test_a_fourth_dragon_ends_the_game_and_scores_three() -> None:
    body = (
        "you have 3 dragons on your side\nI have 0 dragons on my side\nit is my turn\nI retreat\n"
    )
    assert verdict(body + "ask does the game end?") is True
    assert verdict(body + "ask who wins the game?") == "you"
    assert verdict(body + "ask how many crystals does the winner score?") == 4


def test_winner_by_dragons_then_by_the_last_to_hold_cards() -> None:
    dragons = (
        "my draw deck has 0 cards\nI have 0 cards in hand\nI run out of cards\n"
        "I have 2 dragons on my side\nyou have 0 dragons on your side\nthe fight ends\n"
    )
    assert verdict(dragons + "ask who wins the game?") == "me"
    assert verdict(dragons + "ask how many crystals does the winner score?") == 3
    centre = (
        f"{PLAIN}\nmy draw deck has 0 cards\nyour draw deck has 0 cards\n"
        'my hand holds only "Plain One"\nyour hand holds only "Plain Two"\n'
        'it is my turn\nI play "Plain One"\nit is your turn\nyou play "Plain Two"\n'
        "I have 0 dragons on my side\nyou have 0 dragons on your side\nthe fight ends\n"
    )
    assert verdict(centre + "ask who wins the game?") == "you"
    assert verdict(centre + "ask how many crystals does the winner score?") == 1


def test_winner_needs_the_dragons() -> None:
    reply = last("I run out of cards\nthe fight ends\nask who wins the game?")
    assert reply.status is Status.CANNOT


def test_a_turn_ended_by_an_interference_card() -> None:
    body = (
        'card "Stop It" interference: "I may play this card immediately after you announce '
        'your power: Your turn ends immediately."\nit is my turn\nphase Announce Power\n'
        "I announce my total power\n"
    )
    assert verdict(body + "ask does the turn end?") is False
    assert verdict(body + 'you play "Stop It"\nask does the turn end?') is True


def test_rulings_cite_the_fight_rules() -> None:
    reply = last(
        "it is my turn\nphase Character\nI have no character cards in hand\nask must I retreat?"
    )
    assert "bluemoon/rules/no-character-retreat" in cited(reply)
