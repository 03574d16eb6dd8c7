"""Situation files' line items kept on disk: the same situations, never a broken one."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rulesq.errors import RulesqError
from rulesq.situation import itemcache, lineitems, parse_situation, read_situation
from rulesq.situation.build import SituationBuilder
from rulesq.situation.model import Situation
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


def _counting(parsed: list[str]) -> Callable[[str, str], object]:
    """``lineitems._parse`` as it is, noting in ``parsed`` each line it parses."""
    real = lineitems._parse

    def counting(game: str, line: str) -> object:
        parsed.append(line)
        return real(game, line)

    return counting


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
        lineitems.forget()  # as a new process, the lines read written first
        with monkeypatch.context() as patch:
            _never_parsed(patch)
            stored = lineitems.read_by_lines(game, str(file), text, remember=True)
        assert fresh == whole, file
        assert stored == whole, file
        compared += 1
    lineitems.forget()
    assert compared > 900
    assert sorted(p.name.split("-")[1] for p in tmp_path.glob("linepack-*.json")) == [
        "bluemoon",
        "fma",
        "warhammer",
    ]


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
    counting = _counting(parsed)
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
    lineitems.forget()
    assert not list(tmp_path.glob("linepack-*.json"))


def _packed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Situation]:
    """The first case file and its situation, read once into a fresh cache folder's pack."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    lineitems.forget()
    situation = read_situation(file)
    lineitems.forget()
    return file, situation


def _pack_file(folder: Path) -> Path:
    (found,) = folder.glob("linepack-bluemoon-*.json")
    return found


def _damaged(tmp_path: Path, file: Path, damage: object) -> None:
    """Read ``file`` fresh, then damage the pack's lines with ``damage`` (payload -> payload)."""
    lineitems.forget()
    read_situation(file)
    lineitems.forget()
    entry = _pack_file(tmp_path)
    _write_pack(entry, damage(_packed(tmp_path)))  # type: ignore[operator]


def _write_pack(entry: Path, payload: object) -> None:
    """Write ``payload`` as the pack ``entry`` (its key kept): each line, then its items' text.

    A payload that is not a mapping is written as one text (the texts do not pair up); an
    items' value that is not a text, as its ``repr``.
    """
    from rulesq.cachefiles import write_texts

    key = json.loads(entry.read_bytes().partition(b"\n")[0])["key"]
    if isinstance(payload, dict):
        texts = [t for line, data in payload.items() for t in (line, str(data))]
    else:
        texts = [repr(payload)]
    write_texts(entry, itemcache._KIND, key, texts)


def _each_line(damage: object) -> object:
    """A damage of every line's items (their decoded data -> data, written as a JSON text)."""

    def damaged(payload: dict[str, str]) -> dict[str, str]:
        return {line: json.dumps(damage(json.loads(data))) for line, data in payload.items()}  # type: ignore[operator]

    return damaged


def _first_statement(data: list[object]) -> list[object] | None:
    """The encoded data of a line's first fact or question (its item's third field)."""
    for element in data:
        if isinstance(element, list) and element[0] in ("fact", "question"):
            found = element[2]
            assert isinstance(found, list)
            return found
    return None


def _set(index: int, value: object) -> object:
    def damage(data: list[object]) -> list[object]:
        statement = _first_statement(data)
        if statement is not None:
            statement[index] = value
        return data

    return _each_line(damage)


@pytest.mark.parametrize(
    "damage",
    [
        lambda payload: [],  # not a mapping: every line left to parse
        lambda payload: dict.fromkeys(payload, 7),  # a line's items not a JSON text
        lambda payload: dict.fromkeys(payload, "[[not json"),
        lambda payload: {k: v + " []" for k, v in payload.items()},  # two values
        lambda payload: {k: v + "x" for k, v in payload.items()},
        _each_line(lambda data: {"lines": data}),
        _each_line(lambda data: [["fact"]]),
        _each_line(lambda data: [["nothing", [0, 1, 1, 1], []]]),
        _set(1, [0, 1, 1]),  # a span of three numbers
        _set(1, ["0", 1, 1, 1]),  # a span with a string
        _set(2, 7),  # a text that is a number
        _set(3, 1),  # a player that is a number
        _set(4, [["X", [0, 1, 1, 1], {}, [], None]]),  # a card of five fields
        _set(4, [["X", [0, 1, 1, 1], {"fire": "2"}, [], None, False]]),  # a value text
        _set(4, [["X", [0, 1, 1, 1], {}, [3], None, False]]),  # an icon that is a number
        _set(5, [["number", 1.5]]),  # a parameter of a kind never written
        _set(5, [["number"]]),
        _set(5, [[1, 1]]),  # a parameter named by a number
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
    parsed: list[str] = []
    counting = _counting(parsed)
    with monkeypatch.context() as patch:
        patch.setattr(lineitems, "_parse", counting)
        assert read_situation(file) == good  # parsed again
    assert parsed
    lineitems.forget()
    with monkeypatch.context() as patch:
        _never_parsed(patch)
        assert read_situation(file) == good  # from the rewritten pack
    lineitems.forget()


def test_a_corrupt_pack_is_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file, good = _packed_once(tmp_path, monkeypatch)
    _pack_file(tmp_path).write_text("{not json")
    assert read_situation(file) == good
    lineitems.forget()


def _packed(folder: Path) -> dict[str, str]:
    """The lines a game's pack holds."""
    entry = _pack_file(folder)
    key = json.loads(entry.read_bytes().partition(b"\n")[0])["key"]
    return itemcache._read(entry, key)


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
    lineitems.forget()
    assert not list(tmp_path.glob("linepack-*.json"))
    restate.forget()
    file = tmp_path / "case.rq"
    file.write_text(asked_again)
    check_situation(read_situation(file))
    lineitems.forget()
    kept = _packed(tmp_path)
    assert set(asked_again.splitlines()) < set(kept)  # the file's lines and the lines stated


def test_a_pack_is_bounded_and_earlier_entries_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At most PACK_LINES lines stay, the latest; entries of earlier versions are bounded."""
    import os
    import time

    from rulesq.cachefiles import UNUSED

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(itemcache, "PACK_LINES", 5)
    monkeypatch.setattr(itemcache, "KEEP", 2)
    kinds = ("tree", "lines")
    former = [tmp_path / f"{kind}-{number}.json" for kind in kinds for number in range(4)]
    for number, entry in enumerate(former):
        entry.write_text("{}")
        used = time.time() - 100 + number if number % 4 else 0  # the first of each unused long
        os.utime(entry, (used, used))
    lineitems.forget()
    for number in range(12):
        file = tmp_path / f"case{number}.rq"
        file.write_text(f"game bluemoon\nI have {number} cards in hand\n")
        read_situation(file)
        lineitems.forget()  # a process a file
    kept = _packed(tmp_path)
    # the lines the last process met (its game line) and read go last; the oldest went
    latest = [f"I have {n} cards in hand" for n in range(8, 12)]
    assert list(kept) == [*latest[:3], "game bluemoon", latest[3]]
    assert UNUSED > 0
    assert [entry.exists() for entry in former] == [False, False, True, True] * 2


def test_a_check_reads_each_pack_once_and_writes_it_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One read of the pack for every file of a check, one write at its end (not one a file)."""
    from rulesq import cachefiles
    from rulesq.cli.parallel import reports

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    files = sorted(CASE.glob("*.rq"))
    assert len(files) > 5
    reads: list[str] = []
    writes: list[str] = []
    real_read, real_write = cachefiles.read_texts, cachefiles.write_texts

    def read(path: Path, *args: object, **kwargs: object) -> object:
        reads.append(path.name)
        return real_read(path, *args, **kwargs)  # type: ignore[arg-type]

    def write(path: Path, *args: object) -> None:
        writes.append(path.name)
        real_write(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(cachefiles, "read_texts", read)
    monkeypatch.setattr(cachefiles, "write_texts", write)
    for _ in range(2):  # the pack written, then read by a new process
        lineitems.forget()
        reads.clear()
        writes.clear()
        with monkeypatch.context() as patch:
            if list(tmp_path.glob("linepack-*.json")):
                _never_parsed(patch)
            assert len(list(reports(list(files), None, False, 1))) == len(files)
        packs = [name for name in reads if name.startswith("linepack-")]
        assert len(set(packs)) == 1
        assert len(packs) == 1 + len([n for n in writes if n.startswith("linepack-")])
    assert writes == []  # nothing new the second time
    lineitems.forget()


def test_lines_read_by_two_processes_are_both_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pack written by another process meanwhile is merged with, not written over."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    one, two = tmp_path / "one.rq", tmp_path / "two.rq"
    one.write_text("game bluemoon\nI have 3 cards in hand\n")
    two.write_text("game bluemoon\nyou have 4 cards in hand\n")
    lineitems.forget()
    read_situation(one)  # the first process, not done yet
    first = dict(itemcache._PACKS)
    itemcache._PACKS.clear()
    itemcache._CHOSEN.clear()
    lineitems._MEMO.clear()
    read_situation(two)  # a second one, done first
    itemcache.flush()
    itemcache._PACKS.clear()
    itemcache._CHOSEN.clear()
    itemcache._PACKS.update(first)
    itemcache.flush()
    assert {"I have 3 cards in hand", "you have 4 cards in hand"} <= set(_packed(tmp_path))
    lineitems.forget()


def test_the_workers_of_a_check_keep_their_lines(tmp_path: Path) -> None:
    """``check --jobs 2``: each worker writes the lines it read as it ends."""
    import os
    import subprocess
    import sys

    cache = tmp_path / "cache"
    env = dict(os.environ, RULESQ_CACHE_DIR=str(cache))
    command = [sys.executable, "-m", "rulesq", "check", str(CASE.parent), "--jobs", "2"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = {
        line
        for file in CASE.parent.rglob("*.rq")
        for line in file.read_text(encoding="utf-8").split("\n")
        if line.strip() and not line.lstrip().startswith("#")
    }
    assert lines <= set(_packed(cache))


def test_the_key_covers_the_code_that_reads_and_the_games_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of the code that reads lines, or of a game's words, gives new keys."""
    import dataclasses
    import shutil

    from rulesq import cachefiles, games

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    package = ROOT / "rulesq"
    copy = tmp_path / "rulesq"
    for name in itemcache.BUILT_BY:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(package / name, copy / name)
    monkeypatch.setattr(cachefiles, "__file__", str(copy / "cachefiles.py"))
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


def test_an_ask_of_a_file_reads_its_lines_from_the_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rulesq ask FILE`` keeps a file's lines and reads them again unparsed; ``-e`` does not."""
    from rulesq.cli.answer import run_ask

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    lineitems.forget()
    assert run_ask(str(file)) == 0
    first = capsys.readouterr().out
    said = {line for line in file.read_text().splitlines() if line and not line.startswith("#")}
    assert set(_packed(tmp_path)) >= said
    lineitems.forget()
    with monkeypatch.context() as patch:
        _never_parsed(patch)
        assert run_ask(str(file)) == 0
        assert capsys.readouterr().out == first
    lineitems.forget()
    _pack_file(tmp_path).unlink()
    assert run_ask(None, file.read_text()) == 0
    assert capsys.readouterr().out == first.replace(str(file), "<-e>")
    lineitems.forget()
    assert not list(tmp_path.glob("linepack-*.json"))


def test_a_pack_is_found_once_for_the_settings_that_choose_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked again with the same settings, no folder is looked for; other settings, another."""
    one, two = tmp_path / "one", tmp_path / "two"
    lineitems.forget()
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(one))
    first = itemcache.pack("bluemoon")
    assert first is not None and first.file.parent == one
    looked: list[object] = []
    real = itemcache._folder

    def counted(*settings: str | None) -> Path | None:
        looked.append(settings)
        return real(*settings)

    monkeypatch.setattr(itemcache, "_folder", counted)
    assert itemcache.pack("bluemoon") is first and not looked
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(two))
    second = itemcache.pack("bluemoon")
    assert second is not None and second.file.parent == two and looked == [(str(two),)]
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(one))
    assert itemcache.pack("bluemoon") is first
    monkeypatch.delenv("RULESQ_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    third = itemcache.pack("bluemoon")
    assert third is not None and third.file.parent == tmp_path / "xdg" / "rulesq"
    lineitems.forget()


def test_a_pack_is_read_without_decoding_its_texts_as_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading a pack decodes its header line as JSON, and no line's items until one is met."""
    file, _ = _packed_once(tmp_path, monkeypatch)
    entry = _pack_file(tmp_path)
    header = entry.read_bytes().partition(b"\n")[0].decode()
    decoded: list[int] = []
    real = json.loads

    def loads(text: str | bytes, *args: object, **kwargs: object) -> object:
        decoded.append(len(text))
        return real(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(json, "loads", loads)
    lines = itemcache._read(entry, json.loads(header)["key"])
    assert len(lines) > 3
    assert decoded == [len(header), len(header)]  # the test's own, then the reader's


def test_texts_not_as_many_as_the_header_says_are_a_broken_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pack whose header counts a text more than it holds is read as empty: parsed again."""
    file, good = _packed_once(tmp_path, monkeypatch)
    entry = _pack_file(tmp_path)
    assert _packed(tmp_path)
    head, _, body = entry.read_bytes().partition(b"\n")
    header = json.loads(head)
    header["count"] += 1
    entry.write_bytes(json.dumps(header).encode() + b"\n" + body)
    assert _packed(tmp_path) == {}
    parsed: list[str] = []
    counting = _counting(parsed)
    with monkeypatch.context() as patch:
        patch.setattr(lineitems, "_parse", counting)
        assert read_situation(file) == good
    assert parsed
    lineitems.forget()


def test_a_line_holding_the_separator_is_left_out_of_the_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pack's texts are cut at NUL: a line holding one is not kept; the others are."""
    from rulesq.cachefiles import TEXT_SEPARATOR, write_texts

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    lineitems.forget()
    good = read_situation(file)
    pack = next(iter(itemcache._PACKS.values()))
    pack.new["a line\0cut"] = "[]"
    lineitems.forget()
    kept = _packed(tmp_path)
    assert "a line\0cut" not in kept
    assert kept and all(TEXT_SEPARATOR not in line for line in kept)
    with pytest.raises(ValueError):
        write_texts(tmp_path / "x.json", "k", "key", ["a\0b"])
    with monkeypatch.context() as patch:
        _never_parsed(patch)
        assert read_situation(file) == good
    lineitems.forget()
