"""What a pure function gives for immutable, long-lived objects (read texts), kept by identity."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Generic, ParamSpec, TypeVar, overload

_P = ParamSpec("_P")
_R = TypeVar("_R")
_T = TypeVar("_T")

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


class once(Generic[_T]):  # noqa: N801 - used as a decorator, like ``cached_property``
    """``functools.cached_property`` without its lock: computed on first read, kept on the object.

    The value goes into the object's ``__dict__``, where later reads find it without calling
    anything. Python 3.11's ``cached_property`` takes a lock shared by every object of the
    class on each first read; the judge runs in one thread, and an answer reads thousands.
    """

    def __init__(self, function: Callable[[Any], _T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[_T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> once[_T] | _T:
        if instance is None:
            return self
        value = self.function(instance)
        instance.__dict__[self.name] = value
        return value
