"""``check --jobs N`` remembers the files that failed and plans them together, in one run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesq import failedfiles
from rulesq.checkcost import FAILED, game_costs
from rulesq.cli import parallel
from rulesq.games import GAMES
from rulesq.pool import can_fork

ROOT = Path(__file__).resolve().parents[1]


def test_the_failed_files_of_a_check_are_remembered_per_working_folder(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("b.rq", "d.rq"):
        (here / name).write_text("")
    assert failedfiles.remembered() == frozenset()
    failedfiles.remember(frozenset(), ["a.rq", "b.rq", "c.rq"], ["b.rq"])
    assert failedfiles.remembered() == {"b.rq"}
    # a check of other files keeps what it did not check, and adds what failed in it
    failedfiles.remember(frozenset({"b.rq"}), ["d.rq"], ["d.rq"])
    assert failedfiles.remembered() == {"b.rq", "d.rq"}
    # a file checked again that passes is forgotten
    failedfiles.remember(frozenset({"b.rq", "d.rq"}), ["b.rq"], [])
    assert failedfiles.remembered() == {"d.rq"}
    other = here.parent / "other"
    other.mkdir()
    monkeypatch.chdir(other)
    assert failedfiles.remembered() == frozenset()


def test_a_path_remembered_that_no_longer_exists_is_dropped_when_the_list_changes(
    here: Path,
) -> None:
    (here / "kept.rq").write_text("")
    failedfiles.remember(frozenset(), ["gone.rq", "kept.rq"], ["gone.rq", "kept.rq"])
    assert failedfiles.remembered() == {"gone.rq", "kept.rq"}  # as checked, existing or not
    failedfiles.remember(frozenset({"gone.rq", "kept.rq"}), ["new.rq"], ["new.rq"])
    assert failedfiles.remembered() == {"kept.rq", "new.rq"}


def test_a_remembered_list_that_is_not_paths_is_ignored(here: Path) -> None:
    from rulesq.cachefiles import write_json

    found = failedfiles._file()
    assert found is not None
    write_json(found[0], failedfiles._KIND, found[1], {"not": "a list"})
    assert failedfiles.remembered() == frozenset()
    found[0].write_text("{broken")
    assert failedfiles.remembered() == frozenset()


def test_nothing_is_written_when_nothing_changed(here: Path) -> None:
    failedfiles.remember(frozenset(), ["a.rq"], ["a.rq"])
    found = failedfiles._file()
    assert found is not None
    os.utime(found[0], (0, 0))
    failedfiles.remember(frozenset({"a.rq"}), ["a.rq"], ["a.rq"])
    assert found[0].stat().st_mtime == 0


def test_the_failed_files_are_planned_last_in_one_run_which_they_start() -> None:
    """Left in their games' places, they fall in both runs (each worker loads the grammars)."""
    kinds: list[str | None] = ["a", FAILED] * 4 + ["b", FAILED] * 4
    sizes = [0.02 if kind == FAILED else 1.0 for kind in kinds]  # a failed byte costs more
    runs, loaded = parallel.plan(kinds, sizes, 2)[:2]
    failed = {index for index, kind in enumerate(kinds) if kind == FAILED}
    assert [sorted(failed & set(run)) for run in runs] == [[], sorted(failed)]
    assert FAILED not in loaded
    assert runs[1][: len(failed)] == sorted(failed)  # first: the run's tail in small pieces
    # as each file's game (the kinds the sniff gives): the failed files are in both runs
    games = ["a"] * 8 + ["b"] * 8
    apart = parallel.plan(games, sizes, 2).runs
    assert all(failed & set(run) for run in apart)


def test_the_table_weighs_the_failed_files() -> None:
    table = game_costs()
    assert set(table) == {*GAMES, FAILED}
    # an input error costs many times a case of its size (its suggestions, other games' grammars)
    assert table[FAILED].per_byte > 5 * max(table[game].per_byte for game in GAMES)


@pytest.mark.skipif(not can_fork(), reason="needs os.fork")
def test_a_parallel_check_remembers_what_failed(here: Path) -> None:
    (here / "a-broken.rq").write_text("game bluemoon\nask can I frobnicate?\n")
    (here / "b-no-game.rq").write_text("# no game line\nask can I play a support card?\n")
    cases = ROOT / "tests" / "cases" / "hands"
    for index, case in enumerate(sorted(cases.glob("*.rq"))[:12]):
        (here / f"c{index:02}.rq").write_bytes(case.read_bytes())
    done = subprocess.run(
        [sys.executable, "-m", "rulesq", "check", ".", "--jobs", "2"],
        capture_output=True,
        cwd=here,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert failedfiles.remembered() == {"a-broken.rq", "b-no-game.rq"}
