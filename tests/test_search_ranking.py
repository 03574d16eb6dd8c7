"""Search: English questions find their FAQ question, partial matches rank, typos get a spelling."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.corpus.load import load_corpus
from rulesq.corpus.query import concepts, words_of
from rulesq.corpus.search import search

REWORDINGS = Path(__file__).parent / "data" / "search_rewordings.toml"
runner = CliRunner()


def _rewordings() -> list[dict[str, str]]:
    with REWORDINGS.open("rb") as handle:
        questions: list[dict[str, str]] = tomllib.load(handle)["question"]
    return questions


def test_the_rewordings_are_thirty_real_rewordings_of_faq_questions() -> None:
    """Each names a FAQ question, and is not a copy of it: most of its words are other words."""
    clauses = load_corpus("bluemoon").clauses
    questions = _rewordings()
    assert len(questions) == 30
    assert len({q["clause"] for q in questions}) == 30
    for q in questions:
        asked = clauses[q["clause"]].question
        assert asked, q["clause"]
        typed = set(words_of(q["asked"]))
        shared = typed & set(words_of(asked))
        assert len(shared) / len(typed) < 0.8, q["asked"]


def test_a_question_typed_in_english_finds_its_faq_question() -> None:
    """At least 27 of the 30 reworded questions have their FAQ answer in the top 3."""
    found = []
    missed = []
    for q in _rewordings():
        top = [hit.clause_id for hit in search(q["asked"], ["bluemoon"], limit=3)]
        (found if q["clause"] in top else missed).append(q["asked"])
    assert len(found) >= 27, f"{len(found)} of 30; missed: {missed}"


def test_stop_words_are_dropped_and_synonyms_grouped() -> None:
    """Text "throw away" is one concept that also matches "discard"; "am", "I", "a" are dropped."""
    read = concepts("am I allowed to throw away a card?")
    assert [c.typed for c in read] == ["allowed", "throw away", "card"]
    assert "discard" in read[1].terms
    assert [c.typed for c in concepts("what is it?")] == ["what", "is", "it"]


def test_clauses_holding_every_word_rank_first() -> None:
    """A precise query keeps its exact clause on top; each hit says if it holds every word."""
    hits = search("you may not take precedence", ["bluemoon"], limit=5)
    assert hits[0].clause_id == "bluemoon/rulebook/p17-special-rules/you-may-not"
    flags = [hit.every_word for hit in hits]
    assert flags == sorted(flags, reverse=True)


def test_a_misspelt_word_gets_a_suggestion_and_exit_1() -> None:
    """Nothing matches: the exact lines, the index's own word suggested, exit code 1."""
    result = runner.invoke(app, ["search", "pandemonum"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "No clause matches 'pandemonum'.",
        "did you mean: pandemonium",
    ]
    result = runner.invoke(app, ["search", "Pandemonum", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output) == {
        "query": "Pandemonum",
        "every_word": False,
        "did_you_mean": "Pandemonium",
        "hits": [],
    }


def test_a_misspelt_word_beside_known_ones_still_lists_partial_hits() -> None:
    """The partial matches are shown, after the header and the suggestion."""
    result = runner.invoke(
        app, ["search", "Pandemonium bluf zupport", "--game", "bluemoon", "-n", "2"]
    )
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == (
        "No clause holds every word of 'Pandemonium bluf zupport'; clauses with some of them:"
    )
    assert lines[1] == "did you mean: Pandemonium bluf support"
    assert lines[2].startswith("bluemoon/")


def test_a_word_no_clause_holds_and_nothing_near_gets_no_suggestion() -> None:
    """No invented spelling when the index has nothing near."""
    result = runner.invoke(app, ["search", "zyzzyvaqux", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["did_you_mean"] is None
