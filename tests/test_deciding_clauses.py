"""The clauses that decide a verdict are the same before and after its precedents are found.

A precedent (an FAQ answer) is linked to the step it shares with a ``matches`` edge; it does
not decide the step. ``expect decided by <clause>`` reads the deciding clauses before the
precedents are found (``check`` never prints them), ``ask`` after: both must see the same.
"""

from __future__ import annotations

from pathlib import Path

from rulesq.engine.dispatch import evaluate
from rulesq.situation import read_situation

CASES = Path(__file__).resolve().parents[1] / "corpus" / "bluemoon" / "cases"
#: Topics whose answers have precedents linked to the deciding step.
TOPICS = ("bluffing-calling-a-bluff", "bluffing-general-rules")


def test_precedents_do_not_change_the_deciding_clauses() -> None:
    compared = 0
    for path in sorted(p for topic in TOPICS for p in (CASES / topic).glob("*.rq")):
        for answer in evaluate(read_situation(path)):
            if not answer.answered:
                continue
            ids = answer.graph.deciding_clause_ids()
            before = [c["clause_id"] for c in answer.graph.deciding_clauses()]
            answer.graph.complete()  # the precedents found and linked
            after = [c["clause_id"] for c in answer.graph.deciding_clauses()]
            matched = answer.graph.graph.edges(data=True)
            linked = sum(1 for _, _, edge in matched if edge["kind"] == "matches")
            compared += 1 if linked else 0
            assert before == after, path
            assert ids == set(after), path
    assert compared >= 10  # answers whose precedents were linked were compared
