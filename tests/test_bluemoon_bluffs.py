"""Blue Moon bluffing: playing bluff cards, calling a bluff, losing bluffs, the dragons of a call.

Invented situations in the shapes of the FAQ's bluffing questions, with inline cards, so that the
rules are seen to generalise.
"""

from __future__ import annotations

from rulesq.engine import Answer, evaluate
from rulesq.engine.verdict import YesNo
from rulesq.games.bluemoon.judge.attractions import packets_now
from rulesq.games.bluemoon.judge.forces import Forces
from rulesq.games.bluemoon.judge.state import Step
from rulesq.games.bluemoon.judge.timeline import Timeline
from rulesq.situation import Fact, parse_situation

CARDS = """card "Dune Gunner" character (EARTH BLUFF): "Now I may draw one card."
card "Ash Gunner" character (FIRE BLUFF): ""
card "Decoy" character (EMPTY BLUFF): ""
card "Deckhand" character: ""
"""


def answers(body: str) -> list[Answer]:
    """Every answer of a Blue Moon situation."""
    return evaluate(parse_situation("game bluemoon\n" + CARDS + body, "case.rq"))


def verdicts(body: str) -> list[bool | None]:
    """The yes/no verdicts of a situation's questions, in order."""
    return [r.verdict.value if isinstance(r.verdict, YesNo) else None for r in answers(body)]


def cited(reply: Answer) -> list[str]:
    return [c["clause_id"] for c in reply.citations()]


SUPPORT_PHASE = """it is my turn
I have in hand "Deckhand", "Dune Gunner", "Ash Gunner", "Decoy"
phase Character
I play "Deckhand"
phase Booster/Support
"""


# ---------------------------------------------------------------------------- playing
def test_a_bluff_icon_is_needed_and_the_play_is_a_support_card() -> None:
    """Any BLUFF icon allows the play; it uses the turn's support card."""
    body = (
        'card "Plain Guard" character: ""\n'
        + SUPPORT_PHASE.replace('"Decoy"', '"Decoy", "Plain Guard"')
        + """
ask can I play "Plain Guard" as a bluff card?
ask can I play "Decoy" as a bluff card?
I play "Decoy" as a bluff card
ask can I play "Dune Gunner" as a bluff card?
"""
    )
    first, second, third = answers(body)
    assert [first.verdict, second.verdict, third.verdict] == [
        YesNo(False),
        YesNo(True),
        YesNo(False),
    ]
    assert "bluemoon/bi-rulesheet/bluffing/play-bluff" in cited(second)


def test_ignoring_character_cards_in_hand_stops_bluffs_not_ignoring_support_cards() -> None:
    """In hand a BLUFF card is a character card: ignored with them, not with support cards."""
    chars = 'card "Blinder" support: "Your character cards are ignored."\n'
    supports = 'card "Veil" support: "Your support cards are ignored."\n'
    ask = 'ask can I play "Ash Gunner" as a bluff card?\n'
    blind = answers(chars + 'you have active "Blinder"\n' + SUPPORT_PHASE + ask)[0]
    veil = answers(supports + 'you have active "Veil"\n' + SUPPORT_PHASE + ask)[0]
    assert blind.verdict == YesNo(False) and blind.decided_by == "ignore"
    assert veil.verdict == YesNo(True)


def test_prohibitions_on_support_cards_and_on_text_reach_bluffs() -> None:
    """A bluff card is played as a support card, under the restrictions of such plays."""
    ban = 'card "Ban" support: "You may not play support cards."\n'
    mute = 'card "Mute" support: "You may not play cards that do not have special power text."\n'
    ask_plain = 'ask can I play "Ash Gunner" as a bluff card?\n'
    ask_text = 'ask can I play "Dune Gunner" as a bluff card?\n'
    assert verdicts(ban + 'you have active "Ban"\n' + SUPPORT_PHASE + ask_plain) == [False]
    assert verdicts(mute + 'you have active "Mute"\n' + SUPPORT_PHASE + ask_plain + ask_text) == [
        False,
        True,
    ]


def test_ignored_bluff_cards_stop_further_bluffs_and_calls() -> None:
    """Bluff cards that are ignored: no more bluffs, no call."""
    hush = 'card "Hush" support: "Your support cards are ignored."\n'
    body = (
        hush
        + """element earth
I have "Dune Gunner" as a bluff card
you have active "Hush"
"""
        + SUPPORT_PHASE.replace('"Dune Gunner", ', "")
        + """
ask can I play "Ash Gunner" as a bluff card?
phase Announce Power
I announce my total power
ask can you call my bluff?
"""
    )
    play, call = answers(body)
    assert play.verdict == YesNo(False)
    assert "bluemoon/bi-rulesheet/bluffing/cards-ignored" in cited(play)
    assert call.verdict == YesNo(False)


# ---------------------------------------------------------------------------- calling
CALL = """element earth
it is your turn
you have "Dune Gunner" as a bluff card
"""


def test_a_bluff_is_called_after_the_announcement_only() -> None:
    """Not before the bluffer announces power, nor on the caller's own turn."""
    body = (
        CALL
        + """phase Booster/Support
ask can I call your bluff?
phase Announce Power
you announce your total power
ask can I call your bluff?
"""
    )
    assert verdicts(body) == [False, True]


def test_a_you_may_not_call_text_forbids_the_call_until_discarded() -> None:
    """Text "You may not call my bluff" decides, by its ladder step; gone, the call is open."""
    flag = 'card "Flag" booster: "You may not call my bluff."\n'
    body = (
        flag
        + CALL
        + """you have active "Flag"
phase Announce Power
you announce your total power
ask can I call your bluff?
I discard "Flag"
ask can I call your bluff?
"""
    )
    refused, allowed = answers(body)
    assert refused.verdict == YesNo(False) and refused.decided_by == "you may not"
    assert allowed.verdict == YesNo(True)


def test_no_call_once_the_turn_has_ended() -> None:
    """A card ending the bluffer's turn leaves no moment to call."""
    stop = (
        'card "Halt" interference: "I may play this card immediately after you announce '
        'your power: Your turn ends immediately."\n'
    )
    body = (
        stop
        + CALL
        + """I have in hand "Halt"
phase Announce Power
you announce your total power
I play "Halt"
ask can I call your bluff?
"""
    )
    assert verdicts(body) == [False]


# ---------------------------------------------------------------------------- losing
def test_losing_bluffs_follow_the_element_and_ignored_icons() -> None:
    """A matching icon wins; another element, EMPTY BLUFF or an ignored icon loses."""
    dim = 'card "Dim" support: "Your icons are ignored."\n'
    ask = "ask is my bluff a losing bluff?\n"
    assert verdicts('element earth\nI have "Dune Gunner" as a bluff card\n' + ask) == [False]
    assert verdicts('element fire\nI have "Dune Gunner" as a bluff card\n' + ask) == [True]
    assert verdicts('element earth\nI have "Decoy" as a bluff card\n' + ask) == [True]
    ignored = answers(
        dim + 'element earth\nI have "Dune Gunner" as a bluff card\nyou have active "Dim"\n' + ask
    )[0]
    assert ignored.verdict == YesNo(True) and ignored.decided_by == "ignore"


def test_an_unnamed_bluff_card_cannot_be_judged() -> None:
    """Which card lies face down decides; the situation must say."""
    reply = answers("element earth\nI have a bluff card\nask is my bluff a losing bluff?\n")[0]
    assert not reply.answered


def test_the_call_is_judged_as_the_cards_lay_face_down() -> None:
    """Icons ignored at the call make it succeed, although the revealed cards lie discarded."""
    dim = 'card "Dim" support: "Your icons are ignored."\n'
    body = (
        dim
        + """element earth
you have active "Dim"
it is my turn
I have "Dune Gunner" as a bluff card
phase Announce Power
I announce my total power
you call my bluff
"""
    )
    situation = parse_situation("game bluemoon\n" + CARDS + body, "case.rq")
    facts = [item for item in situation.items if isinstance(item, Fact)]
    state = Timeline(situation).read(facts)
    packets = packets_now(Forces(state))
    assert packets[0].who == "you" and "succeeds" in packets[0].reason
    assert len(packets) == 2  # the call, then the bluffer's retreat


def test_own_bluff_cards_are_discarded_in_the_beginning_of_turn_phase() -> None:
    """The bluffer may drop his bluff cards at the start of his turn, ignored or not."""
    from rulesq.games.bluemoon.judge.bluffs import bluff_discard

    hush = 'card "Hush" support: "Your support cards are ignored."\n'
    body = (
        hush
        + """element earth
I have "Dune Gunner" as a bluff card
you have active "Hush"
it is my turn
phase Beginning of Turn
"""
    )
    situation = parse_situation("game bluemoon\n" + CARDS + body, "case.rq")
    facts = [item for item in situation.items if isinstance(item, Fact)]
    timeline = Timeline(situation)
    state = timeline.read(facts)
    card = state.find("Dune Gunner")
    assert card is not None
    ruling = bluff_discard(state, card, "me")
    assert ruling is not None and ruling.allowed and "ignored" in ruling.reason
    assert bluff_discard(state, card, "you") is None
    state.phase = Step.LEADERSHIP
    assert bluff_discard(state, card, "me") is None


def test_no_call_after_the_announce_power_phase() -> None:
    """Once the turn has moved past its Announce Power phase, the bluff stands."""
    body = (
        CALL
        + """phase Announce Power
you announce your total power
phase Refresh Hand
ask can I call your bluff?
"""
    )
    assert verdicts(body) == [False]
