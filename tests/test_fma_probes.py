"""FMA soundness probes: situations near the rulings where rulesq was confidently wrong.

Each test invents a situation close to a ruling (cards of its own, inline) and checks the
answer the rulings support, or *cannot answer* where they leave the answer open.
"""

from __future__ import annotations

import pytest

from rulesq.engine import Answer, Status, evaluate
from rulesq.engine.verdict import Cards, Number, Word
from rulesq.games.fma import effects as fx
from rulesq.games.fma.parse import parse_card_text
from rulesq.situation import parse_situation


def answers(body: str) -> list[Answer]:
    """Every answer of an FMA situation."""
    return evaluate(parse_situation("game fma\n" + body, "probe.rq"))


def ask(body: str) -> Answer:
    """The last answer of an FMA situation."""
    return answers(body)[-1]


# ---------------------------------------------------------------------------- battles


def test_a_card_played_after_the_battle_does_not_change_its_result() -> None:
    """A no-bonus-from-attachments card played after the battle leaves the battle as it was."""
    body = (
        'card "Quiet Fields" location: "Attachments do not give abilities or attribute '
        'bonuses or penalties."\n'
        "battle strength\n"
        'attackers "A" (strength 3)\n'
        'defenders "D" (strength 3)\n'
        'attach "Blade" (strength +1) to "A"\n'
        "the battle ends\n"
        '"Quiet Fields" is in play\n'
        "ask who wins the battle?\n"
        "ask who is defeated?\n"
        'ask what is the strength of "A"?\n')
    winner, defeated, strength = answers(body)
    assert winner.verdict == Word("attackers")
    assert defeated.verdict == Cards(("D",))
    assert strength.verdict == Number(3)


def test_moved_attachment_bonus_then_no_bonus_card_is_an_answer_not_an_error() -> None:
    """An attachment bonus that was moved, then attachments stop giving bonuses: it is gone."""
    body = (
        'card "Quiet Fields" location: "Attachments do not give abilities or attribute '
        'bonuses or penalties."\n'
        'my character "C" (strength 1, wits 1)\n'
        'attach "Blade" (wits +2) to "C"\n'
        '"Stretch" moves the wits bonus of "C" to strength\n'
        '"Quiet Fields" is in play\n'
        'ask what is the strength of "C"?\n'
        'ask what is the wits of "C"?\n')
    strength, wits = answers(body)
    assert strength.verdict == Number(1)
    assert wits.verdict == Number(1)


# ---------------------------------------------------------------------------- attributes


def test_a_value_below_zero_cannot_be_answered() -> None:
    """The rulings never say whether an attribute can go below 0: no guess."""
    body = ('character "A" (strength 1)\n'
            '"A" gets -3 strength until the end of the battle\n'
            'ask what is the strength of "A"?\n')
    assert ask(body).status is Status.CANNOT


def test_a_battle_with_a_value_below_zero_cannot_be_answered() -> None:
    body = ("battle strength\n"
            'attackers "A" (strength 1), "B" (strength 5)\n'
            'defenders "D" (strength 3)\n'
            '"A" gets -3 strength until the end of the battle\n'
            "ask who wins the battle?\n")
    assert ask(body).status is Status.CANNOT


# ---------------------------------------------------------------------------- passives


@pytest.mark.parametrize("subject", [
    "A character gets", "Any character gets", "Up to two Elric faction characters get",
    "Two Elric faction characters get", "One of the characters gets"])
def test_a_passive_bonus_to_some_characters_does_not_reach_all(subject: str) -> None:
    """"a character", "up to two …": which ones is not known, so no confident value."""
    body = (f'card "Shrine" location: "{subject} +1 strength."\n'
            'my character "E" (strength 3, Elric)\n'
            '"Shrine" is in play\n'
            'ask what is the strength of "E"?\n')
    reply = ask(body)
    assert reply.status is Status.CANNOT, reply.verdict


@pytest.mark.parametrize("subject", ["Each character gets", "All characters get",
                                     "Characters get", "Elric faction characters get"])
def test_a_passive_bonus_to_every_character_still_applies(subject: str) -> None:
    body = (f'card "Shrine" location: "{subject} +1 strength."\n'
            'my character "E" (strength 3, Elric)\n'
            '"Shrine" is in play\n'
            'ask what is the strength of "E"?\n')
    assert ask(body).verdict == Number(4)


def test_a_number_word_is_a_quantity_not_part_of_a_faction_name() -> None:
    """"Three Military characters": three of them, not a faction called "Three Military"."""
    parsed = parse_card_text("Three Military characters get +1 wits.")
    assert not parsed.unparsed
    bonus = parsed.effects[0]
    assert isinstance(bonus, fx.AttributeBonus)
    assert isinstance(bonus.who, fx.Selector)
    assert bonus.who.faction == "Military"
    assert bonus.who.quantity is not None and bonus.who.quantity.count == 3


# ---------------------------------------------------------------------------- doubling


def test_doubling_a_bonus_to_each_attribute_does_not_pick_one() -> None:
    """+2 to each attribute is three bonuses; a react may double any one of them."""
    body = ('card "Surge" event: "React Alchemy 5: After one of your characters receives an '
            'attribute bonus from an event or activated ability, double that bonus."\n'
            'my character "R" (strength 1, wits 1, alchemy 1)\n'
            '"R" gets +2 to each attribute from an event until the end of the turn\n'
            'I play "Surge"\n'
            'ask what is the strength of "R"?\n'
            'ask what is the alchemy of "R"?\n')
    for reply in answers(body):
        assert reply.status is Status.CANNOT, reply.verdict


@pytest.mark.parametrize("between", [
    '"R" gets -1 strength from an event until the end of the turn',
    '"Wall" sets the strength of "R" to 0 until the end of the battle',
    'attach "Blade" (wits +1) to "R"',
])
def test_doubling_after_something_else_happened_is_not_a_guess(between: str) -> None:
    """The react follows the bonus it doubles; after another change, which bonus is open."""
    body = ('card "Surge" event: "React Alchemy 5: After one of your characters receives an '
            'attribute bonus from an event or activated ability, double that bonus."\n'
            'my character "R" (strength 3, wits 1)\n'
            '"R" gets +2 strength from an event until the end of the turn\n'
            f"{between}\n"
            'I play "Surge"\n'
            "the battle ends\n"
            'ask what is the strength of "R"?\n')
    reply = ask(body)
    assert reply.status is Status.CANNOT, reply.verdict


def test_doubling_right_after_the_bonus_and_again_still_doubles() -> None:
    body = ('card "Surge" event: "React Alchemy 5: After one of your characters receives an '
            'attribute bonus from an event or activated ability, double that bonus."\n'
            'my character "R" (strength 0)\n'
            '"R" gets +2 strength from an event until the end of the turn\n'
            'I play "Surge"\n'
            'ask what is the strength of "R"?\n'
            'I play "Surge"\n'
            'ask what is the strength of "R"?\n')
    first, second = answers(body)
    assert (first.verdict, second.verdict) == (Number(4), Number(8))


def test_a_passive_of_unknown_reach_during_the_battle_still_counts_after_it_leaves() -> None:
    """A bonus text in play during the battle whose reach is unknown blocks the battle."""
    body = ('card "Mentor" ally (strength 2): "Elric faction characters get +1 strength."\n'
            'character "Mentor"\n'
            "battle strength\n"
            'attackers "A" (strength 3)\n'
            'defenders "D" (strength 3, Military)\n'
            "the battle ends\n"
            '"Mentor" is defeated\n'
            "ask who wins the battle?\n"
            'ask what is the strength of "A"?\n')
    winner, strength = answers(body)
    assert winner.status is Status.CANNOT, winner.verdict
    assert strength.verdict == Number(3)


@pytest.mark.parametrize(("text", "question", "setup"), [
    ("After one of your characters receives an attribute bonus from an event, double that "
     "bonus.", 'ask what is the strength of "R"?',
     'my character "R" (strength 3)\n'
     '"R" gets +2 strength from an event until the end of the turn\n'),
    ("After a character wins a battle, defeat target character.", "ask who is defeated?",
     'battle strength\nattackers "R" (strength 3)\ndefenders "D" (strength 2)\n'),
])
def test_a_passive_trigger_in_play_is_not_ignored(text: str, question: str,
                                                  setup: str) -> None:
    """A text in play that acts by itself after something happens (no ability header)."""
    body = f'card "Omen" location: "{text}"\n"Omen" is in play\n{setup}{question}\n'
    reply = ask(body)
    assert reply.status is Status.CANNOT, reply.verdict


def test_an_activated_react_in_play_acts_only_when_used() -> None:
    body = ('card "Booster" ally (strength 1): "React Alchemy 2: After one of your characters '
            'receives an attribute bonus from an event, double that bonus."\n'
            'my character "Booster"\n'
            'my character "R" (strength 3)\n'
            '"R" gets +2 strength from an event until the end of the turn\n'
            'ask what is the strength of "R"?\n')
    assert ask(body).verdict == Number(5)


@pytest.mark.parametrize("text", [
    "Attachments do not give attribute penalties.",
    "Elric faction attachments do not give attribute bonuses or penalties.",
    "Your attachments do not give attribute bonuses or penalties.",
])
def test_a_narrower_no_bonus_text_does_not_stop_every_attachment_bonus(text: str) -> None:
    """Only "Attachments do not give … attribute bonuses or penalties" stops them all; a text
    about penalties alone, or about some attachments, never takes a +1 bonus away."""
    body = (f'card "Quiet Fields" location: "{text}"\n'
            'character "Edward" (strength 3, Elric)\n'
            'attach "Blade" (strength +1) to "Edward"\n'
            '"Quiet Fields" is in play\n'
            'ask what is the strength of "Edward"?\n')
    reply = ask(body)
    assert reply.status is Status.CANNOT or reply.verdict == Number(4), reply.verdict
