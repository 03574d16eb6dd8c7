"""A small directed graph with node and edge data, so answering needs no networkx.

It offers the part of networkx's ``DiGraph`` interface the derivation uses (``add_node``,
``add_edge``, ``nodes``, ``edges``, ``in_edges``, ``out_edges``, ``copy``, ...);
:meth:`DiGraph.to_networkx` hands the graph to networkx when one is analysed or drawn.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx


class NodeView:
    """``graph.nodes``: iterate ids, ``nodes[id]`` for data, ``nodes(data=True)`` for pairs."""

    def __init__(self, data: dict[Hashable, dict[str, Any]]) -> None:
        self._data = data

    def __call__(self, data: bool = False) -> list[Any]:
        """The node ids, or ``(id, attributes)`` pairs with ``data``."""
        return list(self._data.items()) if data else list(self._data)

    def __getitem__(self, node: Hashable) -> dict[str, Any]:
        return self._data[node]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._data)

    def __contains__(self, node: object) -> bool:
        return node in self._data

    def __len__(self) -> int:
        return len(self._data)


class DiGraph:
    """Nodes with attributes and at most one edge, with attributes, from a node to another."""

    def __init__(self) -> None:
        self._nodes: dict[Hashable, dict[str, Any]] = {}
        #: The nodes' attributes by node (read only: ``node in graph.node_data`` is a lookup
        #: without a method call).
        self.node_data = self._nodes
        self._succ: dict[Hashable, dict[Hashable, dict[str, Any]]] = {}
        self._pred: dict[Hashable, dict[Hashable, dict[str, Any]]] = {}

    @property
    def nodes(self) -> NodeView:
        """The nodes (see :class:`NodeView`)."""
        return NodeView(self._nodes)

    def __contains__(self, node: object) -> bool:
        return node in self._nodes

    def __len__(self) -> int:
        return len(self._nodes)

    def number_of_nodes(self) -> int:
        """How many nodes there are."""
        return len(self._nodes)

    def add_node(self, node: Hashable, **attrs: Any) -> None:
        """Add a node, or update its attributes."""
        self._nodes.setdefault(node, {}).update(attrs)
        self._succ.setdefault(node, {})
        self._pred.setdefault(node, {})

    def add_new_node(self, node: Hashable, attrs: dict[str, Any]) -> None:
        """Add a node not in the graph, with these attributes (the dict is kept as given)."""
        self._nodes[node] = attrs
        self._succ[node] = {}
        self._pred[node] = {}

    def add_edge(self, source: Hashable, target: Hashable, **attrs: Any) -> None:
        """Add an edge (and its nodes), or update its attributes."""
        self.add_edge_data(source, target, attrs)

    def add_edge_data(self, source: Hashable, target: Hashable, attrs: dict[str, Any]) -> None:
        """:meth:`add_edge` with the attributes as a dict (kept as given for a new edge)."""
        nodes = self._nodes
        if source not in nodes:
            self.add_new_node(source, {})
        if target not in nodes:
            self.add_new_node(target, {})
        out = self._succ[source]
        data = out.get(target)
        if data is None:
            data = out[target] = attrs
        else:
            data.update(attrs)
        self._pred[target][source] = data

    def has_edge(self, source: Hashable, target: Hashable) -> bool:
        """Whether there is an edge from ``source`` to ``target``."""
        return target in self._succ.get(source, {})

    def remove_edge(self, source: Hashable, target: Hashable) -> None:
        """Remove an edge (KeyError if there is none)."""
        del self._succ[source][target]
        del self._pred[target][source]

    def remove_nodes_from(self, nodes: Iterable[Hashable]) -> None:
        """Remove these nodes and their edges (absent ones are skipped)."""
        for node in list(nodes):
            if node not in self._nodes:
                continue
            for target in self._succ.pop(node):
                del self._pred[target][node]
            for source in self._pred.pop(node):
                del self._succ[source][node]
            del self._nodes[node]

    def edges(self, data: bool = False) -> list[Any]:
        """Every edge: ``(source, target)`` or, with ``data``, ``(source, target, attrs)``."""
        return [
            (u, v, d) if data else (u, v) for u, out in self._succ.items() for v, d in out.items()
        ]

    def in_edges(self, node: Hashable, data: bool = False) -> list[Any]:
        """The edges into ``node``."""
        return [(u, node, d) if data else (u, node) for u, d in self._pred[node].items()]

    def out_edges(self, node: Hashable, data: bool = False) -> list[Any]:
        """The edges out of ``node``."""
        return [(node, v, d) if data else (node, v) for v, d in self._succ[node].items()]

    def copy(self) -> DiGraph:
        """A copy (attributes copied one level deep)."""
        new = DiGraph()
        for node, attrs in self._nodes.items():
            new.add_node(node, **attrs)
        for u, v, attrs in self.edges(data=True):
            new.add_edge(u, v, **attrs)
        return new

    def to_networkx(self) -> nx.DiGraph:
        """The same graph as a networkx ``DiGraph`` (imports networkx)."""
        import networkx as nx

        graph = nx.DiGraph()
        graph.add_nodes_from(self._nodes.items())
        graph.add_edges_from(self.edges(data=True))
        return graph
