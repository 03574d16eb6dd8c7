"""The derivation of an answer as a directed graph: why the verdict holds, node by node.

The graph is a small :class:`rulesq.explain.digraph.DiGraph` (networkx's interface, without
networkx): answering never imports networkx. :mod:`rulesq.explain.analysis` hands it to
networkx when a graph is analysed or drawn.

Nodes (attribute ``kind``):

- ``question`` — the question asked (one per graph, id ``question``);
- ``verdict`` — the answer (id ``verdict``; absent when the engine cannot answer);
- ``fact`` — a statement of the situation the answer uses;
- ``card`` — a card involved; ``effect`` — a card effect quoted from its card;
- ``clause`` — a rule clause quoted verbatim with its id, ``role`` ``rule`` or
  ``precedent`` (FAQ answers and rulings);
- ``step`` — a step of the game's precedence ladder;
- ``alternative`` — a verdict that lost;
- ``absence`` — a negative fact the verdict relies on ("no card ignores X");
- ``gap`` — what stops an answer: unparsed text, a value the sources never give.

Edges (attribute ``kind``), pointing from the reason to what it explains:

- ``supports`` — a fact, effect or clause supports a verdict, an effect or a step;
- ``decides`` — the ladder step that decided the verdict;
- ``beats`` — a clause, effect or step defeats an alternative;
- ``cites`` — a node cites a clause (a precedent, the clause an effect rests on);
- ``quotes`` — an effect is quoted from a card;
- ``relies-on-absence-of`` — the verdict relies on a negative fact;
- ``blocks`` — a gap stops the question from being answered;
- ``answers`` — the verdict answers the question;
- ``matches`` — an FAQ answer cited as a precedent shares this step, effect, rule, card or
  fact with the answer (``note`` says what is shared).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulesq.explain.digraph import DiGraph

if TYPE_CHECKING:
    from rulesq.corpus.models import Card, Clause
    from rulesq.engine.ladder import LadderStep

QUESTION, VERDICT = "question", "verdict"
SUPPORTS, DECIDES, BEATS, CITES = "supports", "decides", "beats", "cites"
QUOTES, ABSENCE, BLOCKS, ANSWERS = "quotes", "relies-on-absence-of", "blocks", "answers"
MATCHES = "matches"
EDGE_KINDS = (SUPPORTS, DECIDES, BEATS, CITES, QUOTES, ABSENCE, BLOCKS, ANSWERS, MATCHES)
_EDGE_KINDS = frozenset(EDGE_KINDS)

#: Clause kinds that are precedents (cited after the rule they apply).
PRECEDENT_KINDS = frozenset({"faq-answer", "qa", "ruling"})


class Derivation:
    """Builds and reads the graph of one answer; node ids are readable strings."""

    def __init__(self, question: str, line: int | None = None) -> None:
        self._graph = DiGraph()
        #: Building deferred until the graph is next read or built on (see :meth:`defer`).
        self._tail: list[Callable[[Derivation], object]] = []
        #: What the deferred building concludes, while it is deferred (see :meth:`defer`).
        self._ending: Ending | None = None
        self._counter = 0
        self._facts: dict[tuple[str, int | None], str] = {}
        #: Work left until the answer is shown (precedents are found only when printed).
        self._later: list[Callable[[Derivation], object]] = []
        #: Checks made only when the graph is analysed or drawn (facts needed, by removal).
        self._analyses: list[Callable[[Derivation], object]] = []
        #: The absence nodes, in the order added (the verdict links each when it is concluded).
        self._absences: list[str] = []
        self._graph.add_new_node(QUESTION, {"kind": "question", "label": question, "line": line})

    @property
    def graph(self) -> DiGraph:
        """The graph, with the building deferred to it done first."""
        if self._tail:
            self._settle()
        return self._graph

    @graph.setter
    def graph(self, graph: DiGraph) -> None:
        self._graph = graph

    def defer(self, work: Callable[[Derivation], object], ending: Ending | None = None) -> None:
        """Building that ends the graph, done when the graph is next read or built on.

        A check reads the verdict of most answers and never their graph: the nodes and edges
        only a rendering reads (the facts, the verdict's own node and edges) are then never
        made. The work gets the graph and must not hold it (see :meth:`later`); it must add no
        absence node (:meth:`assumptions` and the absences are read without it). Each method
        that builds or reads does the deferred work first, so that the graph is the one
        building it at once would give: the same nodes, edges and ids, in the same order.

        ``ending``: what the work concludes (the verdict's step and supports), when the work
        concludes the graph: the deciding step, effects and clauses are then read from it,
        and the work is still not done (a check reads them for its ``expect`` lines).
        """
        self._ending = ending if not self._tail and VERDICT not in self._graph.node_data else None
        self._tail.append(work)

    def _settle(self) -> None:
        """Do the deferred building, in the order deferred."""
        work, self._tail = self._tail, []
        self._ending = None
        for item in work:
            item(self)

    # ------------------------------------------------------------------ building
    def _add(self, node: str, kind: str, label: str, **attrs: Any) -> str:
        graph = self.graph
        if node not in graph.node_data:
            graph.add_new_node(node, {"kind": kind, "label": label, **attrs})
        return node

    def _new(self, prefix: str, kind: str, label: str, **attrs: Any) -> str:
        """A node of a fresh id (``prefix:N``, N counting every such node): none has it yet."""
        graph = self.graph  # the deferred nodes first: they take their numbers before this one
        self._counter += 1
        node = f"{prefix}:{self._counter}"
        graph.add_new_node(node, {"kind": kind, "label": label, **attrs})
        return node

    def link(self, source: str, target: str, kind: str, note: str = "") -> None:
        """Add a typed edge from a reason to what it explains."""
        if kind not in _EDGE_KINDS:
            raise ValueError(f"unknown edge kind {kind!r}")
        self.graph.add_edge_data(source, target, {"kind": kind, "note": note})

    def fact(self, text: str, line: int | None = None) -> str:
        """A statement of the situation (as written)."""
        graph = self.graph
        known = self._facts.get((text, line))
        if known is not None and known in graph.node_data:
            return known
        node = self._facts[text, line] = self._new("fact", "fact", text, line=line)
        return node

    def facts_of(self, written: Iterable[tuple[str, int | None]]) -> list[str]:
        """The nodes of statements of the situation, ``(text, line)`` each, as :meth:`fact` adds.

        One call for all the facts an answer rests on (every answer adds them): the same nodes,
        in the same order, as a call of :meth:`fact` for each.
        """
        graph = self.graph
        nodes = graph.node_data
        known_facts = self._facts
        out = []
        for text, line in written:
            known = known_facts.get((text, line))
            if known is None or known not in nodes:
                self._counter += 1
                known = known_facts[text, line] = f"fact:{self._counter}"
                graph.add_new_node(known, {"kind": "fact", "label": text, "line": line})
            out.append(known)
        return out

    def card(self, name: str, card: Card | None = None) -> str:
        """A card involved in the answer."""
        node = f"card:{card.id if card else name}"
        return self._add(node, "card", name, card_id=card.id if card else None)

    def effect(
        self,
        card_name: str,
        text: str,
        card: Card | None = None,
        span: tuple[int, int] | None = None,
        **attrs: Any,
    ) -> str:
        """A card effect quoted from its card (an edge ``quotes`` to the card node).

        ``attrs`` may say what kind of rule it is (``rule_kind``), whose card it is
        (``whose``) and the card's type (``card_type``): precedents match on them.
        """
        node = self._new(
            "effect",
            "effect",
            text,
            card=card_name,
            span=list(span) if span else None,
            **attrs,
        )
        self.link(node, self.card(card_name, card), QUOTES)
        return node

    def clause(self, clause: Clause, role: str | None = None) -> str:
        """A rule clause, quoted verbatim with its id; ``role`` is rule or precedent."""
        node, attrs = _clause_attrs(clause)
        graph = self.graph
        if node not in graph.node_data:
            chosen = role or ("precedent" if clause.kind in PRECEDENT_KINDS else "rule")
            order = graph.number_of_nodes()
            graph.add_new_node(node, {**attrs, "role": chosen, "order": order})
        return node

    def step(self, step: LadderStep, clauses: Iterable[Clause] = ()) -> str:
        """A ladder step, supported by the clauses that establish it."""
        node = self._add(
            f"step:{step.name}", "step", step.name, rank=step.rank, description=step.description
        )
        for clause in clauses:
            self.link(self.clause(clause, role="rule"), node, SUPPORTS)
        return node

    def alternative(self, shown: str, value: Any = None) -> str:
        """A verdict that lost (link what beat it with ``beats``)."""
        return self._new("alternative", "alternative", shown, value=value)

    def absence(self, text: str, assumed: bool = False, **attrs: Any) -> str:
        """A negative fact the verdict relies on (an edge from the verdict, once there is one).

        ``assumed`` marks one the sources do not establish (a card text they never quote): an
        answer shows those even in its short form. ``attrs`` are kept on the node (what a
        default's re-asking needs, as ``icons_read``).
        """
        node = self._new("absence", "absence", text, assumed=assumed, **attrs)
        self._absences.append(node)
        if VERDICT in self.graph.node_data:
            self.link(VERDICT, node, ABSENCE)
        return node

    def gap(self, text: str, reason: str) -> str:
        """Something that stops the answer (unparsed text, an unknown value)."""
        node = self._new("gap", "gap", text, reason=reason)
        self.link(node, QUESTION, BLOCKS)
        return node

    def conclude(self, shown: str, value: Any, status: str, decided_by: str | None = None) -> str:
        """Add the verdict node (and the ``decides`` edge from its ladder step)."""
        self._add(VERDICT, "verdict", shown, value=value, status=status)
        self.link(VERDICT, QUESTION, ANSWERS)
        if decided_by is not None:
            self.link(f"step:{decided_by}", VERDICT, DECIDES)
        nodes = self.graph.node_data
        for node in self._absences:
            if node in nodes:
                self.link(VERDICT, node, ABSENCE)
        return VERDICT

    def support(self, nodes: Iterable[str], target: str = VERDICT) -> None:
        """A ``supports`` edge from each of ``nodes`` to ``target``, in order (as :meth:`link`)."""
        add = self.graph.add_edge_data
        for node in nodes:
            add(node, target, {"kind": SUPPORTS, "note": ""})

    def later(self, work: Callable[[Derivation], object]) -> None:
        """Work to do on the graph before the answer is shown (see :meth:`complete`).

        The work gets the graph: it must not hold the graph, nor the answer or context that
        hold it (a cycle the collector alone frees, and a check makes thousands of graphs).
        """
        self._later.append(work)

    def complete(self) -> Derivation:
        """Do the work left for showing the answer (finding its precedents), once."""
        if self._tail:
            self._settle()
        while self._later:
            self._later.pop(0)(self)
        return self

    def analysis(self, work: Callable[[Derivation], object]) -> None:
        """A check to run when the graph is analysed or drawn (see :meth:`analyse`).

        Like :meth:`later`'s work, it gets the graph and must not hold it.
        """
        self._analyses.append(work)

    def analyse(self) -> Derivation:
        """Complete the graph, then run its analyses (once): only edges that mean something."""
        self.complete()
        while self._analyses:
            self._analyses.pop(0)(self)
        return self

    def portable(self) -> Derivation:
        """Complete the graph and drop the analyses not run yet, so that it pickles.

        A worker process sends answers back this way. An analysis left out keeps every edge
        it would have checked (as an answer never analysed has them): only a caller that
        draws or explains the graph needs the analyses.
        """
        self.complete()
        self._analyses = []
        return self

    # ------------------------------------------------------------------ reading
    def nodes(self, kind: str) -> list[str]:
        """The ids of the nodes of one kind, in the order they were added."""
        if kind == "absence":  # no deferred absences; each is listed as added
            return [str(n) for n, _ in self.absence_nodes()]
        return [str(n) for n, data in self.graph.node_data.items() if data["kind"] == kind]

    def absence_nodes(self) -> list[tuple[str, dict[str, Any]]]:
        """The absence nodes and their attributes (not to be changed), in the order added.

        Every absence node is made by :meth:`absence`, which lists it: read from that list
        (dropping any removed since), not from every node of the graph (each answer's
        assumptions are read a few times, to ask the defaults again).
        """
        nodes = self._graph.node_data
        return [(node, nodes[node]) for node in self._absences if node in nodes]

    def data(self, node: str) -> dict[str, Any]:
        """A node's attributes."""
        nodes = self._graph.node_data  # deferred building changes no node made already
        return dict(nodes[node] if node in nodes else self.graph.node_data[node])

    def citations(self) -> list[dict[str, Any]]:
        """The cited clauses: rules first, then precedents, each in the order added."""
        self.complete()
        clauses = [self.data(n) for n in self.nodes("clause")]
        return sorted(clauses, key=lambda c: (c["role"] != "rule", c["order"]))

    def effects(self) -> list[dict[str, Any]]:
        """The card effects involved, quoted from their cards."""
        return [self.data(n) for n in self.nodes("effect")]

    def loose_facts(self) -> list[str]:
        """The fact nodes that explain nothing yet (no edge out of them), in the order added."""
        graph = self.graph
        explaining = {source for source, _target in graph.edges()}
        return [
            str(node)
            for node, data in graph.node_data.items()
            if data["kind"] == "fact" and node not in explaining
        ]

    def facts(self) -> list[dict[str, Any]]:
        """The facts of the situation the answer uses."""
        return [self.data(n) for n in self.nodes("fact")]

    def negatives(self) -> list[str]:
        """The negative facts the verdict relies on."""
        return [str(d["label"]) for _, d in self.absence_nodes()]

    def assumptions(self) -> list[str]:
        """The negative facts taken for granted because the sources are silent."""
        return [str(d["label"]) for _, d in self.absence_nodes() if d.get("assumed")]

    def gaps(self) -> list[dict[str, Any]]:
        """What stopped the answer, if anything."""
        return [self.data(n) for n in self.nodes("gap")]

    def alternatives(self) -> list[tuple[dict[str, Any], list[tuple[dict[str, Any], str]]]]:
        """Each alternative that lost, with the nodes that beat it and the edge kind."""
        out = []
        for node in self.nodes("alternative"):
            beaten_by = [
                (self.data(str(src)), str(attrs["kind"]))
                for src, _, attrs in self.graph.in_edges(node, data=True)
            ]
            out.append((self.data(node), beaten_by))
        return out

    def _ended(self) -> Ending | None:
        """What the deferred work concludes, if the graph's verdict can be read from it.

        Only when every node the verdict rests on is made already, and the step that decides
        does not support it as well (its edge would then be a ``supports`` edge).
        """
        ending = self._ending
        if ending is None or not self._tail:
            return None
        nodes = self._graph.node_data
        if not all(node in nodes for node in ending.supported_by):
            return None
        if ending.step is not None and f"step:{ending.step}" in ending.supported_by:
            return None
        return ending

    def deciding_step(self) -> str | None:
        """The name of the ladder step that decided the verdict, if one did."""
        ending = self._ended()
        if ending is not None:
            return ending.step
        if VERDICT not in self.graph:
            return None
        for src, _, attrs in self.graph.in_edges(VERDICT, data=True):
            if attrs["kind"] == DECIDES:
                return str(self.graph.nodes[src]["label"])
        return None

    def supporting_effects(self) -> list[dict[str, Any]]:
        """The card effects with a ``supports`` edge to the verdict, in the order linked."""
        ending = self._ended()
        if ending is not None:
            nodes = self._graph.node_data
            return [
                dict(nodes[node])
                for node in dict.fromkeys(ending.supported_by)
                if nodes[node]["kind"] == "effect"
            ]
        if VERDICT not in self.graph:
            return []
        return [
            self.data(str(src))
            for src, _, attrs in self.graph.in_edges(VERDICT, data=True)
            if attrs["kind"] == SUPPORTS and self.graph.nodes[src]["kind"] == "effect"
        ]

    def deciding_clauses(self) -> list[dict[str, Any]]:
        """The rule clauses the verdict rests on most directly (the step's, else its own)."""
        if VERDICT not in self.graph:
            return []
        found: list[dict[str, Any]] = []
        for src, _, attrs in self.graph.in_edges(VERDICT, data=True):
            data = self.graph.nodes[src]
            if attrs["kind"] == DECIDES:
                found = [
                    self.data(str(c))
                    for c, _, edge in self.graph.in_edges(src, data=True)
                    if self.graph.nodes[c]["kind"] == "clause" and edge["kind"] != MATCHES
                ] + found
            elif attrs["kind"] == SUPPORTS and data["kind"] == "clause":
                found.append(self.data(str(src)))
        unique = list({clause["clause_id"]: clause for clause in found}.values())
        return sorted(unique, key=lambda c: (c["role"] != "rule", c["order"]))

    def deciding_clause_ids(self) -> set[str]:
        """The ids of :meth:`deciding_clauses`."""
        ending = self._ended()
        if ending is None:
            return {str(clause["clause_id"]) for clause in self.deciding_clauses()}
        graph = self._graph
        nodes = graph.node_data
        ids = {
            str(nodes[node]["clause_id"])
            for node in ending.supported_by
            if nodes[node]["kind"] == "clause"
        }
        if ending.step is not None:
            ids.update(ending.step_clauses)
            step = f"step:{ending.step}"
            if step in nodes:
                ids.update(
                    str(nodes[c]["clause_id"])
                    for c, _, edge in graph.in_edges(step, data=True)
                    if nodes[c]["kind"] == "clause" and edge["kind"] != MATCHES
                )
        return ids

    def supported(self, removed: Iterable[str] = ()) -> bool:
        """Whether the verdict still has support once the ``removed`` nodes are gone.

        Evidence is a fact, an effect or a clause. A ladder step holds only while a
        clause supports it; a verdict decided by a step holds only while that step holds
        (precedence verdicts rest on the ladder clause); any other verdict needs one
        supported predecessor along ``supports``.
        """
        gone = set(removed)
        if VERDICT not in self.graph or VERDICT in gone:
            return False
        memo: dict[str, bool] = {}

        def holds(node: str, seen: frozenset[str]) -> bool:
            if node in gone or node in seen:
                return False
            if node in memo:
                return memo[node]
            kind = self.graph.nodes[node]["kind"]
            reasons = [
                (str(s), a["kind"])
                for s, _, a in self.graph.in_edges(node, data=True)
                if a["kind"] in (SUPPORTS, DECIDES)
            ]
            inner = seen | {node}
            if kind in ("fact", "clause", "effect", "card"):
                result = True
            elif kind == "step":
                result = any(
                    holds(s, inner) for s, k in reasons if self.graph.nodes[s]["kind"] == "clause"
                )
            else:
                deciders = [s for s, k in reasons if k == DECIDES]
                if deciders:
                    result = all(holds(s, inner) for s in deciders)
                else:
                    result = any(holds(s, inner) for s, _ in reasons)
            memo[node] = result
            return result

        return holds(VERDICT, frozenset())

    def unstate(self, text: str, line: int) -> None:
        """Read the graph on the situation as written, without a statement a re-ask inserted.

        An answer judged on a situation restated with ``text`` inserted as line ``line`` (each
        way of a choice the situation leaves open, every way giving the same verdict) shows
        no such fact, and the lines after it keep their numbers as written.
        """
        data = self.graph.node_data
        inserted = [
            node
            for node, attrs in data.items()
            if attrs["kind"] == "fact" and attrs.get("line") == line and attrs["label"] == text
        ]
        self._graph.remove_nodes_from(inserted)
        for attrs in data.values():
            at = attrs.get("line")
            if isinstance(at, int) and at > line:
                attrs["line"] = at - 1
        self._facts = {
            key: node for key, node in self._facts.items() if node in self._graph.node_data
        }

    def without(self, nodes: Iterable[str]) -> Derivation:
        """A copy of the derivation with some nodes removed (for what-if tests)."""
        copy = Derivation.__new__(Derivation)
        copy._tail = []
        copy.graph = self.graph.copy()
        copy.graph.remove_nodes_from(list(nodes))
        copy._counter = self._counter
        copy._facts = dict(self._facts)
        copy._absences = [n for n in self._absences if n in copy.graph.node_data]
        copy._later, copy._analyses = [], []
        return copy


@dataclass(frozen=True)
class Ending:
    """What building a graph's end concludes, read while it is deferred (:meth:`Derivation.defer`).

    ``step``: the ladder step that decides (its node ``step:NAME`` gets the ``decides`` edge),
    with the ids of the clauses it is cited with; ``supported_by``: the nodes that support the
    verdict, made already (the facts the work adds besides are none of these kinds).
    """

    step: str | None
    step_clauses: tuple[str, ...]
    supported_by: tuple[str, ...]


#: Each clause's node id and the attributes its node starts with, by the clause's identity
#: (the clause is kept with them, so that its id stays its own).
_CLAUSE_ATTRS: dict[int, tuple[Clause, str, dict[str, Any]]] = {}


def _clause_attrs(clause: Clause) -> tuple[str, dict[str, Any]]:
    """A clause's node id and node attributes but its role and order (made once per clause)."""
    kept = _CLAUSE_ATTRS.get(id(clause))
    if kept is not None and kept[0] is clause:
        return kept[1], kept[2]
    node = f"clause:{clause.id}"
    attrs = {
        "kind": "clause",
        "label": clause.id,
        "clause_id": clause.id,
        "text": clause.text,
        "question": clause.question,
        "source": clause.source(),
        "clause_kind": clause.kind,
    }
    if len(_CLAUSE_ATTRS) >= CLAUSES_KEPT:
        _CLAUSE_ATTRS.clear()
    _CLAUSE_ATTRS[id(clause)] = (clause, node, attrs)
    return node, attrs


#: How many clauses' attributes are kept (more than any game's corpus holds).
CLAUSES_KEPT = 20_000
