"""Blue Moon judge: using icons and texts (RETRIEVE, REPLACE, "I may" texts), on invented cards.

Each situation is built from inline cards in the shapes of the FAQ's cases, so the rules are shown
to hold for cards the FAQ never names. Each asks its questions and states the expected verdicts.
"""

from __future__ import annotations

import pytest

from rulesq.engine.check import check_situation
from rulesq.engine.expect import Result
from rulesq.situation import parse_situation

HOOK = 'card "Hook Hand" character (RETRIEVE): ""\n'
GRAPNEL = 'card "Grapnel" booster (RETRIEVE): ""\n'
PLAIN = 'card "Plain Fellow" character: ""\n'
FOG = 'card "Fog Bank" support: "Your icons are ignored, except STOP and PROTECTED."\n'
FIST = 'card "Closed Fist" support: "You may not take further cards into your hand."\n'
DAM = 'card "Dam" support: "You may not take cards from your draw deck."\n'
RECALL = (
    'card "Recall" leadership: "Now I may retrieve one card (not this card) from my '
    'combat area into my hand."\n'
)
SHELF = 'card "Shelf" support: ""\n'


def results(text: str) -> list[tuple[str, Result, str]]:
    """Each question of a situation: its text, whether the answer agrees, and the details."""
    checked = check_situation(parse_situation("game bluemoon\n" + text))
    return [
        (q.question.text, q.result, "; ".join(o.detail for o in q.outcomes))
        for q in checked.questions
    ]


def assert_agrees(text: str) -> None:
    """Every question of the situation gets its expected answer."""
    found = results(text)
    assert found
    assert [(q, r) for q, r, _ in found if r is not Result.AGREE] == [], found


# ---------------------------------------------------------------------- RETRIEVE
@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        # (no card of yours is named: your combat area is said to hold none that could block)
        ("your combat area holds no other cards\nit is my turn\nphase Beginning of Turn\n", "yes"),
        ("it is my turn\nphase Leadership\n", "no"),  # only at the very beginning
        ("it is your turn\n", "no"),  # only on my own turn
        (
            'you have active "Plain Fellow", "Grapnel"\nit is my turn\nphase Beginning of Turn\n',
            "yes",
        ),  # a booster does not block
        ('you have active "Hook Hand"\nit is my turn\n', "no"),  # a character blocks
    ],
)
def test_retrieve_icon(setup: str, expected: str) -> None:
    """The RETRIEVE icon: my turn's beginning, not blocked by an opposing RETRIEVE character."""
    mine = 'card "Long Arm" character (RETRIEVE): ""\n'
    assert_agrees(
        HOOK
        + GRAPNEL
        + PLAIN
        + mine
        + 'I have active "Long Arm"\n'
        + setup
        + 'ask can I retrieve "Long Arm"?\nexpect '
        + expected
        + "\n"
    )


def test_retrieve_block_reaches_only_character_cards() -> None:
    """An opposing RETRIEVE character blocks my characters' icons, not my boosters'."""
    assert_agrees(
        HOOK + GRAPNEL + PLAIN + 'I have active "Plain Fellow", "Grapnel"\n'
        'you have active "Hook Hand"\nit is my turn\nphase Beginning of Turn\n'
        'ask can I retrieve "Grapnel"?\nexpect yes\n'
    )


def test_ignored_retrieve_icon_still_blocks_but_cannot_be_used() -> None:
    """My icon-ignoring card does not lift your RETRIEVE character's block; yours is unusable."""
    mine = 'card "Long Arm" character (RETRIEVE): ""\n'
    assert_agrees(
        HOOK + FOG + mine + 'I have active "Long Arm", "Fog Bank"\n'
        'you have active "Hook Hand"\nit is my turn\n'
        'ask can I retrieve "Long Arm"?\nexpect no\n'
        "my turn ends\nit is your turn\n"
        'ask can you retrieve "Hook Hand"?\nexpect no\nexpect decided by ignore\n'
    )


def test_retrieving_is_taking_into_the_hand() -> None:
    """A ban on taking cards into the hand stops retrieving; a draw-deck ban does not."""
    base = HOOK + 'I have active "Hook Hand"\nit is my turn\nphase Beginning of Turn\n'
    assert_agrees(
        FIST
        + base.replace("it is my turn", 'you have active "Closed Fist"\nit is my turn')
        + 'ask can I retrieve "Hook Hand"?\nexpect no\nexpect decided by you may not\n'
    )
    assert_agrees(
        DAM
        + base.replace("it is my turn", 'you have active "Dam"\nit is my turn')
        + 'ask can I retrieve "Hook Hand"?\nexpect yes\n'
    )


def test_retrieving_text_follows_its_own_words() -> None:
    """A "now" retrieving text: its area only, inactive cards included, not on a later turn."""
    assert_agrees(
        RECALL
        + PLAIN
        + SHELF
        + 'I have inactive "Plain Fellow"\nI have active "Shelf"\nit is my turn\n'
        'I play "Recall"\n'
        'ask can I retrieve "Plain Fellow"?\nexpect yes\n'
        'ask can I retrieve "Shelf"?\nexpect no\n'
        "my turn ends\nit is your turn\nyour turn ends\nit is my turn\n"
        'ask can I retrieve "Plain Fellow"?\nexpect no\n'
    )


# ---------------------------------------------------------------------- REPLACE
SWAP = 'card "Swap Out" leadership (REPLACE): ""\n'


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        ("", "yes"),
        ('I use the REPLACE icon of "Old Swap"\n', "no"),  # once, instead of the leadership card
        ('you have active "Fog Bank"\n', "no"),  # icons ignored
        ('you have active "Heavy Air"\n', "yes"),  # REPLACE is not playing a card
        ("phase Character\n", "no"),
    ],
)
def test_replace_icon(setup: str, expected: str) -> None:
    """REPLACE: in my Leadership phase, once, unless ignored; "you may not play" cannot stop it."""
    cards = (
        SWAP + FOG + 'card "Old Swap" leadership (REPLACE): ""\n'
        'card "Heavy Air" support: "You may not play leadership cards."\n'
    )
    assert_agrees(
        cards + "it is my turn\nphase Leadership\n"
        'I have in hand "Swap Out", "Old Swap"\n'
        + setup
        + 'ask can I use the REPLACE icon of "Swap Out"?\nexpect '
        + expected
        + "\n"
    )


def test_added_replace_icon_is_ignored_with_its_card() -> None:
    """An icon added by "as if they had the REPLACE icon" goes when the card or its icons do."""
    cards = (
        'card "Fixer" inquisitor: "I may play my cards as if they had the REPLACE icon."\n'
        'card "Icon Hater" support: "Your cards with icons are ignored, except PROTECTED '
        'cards."\n' + PLAIN + 'card "Guarded" support (PROTECTED): ""\n'
    )
    base = (
        cards + 'my inquisitor is "Fixer"\nit is my turn\nphase Leadership\n'
        'I have in hand "Plain Fellow", "Guarded"\n'
    )
    assert_agrees(base + 'ask can I use the REPLACE icon of "Plain Fellow"?\nexpect yes\n')
    assert_agrees(
        base + 'you have active "Icon Hater"\n'
        'ask can I use the REPLACE icon of "Plain Fellow"?\nexpect no\n'
        'ask can I use the REPLACE icon of "Guarded"?\nexpect yes\n'
    )
    assert_agrees(
        FOG + base + 'you have active "Fog Bank"\n'
        'ask can I use the REPLACE icon of "Guarded"?\nexpect no\n'
    )


# ---------------------------------------------------------------------- using texts
PICKER = 'card "Picker" character: "On my turn, I may discard one of your active support cards."\n'
EXTRA = 'card "Extra Hand" character: "On my turn, I may play one additional support card."\n'
LATE = 'card "Late Draw" character: "At the end of my turn, I may draw two additional cards."\n'
HUSH = 'card "Hush" support: "You may not draw additional cards at the end of your turn."\n'


def test_on_my_turn_text_once_each_turn() -> None:
    """An "On my turn" text: once on each of my turns while active, never on yours."""
    assert_agrees(
        PICKER + 'it is my turn\nI play "Picker"\n'
        'ask can I use the special power text of "Picker"?\nexpect yes\n'
        'I use the special power text of "Picker"\n'
        'ask can I use the special power text of "Picker"?\nexpect no\n'
        "my turn ends\nit is your turn\n"
        'ask can I use the special power text of "Picker"?\nexpect no\n'
        "your turn ends\nit is my turn\n"
        'ask can I use the special power text of "Picker"?\nexpect yes\n'
    )


def test_permission_only_in_its_phase() -> None:
    """Text "One additional support card" is usable only in the Booster/Support phase."""
    assert_agrees(
        EXTRA + 'it is my turn\nI play "Extra Hand"\nmy turn ends\nit is your turn\n'
        "your turn ends\nit is my turn\nphase Leadership\n"
        'ask can I use the special power text of "Extra Hand"?\nexpect no\n'
        "phase Booster/Support\n"
        'ask can I use the special power text of "Extra Hand"?\nexpect yes\n'
    )


def test_now_text_only_as_played() -> None:
    """A "now" text is used as its card is played, not on a later turn."""
    card = 'card "Quick Draw" leadership: "Now I may draw five cards."\n'
    assert_agrees(
        card + HUSH + 'you have active "Hush"\nit is my turn\nI play "Quick Draw"\n'
        'ask can I use the special power text of "Quick Draw"?\nexpect yes\n'
    )
    runner = 'card "Runner" character: "Now I may draw one card."\n'
    assert_agrees(
        runner + 'it is my turn\nI play "Runner"\nmy turn ends\nit is your turn\n'
        "your turn ends\nit is my turn\n"
        'ask can I use the special power text of "Runner"?\nexpect no\n'
    )


def test_prohibition_matches_wording_and_moment() -> None:
    """Text "You may not draw additional cards at the end of your turn" stops that wording only."""
    assert_agrees(
        LATE + HUSH + 'you have active "Hush"\nit is my turn\nI play "Late Draw"\n'
        "phase End of Turn\n"
        'ask can I use the special power text of "Late Draw"?\nexpect no\n'
        "expect decided by you may not\n"
    )
    assert_agrees(
        LATE + 'it is my turn\nI play "Late Draw"\nphase End of Turn\n'
        'ask can I use the special power text of "Late Draw"?\nexpect yes\n'
    )


def test_ignored_or_covered_text_cannot_be_used() -> None:
    """An ignored text, or a covered card's text, cannot be used."""
    silence = 'card "Silence" support: "Your special power texts are ignored."\n'
    assert_agrees(
        PICKER + silence + 'you have active "Silence"\nit is my turn\n'
        'I play "Picker"\n'
        'ask can I use the special power text of "Picker"?\nexpect no\n'
    )
    assert_agrees(
        PICKER + PLAIN + 'I have active "Picker"\nit is my turn\nI play "Plain Fellow"\n'
        'ask can I use the special power text of "Picker"?\nexpect no\n'
    )


def test_text_optional() -> None:
    """Text "may" texts are optional; "you may not" texts are not."""
    assert_agrees(
        'card "Maybe" leadership: "Now I may draw five cards."\n'
        'card "Never" leadership: "You may not play support cards."\n'
        'ask is the special power text of "Maybe" optional?\nexpect yes\n'
        'ask is the special power text of "Never" optional?\nexpect no\n'
    )


def test_choose_order_of_texts_acting_together() -> None:
    """My texts acting at the same moment: I order them; at different moments they are ordered."""
    other = 'card "Late Pick" support: "At the end of my turn, I may draw one additional card."\n'
    assert_agrees(
        LATE + other + PICKER + "it is my turn\n"
        'I have active "Late Draw", "Late Pick", "Picker"\n'
        'ask can I choose the order of "Late Draw" and "Late Pick"?\nexpect yes\n'
        'ask can I choose the order of "Late Draw" and "Picker"?\nexpect no\n'
    )


# ---------------------------------------------------------------------- applying texts
def test_text_applies_to_the_cards_it_names() -> None:
    """Text "one of my character cards": any active one I choose; not a support card."""
    assert_agrees(
        'card "Lens" support: "The Fire value of one of my character cards doubles."\n'
        + PLAIN
        + SHELF
        + 'card "Other Fellow" character (FREE): ""\n'
        'I have active "Lens", "Plain Fellow", "Other Fellow", "Shelf"\n'
        'ask can "Lens" apply to "Other Fellow"?\nexpect yes\n'
        'ask can "Lens" apply to "Plain Fellow"?\nexpect yes\n'
        'ask can "Lens" apply to "Shelf"?\nexpect no\n'
    )


def test_affects_names_the_corpus_cards_its_words_fit() -> None:
    """The cards a text can affect are found by its words among the corpus cards."""
    found = results(
        'card "Moth Lamp" support: "The effect of one of my Caterpillar booster '
        'cards doubles."\nask which cards can "Moth Lamp" affect?\n'
        'expect "Caterpillar Fireeater", "Caterpillar Eartheroder", '
        '"Caterpillar Watertamer", "Caterpillar Lightseeker", "Caterpillar Moondoom"\n'
    )
    assert [r for _, r, _ in found] == [Result.AGREE]


def test_play_from_draw_deck_by_a_searching_text() -> None:
    """A searching text plays an influence card from the deck, unless taking from it is banned."""
    search = (
        'card "Dig" leadership: "Now I search through my draw deck and may select either '
        "one influence card and play it, or one character/booster/support card and load "
        'it onto one of my ships. Then I reshuffle."\n'
    )
    hyla = 'card "Little Hyla" Hyla: ""\n'
    base = search + hyla + PLAIN + "it is my turn\n"
    assert_agrees(
        base + 'ask can I play "Little Hyla" from my draw deck?\nexpect no\n'
        'I play "Dig"\n'
        'ask can I play "Little Hyla" from my draw deck?\nexpect yes\n'
        'ask can I play "Plain Fellow" from my draw deck?\nexpect no\n'
    )
    assert_agrees(
        DAM
        + base.replace("it is my turn", 'you have active "Dam"\nit is my turn')
        + 'I play "Dig"\nask can I play "Little Hyla" from my draw deck?\nexpect no\n'
    )
    assert_agrees(
        FIST
        + base.replace("it is my turn", 'you have active "Closed Fist"\nit is my turn')
        + 'I play "Dig"\nask can I play "Little Hyla" from my draw deck?\nexpect yes\n'
    )


def test_no_order_to_choose_for_continuous_or_value_texts() -> None:
    """Value changes follow Special Rule 7, and continuous texts all apply: no order to choose."""
    lens = 'card "Lens" support: "The Fire value of one of my character cards doubles."\n'
    glass = 'card "Glass" booster: "The Fire value of one of my character cards doubles."\n'
    assert_agrees(
        lens + glass + PLAIN + "it is my turn\n"
        'I have active "Plain Fellow", "Lens", "Glass"\n'
        'ask can I choose the order of "Lens" and "Glass"?\nexpect no\n'
    )
