"""Odd input gives a plain error at its place (exit 2), never a traceback or a misleading reply."""

from __future__ import annotations

import pytest

from rulesq.errors import InputError, UnknownNameError
from rulesq.situation import parse_situation


def error_of(text: str) -> InputError:
    """The InputError parsing ``text`` raises."""
    with pytest.raises(InputError) as caught:
        parse_situation(text, "case.rq")
    return caught.value


# ---------------------------------------------------------------- names and games
def test_an_empty_name_is_not_answered_with_random_suggestions() -> None:
    """``rulesq card ""`` says the name is empty instead of suggesting unrelated cards."""
    error = UnknownNameError("card", "", ["Pandemonium", "Laughing Gas"])
    assert str(error).startswith("No card name given: the name is empty.")
    assert error.suggestions == []


def test_an_unknown_game_lists_the_games() -> None:
    """With no close name, the few known games are listed."""
    from rulesq.games import get_game

    with pytest.raises(UnknownNameError) as caught:
        get_game("nope")
    assert "Known games: bluemoon, fma, warhammer." in str(caught.value)


def test_a_card_of_another_game_says_which() -> None:
    """A Blue Moon card looked up as Warhammer: the error names the game that has it."""
    from rulesq.corpus import load_corpus

    with pytest.raises(UnknownNameError) as caught:
        load_corpus("warhammer").card("Pandemonium")
    assert "It is a card of bluemoon: use --game bluemoon." in str(caught.value)


def test_a_card_of_another_game_in_a_situation_says_which() -> None:
    """In a Warhammer situation a Blue Moon card is an error that names its game."""
    error = error_of('game warhammer\nI have active "Pandemonium"\n')
    assert (error.line, error.column) == (2, 15)
    assert error.suggestion is not None and "is a card of bluemoon" in error.suggestion


def test_a_statement_of_another_game_says_which() -> None:
    """An FMA question in a Blue Moon situation: the error names the language, not 'game'."""
    error = error_of("game bluemoon\nask who wins the battle?\n")
    assert error.line == 2
    assert error.message == ("this line is Fullmetal Alchemist TCG language, but the situation "
                             "is for Blue Moon")
    assert error.suggestion is not None and "game fma" in error.suggestion


def test_a_misspelt_question_is_not_taken_for_another_game() -> None:
    """A misspelt Blue Moon keyword keeps its "did you mean", with no game note."""
    error = error_of("game bluemoon\nask can I retreet?\n")
    assert error.suggestion == 'Did you mean "retreat" or "retrieve"?'


# ---------------------------------------------------------------- card lines and values
@pytest.mark.parametrize(
    ("line", "column", "message", "hint"),
    [
        ('card "X" wizzard (fire 3): ""', 10, "'wizzard' is not a Blue Moon card type", None),
        ('card "X" suport (fire 3): ""', 10, "'suport' is not a Blue Moon card type",
         'Did you mean "support"?'),
        ('card "X" character (fire 3, STOPP): ""', 29, "'STOPP' is not a Blue Moon icon",
         'Did you mean "STOP"?'),
        ('card "X" character (fir 3): ""', 21, "'fir' is not a Blue Moon value",
         'Did you mean "fire"?'),
        ('I have active "Pandemonium" (wits 3)', 30, "'wits' is not a Blue Moon value", None),
        ('I have active "Pandemonium" (STOP, stop)', 36, "the icon 'stop' is given twice",
         None),
    ],
)
def test_card_words_are_checked_against_the_game(line: str, column: int, message: str,
                                                 hint: str | None) -> None:
    """Types, values and icons after a card are the game's own words, each once."""
    error = error_of(f"game bluemoon\n{line}\n")
    assert (error.line, error.column, error.message) == (2, column, message)
    if hint:
        assert error.suggestion == hint


@pytest.mark.parametrize(
    "text",
    [
        "game bluemoon\nI have 99999999999 bluff cards\n",  # used to hang: one card each
        "game bluemoon\nI have 10000 cards in hand\n",
        'game bluemoon\nI have active "Pandemonium" (fire 123456789)\n',
        'game fma\ncharacter "A" (strength 3)\n"A" gets +99999 strength\n',
        "game bluemoon\nask how many cards do I have in hand?\nexpect 100000\n",
    ],
)
def test_huge_numbers_are_refused(text: str) -> None:
    """A number no game comes near is an input error at the number, not an answer (or a hang)."""
    error = error_of(text)
    assert error.message.startswith("the number") and "too large" in error.message
    assert error.source_line()[error.column - 1].isdigit() or \
        error.source_line()[error.column - 1] in "+-"


# ---------------------------------------------------------------- impossible Blue Moon states
@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('I have in hand "Pandemonium"\nI have active "Pandemonium"', 3,
         '"Pandemonium" cannot be in play: line 2 has it in hand'),
        ('you have active "Pandemonium"\nyour discard pile has "Pandemonium"', 3,
         '"Pandemonium" cannot be on the discard pile: line 2 has it in play'),
        ('I have 1 cards in hand\nI have in hand "Pandemonium", "Laughing Gas"', 3,
         "my hand holds 1 card(s) (line 2), but 2 are named in it (line 3)"),
        ('I have in hand "Pandemonium", "Laughing Gas"\nI have 0 cards in hand', 3,
         "my hand holds 0 card(s) (line 3), but 2 are named in it (line 2)"),
        ("I have 4 dragons on my side", 2,
         "no player has 4 dragons on his side: the game has 3, and attracting a fourth "
         "ends the game"),
        ("I have 2 dragons on my side\nyou have 2 dragons on your side", 3,
         "the players hold 4 dragons together, but the game has 3"),
    ],
)
def test_impossible_states_are_input_errors(text: str, line: int, message: str) -> None:
    """Facts of one moment that no game can reach are an error, not a confident answer."""
    error = error_of(f"game bluemoon\n{text}\nask can I retreat?\n")
    assert (error.line, error.message) == (line, message)


def test_a_card_may_move_between_places_over_time() -> None:
    """A play between two place facts moves the card: no contradiction."""
    situation = parse_situation('game bluemoon\nI have in hand "Pandemonium"\n'
                                'I play "Pandemonium"\nI have 0 cards in hand\n'
                                'ask is "Pandemonium" active?\n', "case.rq")
    assert len(situation.questions) == 1


@pytest.mark.parametrize(
    ("question", "column", "message", "hint"),
    [
        ('what is the strength of "Pandemonium"', 17, "'strength' is not a Blue Moon value",
         None),
        ('what is the erth value of "Pandemonium"', 17, "'erth' is not a Blue Moon value",
         'Did you mean "earth"?'),
        ("can I play a suport card", 18, "'suport' is not a Blue Moon card type",
         'Did you mean "support"?'),
    ],
)
def test_question_words_are_checked(question: str, column: int, message: str,
                                    hint: str | None) -> None:
    """An unknown value or card type in a question is an input error at the word."""
    error = error_of(f"game bluemoon\nask {question}?\n")
    assert (error.line, error.column, error.message) == (2, column, message)
    assert error.suggestion == hint


# ---------------------------------------------------------------- syntax slips and files
@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ('game bluemoon\nI have active "Pandemonium\n', 15,
         "the quoted name or text is not closed"),
        ("game bluemoon\nask what does \u201cPandemonium read?\n", 15,
         "the quoted name or text is not closed"),
        ("game bluemoon\nI have -1 cards in hand\n", 8, "a number here is 0 or more"),
        ('game bluemoon\nI have active "Pandemonium" (fire -2)\n', 35,
         "a number here is 0 or more"),
    ],
)
def test_unclosed_quotes_and_negative_numbers_are_named(text: str, column: int,
                                                        message: str) -> None:
    """An unclosed quote is not "names go in quotes"; a negative number is not another game."""
    error = error_of(text)
    assert (error.line, error.column) == (2, column)
    assert error.message.startswith(message)
    assert error.suggestion is None


def test_a_negative_printed_fma_value_is_refused() -> None:
    """A character's printed value below 0 is an input error, not a printed -3."""
    error = error_of('game fma\ncharacter "A" (strength -3)\n')
    assert (error.line, error.column) == (2, 11)
    assert "printed strength is 0 or more" in error.message


def test_a_byte_order_mark_is_not_text() -> None:
    """A file saved with a UTF-8 byte-order mark reads like one without."""
    situation = parse_situation("\ufeffgame bluemoon\nask can I retreat?\n", "case.rq")
    assert situation.game == "bluemoon"


def test_an_error_on_an_empty_line_still_has_a_caret() -> None:
    """file:line:col, then the line (or that it is empty) and a caret."""
    lines = error_of("").render().splitlines()
    assert lines[0].startswith("case.rq:1:1: error:")
    assert lines[1:3] == ["  (empty line)", "  ^"]


def test_check_names_a_non_utf8_file_once(tmp_path: object) -> None:
    """``rulesq check`` on a non-UTF-8 file: plain words, the file named once."""
    from pathlib import Path

    from rulesq.engine.check import check_file

    path = Path(str(tmp_path)) / "bad.rq"
    path.write_bytes(b"\xff\xfe game")
    result = check_file(path)
    assert result.error is not None
    assert str(result.error) == f"cannot read {path}: not UTF-8 text (invalid start byte at byte 0)"
