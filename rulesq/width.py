"""The width text output fits in (80 columns, or a narrower terminal's) and its one wrapper."""

from __future__ import annotations

import os
import sys
import textwrap
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
    return textwrap.fill(
        " ".join(text.split()),
        columns() if width is None else width,
        initial_indent=indent,
        subsequent_indent=indent + "  " if hang is None else hang,
        break_on_hyphens=False,
        break_long_words=False,
    )


def hanging(head: str, text: str, hang: int | None = None) -> str:
    """``head`` (kept as it is: a label padded to a column), then ``text`` wrapped to width.

    The next lines are indented to ``hang`` columns (``head``'s width unless given).
    """
    return (
        textwrap.fill(
            " ".join(text.split()),
            columns(),
            initial_indent=head,
            subsequent_indent=" " * (len(head) if hang is None else hang),
            break_on_hyphens=False,
            break_long_words=False,
        )
        or head.rstrip()
    )


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
