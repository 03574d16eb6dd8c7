"""The modules of rulesq import each other without a cycle, and the judge's layers only downward.

Every module under ``rulesq/`` is parsed with ``ast``; every import of a rulesq module counts,
at module level and inside functions alike, except those under ``if TYPE_CHECKING:`` (they
never run, so they cannot close a cycle at run time). ``from pkg import name`` is an import of
the submodule ``pkg.name`` when that is a module, of ``pkg`` otherwise. An import counts as an
edge to the module named, not to the packages above it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import rulesq

ROOT = Path(rulesq.__file__).parent
JUDGE = "rulesq.games.bluemoon.judge"

# The Blue Moon judge's layers, lowest first (the judge package's docstring describes them): a
# module imports modules of its own layer or of a lower one, never of a higher one.
STATE, LAW, READ_IN_PLAY, REPLAY, TOPICS, QUESTIONS = range(6)
LAYERS: dict[str, int] = {
    **dict.fromkeys(
        (
            "cards",
            "given_icons",
            "history",
            "lending",
            "iconuse",
            "kept",
            "state",
            "rules",
            "work",
            "phase_reads",
            "placing",
            "open_areas",
            "area_statements",
        ),
        STATE,
    ),
    **dict.fromkeys(
        (
            "ruling",
            "claims",
            "select",
            "values",
            "forces",
            "overruled",
            "timing",
            "prohibits",
            "permits",
            "precedents",
            "deck_plays",
        ),
        LAW,
    ),
    **dict.fromkeys(
        (
            "playing",
            "icon_flags",
            "limits",
            "ship_texts",
            "interference",
            "dragons",
            "bluffs",
            "discards",
            "attractions",
            "removals",
            "searches",
            "choices",
            "game_choices",
        ),
        READ_IN_PLAY,
    ),
    **dict.fromkeys(("moves", "timeline", "shared", "view"), REPLAY),
    **dict.fromkeys(
        (
            "plays",
            "forbids",
            "own_text",
            "usable",
            "retrieving",
            "replacing",
            "shielding",
            "requirements",
            "sharing",
            "hands",
            "disclosure",
            "fight",
            "retreats",
            "retreating",
            "declines",
            "game_end",
            "ships",
            "bluff_plays",
            "decks",
        ),
        TOPICS,
    ),
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a tree but those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                walk(child)
            return
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def _targets(
    node: ast.Import | ast.ImportFrom, name: str, is_package: bool, modules: dict[str, Path]
) -> list[str]:
    """The rulesq modules one import statement imports."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name in modules]
    base = node.module or ""
    if node.level:
        package = name.split(".") if is_package else name.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    targets = []
    for alias in node.names:
        if f"{base}.{alias.name}" in modules:
            targets.append(f"{base}.{alias.name}")
        elif base in modules:
            targets.append(base)
    return targets


def import_graph() -> nx.DiGraph:
    """The graph of rulesq modules; each edge keeps the lines of its imports."""
    modules = _modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            for target in _targets(node, name, path.name == "__init__.py", modules):
                if target == name:
                    continue
                if not graph.has_edge(name, target):
                    graph.add_edge(name, target, lines=[])
                if node.lineno not in graph.edges[name, target]["lines"]:
                    graph.edges[name, target]["lines"].append(node.lineno)
    return graph


def _describe(graph: nx.DiGraph, component: set[str]) -> str:
    inner = sorted(
        f"  {a} -> {b} (line {', '.join(map(str, graph.edges[a, b]['lines']))})"
        for a, b in graph.subgraph(component).edges
    )
    cycle = nx.find_cycle(graph.subgraph(component))
    closing = " -> ".join([a for a, _ in cycle] + [cycle[0][0]])
    return f"{len(component)} modules, e.g. {closing}; imports among them:\n" + "\n".join(inner)


def test_the_graph_sees_imports_inside_functions_and_from_package_imports() -> None:
    graph = import_graph()
    assert graph.number_of_nodes() > 50
    # rulesq/cli/__init__.py imports its command modules with "from rulesq.cli import ...".
    assert any(b.startswith("rulesq.cli.") for _, b in graph.out_edges("rulesq.cli"))


def test_no_import_cycle() -> None:
    graph = import_graph()
    cycles = [c for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert not cycles, "import cycles in rulesq:\n" + "\n".join(_describe(graph, c) for c in cycles)


def test_the_judge_imports_only_downward() -> None:
    graph = import_graph()
    judge = {name for name in graph if name.startswith(f"{JUDGE}.")}

    def layer(name: str) -> int | None:
        short = name.rsplit(".", 1)[1]
        return QUESTIONS if short.startswith("answers_") else LAYERS.get(short)

    unlisted = sorted(name for name in judge if layer(name) is None)
    assert not unlisted, f"judge modules with no layer in LAYERS of this test: {unlisted}"

    upward = sorted(
        f"{a} (layer {layer(a)}) -> {b} (layer {layer(b)}), line "
        + ", ".join(map(str, graph.edges[a, b]["lines"]))
        for a, b in graph.edges
        if a in judge and b in judge and (layer(b) or 0) > (layer(a) or 0)
    )
    assert not upward, "judge imports going up a layer:\n" + "\n".join(upward)
