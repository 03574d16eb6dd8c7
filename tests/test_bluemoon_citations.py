"""Citations of Blue Moon answers: every clause cited exists and is quoted verbatim, and a
precedence verdict rests on its ladder clause (remove it and the verdict is unsupported)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from conftest import EXAMPLES

from rulesq.corpus import load_corpus
from rulesq.engine import Status, evaluate
from rulesq.engine.answer import Answer
from rulesq.paths import corpus_dir
from rulesq.situation import read_situation

FILES = sorted((corpus_dir() / "bluemoon" / "cases").rglob("*.rq")) + sorted(
    (EXAMPLES / "bluemoon").glob("*.rq")
)


@cache
def seed() -> str:
    """The Blue Moon seed, whitespace squashed."""
    text = (corpus_dir() / "bluemoon" / "source.txt").read_text(encoding="utf-8")
    return " ".join(text.split())


@cache
def all_answers() -> list[tuple[str, Answer]]:
    """Every answer to every question of the Blue Moon cases and examples."""
    out = []
    for path in FILES:
        for answer in evaluate(read_situation(path)):
            out.append((f"{Path(path).name}:{answer.question.span.line}", answer))
    return out


def answered() -> list[tuple[str, Answer]]:
    return [(where, a) for where, a in all_answers() if a.answered]


def test_there_are_answers_to_check() -> None:
    """The checks below look at many answers, some decided by precedence."""
    assert len(answered()) > 200
    assert sum(1 for _, a in answered() if a.status is Status.PRECEDENCE) > 10


def test_every_cited_clause_exists_and_is_quoted_verbatim() -> None:
    """Each clause node carries the corpus clause's id and exact text, found in the seed."""
    corpus = load_corpus("bluemoon")
    wrong = []
    for where, answer in answered():
        for cited in answer.citations():
            clause = corpus.find_clause(cited["clause_id"])
            if clause is None or clause.text != cited["text"]:
                wrong.append(f"{where}: {cited['clause_id']}")
            elif " ".join(clause.text.split()) not in seed():
                wrong.append(f"{where}: {cited['clause_id']} is not verbatim")
    assert wrong == []


def test_every_answer_cites_a_rule_or_a_card() -> None:
    """No verdict stands on nothing: it cites a clause or quotes a card effect (the contested
    element, a stated fact unless a card changed it, is the one exception)."""
    bare = [
        where
        for where, answer in answered()
        if not answer.citations()
        and not answer.graph.effects()
        and answer.question.kind != "element"
    ]
    assert bare == []


def test_every_verdict_is_supported() -> None:
    """The derivation graph supports each verdict."""
    assert [where for where, answer in answered() if not answer.graph.supported()] == []


@pytest.mark.parametrize("step", ["I must", "ignore", "you may not", "card text"])
def test_removing_the_ladder_clause_unsupports_a_precedence_verdict(step: str) -> None:
    """For verdicts decided by a ladder step, the step's clause is what holds them up."""
    decided = [(where, a) for where, a in answered() if a.decided_by == step]
    if not decided:
        pytest.skip(f"no verdict is decided by {step!r} yet")
    for where, answer in decided:
        graph = answer.graph
        step_node = f"step:{step}"
        clauses = [
            str(src)
            for src, _ in graph.graph.in_edges(step_node)
            if graph.graph.nodes[src]["kind"] == "clause"
        ]
        assert clauses, where
        assert graph.supported(), where
        assert not graph.without(clauses).supported(), where
