"""The generated methods of rulesq's own dataclasses, compiled on first use instead of at import.

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` as source text and compiles it when the class is
defined: about 700 compilations for the ~130 classes a Blue Moon ``ask`` imports, a third of
its start-up, though an answer calls only a few dozen of those methods (objects read from the
card-text cache are built without ``__init__``).

While a class of a ``rulesq`` module that has its own docstring is being built, each method
is a stub that, on its first call, has ``dataclasses`` compile the very text it would have
compiled, puts the result on the class (so later calls go straight to it) and calls it. The
methods, their names and their errors are the same; only ``inspect.signature`` of a class
whose ``__init__`` was never called reads the stub's ``(*args, **kwargs)``, which is why a
class without a docstring (``dataclasses`` derives one from that signature) is built eagerly.
Other packages' dataclasses are built as always. On a Python whose ``dataclasses`` has no
``_create_fn`` or ``_process_class`` (they are private; 3.11 and 3.12 have them, 3.13 builds a
class's methods in one compilation instead), nothing changes: all is eager.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _Inspect(types.ModuleType):
    """Stands for ``inspect`` in ``dataclasses``: the real module, imported on first use."""

    def __getattr__(self, name: str) -> Any:
        import inspect

        return getattr(inspect, name)


def _import_dataclasses() -> None:
    """Import ``dataclasses`` without ``inspect``, which it then imports on first use.

    ``dataclasses`` imports ``inspect`` (with ``ast``, ``dis`` and ``tokenize``: about a
    tenth of a check's start-up) only to sign a class that has no docstring, and rulesq's
    classes have one. While ``dataclasses`` is imported, ``sys.modules`` holds a stand-in
    for ``inspect`` (nothing else is imported then: its other imports are loaded before), and
    the stand-in stays as its ``inspect``: it reads every name from the real module, imported
    then. Anyone else's ``import inspect`` gets the real module. Where ``dataclasses`` or
    ``inspect`` is loaded already, nothing changes.
    """
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        return
    import abc  # noqa: F401 - what dataclasses imports, loaded before the stand-in is put
    import copy  # noqa: F401
    import functools  # noqa: F401
    import itertools  # noqa: F401
    import keyword  # noqa: F401
    import re  # noqa: F401
    import reprlib  # noqa: F401

    sys.modules["inspect"] = stand_in = _Inspect("inspect")
    try:
        import dataclasses  # noqa: F401 - imported here, without inspect
    finally:
        if sys.modules.get("inspect") is stand_in:
            del sys.modules["inspect"]


_import_dataclasses()

import dataclasses  # noqa: E402 - imported above, without inspect
import threading  # noqa: E402
from collections.abc import Callable  # noqa: E402

#: ``lazy``: whether the class this thread is building now is one whose methods are made lazy.
_local = threading.local()
#: How many stubs were made, and how many of them have compiled their method (for tests).
made: list[int] = [0]
compiled: list[int] = [0]
_originals: dict[str, Any] = {}


def _owned(cls: type) -> bool:
    """Whether a class is rulesq's own and states its docstring."""
    module = getattr(cls, "__module__", "") or ""
    own = module == "rulesq" or module.startswith("rulesq.")
    return own and isinstance(cls.__dict__.get("__doc__"), str)


def _process_class(cls: type, *args: Any, **kwargs: Any) -> Any:
    """``dataclasses._process_class``, with lazy methods while a rulesq class is built."""
    before = getattr(_local, "lazy", False)
    _local.lazy = _owned(cls)
    try:
        return _originals["_process_class"](cls, *args, **kwargs)
    finally:
        _local.lazy = before


def _create_fn(name: str, *args: Any, **kwargs: Any) -> Any:
    """``dataclasses._create_fn``: a stub that compiles the method on its first call."""
    original = _originals["_create_fn"]
    build: Callable[[], Any] = lambda: original(name, *args, **kwargs)  # noqa: E731
    if not getattr(_local, "lazy", False):
        return build()
    real: Any = None

    def stub(*call: Any, **named: Any) -> Any:
        nonlocal real
        if real is None:
            real = build()
            real.__qualname__ = stub.__qualname__
            compiled[0] += 1
            if call:
                _put(call[0], name, stub, real)
        return real(*call, **named)

    made[0] += 1
    stub.__name__ = name
    stub.__qualname__ = f"__create_fn__.<locals>.{name}"
    module = (kwargs.get("globals") or {}).get("__name__")
    if isinstance(module, str):
        stub.__module__ = module
    return stub


def _put(instance: object, name: str, stub: object, real: object) -> None:
    """Put ``real`` in place of ``stub`` on the class of ``instance`` that holds it, if one does."""
    for klass in type(instance).__mro__:
        if klass.__dict__.get(name) is stub:
            setattr(klass, name, real)
            return


def active() -> bool:
    """Whether rulesq's dataclass methods are lazy in this process."""
    return bool(_originals)


def install() -> None:
    """Make rulesq's dataclass methods lazy from now on (once; a no-op where it cannot)."""
    if _originals:
        return
    found = {name: getattr(dataclasses, name, None) for name in ("_process_class", "_create_fn")}
    if not all(callable(f) for f in found.values()):
        return
    _originals.update(found)
    dataclasses._process_class = _process_class  # type: ignore[attr-defined]
    dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]


def uninstall() -> None:
    """Build every dataclass eagerly again (for tests that compare both)."""
    for name, original in _originals.items():
        setattr(dataclasses, name, original)
    _originals.clear()
