"""Check situation files in several processes; the reports come back in the files' order."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from rulesq.cli.check_report import Report, report
from rulesq.pool import cores, warm

if TYPE_CHECKING:
    from rulesq.engine.check import FileCheck

#: Fewer files than this per process are checked in one process (a fork costs more).
MIN_FILES_PER_JOB = 4
#: Files a worker takes at a time (the reports still come back in order).
CHUNK = 4


def reports(
    items: list[FileCheck | Path], game: str | None, as_json: bool, jobs: int | None
) -> Iterator[Report]:
    """The report of every item, in order: a check failed already, or a file checked.

    With more than one job, the first file is checked here (it loads the game's modules,
    grammars and corpus, which the workers then share), and the first file of each other
    game, and the other files in ``jobs`` worker processes.
    """
    from rulesq.engine.check import FileCheck, check_file

    jobs = cores() if jobs is None else jobs
    pending = list(items)
    while pending:
        first = pending.pop(0)
        done = first if isinstance(first, FileCheck) else check_file(first, game)
        yield report(done, as_json)
        if not isinstance(first, FileCheck):
            break
    files = [str(item) for item in pending if isinstance(item, Path)]
    workers = min(jobs, len(files) // MIN_FILES_PER_JOB)
    if workers < 2:
        for item in pending:
            done = item if isinstance(item, FileCheck) else check_file(item, game)
            yield report(done, as_json)
        return
    early = {i: report(check_file(files[i], game), as_json) for i in _other_games(files, game)}
    warm(card_scanners=False)
    rest = [path for i, path in enumerate(files) if i not in early]
    checked = _in_workers(rest, game, as_json, workers)
    paths = 0
    for item in pending:
        if isinstance(item, FileCheck):
            yield report(item, as_json)
            continue
        yield early[paths] if paths in early else next(checked)
        paths += 1


def _other_games(files: list[str], game: str | None) -> list[int]:
    """The first file of each game not loaded yet (by its game line), to be checked here.

    Checked before the fork, it loads its game's modules, grammar and corpus once for every
    worker, instead of once in each worker that meets the game.
    """
    from rulesq.errors import RulesqError
    from rulesq.games import GAMES
    from rulesq.inputs import read_file
    from rulesq.situation.parser import find_game

    if game is not None:  # every file is read as that game: loaded by the first file
        return []
    seen = {name for name in GAMES if f"rulesq.games.{name}" in sys.modules}
    out = []
    for index, path in enumerate(files):
        if len(seen) == len(GAMES):
            break
        try:
            name = find_game(read_file(path), path)
        except RulesqError:  # the worker reports it
            continue
        if name not in seen:
            seen.add(name)
            out.append(index)
    return out


def _in_workers(
    files: list[str], game: str | None, as_json: bool, workers: int
) -> Iterator[Report]:
    """The reports of ``files``, checked by ``workers`` processes, in order.

    Forked workers start with this process's modules, grammars, corpus and remembered
    situation lines loaded, and are given the files by index (nothing is pickled but the
    reports that come back).
    """
    from rulesq.pool import can_fork, forked_map

    if can_fork():
        yield from forked_map(lambda path: _check((path, game, as_json)), files, workers, CHUNK)
        return
    import multiprocessing

    with multiprocessing.get_context().Pool(workers) as pool:
        yield from pool.imap(_check, [(f, game, as_json) for f in files], chunksize=CHUNK)


def _check(job: tuple[str, str | None, bool]) -> Report:
    """Check one file in a worker."""
    from rulesq.engine.check import check_file

    path, game, as_json = job
    return report(check_file(path, game), as_json)
