"""Situation lines read once per process: a file's situation is built from its lines' items.

The grammar reads one item per line, and what an item says does not depend on where its line
stands, but for its place (line, offset) and the checks that need the items before it (the
game line first, an ``expect`` after an ``ask``, a card defined once). So each distinct line
of a game is parsed and read into its items (:class:`rulesq.situation.build.LineItem`) once
per process, and a situation is its lines' items added in order
(:meth:`rulesq.situation.build.SituationBuilder.add`), each moved to its line and offset,
exactly what building the tree of the whole text gives. A blank line or a comment gives no
item and is not read at all. For a file read from disk, the trees of the lines a process
meets first come from the game's pack in the cache folder when stored there
(:mod:`rulesq.situation.itemcache`), and are stored there otherwise.

When a line does not parse or read alone, or an item does not fit where it stands, there is
no situation here (None): the caller reads the whole text as a tree, which tells the error
as it always has.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from rulesq.errors import RulesqError
from rulesq.situation.build import SituationBuilder

if TYPE_CHECKING:
    from types import ModuleType

    from lark import Token, Tree

    from rulesq.situation.build import LineItem
    from rulesq.situation.model import Situation

#: How many distinct lines are remembered, and their characters at most. When either is
#: reached, further lines are read but not remembered (as in :mod:`rulesq.situation.lines`).
LIMIT = 8192
CHARACTERS = 1_000_000

#: game -> line -> the items the line gives, never changed.
_MEMO: dict[str, dict[str, tuple[LineItem, ...]]] = {}
_COUNT = [0, 0]  # the lines remembered, and their characters
#: A line that holds no item (blank, or only a comment).
_BLANK = re.compile(r"[ \t]*(?:#[^\n]*)?")
#: The first characters of a line that may hold no item (any other holds one, or fails).
_MAYBE_BLANK = " \t#"


def read_by_lines(game: str, source: str, text: str, remember: bool) -> Situation | None:
    """The situation of ``text`` (without a byte-order mark), from its lines; None if it fails.

    ``remember``: the text is a file's: the lines not read yet in this process come from
    the cache folder, and are kept there.
    """
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()  # the empty rest after the final newline
    memo = _MEMO.get(game)
    if memo is None:
        memo = _MEMO[game] = {}
    known = memo.get
    placed: list[Any] = []  # [line index, items] for each line that holds an item
    missing: list[tuple[int, str]] = []  # (index in placed, line)
    for number, line in enumerate(lines):
        found = known(line)
        if found:
            placed.append((number, found))
        elif found is None:
            if line and (line[0] not in _MAYBE_BLANK or not _BLANK.fullmatch(line)):
                missing.append((len(placed), line))
                placed.append([number, ()])
            elif _COUNT[0] < LIMIT and _COUNT[1] + len(line) <= CHARACTERS:
                memo[line] = ()  # blank, or a comment: no item (and never read)
                _COUNT[0] += 1
                _COUNT[1] += len(line)
    if missing and not _read_missing(game, placed, missing, remember):
        return None
    starts = list(accumulate(map(len, lines), initial=0))  # a line starts after those before
    builder = SituationBuilder(game, source, text)
    try:
        builder.add_lines(placed, starts)
    except RulesqError:
        return None
    return builder.finish()


def _read_missing(
    game: str, placed: list[Any], missing: list[tuple[int, str]], remember: bool
) -> bool:
    """Read the lines not remembered into ``placed``; False when one does not parse or read."""
    stored = _itemcache().pack(game) if remember else None
    for at, line in missing:
        items = stored.lookup(line) if stored is not None else None
        if items is None:
            trees = _parse(game, line)
            if trees is None:
                return False
            try:
                items = _read(game, line, trees)
            except RulesqError:
                return False
            if stored is not None:
                stored.keep(line, items)
        placed[at][1] = items
        _remember(game, line, items)
    return True


def _parse(game: str, line: str) -> list[Tree[Token]] | None:
    """The items of one line as the grammar reads it alone; None if it does not parse."""
    from lark import Tree
    from lark.exceptions import UnexpectedInput

    from rulesq.situation.parser import parser_for

    try:
        tree = parser_for(game).parse(line + "\n")
    except UnexpectedInput:
        return None
    return [child for child in tree.children if isinstance(child, Tree)]


def _read(game: str, line: str, trees: list[Tree[Token]]) -> tuple[LineItem, ...]:
    """A line's items, read from its trees (their spans placed on the line, alone)."""
    from lark import Tree

    from rulesq.situation.parser import with_spans

    alone = line + "\n"
    tree: Tree[Token] = with_spans(Tree("start", list(trees)), alone, game)
    reader = _reader(game)
    reader.situation.text = alone  # reading an item changes nothing else in its builder
    return tuple(reader.read(child) for child in tree.children if isinstance(child, Tree))


@cache
def _reader(game: str) -> SituationBuilder:
    """The builder that reads ``game``'s lines alone (only :meth:`SituationBuilder.read`)."""
    return SituationBuilder(game, "<line>", "")


@cache
def _itemcache() -> ModuleType:
    """The packs of lines on disk (imported when a file's line is first missing)."""
    from rulesq.situation import itemcache

    return itemcache


def _remember(game: str, line: str, items: tuple[LineItem, ...]) -> None:
    if _COUNT[0] < LIMIT and _COUNT[1] + len(line) <= CHARACTERS:
        memo = _MEMO.get(game)
        if memo is None:
            memo = _MEMO[game] = {}
        memo[line] = items
        _COUNT[0] += 1
        _COUNT[1] += len(line)


def forget() -> None:
    """Forget every remembered line, here and in :mod:`rulesq.situation.lines`.

    As a new process has none; what the packs lack is written first (``itemcache.forget``).
    """
    from rulesq.situation import itemcache, lines

    itemcache.forget()
    _MEMO.clear()
    _COUNT[0] = _COUNT[1] = 0
    _reader.cache_clear()
    lines.forget()


def remembered() -> int:
    """How many distinct lines are remembered now."""
    return _COUNT[0]
