"""FMA keywords of several words on a situation line: read as one, checked, errors mended."""

from __future__ import annotations

import pytest

from rulesq.errors import InputError
from rulesq.games import get_game
from rulesq.situation import parse_situation


def _error(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_situation(text, "<t>")
    return caught.value


def test_a_keyword_of_several_words_is_one_word_of_the_line() -> None:
    """State Alchemist is read as one word beside the others, as the data spells it."""
    situation = parse_situation(
        'game fma\nmy character "Roy" (strength 3, State  Alchemist, Military)\n', "<t>"
    )
    (fact,) = situation.facts
    assert fact.cards[0].flags == ("State Alchemist", "Military")


def test_the_phrases_are_the_datas() -> None:
    """The phrases a line may hold are those of corpus/fma/words.toml with a space."""
    phrases = get_game("fma").flag_phrases()
    assert "State Alchemist" in phrases and "Quick Alchemy" in phrases
    assert all(" " in p for p in phrases)
    assert get_game("bluemoon").flag_phrases() == ()


def test_a_comma_left_out_is_the_first_form_offered() -> None:
    """A word after a value with no comma: the line with the comma, which reads, comes first."""
    error = _error('game fma\nmy character "Ed" (strength 3 Elric)\n')
    assert error.nearest == ['my character "Ed" (strength 3, Elric)']
    error = _error('game bluemoon\nI play "Boost" (fire 2 PROTECTED)\n')
    assert error.nearest[0] == 'I play "Boost" (fire 2, PROTECTED)'


def test_words_of_several_words_of_another_game_are_not_its_language() -> None:
    """A Blue Moon line with two words for an icon is not said to be FMA's language."""
    error = _error('game bluemoon\nI play "Boost" (fire 2, PRO TECTED)\n')
    assert "language" not in error.message
    error = _error('game bluemoon\nmy character "X" (strength 2, State Alchemist)\n')
    assert "Fullmetal Alchemist TCG language" in error.message
