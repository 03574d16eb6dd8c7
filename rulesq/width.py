"""The width text output fits in (80 columns) and the one wrapper every text renderer uses."""

from __future__ import annotations

import textwrap

#: Every line rulesq prints as text fits in 80 columns (a line is cut only between words: a
#: word longer than the line, an id or an address, stays whole on a line of its own).
WIDTH = 80


def wrap(text: str, indent: str, hang: str | None = None) -> str:
    """``text`` on lines of at most WIDTH columns, runs of blanks read as one.

    The first line comes after ``indent``, the rest after ``hang`` (``indent`` and two blanks
    unless given).
    """
    return textwrap.fill(
        " ".join(text.split()),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "  " if hang is None else hang,
        break_on_hyphens=False,
        break_long_words=False,
    )


def hanging(head: str, text: str, hang: int | None = None) -> str:
    """``head`` (kept as it is: a label padded to a column), then ``text`` wrapped to WIDTH.

    The next lines are indented to ``hang`` columns (``head``'s width unless given).
    """
    return (
        textwrap.fill(
            " ".join(text.split()),
            WIDTH,
            initial_indent=head,
            subsequent_indent=" " * (len(head) if hang is None else hang),
            break_on_hyphens=False,
            break_long_words=False,
        )
        or head.rstrip()
    )
