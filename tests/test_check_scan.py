"""The one-pass scan of a folder gives what the walk and the search for links out give."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesq.engine import check
from rulesq.engine.check import (
    outside_links,
    planned_checks,
    planned_names,
    scan_folder,
    scan_names,
    situation_files,
)

ROOT = Path(__file__).resolve().parents[1]


def _long_way(root: Path, unlisted: check.Unlisted | None = None) -> tuple[list[Path], list[Path]]:
    return list(situation_files([root], unlisted=unlisted)), outside_links(root)


def _tree(tmp_path: Path) -> Path:
    """A folder with every kind of entry: links in and out, loops, a pipe, nested folders."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "far.rq").write_text("game bluemoon\n")
    folder = tmp_path / "cases"
    (folder / "a" / "b").mkdir(parents=True)
    (folder / "top.rq").write_text("game bluemoon\n")
    (folder / "notes.txt").write_text("")
    (folder / "a" / "one.rq").write_text("game bluemoon\n")
    (folder / "a" / "b" / "two.rq").write_text("game bluemoon\n")
    (folder / "a" / "dir.rq").mkdir()
    (folder / "a" / "dir.rq" / "three.rq").write_text("game bluemoon\n")
    (folder / "in.rq").symlink_to(folder / "a" / "one.rq")
    (folder / "a" / "up.rq").symlink_to(folder / "top.rq")
    (folder / "out.rq").symlink_to(outside / "far.rq")
    (folder / "out.txt").symlink_to(outside / "far.rq")  # not a situation file: left alone
    (folder / "outdir").symlink_to(outside, target_is_directory=True)
    (folder / "indir").symlink_to(folder / "a", target_is_directory=True)
    (folder / "broken.rq").symlink_to(folder / "missing.rq")
    (folder / "broken-out.rq").symlink_to(outside / "missing.rq")
    (folder / "loop.rq").symlink_to(folder / "loop.rq")
    (folder / "folder-link.rq").symlink_to(folder / "a", target_is_directory=True)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.rq")
    return folder


def test_the_scan_gives_the_walks_files_and_links_over_every_case_folder() -> None:
    """Every case folder, the corpus and the tests, as given and through a relative path."""
    roots = [ROOT / "corpus", ROOT / "tests" / "cases", ROOT / "tests" / "examples"]
    roots += sorted((ROOT / "corpus").glob("*/cases")) + [ROOT / "tests"]
    for root in roots:
        assert scan_folder(root) == _long_way(root), root
    relative = Path(os.path.relpath(ROOT / "tests" / "cases"))
    assert scan_folder(relative) == _long_way(relative)
    assert [str(p) for p in scan_folder(relative)[0]] == [str(p) for p in _long_way(relative)[0]]


def test_the_scan_gives_the_walks_files_and_links_with_links_pipes_and_loops(
    tmp_path: Path,
) -> None:
    folder = _tree(tmp_path)
    files, links = scan_folder(folder)
    assert (files, links) == _long_way(folder)
    assert folder / "in.rq" in files and folder / "a" / "dir.rq" / "three.rq" in files
    assert folder / "out.rq" in links and folder / "outdir" in links
    assert folder / "loop.rq" not in files
    # a pipe named *.rq is a file to check, which the reader refuses by name: not skipped
    assert (folder / "pipe.rq" in files) == hasattr(os, "mkfifo")
    through = tmp_path / "through"
    through.symlink_to(folder, target_is_directory=True)  # the folder given by a link
    assert scan_folder(through) == _long_way(through)
    assert scan_folder(Path(f"{through}{os.sep}")) == _long_way(Path(f"{through}{os.sep}"))


def test_planned_checks_are_the_same_as_with_the_walk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checks planned for a folder (errors for links out first, then the files)."""
    folder = _tree(tmp_path)
    (tmp_path / "empty").mkdir()
    paths = [folder, tmp_path / "empty", folder / "top.rq", tmp_path / "nothing"]

    def shown(items: list[object]) -> list[str]:
        return [str(getattr(i, "reason", i)) for i in items]

    fast = shown(list(planned_checks(paths)))
    names = shown(list(planned_names(paths)))
    monkeypatch.setattr(check, "scan_names", _long_way_names)
    assert fast == names == shown(list(planned_checks(paths)))
    assert any("a link out of" in line for line in fast)


def _long_way_names(
    root: Path, unlisted: check.Unlisted | None = None
) -> tuple[list[str], list[Path]]:
    files, links = _long_way(root, unlisted)
    return [str(file) for file in files], links


def test_the_names_are_the_texts_of_the_walks_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``str`` gives each path the walk finds, in its order: every case folder, links,
    relative folders and the current one (whose files have no ``./`` before them)."""
    roots = [ROOT / "corpus", ROOT / "tests" / "cases", _tree(tmp_path)]
    roots += [Path(os.path.relpath(ROOT / "tests" / "cases")), Path("tests/cases/../cases")]
    monkeypatch.chdir(ROOT)
    for root in roots:
        assert scan_names(root) == _long_way_names(root), root
    monkeypatch.chdir(ROOT / "tests" / "cases")
    for root in (Path("."), Path("./fma"), Path("fma/")):
        assert scan_names(root) == _long_way_names(root), root
    assert not any(name.startswith(".") for name in scan_names(Path("."))[0])


def test_a_file_listed_makes_no_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted: a path is joined for each folder of a folder without links, not for each file."""
    joined = [0]
    join = Path.__truediv__

    def counted(self: Path, key: str) -> Path:
        joined[0] += 1
        return join(self, key)

    root = ROOT / "tests" / "cases"
    folders = sum(1 for _ in os.walk(root))
    monkeypatch.setattr(Path, "__truediv__", counted)
    files, _ = scan_names(root)
    assert len(files) > 500 and joined[0] == folders - 1


def test_the_scan_resolves_only_links_and_lists_each_folder_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over a folder without links: no path is resolved and each folder is listed once."""
    counts = {"resolve": 0, "scandir": 0}
    resolve, scandir = Path.resolve, os.scandir

    def counted_resolve(self: Path, strict: bool = False) -> Path:
        counts["resolve"] += 1
        return resolve(self, strict)

    def counted_scandir(path: str) -> object:
        counts["scandir"] += 1
        return scandir(path)

    root = ROOT / "tests" / "cases"
    folders = sum(1 for _ in os.walk(root))
    monkeypatch.setattr(Path, "resolve", counted_resolve)
    monkeypatch.setattr(os, "scandir", counted_scandir)
    files, links = scan_folder(root)
    assert len(files) > 500 and not links
    assert counts == {"resolve": 0, "scandir": folders}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_pipe_named_rq_in_a_folder_is_an_error_line_never_a_hang(
    tmp_path: Path, jobs: str
) -> None:
    """``check DIR`` names a pipe ``*.rq`` in an ERROR line and exits 2, as given by name; it
    was skipped in silence (all agree), and given by name with ``--jobs 2`` the planner
    opened it waiting for a writer (a hang)."""
    import subprocess
    import sys

    for index in range(12):  # enough files for the runs to be forked
        (tmp_path / f"case-{index:02}.rq").write_text(
            'game bluemoon\nI have active "Pandemonium"\nask is "Pandemonium" active?\nexpect yes\n'
        )
    os.mkfifo(tmp_path / "pipe.rq")
    for given in ([str(tmp_path)], sorted(map(str, tmp_path.glob("*.rq")))):
        done = subprocess.run(
            [sys.executable, "-m", "rulesq", "check", *given, "--jobs", jobs],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,  # a guard against the hang, not a measure
            check=False,
        )
        assert done.returncode == 2, done.stdout + done.stderr
        errors = [line for line in done.stdout.splitlines() if line.startswith("ERROR")]
        assert len(errors) == 1 and "pipe.rq" in errors[0] and "not a regular file" in errors[0]
        assert done.stdout.splitlines()[-1].startswith("12 agree, 0 disagree")


def test_a_link_not_checked_says_why(tmp_path: Path) -> None:
    """A link out, a link to nothing (in the folder or out of it) and a loop: each an ERROR line
    saying which (a loop and a missing file were called links out of the folder, and a link
    to a missing file in the folder was skipped in silence)."""
    folder = _tree(tmp_path)
    reasons = {
        Path(item.path).name: str(item.reason)
        for item in planned_names([folder])
        if not isinstance(item, str)
    }
    assert reasons["out.rq"].endswith(f"a link out of {folder}, not followed (--follow follows it)")
    assert reasons["broken.rq"].endswith("a link to nothing: what it leads to does not exist")
    assert reasons["broken-out.rq"].endswith("a link to nothing: what it leads to does not exist")
    assert reasons["loop.rq"].endswith("a link that leads round in a loop, to no file")
    assert "folder-link.rq" not in reasons  # a link to a folder within is walked, not reported


@pytest.mark.parametrize("follow", [[], ["--follow"]])
def test_a_folder_that_cannot_be_listed_is_an_error_line_never_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, follow: list[str]
) -> None:
    """A subfolder ``check DIR`` cannot list is an ERROR line naming it and why, and the exit
    code is 2 (not every file was checked); it was left out in silence: "1 agree", exit 0.
    (Run as root, a folder's permissions do not stop the listing: the listing is made to
    fail.)"""
    from typer.testing import CliRunner

    from rulesq.cli import app

    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "hidden.rq").write_text("game bluemoon\n")
    (tmp_path / "open.rq").write_text(
        'game bluemoon\nI have active "Pandemonium"\nask is "Pandemonium" active?\nexpect yes\n'
    )
    real = os.scandir

    def scandir(path: str) -> object:
        if os.path.basename(os.fspath(path)) == "locked":
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = CliRunner().invoke(app, ["check", str(tmp_path), "--jobs", "1", *follow])
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1, result.output
    assert str(tmp_path / "locked") in errors[0] and "cannot be listed" in errors[0], errors
    assert "Permission denied" in result.output, result.output
    assert result.output.splitlines()[-1].startswith("1 agree, 0 disagree"), result.output
