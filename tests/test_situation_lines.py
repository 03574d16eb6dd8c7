"""Situations parsed line by line (each distinct line once) equal a parse of the whole text.

Every ``.rq`` file of the repository is read both ways: the trees are equal token for token,
with every position (line, column, offsets), and so are the situations built from them (from
the trees, or from each line's remembered items), or the errors they raise. A line read from
the memo is a fresh copy in each file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lark import Token, Tree
from lark.exceptions import UnexpectedInput
from trees import assert_same_tree, walk

from rulesq.errors import InputError, RulesqError
from rulesq.situation import lineitems, lines, parse_situation
from rulesq.situation.parser import find_game, parser_for

ROOT = Path(__file__).resolve().parents[1]

EDGES = [
    'game bluemoon\r\nyou have active "Pandemonium"   \r\n\r\n',
    'game bluemoon\n\t  I play "Trigger Brainstorm"\t# a comment "with" # marks\n',
    "game bluemoon\n# only a comment\n   \nphase Character   # trailing\n",
    "game bluemoon\nit is my turn#no space\nask can I play a support card ?   # why\n",
    "game bluemoon\nask can I play a support card?",
    "game bluemoon\n\n\n\nask can I play a support card?\nexpect no\n\n",
    "game bluemoon\nask can I play a support card?\r\nexpect no\r\n",
    "game bluemoon\nI play\n",  # a line that does not parse
    "game bluemoon\n\r\r\nask can I play a support card?\n",  # a stray carriage return
]


def _texts() -> Iterator[tuple[str, str]]:
    """(source, text) of every situation file of the repository that names its game."""
    for folder in (ROOT / "tests", ROOT / "corpus"):
        for file in sorted(folder.rglob("*.rq")):
            text = file.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
            yield str(file), text


def _compare(text: str) -> bool:
    """Parse ``text`` line by line (twice: fresh, then from the memo) and whole; compare."""
    game = find_game(text, "<test>")
    body = text if text.endswith("\n") else text + "\n"
    parser = parser_for(game)
    first = lines.parse_by_lines(parser, game, body)
    second = lines.parse_by_lines(parser, game, body)
    try:
        whole = parser.parse(body)
    except UnexpectedInput:
        assert first is None and second is None
        return False
    assert first is not None and second is not None
    assert_same_tree(first, whole)
    assert_same_tree(second, whole)
    shared = {id(n) for n in walk(first)} & {id(n) for n in walk(second)}
    assert not shared, "two parses share a node"
    return True


@pytest.mark.parametrize("text", EDGES)
def test_edge_texts(text: str) -> None:
    lines.forget()
    _compare(text)


def test_every_situation_file_parses_the_same() -> None:
    lines.forget()
    compared = 0
    for source, text in _texts():
        try:
            find_game(text, source)
        except InputError:
            continue
        compared += _compare(text)
    assert compared > 900


def _outcome(text: str, source: str) -> object:
    """The situation a text gives, or the error it raises, as a comparable value."""
    try:
        return parse_situation(text, source)
    except RulesqError as error:
        return ("error", type(error).__name__, str(error))


def _whole_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Situations built from the tree of the whole text, parsed as a whole."""
    monkeypatch.setattr(lineitems, "read_by_lines", lambda *args: None)
    monkeypatch.setattr(lines, "parse_by_lines", lambda *args: None)


def test_every_situation_file_builds_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = list(_texts())
    lineitems.forget()
    by_lines = [_outcome(text, source) for source, text in texts]
    again = [_outcome(text, source) for source, text in texts]  # every line from the memo
    with monkeypatch.context() as patch:  # from the line trees, not the remembered items
        patch.setattr(lineitems, "read_by_lines", lambda *args: None)
        trees = [_outcome(text, source) for source, text in texts]
    _whole_text(monkeypatch)
    whole = [_outcome(text, source) for source, text in texts]
    assert len(whole) > 900
    assert sum(not isinstance(w, tuple) for w in whole) > 900
    for (source, _), mine, remembered, tree, theirs in zip(
        texts, by_lines, again, trees, whole, strict=True
    ):
        assert mine == theirs, source
        assert remembered == theirs, source
        assert tree == theirs, source


def test_errors_are_told_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    text = 'game bluemoon\nyou have active "Pandemonium"\nI plya "Pandemonium"\n'
    with pytest.raises(InputError) as by_lines:
        parse_situation(text, "case.rq")
    _whole_text(monkeypatch)
    with pytest.raises(InputError) as whole:
        parse_situation(text, "case.rq")
    assert by_lines.value.render() == whole.value.render()
    assert "case.rq:3:" in by_lines.value.render()


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lines, "LIMIT", 10)
    lines.forget()
    parser = parser_for("bluemoon")
    for number in range(30):
        body = f"game bluemoon\nyou hold {number} cards\n"
        tree = lines.parse_by_lines(parser, "bluemoon", body)
        assert tree is not None and tree == parser.parse(body)
        assert lines.remembered() <= 10
    assert lines.remembered() == 10
    lines.forget()
    assert lines.remembered() == 0


def test_the_memo_is_bounded_in_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lines, "CHARACTERS", 100)
    lines.forget()
    parser = parser_for("bluemoon")
    long = f'card "X" support: "{"word " * 30}"'  # more than 100 characters: not remembered
    body = f"game bluemoon\n{long}\nexpect yes\n"
    assert lines.parse_by_lines(parser, "bluemoon", body) == parser.parse(body)
    assert lines.remembered() == 2
    lines.forget()


def test_blank_and_comment_lines_are_never_parsed() -> None:
    """A line with no item gives none without the grammar: only the other lines are parsed."""
    real = parser_for("bluemoon")
    parsed: list[str] = []

    class Counting:
        def parse(self, text: str) -> Tree[Token]:
            parsed.append(text)
            return real.parse(text)

    lines.forget()
    body = "game bluemoon\n\n# a comment\n  \t# another\n\t \nexpect yes   # why\n"
    tree = lines.parse_by_lines(Counting(), "bluemoon", body)  # type: ignore[arg-type]
    assert tree is not None
    assert_same_tree(tree, real.parse(body))
    assert parsed == ["game bluemoon\n", "expect yes   # why\n"]


CONTEXT_ERRORS = [
    "game bluemoon\nexpect yes\nask can I play a support card?\n",  # an expect before any ask
    "game bluemoon\nexpect maybe\n",  # and a word no call has: the place is told first
    'game bluemoon\nI play "Pandemonium"\ngame bluemoon\n',  # the game line not first
    'game bluemoon\nI play "Pandemonium"\ngame fma\n',  # not first, and another game
    'game bluemoon\ncard "X" support\ncard "x"  support\n',  # a card defined twice
    "game bluemoon\nI have 1000 cards in hand\n",  # a number too large, on its line
    'game bluemoon\nask can I play a support card?\nexpect because "Nobody Here"\n',
]


@pytest.mark.parametrize("text", CONTEXT_ERRORS)
def test_errors_of_items_out_of_place_are_told_as_before(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An item read alone that does not fit where it stands: the error of the whole text."""
    lineitems.forget()
    first = _outcome(text, "case.rq")
    again = _outcome(text, "case.rq")  # its lines remembered now
    _whole_text(monkeypatch)
    whole = _outcome(text, "case.rq")
    assert isinstance(whole, tuple)
    assert first == whole
    assert again == whole


def test_remembered_items_are_never_shared_as_mutable_state() -> None:
    """Two situations with the same lines: their inline cards and fields are their own."""
    lineitems.forget()
    text = 'game bluemoon\ncard "X" support (PROTECTED): "Some text."\nI play "X"\n'
    one, two = parse_situation(text), parse_situation(text)
    assert one == two
    assert one.cards["x"] is not two.cards["x"]
    assert one.cards["x"].fields is not two.cards["x"].fields
    assert one.cards["x"].fields["icons"] is not two.cards["x"].fields["icons"]
    assert one.items is not two.items
    moved = parse_situation('game bluemoon\n\ncard "X" support (PROTECTED): "Some text."\n')
    assert moved.cards["x"] == one.cards["x"]


def test_the_item_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lineitems, "LIMIT", 10)
    lineitems.forget()
    for number in range(30):
        text = f"game bluemoon\nyou hold {number} cards\n"
        assert parse_situation(text).items[0].param("number") == number
        assert lineitems.remembered() <= 10
    assert lineitems.remembered() == 10
    lineitems.forget()
    assert lineitems.remembered() == 0


def test_the_item_memo_is_bounded_in_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lineitems, "CHARACTERS", 100)
    lineitems.forget()
    long = f'card "X" support: "{"word " * 30}"'  # more than 100 characters: not remembered
    situation = parse_situation(f'game bluemoon\n{long}\nI play "X"\n')
    assert situation.cards["x"].text == ("word " * 30)
    assert lineitems.remembered() == 2
    lineitems.forget()


def test_resolving_fills_the_situations_own_references() -> None:
    """Resolution fills in the cards of a situation's references, never the remembered items'."""
    lineitems.forget()
    text = 'game bluemoon\nI play "Pandemonium"\nask can I play a support card?\nexpect no\n'
    one = parse_situation(text)
    two = parse_situation(text)
    assert one.items[0].card.card is not None
    assert one.items[0].card is not two.items[0].card
    refs = [
        ref
        for items in lineitems._MEMO["bluemoon"].values()
        for item in items
        for ref in getattr(item.value, "cards", ())
    ]
    assert refs and all(ref.card is None and not ref.adhoc for ref in refs)
    lineitems.forget()


@pytest.mark.parametrize(
    "text", ["", "a", "a\n", "\n", "a\r\n\r\nb", "a\n\n", "\n\n\nx\r", "x\ry\n", *EDGES]
)
def test_the_game_line_is_looked_for_in_the_lines_text_lines_gives(text: str) -> None:
    from rulesq.situation.parser import _leading_lines
    from rulesq.spans import text_lines

    assert list(_leading_lines(text)) == text_lines(text)
