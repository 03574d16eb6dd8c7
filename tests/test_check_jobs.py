"""``rulesq check --jobs N`` prints what one process prints, byte for byte, in order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES

from rulesq.paths import corpus_dir

ROOT = Path(__file__).resolve().parents[1]


def _check(jobs: int, *args: str, seed: str = "0") -> subprocess.CompletedProcess[bytes]:
    """Run the check; a different hash seed per run, so an order that rests on it shows."""
    return subprocess.run(
        [sys.executable, "-m", "rulesq", "check", *args, "--jobs", str(jobs)],
        capture_output=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONHASHSEED=seed),
        check=False,
    )


@pytest.fixture
def mixed(tmp_path: Path) -> list[str]:
    """Paths of three games whose checks agree, have no call, fail or do not exist, interleaved."""
    (tmp_path / "a-broken.rq").write_text("game bluemoon\nask can I frobnicate?\n")
    (tmp_path / "a-no-game.rq").write_text("# no game line\nask can I play a support card?\n")
    (tmp_path / "b-no-call.rq").write_text("game bluemoon\nask can I play a support card?\n")
    (tmp_path / "c-wrong.rq").write_text(
        "game bluemoon\nask can I play a support card?\nexpect no\n"
    )
    cases = corpus_dir() / "fma" / "cases"
    return [str(EXAMPLES), str(tmp_path), str(tmp_path / "missing.rq"), str(cases)]


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_parallel_check_prints_what_one_process_prints(mixed: list[str], as_json: bool) -> None:
    extra = ["--json"] if as_json else []
    one = _check(1, *mixed, *extra, seed="1")
    two = _check(2, *mixed, *extra, seed="2")
    assert one.returncode == 2  # the broken file and the missing path
    assert one.stdout.count(b"\n") > 80
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)


def test_jobs_must_be_positive() -> None:
    done = _check(0, str(EXAMPLES))
    assert done.returncode == 2
    assert b"--jobs" in done.stderr


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_every_folder_checked_in_parallel_prints_what_one_process_prints(
    as_json: bool, tmp_path: Path
) -> None:
    """Every case folder (the input errors too) and the examples: the same bytes and exit code.

    Twice in parallel: the first run remembers the files that failed, the second plans them
    together (``rulesq.failedfiles``), in another cut of the runs, from each file's game as
    the first found it (``rulesq.filekinds``).
    """
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    folders = [str(f) for f in sorted((corpus_dir()).glob("*/cases"))]
    folders += [str(ROOT / "tests" / "cases"), str(EXAMPLES)]
    extra = ["--json"] if as_json else []

    def run(jobs: int) -> tuple[int, bytes, bytes]:
        done = subprocess.run(
            [sys.executable, "-m", "rulesq", "check", *folders, *extra, "--jobs", str(jobs)],
            capture_output=True,
            cwd=ROOT,
            env=dict(os.environ, RULESQ_CACHE_DIR=str(cache)),
            check=False,
        )
        return done.returncode, done.stdout, done.stderr

    one = run(1)
    assert one[0] == 2  # the input errors
    assert one[1].count(b"\n") > 1000 or as_json
    assert run(2) == one
    assert list(cache.glob("check-failed-*.json"))  # what failed, remembered
    assert list(cache.glob("check-kinds-*.json"))  # and each file's game: not read again
    assert run(2) == one
