"""Check situation files in several processes; the reports come back in the files' order."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from rulesq.cli.check_report import Report, report
from rulesq.pool import cores, warm

if TYPE_CHECKING:
    from pathlib import Path

    from rulesq.engine.check import FileCheck

#: Fewer files than this per process are checked in one process (a fork costs more).
MIN_FILES_PER_JOB = 4
#: Files a worker takes at a time from its run (the reports still come back in order).
CHUNK = 4
#: Reports a worker holds before it sends them (each send wakes the parent: fewer, larger).
BATCH = 32
#: Without the learned costs (``rulesq.checkcost``), the fewest files of a game it has not
#: loaded that a worker done with its run takes half of another's for.
NEW_GAME_FILES = 128
#: A report's fields, in order, as a tuple (``astuple`` would copy its document deeply).
_FIELDS = attrgetter(*(field.name for field in fields(Report)))
#: The game a situation names: its first line that is not blank or a comment.
_GAME = re.compile(rb"(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*game[ \t]+([^\s#]+)")


def reports(
    items: Sequence[FileCheck | Path | str], game: str | None, as_json: bool, jobs: int | None
) -> Iterator[Report]:
    """The report of every item, in order: a check failed already, or a file checked.

    With more than one job, the files are checked in ``jobs`` worker processes
    (:func:`_checked`); with one, here, each as its turn comes. At the end (and in each
    worker at its end) the situation lines read that the cache folder lacked are written.
    """
    from rulesq.engine.check import FileCheck, check_file

    jobs = cores() if jobs is None else jobs
    files = [str(item) for item in items if not isinstance(item, FileCheck)]
    workers = min(jobs, len(files) // MIN_FILES_PER_JOB)
    checked = _checked(files, game, as_json, workers) if workers >= 2 else None
    for item in items:
        if isinstance(item, FileCheck):
            yield report(item, as_json)
        elif checked is None:
            yield report(check_file(item, game, assumed=as_json), as_json)
        else:
            yield next(checked)
    if checked is not None:
        next(checked, None)  # ends the workers' generator (they exit, and are waited for)
    _keep_lines()


def _keep_lines() -> None:
    """Write the situation lines read here that the cache folder lacks (once, at the end).

    And the compiled patterns (:mod:`rulesq.regexcache`): a worker ends without exit handlers.
    """
    import sys

    if "rulesq.situation.itemcache" in sys.modules:
        from rulesq.situation.itemcache import flush

        flush()
    if "rulesq.regexcache" in sys.modules:
        from rulesq.regexcache import flush as keep_regexes

        keep_regexes()


def _checked(files: list[str], game: str | None, as_json: bool, workers: int) -> Iterator[Report]:
    """The reports of ``files``, in order, checked by ``workers`` processes.

    The files are grouped by game and cut into one run per worker of about equal size (a
    file's size stands for its cost; the files that failed the last time a parallel check
    ran here are a group of their own: :mod:`rulesq.failedfiles`), so that each worker
    loads only the games of its run and meets the situation lines and cards of
    neighbouring files. The first file of each
    game that two runs share is checked here first: it loads the game's modules, grammar
    and corpus once, for every worker (and the game's question handlers are imported). A
    worker done with its run takes half of what is left of the longest other whose half is
    of games it has loaded; when none is, of the longest other only if that half holds
    ``NEW_GAME_FILES`` files or more (loading a game costs more than a smaller half saves:
    :class:`rulesq.runs.SharedRuns`). Nothing else is loaded before the fork: the card-text
    grammar (for a text not in the corpus) and the lexer states a file needs are loaded by
    the worker that meets them.
    """
    from rulesq import filekinds
    from rulesq.checkcost import FAILED
    from rulesq.engine.check import check_file
    from rulesq.failedfiles import remember, remembered
    from rulesq.pool import can_fork

    if not can_fork():
        yield from _in_pool(files, game, as_json, workers)
        return
    known = remembered()
    # each file's game and size, as the last parallel check here found them, else read now
    seen = filekinds.remembered() if game is None else {}
    found = [seen.get(path) or _sniff(path, game) for path in files]
    kinds, sizes = zip(*found, strict=True)
    if known:  # the files that failed last time: one kind, planned together
        kinds = tuple(FAILED if f in known else k for f, k in zip(files, kinds, strict=True))
    cut = plan(kinds, sizes, workers)
    runs, shared = cut.runs, cut.loaded
    first: dict[str | None, int] = {}
    for index, kind in enumerate(kinds):
        first.setdefault(kind, index)
    early = {
        first[kind]: report(check_file(files[first[kind]], game, assumed=as_json), as_json)
        for kind in shared
    }
    if early:
        warm(grammars=False)
    later = [[index for index in run if index not in early] for run in runs]
    checked = _in_workers(files, game, as_json, workers, later, kinds, cut)
    failed: list[str] = []
    for index in range(len(files)):
        done = early[index] if index in early else next(checked)
        if done.result is None:
            failed.append(files[index])
        yield done
    next(checked, None)  # done: the workers exit as they find nothing left
    remember(known, files, failed)
    if game is None:
        filekinds.remember(seen, files, found)


# Functional, its fields' types objects: see ``rulesq.pool.Codec``.
Plan = NamedTuple(  # noqa: UP014 - no field type compiled at import
    "Plan",
    [
        ("runs", list[list[int]]),
        ("loaded", list[str]),
        ("costs", list[float]),
        ("loads", dict[str, float]),
    ],
)
Plan.__doc__ = """The workers' runs (file indexes), the games loaded before the fork, the work.

``costs``: each file's predicted work; ``loads``: each game's load (empty: not known).
"""


def plan(kinds: Sequence[str | None], sizes: Sequence[float], workers: int) -> Plan:
    """The runs of ``workers`` (file indexes) and the games loaded here before the fork.

    The files are grouped by game (in the order the games first come; the files that failed
    last time, of the kind :data:`rulesq.checkcost.FAILED`, last) and cut into runs of
    about equal predicted work (:func:`rulesq.checkcost.predicted`: by game and size, and a
    game's load with its first file). A game whose files fall in two runs is loaded here
    once, for both (its first file checked here), so its load counts in neither. Each run
    then ends with the files of games loaded here: a worker done with its own takes the
    later half of another's, and that half is of a game it need not load; before them, the
    games not loaded here come by their load, the smallest last. The failed files start
    their run (:func:`_loaded_last`).
    """
    from rulesq.checkcost import FAILED, predicted
    from rulesq.runs import balanced_runs

    groups: dict[str | None, list[int]] = {}  # each game's files, the games as they first come
    for index, kind in enumerate(kinds):
        group = groups.get(kind)
        if group is None:
            groups[kind] = [index]
        else:
            group.append(index)
    if FAILED in groups:  # last: in the last run, where no other worker has to meet them
        groups[FAILED] = groups.pop(FAILED)
    first = {kind: group[0] for kind, group in groups.items()}
    order = [index for group in groups.values() for index in group]
    costs, loads = predicted(kinds, sizes)
    loaded: list[str] = []
    for _ in range(2):  # cut, then cut again without the loads of the games found shared
        weights = list(costs)
        for kind, index in first.items():
            if kind is not None and kind not in loaded:
                weights[index] += loads.get(kind, 0.0)
        runs = balanced_runs(order, weights, workers)
        shared = [kind for kind in _shared(runs, kinds) if kind != FAILED]  # never loaded here
        if shared == loaded or loaded:
            # cut again without a shared game's load, the cut may fall at that game's edge:
            # keep it loaded here, not flipped back to the loads these runs were not cut for
            break
        loaded = shared
    # A run that starts at a game's first file carries that game's whole load: share the game
    # (loaded here, its files cut anywhere) where that evens the runs.
    starts = {run[0] for run in runs[1:] if run}
    for kind, index in first.items():
        if kind in (None, FAILED) or kind in loaded or index not in starts:
            continue
        weights = list(costs)
        for other, at in first.items():
            if other is not None and other not in loaded and other != kind:
                weights[at] += loads.get(other, 0.0)
        trial = balanced_runs(order, weights, workers)
        if _spread(trial, kinds, costs, loads, [*loaded, kind]) < _spread(
            runs, kinds, costs, loads, loaded
        ):
            runs, loaded = trial, [*loaded, kind]
        break
    if loaded:
        whole = _whole_games(groups, costs, loads, workers)
        if _makespan(whole, kinds, costs, loads, []) < _makespan(runs, kinds, costs, loads, loaded):
            runs, loaded = whole, []
    last = set(loaded)
    runs = [_loaded_last(run, kinds, last, loads) for run in runs]
    return Plan(runs, loaded, costs, loads)


def _whole_games(
    groups: dict[str | None, list[int]],
    costs: Sequence[float],
    loads: dict[str, float],
    workers: int,
) -> list[list[int]]:
    """The groups (each a game's files, in order) cut into runs of whole games, about even.

    No game is then loaded before the fork: each is loaded by the one worker whose run
    holds it, and the runs end as far apart as the games' predicted work allows.
    """
    from rulesq.runs import balanced_runs

    files = list(groups.values())
    cost = costs.__getitem__  # summed in C: a generator cost the parent 343 frames a game
    weights = [sum(map(cost, group)) + loads.get(kind or "", 0.0) for kind, group in groups.items()]
    return [
        [index for at in run for index in files[at]]
        for run in balanced_runs(range(len(files)), weights, workers)
    ]


def _makespan(
    runs: Sequence[Sequence[int]],
    kinds: Sequence[str | None],
    costs: Sequence[float],
    loads: dict[str, float],
    loaded: Sequence[str],
) -> float:
    """When the last run is predicted to end: the loads here first, then the longest run.

    A game loaded here is work before the fork, which no worker shares: its whole load
    counts, not half. A run's work is its files and the loads of its games not loaded here.
    """
    work = _work(runs, kinds, costs, loads, loaded)
    return sum(loads.get(kind, 0.0) for kind in loaded) + max(work, default=0.0)


def _spread(
    runs: Sequence[Sequence[int]],
    kinds: Sequence[str | None],
    costs: Sequence[float],
    loads: dict[str, float],
    loaded: Sequence[str],
) -> float:
    """How far apart the runs' predicted work is: files, and the loads of games not loaded."""
    work = _work(runs, kinds, costs, loads, loaded)
    return max(work) - min(work) if work else 0.0


def _work(
    runs: Sequence[Sequence[int]],
    kinds: Sequence[str | None],
    costs: Sequence[float],
    loads: dict[str, float],
    loaded: Sequence[str],
) -> list[float]:
    """Each run's predicted work: its files, and the loads of its games not loaded here."""
    cost, kind_of, here = costs.__getitem__, kinds.__getitem__, {*loaded}
    return [
        sum(map(cost, run))
        + sum(loads.get(kind or "", 0.0) for kind in set(map(kind_of, run)) - here)
        for run in runs
    ]


def _loaded_last(
    run: list[int], kinds: Sequence[str | None], loaded: set[str], loads: dict[str, float]
) -> list[int]:
    """The run's files of games not ``loaded``, then those of games loaded, each game's in order.

    The files that failed last time (not loaded) come first: each costs as much as several
    cases, and a run's tail, where the workers' ends meet, is best cut in small pieces. The
    games not loaded come by their ``loads``, the largest first (:func:`_by_load`).
    """
    from rulesq.checkcost import FAILED

    if loaded.issuperset(map(kinds.__getitem__, run)):  # one game loaded here: as it is
        return run
    failed = [] if FAILED in loaded else [index for index in run if kinds[index] == FAILED]
    mine = [index for index in run if kinds[index] not in loaded and kinds[index] != FAILED]
    mine = _by_load(mine, kinds, loads)
    if len(failed) + len(mine) == len(run):
        return failed + mine
    return failed + mine + [index for index in run if kinds[index] in loaded]


def _by_load(files: list[int], kinds: Sequence[str | None], loads: dict[str, float]) -> list[int]:
    """``files`` grouped by game, the game of the largest load first (ties as they first come).

    A worker done with its own run takes the tail of another's, and a tail of a game it has
    not met only when that tail's work is more than the game's load
    (:class:`rulesq.runs.SharedRuns`): the run's owner checks less than that alone, at the
    end, while the other has stopped. With the game of the smallest load last, the two end
    that much nearer (over the FAQ cases: FMA's 0.11 G, not Warhammer's 0.24 G).
    """
    groups: dict[str | None, list[int]] = {}
    for index in files:
        group = groups.get(kinds[index])
        if group is None:
            groups[kinds[index]] = [index]
        else:
            group.append(index)
    if len(groups) < 2:
        return files
    ranked = sorted(groups, key=lambda kind: -loads.get(kind or "", 0.0))  # stable: ties in order
    return [index for kind in ranked for index in groups[kind]]


def _sniff(path: str, game: str | None) -> tuple[str | None, float]:
    """The game a file names (``game`` when given) and its size; None if it cannot be read.

    Read from its descriptor (no buffered stream: the parent reads every file before the
    fork, so this is part of the work no worker shares): its first :data:`HEAD` bytes, and
    the rest only when they do not settle the game line (:func:`_settled`); the size is the
    file's status's when the head is not the whole file (as reading it to its end gives).
    """
    try:
        size, data = _read_head(path, HEAD)
    except OSError:  # the worker reports it
        return None, 0.0
    if game is not None:
        return game.lower(), float(size)
    match = _GAME.match(data)
    if len(data) < size and not _settled(match, data):
        try:
            data = _read_all(path)
        except OSError:
            return None, 0.0
        size = len(data)
        match = _GAME.match(data)
    return (match.group(1).decode("utf-8", "replace").lower() if match else None), float(size)


#: How the parent opens a file to sniff: never blocking on a pipe (it is not read).
_OPEN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)

#: The bytes of a file's beginning the parent reads to find its game line (its first line
#: that is not blank or a comment: within them in all but 9 of the 1,566 case files, which
#: are read whole).
HEAD = 512


def _settled(match: re.Match[bytes] | None, head: bytes) -> bool:
    """Whether the game line found in a file's head is the one its whole text gives.

    A match that ends before the head does is (the name's end is read, and no line before
    it can become a game line); no match, or one cut by the head's end, is not known.
    """
    return match is not None and match.end() < len(head)


def _read_head(path: str, head: int) -> tuple[int, bytes]:
    """A regular file's size and its first ``head`` bytes; nothing of another file.

    From a descriptor, opened without blocking: a file that is not regular (a pipe, a
    device) is not read (the worker's reader refuses it by name); opening a pipe that
    blocks waited for a writer forever.
    """
    import stat

    handle = os.open(path, _OPEN)
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            return 0, b""
        data = os.read(handle, head)
        if len(data) < head:  # the whole file (or all it holds now)
            return len(data), data
        if status.st_size > len(data):
            return status.st_size, data
        data += _read_rest(handle, 0)  # no more than the head, or a size not to trust
        return len(data), data
    finally:
        os.close(handle)


def _read_all(path: str) -> bytes:
    """A regular file's bytes, read to its end from a descriptor; nothing of another file."""
    import stat

    handle = os.open(path, _OPEN)
    try:
        status = os.fstat(handle)
        return _read_rest(handle, status.st_size) if stat.S_ISREG(status.st_mode) else b""
    finally:
        os.close(handle)


def _read_rest(handle: int, size: int) -> bytes:
    """What is left to read from a descriptor, to its end (``size``: what its status says)."""
    chunks = [os.read(handle, max(size, 0) + 1)]
    while chunks[-1]:
        chunks.append(os.read(handle, max(size, 65536)))
    return b"".join(chunks)


def _shared(runs: Sequence[Sequence[int]], kinds: Sequence[str | None]) -> list[str]:
    """The games whose files are in more than one run, in the order they first come."""
    seen: dict[str, int] = {}  # each game, as it first comes: in how many runs
    for run in runs:
        for kind in dict.fromkeys(map(kinds.__getitem__, run)):
            if kind is not None:
                seen[kind] = seen.get(kind, 0) + 1
    return [kind for kind, count in seen.items() if count > 1]


def _in_workers(
    files: list[str],
    game: str | None,
    as_json: bool,
    workers: int,
    runs: list[list[int]],
    kinds: Sequence[str | None],
    cut: Plan,
) -> Iterator[Report]:
    """The reports of the files ``runs`` hold, in order, checked by ``workers`` forks.

    Forked workers start with this process's modules, grammars, corpus and remembered
    situation lines loaded, and are given the files by index (nothing is pickled but the
    reports that come back). ``kinds``: each file's game; ``cut``: the games loaded here,
    and the work predicted: a worker done takes half of a run of a game it has not loaded
    only when that half's work is more than the game's load.
    """
    from rulesq.pool import Codec, forked_map

    fresh: float | dict[str, float] = cut.loads if cut.loads else NEW_GAME_FILES
    yield from forked_map(
        lambda path: _check((path, game, as_json)),
        files,
        workers,
        CHUNK,
        runs,
        kinds,
        cut.loaded,
        fresh,  # type: ignore[arg-type]
        _keep_lines,
        Codec(_dumps, _loads),
        cut.costs if cut.loads else None,
        BATCH,
    )


def _dumps(message: tuple[int, list[Report] | None, BaseException | None]) -> bytes:
    """A worker's chunk of reports (or its error) as JSON: reports are plain data."""
    start, reports, error = message
    rows = None if reports is None else [_FIELDS(r) for r in reports]
    failed = None if error is None else [type(error).__name__, list(error.args), str(error)]
    try:
        return json.dumps([start, rows, failed]).encode("ascii")
    except (TypeError, ValueError):  # an error's arguments that are not plain data
        assert failed is not None
        return json.dumps([start, rows, [failed[0], [failed[2]], failed[2]]]).encode("ascii")


def _loads(data: bytes) -> tuple[int, list[Report] | None, BaseException | None]:
    """The chunk :func:`_dumps` wrote (an error as its builtin type, or a RuntimeError).

    Each report is made with its fields set at once (as ``Report(*row)`` sets them, one
    guarded ``object.__setattr__`` a field): the parent reads every file's report.
    """
    start, rows, failed = json.loads(data)
    reports = None if rows is None else [_report_of(row) for row in rows]
    error: BaseException | None = None
    if failed is not None:
        import builtins

        name, arguments, text = failed
        kind = getattr(builtins, name, None)
        if isinstance(kind, type) and issubclass(kind, Exception):
            error = kind(*arguments)
        else:
            error = RuntimeError(f"{name}: {text}")
    return start, reports, error


#: A report's fields' names, in order, and a new report without ``__init__``.
_NAMES = tuple(field.name for field in fields(Report))
_new = object.__new__


def _report_of(row: list[Any]) -> Report:
    """The report whose fields are ``row``, in order (``Report(*row)``, set at once)."""
    if len(row) != len(_NAMES):
        return Report(*row)  # its own error
    made: Report = _new(Report)
    made.__dict__.update(zip(_NAMES, row, strict=True))
    return made


def _in_pool(files: list[str], game: str | None, as_json: bool, workers: int) -> Iterator[Report]:
    """The reports of ``files``, in order, from a ``multiprocessing`` pool (no fork here)."""
    import multiprocessing

    with multiprocessing.get_context().Pool(workers) as pool:
        yield from pool.imap(_check, [(f, game, as_json) for f in files], chunksize=CHUNK)


def _check(job: tuple[str, str | None, bool]) -> Report:
    """Check one file in a worker."""
    from rulesq.engine.check import check_file

    path, game, as_json = job
    return report(check_file(path, game, assumed=as_json), as_json)
