"""The FAQ precedents an answer cites: the FAQ answers that decided the most similar question."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.corpus import load_corpus
from rulesq.engine import evaluate
from rulesq.games.bluemoon.judge.precedents import FaqIndex, precedents, words
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent.parent / "corpus" / "bluemoon" / "cases"


def test_words_drop_common_words_and_endings() -> None:
    """Stop words go; plurals and -ing forms meet their stem."""
    assert words("The retreating player discards his bluffs") == ["retreat", "player",
                                                                  "discard", "his", "bluff"]


def test_an_faq_question_asked_again_finds_its_own_answer() -> None:
    """An FAQ answer's own question, with no card or rule, ranks that answer first."""
    corpus = load_corpus("bluemoon")
    asked = [c for c in FaqIndex.of(corpus).clauses[::10]
             if c.question and not c.extra.get("cards")]
    assert len(asked) >= 10
    for clause in asked:
        found = precedents(corpus, set(), [], f"{clause.question} {clause.text}")
        assert found and found[0].id == clause.id, clause.id


def test_nothing_alike_gives_no_precedent() -> None:
    """Words the FAQ never uses, no card and no rule: no precedent is cited."""
    assert precedents(load_corpus("bluemoon"), set(), [], "zyzzyva quokka marmalade") == []


def test_a_precedent_asks_the_same_question_not_only_names_the_same_cards() -> None:
    """A prohibition question cites "You May Not" answers, not one that names both cards."""
    [answer] = evaluate(parse_situation('game bluemoon\nyou have active "Pandemonium"\n'
                                        'ask can I play "Laughing Gas"?\n'))
    cited = [c["clause_id"] for c in answer.citations() if c["role"] == "precedent"]
    assert cited and all("/special-power-texts-you-may-not/" in ref for ref in cited)


def test_most_faq_cases_cite_the_faq_answer_they_encode() -> None:
    """Over the FAQ cases, the answer a case encodes is among its precedents most of the time."""
    corpus = load_corpus("bluemoon")
    found = total = 0
    for path in sorted(CASES.rglob("*.rq")):
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        encoded = {c.id for ref in situation.sources
                   if (c := corpus.find_clause(ref.split()[0])) is not None}
        for answer in evaluate(situation):
            cited = {c["clause_id"] for c in answer.citations() if c["role"] == "precedent"}
            total += 1
            found += bool(encoded & cited)
    assert found / total >= 0.65, f"{found} of {total}"


def test_the_index_is_cached_on_disk_and_read_back(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The first build writes the cache; a new process (here: a cleared memo) reads it."""
    from rulesq.games.bluemoon.judge import precedents as module

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(module, "_BUILT", {})
    corpus = load_corpus("bluemoon")
    built = FaqIndex.of(corpus)
    [cached] = tmp_path.glob("faq-index-bluemoon-*.json")
    monkeypatch.setattr(module, "_BUILT", {})
    monkeypatch.setattr(FaqIndex, "build", classmethod(lambda cls, corpus: pytest.fail("built")))
    again = FaqIndex.of(corpus)
    assert cached.exists() and again is not built
    assert [c.id for c in again.clauses] == [c.id for c in built.clauses]
    assert again.vectors == built.vectors
