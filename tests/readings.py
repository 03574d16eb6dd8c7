"""Shared by tests of Blue Moon readings: the situation files that read, what an answer says."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rulesq.engine.answer import Answer
from rulesq.errors import RulesqError
from rulesq.situation import read_situation
from rulesq.situation.model import Situation


def bluemoon_situations(paths: Iterable[Path]) -> list[Situation]:
    """Every Blue Moon situation file of ``paths`` that reads (input errors: tested elsewhere)."""
    found = []
    for path in paths:
        if "game bluemoon" not in path.read_text(encoding="utf-8"):
            continue
        try:
            found.append(read_situation(path))
        except RulesqError:
            continue
    return found


def shown(answer: Answer) -> tuple[object, ...]:
    """What an answer says: status, verdict, reason, the clauses it cites, its assumptions."""
    verdict = answer.verdict.show() if answer.verdict is not None else None
    cited = [(c["clause_id"], c["role"]) for c in answer.citations()]
    graph = answer.graph
    assumed = sorted(str(graph.data(node)["label"]) for node in graph.nodes("absence"))
    return answer.status, verdict, answer.reason, cited, assumed
