"""TOML data files read once and kept as checked JSON in the cache folder (no TOML reader then).

Importing ``tomllib`` and reading a file costs a cold command a few milliseconds; the JSON
copy, keyed by the file's contents, this module and the rulesq version
(``rulesq.cachefiles``), costs a fraction of that. A file whose data JSON cannot hold (a
date) is read as TOML every time.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

#: The modules that build an entry (:func:`rulesq.cachefiles.code_fingerprint`); the TOML
#: reader is the interpreter's, whose version the key holds.
BUILT_BY = ("tomlcache.py",)


def read_toml(path: Path) -> dict[str, Any]:
    """The data of a TOML file; ``tomllib.TOMLDecodeError`` when it is not valid TOML."""
    from rulesq.cachefiles import (
        CacheProblem,
        content_key,
        private_dir,
        prune,
        read_json,
        unchanged,
        warn_once,
        write_json,
    )

    folder = private_dir()
    if folder is None:
        return _parse(path.read_text(encoding="utf-8"))
    salt = f"toml {sys.version_info[:2]}"
    key = content_key([path], salt, BUILT_BY)  # before the file is read: a later edit shows
    stem = f"toml-{path.parent.name}-{path.stem}-"
    file = folder / f"{stem}{key}.json"
    try:
        data = read_json(file, "toml", key)
        if isinstance(data, dict):
            return data
        if data is not None:
            raise CacheProblem(f"{file.name} has the wrong shape")
    except CacheProblem as problem:
        warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
    data = _parse(path.read_text(encoding="utf-8"))
    if not unchanged(key, lambda: content_key([path], salt, BUILT_BY)):
        return data  # the file changed while it was read: used, not kept
    try:
        import json

        json.dumps(data)  # a date or a time: not kept
    except (TypeError, ValueError):
        return data
    prune(folder, f"{stem}*.json", file)
    write_json(file, "toml", key, data)
    return data


def _parse(text: str) -> dict[str, Any]:
    import tomllib

    return tomllib.loads(text)
