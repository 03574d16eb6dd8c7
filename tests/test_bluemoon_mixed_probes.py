"""Mixed probes of the Blue Moon judge, on invented inline cards.

Each situation combines FAQ cases from different sections (an ignore effect with values and a
dragon count, a prohibition with PROTECTED and a retrieve, bluffs with ships and hand sizes) and
asks at several moments. The answers are those the seeds give: the FAQ answers and the rulebook
and rulesheet clauses they quote.
"""

from __future__ import annotations

from rulesq.engine import Status, evaluate
from rulesq.situation import parse_situation


def answers(body: str) -> list[tuple[str, str]]:
    """(verdict, status) for each question of a Blue Moon situation."""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    return [((a.verdict.show() if a.verdict else "-"), a.status.key)
            for a in evaluate(situation)]


def reasons(body: str) -> list[str]:
    """The reason (or why not) of each answer."""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    return [a.reason for a in evaluate(situation)]


DEFINITE = Status.DEFINITE.key
PRECEDENCE = Status.PRECEDENCE.key
CANNOT = ("-", Status.CANNOT.key)


# ---------------------------------------------------------------------- applied instructions
JOIN = ("The values of one of my character cards increase to the sum of its printed Fire value "
        "+ its printed Earth value.")
CONJOINED = f"""
card "Blaze Kid" character (fire 3, earth 4): ""
card "Shield Kid" character (fire 2, earth 2, PROTECTED, FREE): ""
card "Hush Hawk" character (fire 0, earth 0): "Your character cards are ignored."
card "Join Draught" booster: "{JOIN}"
card "Odd Chill" character: "The odd printed values of your character cards reduce to 0."
element fire
you have active "Odd Chill"
I have active "Blaze Kid", "Shield Kid", "Join Draught"
I apply "Join Draught" to "Blaze Kid"
ask what is my total power?
it is your turn
phase Character
you play "Hush Hawk"
ask is "Blaze Kid" ignored?
ask what is my total power?
"""


def test_an_instruction_applied_to_a_card_the_opponent_then_ignores_may_move() -> None:
    """Rulebook p.17: a card the opponent influences after an instruction was applied to it
    frees the instruction for a different active card, so the total power is a choice (2 or 4),
    not the 2 of the first application. Influence already there when it was applied (the odd
    values reduced) does not reopen it."""
    got = answers(CONJOINED)
    assert got[:2] == [("6", DEFINITE), ("yes", PRECEDENCE)]
    assert got[2] == CANNOT
    assert "(2, 4)" in reasons(CONJOINED)[2]
    assert "influenced by the opponent since" in reasons(CONJOINED)[2]


def test_restating_the_application_after_the_influence_answers_again() -> None:
    """The player's new choice, stated after the ignore, decides the total power."""
    moved = CONJOINED.replace('you play "Hush Hawk"\n',
                              'you play "Hush Hawk"\nI apply "Join Draught" to "Shield Kid"\n')
    kept = CONJOINED.replace('you play "Hush Hawk"\n',
                             'you play "Hush Hawk"\nI apply "Join Draught" to "Blaze Kid"\n')
    assert answers(moved)[2] == ("4", DEFINITE)
    assert answers(kept)[2] == ("2", DEFINITE)


def test_an_application_is_kept_when_nothing_new_influences_the_card() -> None:
    """Without the ignore the stated application stands, at every moment."""
    body = CONJOINED.replace('you play "Hush Hawk"\n', "")
    assert answers(body) == [("6", DEFINITE), ("no", DEFINITE), ("6", DEFINITE)]


def test_an_opposing_reduction_that_ends_also_frees_the_instruction() -> None:
    """The FAQ counts a card that stops being ignored as influenced too (BM-Q300): once the
    opponent covers the card that reduced my chosen card, the instruction may move (7 or 9)."""
    body = CONJOINED.replace('you play "Hush Hawk"', 'card "Other Guy" character: ""\n'
                             'you play "Other Guy"').replace('ask is "Blaze Kid" ignored?',
                                                             'ask is "Odd Chill" active?')
    got = answers(body)
    assert got[:2] == [("6", DEFINITE), ("no", DEFINITE)]
    assert got[2] == CANNOT
    assert "(7, 9)" in reasons(body)[2]


# ---------------------------------------------------------------------- mixed situations
def test_ignored_support_cards_lose_their_values_but_count_for_six_cards() -> None:
    """Ignored cards have no values (p.17) but are still in the areas: six cards, covered ones
    included (p.9, BM-Q443), give the additional dragon."""
    body = """
card "Gloom Warden" character (fire 3, earth 3): "Your support cards are ignored."
card "Stone Ox" character (fire 4, earth 1): ""
card "Old Ox" character (fire 1, earth 1): ""
card "Older Ox" character (fire 1, earth 1): ""
card "Ember Flask" support (fire 2, earth 0): ""
card "Ash Lamp" support (fire 1, earth 1): ""
card "Iron Horn" booster (fire 1, earth 0): ""
element fire
you have active "Gloom Warden"
I have active "Stone Ox", "Ember Flask", "Ash Lamp", "Iron Horn"
I have inactive "Old Ox", "Older Ox"
ask what is my total power?
ask what is my total power in earth?
it is your turn
phase Retreat from Fight?
you retreat
ask how many dragons do I attract?
"""
    assert answers(body) == [("5", DEFINITE), ("1", DEFINITE), ("2", DEFINITE)]


def test_an_ignored_you_may_not_no_longer_stops_dragons_unless_protected() -> None:
    """Ignoring outranks "you may not" (p.17), except on a PROTECTED card (p.15); once the
    ignoring character is covered the "you may not" acts again."""
    body = """
card "Tale Keeper" character (fire 2, earth 2{icon}): "If I retreat, you may not attract dragons."
card "Dread Totem" support: "If you retreat, I attract one additional dragon."
card "Hawk Censor" character (fire 1, earth 1): "Your character cards are ignored."
card "Plain Guy" character (fire 5, earth 5): ""
I have active "Dread Totem", "Hawk Censor"
my combat and support areas hold 6 cards
you have active "Tale Keeper"
it is your turn
phase Retreat from Fight?
you retreat
ask how many dragons do I attract?
"""
    assert [v for v, _ in answers(body.format(icon=""))] == ["3"]
    assert answers(body.format(icon=", PROTECTED"))[0][0] == "0"
    covered = """
card "Tale Keeper" character (fire 2, earth 2): "If I retreat, you may not attract dragons."
card "Dread Totem" support: "If you retreat, I attract one additional dragon."
card "Hawk Censor" character (fire 1, earth 1): "Your character cards are ignored."
card "Plain Guy" character (fire 5, earth 5): ""
I have active "Dread Totem", "Hawk Censor"
you have active "Tale Keeper"
it is my turn
phase Character
I play "Plain Guy"
my turn ends
it is your turn
ask is "Hawk Censor" active?
phase Retreat from Fight?
you retreat
ask how many dragons do I attract?
"""
    assert [v for v, _ in answers(covered)] == ["no", "0"]


def test_a_prohibition_and_a_blocking_retrieve_icon_around_a_protected_card() -> None:
    """A PROTECTED RETRIEVE card: "you may not take further cards into your hand" still stops
    retrieving it (BM-Q253), the opponent cannot discard it, and an ignored RETRIEVE character
    of the opponent still blocks (BM-Q191, BM-Q255: ignored things are still there)."""
    body = """
card "Hush Keeper" support: "You may not take further cards into your hand."
card "Aegis Hawk" character (fire 2, earth 2, RETRIEVE, PROTECTED): ""
card "Sky Censor" character (fire 1, earth 1, RETRIEVE): "Your character cards are ignored."
card "Plain Hawk" character (fire 2, earth 2, RETRIEVE): ""
you have active "Hush Keeper"
I have active "Aegis Hawk"
it is my turn
phase Beginning of Turn
ask can I retrieve "Aegis Hawk"?
ask can you discard "Aegis Hawk"?
"""
    assert [v for v, _ in answers(body)] == ["no", "no"]
    blocked = """
card "Sky Censor" character (fire 1, earth 1, RETRIEVE): "Your character cards are ignored."
card "Plain Hawk" character (fire 2, earth 2, RETRIEVE): ""
I have active "Sky Censor"
you have active "Plain Hawk"
it is my turn
phase Beginning of Turn
ask is "Plain Hawk" ignored?
ask can I retrieve "Sky Censor"?
my turn ends
it is your turn
phase Beginning of Turn
ask can you retrieve "Plain Hawk"?
"""
    assert [v for v, _ in answers(blocked)] == ["yes", "no", "no"]


def test_a_bluff_from_a_landed_ship_with_hand_sizes_and_a_failed_call() -> None:
    """Cards on a ship are not in the hand; a bluff from a landed ship is the turn's support
    play; the landed ship goes before the announcement with its cards; a failed call discards
    the bluff and gives the bluffer a dragon (BM-Q397, BM-Q389, BM-Q420)."""
    body = """
card "Sea Cart" ship (capacity 3): ""
card "Mask Fish" character (fire 1, earth 1, FIRE BLUFF): ""
card "Dull Fish" character (fire 2, earth 2, EMPTY BLUFF): ""
card "Deck Hand" character (fire 3, earth 0): ""
card "Hand Card" support (fire 0, earth 0): ""
element fire
it is my turn
I have "Sea Cart" in my influence area
"Sea Cart" holds "Mask Fish", "Deck Hand", "Dull Fish"
my hand holds only "Hand Card"
phase Beginning of Turn
I land "Sea Cart"
phase Character
I play "Deck Hand"
phase Booster/Support
I play "Mask Fish" as a bluff card
ask can I play "Dull Fish" as a bluff card?
ask how many cards do I have in hand?
ask what is my total power?
phase Announce Power
I announce my total power
ask is my bluff a losing bluff?
you call my bluff
ask is "Dull Fish" in my discard pile?
ask how many dragons do I attract?
"""
    assert [v for v, _ in answers(body)] == ["no", "1", "5", "no", "yes", "1"]


def test_end_of_turn_draws_with_a_prohibition_that_is_ignored() -> None:
    """"You may not draw additional cards at the end of your turn" stops both additional draws
    (BM-Q334) until my character ignores the support card that says it."""
    body = """
card "Kin Oath" support: "At the end of my turn, I may draw one additional card."
card "Flame Flare" character: "At the end of my turn, I may draw two additional cards."
card "Chatter Box" support: "You may not draw additional cards at the end of your turn."
card "Hush Hawk" character (fire 0, earth 0): "Your support cards are ignored."
I have 6 cards in hand
you have active "Chatter Box"
it is my turn
I play "{character}", "Kin Oath"
I have 4 cards in hand
ask how many cards do I draw?
"""
    assert answers(body.format(character="Flame Flare")) == [("2", PRECEDENCE)]
    assert answers(body.format(character="Hush Hawk")) == [("3", DEFINITE)]


def test_one_card_a_turn_against_pair_replace_ships_and_bluffs() -> None:
    """"You may not play more than one card": REPLACE is no play (BM-Q222), a PAIR is two cards
    (BM-Q213), loading replaces a support play (BM-Q381), and a bluff is a support play."""
    body = """
card "Brainy" support: "On your turn, you may not play more than one card."
card "Twin Alpha" character (fire 2, earth 2, PAIR): ""
card "Twin Beta" character (fire 2, earth 2, PAIR): ""
card "Rep Card" support (REPLACE): ""
card "Sea Cart" ship (capacity 2): ""
card "Mask Fish" character (fire 1, earth 1, FIRE BLUFF): ""
element fire
you have active "Brainy"
it is my turn
I have "Sea Cart" in my influence area
I have in hand "Twin Alpha", "Twin Beta", "Rep Card", "Mask Fish"
phase Leadership
I use the REPLACE icon of "Rep Card"
ask must I retreat?
phase Character
ask can I play "Twin Alpha" and "Twin Beta" together?
I play "Twin Alpha"
ask can I play "Twin Beta"?
phase Booster/Support
ask can I load a card onto "Sea Cart"?
ask can I play "Mask Fish" as a bluff card?
phase Announce Power
ask what is my total power?
"""
    assert [v for v, _ in answers(body)] == ["no", "no", "no", "no", "no", "2"]


def test_a_discard_all_text_against_protected_bluffs_and_ignored_icons() -> None:
    """"Now I may discard all of your active support cards" takes a bluff card (an active
    support card) but not a PROTECTED one (BM-Q196), unless the PROTECTED icon is ignored
    (BM-Q197); a bluff card whose icons are ignored still counts 2 (Buka rulesheet)."""
    body = """
card "Quake" leadership: "Now I may discard all of your active support cards."
card "Iron Wall" support (fire 1, earth 1, PROTECTED): ""
card "Soft Wall" support (fire 1, earth 1): ""
card "Mask Fish" character (fire 1, earth 1, FIRE BLUFF): ""
card "My Guy" character (fire 3, earth 3): ""
card "Shrewd" character: "Your icons are ignored, except STOP."
element fire
{shrewd}
I have active "My Guy", "Iron Wall", "Soft Wall"
I have "Mask Fish" as a bluff card
ask what is my total power?
it is your turn
phase Leadership
you play "Quake"
ask can you discard "Iron Wall"?
ask can you discard "Mask Fish"?
"""
    assert [v for v, _ in answers(body.format(shrewd=""))] == ["7", "no", "yes"]
    assert [v for v, _ in answers(body.format(shrewd='you have active "Shrewd"'))] == \
        ["7", "yes", "yes"]
