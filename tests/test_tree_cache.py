"""Situation files' trees kept on disk: the same trees, never a broken one, only files' texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from trees import assert_same_tree

from rulesq.situation import lines, parse_situation, read_situation, treecache
from rulesq.situation.parser import _with_spans, find_game, parse_tree

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "corpus" / "bluemoon" / "cases" / "interference-cards"


def _files() -> list[Path]:
    return sorted((ROOT / "corpus").glob("*/cases/**/*.rq")) + sorted(
        (ROOT / "tests").rglob("*.rq")
    )


def test_every_file_comes_back_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    compared = 0
    for file in _files():
        text = file.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
        try:
            game = find_game(text, str(file))
            parsed = parse_tree(text, game, str(file), remember=True)
        except Exception:  # noqa: BLE001 - a file that does not parse is never stored
            continue
        stored = parse_tree(text, game, str(file), remember=True)
        assert_same_tree(stored, parsed)
        body = text if text.endswith("\n") else text + "\n"
        decoded = treecache.decode(json.loads(json.dumps(treecache.encode(parsed))))
        assert_same_tree(
            _with_spans(decoded, body, game), parsed
        )  # spans are the text's, not stored
        compared += 1
    assert compared > 900
    assert len(list(tmp_path.glob("tree-*.json"))) == compared


def _never_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(lines, "parse_by_lines", refuse)


def test_a_file_read_again_is_not_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    first = read_situation(file)
    with monkeypatch.context() as patch:
        _never_parsed(patch)
        again = read_situation(file)
    assert again == first
    assert again.remembered


def test_a_text_not_read_from_a_file_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    text = (sorted(CASE.glob("*.rq"))[0]).read_text()
    situation = parse_situation(text, "<input>")
    assert not situation.remembered
    assert not list(tmp_path.glob("tree-*.json"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda payload: {"d": "start", "c": [["NAME", 1, 0, 1, 1, 1, 2, 1]]},  # a number
        lambda payload: {"d": "start", "c": [["NAME", "x", 0, 1, 1, 1, 2]]},  # six fields
        lambda payload: {"d": "start", "c": ["x"]},
        lambda payload: {"d": 1, "c": []},
        lambda payload: [payload],
        lambda payload: {"d": "start", "c": [["NAME", "x", 0, 1, 1, 1, 2, 1]]},  # not an item
    ],
)
def test_a_broken_entry_is_parsed_again_and_rewritten(
    damage: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    good = read_situation(file)
    (entry,) = tmp_path.glob("tree-*.json")
    document = json.loads(entry.read_text())
    document["payload"] = damage(document["payload"])  # type: ignore[operator]
    entry.write_text(json.dumps(document))
    assert read_situation(file) == good  # parsed again
    with monkeypatch.context() as patch:
        _never_parsed(patch)
        assert read_situation(file) == good  # from the rewritten entry


def test_a_corrupt_entry_is_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    file = sorted(CASE.glob("*.rq"))[0]
    good = read_situation(file)
    (entry,) = tmp_path.glob("tree-*.json")
    entry.write_text("{not json")
    assert read_situation(file) == good


def test_a_question_asked_again_is_kept_only_for_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lines a default turn or phase states to ask again are a file's: kept with it."""
    from rulesq.engine.check import check_situation
    from rulesq.situation import restate

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(restate, "_ADDED", {})  # the lines stated, read before in this process
    asked_again = "game bluemoon\nask can I play a support card?\nexpect yes\n"
    situation = parse_situation(asked_again, "<input>")
    check_situation(situation)
    assert not list(tmp_path.glob("tree-*.json"))
    file = tmp_path / "case.rq"
    file.write_text(asked_again)
    check_situation(read_situation(file))
    assert len(list(tmp_path.glob("tree-*.json"))) > 1  # the file's and the lines stated


def test_entries_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(treecache, "KEEP", 5)
    monkeypatch.setattr(treecache, "PRUNE_EVERY", 1)
    for number in range(12):
        file = tmp_path / f"case{number}.rq"
        file.write_text(f"game bluemoon\nI have {number} cards in hand\n")
        read_situation(file)
    assert len(list(tmp_path.glob("tree-*.json"))) == 5


def test_the_key_covers_the_code_that_parses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of the code that makes the trees gives new keys: no tree of older code is used."""
    import shutil

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    package = ROOT / "rulesq"
    copy = tmp_path / "rulesq"
    (copy / "situation").mkdir(parents=True)
    for name in ("parser.py", "lines.py", "treecache.py"):
        shutil.copy(package / "situation" / name, copy / "situation" / name)
    shutil.copy(package / "larkcache.py", copy / "larkcache.py")
    monkeypatch.setattr(treecache, "__file__", str(copy / "situation" / "treecache.py"))
    keys = []
    for edited in (None, "situation/lines.py", "larkcache.py"):
        if edited is not None:
            with (copy / edited).open("a") as stream:
                stream.write("\n# an edit\n")
        treecache._code_key.cache_clear()
        keys.append(treecache._code_key("bluemoon"))
    treecache._code_key.cache_clear()
    assert len(set(keys)) == 3
