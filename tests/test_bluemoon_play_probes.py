"""Probes near the FAQ's card-play cases: limits of a turn, prohibitions, permissions, conditions.

Every card is defined inline with the sentence shapes of real card texts and other words, so a
rule that only worked for the FAQ's own cards would fail here.
"""

from __future__ import annotations

import pytest

from rulesq.engine import evaluate
from rulesq.situation import parse_situation


def answers(body: str) -> list[tuple[str, str]]:
    """(verdict, status or the deciding ladder step) for each question of a situation."""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    return [((a.verdict.show() if a.verdict else "-"), a.decided_by or a.status.key)
            for a in evaluate(situation)]


def verdicts(body: str) -> list[str]:
    """The verdict of each question."""
    return [verdict for verdict, _ in answers(body)]


# ---------------------------------------------------------------------- "I may not play"
def test_an_own_i_may_not_forbids_support_cards_too() -> None:
    """"I may not play further support cards" stops its player's support cards, not only
    character cards (the shape of a Tutu's self-restriction, about another card type)."""
    body = """
card "Shy" character: "I may not play further support cards during this fight."
I have active "Shy"
it is my turn
phase Booster/Support
ask can I play a support card?
ask can I play a booster card?
"""
    assert verdicts(body) == ["no", "yes"]


def test_an_i_may_not_binds_only_its_own_player() -> None:
    """The opponent's "I may not" is no prohibition on me."""
    body = """
card "Shy" character: "I may not play further character cards during this fight."
you have active "Shy"
it is my turn
phase Character
ask can I play "Blaze"?
"""
    assert verdicts(body) == ["yes"]


def test_an_ignored_i_may_not_is_decided_by_the_ignore_step() -> None:
    """With its text ignored, the self-restriction does not apply, and the answer says why."""
    body = """
card "Shy" character: "I may not play further character cards during this fight."
card "Loud Gas" support: "Your special power texts are ignored."
I have active "Shy"
you have active "Loud Gas"
it is my turn
phase Character
ask can I play "Blaze"?
"""
    assert answers(body) == [("yes", "ignore")]


# ---------------------------------------------------------------------- "you may not" vs "I may"
def _lost_alternatives(body: str) -> list[str]:
    """The alternatives that lost, as the answer names them, for the first question."""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    answer = evaluate(situation)[0]
    return [str(data.get("label", "")) for data, _ in answer.graph.alternatives()]


def test_a_prohibition_beats_only_the_permissions_for_that_card() -> None:
    """A permission for booster cards did not argue for a support card: it is not listed as
    an alternative beaten by "you may not play support cards"."""
    body = """
card "Smoke Screen" support: "You may not play support cards."
card "Booster Fan" character: "On my turn, I may play one additional booster card."
card "Support Fan" character: "On my turn, I may play one additional support card."
you have active "Smoke Screen"
I have active "Booster Fan", "Support Fan"
it is my turn
phase Booster/Support
ask can I play a support card?
"""
    assert answers(body) == [("no", "you may not")]
    lost = _lost_alternatives(body)
    assert any("Support Fan" in label for label in lost)
    assert not any("Booster Fan" in label for label in lost)


# ---------------------------------------------------------------------- cancelled cards
def card(name: str, kind: str, text: str) -> str:
    """An inline card definition line."""
    return f'card "{name}" {kind}: "{text}"\n'


DRAIN = (
    card("Drip", "support", "On your turn, you may not play more than one card.")
    + card("Plod", "character (fire 1, earth 1)", "")
    + card("Ploddy", "character (fire 2, earth 2)", "")
    + card("Hush Now", "interference", "I may play this card when you play a Leadership phase "
           "card: Your card is cancelled and discarded.")
    + card("Not Yours", "interference", "I may play this card when you play your first "
           "character card on your turn: Your card is cancelled and discarded. You must play "
           "a replacement or retreat.")
    + 'you have active "Drip"\nit is my turn\n'
)


def test_a_cancelled_leadership_card_does_not_count_against_a_one_card_limit() -> None:
    """The cancelled card does not count as played: a character card may follow."""
    body = DRAIN + """
phase Leadership
I play "Cast Cataclysm"
you play "Hush Now"
ask can I play "Plod"?
"""
    assert verdicts(body) == ["yes"]


def test_a_cancelled_character_card_leaves_room_for_its_replacement() -> None:
    """After the cancel, the replacement is the turn's one card."""
    body = DRAIN + """
phase Character
I play "Plod"
you play "Not Yours"
ask can I play "Ploddy"?
"""
    assert verdicts(body) == ["yes"]


def test_an_answer_to_the_cancelling_card_still_counts_the_cancelled_card() -> None:
    """Until the cancelling card has taken effect, the cancelled card counts as played."""
    body = DRAIN + card("Saw It", "interference", "I may play this card when you play an "
                        "interference card. Your card is cancelled and discarded.") + """
phase Character
I play "Plod"
you play "Not Yours"
ask can I play "Saw It"?
"""
    assert verdicts(body) == ["no"]


# ------------------------------------------------------------- "I must ... to play this card"
COSTLY = card("Tutu Zip", "character (fire 2, earth 2)",
              "I must discard two cards from my hand to play this card.")


def test_a_cost_of_two_discards_needs_two_other_cards_in_hand() -> None:
    """The number of cards the "I must" cost names is what the hand must hold besides it."""
    short = COSTLY + "it is my turn\nphase Character\nI have 2 cards in hand\n" \
        'ask can I play "Tutu Zip"?\n'
    enough = COSTLY + "it is my turn\nphase Character\nI have 3 cards in hand\n" \
        'ask can I play "Tutu Zip"?\n'
    assert verdicts(short) == ["no"]
    assert verdicts(enough) == ["yes"]


def test_a_cost_in_discards_with_an_unknown_hand_cannot_be_answered() -> None:
    """Whether the hand holds the cards to discard is not stated: no guess."""
    body = COSTLY + 'it is my turn\nphase Character\nask can I play "Tutu Zip"?\n'
    assert answers(body) == [("-", "cannot-answer")]


# ---------------------------------------------------------------------- ignored permissions
def test_an_ignored_permission_is_what_decides_the_limit() -> None:
    """The one-support limit holds because the permission that would lift it is ignored."""
    body = (card("Gas Cloud", "support", "Your special power texts are ignored.")
            + card("Extra Hand", "character (fire 1, earth 1)",
                   "On my turn, I may play one additional support card.")
            + card("Plain", "support", "")
            + 'you have active "Gas Cloud"\nI have active "Extra Hand"\nit is my turn\n'
            + 'phase Booster/Support\nI play "Plain"\nask can I play a support card?\n')
    assert answers(body) == [("no", "ignore")]


def test_an_ignored_permission_for_another_card_type_does_not_decide() -> None:
    """An ignored permission for booster cards has nothing to do with a second support card."""
    body = (card("Gas Cloud", "support", "Your special power texts are ignored.")
            + card("Extra Boost", "character (fire 1, earth 1)",
                   "On my turn, I may play one additional booster card.")
            + card("Plain", "support", "")
            + 'you have active "Gas Cloud"\nI have active "Extra Boost"\nit is my turn\n'
            + 'phase Booster/Support\nI play "Plain"\nask can I play a support card?\n'
            + 'ask can I play a booster card?\n')
    assert answers(body) == [("no", "definite"), ("no", "ignore")]


# ---------------------------------------------------------------------- STOP and permissions
def test_after_stop_one_additional_card_means_one() -> None:
    """A text allowing one additional support card supersedes STOP for one card, not two."""
    body = (card("Blinker", "character (STOP, fire 1, earth 1)",
                 "On my turn, I may play one additional support card.")
            + card("Plain", "support", "")
            + 'it is my turn\nphase Character\nI play "Blinker"\n'
            + "ask can I play a support card?\n"
            + 'I play "Plain"\nask can I play a support card?\n')
    assert verdicts(body) == ["yes", "no"]


def test_a_booster_after_stop_by_special_rule_3_is_left_open() -> None:
    """"Any number of support cards" beats STOP for support cards (the FAQ says so); whether
    the one booster card Special Rule 3 adds beats it too, the sources do not say."""
    body = (card("Brainwave", "leadership", "On this turn, I may play any number of support "
                 "cards.")
            + card("Halt", "character (STOP, fire 1, earth 1)", "")
            + 'it is my turn\nI play "Brainwave"\nI play "Halt"\n'
            + "ask can I play a support card?\nask can I play a booster card?\n")
    assert answers(body) == [("yes", "card text"), ("-", "cannot-answer")]


# ---------------------------------------------------------------------- the Leadership phase
def test_only_a_replace_discard_takes_the_place_of_a_leadership_card() -> None:
    """Using another icon (here RETRIEVE) is no alternative to the Leadership phase card."""
    body = (card("Fetcher", "character (RETRIEVE, fire 1, earth 1)", "")
            + 'I have active "Fetcher"\nit is my turn\nphase Beginning of Turn\n'
            + 'I use the RETRIEVE icon of "Fetcher"\nask can I play a leadership card?\n')
    assert verdicts(body) == ["yes"]


# ---------------------------------------------------------------------- character permissions
def test_a_text_allowing_an_additional_character_card_supersedes_the_limit() -> None:
    """"One additional character card" allows a second character card, not a third."""
    body = (card("Double Up", "leadership", "On this turn, I may play one additional "
                 "character card.")
            + card("Plod", "character (fire 1, earth 1)", "")
            + card("Trot", "character (fire 1, earth 1)", "")
            + 'it is my turn\nI play "Double Up"\nI play "Blaze"\nask can I play "Plod"?\n'
            + 'I play "Plod"\nask can I play "Trot"?\n')
    assert answers(body) == [("yes", "card text"), ("no", "definite")]


def test_a_permission_without_a_number_adds_no_character_card() -> None:
    """"I may play any mutant" is about which cards, not how many."""
    body = (card("Wild Call", "leadership", "In my Character phase, I may play any mutant.")
            + 'it is my turn\nI play "Wild Call"\nI play "Blaze"\n'
            + 'ask can I play "Sas-van-Son"?\n')
    assert verdicts(body) == ["no"]


def test_an_own_i_may_not_against_an_own_i_may_is_a_conflict() -> None:
    """"I may not play further character cards" and "I may play any number of character
    cards" are both ordinary card text: the ladder does not decide between them."""
    body = (card("Shy", "character (fire 1, earth 1)", "I may not play further character "
                 "cards during this fight.")
            + card("Mob", "leadership", "On this turn, I may play any number of character "
                   "cards.")
            + 'I have active "Shy"\nit is my turn\nI play "Mob"\nask can I play "Blaze"?\n')
    assert answers(body) == [("-", "conflict")]


def test_a_retreat_that_rests_on_a_conflict_is_not_answered() -> None:
    """Whether I must retreat depends on that conflict: no guess there either."""
    body = (card("Shy", "character (fire 1, earth 1)", "I may not play further character "
                 "cards during this fight.")
            + card("Mob", "leadership", "On this turn, I may play any number of character "
                   "cards.")
            + 'I have active "Shy"\nit is my turn\nI play "Mob"\nphase Character\n'
            + "ask must I retreat?\n")
    assert answers(body) == [("-", "cannot-answer")]


# ---------------------------------------------------------------------- PROTECTED prohibitions
def test_a_protected_prohibition_says_why_the_ignore_missed_it() -> None:
    """The verdict relies on PROTECTED shielding the prohibition from my ignore effect."""
    body = (card("Smoke Screen", "support (PROTECTED)", "You may not play support cards.")
            + card("Hush", "character (fire 1, earth 1)", "Your special power texts are "
                   "ignored.")
            + 'you have active "Smoke Screen"\nI have active "Hush"\nit is my turn\n'
            + "phase Booster/Support\nask can I play a support card?\n")
    assert answers(body) == [("no", "you may not")]
    situation = parse_situation("game bluemoon\n" + body)
    answer = evaluate(situation)[0]
    absences = [str(d.get("label")) for _, d in answer.graph.graph.nodes(data=True)
                if d.get("kind") == "absence"]
    assert any("PROTECTED" in text and "Hush" in text for text in absences)


# ---------------------------------------------------------------------- printed values
def test_one_known_printed_value_over_the_limit_decides_without_the_other() -> None:
    """Either printed value counts: a known 5 is enough, the unknown other value is not needed;
    a known 3 with the other unknown cannot be answered."""
    mud = card("Mud Bath", "support", "You may not play character cards that have a printed "
               "value higher than 4.")
    body = (mud + card("Tall", "character (earth 5)", "") + card("Short", "character (earth 3)", "")
            + 'you have active "Mud Bath"\nit is my turn\nphase Character\n'
            + 'ask can I play "Tall"?\nask can I play "Short"?\n')
    assert answers(body) == [("no", "you may not"), ("-", "cannot-answer")]


# ---------------------------------------------------------------------- play conditions in hand
def test_an_attack_in_an_element_needs_the_contested_element() -> None:
    """"Attacked by at least 5 Earth" with 5 Earth in play but no contested element stated:
    no guess; with too little Earth, no whatever the element."""
    mutant = card("Odd One", "mutant", "I may only play this card if I am attacked by at least "
                  "5 Earth. The contested element of the fight changes to Fire.")
    strong = (mutant + card("Big", "character (fire 1, earth 5)", "")
              + 'you have active "Big"\nit is my turn\nphase Character\n'
              + 'ask can I play "Odd One"?\n')
    weak = strong.replace("earth 5", "earth 2")
    assert answers(strong) == [("-", "cannot-answer")]
    assert verdicts(weak) == ["no"]
    assert verdicts("element earth\n" + strong) == ["yes"]


# ---------------------------------------------------------------------- ignored icons
def test_an_ignored_free_icon_is_what_decides_the_limit() -> None:
    """The second character card has a FREE icon, ignored by the opponent: the ignore decides."""
    body = (card("Shrewd", "character (fire 1, earth 1)", "Your icons are ignored, except STOP.")
            + card("Freebie", "character (FREE, fire 1, earth 1)", "")
            + 'you have active "Shrewd"\nit is my turn\nphase Character\nI play "Blaze"\n'
            + 'ask can I play "Freebie"?\n')
    assert answers(body) == [("no", "ignore")]


def test_an_ignored_pair_icon_is_what_decides_the_limit() -> None:
    """Matching PAIR cards whose icons are ignored are two character cards: the ignore decides;
    without a match, the plain limit decides."""
    shrewd = card("Shrewd", "character (fire 1, earth 1)", "Your icons are ignored, except STOP.")
    pair = (card("Wild A", "character (PAIR, fire 1, earth 1)", "")
            + card("Wild B", "character (PAIR, fire 1, earth 1)", "")
            + card("Tame C", "character (PAIR, fire 1, earth 1)", ""))
    ignored = (shrewd + pair + 'you have active "Shrewd"\nit is my turn\nphase Character\n'
               + 'I play "Wild A"\nask can I play "Wild B"?\nask can I play "Tame C"?\n')
    assert answers(ignored) == [("no", "ignore"), ("no", "definite")]


def test_a_dragon_requirement_fails_with_no_dragon_on_that_side() -> None:
    """"I must have the red dragon on my side": with no dragon there, definitely not; with
    dragons of unstated colours, no guess."""
    gem = card("Red Gem", "crystal", "I must have the red dragon on my side to play this card.")
    tail = 'it is my turn\nphase Leadership\nask can I play "Red Gem"?\n'
    assert verdicts(gem + "I have 0 dragons on my side\n" + tail) == ["no"]
    assert answers(gem + "I have 1 dragon on my side\n" + tail) == [("-", "cannot-answer")]


# ---------------------------------------------------------------------- the hand
def test_a_card_supposed_in_hand_cannot_contradict_what_the_hand_is_said_to_hold() -> None:
    """No character cards in hand: no character card to play; no cards at all: nothing."""
    plod = card("Plod", "character (fire 1, earth 1)", "")
    lacks = (plod + "it is my turn\nphase Character\nI have no character cards in hand\n"
             + 'ask can I play "Plod"?\nask can I play a character card?\n'
             + "ask can I play a support card?\n")
    empty = (plod + "it is my turn\nphase Character\nI have 0 cards in hand\n"
             + 'ask can I play "Plod"?\n')
    assert verdicts(lacks) == ["no", "no", "yes"]
    assert verdicts(empty) == ["no"]


def test_a_draw_after_the_hand_was_described_reopens_the_question() -> None:
    """A card drawn by name after "no character cards" is in the hand and can be played."""
    plod = card("Plod", "character (fire 1, earth 1)", "")
    body = (plod + "it is my turn\nphase Leadership\nI have no character cards in hand\n"
            + 'I draw "Plod"\nask can I play "Plod"?\n')
    assert verdicts(body) == ["yes"]


def test_an_answer_on_the_limits_states_the_icons_it_assumes() -> None:
    """A corpus card whose icons the sources never give is taken to have none, and the answer
    says so (a FREE icon would change it); an inline card's icons are as given."""
    body = (card("Plod", "character (fire 1, earth 1)", "")
            + 'it is my turn\nphase Character\nI play "Plod"\nask can I play "Blaze"?\n')
    situation = parse_situation("game bluemoon\n" + body)
    answer = evaluate(situation)[0]
    assumed = [str(d.get("label")) for _, d in answer.graph.graph.nodes(data=True)
               if d.get("kind") == "absence" and d.get("assumed")]
    assert any("icons" in text and '"Blaze"' in text for text in assumed)
    assert not any('"Plod"' in text for text in assumed)


# ------------------------------------------------------------- triggers the judge follows
def test_a_trigger_on_a_retreat_answers_the_retreat() -> None:
    """"When you retreat": no before the opponent retreats, yes right after it."""
    body = card("Parting Shot", "interference", "I may play this card when you retreat: "
                "I attract one additional dragon.") + """
it is my turn
phase Leadership
I play "Cast Cataclysm"
ask can you play "Parting Shot"?
I retreat
ask can you play "Parting Shot"?
"""
    assert verdicts(body) == ["no", "yes"]


def test_a_trigger_the_judge_cannot_follow_is_cannot_answer() -> None:
    """"When you attract two dragons" is not "exactly one dragon": never a guessed no."""
    body = card("Greedy Claw", "interference", "I may play this card when you attract two "
                "dragons: You do not attract the dragon.") + """
it is my turn
phase Leadership
I play "Cast Cataclysm"
ask can you play "Greedy Claw"?
"""
    assert answers(body) == [("-", "cannot-answer")]


# ------------------------------------------------------------- what a prohibition says
def test_a_prohibition_spares_its_exceptions() -> None:
    """"You may not play support cards, except PROTECTED cards": a PROTECTED one may be played."""
    body = (card("Lockout", "support", "You may not play support cards, except PROTECTED cards.")
            + card("Plain Aid", "support (fire 1, earth 1)", "")
            + card("Armoured Aid", "support (fire 1, earth 1, PROTECTED)", "") + """
you have active "Lockout"
it is my turn
phase Booster/Support
ask can I play "Armoured Aid"?
ask can I play "Plain Aid"?
""")
    assert verdicts(body) == ["yes", "no"]


def test_a_prohibition_in_a_phase_the_judge_does_not_follow_is_cannot_answer() -> None:
    """"… during your Leadership phase" never forbids every phase: cannot answer, not no."""
    body = (card("Morning Ban", "support", "You may not play support cards during your "
                 "Leadership phase.")
            + card("Plain Aid", "support (fire 1, earth 1)", "") + """
you have active "Morning Ban"
it is my turn
phase Booster/Support
ask can I play "Plain Aid"?
""")
    assert answers(body) == [("-", "cannot-answer")]


def test_a_limit_on_another_area_is_not_read_as_the_combat_area() -> None:
    """"… more than one card into your support area" is not a limit on the combat area: a
    booster card after a character card is never forbidden by it (the judge does not count
    support-area plays yet, so it may say yes or cannot answer, never no)."""
    body = (card("Tight Camp", "support", "On your turn, you may not play more than one card "
                 "into your support area.")
            + card("Plod", "character (fire 1, earth 1)", "")
            + card("Boost", "booster (fire 2, earth 2)", "") + """
you have active "Tight Camp"
it is my turn
phase Character
I play "Plod"
ask can I play "Boost"?
""")
    assert verdicts(body) in (["yes"], ["-"])


def test_we_in_a_condition_is_not_read_as_one_player() -> None:
    """"If we have no cards in our hands": both players, never one of them."""
    body = (card("Hushed", "support", "If we have no cards in our hands, you may not play "
                 "support cards.")
            + card("Plain Aid", "support (fire 1, earth 1)", "") + """
you have active "Hushed"
you have 3 cards in hand
I have 2 cards in hand
it is my turn
phase Booster/Support
ask can I play "Plain Aid"?
""")
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    (reply,) = evaluate(situation)
    assert reply.status.key == "cannot-answer" and "'we'" in reply.reason


# ------------------------------------------------------------- what a permission says
SECOND_AID = (card("Aid One", "support (fire 1, earth 1)", "")
              + card("Aid Two", "support (fire 1, earth 1)", ""))


@pytest.mark.parametrize("text, expected", [
    ("On my turn, I may play one additional support card.", "yes"),
    ("On my turn, I may play one additional PROTECTED support card.", "-"),
    ("On my turn, I may play one additional support card from my discard pile.", "-"),
    ("If you have no cards in your hand, I may play one additional support card.", "-"),
    ("On my turn, you may play one additional support card.", "no"),
])
def test_a_permission_is_not_read_wider_than_its_words(text: str, expected: str) -> None:
    """A permission that names more than card types, or has a condition, or is given to the
    other player, never lets "Aid Two" (no PROTECTED icon, in hand) be played on a guess."""
    body = card("Quartermaster", "character (fire 1, earth 1)", text) + SECOND_AID + """
I have active "Quartermaster"
it is my turn
phase Booster/Support
I play "Aid One"
ask can I play "Aid Two"?
"""
    assert verdicts(body) == [expected]
