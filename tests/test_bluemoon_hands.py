"""Blue Moon judge: drawing, refreshing, disclosed cards, shuffling back and discard piles.

Invented cards in the shapes of the FAQ's cases, so the rules are shown to generalise.
"""

from __future__ import annotations

from test_bluemoon_discards import decided, verdicts

GATE = (
    'card "Shut Gate" support: "If you have five or more cards in your hand, you may not take '
    'further cards into your hand."'
)
DAM = 'card "Dry Dam" support: "You may not take cards from your draw deck."'
HOARD = 'card "Hoard" support: "At the end of my turn, I may draw two additional cards."'
MISER = 'card "Miser" support: "You may not draw additional cards at the end of your turn."'
CATCH_UP = (
    'card "Catch Up" leadership: "If I have fewer cards in my hand than you, now I may '
    'draw to the same number of cards."'
)
POCKET = (
    'card "Deep Pocket" hyla: "At the end of each fight, if I hold fewer than nine cards in '
    'my hand, I may draw to nine cards."'
)
SIFTER = (
    'card "Sifter" character: "At the end of my turn, I may draw (up to) two additional '
    'cards and then shuffle one card from my hand into my draw deck."'
)
TIDE = (
    'card "Tide Turn" leadership: "Now we both shuffle our hands into our draw decks, then we '
    'refresh our hands."'
)


def test_draws_to_the_end_of_the_turn() -> None:
    """Refresh first, then "at the end of my turn" draws."""
    assert verdicts(f"""
{HOARD}
I have active "Hoard"
it is my turn
I have 3 cards in hand
phase Announce Power
ask how many cards do I draw?
""") == ["5"]


def test_additional_draw_prohibition_names_only_that_wording() -> None:
    """Text "You may not draw additional cards at the end of your turn" stops only such texts."""
    text = f"""
{HOARD}
{MISER}
I have active "Hoard"
you have active "Miser"
it is my turn
I have 3 cards in hand
phase Announce Power
ask how many cards do I draw?
"""
    assert verdicts(text) == ["3"]
    assert decided(text) == ["you may not"]


def test_conditional_prohibition_acts_as_far_as_possible() -> None:
    """Cards are drawn one by one until the condition of the prohibition holds."""
    assert verdicts(f"""
{GATE}
you have active "Shut Gate"
it is my turn
I have 2 cards in hand
phase Refresh Hand
ask how many cards do I draw?
ask to how many cards do I refresh my hand?
ask can I refresh my hand?
""") == ["3", "5", "yes"]


def test_no_taking_from_the_draw_deck_stops_refreshing() -> None:
    """A draw-deck prohibition stops the refresh; at the end of the fight it is discarded."""
    text = f"""
{DAM}
you have active "Dry Dam"
it is my turn
I have 2 cards in hand
phase Refresh Hand
ask can I refresh my hand?
ask must I refresh my hand?
ask how many cards do I draw?
the fight ends
ask can I refresh my hand?
"""
    assert verdicts(text) == ["no", "no", "0", "yes"]
    assert decided(text)[:3] == ["you may not", "you may not", "you may not"]


def test_refresh_moments() -> None:
    """Not in the other player's turn; in one's Refresh Hand phase; not after a retreat."""
    text = """
it is your turn
I have 4 cards in hand
ask can I refresh my hand?
ask must I refresh my hand?
your turn ends
it is my turn
phase Booster/Support
ask can I refresh my hand at the end of the turn?
phase Refresh Hand
ask must I refresh my hand?
ask to how many cards do I refresh my hand?
"""
    assert verdicts(text) == ["no", "no", "yes", "yes", "6"]


def test_only_the_decliner_refreshes_and_to_six() -> None:
    """Declining is not the end of a fight: "at the end of each fight" texts do not act."""
    text = f"""
{POCKET}
you have "Deep Pocket" in your influence area
you have 2 cards in hand
you are due to start the fight
it is your turn
phase Retreat from Fight?
you decline to start the fight
ask can I refresh my hand?
ask must you refresh your hand?
ask to how many cards do you refresh your hand?
"""
    assert verdicts(text) == ["no", "yes", "6"]


def test_end_of_fight_draw_to_texts_raise_the_refresh() -> None:
    """At the end of a fight an "at the end of each fight … draw to N" text applies."""
    assert verdicts(f"""
{POCKET}
I have "Deep Pocket" in my influence area
I have 2 cards in hand
it is my turn
I retreat
the fight ends
ask to how many cards do I refresh my hand?
""") == ["9"]


def test_replace_draw_is_optional_and_can_be_forbidden() -> None:
    """After a REPLACE discard one card may (not must) be drawn, unless a text forbids it."""
    text = """
card "Swap Card" character (REPLACE): ""
it is my turn
phase Leadership
I have in hand "Swap Card"
ask can I discard "Swap Card"?
I use the REPLACE icon of "Swap Card"
ask must I draw 1 card?
ask can I draw 1 card?
ask can I draw 2 cards?
"""
    assert verdicts(text) == ["yes", "no", "yes", "no"]
    assert verdicts("""
card "Swap Card" character (REPLACE): ""
card "Full Hands" character: "You may not take further cards into your hand."
you have active "Full Hands"
it is my turn
phase Leadership
I have in hand "Swap Card"
I use the REPLACE icon of "Swap Card"
ask can I draw 1 card?
""") == ["no"]


def test_up_to_draws_and_shuffling_back() -> None:
    """Text "(up to) two" allows fewer; "then shuffle one card" may take a card just drawn."""
    text = f"""
{SIFTER}
card "Pebble" character: ""
card "Stone" character: ""
it is my turn
I play "Sifter"
phase End of Turn
ask can I draw 1 card?
ask can I draw 3 cards?
I use the special power text of "Sifter"
I draw "Pebble", "Stone"
ask can I shuffle "Pebble" into my draw deck?
ask can I shuffle "Pebble" and "Stone" into my draw deck?
"""
    assert verdicts(text) == ["yes", "no", "yes", "no"]


def test_now_texts_disclose_the_hand_as_it_is_then() -> None:
    """Cards in hand when a "now you disclose" text acts stay disclosed; later ones are not."""
    text = """
card "Peeper" character: "Now you disclose your hand."
card "Old Card" character: ""
card "New Card" character: ""
you have in hand "Old Card"
it is my turn
I play "Peeper"
you draw "New Card"
ask is "Old Card" disclosed?
ask is "New Card" disclosed?
"""
    assert verdicts(text) == ["yes", "no"]


def test_shuffling_a_hand_away_before_a_blocked_refresh() -> None:
    """Text "Now we both shuffle our hands … then we refresh": a prohibition leaves none."""
    text = f"""
{TIDE}
card "Full Hands" character: "You may not take further cards into your hand."
I have active "Full Hands"
I have 4 cards in hand
you have 3 cards in hand
it is my turn
phase Leadership
I play "Tide Turn"
ask how many cards do you have in hand?
ask how many cards do I have in hand?
"""
    assert verdicts(text) == ["0", "6"]


def test_where_discarded_cards_go() -> None:
    """Leadership cards go onto the leader, others onto the discard pile."""
    assert verdicts("""
card "Some Order" leadership: ""
card "Some Booster" booster: ""
I have active "Some Booster"
ask where does "Some Order" go when I discard it?
ask where does "Some Booster" go when I discard it?
it is your turn
you play "Cinder"
you discard "Some Booster"
ask is "Some Booster" in my discard pile?
""") == ['"on top of the leader (never the discard pile)"', '"the discard pile"', "yes"]


def test_a_card_named_only_after_the_disclosure_is_undecided() -> None:
    """A card the situation places in hand only after the disclosure may have been there."""
    (answer,) = verdicts("""
card "Peeper" character: "Now you disclose your hand."
card "Old Card" character: ""
it is my turn
I play "Peeper"
you have in hand "Old Card"
ask is "Old Card" disclosed?
""")
    assert answer.startswith("cannot:")


def test_draws_stop_when_the_draw_deck_runs_out() -> None:
    """A stated draw deck limits the draws of the refresh and of later texts."""
    assert verdicts(f"""
{HOARD}
I have active "Hoard"
it is my turn
I have 3 cards in hand
my draw deck has 4 cards
phase Announce Power
ask how many cards do I draw?
""") == ["4"]


def test_now_texts_are_not_carried_out_again_after_the_turn() -> None:
    """Once the turn is over, the draw of the last play's "now" text is not counted again."""
    assert verdicts(f"""
{CATCH_UP}
I have 3 cards in hand
you have 6 cards in hand
it is my turn
I play "Catch Up"
ask how many cards do I draw?
my turn ends
ask how many cards do I draw?
""") == ["4", "0"]


def test_a_replacement_card_counts_among_the_turns_draws() -> None:
    """The optional replacement after a REPLACE discard is drawn before the refresh."""
    assert verdicts("""
card "Swap Card" character (REPLACE): ""
it is my turn
phase Leadership
I have 6 cards in hand
I have in hand "Swap Card"
I use the REPLACE icon of "Swap Card"
ask how many cards do I draw?
""") == ["1"]
