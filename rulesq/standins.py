"""Standard modules imported without what they load only for a call rulesq never makes.

``pathlib`` imports ``urllib.parse`` (with ``ipaddress``) for one function, called only by
``Path.as_uri``; they cost a fresh check about 11 M instructions, three percent of its
start-up, before any work can be shared by ``--jobs`` workers. :func:`import_pathlib` imports
``pathlib`` while ``sys.modules`` holds a stand-in for ``urllib.parse`` whose one function
imports the real module on its first call: ``as_uri`` gives the same URI, and anyone else's
``import urllib.parse`` gets the real module. Only on Python 3.11 and 3.12, whose ``pathlib``
takes that function by name at import (``from urllib.parse import quote_from_bytes``); on any
other Python, or where ``pathlib`` or ``urllib.parse`` is loaded already, it is imported as
always.
"""

from __future__ import annotations

import sys
import types


def _quote_from_bytes(data: bytes, safe: str = "/") -> str:
    """``urllib.parse.quote_from_bytes``, imported on the first call."""
    from urllib.parse import quote_from_bytes

    return quote_from_bytes(data, safe)


def import_pathlib() -> None:
    """Import ``pathlib`` without ``urllib.parse`` (see the module's docstring)."""
    if "pathlib" in sys.modules or "urllib.parse" in sys.modules:
        return
    if sys.version_info[:2] not in ((3, 11), (3, 12)):
        return
    stand_in = types.ModuleType("urllib.parse")
    stand_in.quote_from_bytes = _quote_from_bytes  # type: ignore[attr-defined]
    sys.modules["urllib.parse"] = stand_in
    try:
        import pathlib  # noqa: F401 - imported now, with the stand-in
    finally:
        if sys.modules.get("urllib.parse") is stand_in:
            del sys.modules["urllib.parse"]
