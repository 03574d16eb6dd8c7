"""Situation files' parse trees kept on disk by content, so that a file read again is not parsed.

``rulesq check`` reads the same case files run after run; each file's tree (what the situation
grammar gives, tokens with their positions) is stored in rulesq's cache folder
(:mod:`rulesq.cachefiles`: private folder, atomic writes, checked reads, JSON only) under a
hash of the game, the file's text, the grammar files, the code that parses (this package's
parser, lines and this module, and the parser tables' loader) and the lark and rulesq
versions. Only files read from disk are stored, with the lines stated to ask one of their
questions again (a turn, a phase, a card's icons: ``Situation.remembered``); a text given
otherwise (standard input, the rulings' made-up situations) is parsed as usual. A text is
stored only when it parses. An entry that does not decode to a tree of the shape stored is
read as missing: the file is parsed again and the entry rewritten. At most :data:`KEEP`
entries stay (the least recently used go).

A node is ``{"d": rule, "c": [child, ...]}``, a token ``[type, value, start_pos, line,
column, end_line, end_column, end_pos]``.
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from lark import Token, Tree

#: Bumped when the encoding changes.
FORMAT = "1"
#: Entries kept at most; a write prunes the folder now and then (see :func:`store`).
KEEP = 4096
#: One write in this many prunes the entries beyond :data:`KEEP` (listing the folder costs).
PRUNE_EVERY = 64
_PREFIX = "tree-"


class Broken(ValueError):
    """A stored tree that is not one :func:`encode` writes."""


@cache
def _code_key(game: str) -> str:
    """The key of what a tree depends on besides the text: grammars, code, lark, this format."""
    from pathlib import Path

    import lark

    from rulesq.cachefiles import content_key
    from rulesq.paths import grammar_dir

    here = Path(__file__).parent
    code = [here / name for name in ("parser.py", "lines.py", "treecache.py")]
    code.append(here.parent / "larkcache.py")
    return content_key(
        sorted(grammar_dir().glob("situation*.lark")) + [grammar_dir() / "common.lark", *code],
        f"situation-trees {FORMAT} {lark.__version__} {game}",
    )


@cache
def _folder(*settings: str | None) -> Path | None:
    """The cache folder for these settings (checked once per process), or None."""
    from rulesq.cachefiles import private_dir

    return private_dir()


def _entry(game: str, body: str) -> tuple[Path, str] | None:
    """The cache file of a text and its key; None without a usable cache folder."""
    import os

    env = os.environ
    folder = _folder(env.get("RULESQ_CACHE_DIR"), env.get("XDG_CACHE_HOME"), env.get("HOME"))
    if folder is None:
        return None
    digest = hashlib.sha256(f"{_code_key(game)}\0{body}".encode("utf-8", "surrogatepass"))
    key = digest.hexdigest()[:32]
    return folder / f"{_PREFIX}{key}.json", key


def load(game: str, body: str) -> Tree[Token] | None:
    """The stored tree of a situation text, or None (not stored, or an unusable entry)."""
    from rulesq.cachefiles import CacheProblem, read_json

    where = _entry(game, body)
    if where is None:
        return None
    file, key = where
    try:
        payload = read_json(file, "situation-tree", key)
    except CacheProblem:
        return None
    if payload is None:
        return None
    try:
        tree = decode(payload)
    except (Broken, RecursionError):
        return None
    return tree if _is_tree(tree) else None


def store(game: str, body: str, tree: Tree[Token]) -> None:
    """Keep the tree of a situation text (a failed write costs only time)."""
    from rulesq.cachefiles import prune_kind, write_json

    where = _entry(game, body)
    if where is None:
        return
    file, key = where
    write_json(file, "situation-tree", key, encode(tree))
    if int(key[:4], 16) % PRUNE_EVERY == 0:
        prune_kind(file.parent, f"{_PREFIX}*.json", KEEP)


def encode(tree: Tree[Token]) -> dict[str, Any]:
    """A tree as JSON-ready data."""
    from lark import Tree

    return {
        "d": str(tree.data),
        "c": [
            encode(child)
            if isinstance(child, Tree)
            else [
                child.type,
                child.value,
                child.start_pos,
                child.line,
                child.column,
                child.end_line,
                child.end_column,
                child.end_pos,
            ]
            for child in tree.children
        ],
    }


def decode(data: Any) -> Tree[Token]:
    """The inverse of :func:`encode`; :class:`Broken` for anything it never writes."""
    from lark import Token, Tree

    make = str.__new__

    def node(value: Any) -> Tree[Token]:
        if type(value) is not dict or len(value) != 2:
            raise Broken("a node is {d, c}")
        name, items = value.get("d"), value.get("c")
        if type(name) is not str or type(items) is not list:
            raise Broken("a node is {d, c}")
        children: list[Tree[Token] | Token] = []
        for item in items:
            if type(item) is dict:
                children.append(node(item))
                continue
            if type(item) is not list or len(item) != 8:
                raise Broken("a token is [type, value, six positions]")
            kind, text, start, line, column, end_line, end_column, end = item
            if not (
                type(kind) is str
                and type(text) is str
                and type(start) is int
                and type(line) is int
                and type(column) is int
                and type(end_line) is int
                and type(end_column) is int
                and type(end) is int
            ):
                raise Broken("a token is [type, value, six positions]")
            token = make(Token, text)  # what Token(...) makes, without its argument checks
            token.type, token.value, token.start_pos, token.end_pos = kind, text, start, end
            token.line, token.column, token.end_line, token.end_column = (
                line,
                column,
                end_line,
                end_column,
            )
            children.append(token)
        return Tree(name, children)

    return node(data)


def _is_tree(tree: Tree[Token]) -> bool:
    """Whether a decoded tree has a situation's shape: items, each a rule's node."""
    from lark import Tree

    return all(isinstance(item, Tree) for item in tree.children)
