"""The path a mistyped one most likely meant, for a "did you mean" (bounded work)."""

from __future__ import annotations

import os
from pathlib import Path

#: The most names of one folder compared (a folder of thousands of files is not read whole).
MOST_NAMES = 2_000
#: How alike a name must be to be suggested (difflib's ratio): a letter or two off, not a
#: name that merely holds the word (``a`` is not ``README.md``).
CLOSE = 0.8


def near_path(raw: str) -> str | None:
    """A path that exists and is spelt like ``raw``, which does not; None if none is close.

    The part of ``raw`` that exists is kept; each missing part after it is replaced by the
    closest name its folder holds (``corpus/bluemon/cases`` gives ``corpus/bluemoon/cases``).
    """
    import difflib  # only when a path is not found

    path = Path(raw)
    parts = path.parts
    if not parts:
        return None
    start = 1 if path.is_absolute() else 0
    found = Path(parts[0]) if start else Path()
    for part in parts[start:]:
        candidate = found / part
        if os.path.lexists(candidate):
            found = candidate
            continue
        try:
            with os.scandir(found) as entries:
                names = [entry.name for _, entry in zip(range(MOST_NAMES), entries, strict=False)]
        except OSError:
            return None
        close = difflib.get_close_matches(part, names, n=1, cutoff=CLOSE)
        if not close:
            return None
        found = found / close[0]
    shown = str(found)
    return shown if shown != raw and found.exists() else None


def did_you_mean_path(raw: str) -> str:
    """``; did you mean "PATH"?`` for a path that does not exist, or nothing."""
    from rulesq.errors import escape_controls

    near = near_path(raw)
    return f'; did you mean "{escape_controls(near)}"?' if near else ""
