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
    """A DOT string: backslashes and quotes escaped, a line break as DOT's centred line break."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped + '"'


#: The widest line of a drawn label, in characters (a longer text is wrapped, not cut).
DOT_WIDTH = 40
#: The most characters of a node's text drawn (a clause the verdict rests on: its whole quote).
DOT_TEXT_LIMIT = 200
#: Fill colours of the clauses: the rules the verdict rests on, and the FAQ precedents.
_DOT_FILLS = {"rule": "lightyellow", "precedent": "aliceblue"}
#: A node with more sources (nodes nothing points at) than this has them drawn in staggered
#: rows, as ``unflatten -l 3`` would: a verdict resting on ten facts is not drawn ten wide.
_STAGGER_OVER, _STAGGER_ROWS = 3, 3


def dot_label(data: dict[str, Any], quoted: bool = False) -> str:
    """A drawn node's label: its kind, then its text wrapped (a rule clause: id and quote).

    ``quoted``: a clause of any role is drawn with its quote (one on the path that decided:
    a precedent drawn there shows the words it rests on, not its id alone).
    """
    import textwrap

    kind = str(data["kind"])
    text = " ".join(str(data["label"]).split())
    if kind == "effect":
        text = f"{data['card']}: {text}"
    head = kind
    if kind == "clause":
        role = str(data.get("role") or "rule")
        head = "rule" if role == "rule" else role
        text = str(data.get("clause_id") or text)
        quote = " ".join(str(data.get("text") or "").split())
        lines = [f"{head}: {text}"]
        if (role == "rule" or quoted) and quote:
            # a precedent is a worked example: the words it rests on are often its last ones
            limit = len(quote) if role != "rule" else DOT_TEXT_LIMIT
            lines += textwrap.wrap(f"\u201c{_cut(quote, limit)}\u201d", DOT_WIDTH)
        return "\n".join(lines)
    return "\n".join(textwrap.wrap(f"{head}: {_cut(text, DOT_TEXT_LIMIT)}", DOT_WIDTH))


def _cut(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis, between words where it can.

    A quote cut in a word reads as a misquote ("due t…"); cut before it, it reads as the
    clause's own words ("due…").
    """
    if len(text) <= limit:
        return text
    kept = text[: limit - 1]
    if text[limit - 1] != " " and " " in kept:
        kept = kept.rsplit(" ", 1)[0]
    return kept.rstrip(" ,;:") + "\u2026"


def _edge_label(data: dict[str, Any], target: dict[str, Any] | None = None) -> str:
    """A drawn edge's label: its kind, and what it notes (what a precedent shares) wrapped.

    A note the node it points at says already (an FMA battle's ``beats``: the alternative reads
    "tie: the attackers total 3 strength, the defenders 4", the note the same totals) is not
    said again: the labels of a clause's edges to each alternative overlapped one another.
    """
    import textwrap

    kind, note = str(data["kind"]), " ".join(str(data.get("note") or "").split())
    if note and target is not None and note in " ".join(str(target.get("label", "")).split()):
        return kind
    return "\n".join(textwrap.wrap(f"{kind}: {note}", DOT_WIDTH)) if note else kind


def _staggered(graph: Any) -> dict[tuple[Any, Any], int]:
    """The rows (``minlen``) of the edges from sources into a node with many of them."""
    edges = graph.edges()
    targets = {v for _, v in edges}
    sources = {node for node in graph.nodes if node not in targets}
    into: dict[Any, list[Any]] = {}
    for u, v in edges:
        if u in sources:
            into.setdefault(v, []).append(u)
    rows: dict[tuple[Any, Any], int] = {}
    for v, found in into.items():
        if len(found) > _STAGGER_OVER:
            for i, u in enumerate(found):
                rows[(u, v)] = 1 + i % _STAGGER_ROWS
    return rows


#: What the path that decided is drawn with: its nodes outlined and its edges drawn thick,
#: in one colour, so the eye finds it first among the facts, assumptions and precedents.
DECISIVE_COLOUR = "#1f4e9c"
_DOT_DECISIVE = f'penwidth=2.5, color="{DECISIVE_COLOUR}"'
#: A precedent's ``matches`` edges: thin, dashed and grey, unlabelled (what each shares is
#: listed on the precedent itself): drawn as reasons, they hid the one that decided, and
#: their labels overlapped each other and the edges.
_DOT_MATCHES = "style=dashed, color=gray55, arrowhead=empty"
#: The edge kinds the decisive path is made of.
_DECISIVE_KINDS = frozenset({"decides", "supports", "beats"})


def decisive(graph: Any, deciding_card: str | None) -> tuple[set[Any], set[tuple[Any, Any]]]:
    """The nodes and edges of the path that decided the verdict.

    The verdict; the ladder step that decides it and the rule clauses that support that step;
    the effects of the card whose text decided (``deciding_card``); the rule clauses that
    support the verdict; and every node that beats an alternative. Its edges are
    the ``decides``, ``supports`` and ``beats`` edges between those nodes and into the
    alternatives they beat. Empty when there is no verdict.
    """
    if "verdict" not in graph:
        return set(), set()
    nodes: set[Any] = {"verdict"}
    for u, _, data in graph.in_edges("verdict", data=True):
        kind, info = data["kind"], graph.nodes[u]
        if kind == "decides":
            nodes.add(u)
            nodes.update(
                c
                for c, _, edge in graph.in_edges(u, data=True)
                if edge["kind"] == "supports" and graph.nodes[c]["kind"] == "clause"
            )
        elif kind == "supports" and info["kind"] == "effect":
            if deciding_card is not None and info.get("card") == deciding_card:
                nodes.add(u)
        elif kind == "supports" and info["kind"] == "clause" and info.get("role") == "rule":
            nodes.add(u)
    nodes.update(u for u, _, data in graph.edges(data=True) if data["kind"] == "beats")
    edges = {
        (u, v)
        for u, v, data in graph.edges(data=True)
        if data["kind"] in _DECISIVE_KINDS
        and u in nodes
        and (v in nodes or data["kind"] == "beats")
    }
    return nodes, edges


def shared_notes(graph: Any, node: Any) -> list[str]:
    """What a precedent shares with the answer: the notes of its ``matches`` edges, once each."""
    notes = [
        part.strip()
        for _, _, data in graph.out_edges(node, data=True)
        if data["kind"] == "matches"
        for part in str(data.get("note") or "").split(";")
    ]
    return list(dict.fromkeys(note for note in notes if note))


def _drawn_label(graph: Any, node: Any, data: dict[str, Any], on_path: bool = False) -> str:
    """A node's drawn label; a precedent's lists what it shares with the answer (``matches: …``).

    A clause on the path that decided (``on_path``) is quoted, a precedent as a rule.
    """
    import textwrap

    label = dot_label(data, quoted=on_path)
    shared = shared_notes(graph, node) if data["kind"] == "clause" else []
    if shared:
        label += "\n" + "\n".join(textwrap.wrap("matches: " + "; ".join(shared), DOT_WIDTH))
    if data["kind"] == "clause" and data.get("differs"):
        label += "\n" + "\n".join(textwrap.wrap("differs: " + data["differs"], DOT_WIDTH))
    return label


#: A fact read but not needed (the verdict is the same without it, ``analyse``): linked to the
#: verdict by a faint dotted edge that says so, not drawn apart with no edge at all.
IDLE_NOTE = "not needed"
_DOT_IDLE = "style=dotted, color=gray55, fontcolor=gray40, arrowhead=none"


def drawn_edges(graph: Any) -> list[tuple[Any, Any, dict[str, Any]]]:
    """The edges drawn, without a ``matches`` edge beside another between the same two nodes.

    A precedent's ``matches`` edge to a node another edge already ties it to (the rule written
    from it, which ``cites`` it) is left out, not drawn back beside it.
    """
    edges = list(graph.edges(data=True))
    tied = {frozenset((u, v)) for u, v, data in edges if data["kind"] != "matches"}
    return [e for e in edges if e[2]["kind"] != "matches" or frozenset(e[:2]) not in tied]


def idle_facts(graph: Any) -> list[Any]:
    """The facts no edge touches, when there is a verdict: read, but not needed for it."""
    if "verdict" not in graph:
        return []
    linked = {node for edge in graph.edges() for node in edge}
    return [n for n, d in graph.nodes(data=True) if d["kind"] == "fact" and n not in linked]


def to_dot(answers: Sequence[Answer]) -> str:
    """A Graphviz digraph with one cluster per question; labels wrapped, rule clauses quoted.

    The path that decided is drawn thick and coloured; a precedent's ``matches`` edges thin,
    dashed and unlabelled, what it shares written on it; a fact not needed faintly dotted to
    the verdict (``idle_facts``).
    """
    font = "fontname=Helvetica"
    out = [
        "digraph rulesq {",
        "  rankdir=BT;",
        f"  graph [{font}, fontsize=12];",
        f"  node [{font}, fontsize=10];",
        f"  edge [{font}, fontsize=9];",
    ]
    for index, answer in enumerate(answers, start=1):
        graph = answer.graph.graph
        out.append(f"  subgraph cluster_{index} {{")
        out.append(f"    label={_dot_quote(answer.question.text)};")
        on_path, path_edges = decisive(graph, answer.deciding_card)
        for node, data in graph.nodes(data=True):
            shape = _DOT_SHAPES.get(str(data["kind"]), "box")
            if data["kind"] == "clause":
                fill = _DOT_FILLS.get(str(data.get("role")), _DOT_FILLS["rule"])
                shape = f"box, style=filled, fillcolor={fill}"
            if node in on_path:
                shape += f", {_DOT_DECISIVE}"
            out.append(
                f"    {_dot_quote(f'{index}/{node}')} "
                f"[label={_dot_quote(_drawn_label(graph, node, data, node in on_path))}, "
                f"shape={shape}];"
            )
        rows = _staggered(graph)
        for u, v, data in drawn_edges(graph):
            row = rows.get((u, v), 1)
            if data["kind"] == "matches":
                drawn = _DOT_MATCHES
            else:
                drawn = f"label={_dot_quote(_edge_label(data, graph.nodes[v]))}"
                if (u, v) in path_edges:
                    drawn += f', {_DOT_DECISIVE}, fontcolor="{DECISIVE_COLOUR}"'
            out.append(
                f"    {_dot_quote(f'{index}/{u}')} -> {_dot_quote(f'{index}/{v}')} "
                f"[{drawn}" + (f", minlen={row}" if row > 1 else "") + "];"
            )
        for node in idle_facts(graph):
            out.append(
                f"    {_dot_quote(f'{index}/{node}')} -> {_dot_quote(f'{index}/verdict')} "
                f'[label="{IDLE_NOTE}", {_DOT_IDLE}];'
            )
        out.append("  }")
        if index > 1:
            out += _stacked(index, answers[index - 2].graph.graph)
    out.append("}")
    return "\n".join(out) + "\n"


def _stacked(index: int, above: Any) -> list[str]:
    """Invisible edges that draw question ``index`` under the one before it, not beside it.

    Each question's drawing is wide already; side by side, four were 7,700 pixels wide and
    unreadable at any zoom that shows them whole. From this question (the top of its
    drawing) to every node at the bottom of the one above (the nodes nothing points at).
    """
    targets = {v for _, v in above.edges()}
    return [
        f"  {_dot_quote(f'{index}/question')} -> {_dot_quote(f'{index - 1}/{node}')} [style=invis];"
        for node in above.nodes
        if node not in targets
    ]


def _mermaid_text(text: str) -> str:
    """Text for a quoted Mermaid label: entity codes for ``#``, ``"``, ``<`` and ``>``.

    Mermaid reads ``#name;`` as an entity and renders labels as HTML, so a card text with
    ``<b>`` would turn bold and one with ``#quot;`` would lose its words.
    """
    for raw, code in (("#", "#35;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;")):
        text = text.replace(raw, code)
    return " ".join(text.split())


#: Mermaid classes of the node kinds drawn apart (as the DOT graph shades and outlines them).
_MERMAID_CLASSES = {
    "rule": "fill:lightyellow,stroke:#999",
    "precedent": "fill:aliceblue,stroke:#999",
    "verdict": "stroke-width:3px",
    "alternative": "stroke-dasharray:6 3",
    "absence": "stroke-dasharray:2 2",
    "decisive": "stroke:#1f4e9c,stroke-width:3px",
}


def _mermaid_class(data: dict[str, Any]) -> str | None:
    """The class a node is drawn with: its clause's role, or its kind, when either is set apart."""
    kind = str(data["kind"])
    name = str(data.get("role") or "rule") if kind == "clause" else kind
    return name if name in _MERMAID_CLASSES else None


def _mermaid_lines(text: str) -> str:
    """Wrapped lines of a label as one Mermaid label: each entity-coded, joined by ``<br/>``."""
    return "<br/>".join(_mermaid_text(line) for line in text.split("\n"))


def to_mermaid(answers: Sequence[Answer]) -> str:
    """A Mermaid flowchart with one subgraph per question, labelled and styled as the DOT one.

    Nodes carry the DOT graph's labels (kind and text, wrapped, a deciding rule's quote), and
    edges their kind and what they note (a precedent's ``matches``: what is shared).
    """
    out = ["flowchart BT"]
    thick: list[int] = []  # the links of the decisive paths, by their number in the chart
    links = 0
    for index, answer in enumerate(answers, start=1):
        graph = answer.graph.graph
        ids = {node: f"q{index}n{i}" for i, node in enumerate(graph.nodes)}
        classes: dict[str, list[str]] = {}
        out.append(f'  subgraph q{index} ["{_mermaid_text(answer.question.text)}"]')
        on_path, path_edges = decisive(graph, answer.deciding_card)
        for node, data in graph.nodes(data=True):
            label = _drawn_label(graph, node, data, node in on_path)
            out.append(f'    {ids[node]}["{_mermaid_lines(label)}"]')
            for name in (_mermaid_class(data), "decisive" if node in on_path else None):
                if name:
                    classes.setdefault(name, []).append(ids[node])
        for u, v, data in drawn_edges(graph):
            if data["kind"] == "matches":
                out.append(f"    {ids[u]} -.-> {ids[v]}")
            else:
                label = _mermaid_lines(_edge_label(data, graph.nodes[v])).replace("|", "#124;")
                out.append(f'    {ids[u]} -->|"{label}"| {ids[v]}')
            if (u, v) in path_edges:
                thick.append(links)
            links += 1
        for node in idle_facts(graph):
            out.append(f'    {ids[node]} -.->|"{IDLE_NOTE}"| {ids["verdict"]}')
            links += 1
        out.append("  end")
        # the decisive path's class last: its outline is drawn over a kind's own
        for name, members in sorted(classes.items(), key=lambda item: item[0] == "decisive"):
            out.append(f"  class {','.join(members)} {name}")
    if thick:
        out.append(
            f"  linkStyle {','.join(map(str, thick))} stroke-width:3px,stroke:{DECISIVE_COLOUR}"
        )
    out[1:1] = [f"  classDef {name} {style}" for name, style in _MERMAID_CLASSES.items()]
    return "\n".join(out) + "\n"
