"""Map a function over a list in forked worker processes; the results come back in order."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: The work of the pool running now: (function, items). Forked workers inherit it, so neither
#: the function nor the items are pickled; only an index goes out and a result comes back.
_WORK: tuple[Callable[[Any], Any], Sequence[Any]] | None = None


def cores() -> int:
    """The number of cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    """Whether workers can start as forks of this process (they share what it loaded)."""
    return sys.platform.startswith("linux")


def ordered_map(
    function: Callable[[T], R], items: Sequence[T], jobs: int, chunk: int = 8, here: int = 0
) -> Iterator[R]:
    """``function`` of every item, in order, in ``jobs`` forked processes (here if one).

    The first ``here`` items are mapped in this process before the workers start: what they
    load (modules, grammars, indexes, caches) the workers then share instead of each loading
    it again. Each worker takes ``chunk`` neighbouring items at a time. Without fork (or with
    one job, or few items) every item is mapped in this process. The results must pickle.
    """
    global _WORK
    workers = min(jobs, (len(items) - here) // max(chunk, 1))
    if workers < 2 or not can_fork():
        yield from map(function, items)
        return
    yield from map(function, items[:here])
    items = items[here:]
    import gc
    import multiprocessing

    context = multiprocessing.get_context("fork")
    _WORK = (function, items)
    # What is loaded so far is left out of the workers' collections: a collection would
    # touch every object, and so copy each page a worker shares with this process.
    gc.freeze()
    try:
        with context.Pool(workers) as pool:
            yield from pool.imap(_run, range(len(items)), chunksize=chunk)
    finally:
        gc.unfreeze()
        _WORK = None


def _run(index: int) -> Any:
    """In a worker: the function of one item."""
    assert _WORK is not None
    function, items = _WORK
    return function(items[index])
