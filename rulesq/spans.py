"""Spans: where in a text (card text or situation file) a node came from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Span:
    """A half-open character range ``[start, end)`` of a source text, with its line and column."""

    start: int
    end: int
    line: int = 1
    column: int = 1

    def of(self, text: str) -> str:
        """The spanned slice of ``text``."""
        return text[self.start : self.end]

    @classmethod
    def whole(cls, text: str) -> Span:
        """The span covering all of ``text``."""
        return cls(0, len(text), 1, 1)


def moved_span(span: Span, lines: int, offset: int) -> Span:
    """``span`` moved down ``lines`` lines and on ``offset`` characters (an unplaced one stays).

    Made as ``Span(...)`` makes it, without the frozen class's ``__init__`` (a situation moves
    thousands). A placed span is never empty (an item or a token has text), so an empty one
    at the start is the unplaced one.
    """
    at = span.__dict__
    if not at["end"] or not (lines or offset):
        return span
    new = object.__new__(Span)
    new.__dict__.update(
        start=at["start"] + offset,
        end=at["end"] + offset,
        line=at["line"] + lines,
        column=at["column"],
    )
    return new


#: The one line-splitting rule of rulesq, the one Lark's lexer counts by: only a line feed ends
#: a line. A form feed, a vertical tab, U+0085, U+2028, U+2029 or a lone carriage return is a
#: character inside a line (Python's ``str.splitlines`` would split there, and put a caret on
#: the wrong line).
NEWLINE = "\n"


def text_lines(text: str) -> list[str]:
    """The lines of ``text`` by that rule, without the carriage return of a CRLF ending.

    A final line feed ends the last line (it does not start an empty one), as with
    ``str.splitlines``.
    """
    if not text:
        return []
    lines = text.split(NEWLINE)
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def line_count(text: str) -> int:
    """How many lines ``text`` has by that rule: ``len(text_lines(text))``, no line made."""
    if not text:
        return 0
    return text.count(NEWLINE) + (not text.endswith(NEWLINE))


def text_line(text: str, number: int) -> str:
    """Line ``number`` (from 1) of ``text`` by that rule, or "" past the end."""
    lines = text_lines(text)
    return lines[number - 1] if 0 < number <= len(lines) else ""


def line_column(text: str, offset: int) -> tuple[int, int]:
    """The line and column (both from 1) of a character offset, as Lark counts them."""
    line = text.count(NEWLINE, 0, offset) + 1
    column = offset - (text.rfind(NEWLINE, 0, offset) + 1) + 1
    return line, column
