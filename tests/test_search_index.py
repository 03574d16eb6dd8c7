"""The search index is cached and rebuilt when the corpus changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesq.corpus.load import load_corpus
from rulesq.corpus.search import index_path, search


def write_corpus(root: Path, text: str) -> None:
    folder = root / "bluemoon"
    folder.mkdir(parents=True, exist_ok=True)
    clause = {
        "id": "bluemoon/test/one/1",
        "game": "bluemoon",
        "document": "Test",
        "section": "One",
        "kind": "rule-quote",
        "text": text,
    }
    (folder / "clauses.jsonl").write_text(json.dumps(clause) + "\n", encoding="utf-8")
    (folder / "cards.jsonl").write_text("", encoding="utf-8")


def test_index_is_rebuilt_after_a_corpus_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A changed clause file gives a new index whose results reflect the change."""
    monkeypatch.setenv("RULESQ_CORPUS_DIR", str(tmp_path / "corpus"))
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    write_corpus(tmp_path / "corpus", "Dragons are attracted at the end of a fight.")
    load_corpus.cache_clear()
    assert [h.clause_id for h in search("dragons", ["bluemoon"])] == ["bluemoon/test/one/1"]
    first = index_path(["bluemoon"])
    assert first.exists()

    write_corpus(tmp_path / "corpus", "Shields are icons, and nothing else here.")
    load_corpus.cache_clear()
    assert search("dragons", ["bluemoon"]) == []
    assert search("shield", ["bluemoon"])[0].clause_id == "bluemoon/test/one/1"
    assert index_path(["bluemoon"]) != first
    assert first.exists()  # kept: another checkout may use it (a bounded number are kept)
    load_corpus.cache_clear()


def test_the_key_covers_the_code_that_builds_it(tmp_path: Path) -> None:
    """An edit of the code named beside the clause files gives another cache key."""
    from rulesq.corpus.load import clause_fingerprint

    code = tmp_path / "builder.py"
    code.write_text("RANKING = 1\n", encoding="utf-8")
    before = clause_fingerprint(["bluemoon"], "test", code=(str(code),))
    assert clause_fingerprint(["bluemoon"], "test", code=(str(code),)) == before
    code.write_text("RANKING = 2  # a different ranking\n", encoding="utf-8")
    assert clause_fingerprint(["bluemoon"], "test", code=(str(code),)) != before


def test_stemming_matches_other_word_forms(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'ignoring' finds a clause that says 'ignored'."""
    monkeypatch.setenv("RULESQ_CORPUS_DIR", str(tmp_path / "corpus"))
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    write_corpus(tmp_path / "corpus", "When a card is ignored, its icons have no effect.")
    load_corpus.cache_clear()
    hits = search("ignoring", ["bluemoon"])
    assert hits and "\x02ignored\x03" in hits[0].snippet
    load_corpus.cache_clear()
