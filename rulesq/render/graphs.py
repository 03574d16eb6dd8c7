"""The derivation graphs as DOT, Mermaid or node-link JSON (several answers side by side)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer

FORMATS = ("dot", "mermaid", "json")
LABEL_LIMIT = 70

_DOT_SHAPES = {
    "question": "box, style=rounded",
    "verdict": "box, style=bold",
    "fact": "note",
    "card": "component",
    "effect": "box",
    "clause": "box, style=filled, fillcolor=lightyellow",
    "step": "hexagon",
    "alternative": "box, style=dashed",
    "absence": "box, style=dotted",
    "gap": "octagon",
}


def render_graphs(answers: Sequence[Answer], fmt: str) -> str:
    """Every answer's graph in one document of the given format (each analysed first)."""
    for answer in answers:
        answer.graph.analyse()
    if fmt == "dot":
        return to_dot(answers)
    if fmt == "mermaid":
        return to_mermaid(answers)
    if fmt == "json":
        from rulesq.jsontext import to_json

        return to_json([to_node_link(a) for a in answers]) + "\n"
    raise ValueError(f"unknown graph format {fmt!r}; expected one of {FORMATS}")


def node_label(data: dict[str, Any]) -> str:
    """A short label: the node's kind and its text."""
    kind = str(data["kind"])
    text = str(data.get("clause_id") or data["label"])
    if kind == "effect":
        text = f"{data['card']}: {data['label']}"
    flat = " ".join(text.split())
    if len(flat) > LABEL_LIMIT:
        flat = flat[: LABEL_LIMIT - 1] + "…"
    return f"{kind}: {flat}"


def to_node_link(answer: Answer) -> dict[str, Any]:
    """One graph as ``{"question", "nodes": [...], "edges": [...]}``."""
    graph = answer.graph.graph
    return {
        "question": answer.question.text,
        "nodes": [{"id": str(n), **_plain(d)} for n, d in graph.nodes(data=True)],
        "edges": [
            {"source": str(u), "target": str(v), **_plain(d)} for u, v, d in graph.edges(data=True)
        ],
    }


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None and v != ""}


def _dot_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(answers: Sequence[Answer]) -> str:
    """A Graphviz digraph with one cluster per question."""
    out = ["digraph rulesq {", "  rankdir=BT;", "  node [fontname=Helvetica, fontsize=10];"]
    for index, answer in enumerate(answers, start=1):
        graph = answer.graph.graph
        out.append(f"  subgraph cluster_{index} {{")
        out.append(f"    label={_dot_quote(answer.question.text)};")
        for node, data in graph.nodes(data=True):
            shape = _DOT_SHAPES.get(str(data["kind"]), "box")
            out.append(
                f"    {_dot_quote(f'{index}/{node}')} "
                f"[label={_dot_quote(node_label(data))}, shape={shape}];"
            )
        for u, v, data in graph.edges(data=True):
            out.append(
                f"    {_dot_quote(f'{index}/{u}')} -> {_dot_quote(f'{index}/{v}')} "
                f"[label={_dot_quote(str(data['kind']))}];"
            )
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


def _mermaid_text(text: str) -> str:
    """Text for a quoted Mermaid label: entity codes for ``#``, ``"``, ``<`` and ``>``.

    Mermaid reads ``#name;`` as an entity and renders labels as HTML, so a card text with
    ``<b>`` would turn bold and one with ``#quot;`` would lose its words.
    """
    for raw, code in (("#", "#35;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;")):
        text = text.replace(raw, code)
    return " ".join(text.split())


def to_mermaid(answers: Sequence[Answer]) -> str:
    """A Mermaid flowchart with one subgraph per question."""
    out = ["flowchart BT"]
    for index, answer in enumerate(answers, start=1):
        graph = answer.graph.graph
        ids = {node: f"q{index}n{i}" for i, node in enumerate(graph.nodes)}
        out.append(f'  subgraph q{index} ["{_mermaid_text(answer.question.text)}"]')
        for node, data in graph.nodes(data=True):
            out.append(f'    {ids[node]}["{_mermaid_text(node_label(data))}"]')
        for u, v, data in graph.edges(data=True):
            out.append(f"    {ids[u]} -->|{data['kind']}| {ids[v]}")
        out.append("  end")
    return "\n".join(out) + "\n"
