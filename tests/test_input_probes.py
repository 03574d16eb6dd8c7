"""Odd input gives a plain error at its place (exit 2), never a traceback or a misleading reply."""

from __future__ import annotations

import pytest

from rulesq.errors import InputError, UnknownNameError
from rulesq.situation import parse_situation

# The input errors of situations are .rq files in tests/cases/input-errors/.


def error_of(text: str) -> InputError:
    """The InputError parsing ``text`` raises."""
    with pytest.raises(InputError) as caught:
        parse_situation(text, "case.rq")
    return caught.value


# ---------------------------------------------------------------- names and games
def test_an_empty_name_is_not_answered_with_random_suggestions() -> None:
    """``rulesq card ""`` says the name is empty instead of suggesting unrelated cards."""
    error = UnknownNameError("card", "", ["Pandemonium", "Laughing Gas"])
    assert str(error).startswith("no card name given: the name is empty.")
    assert error.suggestions == []


def test_an_unknown_game_lists_the_games() -> None:
    """With no close name, the few known games are listed."""
    from rulesq.games import get_game

    with pytest.raises(UnknownNameError) as caught:
        get_game("nope")
    assert 'Known games: "bluemoon", "fma", "warhammer".' in str(caught.value)  # quoted


def test_a_card_of_another_game_says_which() -> None:
    """A Blue Moon card looked up as Warhammer: the error names the game that has it."""
    from rulesq.corpus import load_corpus

    with pytest.raises(UnknownNameError) as caught:
        load_corpus("warhammer").card("Pandemonium")
    assert 'It is a card of bluemoon: use "--game bluemoon".' in str(caught.value)


# ---------------------------------------------------------------- syntax slips and files


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
    """``rulesq check`` on a non-UTF-8 file: plain words at line:column, the file named once."""
    from pathlib import Path

    from rulesq.engine.check import check_file
    from rulesq.errors import InputError

    path = Path(str(tmp_path)) / "bad.rq"
    path.write_bytes(b"\xff\xfe game")
    result = check_file(path)
    assert result.error is not None
    assert isinstance(result.error, InputError)
    assert (result.error.source, result.error.line, result.error.column) == (str(path), 1, 1)
    assert str(result.error) == "not UTF-8 text: the byte 0xff cannot be read (invalid start byte)"
    assert result.error.render().count(str(path)) == 1


#: The first bytes of a program (ELF) and of an image (PNG): each holds NUL bytes.
PROGRAM = b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4
IMAGE = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4


@pytest.mark.parametrize("data", [PROGRAM, IMAGE], ids=["program", "image"])
def test_a_file_that_is_not_text_is_said_to_be_none(tmp_path: object, data: bytes) -> None:
    """A program or an image given to ``check``: "not a text file", at its first NUL byte, and
    a line no wider than any error shows (its escapes were four times as wide, 400 columns)."""
    from pathlib import Path

    from typer.testing import CliRunner

    from rulesq.cli import app

    path = Path(str(tmp_path)) / "case.rq"
    path.write_bytes(data)
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    head, shown, caret = result.stderr.splitlines()[:3]
    assert head.endswith(
        "error: not a text file: it holds a NUL byte, as a program, an image or an archive does"
    )
    assert len(shown) <= 2 + 100 + 2 and shown[caret.index("^") :].startswith("\\x00")
    assert "not UTF-8" not in result.stderr


def test_utf16_text_is_named() -> None:
    """A file saved as UTF-16 (a NUL beside each ASCII letter) is told to be saved as UTF-8."""
    from rulesq.inputs import _text_or_refused

    with pytest.raises(InputError) as caught:
        _text_or_refused("game bluemoon\n".encode("utf-16"), "case.rq")
    assert str(caught.value) == "UTF-16 text, not UTF-8"
    assert caught.value.suggestion == "Save the file as UTF-8."


def test_a_line_of_control_characters_is_cut_as_it_is_shown() -> None:
    """The window of a long line is cut from the line as escaped: 100 columns, caret under."""
    line = "\x01" * 300 + "X" + "\x01" * 300
    error = InputError("oops", "case.rq", line, 1, 301)
    _, shown, caret = error.render().splitlines()[:3]
    assert len(shown) <= 2 + 100 + 2
    assert shown[caret.index("^")] == "X"


@pytest.mark.parametrize(
    ("line", "shown", "named"),
    [
        ("it is my\u00a0turn", "it is my\\xa0turn", "no-break space (U+00A0"),
        ("it is my\u200bturn", "it is my\\u200bturn", "zero width space (U+200B"),
        ("game\u3000bluemoon", "game\\u3000bluemoon", "ideographic space (U+3000"),
    ],
)
def test_a_space_that_is_not_a_plain_one_is_shown_and_named(
    line: str, shown: str, named: str
) -> None:
    """A line that fails on an odd space reads, printed as is, just like the form suggested
    ("did you mean: it is my turn" under "it is my turn"): it is shown escaped and named."""
    text = f"game bluemoon\n{line}\nask can I retreat?\n" if "game" not in line else line + "\n"
    rendered = error_of(text).render()
    assert f"  {shown}" in rendered.splitlines()
    rows = rendered.splitlines()
    at = [n for n, row in enumerate(rows) if row.startswith("note: ")]
    assert len(at) == 1, rendered
    from itertools import takewhile

    block = [rows[at[0]], *takewhile(lambda row: row.startswith("  "), rows[at[0] + 1 :])]
    note = " ".join(row.strip() for row in block)
    assert named in note and "plain space" in note, rendered
    assert all(len(row) <= 80 for row in block), block  # wrapped as a hint is
    assert "\u00a0" not in rendered and "\u200b" not in rendered and "\u3000" not in rendered


def test_a_plain_line_has_no_note_about_spaces() -> None:
    """The note comes only with such a character: a plain slip has none."""
    rendered = error_of("game bluemoon\nit is my tern\nask can I retreat?\n").render()
    assert "note:" not in rendered


def test_a_name_in_full_width_letters_finds_the_name_it_spells() -> None:
    """Full-width letters (an input method's) and ligatures are compared as the letters they
    stand for: the suggestion is the card they spell."""
    pool = ["Pandemonium", "Laughing Gas", "Blaze", "Flare"]
    error = UnknownNameError(
        "card", "\uff30\uff41\uff4e\uff44\uff45\uff4d\uff4f\uff4e\uff49\uff55\uff4d", pool
    )
    assert error.suggestions[:1] == ["Pandemonium"]
    assert UnknownNameError("card", "\ufb01re", ["Fire Wall", "Flare"]).suggestions


def test_a_long_hint_wraps_at_80_columns() -> None:
    """A hint of several sentences (what to write instead, and the FAQ clause saying why)
    wraps between words, its next lines indented; the message line stays whole."""
    text = "game bluemoon\nit is my turn\nphase Character\nphase Leadership\nask can I retreat?\n"
    lines = error_of(text).render().splitlines()
    hint = lines[3:]
    assert hint[0].startswith("State the phases in turn order;") and len(hint) > 1, lines
    assert all(len(line) <= 80 for line in hint) and hint[1].startswith("  "), hint


def test_an_error_at_the_end_of_a_crlf_line_after_a_comment_is_at_its_end() -> None:
    """A comment takes the line's "\\r": the error at the line's end is placed at its end
    (it was one column past it, and the caret one short of the column told)."""
    error = error_of("game bluemoon\r\nI # a comment\r\n")
    assert (error.line, error.column) == (2, len("I # a comment") + 1)
    shown = error.render().splitlines()
    assert shown[2].index("^") == 2 + error.column - 1


def test_a_card_of_another_game_points_to_the_game_line_only_where_there_is_one() -> None:
    """Asked with ``--game`` and no game line, the note pointed to a game line there is not."""
    from rulesq.errors import InputError
    from rulesq.situation import parse_situation

    question = 'ask what does "Urguck" read?\n'
    with pytest.raises(InputError) as given:
        parse_situation(question, "<-e>", "bluemoon")
    assert "(the game it was given, as no game line names one)" in str(given.value.suggestion)
    with pytest.raises(InputError) as lined:
        parse_situation("game bluemoon\n" + question, "<-e>")
    assert "(see its game line)" in str(lined.value.suggestion)
