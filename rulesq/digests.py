"""SHA-256 for cache keys without importing ``hashlib`` (and OpenSSL with it).

``hashlib`` loads OpenSSL's bindings when it is imported: about 11 million instructions, a
fortieth of a check's start-up, to hash a few short keys. The interpreter's own SHA-256
module (``_sha256`` on Python 3.11, ``_sha2`` from 3.12) gives the same digests; where
neither is built in, ``hashlib``'s is used.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Protocol


class Hash(Protocol):
    """What a SHA-256 object offers the cache keys."""

    def update(self, data: bytes, /) -> None:
        """Hash ``data`` after what was hashed before."""

    def hexdigest(self) -> str:
        """The digest so far, in hexadecimal."""


def _builtin() -> Callable[[bytes], Hash]:
    """The interpreter's own ``sha256`` constructor, else ``hashlib``'s.

    One module is tried, the one this Python's version names: a module not found is looked
    for along the whole path, which costs about as much as ``hashlib``.
    """
    name = "_sha2" if sys.version_info >= (3, 12) else "_sha256"
    try:
        found = getattr(import_module(name), "sha256", None)
    except ImportError:
        found = None
    if callable(found):
        return found  # type: ignore[no-any-return]
    import hashlib

    return hashlib.sha256


#: ``sha256(data)``: a hash object with ``update``, ``digest`` and ``hexdigest``.
sha256: Callable[[bytes], Hash] = _builtin()
