"""FMA graphs: the facts an answer read support its verdict or its gap (none drawn alone)."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.errors import RulesqError
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parent.parent
#: Question kinds whose read facts are not linked yet (none left).
NOT_YET: set[str] = set()


def _fma_files() -> list[Path]:
    files = [*ROOT.joinpath("corpus", "fma", "cases").rglob("*.rq")]
    files += [p for p in ROOT.joinpath("tests", "cases").rglob("*.rq") if "fma" in p.parent.name]
    return sorted(files)


def test_every_fact_an_fma_answer_read_supports_its_verdict_or_gap() -> None:
    """Over every FMA case, an answer's graph (a *cannot answer* too) has no fact alone."""
    checked, loose = 0, []
    for path in _fma_files():
        try:
            situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
            found = evaluate(situation)
        except RulesqError:
            continue  # an input-error case
        for answer in found:
            if answer.question.kind in NOT_YET:
                continue
            checked += 1
            for node in answer.graph.loose_facts():
                loose.append(f"{path.name}: {answer.graph.data(node)['label']}")
    assert checked > 400 and not loose, loose[:10]


def test_a_loose_fact_is_one_with_no_edge_out() -> None:
    """``loose_facts`` finds the fact nodes linked to nothing, and only those."""
    from rulesq.explain.graph import Derivation

    graph = Derivation("ask what?", 1)
    first, second = graph.fact("one", 1), graph.fact("two", 2)
    assert graph.loose_facts() == [first, second]
    graph.conclude("yes", True, "definite")
    graph.support([first])
    assert graph.loose_facts() == [second]


def test_the_facts_read_before_a_cannot_answer_support_its_gap() -> None:
    """A fact added before the handler stopped is linked to the gap, not left alone."""
    from rulesq.engine.dispatch import Context
    from rulesq.games import get_game

    situation = parse_situation('game fma\ncharacter "A" (strength 1)\nask is "A" set?\n', "<t>")
    question = situation.questions[0]
    ctx = Context(situation, question, get_game("fma"))
    ctx.fact(situation.facts_before(question)[0])
    graph = ctx.cannot("not known").graph
    (gap,) = graph.nodes("gap")
    assert graph.loose_facts() == []
    assert [s for s, t in graph.graph.edges() if t == gap and graph.data(s)["kind"] == "fact"]
