"""rulesq's dataclass methods are compiled on first use, and behave as the eager ones do."""

from __future__ import annotations

import dataclasses
import inspect
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from rulesq import lazymethods

PROBE = '''
from __future__ import annotations
from dataclasses import KW_ONLY, InitVar, dataclass, field


@dataclass(frozen=True)
class Point:
    """A frozen class with a default and a factory."""

    x: int
    y: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True)
class Labelled(Point):
    """A subclass that adds a keyword-only field."""

    label: str = field(default="", kw_only=True)


@dataclass(order=True)
class Counter:
    """A mutable, ordered class with a post-init and an init-only value."""

    n: int
    step: InitVar[int] = 1
    seen: list[int] = field(default_factory=list)

    def __post_init__(self, step: int) -> None:
        self.seen.append(self.n * step)


@dataclass(frozen=True, eq=False)
class Plain:
    """Identity equality, the object's hash."""

    a: int


@dataclass
class Bare:
    b: int


@dataclass(slots=True)
class Slotted:
    """Slots, and fields not in ``__init__``: one with a default, one with a factory."""

    a: int
    b: int = field(default=7, init=False)
    c: list[int] = field(default_factory=list, init=False)


@dataclass
class Selfish:
    """A field named ``self``, and a keyword-only one after ``KW_ONLY``."""

    self: int
    other: int = 2
    _: KW_ONLY
    last: str = "z"
'''


def build(name: str) -> types.ModuleType:
    """The probe classes, built in a module named ``name`` (registered while built)."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(PROBE, f"<{name}>", "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def eager_build(name: str) -> types.ModuleType:
    """The probe classes built the way ``dataclasses`` builds them without rulesq."""
    lazymethods.uninstall()
    try:
        return build(name)
    finally:
        lazymethods.install()


#: The tests of what is compiled when: only where the methods can be lazy (Python 3.11, 3.12).
lazy_only = pytest.mark.skipif(not lazymethods.active(), reason="dataclass methods are eager here")


def outcome(call: Any) -> Any:
    """What a call returns, or its error's type and message."""
    try:
        return ("ok", call())
    except Exception as error:  # noqa: BLE001 - the error is the outcome compared
        return (type(error).__name__, str(error))


def behaviour(m: types.ModuleType) -> list[Any]:
    """Everything the probe classes do, as plain values, errors included."""
    p, q = m.Point(1, 2, ("a",), note="n"), m.Point(1, 2, ("a",))
    lab = m.Labelled(1, label="L")
    c1, c2 = m.Counter(3, 2), m.Counter(4)
    plain = m.Plain(1)
    out: list[Any] = [
        repr(p),
        repr(lab),
        repr(c1),
        repr(m.Bare(5)),
        p == q,
        p != m.Point(1, 3),
        hash(p) == hash(q),
        lab == m.Labelled(1, label="L"),
        lab == m.Point(1),
        c1 < c2,
        c1.seen,
        c2.seen,
        plain == m.Plain(1),
        hash(plain) == object.__hash__(plain),
        outcome(lambda: setattr(p, "x", 5)),
        outcome(lambda: setattr(p, "other", 5)),
        outcome(lambda: delattr(p, "y")),
        outcome(lambda: setattr(lab, "label", "M")),
        outcome(lambda: m.Point()),
        outcome(lambda: m.Point(1, 2, (), "", 5)),
        outcome(lambda: m.Labelled(1, 2, (), "", "L")),
        outcome(lambda: m.Counter()),
        repr(dataclasses.replace(p, y=9)),
        [f.name for f in dataclasses.fields(lab)],
        m.Bare.__doc__,
        m.Point.__doc__,
        m.Point.__match_args__,
        repr(m.Slotted(1)),
        m.Slotted(2).b,
        repr(m.Selfish(1)),
        repr(m.Selfish(self=3, other=4, last="a")),
        outcome(lambda: m.Selfish(1, self=2)),
        outcome(lambda: m.Selfish(1, 2, "a")),
        outcome(lambda: m.Selfish(1, nope=2)),
        outcome(lambda: m.Counter(1, 2, [5], 6)),
        m.Counter(2, step=5, seen=[1]).seen,
    ]
    for cls in (m.Point, m.Labelled, m.Counter, m.Plain, m.Bare, m.Slotted, m.Selfish):
        for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__lt__"):
            method = getattr(cls, name)
            out.append((cls.__name__, name, getattr(method, "__qualname__", None)))
    return out


def test_lazy_methods_behave_as_eager_ones() -> None:
    before = lazymethods.compiled[0]
    lazy = build("rulesq._lazy_probe")
    assert lazymethods.compiled[0] == before, "defining the classes compiles nothing"
    eager = eager_build("rulesq._eager_probe")
    assert eager.Point.__init__.__code__.co_name == "__init__"
    assert behaviour(lazy) == behaviour(eager)


@lazy_only
def test_a_method_is_compiled_on_its_first_call() -> None:
    """``__eq__`` (and the others) on its first call; ``__init__`` once it has set the fields
    of ``UNCOMPILED_INIT_CALLS`` objects without its text."""
    before = lazymethods.compiled[0]
    lazy = build("rulesq._lazy_probe_first")
    assert lazy.Point.__init__.__code__.co_name == "stub"
    assert lazy.Point.__eq__.__code__.co_name == "stub"
    points = [lazy.Point(n) for n in range(lazymethods.UNCOMPILED_INIT_CALLS)]
    assert lazymethods.compiled[0] == before, "no __init__ compiled for its first calls"
    assert lazy.Point.__init__.__code__.co_name == "stub"
    assert points[1] == lazy.Point(1)
    assert lazymethods.compiled[0] == before + 2, "__eq__, and __init__ at its next call"
    # A method compiled is the compiled one, on the class that defines it.
    assert lazy.Point.__init__.__code__.co_name == "__init__"
    assert lazy.Point.__eq__.__code__.co_name == "__eq__"
    eager = eager_build("rulesq._eager_probe_first")
    assert str(inspect.signature(lazy.Point)) == str(inspect.signature(eager.Point))


@lazy_only
def test_an_init_that_cannot_bind_its_arguments_is_compiled_at_once() -> None:
    """The compiled method raises its own error (the message compared with an eager class's
    in :func:`test_lazy_methods_behave_as_eager_ones`); nothing is set before."""
    lazy = build("rulesq._lazy_probe_unbound")
    before = lazymethods.compiled[0]
    assert outcome(lambda: lazy.Point(1, x=2))[0] == "TypeError"
    assert lazymethods.compiled[0] == before + 1
    assert lazy.Point.__init__.__code__.co_name == "__init__"


@lazy_only
def test_second_calls_go_straight_to_the_compiled_method() -> None:
    lazy = build("rulesq._lazy_probe_twice")
    for n in range(lazymethods.UNCOMPILED_INIT_CALLS + 1):
        lazy.Point(n)
    counted = lazymethods.compiled[0]
    lazy.Point(2)
    lazy.Labelled(3)  # a subclass's own __init__ is its own method, not compiled yet
    assert lazymethods.compiled[0] == counted


@lazy_only
def test_an_init_sets_the_fields_of_its_first_objects_uncompiled() -> None:
    """Compiling an ``__init__`` costs about 0.7 M instructions, most of a class's objects
    made in a process are few: without the plan, the probe's first objects compile each
    class's ``__init__`` (and the objects are the same, compared with an eager class's)."""
    lazy = build("rulesq._lazy_probe_plan")
    eager = eager_build("rulesq._eager_probe_plan")
    before = lazymethods.compiled[0]
    made = [(m.Point(1, 2), m.Labelled(1, label="L"), m.Counter(3, 2)) for m in (lazy, eager)]
    assert lazymethods.compiled[0] == before
    assert [repr(o) for o in made[0]] == [repr(o) for o in made[1]]
    assert [vars(o) for o in made[0][1:]] == [vars(o) for o in made[1][1:]]


def test_a_class_without_a_docstring_and_other_packages_are_eager() -> None:
    lazy = build("rulesq._lazy_probe_bare")
    assert lazy.Bare.__init__.__code__.co_name == "__init__"
    other = build("elsewhere_probe")
    assert other.Point.__init__.__code__.co_name == "__init__"
    assert other.Point.__eq__.__code__.co_name == "__eq__"


@lazy_only
@pytest.mark.parametrize("game_module", ["rulesq.games.bluemoon.effects", "rulesq.games.fma.acts"])
def test_importing_a_game_compiles_few_dataclass_methods(game_module: str) -> None:
    code = (
        f"import {game_module}\nfrom rulesq import lazymethods\n"
        "print(lazymethods.compiled[0], lazymethods.made[0])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    compiled, made = int(done[0]), int(done[1])
    assert made > 100
    assert compiled < made / 20, "only what a module builds at import time is compiled"


@lazy_only
def test_a_cold_ask_compiles_a_small_part_of_the_methods(tmp_path: Path) -> None:
    """A fresh process's ask, its caches written by the same ask before (a private folder):
    what it compiles does not depend on what other tests left in the cache folder (with no
    card texts on disk an ask reads them with the grammar, and compiles about 150 methods of
    about 780, not about 40 of 700)."""
    example = "tests/examples/bluemoon/you-may-not-beats-permission.rq"
    code = (
        "import sys\nfrom rulesq.cli.answer import run_ask\nfrom rulesq import lazymethods\n"
        f"run_ask({example!r})\n"
        "sys.stderr.write(f'{lazymethods.compiled[0]} {lazymethods.made[0]}')\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "RULESQ_CACHE_DIR": str(tmp_path / "cache")}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env=env,
        )
        for _ in range(2)
    ]
    for done in runs:
        assert "AGREE" in done.stdout
    compiled, made = map(int, runs[1].stderr.split()[-2:])
    assert 0 < compiled < made / 4


@lazy_only
def test_a_stub_made_before_uninstall_still_compiles() -> None:
    lazy = build("rulesq._lazy_probe_kept")
    lazymethods.uninstall()
    try:
        assert repr(lazy.Point(1)) == "Point(x=1, y=0, tags=())"
    finally:
        lazymethods.install()


def test_dataclasses_reads_inspect_on_first_use() -> None:
    """``import rulesq`` imports ``dataclasses`` without ``inspect``; the first class with no
    docstring loads it, and is signed as ``dataclasses`` always signs it; ``import inspect``
    anywhere gives the real module."""
    code = (
        "import sys\nimport rulesq\nimport dataclasses\n"
        "before = sorted(m for m in ('inspect', 'ast', 'dis', 'tokenize') if m in sys.modules)\n"
        "@dataclasses.dataclass\nclass Bare:\n    x: int\n    y: 'list[str]'\n"
        "import inspect\n"
        "print(before, Bare.__doc__, type(inspect).__name__, inspect.signature is "
        "dataclasses.inspect.signature, sys.modules['inspect'] is inspect)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert done == "[] Bare(x: int, y: 'list[str]') module True True"


def test_dataclasses_without_the_stand_in_signs_the_same() -> None:
    """With ``dataclasses`` imported as always (``inspect`` first), a docless class's
    docstring is the same as with the stand-in."""
    code = (
        "import inspect\nimport sys\nimport rulesq\nimport dataclasses\n"
        "@dataclasses.dataclass\nclass Bare:\n    x: int\n    y: 'list[str]'\n"
        "print(Bare.__doc__, dataclasses.inspect is inspect)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert done == "Bare(x: int, y: 'list[str]') True"


BAD_ORDER = '''
from dataclasses import dataclass


@dataclass
class Bad:
    """A field with no default after one with a default."""

    a: int = 0
    b: str
'''


def _define(name: str, eager: bool) -> Any:
    """What defining :data:`BAD_ORDER` in a module ``name`` gives (lazily, or eagerly)."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    if eager:
        lazymethods.uninstall()
    try:
        return outcome(lambda: exec(BAD_ORDER, module.__dict__))  # noqa: S102
    finally:
        del sys.modules[name]
        lazymethods.install()


def test_a_field_order_error_is_raised_at_definition_as_always() -> None:
    """``__init__``'s text is written on first use, its definition check made at once."""
    lazy, eager = _define("rulesq._lazy_bad", False), _define("rulesq._eager_bad", True)
    assert lazy == eager == ("TypeError", "non-default argument 'b' follows default argument")


@lazy_only
def test_defining_a_class_writes_no_method_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted: a method's text (``_field_init`` for each ``__init__`` field, ``_repr_fn``'s
    and the others') is written when the method is first called, not when the class is
    defined; an eager class writes every one at once."""
    calls = [0]
    original = dataclasses._field_init  # type: ignore[attr-defined]

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(dataclasses, "_field_init", counting)
    lazy = build("rulesq._lazy_probe_text")
    assert calls[0] == 1, "only Bare's field (a class without a docstring is built eagerly)"
    for n in range(lazymethods.UNCOMPILED_INIT_CALLS):
        lazy.Point(n)
    assert calls[0] == 1, "a first object's fields are set without the method's text"
    lazy.Point(1)
    assert calls[0] == 1 + 4, "Point's four fields, when its __init__ is compiled"
    eager_build("rulesq._eager_probe_text")
    assert calls[0] == 5 + 4 + 5 + 3 + 1 + 1 + 3 + 3, "every class's fields at once"


def test_every_dataclass_of_rulesq_has_a_docstring() -> None:
    """A dataclass with none is signed by ``dataclasses`` with ``inspect`` (with ``ast``, ``dis``
    and ``tokenize``: about 11 million instructions), which every process that imported the
    class would then load: FMA's card-text reader did, in each worker of a check.
    """
    import ast

    bare = []
    for module in sorted((Path(__file__).resolve().parents[1] / "rulesq").rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None:
                named = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
                if any(getattr(d, "id", getattr(d, "attr", "")) == "dataclass" for d in named):
                    bare.append(f"{module.name}:{node.lineno} {node.name}")
    assert bare == []


def _checked_with(calls: int, tmp_path: Path) -> str:
    """``check --json`` of every case folder and the examples, each ``__init__`` set by its
    plan for its first ``calls`` objects (then compiled), in one fresh process."""
    root = Path(__file__).resolve().parents[1]
    folders = [*sorted((root / "corpus").glob("*/cases")), root / "tests" / "cases"]
    folders.append(root / "tests" / "examples")
    code = (
        "import sys\nfrom rulesq import lazymethods\n"
        f"lazymethods.UNCOMPILED_INIT_CALLS = {calls}\n"
        "from rulesq.cli import main\nsys.argv = ['rulesq', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
    )
    env = {**os.environ, "RULESQ_CACHE_DIR": str(tmp_path)}
    argv = ["check", *map(str, folders), "--json", "--jobs", "1"]
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env, timeout=900
    )
    return done.stdout + done.stderr


@lazy_only
def test_every_case_checks_the_same_with_inits_planned_or_compiled(tmp_path: Path) -> None:
    """Every object of every check set by its class's plan, and every one by its compiled
    ``__init__``: the same reports, errors and messages, byte for byte."""
    planned = _checked_with(10**9, tmp_path)
    assert planned.count('"agree"') > 2000, planned[-500:]
    assert planned == _checked_with(0, tmp_path)
