"""Situation lines parsed once per process: a file's tree is assembled from its lines' trees.

The situation grammar reads one item per line (``start: _line*``, ``_line: _item? _NL``) and
no token but the newline crosses a line's end, so a text's tree is the concatenation of the
trees of its lines, each parsed alone. Situation files repeat their lines (``game bluemoon``,
``expect yes``, a card played in many cases), so each distinct line is parsed once and
remembered, keyed by the game and the line's text; a blank line or a comment gives no item and
is not parsed at all. A file gets fresh copies of the
remembered trees, its tokens placed at their line and offset in the file, exactly as a parse
of the whole text places them: no tree is shared between two files.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

#: How many distinct lines are remembered, and their characters at most (about a kilobyte
#: each, most of it the tree). When either is reached, further lines are parsed but not
#: remembered: forgetting the oldest would make a long run of distinct lines (a check of
#: every case folder has 5,000) miss every time, as each line forgotten comes back next.
LIMIT = 8192
CHARACTERS = 1_000_000

#: (game, line) -> the items its parse gives (none for a blank line), never handed out.
_MEMO: dict[tuple[str, str], tuple[Tree[Token], ...]] = {}
_SIZE = [0]  # the characters of the lines remembered
#: A line that holds no item (blank, or only a comment): it gives no tree, and is not parsed.
_BLANK = re.compile(r"[ \t]*(?:#[^\n]*)?")
#: game -> the name of a text's tree (the grammar's start rule, as the parser names it).
_ROOTS: dict[str, object] = {}


def parse_by_lines(parser: Lark, game: str, body: str) -> Tree[Token] | None:
    """The tree of ``body`` (text ending with a newline), line by line; None if a line fails.

    A line that does not parse alone makes the caller parse the whole text, which reports
    the error as it always has.
    """
    from lark import Tree
    from lark.exceptions import UnexpectedInput

    items: list[Tree[Token] | Token] = []
    offset = 0
    lines = body.split("\n")
    lines.pop()  # the empty rest after the final newline
    for number, line in enumerate(lines, start=1):
        key = (game, line)
        found = () if _BLANK.fullmatch(line) else _MEMO.get(key)
        if found is None:
            try:
                tree = parser.parse(line + "\n")
            except UnexpectedInput:
                return None
            found = tuple(tree.children)  # type: ignore[arg-type]
            _ROOTS[game] = tree.data
            if len(_MEMO) < LIMIT and _SIZE[0] + len(line) <= CHARACTERS:
                _MEMO[key] = found
                _SIZE[0] += len(line)
        for item in found:
            items.append(_placed(item, number, offset))
        offset += len(line) + 1
    return Tree(_ROOTS.get(game, "start"), items)  # type: ignore[arg-type]


def forget() -> None:
    """Forget every remembered line (a benchmark measures a fresh process's work so)."""
    _MEMO.clear()
    _ROOTS.clear()
    _SIZE[0] = 0


def remembered() -> int:
    """How many distinct lines are remembered now."""
    return len(_MEMO)


def _placed(tree: Tree[Token], number: int, offset: int) -> Tree[Token]:
    """A copy of a line's tree, its tokens on line ``number`` that starts at ``offset``."""
    from lark import Token, Tree

    children: list[Tree[Token] | Token] = []
    for child in tree.children:
        if isinstance(child, Tree):
            children.append(_placed(child, number, offset))
        else:
            children.append(
                Token(
                    child.type,
                    child.value,
                    child.start_pos + offset,  # type: ignore[operator]
                    number,
                    child.column,
                    number,
                    child.end_column,
                    child.end_pos + offset,  # type: ignore[operator]
                )
            )
    return Tree(tree.data, children)
