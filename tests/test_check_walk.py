"""The files ``check`` finds in a folder: resolving only links finds what resolving all does."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesq.engine import check
from rulesq.engine.check import situation_files

ROOT = Path(__file__).resolve().parents[1]


def _long_way(root: Path, follow: bool) -> list[Path]:
    """Every ``*.rq`` file under ``root``, each resolved to tell whether it is within it."""
    top = root.resolve()
    found: list[Path] = []
    seen: set[Path] = set()
    for folder, dirs, files in os.walk(root, followlinks=follow):
        real = Path(folder).resolve()
        if real in seen:
            dirs[:] = []
            continue
        seen.add(real)
        if not follow:
            dirs[:] = [d for d in dirs if not (Path(folder) / d).is_symlink()]
        for name in files:
            file = Path(folder) / name
            if name.endswith(".rq") and (follow or check._inside(file, top)):
                found.append(file)
    return sorted(found)


def _tree(tmp_path: Path) -> Path:
    """A folder with files, links in and out, a loop, a broken link, odd names."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "far.rq").write_text("game bluemoon\n")
    root = tmp_path / "root"
    for sub in ("a", "a-b", "a/x", "b.rq", "z"):
        (root / sub).mkdir(parents=True)
    for file in ("a/1.rq", "a-b/2.rq", "a/x/3.rq", "a.rq", "z/4.txt", "b.rq/5.rq", "Z.rq"):
        (root / file).write_text("game bluemoon\n")
    (root / "a" / "in.rq").symlink_to(root / "a-b" / "2.rq")
    (root / "a" / "out.rq").symlink_to(outside / "far.rq")
    (root / "a" / "broken.rq").symlink_to(root / "nowhere.rq")
    (root / "a" / "dir.rq").symlink_to(root / "z")
    (root / "z" / "loop").symlink_to(root)
    (root / "z" / "away").symlink_to(outside)
    os.mkfifo(root / "z" / "pipe.rq")
    return root


@pytest.mark.parametrize("follow", [False, True])
def test_the_walk_finds_what_resolving_every_file_finds(tmp_path: Path, follow: bool) -> None:
    root = _tree(tmp_path)
    for start in (root, root / "a", Path(os.path.relpath(root)), root / "z" / "loop"):
        assert list(situation_files([start], follow)) == _long_way(start, follow)


def test_the_same_over_every_case_folder() -> None:
    folders = [ROOT / "corpus", ROOT / "tests" / "cases", ROOT / "tests" / "examples"]
    for folder in folders:
        found = list(situation_files([folder]))
        assert found == _long_way(folder, False) and len(found) > 10


def test_only_links_are_resolved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counted work: one resolution per link listed as a file, none per plain file."""
    root = _tree(tmp_path)
    resolved: list[Path] = []
    inside = check._inside

    def counting(file: Path, top: Path) -> bool:
        resolved.append(file)
        return inside(file, top)

    monkeypatch.setattr(check, "_inside", counting)
    list(situation_files([root]))
    assert sorted(p.name for p in resolved) == ["broken.rq", "in.rq", "out.rq"]
