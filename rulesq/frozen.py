"""``dataclasses.replace`` without ``__init__``: a frozen class's sets each field by a call."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

#: Each dataclass's field names, when a copy may skip its ``__init__`` (None: it may not).
_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}


def replace(obj: T, /, **changes: Any) -> T:
    """What ``dataclasses.replace(obj, **changes)`` gives, made without calling ``__init__``.

    For a class whose ``__init__`` only sets its fields (no ``__post_init__``, every field
    set by ``__init__``, no slots): the copy's fields are the object's, then the changes.
    What it keeps besides (a cached property) is not copied, as ``__init__`` would not set it.
    Any other class, or a change of no field, goes through ``dataclasses.replace``.
    """
    kind = type(obj)
    if kind in _FIELDS:
        known = _FIELDS[kind]
    else:
        known = _FIELDS[kind] = _plain_fields(kind)
    if known is None or not changes.keys() <= known[1]:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    fields = obj.__dict__
    made: T = object.__new__(kind)
    made.__dict__.update({name: fields[name] for name in known[0]}, **changes)
    return made


def _plain_fields(kind: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """The field names of a dataclass whose ``__init__`` only sets them (in order), else None."""
    if hasattr(kind, "__post_init__") or hasattr(kind, "__slots__"):
        return None
    found = dataclasses.fields(kind)
    if any(not f.init for f in found):
        return None
    names = tuple(f.name for f in found)
    return names, frozenset(names)
