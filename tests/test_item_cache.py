"""Situation files' line items kept on disk: the same situations, never a broken one."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from rulesq.errors import RulesqError
from rulesq.situation import itemcache, lineitems, parse_situation, read_situation
from rulesq.situation.build import SituationBuilder
from rulesq.situation.parser import find_game, parse_tree

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "corpus" / "bluemoon" / "cases" / "interference-cards"


def _files() -> list[Path]:
    return sorted((ROOT / "corpus").glob("*/cases/**/*.rq")) + sorted(
        (ROOT / "tests").rglob("*.rq")
    )


def _by_tree(text: str, source: str) -> object:
    """The situation of a text built from the tree of the whole text (no line read alone)."""
    game = find_game(text, source)
    return SituationBuilder(game, source, text).build(parse_tree(text, game, source))


def _never_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(lineitems, "_parse", refuse)


def test_every_file_comes_back_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file read in a fresh process (nothing remembered), then from the cache folder."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    compared = 0
    for file in _files():
        text = file.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
        try:
            game = find_game(text, str(file))
            whole = _by_tree(text, str(file))
        except RulesqError:  # a file that does not read is never stored
            continue
        lineitems.forget()
        fresh = lineitems.read_by_lines(game, str(file), text, remember=True)
        lineitems.forget()
        with monkeypatch.context() as patch:
            _never_parsed(patch)
            stored = lineitems.read_by_lines(game, str(file), text, remember=True)
        assert fresh == whole, file
        assert stored == whole, file
        compared += 1
    lineitems.forget()
    assert compared > 900
    assert len(list(tmp_path.glob("lines-*.json"))) == compared


def test_every_line_encodes_and_decodes_to_itself() -> None:
    """Every line of every file: its items, through JSON and back, are the same items."""
    lineitems.forget()
    lines = 0
    for file in _files():
        text = file.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
        try:
            game = find_game(text, str(file))
        except RulesqError:
            continue
        for line in text.split("\n"):
            trees = lineitems._parse(game, line)
            if not trees:
                continue
            try:
                items = lineitems._read(game, line, trees)
            except RulesqError:
                continue
            data = json.loads(json.dumps(itemcache.encode_line(items)))
            decoded = itemcache.decode_line(data)
            assert decoded == items, line
            for item in decoded:  # made without __init__: every field there, and no other
                for made in (item.value, *getattr(item.value, "cards", ())):
                    if dataclasses.is_dataclass(made):
                        names = {f.name for f in dataclasses.fields(made)}
                        assert set(vars(made)) == names, line
            lines += 1
    assert lines > 5000


def test_a_file_read_again_is_not_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    lineitems.forget()
    first = read_situation(file)
    lineitems.forget()  # as in a new process
    with monkeypatch.context() as patch:
        _never_parsed(patch)
        again = read_situation(file)
    assert again == first
    assert again.remembered


def test_a_line_read_in_the_process_is_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line met before in the process is neither parsed nor loaded: only the new line is."""
    lineitems.forget()
    parse_situation("game bluemoon\nit is my turn\nask can I play a support card?\n")
    parsed: list[str] = []
    real = lineitems._parse

    def counting(game: str, line: str) -> object:
        parsed.append(line)
        return real(game, line)

    monkeypatch.setattr(lineitems, "_parse", counting)
    parse_situation("game bluemoon\nit is your turn\n\n# why\nask can I play a support card?\n")
    assert parsed == ["it is your turn"]
    lineitems.forget()


def test_a_text_not_read_from_a_file_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    lineitems.forget()
    text = (sorted(CASE.glob("*.rq"))[0]).read_text()
    situation = parse_situation(text, "<input>")
    assert not situation.remembered
    assert not list(tmp_path.glob("lines-*.json"))


def _damaged(tmp_path: Path, file: Path, damage: object) -> None:
    """Read ``file`` fresh, then damage its entry with ``damage`` (payload -> payload)."""
    lineitems.forget()
    read_situation(file)
    (entry,) = tmp_path.glob("lines-*.json")
    document = json.loads(entry.read_text())
    document["payload"] = damage(document["payload"])  # type: ignore[operator]
    entry.write_text(json.dumps(document))
    lineitems.forget()


def _first_statement(payload: list[object]) -> list[object]:
    """The encoded data of the entry's first fact or question (its item's third field)."""
    for element in payload:
        if isinstance(element, list) and element and element[0][0] in ("fact", "question"):
            data = element[0][2]
            assert isinstance(data, list)
            return data
    raise AssertionError("no statement")


def _set(index: int, value: object) -> object:
    def damage(payload: list[object]) -> list[object]:
        _first_statement(payload)[index] = value
        return payload

    return damage


@pytest.mark.parametrize(
    "damage",
    [
        lambda payload: [None] * len(payload),  # every line left to parse
        lambda payload: payload[:-1],  # a line short
        lambda payload: {"lines": payload},
        lambda payload: [[["fact"]]] * len(payload),
        lambda payload: [[["nothing", [0, 1, 1, 1], []]]] * len(payload),
        _set(1, [0, 1, 1]),  # a span of three numbers
        _set(1, ["0", 1, 1, 1]),  # a span with a string
        _set(2, 7),  # a text that is a number
        _set(3, 1),  # a player that is a number
        _set(4, [["X", [0, 1, 1, 1], {}, [], None]]),  # a card of five fields
        _set(4, [["X", [0, 1, 1, 1], {"fire": "2"}, [], None, False]]),  # a value text
        _set(5, [["number", 1.5]]),  # a parameter of a kind never written
        _set(5, [["number"]]),
        _set(5, {"number": 1}),
    ],
)
def test_a_broken_entry_is_parsed_again_and_rewritten(
    damage: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    lineitems.forget()
    good = read_situation(file)
    _damaged(tmp_path, file, damage)
    assert read_situation(file) == good  # parsed again
    lineitems.forget()
    with monkeypatch.context() as patch:
        _never_parsed(patch)
        assert read_situation(file) == good  # from the rewritten entry
    lineitems.forget()


def test_a_corrupt_entry_is_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    lineitems.forget()
    good = read_situation(file)
    (entry,) = tmp_path.glob("lines-*.json")
    entry.write_text("{not json")
    lineitems.forget()
    assert read_situation(file) == good
    lineitems.forget()


def test_a_question_asked_again_is_kept_only_for_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lines a default turn or phase states to ask again are a file's: kept with it."""
    from rulesq.engine.check import check_situation
    from rulesq.situation import restate

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(restate, "_ADDED", {})  # the lines stated, read before in this process
    lineitems.forget()
    asked_again = "game bluemoon\nask can I play a support card?\nexpect yes\n"
    situation = parse_situation(asked_again, "<input>")
    check_situation(situation)
    assert not list(tmp_path.glob("lines-*.json"))
    lineitems.forget()
    restate.forget()
    file = tmp_path / "case.rq"
    file.write_text(asked_again)
    check_situation(read_situation(file))
    assert len(list(tmp_path.glob("lines-*.json"))) > 1  # the file's and the lines stated
    lineitems.forget()


def test_entries_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At most KEEP entries stay; an earlier version's trees go the same way, and when old."""
    import os

    from rulesq.cachefiles import UNUSED

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(itemcache, "KEEP", 5)
    monkeypatch.setattr(itemcache, "PRUNE_EVERY", 1)
    former = [tmp_path / f"tree-{number}.json" for number in range(3)]
    for number, tree in enumerate(former):
        tree.write_text("{}")
        if number:  # unused for longer than entries are kept
            os.utime(tree, (0, 0))
    lineitems.forget()
    for number in range(12):
        file = tmp_path / f"case{number}.rq"
        file.write_text(f"game bluemoon\nI have {number} cards in hand\n")
        read_situation(file)
    assert len(list(tmp_path.glob("lines-*.json"))) == 5
    assert UNUSED > 0 and [tree.exists() for tree in former] == [True, False, False]
    lineitems.forget()


def test_the_key_covers_the_code_that_reads_and_the_games_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of the code that reads lines, or of a game's words, gives new keys."""
    import dataclasses
    import shutil

    from rulesq import games

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    package = ROOT / "rulesq"
    copy = tmp_path / "rulesq"
    (copy / "situation").mkdir(parents=True)
    (copy / "corpus").mkdir()
    for name in ("parser.py", "lines.py", "lineitems.py", "build.py", "model.py", "itemcache.py"):
        shutil.copy(package / "situation" / name, copy / "situation" / name)
    for name in ("larkcache.py", "spans.py", "corpus/load.py"):
        shutil.copy(package / name, copy / name)
    monkeypatch.setattr(itemcache, "__file__", str(copy / "situation" / "itemcache.py"))
    keys = []
    for edited in (None, "situation/build.py", "situation/model.py", "spans.py", "larkcache.py"):
        if edited is not None:
            with (copy / edited).open("a") as stream:
                stream.write("\n# an edit\n")
        itemcache._code_key.cache_clear()
        keys.append(itemcache._code_key("bluemoon"))
    game = games.get_game("bluemoon")
    monkeypatch.setattr(
        games, "get_game", lambda name: dataclasses.replace(game, card_types=("character",))
    )
    itemcache._code_key.cache_clear()
    keys.append(itemcache._code_key("bluemoon"))
    itemcache._code_key.cache_clear()
    assert len(set(keys)) == 6
