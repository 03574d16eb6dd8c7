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


#: Why a relative ``RULESQ_CACHE_DIR`` is not used (after the path it gives).
RELATIVE_CACHE_DIR = (
    "RULESQ_CACHE_DIR is a relative path, which would be a new folder wherever rulesq runs: "
    "give an absolute one (RULESQ_CACHE_DIR=$PWD/…)"
)


def cache_dir() -> Path:
    """The folder of rulesq's own derived caches (search index, parser tables), mode 0700.

    Raises ``OSError`` when it cannot be created; ``rulesq.cachefiles.private_dir`` checks
    that it is safe to use. A relative ``RULESQ_CACHE_DIR`` is refused (``OSError``): it would
    name another folder in every folder rulesq runs from. A relative ``XDG_CACHE_HOME`` is
    ignored, as the XDG base directory specification says.
    """
    explicit = os.path.expanduser(os.environ.get("RULESQ_CACHE_DIR") or "")
    xdg = os.environ.get("XDG_CACHE_HOME")
    if explicit and not os.path.isabs(explicit):
        import errno

        raise OSError(errno.EINVAL, RELATIVE_CACHE_DIR, explicit)
    if explicit:
        root = Path(explicit)
    elif xdg and os.path.isabs(xdg):
        root = Path(xdg) / "rulesq"
    else:
        root = Path.home() / ".cache" / "rulesq"
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    return root
