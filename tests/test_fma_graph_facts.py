"""FMA graphs: the facts a judged answer read support its verdict (none drawn alone)."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.errors import RulesqError
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parent.parent
#: Question kinds whose answers are concluded outside the claims' judge: their read facts are
#: not linked yet (left for later).
NOT_YET = {"waits", "is_defeated"}


def _fma_files() -> list[Path]:
    files = [*ROOT.joinpath("corpus", "fma", "cases").rglob("*.rq")]
    files += [p for p in ROOT.joinpath("tests", "cases").rglob("*.rq") if "fma" in p.parent.name]
    return sorted(files)


def test_every_fact_a_judged_fma_answer_read_supports_its_verdict() -> None:
    """Over every FMA case, an answered question's graph has no fact that explains nothing."""
    checked, loose = 0, []
    for path in _fma_files():
        try:
            situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
            found = evaluate(situation)
        except RulesqError:
            continue  # an input-error case
        for answer in found:
            if not answer.answered or answer.question.kind in NOT_YET:
                continue
            checked += 1
            for node in answer.graph.loose_facts():
                loose.append(f"{path.name}: {answer.graph.data(node)['label']}")
    assert checked > 300 and not loose, loose[:10]


def test_a_loose_fact_is_one_with_no_edge_out() -> None:
    """``loose_facts`` finds the fact nodes linked to nothing, and only those."""
    from rulesq.explain.graph import Derivation

    graph = Derivation("ask what?", 1)
    first, second = graph.fact("one", 1), graph.fact("two", 2)
    assert graph.loose_facts() == [first, second]
    graph.conclude("yes", True, "definite")
    graph.support([first])
    assert graph.loose_facts() == [second]
