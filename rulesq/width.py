"""The width text output fits in (80 columns, or a narrower terminal's) and its one wrapper."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TextIO

#: Every line rulesq prints as text fits in 80 columns (a line is cut only between words: a
#: word longer than the line, an id or an address, stays whole on a line of its own). Piped
#: or written to a file, output is always this wide, whatever the terminal.
WIDTH = 80
#: The narrowest a terminal makes the output: below it, indents and labels would leave
#: too few columns for words (a field's label alone takes 16).
NARROWEST = 40


def columns(stream: TextIO | None = None) -> int:
    """The width to wrap at: :data:`WIDTH`, or the terminal's when ``stream`` is a narrower one.

    ``stream`` is standard output unless given. A terminal narrower than :data:`WIDTH` gives
    its own width, but never less than :data:`NARROWEST`; a wider one, or anything that is
    not a terminal (a pipe, a file, a closed stream), gives :data:`WIDTH`.
    """
    stream = sys.stdout if stream is None else stream
    try:
        if stream is None or not stream.isatty():
            return WIDTH
        wide = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return WIDTH
    return max(NARROWEST, min(WIDTH, wide)) if wide > 0 else WIDTH


def wrap(text: str, indent: str, hang: str | None = None, width: int | None = None) -> str:
    """``text`` on lines of at most ``width`` columns (:func:`columns`), runs of blanks as one.

    The first line comes after ``indent``, the rest after ``hang`` (``indent`` and two blanks
    unless given).
    """
    return fill(
        " ".join(text.split()),
        columns() if width is None else width,
        indent,
        indent + "  " if hang is None else hang,
    )


def hanging(head: str, text: str, hang: int | None = None) -> str:
    """``head`` (kept as it is: a label padded to a column), then ``text`` wrapped to width.

    The next lines are indented to ``hang`` columns (``head``'s width unless given).
    """
    return (
        fill(" ".join(text.split()), columns(), head, " " * (len(head) if hang is None else hang))
        or head.rstrip()
    )


def fill(text: str, width: int, indent: str, hang: str) -> str:
    """``textwrap.fill`` of words between single blanks, long words and hyphens left whole.

    The same lines as ``textwrap.fill(text, width, initial_indent=indent,
    subsequent_indent=hang, break_on_hyphens=False, break_long_words=False)``, by the same
    steps (its chunks here: each word, and the blank between two): importing ``textwrap``
    (its patterns compiled) cost a cold ``ask`` about 4.6 million instructions.
    """
    if width <= 0:
        raise ValueError(f"invalid width {width!r} (must be > 0)")
    chunks: list[str] = []
    for word in reversed(text.split(" ") if text else []):
        chunks += (word, " ")
    if chunks:
        del chunks[-1]  # the blank after the last word (the list is reversed)
    lines: list[str] = []
    while chunks:
        line: list[str] = []
        length = 0
        start = hang if lines else indent
        room = width - len(start)
        if lines and chunks[-1] == " ":
            del chunks[-1]  # no line starts with a blank
        while chunks and length + len(chunks[-1]) <= room:
            length += len(chunks[-1])
            line.append(chunks.pop())
        if chunks and not line and len(chunks[-1]) > room:
            line.append(chunks.pop())  # a word longer than the line: whole, on its own
        if line and line[-1] == " ":
            del line[-1]  # nor ends with one
        if line:
            lines.append(start + "".join(line))
    return "\n".join(lines)


def pack(head: str, items: Sequence[str], width: int, hang: str = "  ") -> str:
    """``head`` then ``items`` (a comma after each but the last), in lines of ``width`` columns.

    Lines break only between items: an item is never cut (a form with blanks in it, or one
    longer than a line, stays whole). The first item follows ``head``; the next lines come
    after ``hang``.
    """
    lines = [head]
    last = len(items) - 1
    for number, item in enumerate(items):
        piece = item + ("," if number < last else "")
        if number == 0:
            lines[-1] += piece
        elif len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(hang + piece)
    return "\n".join(lines)
