"""A quote shows the words that decide: which designator a triggered text bears.

Warhammer FAQ, Simultaneous Effects: Forced effects resolve before Actions can be triggered. The
answer "Troll Den resolves before Advanced Engineering" rests on "Forced:" against "Action:";
quoting each card as "At the beginning of your turn" alone showed two identical texts for a
verdict that tells them apart.
"""

from __future__ import annotations

from pathlib import Path

from rulesq.engine.dispatch import evaluate
from rulesq.paths import corpus_dir
from rulesq.situation import read_situation

CASE = Path(
    corpus_dir(), "warhammer", "cases", "chain", "example-troll-den-forced-before-action.rq"
)


def test_the_designators_that_order_two_triggers_are_quoted() -> None:
    first, second = evaluate(read_situation(CASE))[:2]
    for answer in (first, second):
        quoted = {e["card"]: e["label"] for e in answer.graph.effects()}
        assert quoted["Troll Den"] == "Forced: At the beginning of your turn", quoted
        assert quoted["Advanced Engineering"] == "Action: At the beginning of your turn", quoted
