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
    if not override:
        return data_root() / "corpus"
    if not Path(override).is_dir():
        from rulesq.errors import RulesqError, escape_controls

        raise RulesqError(
            f"RULESQ_CORPUS_DIR names {escape_controls(override[:200])!r}, which "
            "is not a folder: point it at a corpus folder, or unset it"
        )
    return Path(override)


def cache_dir() -> Path:
    """The folder of rulesq's own derived caches (search index, parser tables), mode 0700.

    Raises ``OSError`` when it cannot be created; ``rulesq.cachefiles.private_dir`` checks
    that it is safe to use.
    """
    explicit = os.environ.get("RULESQ_CACHE_DIR")
    xdg = os.environ.get("XDG_CACHE_HOME")
    if explicit:
        root = Path(explicit)
    elif xdg:
        root = Path(xdg) / "rulesq"
    else:
        root = Path.home() / ".cache" / "rulesq"
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    return root
