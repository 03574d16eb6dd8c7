"""Comparing two situation parse trees node for node (the line memo's, the disk cache's)."""

from __future__ import annotations

from collections.abc import Iterator

from lark import Token, Tree

#: The places a token and a tree's meta carry.
POSITIONS = ("start_pos", "end_pos", "line", "column", "end_line", "end_column")


def walk(tree: Tree[Token]) -> Iterator[object]:
    """Every node of a tree, depth first."""
    yield tree
    for child in tree.children:
        if isinstance(child, Tree):
            yield from walk(child)
        else:
            yield child


def assert_same_tree(mine: Tree[Token], theirs: Tree[Token]) -> None:
    """Equal node for node: each token of the same type, text and place; each span the same."""
    assert mine == theirs
    for a, b in zip(walk(mine), walk(theirs), strict=True):
        assert type(a) is type(b)
        if isinstance(a, Token):
            assert isinstance(b, Token)
            assert (a.type, a.value) == (b.type, b.value)
            assert [getattr(a, f) for f in POSITIONS] == [getattr(b, f) for f in POSITIONS]
        else:
            assert isinstance(a, Tree) and isinstance(b, Tree)
            assert a.data == b.data
            assert [getattr(a.meta, f, None) for f in POSITIONS] == [
                getattr(b.meta, f, None) for f in POSITIONS
            ]
