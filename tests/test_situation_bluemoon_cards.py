"""Blue Moon situation forms for the deck-building, card play, values and icons cases."""

from __future__ import annotations

import pytest

from rulesq.errors import InputError
from rulesq.situation import Situation
from rulesq.situation.build import SituationBuilder
from rulesq.situation.parser import parse_tree


def parse(text: str) -> Situation:
    """Parse and build (without resolving cards) a Blue Moon situation."""
    full = "game bluemoon\n" + text + "\n"
    return SituationBuilder("bluemoon", "<test>", full).build(
        parse_tree(full, "bluemoon", "<test>")
    )


@pytest.mark.parametrize(
    ("text", "kind", "who", "cards", "params"),
    [
        ("it is the first turn of the fight", "first_turn", None, [], {}),
        ("you decline to start the fight", "decline", "you", [], {}),
        ("I declined to start the fight", "decline", "me", [], {}),
        ("I have no character cards in hand", "hand_lacks", "me", [], {"card_type": "character"}),
        ("you announced a total power of 6", "announce", "you", [], {"number": 6}),
        ("you announce 3", "announce", "you", [], {"number": 3}),
        ('"A" has an earth shield', "shield", None, ["A"], {"element": "earth"}),
        (
            'I play "A" without using its GANG icon',
            "play_without_icon",
            "me",
            ["A"],
            {"icon": "GANG"},
        ),
        ('you use the REPLACE icon of "A"', "use_icon", "you", ["A"], {"icon": "REPLACE"}),
        ('I draw "A", "B" and "C"', "draw", "me", ["A", "B", "C"], {}),
        ('I apply "A" to "B"', "apply", "me", ["A", "B"], {}),
        (
            "I have 3 dragons on my side",
            "dragons_held",
            "me",
            [],
            {"number": 3, "players": ("me", "me")},
        ),
        ("my deck is a Vulca deck", "deck_people", "me", [], {"people": "Vulca"}),
        ("your deck is an Aqua deck", "deck_people", "you", [], {"people": "Aqua"}),
        ('my leader is "A"', "leader", "me", ["A"], {}),
        ('my inquisitor is "A"', "inquisitor", "me", ["A"], {}),
    ],
)
def test_card_play_facts(
    text: str, kind: str, who: str | None, cards: list[str], params: dict[str, object]
) -> None:
    """Each statement added for the cards, values and icons cases reads into its fact kind."""
    (fact,) = parse(text).items
    assert (fact.kind, fact.who) == (kind, who)
    assert [c.name for c in fact.cards] == cards
    assert dict(fact.params) == params


@pytest.mark.parametrize(
    ("text", "kind", "who", "cards", "params"),
    [
        ('can I play "A" and "B" together', "can_play_together", "me", ["A", "B"], {}),
        ('can you play "A", "B" and "C" together', "can_play_together", "you", ["A", "B", "C"], {}),
        ('is the STOP icon of "A" effective', "icon_effective", None, ["A"], {"icon": "STOP"}),
        ('can I use the REPLACE icon of "A"', "can_use_icon", "me", ["A"], {"icon": "REPLACE"}),
        ("must I draw 1 card", "must_draw", "me", [], {"number": 1}),
        ("must you refresh your hand", "must_refresh", "you", [], {"players": ("you", "you")}),
        ("must I decline to start the fight", "must_decline", "me", [], {}),
        ('is the special power text of "A" optional', "text_optional", None, ["A"], {}),
        ("must I match your total power", "must_match", "me", [], {"players": ("me", "you")}),
        ('can I choose the order of "A" and "B"', "choose_order", "me", ["A", "B"], {}),
        (
            'can I shuffle "A" and "B" into my draw deck',
            "can_shuffle",
            "me",
            ["A", "B"],
            {"players": ("me", "me")},
        ),
        ('where does "A" go when I discard it', "destination", "me", ["A"], {}),
        ('is "A" disclosed', "disclosed", None, ["A"], {}),
        ("who acts first", "first_to_act", None, [], {}),
        ("who wins the game", "winner", None, [], {}),
        ("how many moons does my deck use", "deck_moons", "me", [], {}),
        ("how many moons may your deck use", "moon_limit", "you", [], {}),
        ("how many cards must my deck hold", "deck_card_count", "me", [], {}),
        ('can I add "A" to my deck', "can_add_to_deck", "me", ["A"], {"players": ("me", "me")}),
    ],
)
def test_card_play_questions(
    text: str, kind: str, who: str | None, cards: list[str], params: dict[str, object]
) -> None:
    """Each question added for the cards, values and icons cases reads into its question kind."""
    (question,) = parse(f"ask {text}?\nexpect yes").questions
    assert (question.kind, question.who) == (kind, who)
    assert [c.name for c in question.cards] == cards
    assert dict(question.params) == params


def test_moons_and_icons_ride_on_a_card() -> None:
    """A moon cost and icons given after a card reach its reference as values and flags."""
    (question,) = parse('ask can I add "A" (moons 0, GANG) to my deck?\nexpect yes').questions
    ref = question.card
    assert (ref.value("moons"), ref.has_flag("GANG")) == (0, True)


def test_the_shared_play_forms_still_read() -> None:
    """Playing one card, a list of cards, and asking about one card keep their shared kinds."""
    situation = parse(
        'I play "A"\nI play "A", "B"\nI have active "A"\nask can I play "A"?\nexpect no'
    )
    assert [i.kind for i in situation.items] == ["play", "play", "active", "can_play"]


def test_an_unknown_icon_is_a_friendly_error() -> None:
    """An icon the game does not have is reported at its place, not as a traceback."""
    with pytest.raises(InputError) as caught:
        parse('ask is the SPARKLE icon of "A" effective?\nexpect no')
    assert caught.value.line == 2
