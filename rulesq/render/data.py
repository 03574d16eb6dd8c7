"""Answers as plain data for ``--json``: the same content as the text output, and more."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.expect import Outcome


def answer_to_dict(answer: Answer, outcomes: Sequence[Outcome] = ()) -> dict[str, Any]:
    """One answer as a JSON-ready dictionary."""
    graph = answer.graph
    verdict = answer.verdict
    return {
        "question": answer.question.text,
        "kind": answer.question.kind,
        "line": answer.question.span.line,
        "game": answer.game,
        "verdict": None
        if verdict is None
        else {"type": verdict.kind, "value": verdict.to_json(), "shown": verdict.show()},
        "status": answer.status.key,
        "decided_by": answer.decided_by,
        "deciding_card": answer.deciding_card,
        "reason": answer.reason,
        "citations": [_clause(c) for c in answer.citations()],
        "effects": [{"card": e["card"], "text": e["label"]} for e in graph.effects()],
        "facts": [{"text": f["label"], "line": f.get("line")} for f in graph.facts()],
        "alternatives": [
            {
                "verdict": alt["label"],
                "beaten_by": [
                    {"node": _name(node), "kind": node["kind"], "edge": edge}
                    for node, edge in beaten
                    if edge == "beats"
                ],
            }
            for alt, beaten in graph.alternatives()
        ],
        "negatives": graph.negatives(),
        "assumptions": graph.assumptions(),
        "gaps": [{"text": g["label"], "reason": g["reason"]} for g in graph.gaps()],
        "not_asked": list(answer.not_asked),
        "expectations": [
            {
                "expect": o.expectation.text,
                "kind": o.expectation.kind.replace("_", "-"),
                "result": o.result.key,
                "detail": o.detail or None,
            }
            for o in outcomes
        ],
    }


def _clause(node: dict[str, Any]) -> dict[str, Any]:
    out = {
        "id": node["clause_id"],
        "role": node["role"],
        "kind": node["clause_kind"],
        "source": node["source"],
        "text": node["text"],
    }
    if node.get("question"):
        out["question"] = node["question"]
    if node.get("why"):
        out["why"] = node["why"]
    if node.get("differs"):
        out["differs_by"] = node["differs_by"]
        out["differs"] = node["differs"]
    return out


def _name(node: dict[str, Any]) -> str:
    return str(node.get("clause_id") or node["label"])
