"""Natural phrasings parse like their canonical forms; slips are input errors."""

from __future__ import annotations

from typing import Any

import pytest

from rulesq.errors import InputError
from rulesq.situation import parse_situation

#: (a way a judge says it, the canonical form), each a line of a Blue Moon situation.
VARIANTS = [
    ('my opponent has active "Pandemonium"', 'you have active "Pandemonium"'),
    ('my opponent plays "How dare you!"', 'you play "How dare you!"'),
    ("my opponent's hand holds 2 cards", "your hand holds 2 cards"),
    ("the contested element is earth", "element earth"),
    ("it is the Booster/Support phase", "phase Booster/Support"),
    ("it is the Refresh Hand phase", "phase Refresh Hand"),
    ("I hold 3 cards", "I have 3 cards in hand"),
    ('I have "Laughing Gas" in hand', 'I have in hand "Laughing Gas"'),
    ('I hold "Laughing Gas", "Young Fox"', 'I have in hand "Laughing Gas", "Young Fox"'),
    ('my opponent holds "Laughing Gas" in hand', 'you have in hand "Laughing Gas"'),
    ("you hold 4 cards in hand", "you have 4 cards in hand"),
    ("I hold 2 dragons", "I have 2 dragons on my side"),
    ("I hold the red dragon", "I have the red dragon on my side"),
    ("I have the red dragon", "I have the red dragon on my side"),
    ("the red dragon is on my side", "I have the red dragon on my side"),
    ("the red dragon is mine", "I have the red dragon on my side"),
    ("my opponent has the green dragon", "you have the green dragon on your side"),
    ("my opponent holds the green dragon", "you have the green dragon on your side"),
    ("the green dragon is on my opponent's side", "you have the green dragon on your side"),
    ("the green dragon is yours", "you have the green dragon on your side"),
    ("the green dragon is my opponent's", "you have the green dragon on your side"),
    # a what-happens question is the questions the play raises: can it be played, then
    # (supposing it is) what its text touches: here the text of the card in play it ignores
    (
        'ask what happens if I play "Laughing Gas"?',
        'ask can I play "Laughing Gas"?\nI play "Laughing Gas"\n'
        'ask is the special power text of "Pandemonium" ignored?',
    ),
    (
        'ask what happens if my opponent plays "Laughing Gas"?',
        'ask can you play "Laughing Gas"?\nyou play "Laughing Gas"',
    ),
    ("ask can my opponent retreat?", "ask can you retreat?"),
    # anonymous discards and counts
    ("you discarded a card from your hand", "you discard 1 card"),
    ("my opponent discards 3 cards", "you discard 3 cards"),
    ("you attract a dragon", "you attract 1 dragon"),
    ("ask how many more cards must you still discard?", "ask how many cards must you discard?"),
    ("ask how many cards must my opponent discard?", "ask how many cards must you discard?"),
]


#: The same, in Warhammer situations.
WARHAMMER_VARIANTS = [
    (
        'ask how many hit points does "Chaos Knights" have?',
        'ask what are the hit points of "Chaos Knights"?',
    ),
    (
        'ask how many hit points does "Chaos Knights" have left?',
        'ask what are the remaining hit points of "Chaos Knights"?',
    ),
    ("it is the battlefield phase", "phase battlefield"),
    ("my opponent has 7 cards in hand", "you have 7 cards in hand"),
    ('I have "Longbeards" in my battlefield', 'my battlefield has "Longbeards"'),
    ('I control "Longbeards" in my kingdom zone', 'my kingdom zone has "Longbeards"'),
    ('my opponent has "Longbeards" in your quest zone', 'your quest zone has "Longbeards"'),
]

#: The same, in FMA situations.
FMA_VARIANTS = [
    ("it is a wits battle", "battle wits"),
    ("it is an alchemy battle", "battle alchemy"),
]

BLUE_MOON = 'game bluemoon\nit is my turn\nyou have active "Pandemonium"\n'
WARHAMMER = 'game warhammer\nit is my turn\nmy battlefield has "Chaos Knights" (damage 1)\n'
FMA = 'game fma\nattackers "A" (strength 3)\n'


def _shape(line: str, before: str = BLUE_MOON) -> list[tuple[Any, ...]]:
    """What a line means: each item's kind, player, cards and parameters."""
    text = before + line + "\n"
    situation = parse_situation(text, "<test>")
    shapes = []
    for item in situation.items:
        params = {k: v for k, v in item.params.items() if k != "players"}
        players = set(item.params.get("players", ())) | {item.who}
        shapes.append(
            (
                type(item).__name__,
                item.kind,
                item.who,
                frozenset(players),
                tuple(c.name for c in item.cards),
                tuple(sorted(params.items())),
            )
        )
    return shapes


@pytest.mark.parametrize(("variant", "canonical"), VARIANTS)
def test_a_variant_parses_to_its_canonical_form(variant: str, canonical: str) -> None:
    assert _shape(variant) == _shape(canonical)


@pytest.mark.parametrize(("variant", "canonical"), WARHAMMER_VARIANTS)
def test_a_warhammer_variant_parses_to_its_canonical_form(variant: str, canonical: str) -> None:
    assert _shape(variant, WARHAMMER) == _shape(canonical, WARHAMMER)


@pytest.mark.parametrize(("variant", "canonical"), FMA_VARIANTS)
def test_an_fma_variant_parses_to_its_canonical_form(variant: str, canonical: str) -> None:
    assert _shape(variant, FMA) == _shape(canonical, FMA)


def _error(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_situation(text, "<test>")
    return caught.value


def test_an_unknown_phase_is_an_input_error_with_a_suggestion() -> None:
    error = _error("game bluemoon\nit is my turn\nphase Refresh Hands\n")
    assert error.render().splitlines() == [
        '<test>:3:7: error: "Refresh Hands" is not a phase of a Blue Moon turn',
        "  phase Refresh Hands",
        "        ^",
        # wrapped at 80 between the phases, never inside one ("Retreat from Fight?" whole);
        # each in double quotes, as a syntax error's keywords are (what to type)
        'expected one of: "Game Preparation", "Beginning of Turn", "Leadership",',
        '  "Retreat from Fight?", "Character", "Booster/Support", "Announce Power",',
        '  "Refresh Hand", "End of Turn"',
        'Did you mean "Refresh Hand"?',
    ]


def test_a_phase_said_in_a_sentence_is_checked_too() -> None:
    error = _error("game bluemoon\nit is my turn\nit is the Boster phase\n")
    assert (error.line, error.column) == (3, 11)
    assert error.suggestion == 'Did you mean "Booster/Support"?'


def test_the_caret_is_under_a_misspelt_word_that_begins_like_a_keyword() -> None:
    error = _error('game bluemoon\nyou have actve "Pandemonium"\n')
    lines = error.render().splitlines()
    assert lines[0] == '<test>:2:10: error: unexpected "actve"'
    assert lines[2] == "           ^"
    assert error.suggestion == 'Did you mean "active"?'


def test_a_dragon_said_to_be_on_another_side_than_its_holder_s_is_an_input_error() -> None:
    error = _error("game bluemoon\nI have the red dragon on your side\n")
    assert error.render().splitlines() == [
        "<test>:2:1: error: the red dragon is said to be on a side that is not its holder's",
        "  I have the red dragon on your side",
        "  ^",
        "Write, e.g., I have the red dragon on my side, or: the red dragon is on my",
        "  opponent's side.",  # a hint wraps at 80 columns
    ]


def test_a_dragon_named_on_both_sides_at_once_is_an_input_error() -> None:
    error = _error("game bluemoon\nthe red dragon is yours\nthe red dragon is mine\n")
    assert error.render().splitlines()[0] == (
        "<test>:3:1: error: the red dragon cannot be on both sides: line 2 puts it on the "
        "other side"
    )


def test_more_dragons_named_on_a_side_than_it_holds_is_an_input_error() -> None:
    error = _error(
        "game bluemoon\nI have 1 dragon on my side\nthe red dragon is mine\n"
        "I hold the green dragon\n"
    )
    assert error.render().splitlines()[0] == (
        "<test>:4:1: error: my side holds 1 dragon(s), but 2 are named on it (green, red)"
    )
