"""What a pure function gives for immutable, long-lived objects (read texts), kept by identity."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")

#: How many results a function keeps; all are forgotten when it holds that many.
KEPT = 4096


def by_identity(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """``function`` computed once for the very same arguments (positional, never changed).

    The arguments are kept with the result, so that their ids stay theirs while it is kept.
    """
    kept: dict[tuple[int, ...], tuple[tuple[Any, ...], _R]] = {}

    @wraps(function)
    def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if kwargs:
            return function(*args, **kwargs)
        key = tuple(map(id, args))
        found = kept.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], args, strict=True)):
            return found[1]
        result = function(*args, **kwargs)
        if len(kept) >= KEPT:
            kept.clear()
        kept[key] = (args, result)
        return result

    return call
