"""One line rule for every error: only a line feed ends a line, as Lark counts.

Python's ``str.splitlines`` also splits at a form feed, a vertical tab, ``\\x1c``–``\\x1e``,
U+0085, U+2028, U+2029 and a lone carriage return; Lark does not. Each such character is put
before an error, and the place reported (``file:line:col``, the line shown, the caret, and
``--json``'s line, column and text) must be the one Lark reports, or, for an error rulesq
finds itself (an unknown card, a byte that is not UTF-8), the one the line feeds give.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.errors import InputError, escape_controls, window
from rulesq.situation.parser import parser_for
from rulesq.spans import line_column, line_count, text_line, text_lines

runner = CliRunner()

#: Every character some line splitter ends a line at, but Lark does not.
SEPARATORS = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r"]


def _ask(text: str, *flags: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["ask", *flags, "-"], input=text.encode("utf-8"))
    error = result.exception
    if error is not None and not isinstance(error, SystemExit):
        assert isinstance(error, InputError), repr(error)
        return 2, result.stdout, error.render()
    return result.exit_code, result.stdout, result.stderr


def _lark_place(text: str) -> tuple[int, int]:
    body = text if text.endswith("\n") else text + "\n"
    try:
        parser_for("bluemoon").parse(body)
    except UnexpectedInput as error:
        return error.line, error.column
    raise AssertionError("Lark parsed it")


def _assert_reported(text: str, line: int, column: int) -> None:
    """Text and JSON both report ``line:column``, show that line and put the caret under it."""
    code, _, stderr = _ask(text)
    assert code == 2
    head, shown, caret = stderr.splitlines()[:3]
    assert head.startswith(f"<stdin>:{line}:{column}: error: "), head
    expected_line, at = window(text_line(text, line), column)
    assert shown == f"  {escape_controls(expected_line)}".rstrip()
    assert caret.index("^") == 2 + len(escape_controls(expected_line[: at - 1]))
    code, stdout, _ = _ask(text, "--json")
    document = json.loads(stdout)
    assert (document["line"], document["column"]) == (line, column)
    assert document["text"] == text_line(text, line)


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_a_syntax_error_is_where_lark_puts_it(separator: str) -> None:
    """A separator in a quoted name earlier on: the syntax error after it is on Lark's line."""
    text = (
        f'game bluemoon\nI have active "Pan{separator}demonium"\nI play "Trigger"\n'
        "ask can I play a support card\n"
    )
    line, column = _lark_place(text)
    assert line == 4
    _assert_reported(text, line, column)


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_a_separator_itself_is_the_error(separator: str) -> None:
    """A separator between words is a character Lark does not expect, on its own line."""
    text = f"game bluemoon\nask{separator} can I play a support card?\n"
    line, column = _lark_place(text)
    assert (line, column) == (2, 4)
    _assert_reported(text, line, column)


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_an_unknown_card_is_placed_by_line_feeds(separator: str) -> None:
    """An error rulesq finds itself (an unknown card) counts lines the same way."""
    text = (
        f'game bluemoon\n# a note{separator}on two lines?\nI have active "Pandemonium"\n'
        'I play "Trigger Brainstorms"\nask can I play a support card?\n'
    )
    line, column = line_column(text, text.index('"Trigger'))
    _assert_reported(text, line, column)


@pytest.mark.parametrize("separator", SEPARATORS, ids=[f"U+{ord(s):04X}" for s in SEPARATORS])
def test_a_byte_that_is_not_utf8_is_placed_by_line_feeds(separator: str) -> None:
    """Non-UTF-8 input: the bad byte's line and column by the same rule."""
    before = f'game bluemoon\n# a note{separator}on two lines?\nask can I play "Caf'
    data = before.encode("utf-8") + b'\xe9"?\n'
    line, column = line_column(before, len(before))
    assert (line, column) == (3, 20)
    result = runner.invoke(app, ["ask", "-"], input=data)
    assert result.exit_code == 2
    head, shown, caret = result.stderr.splitlines()[:3]
    assert head.startswith(f"<stdin>:{line}:{column}: error: not UTF-8 text"), head
    # the byte shown as it is, the caret under it, and the hint for a text not a file
    assert shown == '  ask can I play "Caf\\xe9"?' and caret.index("^") == 2 + column - 1
    assert result.stderr.splitlines()[3] == "Give the text as UTF-8."


def test_the_rule() -> None:
    """Only line feeds split; a CRLF's carriage return is not part of the line."""
    assert text_lines("a\fb\u2028c\rd\r\ne\n") == ["a\fb\u2028c\rd", "e"]
    assert text_lines("") == [] and text_lines("\n") == [""] and text_lines("x") == ["x"]
    assert line_column("a\u2028b\nc", 4) == (2, 1) and line_column("a\u2028b", 2) == (1, 3)


@given(st.text(alphabet="ab\n\r\f\u2028 "))
def test_a_line_count_is_that_of_the_lines(text: str) -> None:
    """``line_count`` counts the lines ``text_lines`` makes (a re-ask's last line is found so)."""
    assert line_count(text) == len(text_lines(text))
