"""The files a parallel check found failing, remembered in the cache folder for the next plan.

A file that cannot be read or parsed (an input error) costs its worker far more than its
bytes say when it is the worker's first: its error loads lark and the situation grammars of
every game (about as much as 150 Blue Moon cases). Two workers that each meet one pay that
twice. ``check --jobs N`` reads, before it plans, the files that failed the last time it
ran in this folder (:func:`remembered`), plans them as one kind of their own
(:data:`rulesq.checkcost.FAILED`), and writes what failed this time when that differs
(:func:`remember`). What is remembered only guides the plan: a file remembered wrongly is
checked all the same, in another run. Kept per working folder (the paths are as given),
under ``rulesq.cachefiles``' rules (private folder, checked reads, atomic writes, JSON only).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

_KIND = "check-failed-files"
#: Paths kept at most (those that failed now are kept first).
LIMIT = 4096


def _file() -> tuple[Path, str] | None:
    """This working folder's file in the cache folder, and its key (None: no cache folder)."""
    from rulesq.cachefiles import working_folder_file

    return working_folder_file("check-failed")


def remembered() -> frozenset[str]:
    """The paths that failed when a parallel check last ran here (empty when none is known)."""
    from rulesq.cachefiles import CacheProblem, read_json

    found = _file()
    if found is None:
        return frozenset()
    file, key = found
    try:
        paths = read_json(file, _KIND, key)
    except CacheProblem:
        return frozenset()
    if type(paths) is not list or not all(type(path) is str for path in paths):
        return frozenset()
    return frozenset(paths)


def remember(known: frozenset[str], checked: Sequence[str], failed: Iterable[str]) -> None:
    """Keep the paths that failed now, with those ``known`` that were not ``checked`` now.

    Nothing is written when that is what is ``known`` already; when something is, a path
    known that was not checked now and no longer exists is dropped (checks of folders made
    for a while, as tests make them, would otherwise fill the list).
    """
    now = set(checked)
    kept = [*sorted(path for path in known if path not in now), *dict.fromkeys(failed)]
    if set(kept) == known:
        return
    kept = [path for path in kept if path in now or os.path.lexists(path)]
    from rulesq.cachefiles import write_json

    found = _file()
    if found is not None:
        file, key = found
        write_json(file, _KIND, key, kept[-LIMIT:])
