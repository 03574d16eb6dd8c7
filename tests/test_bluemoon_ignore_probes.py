"""Probes near the FAQ's ignoring and PROTECTED cases, on invented inline cards.

Each test is a situation a judge might meet beside an FAQ case (an ignore loop, a conditional
ignore, a PROTECTED card, "I must" beside other text) where rulesq once gave a confident answer
the sources do not support.
"""

from __future__ import annotations

from rulesq.engine import Status, evaluate
from rulesq.situation import parse_situation


def answers(body: str) -> list[tuple[str, str]]:
    """(verdict, status) for each question of a Blue Moon situation."""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    return [((a.verdict.show() if a.verdict else "-"), a.status.key)
            for a in evaluate(situation)]


CONFLICT = ("-", Status.CONFLICT.key)
CANNOT = ("-", Status.CANNOT.key)


# ---------------------------------------------------------------------- ignore loops
def test_values_of_a_card_in_an_undecided_ignore_loop_are_a_conflict() -> None:
    """Two characters each ignoring the other's character cards: no value is certain."""
    body = """
card "Veil Heron" character (fire 2, earth 2): "Your character cards are ignored."
card "Veil Stork" character (fire 3, earth 3): "Your character cards are ignored."
I have active "Veil Heron"
you have active "Veil Stork"
ask what is the fire value of "Veil Heron"?
ask what is my total power in fire?
"""
    assert answers(body) == [CONFLICT, CONFLICT]


def test_texts_reached_by_an_undecided_ignore_loop_are_a_conflict() -> None:
    """A "you may not" text that one side of an ignore loop would ignore does not simply act."""
    body = """
card "Hush Moth" character (fire 2, earth 2): "Your special power texts are ignored."
card "Hush Wasp" character (fire 2, earth 2): "Your special power texts are ignored."
card "Bramble" support: "You may not play support cards."
I have active "Hush Moth"
you have active "Hush Wasp", "Bramble"
it is my turn
phase Booster/Support
ask does the special power text of "Bramble" take effect?
ask can I play a support card?
"""
    assert answers(body) == [CONFLICT, CONFLICT]


def test_a_loop_decided_by_protected_still_answers() -> None:
    """PROTECTED on one side decides the loop: answers stay definite."""
    body = """
card "Hush Moth" character (fire 2, earth 2, PROTECTED): "Your special power texts are ignored."
card "Hush Wasp" character (fire 2, earth 2): "Your special power texts are ignored."
card "Bramble" support: "You may not play support cards."
I have active "Hush Moth"
you have active "Hush Wasp", "Bramble"
it is my turn
phase Booster/Support
ask does the special power text of "Bramble" take effect?
ask can I play a support card?
"""
    assert [v for v, _ in answers(body)] == ["no", "yes"]


# ---------------------------------------------------------------------- conditional ignores
PICKY = "If you have four or more cards in your hand, your special power texts are ignored."
CONDITIONAL = f"""
card "Picky Lark" character (fire 2, earth 2): "{PICKY}"
card "Spare Hand" support: "On my turn, I may play one additional support card."
you have active "Picky Lark"
I have active "Spare Hand"
it is my turn
"""


def test_an_ignore_whose_condition_fails_ignores_nothing() -> None:
    """"If you have four or more cards in your hand": with two cards, nothing is ignored."""
    body = CONDITIONAL + "I have 2 cards in hand\n" \
        'ask is the special power text of "Spare Hand" ignored?\n'
    assert answers(body) == [("no", Status.DEFINITE.key)]


def test_an_ignore_whose_condition_holds_ignores() -> None:
    """With five cards in hand the condition holds and the text is ignored."""
    body = CONDITIONAL + "I have 5 cards in hand\n" \
        'ask is the special power text of "Spare Hand" ignored?\n'
    assert [v for v, _ in answers(body)] == ["yes"]


def test_an_ignore_whose_condition_is_unknown_cannot_answer() -> None:
    """No hand size stated: whether the text is ignored is unknown, never a guess."""
    body = CONDITIONAL + 'ask is the special power text of "Spare Hand" ignored?\n'
    assert answers(body) == [CANNOT]


# ---------------------------------------------------------------------- PROTECTED and icons
GUARDED = """
card "Guarded Elk" character (fire 3, earth 3, PROTECTED, RETRIEVE): ""
card "Mist Veil" support: "Your icons are ignored, except STOP and PROTECTED."
"""


def test_an_icon_ignore_sparing_protected_leaves_a_protected_card_alone() -> None:
    """The opponent's "icons are ignored, except … PROTECTED": the card keeps its RETRIEVE."""
    body = GUARDED + """
you have active "Mist Veil"
I have active "Guarded Elk"
it is my turn
phase Beginning of Turn
ask is the RETRIEVE icon of "Guarded Elk" effective?
ask can I retrieve "Guarded Elk"?
"""
    assert [v for v, _ in answers(body)] == ["yes", "yes"]


def test_an_icon_ignore_of_the_protected_icon_itself_reaches_every_icon() -> None:
    """A second effect that ignores PROTECTED too (no exception for it) lifts the protection."""
    body = GUARDED + """
card "Bare Crest" character: "Your icons are ignored, except STOP."
you have active "Mist Veil", "Bare Crest"
I have active "Guarded Elk"
it is my turn
phase Beginning of Turn
ask is the RETRIEVE icon of "Guarded Elk" effective?
ask can I retrieve "Guarded Elk"?
"""
    assert [v for v, _ in answers(body)] == ["no", "no"]


def test_protected_does_not_shield_a_card_from_its_own_side() -> None:
    """PROTECTED guards against opposing effects only: my own icon ignore reaches my card."""
    body = GUARDED.replace("Your icons", "My icons") + """
I have active "Mist Veil", "Guarded Elk"
it is my turn
phase Beginning of Turn
ask is the RETRIEVE icon of "Guarded Elk" effective?
"""
    assert [v for v, _ in answers(body)] == ["no"]


# ---------------------------------------------------------------------- "I must" beside other text
MUST_AND_MORE = """
card "Hush Finch" character: "Your special power texts are ignored, except on Finch cards."
card "Toll Imp" character (fire 2, earth 2): "{text}"
you have active "Hush Finch"
it is my turn
I play "Toll Imp"
ask is the special power text of "Toll Imp" ignored?
"""
TOLL = "I must discard one card from my hand to play this card."


def test_i_must_beside_a_text_that_acts_now_is_ignored_only_in_part() -> None:
    """The "I must" sentence stays, the "I may" sentence is ignored: no flat yes or no."""
    text = TOLL + " On my turn, I may play one additional support card."
    assert answers(MUST_AND_MORE.format(text=text)) == [CANNOT]


def test_i_must_alone_is_not_ignored() -> None:
    """Only "I must" text: not ignored, decided by the I must step."""
    assert answers(MUST_AND_MORE.format(text=TOLL)) == [("no", Status.PRECEDENCE.key)]


def test_i_must_beside_a_game_end_score_is_not_ignored() -> None:
    """A score sentence applies after the fight's cards (the ignoring one too) are removed."""
    text = TOLL + " If I win the game, I receive one additional crystal."
    assert answers(MUST_AND_MORE.format(text=text)) == [("no", Status.PRECEDENCE.key)]
