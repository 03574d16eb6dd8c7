"""Each file's game and size as a parallel check last found them here, kept for the next plan.

``check --jobs N`` plans its runs by each file's game and size, which the parent reads from
the file's head before the fork: work that no worker shares (for 1,800 case files about a
fifth of what the parent does before it forks, most of it in the system's calls). A parallel
check reads what the last one found in this working folder (:func:`remembered`), reads only
the files it lacks, and writes the table again when it had to read some (:func:`remember`).
What is remembered only guides the plan, as the failed files do (``rulesq.failedfiles``): a
file whose game line changed since is planned with its old game, and checked all the same.
Kept per working folder (the paths are as given), under ``rulesq.cachefiles``' rules
(private folder, checked reads, atomic writes, JSON only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

_KIND = "check-file-kinds"
#: Paths kept at most (those checked now are kept first).
LIMIT = 20000

#: A file's game (None: not known) and size, as the plan reads them.
Found = tuple[str | None, float]


def _file() -> tuple[Path, str] | None:
    """This working folder's file in the cache folder, and its key (None: no cache folder)."""
    from rulesq.cachefiles import working_folder_file

    return working_folder_file("check-kinds")


def remembered() -> dict[str, Found]:
    """Each path's game and size as the last parallel check here found them (empty: none)."""
    from rulesq.cachefiles import CacheProblem, read_json

    found = _file()
    if found is None:
        return {}
    file, key = found
    try:
        table = read_json(file, _KIND, key)
    except CacheProblem:
        return {}
    if type(table) is not dict:
        return {}
    kept: dict[str, Found] = {}
    for path, row in table.items():
        if type(row) is not list or len(row) != 2:
            return {}
        kind, size = row
        if (kind is not None and type(kind) is not str) or type(size) not in (int, float):
            return {}
        kept[path] = (kind, float(size))
    return kept


def remember(known: Mapping[str, Found], checked: Sequence[str], now: Sequence[Found]) -> None:
    """Keep what was found of the files ``checked`` now, with the rest of what is ``known``.

    Nothing is written when every file checked was known already; else the files checked
    now come last (the first to be dropped past :data:`LIMIT` are the oldest others).
    """
    if all(path in known for path in checked):
        return
    from rulesq.cachefiles import write_json

    now_checked = set(checked)
    table: dict[str, list[object]] = {
        path: [kind, size] for path, (kind, size) in known.items() if path not in now_checked
    }
    table.update((path, [kind, size]) for path, (kind, size) in zip(checked, now, strict=True))
    found = _file()
    if found is not None:
        file, key = found
        write_json(file, _KIND, key, dict(list(table.items())[-LIMIT:]))
