"""Precedence is decided in one place: no module under rulesq/ names a ladder step or compares two.

Only rulesq/engine/resolve.py (which orders claims by the ladder) and rulesq/engine/ladder.py
(which reads it) may. Elsewhere the scan fails on (a) a string equal to a step's name or alias
(any game's ``ladder.toml``) given as ``step=``/``decided_by=``, assigned to a ``step`` or
compared with ``==``/``in`` against one, and (b) any comparison of ``.rank`` attributes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from rulesq.corpus.load import available_games
from rulesq.engine.ladder import load_ladder, step_key
from rulesq.paths import data_root

ROOT = data_root()
EXEMPT = {"rulesq/engine/resolve.py", "rulesq/engine/ladder.py"}

#: Names under which code holds a ladder step (an attribute, keyword or variable).
STEP_NAMES = frozenset({"step", "decided_by"})


@cache
def step_words() -> frozenset[str]:
    """Every step name and alias of every game's ladder, folded."""
    words: set[str] = set()
    for game in available_games():
        ladder = load_ladder(game)
        if ladder is None:
            continue
        for step in ladder.steps:
            words.update(step_key(w) for w in (step.name, *step.aliases))
    return frozenset(words)


def _named(text: str) -> bool:
    return step_key(text) in step_words()


def _literals(node: ast.AST) -> Iterator[ast.Constant]:
    """The string constants in an expression (a tuple or set of them, a conditional …)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            yield sub


def _holds_step(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr in STEP_NAMES
    return isinstance(node, ast.Name) and node.id in STEP_NAMES


def _is_rank(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "rank"


def violations(source: str, label: str) -> list[str]:
    """Each place in the module's source that names a step or compares ranks, as ``file:line``."""
    hits: list[str] = []

    def hit(node: ast.AST, what: str) -> None:
        hits.append(f"{label}:{getattr(node, 'lineno', 0)}: {what}")

    def named_in(value: ast.AST, how: str) -> None:
        for const in _literals(value):
            if _named(str(const.value)):
                hit(const, f'step "{const.value}" {how}')

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.keyword) and node.arg in STEP_NAMES:
            named_in(node.value, f"passed as {node.arg}=")
        elif isinstance(node, ast.Assign) and any(_holds_step(t) for t in node.targets):
            named_in(node.value, "assigned to a step")
        elif (
            isinstance(node, (ast.AnnAssign, ast.AugAssign))
            and node.value is not None
            and _holds_step(node.target)
        ):
            named_in(node.value, "assigned to a step")
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_is_rank(o) for o in operands):
                hit(node, "compares ladder ranks")
            if any(_holds_step(o) for o in operands) and any(
                isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops
            ):
                for operand in operands:
                    if not _holds_step(operand):
                        named_in(operand, "compared with a step")
    return sorted(hits, key=lambda h: int(h.split(":")[1]))


def modules() -> list[Path]:
    """Every module under rulesq/ the rule applies to."""
    found = sorted((ROOT / "rulesq").rglob("*.py"))
    return [p for p in found if p.relative_to(ROOT).as_posix() not in EXEMPT]


def test_the_scan_knows_the_steps_and_the_code() -> None:
    """There are step names to look for and modules to look in (so the scan can fail)."""
    assert {"you may not", "ignore", "card text"} <= step_words()
    assert len(modules()) > 50


def test_no_step_named_or_compared_outside_the_resolver() -> None:
    """No module names a ladder step as a verdict's step, nor compares two ranks."""
    hits = []
    for path in modules():
        label = path.relative_to(ROOT).as_posix()
        hits += violations(path.read_text(encoding="utf-8"), label)
    assert hits == [], "\n".join(hits)


def test_the_scan_catches_each_form() -> None:
    """Every form the rule forbids is reported, with its line; a prose mention is not."""
    sample = "\n".join(
        [
            'no("x", [], step="you may not")',
            'ruling.step = "Ignoring"',
            'if ruling.step in ("card text", "other"): pass',
            'if decided_by == "I must": pass',
            "if a.rank < b.rank: pass",
            'reason = "the rules say you may not"',
            "note(step=step_name(kind))",
        ]
    )
    hits = violations(sample, "sample.py")
    assert [h.split(":")[1] for h in hits] == ["1", "2", "3", "4", "5"]
