"""The spans the situation parser gives each line's item equal Lark's ``propagate_positions``."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from rulesq.errors import InputError
from rulesq.situation.parser import find_game, parse_tree, parser_for

ROOT = Path(__file__).resolve().parents[1]
FIELDS = ("line", "column", "start_pos", "end_pos", "end_line", "end_column")

#: Lines that test where an item ends: trailing spaces, comments, a '#' inside a string,
#: a token that takes trailing spaces in (PHASE), keywords after the last named token.
EDGES = [
    'game bluemoon\r\nyou have active "Pandemonium"   \r\n\r\n',
    'game bluemoon\n\t  I play "Trigger Brainstorm"\t# a comment "with" # marks\n',
    'game bluemoon\n# only a comment\n   \nphase Character   # trailing\nask can I play "X#Y"?  \n',
    "game bluemoon\nit is my turn#no space\nask can I play a support card ?   # why\n"
    "expect no   \nexpect decided by you may not  # the step\n",
    "game bluemoon\nask can I play a support card?",
]


def _items(tree: Tree[Token]) -> list[Tree[Token]]:
    """Every item of a situation tree, and the one subtree of each statement."""
    out = []
    for child in tree.children:
        if isinstance(child, Tree):
            out.append(child)
            if str(child.data).endswith("statement"):
                out.append(child.children[0])
    return out


def _spans(tree: Tree[Token]) -> list[tuple[object, ...]]:
    return [tuple(getattr(item.meta, f, None) for f in FIELDS) for item in _items(tree)]


def _compare(text: str) -> int:
    """Compare one text's tree and spans with a parse that propagates positions."""
    game = find_game(text, "<test>")
    body = text if text.endswith("\n") else text + "\n"
    try:
        expected = parser_for(game, positions=True).parse(body)
    except UnexpectedInput:
        with pytest.raises(InputError):
            parse_tree(text, game, "<test>")
        return 0
    tree = parse_tree(text, game, "<test>")
    assert tree == expected
    assert _spans(tree) == _spans(expected)
    return len(_items(tree))


@pytest.mark.parametrize("text", EDGES)
def test_edge_lines(text: str) -> None:
    assert _compare(text) > 0


def test_every_situation_file() -> None:
    files = [
        p for folder in (ROOT / "tests", ROOT / "corpus") for p in sorted(folder.rglob("*.rq"))
    ]
    compared = 0
    for file in files:
        text = file.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
        try:
            find_game(text, str(file))
        except InputError:
            continue
        compared += _compare(text)
    assert compared > 1000
