"""Blue Moon situation forms for interference, ships, bluffing, fights and the game's end."""

from __future__ import annotations

import pytest

from rulesq.situation import Fact, Question, Situation, parse_situation
from rulesq.situation.build import SituationBuilder
from rulesq.situation.parser import parse_tree


def only(line: str) -> Fact | Question:
    """The single fact or question of a one-line Blue Moon situation (names unresolved)."""
    text = f"game bluemoon\n{line}\n"
    items = (
        SituationBuilder("bluemoon", "<test>", text)
        .build(parse_tree(text, "bluemoon", "<test>"))
        .items
    )
    assert len(items) == 1, items
    return items[0]


FACTS = [
    ("I announce my total power", "announce", "me", [], {"players": ("me", "me")}),
    ("you announced a total power of 3", "announce", "you", [], {"number": 3}),
    ("you announced your power", "announce", "you", [], {"players": ("you", "you")}),
    ("you have 2 bluff cards", "bluff_count", "you", [], {"number": 2}),
    ("I have a bluff card", "bluff_count", "me", [], {}),
    ("you have an active bluff card", "bluff_count", "you", [], {}),
    ('I have "A" as a bluff card', "bluff_card", "me", ["A"], {}),
    ('you play "A" as a bluff card', "play_bluff", "you", ["A"], {}),
    ("you call my bluff", "call_bluff", "you", [], {"players": ("you", "me")}),
    (
        'I have "S", "H" in my influence area',
        "influence",
        "me",
        ["S", "H"],
        {"players": ("me", "me")},
    ),
    ('"S" holds "A", "B"', "cargo", None, ["S", "A", "B"], {}),
    ('I land "S", "T"', "land", "me", ["S", "T"], {}),
    ('I load "A" onto "S"', "load", "me", ["A", "S"], {}),
    (
        "your combat area holds 4 cards",
        "area_size",
        "you",
        [],
        {"number": 4, "area": "combat area"},
    ),
    ("my support area has 1 cards", "area_size", "me", [], {"number": 1, "area": "support area"}),
    ("my combat and support areas hold 6 cards", "area_size", "me", [], {"number": 6}),
    ("my combat and support areas hold no other cards", "area_whole", "me", [], {}),
    ("your support area holds no other cards", "area_whole", "you", [], {"area": "support area"}),
    (
        "I have 1 dragon on my side",
        "dragons_held",
        "me",
        [],
        {"number": 1, "players": ("me", "me")},
    ),
    ("you attract a dragon", "attract", "you", [], {"number": 1}),
    ("I attract 2 additional dragons", "attract", "me", [], {"number": 2}),
    ('my hand holds only "A", "B"', "hand_only", "me", ["A", "B"], {}),
    ("you run out of cards", "run_out", "you", [], {}),
    ("I am due to start the fight", "due_to_start", "me", [], {}),
    ("you decline to start the fight", "decline", "you", [], {}),
    ("it is the first turn of the fight", "first_turn", None, [], {}),
    ('my inquisitor is "X"', "inquisitor", "me", ["X"], {}),
]


@pytest.mark.parametrize(
    ("line", "kind", "who", "cards", "params"),
    FACTS,
    ids=[f"{f[1]}-{i}" for i, f in enumerate(FACTS)],
)
def test_fact_forms(
    line: str, kind: str, who: str | None, cards: list[str], params: dict[str, object]
) -> None:
    """Each fact form gives its kind, player, cards in written order and parameters."""
    fact = only(line)
    assert isinstance(fact, Fact)
    assert (fact.kind, fact.who) == (kind, who)
    assert dict(fact.params) == params
    assert [c.name for c in fact.cards] == cards


QUESTIONS = [
    ('ask can I play "A" as a bluff card?', "can_play_bluff", "me", ["A"], {}),
    ("ask can you call my bluff?", "can_call_bluff", "you", [], {}),
    ("ask is your bluff a losing bluff?", "losing_bluff", "you", [], {}),
    ('ask can I land "S"?', "can_land", "me", ["S"], {}),
    ('ask can I load "A" onto "S"?', "can_load", "me", ["A", "S"], {}),
    ('ask can I load a card onto "S"?', "can_load_any", "me", ["S"], {}),
    ("ask can I decline to start the fight?", "can_decline", "me", [], {}),
    ('ask is "A" in my discard pile?', "in_discard_pile", "me", ["A"], {}),
    (
        "ask can I refresh my hand at the end of the turn?",
        "can_refresh",
        "me",
        [],
        {"period": "turn"},
    ),
    ("ask to how many cards do I refresh my hand?", "refresh_size", "me", [], {}),
    ("ask how many additional dragons do you attract?", "extra_dragons", "you", [], {}),
    ("ask does the game end?", "ends", None, [], {"period": "game"}),
    ("ask who wins the game?", "winner", None, [], {}),
    ("ask how many crystals does the winner score?", "score", None, [], {}),
    ("ask who starts the next fight?", "next_starter", None, [], {}),
    ('ask can I exchange "A" with "B"?', "can_exchange", "me", ["A", "B"], {}),
]


@pytest.mark.parametrize(
    ("line", "kind", "who", "cards", "params"),
    QUESTIONS,
    ids=[f"{q[1]}-{i}" for i, q in enumerate(QUESTIONS)],
)
def test_question_forms(
    line: str, kind: str, who: str | None, cards: list[str], params: dict[str, object]
) -> None:
    """Each question form gives its kind, player, cards in written order and parameters."""
    question = only(line)
    assert isinstance(question, Question)
    assert (question.kind, question.who) == (kind, who)
    assert {k: v for k, v in question.params.items() if k != "players"} == params
    assert [c.name for c in question.cards] == cards


def test_bluff_icons_are_single_flags() -> None:
    """A two-word BLUFF icon on an inline card is one icon, beside values and other icons."""
    situation: Situation = parse_situation(
        'game bluemoon\ncard "Some Cannoneer" character (fire 2, FIRE BLUFF, STOP): ""\n'
        'I have in hand "Some Cannoneer"\n'
    )
    card = situation.cards["some cannoneer"]
    assert card.fields["icons"] == ["FIRE BLUFF", "STOP"]
    assert card.fields["fire"] == 2
    assert card.text == ""


@pytest.mark.parametrize("word", ["me", "you"])
def test_player_verdicts_are_words(word: str) -> None:
    """``expect me`` and ``expect you`` read as verdict words after a who-question."""
    question = only(f"ask who starts the next fight?\nexpect {word}")
    assert isinstance(question, Question)
    assert [(e.kind, e.value) for e in question.expectations] == [("word", word)]


def test_area_words_do_not_swallow_the_influence_area() -> None:
    """``in my influence area`` stays the influence statement, not a card count."""
    fact = only('I have "S" in my influence area')
    assert fact.kind == "influence"
