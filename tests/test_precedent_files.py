"""The files the precedent index derives from: as ``os.walk`` finds them, without a stat each."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesq.games.bluemoon.judge import precedents
from rulesq.paths import corpus_dir, grammar_dir


def _walked(folder: Path | str, suffix: str = "") -> list[str]:
    """The listing as first written: ``os.walk``, then ``os.path.isfile`` of each name."""
    found = []
    for top, folders, names in os.walk(folder):
        folders[:] = [f for f in folders if f != "__pycache__"]
        found += [
            path
            for name in names
            if name.endswith(suffix) and os.path.isfile(path := os.path.join(top, name))
        ]
    return sorted(found)


def _tree(root: Path) -> Path:
    """A folder with nested files, bytecode, links in and out, a loop, a broken link, a pipe."""
    top = root / "top"
    (top / "a" / "b").mkdir(parents=True)
    (top / "__pycache__").mkdir()
    (top / "__pycache__" / "x.py").write_text("")
    (root / "outside").mkdir()
    (root / "outside" / "far.py").write_text("")
    for name in ("one.py", "a/two.py", "a/b/three.py", "a/notes.txt"):
        (top / name).write_text("")
    (top / "link.py").symlink_to(top / "one.py")
    (top / "out").symlink_to(root / "outside")  # a linked folder: listed, not entered
    (top / "a" / "loop").symlink_to(top)
    (top / "broken.py").symlink_to(root / "nowhere.py")
    os.mkfifo(top / "pipe.py")
    return top


@pytest.mark.parametrize("suffix", ["", ".py", ".txt"])
def test_the_listing_is_the_walks(tmp_path: Path, suffix: str) -> None:
    top = _tree(tmp_path)
    assert sorted(precedents._files(top, suffix)) == _walked(top, suffix)
    assert precedents._files(tmp_path / "missing", suffix) == []


def test_every_folder_the_index_derives_from_is_listed_as_walked() -> None:
    code = Path(precedents.__file__).resolve().parents[3]
    folders = [(corpus_dir() / "bluemoon", ""), (grammar_dir(), ".lark"), (code, ".py")]
    for folder, suffix in folders:
        assert sorted(precedents._files(folder, suffix)) == _walked(folder, suffix)


def test_a_regular_file_is_listed_without_a_stat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each entry's type comes from the folder's listing: ``os.path.isfile`` (a ``stat``) is
    never asked, where the walk asked it of each of the ~700 files every cold ask lists."""
    top = _tree(tmp_path)
    expected = _walked(top, ".py")

    def refused(path: object) -> bool:
        raise AssertionError(f"stat of {path}")

    monkeypatch.setattr(os.path, "isfile", refused)
    assert sorted(precedents._files(top, ".py")) == expected
