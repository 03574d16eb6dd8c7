"""The generated methods of rulesq's own dataclasses, compiled on first use instead of at import.

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__`` and ``__delattr__`` as source text and compiles it when the class is
defined: about 700 compilations for the ~130 classes a Blue Moon ``ask`` imports, a third of
its start-up, though an answer calls only a few dozen of those methods (objects read from the
card-text cache are built without ``__init__``).

While a class of a ``rulesq`` module that has its own docstring is being built, each method
is a stub that, on its first call, has ``dataclasses`` write and compile the very text it
would have (on Python 3.11 and 3.12 its builders, ``_init_fn`` and the others, are called
then: writing the texts cost as much as the rest of a class's building; ``__init__``'s
field-order check is still made at definition), puts the result on the class (so later
calls go straight to it) and calls it. The
methods, their names and their errors are the same; only ``inspect.signature`` of a class
whose ``__init__`` was never called reads the stub's ``(*args, **kwargs)``, which is why a
class without a docstring (``dataclasses`` derives one from that signature) is built eagerly.
Other packages' dataclasses are built as always. On a Python whose ``dataclasses`` has no
``_create_fn`` or ``_process_class`` (they are private; 3.11 and 3.12 have them, 3.13 builds a
class's methods in one compilation instead), nothing changes: all is eager.

``dataclasses`` is imported here without ``inspect`` (see :func:`_import_dataclasses`).
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
from _thread import _local as thread_local  # noqa: E402 - threading's local, without threading
from collections.abc import Callable  # noqa: E402

#: ``lazy``: whether the class this thread is building now is one whose methods are made lazy.
_local = thread_local()
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


#: The builders of ``dataclasses`` that write a method's text (then compile it), with where
#: each is given the module's globals (position, or keyword) and the methods it makes.
_BUILDERS: dict[str, tuple[int, tuple[str, ...] | None]] = {
    "_init_fn": (6, ("__init__",)),
    "_repr_fn": (1, ("__repr__",)),
    "_cmp_fn": (4, None),  # its first argument names the method
    "_hash_fn": (1, ("__hash__",)),
    "_frozen_get_del_attr": (2, ("__setattr__", "__delattr__")),
}


def _deferred(builder: str, original: Callable[..., Any]) -> Callable[..., Any]:
    """A builder that, for a lazy class, returns stubs: the method's text is written at first call.

    Writing a method's text costs about as much as the rest of a class's building; a stub
    calls the original builder (which writes and compiles it, eagerly) on its first call,
    so the method is the very one an eager class gets. ``__init__``'s one check made at
    definition (no field without a default after one with) is made at once, as always.
    """
    where, names = _BUILDERS[builder]

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not getattr(_local, "lazy", False):
            return original(*args, **kwargs)
        if builder == "_init_fn":
            _check_defaults(args[1])
        space = kwargs["globals"] if "globals" in kwargs else args[where]
        module = space.get("__name__") if isinstance(space, dict) else None
        built: list[tuple[Any, ...]] = []

        def build() -> tuple[Any, ...]:
            if not built:
                before = getattr(_local, "lazy", False)
                _local.lazy = False
                try:
                    made_now = original(*args, **kwargs)
                finally:
                    _local.lazy = before
                built.append(made_now if isinstance(made_now, tuple) else (made_now,))
                compiled[0] += 1
            return built[0]

        methods = names if names is not None else (args[0],)
        stubs = tuple(_stub(name, module, build, at) for at, name in enumerate(methods))
        return stubs if len(stubs) > 1 else stubs[0]

    return wrapper


def _check_defaults(fields: Any) -> None:
    """The check ``dataclasses._init_fn`` makes when a class is defined, with its message."""
    seen_default = False
    for f in fields:
        if f.init:
            if not (f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _stub(name: str, module: object, build: Callable[[], tuple[Any, ...]], at: int) -> Any:
    """A method ``name`` that builds the real ones on its first call (its own at ``at``)."""
    real: Any = None

    def stub(*call: Any, **named: Any) -> Any:
        nonlocal real
        if real is None:
            real = build()[at]
            real.__qualname__ = stub.__qualname__
            if call:
                _put(call[0], name, stub, real)
        return real(*call, **named)

    made[0] += 1
    stub.__name__ = name
    stub.__qualname__ = f"__create_fn__.<locals>.{name}"
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
    builders: dict[str, Any] = {name: getattr(dataclasses, name, None) for name in _BUILDERS}
    _originals.update(found)
    dataclasses._process_class = _process_class  # type: ignore[attr-defined]
    dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]
    if sys.version_info[:2] in ((3, 11), (3, 12)) and all(map(callable, builders.values())):
        _originals.update(builders)
        for name, original in builders.items():
            setattr(dataclasses, name, _deferred(name, original))


def uninstall() -> None:
    """Build every dataclass eagerly again (for tests that compare both)."""
    for name, original in _originals.items():
        setattr(dataclasses, name, original)
    _originals.clear()
