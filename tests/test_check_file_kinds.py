"""``check --jobs N`` remembers each file's game and size, and reads only the files it lacks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesq import filekinds
from rulesq.cli import parallel
from rulesq.pool import can_fork

ROOT = Path(__file__).resolve().parents[1]


def test_what_was_found_is_remembered_per_working_folder(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert filekinds.remembered() == {}
    filekinds.remember({}, ["a.rq", "b.rq"], [("bluemoon", 120.0), (None, 0.0)])
    assert filekinds.remembered() == {"a.rq": ("bluemoon", 120.0), "b.rq": (None, 0.0)}
    # a check of other files keeps what it did not check
    known = filekinds.remembered()
    filekinds.remember(known, ["c.rq"], [("fma", 7.0)])
    assert filekinds.remembered() == {**known, "c.rq": ("fma", 7.0)}
    other = here.parent / "other"
    other.mkdir()
    monkeypatch.chdir(other)
    assert filekinds.remembered() == {}


def test_nothing_is_written_when_every_file_was_known(here: Path) -> None:
    filekinds.remember({}, ["a.rq"], [("bluemoon", 1.0)])
    found = filekinds._file()
    assert found is not None
    known = filekinds.remembered()
    os.utime(found[0], (0, 0))
    filekinds.remember(known, ["a.rq"], [("bluemoon", 1.0)])
    assert found[0].stat().st_mtime == 0


def test_a_table_of_another_shape_is_not_read(here: Path) -> None:
    from rulesq.cachefiles import write_json

    found = filekinds._file()
    assert found is not None
    for payload in ([["a.rq", "bluemoon", 1.0]], {"a.rq": ["bluemoon"]}, {"a.rq": [3, 1.0]}):
        write_json(found[0], "check-file-kinds", found[1], payload)
        assert filekinds.remembered() == {}


class _Planned(Exception):
    """Raised where the plan would be made: the sniffing is done by then."""


@pytest.mark.skipif(not can_fork(), reason="needs os.fork (else a pool, which plans nothing)")
def test_the_parent_reads_only_the_files_it_does_not_remember(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("a.rq", "b.rq", "c.rq"):
        (here / name).write_text("game bluemoon\nask can I play a support card?\n")
    filekinds.remember({}, ["a.rq", "b.rq"], [("fma", 10.0), ("fma", 20.0)])
    read: list[str] = []
    real = parallel._sniff

    def sniff(path: str, game: str | None) -> tuple[str | None, float]:
        read.append(path)
        return real(path, game)

    def plan(kinds: list[str | None], sizes: list[float], workers: int) -> parallel.Plan:
        assert list(kinds) == ["fma", "fma", "bluemoon"]  # as remembered, wrong or not
        assert list(sizes) == [10.0, 20.0, 45.0]  # c.rq read: its bytes
        raise _Planned

    monkeypatch.setattr(parallel, "_sniff", sniff)
    monkeypatch.setattr(parallel, "plan", plan)
    with pytest.raises(_Planned):
        next(parallel._checked(["a.rq", "b.rq", "c.rq"], None, False, 2))
    assert read == ["c.rq"]


@pytest.mark.skipif(not can_fork(), reason="needs os.fork")
def test_a_kind_remembered_wrongly_changes_no_report(here: Path) -> None:
    """A remembered game guides the plan only: each file is checked as it reads now."""
    cases = [
        *sorted((ROOT / "tests" / "cases" / "hands").glob("*.rq"))[:8],
        *sorted((ROOT / "corpus" / "fma" / "cases").rglob("*.rq"))[:8],
    ]
    names = []
    for index, case in enumerate(cases):
        names.append(f"c{index:02}.rq")
        (here / names[-1]).write_bytes(case.read_bytes())
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def check(jobs: int) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [sys.executable, "-m", "rulesq", "check", *names, "--jobs", str(jobs)],
            capture_output=True,
            cwd=here,
            env=env,
            check=False,
        )

    one = check(1)
    # every file remembered as of the other game (and of no game), then checked in parallel
    wrong = ["warhammer" if index < 8 else "bluemoon" for index in range(len(names))]
    filekinds.remember({}, names, [(kind, 100.0) for kind in wrong])
    many = check(2)
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout, one.stderr)
    # all known: not written again
    assert filekinds.remembered() == {
        name: (kind, 100.0) for name, kind in zip(names, wrong, strict=True)
    }
