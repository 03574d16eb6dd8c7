"""Blue Moon judge: probes near the FAQ's hand, draw, discard, retrieve, ship, bluff and deck cases.

Each test is a situation that varies an FAQ case with invented cards, where rulesq once gave a
confident answer the sources do not support.
"""

from __future__ import annotations

from test_bluemoon_discards import verdicts

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
