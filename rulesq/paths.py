"""Where the grammars, the corpus and the caches live, installed or in a checkout."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder holding ``grammar/`` and ``corpus/``.

    A wheel carries them inside the package (``rulesq/_data``); a checkout or an
    editable install finds them beside the package, at the top of the repository.
    """
    installed = _PACKAGE / "_data"
    if (installed / "grammar").is_dir():
        return installed
    return _PACKAGE.parent


def grammar_dir() -> Path:
    """The folder of Lark grammars."""
    return data_root() / "grammar"


def corpus_dir() -> Path:
    """The folder of per-game corpus data (``RULESQ_CORPUS_DIR`` overrides it, for tests)."""
    override = os.environ.get("RULESQ_CORPUS_DIR")
    return Path(override) if override else data_root() / "corpus"


def cache_dir() -> Path:
    """A writable folder for derived caches (search index, parser tables)."""
    explicit = os.environ.get("RULESQ_CACHE_DIR")
    xdg = os.environ.get("XDG_CACHE_HOME")
    if explicit:
        root = Path(explicit)
    elif xdg:
        root = Path(xdg) / "rulesq"
    else:
        root = Path.home() / ".cache" / "rulesq"
    root.mkdir(parents=True, exist_ok=True)
    return root


@cache
def _grammars_digest() -> str:
    """A digest of every grammar file's text (any change to any of them changes it)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(grammar_dir().glob("*.lark")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def lark_cache(name: str) -> str:
    """The file caching the parser tables of one grammar (``name`` tells parsers apart).

    Lark's own cache (``cache=True``) is keyed on the main grammar's text alone and lives in
    the shared temporary folder, so a change to a grammar it imports, or another checkout's
    grammars, could hand back stale tables. This file is keyed on every grammar's text and
    lives in ``cache_dir()``.
    """
    import lark

    return str(cache_dir() / f"lark-{name}-{_grammars_digest()}-{lark.__version__}.tmp")
