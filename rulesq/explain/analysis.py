"""Analyses of a derivation with networkx, run only when a graph is explained or drawn.

- :func:`depends_on`: the facts the verdict depends on (its ancestors in the graph);
- :func:`ignore_loops`: cards that ignore one another (strongly connected components of the
  "ignores" relation);
- :func:`prune_facts`: a fact supports the verdict only if removing it changes the verdict
  (a necessity check by removal); the other ``supports`` edges from facts are dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING

import networkx as nx

if TYPE_CHECKING:
    from rulesq.explain.graph import Derivation


def depends_on(derivation: Derivation) -> list[str]:
    """The fact nodes the verdict depends on: its ancestors (in the order they were added)."""
    graph = derivation.graph
    if "verdict" not in graph:
        return []
    above = nx.ancestors(derivation.graph.to_networkx(), "verdict")
    return [node for node in derivation.nodes("fact") if node in above]


def ignore_loops(ignores: Iterable[tuple[Hashable, Hashable]]) -> list[set[Hashable]]:
    """The groups of cards that ignore one another (a card ignoring itself included)."""
    graph = nx.DiGraph(list(ignores))
    return [
        set(group)
        for group in nx.strongly_connected_components(graph)
        if len(group) > 1 or any(graph.has_edge(n, n) for n in group)
    ]


def prune_facts(
    derivation: Derivation, unchanged_without: Callable[[str], bool], checks: int | None = None
) -> list[str]:
    """Drop the ``supports`` edge of each fact whose removal leaves the verdict as it is.

    ``unchanged_without(node)`` answers the question again without that fact and says
    whether the verdict is the same. At most ``checks`` facts are tried (each try answers
    the whole situation again): the edges of the others are kept, unproven. Returns the
    fact nodes whose edge was dropped.
    """
    graph = derivation.graph
    dropped = []
    tried = 0
    for node in depends_on(derivation):
        if not graph.has_edge(node, "verdict"):
            continue
        if graph.nodes[node].get("line") is None:
            continue
        if checks is not None and tried >= checks:
            break
        tried += 1
        if not unchanged_without(node):
            continue
        graph.remove_edge(node, "verdict")
        dropped.append(node)
    return dropped
