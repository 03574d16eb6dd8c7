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
calls go straight to it) and calls it. An ``__init__`` (on 3.11 and 3.12) first sets the
fields of :data:`UNCOMPILED_INIT_CALLS` objects from a plan of the class's fields, as its text
would (:class:`_InitPlan`), and is compiled at the call after: most classes make few objects
in a process, and compiling one costs about 0.7 M instructions. The methods, their names and
their errors are the same; only ``inspect.signature`` of a class whose ``__init__`` is not
compiled yet reads the stub's ``(*args, **kwargs)``, which is why a class without a
docstring (``dataclasses`` derives one from that signature) is built eagerly.
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
from _thread import get_ident  # noqa: E402 - threading's, without threading
from collections.abc import Callable  # noqa: E402

#: The threads (by ident) building now a class whose methods are made lazy. A set read by
#: each builder, not a thread-local (whose attribute read cost about 1,700 instructions).
_lazy: set[int] = set()
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
    thread = get_ident()
    before = thread in _lazy
    _mark(thread, _owned(cls))
    try:
        return _originals["_process_class"](cls, *args, **kwargs)
    finally:
        _mark(thread, before)


def _mark(thread: int, lazy: bool) -> None:
    """Note whether the class ``thread`` builds now has lazy methods."""
    if lazy:
        _lazy.add(thread)
    else:
        _lazy.discard(thread)


def _create_fn(name: str, *args: Any, **kwargs: Any) -> Any:
    """``dataclasses._create_fn``: a stub that compiles the method on its first call."""
    original = _originals["_create_fn"]
    build: Callable[[], Any] = lambda: original(name, *args, **kwargs)  # noqa: E731
    if get_ident() not in _lazy:
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
        if get_ident() not in _lazy:
            return original(*args, **kwargs)
        if builder == "_init_fn":
            _check_defaults(args[1])
        space = kwargs["globals"] if "globals" in kwargs else args[where]
        module = space.get("__name__") if isinstance(space, dict) else None
        built: list[tuple[Any, ...]] = []

        def build() -> tuple[Any, ...]:
            if not built:
                thread = get_ident()
                before = thread in _lazy
                _lazy.discard(thread)
                try:
                    made_now = original(*args, **kwargs)
                finally:
                    _mark(thread, before)
                built.append(made_now if isinstance(made_now, tuple) else (made_now,))
                compiled[0] += 1
            return built[0]

        if builder == "_init_fn" and len(args) == _INIT_ARGS and not kwargs:
            return _init_stub(module, build, args)
        if names is None or len(names) == 1:
            return _stub(args[0] if names is None else names[0], module, build, 0)
        return tuple([_stub(name, module, build, at) for at, name in enumerate(names)])

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
    stub.__name__ = name  # its qualified name is the class's, set as it is put there
    if isinstance(module, str):
        stub.__module__ = module
    return stub


#: The arguments ``dataclasses._init_fn`` takes (3.11, 3.12): the fields, the positional and
#: keyword-only ones, frozen, has a post-init, the name of self, the globals, slots.
_INIT_ARGS = 8
#: Calls of a lazy class's ``__init__`` that set the fields without its text (see
#: :class:`_InitPlan`); the next call compiles it. Compiling one costs about 0.7 M
#: instructions, a call set so about 3,000 more than the compiled method's.
UNCOMPILED_INIT_CALLS = 32


def _init_stub(module: object, build: Callable[[], tuple[Any, ...]], spec: tuple[Any, ...]) -> Any:
    """``__init__``: its first calls set the fields by :class:`_InitPlan`, later ones compile it.

    A call the plan cannot bind (an argument missing, unknown or given twice) compiles the
    method at once and calls it, so its error is the compiled method's own.
    """
    real: Any = None
    plan: _InitPlan | None = None
    calls = 0

    def stub(*call: Any, **named: Any) -> Any:
        nonlocal real, plan, calls
        if real is None:
            if call and calls < UNCOMPILED_INIT_CALLS:
                calls += 1
                if plan is None:
                    plan = _InitPlan(*spec)
                if plan.run(call[0], call[1:], named):
                    return None
            real = build()[0]
            real.__qualname__ = stub.__qualname__
            if call:
                _put(call[0], "__init__", stub, real)
        return real(*call, **named)

    made[0] += 1
    stub.__name__ = "__init__"
    if isinstance(module, str):
        stub.__module__ = module
    return stub


class _InitPlan:
    """What the ``__init__`` ``dataclasses`` writes does, as data: bind, set each field, post-init.

    The method's text (``dataclasses._init_fn``) takes the positional fields, then the
    keyword-only ones, each with its default (a factory's marker for a field with one); sets
    each field in order (by ``object.__setattr__`` for a frozen class): the argument, else its
    factory's result or its default, a field not in ``__init__`` only from its factory (or its
    default, with slots); and calls ``__post_init__`` with the init-only values.
    """

    __slots__ = ("accepted", "positional", "post_init", "required", "setter", "steps")

    def __init__(
        self,
        fields: Any,
        std_fields: Any,
        kw_only_fields: Any,
        frozen: bool,
        has_post_init: bool,
        self_name: str,
        globals: Any,  # noqa: A002 - dataclasses' own name
        slots: bool,
    ) -> None:
        missing = dataclasses.MISSING
        marker = dataclasses._HAS_DEFAULT_FACTORY  # type: ignore[attr-defined]
        initvar = dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
        params = [*std_fields, *kw_only_fields]
        self.positional = tuple(f.name for f in std_fields)
        self.accepted = frozenset(f.name for f in params)
        self.required = tuple(
            f.name for f in params if f.default is missing and f.default_factory is missing
        )
        # (name, in __init__, default, factory): the value set is the argument, else the
        # default (the marker, for a factory's field), the factory called when it is the marker
        steps: list[tuple[str, bool, Any, Any]] = []
        post_init: list[tuple[str, Any]] = []
        for f in fields:
            factory = f.default_factory if f.default_factory is not missing else None
            default = marker if factory is not None else f.default
            if f._field_type is initvar:
                post_init.append((f.name, default))
            elif f.init or factory is not None or (slots and default is not missing):
                steps.append((f.name, f.init, default, factory))
        self.steps = tuple(steps)
        self.post_init = tuple(post_init) if has_post_init else None
        self.setter = object.__setattr__ if frozen else setattr

    def run(self, instance: Any, args: tuple[Any, ...], named: dict[str, Any]) -> bool:
        """Initialise ``instance`` as the compiled method would; False (nothing done) if unbound."""
        positional = self.positional
        if len(args) > len(positional):
            return False
        bound = dict(zip(positional, args, strict=False))
        for key, value in named.items():
            if key in bound or key not in self.accepted:
                return False
            bound[key] = value
        for name in self.required:
            if name not in bound:
                return False
        marker = dataclasses._HAS_DEFAULT_FACTORY  # type: ignore[attr-defined]
        setter = self.setter
        for name, init, default, factory in self.steps:
            value = bound.get(name, default) if init else default
            if factory is not None and value is marker:
                value = factory()
            setter(instance, name, value)
        if self.post_init is not None:
            instance.__post_init__(*[bound.get(name, default) for name, default in self.post_init])
        return True


def _put(instance: object, name: str, stub: object, real: object) -> None:
    """Put ``real`` in place of ``stub`` on the class of ``instance`` that holds it, if one does."""
    for klass in type(instance).__mro__:
        if klass.__dict__.get(name) is stub:
            setattr(klass, name, real)
            return


#: Each string annotation's module and name, as ``dataclasses._MODULE_IDENTIFIER_RE`` reads
#: them (None: it does not match), matched once per process, not once per test of a field.
_names: dict[str, tuple[str | None, str] | None] = {}


def _is_type(
    annotation: str, cls: type, a_module: Any, a_type: Any, is_type_predicate: Any
) -> bool:
    """``dataclasses._is_type`` (is a string annotation a ``ClassVar``, an ``InitVar`` ...?).

    The same test, but the annotation's text is matched once: a class's every field is tested
    three times (keyword-only marker, class variable, init-only), and the match was about a
    quarter of defining a class. The names are looked up in the modules at each test, as always.
    """
    try:
        names = _names[annotation]
    except KeyError:
        match = _MATCHER[0](annotation)
        names = _names[annotation] = (match.group(1), match.group(2)) if match else None
    if names is None:
        return False
    module_name, name = names
    ns = None
    if not module_name:
        ns = sys.modules.get(cls.__module__).__dict__
    else:
        module = sys.modules.get(cls.__module__)
        if module and module.__dict__.get(module_name) is a_module:
            ns = sys.modules.get(a_type.__module__).__dict__
    return bool(ns and is_type_predicate(ns.get(name), a_module))


#: The bound ``match`` of ``dataclasses._MODULE_IDENTIFIER_RE`` (set by :func:`install`).
_MATCHER: list[Any] = []


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
        pattern = getattr(dataclasses, "_MODULE_IDENTIFIER_RE", None)
        if callable(getattr(dataclasses, "_is_type", None)) and pattern is not None:
            _originals["_is_type"] = dataclasses._is_type  # type: ignore[attr-defined]
            _MATCHER[:] = [pattern.match]
            dataclasses._is_type = _is_type  # type: ignore[attr-defined]


def uninstall() -> None:
    """Build every dataclass eagerly again (for tests that compare both)."""
    for name, original in _originals.items():
        setattr(dataclasses, name, original)
    _originals.clear()
