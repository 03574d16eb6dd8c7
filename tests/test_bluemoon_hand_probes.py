"""Blue Moon judge: probes near the FAQ's hand, draw, discard, retrieve, ship, bluff and deck cases.

Each test is a situation that varies an FAQ case with invented cards, where rulesq once gave a
confident answer the sources do not support.
"""

from __future__ import annotations

from test_bluemoon_discards import decided, verdicts

FORCER = 'card "Forcer" leadership: "Now you must discard two cards from your hand."'
TAKER = 'card "Taker" character: "Now I may draw two cards from your hand and discard them."'
SHOWER = 'card "Shower" leadership: "Now you disclose your hand."'


def test_the_player_who_must_discard_chooses() -> None:
    """"You must discard" on my card: you discard, I am not mentioned, so you choose."""
    assert verdicts(f'''
{FORCER}
it is my turn
I play "Forcer"
ask who chooses the cards for "Forcer"?
''') == ["you"]


def test_an_obligation_on_my_active_card_is_chosen_by_its_discarder() -> None:
    """A standing "you must discard …, or retreat" text: the discarding player chooses."""
    assert verdicts('''
card "Toll" support: "By the end of your Booster/Support phase, you must discard cards with a \
total printed value of at least 3 Fire from your hand, or retreat."
I have active "Toll"
it is your turn
ask who chooses the cards for "Toll"?
''') == ["you"]


def test_drawing_from_a_hand_disclosed_by_count_lets_the_drawer_select() -> None:
    """A hand known by its count, disclosed this turn and not used since: the drawer selects."""
    assert verdicts(f'''
{SHOWER}
{TAKER}
it is my turn
you have 4 cards in hand
phase Leadership
I play "Shower"
phase Character
I play "Taker"
ask who chooses the cards for "Taker"?
''') == ["me"]


def test_a_disclosed_hand_used_since_cannot_be_told() -> None:
    """After the owner's turn, whether disclosed cards remain in hand is not stated."""
    out = verdicts(f'''
{SHOWER}
{TAKER}
it is my turn
you have 4 cards in hand
phase Leadership
I play "Shower"
my turn ends
it is your turn
your turn ends
it is my turn
phase Character
I play "Taker"
ask who chooses the cards for "Taker"?
''')
    assert out[0].startswith("cannot:")


SELF_LOCK_HAND = 'card "Self Lock" support: "I may not take further cards into my hand."'
SELF_LOCK_DECK = 'card "Self Lock" support: "I may not take cards from my draw deck."'
SELF_LOCK_PLAY = 'card "Self Lock" support: "I may not play support cards."'
RETRIEVER = 'card "Flyer" character (fire 2, RETRIEVE): ""'


def test_my_own_i_may_not_take_cards_stops_my_retrieve() -> None:
    """An "I may not take further cards into my hand" text stops its own player retrieving."""
    text = f'''
{SELF_LOCK_HAND}
{RETRIEVER}
I have active "Self Lock", "Flyer"
it is my turn
phase Beginning of Turn
ask can I retrieve "Flyer"?
'''
    assert verdicts(text) == ["no"]
    assert decided(text) == ["card text"]


def test_my_own_i_may_not_take_from_the_deck_stops_my_refresh() -> None:
    """"I may not take cards from my draw deck": no refresh, no draws."""
    assert verdicts(f'''
{SELF_LOCK_DECK}
I have active "Self Lock"
it is my turn
I have 2 cards in hand
phase Refresh Hand
ask how many cards do I draw?
ask can I refresh my hand?
''') == ["0", "no"]


def test_my_own_i_may_not_play_stops_the_play_and_the_load() -> None:
    """"I may not play support cards" stops the play, and so loading a ship instead of it."""
    assert verdicts(f'''
{SELF_LOCK_PLAY}
card "Some Ship" ship (capacity 3): ""
card "Some Character" character: ""
card "Some Support" support: ""
I have active "Self Lock"
it is my turn
I have "Some Ship" in my influence area
I have in hand "Some Character", "Some Support"
phase Character
I play "Some Character"
phase Booster/Support
ask can I play "Some Support"?
ask can I load "Some Support" onto "Some Ship"?
''') == ["no", "no"]


def test_an_i_may_not_text_binds_only_its_own_player() -> None:
    """My "I may not play support cards" does not stop you."""
    assert verdicts(f'''
{SELF_LOCK_PLAY}
card "Some Support" support: ""
I have active "Self Lock"
it is your turn
you have in hand "Some Support"
phase Booster/Support
ask can you play "Some Support"?
''') == ["yes"]


FOG = 'card "Mist" support: "Your icons are ignored, except STOP and PROTECTED."'
BLIND = 'card "Blind" support: "Your icons are ignored, except STOP."'
GUARDED = 'card "Guarded Flyer" character (fire 2, RETRIEVE, PROTECTED): ""'


def test_protected_keeps_an_ignore_that_spares_it_off_its_other_icons() -> None:
    """An active PROTECTED card whose PROTECTED icon is spared keeps its RETRIEVE icon."""
    text = f'''
{FOG}
{GUARDED}
you have active "Mist"
I have active "Guarded Flyer"
it is my turn
phase Beginning of Turn
ask can I retrieve "Guarded Flyer"?
ask is the RETRIEVE icon of "Guarded Flyer" effective?
'''
    assert verdicts(text) == ["yes", "yes"]


def test_an_ignore_that_does_not_spare_protected_reaches_every_icon() -> None:
    """Ignoring icons "except STOP" ignores the PROTECTED icon too, and then the rest."""
    assert verdicts(f'''
{FOG}
{BLIND}
{GUARDED}
you have active "Mist", "Blind"
I have active "Guarded Flyer"
it is my turn
phase Beginning of Turn
ask can I retrieve "Guarded Flyer"?
''') == ["no"]


def test_protected_does_not_shield_a_card_in_hand() -> None:
    """In hand PROTECTED has no effect: the REPLACE icon there is ignored."""
    assert verdicts(f'''
{FOG}
card "Guarded Note" support (PROTECTED, REPLACE): ""
you have active "Mist"
it is my turn
phase Leadership
I have in hand "Guarded Note"
ask can I use the REPLACE icon of "Guarded Note"?
''') == ["no"]


def test_inline_card_of_no_stated_people_cannot_be_costed() -> None:
    """An invented card's people is not stated: it might be the deck's own, and free."""
    out = verdicts('''
card "Costly" character: ""
my deck is an Aqua deck
my deck has 1 "Costly" (moons 4)
ask how many moons does my deck use?
ask can I add "Man-shu-Ran" (moons 0) to my deck?
''')
    assert out[0].startswith("cannot:")
    assert out[1].startswith("cannot:")


def test_a_zero_moon_card_of_no_stated_people_costs_nothing() -> None:
    """Zero moons cost nothing whoever's card it is."""
    assert verdicts('''
card "Cheap" character: ""
my deck is an Aqua deck
my deck has 1 "Cheap" (moons 0)
ask how many moons does my deck use?
''') == ["0"]
