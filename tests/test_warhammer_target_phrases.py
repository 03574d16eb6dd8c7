"""Target phrases read with their qualifiers: the pool's Actions, and one race of two words."""

from __future__ import annotations

from rulesq.corpus import load_corpus
from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer import target_phrases
from rulesq.games.warhammer.board import Board


def test_a_bracketed_or_capitalised_race_of_two_words_is_one_qualifier() -> None:
    """ "[High Elf]" and "Wood Elf" name one race or trait each, not two."""
    assert target_phrases._kinds(["[High", "Elf]"]) == ["[High Elf]"]
    assert target_phrases._kinds(["attacking", "Wood", "Elf"]) == ["attacking", "Wood Elf"]


def test_the_pool_actions_that_target_are_read_or_named() -> None:
    """Of the pool's 315 one-Action texts that target, 194 have every target read (310 and
    190 before the data's typos were corrected, corpus/warhammer/text-fixes.toml; 314 and 192
    before Iron Discipline's "the action's controller" was read by the grammar; 193 before
    Asuryan's Cleansing's "target unit or support card just played" was read as a card on
    the chain)."""
    board = Board()
    read = targeting = 0
    for card in load_corpus("warhammer").cards.values():
        action, _ = ab.action_of(card)
        if action is None or "target" not in action.effect.lower():
            continue
        targeting += 1
        read += not target_phrases.check(board, action.effect, "me", None).gaps
    assert (targeting, read) == (315, 194)


def test_on_an_empty_board_a_read_unit_target_is_missing() -> None:
    """With no unit in play, "one target unit" has no legal target; "target player" has one."""
    board = Board()
    missing = target_phrases.check(board, "Deal 1 damage to one target unit", "me", None)
    assert missing.missing == ["one target unit"] and not missing.gaps
    player = target_phrases.check(board, "Target player draws a card", "me", None)
    assert player.missing == [] and not player.gaps
