"""Search: English questions find their FAQ question, partial matches rank, typos get a spelling."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.corpus import search as searching
from rulesq.corpus.load import load_corpus
from rulesq.corpus.query import concepts, query_words, words_of
from rulesq.corpus.search import search, split_question

REWORDINGS = Path(__file__).parent / "data" / "search_rewordings.toml"
NATURAL = Path(__file__).parent / "data" / "search_natural.toml"
CORPUS = Path(__file__).parent.parent / "corpus"
#: BM-Q157: what a card has is a value; a player's power is the sum of values.
VALUE_AND_POWER = "bluemoon/faq/values-and-total-power-general-rules/1"
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


def _rewordings_found() -> tuple[int, int, list[str]]:
    """How many reworded questions have their FAQ answer first, in the top 3, and the misses."""
    first = 0
    found = 0
    missed = []
    for q in _rewordings():
        top = [hit.clause_id for hit in search(q["asked"], ["bluemoon"], limit=3)]
        first += top[:1] == [q["clause"]]
        found += q["clause"] in top
        if q["clause"] not in top:
            missed.append(q["asked"])
    return first, found, missed


def test_a_question_typed_in_english_finds_its_faq_question() -> None:
    """29 of the 30 reworded questions have their FAQ answer in the top 3, 26 first.

    (27 and 23 before the questions' card particulars were split off and a question
    weighed by its own length; 29 and 24 before the every-word tiers gave way to the
    query as typed and a heading counted in what a clause asks.)
    """
    first, found, missed = _rewordings_found()
    assert found >= 29, f"{found} of 30; missed: {missed}"
    assert first >= 26, f"{first} of 30 first"


def _natural() -> list[dict[str, str]]:
    with NATURAL.open("rb") as handle:
        queries: list[dict[str, str]] = tomllib.load(handle)["query"]
    return queries


@pytest.mark.parametrize("query", _natural(), ids=lambda q: q["asked"])
def test_a_natural_question_finds_the_clause_that_answers_it_first(query: dict[str, str]) -> None:
    """Each game's everyday questions: the clause whose words answer it ranks first."""
    clause = load_corpus(query["game"]).clauses[query["clause"]]
    assert query["because"] in clause.text + (clause.question or "")
    hits = search(query["asked"], [query["game"]], limit=3)
    assert [hit.clause_id for hit in hits][:1] == [query["clause"]], hits


def _first_for_power(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """The first hit for BM-Q157's question, from an index built afresh in ``tmp_path``."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    return search("how much power does a card have", ["bluemoon"], limit=1)[0].clause_id


def test_a_term_s_words_alone_do_not_find_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without its terms, "power" finds special power texts and the Announce Power phase.

    With them, BM-Q157 ("A value applies to a single card. Your power, or more correctly
    total power, is the sum of the values") is first for "how much power does a card have".
    """
    words = query_words()
    assert words.glued("its Special  Power texts") == "its specialpower texts"
    assert [c.typed for c in concepts("special power text")] == ["special power", "text"]
    assert _first_for_power(monkeypatch, tmp_path / "with") == VALUE_AND_POWER
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "bluemoon").symlink_to((CORPUS / "bluemoon").resolve())
    toml = (CORPUS / "search.toml").read_text(encoding="utf-8")
    (corpus / "search.toml").write_text(toml[: toml.index("terms =")], encoding="utf-8")
    monkeypatch.setenv("RULESQ_CORPUS_DIR", str(corpus))
    load_corpus.cache_clear()
    try:
        assert not query_words().terms
        assert _first_for_power(monkeypatch, tmp_path / "without") != VALUE_AND_POWER
    finally:
        load_corpus.cache_clear()


def test_a_question_is_weighed_by_its_own_length(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Read only for holding the words, a long question that names them beats BM-Q157's."""
    assert _first_for_power(monkeypatch, tmp_path / "graded") == VALUE_AND_POWER
    graded = searching._asked
    monkeypatch.setattr(
        searching,
        "_asked",
        lambda db, wanted, words: dict.fromkeys(graded(db, wanted, words), 1.0),
    )
    assert _first_for_power(monkeypatch, tmp_path / "held") != VALUE_AND_POWER


def test_a_question_s_card_particulars_are_not_what_it_asks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Card numbers and quoting parentheses, nested ones too, go apart; the rest is asked.

    Left in what the question asks, a reworded question drops out of the top 3.
    """
    asks, quoted = split_question(
        'If you have Tittertweet [Flit 07] (Value 2, "Your texts are ignored.") and Var '
        '(Fire value 4 (shield), "I may (only) play this.") (or not), can I play?'
    )
    assert asks == "If you have Tittertweet and Var (or not), can I play?"
    assert quoted == (
        '[Flit 07] (Value 2, "Your texts are ignored.") '
        '(Fire value 4 (shield), "I may (only) play this.")'
    )
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(searching, "split_question", lambda question: (question, ""))
    assert _rewordings_found()[1] < 29


def _first(query: str, game: str) -> str:
    return search(query, [game], limit=1)[0].clause_id


def test_a_heading_says_what_a_clause_without_a_question_is_about(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Warhammer's glossary entry "Terminology Clarifications: Sacrifice" answers a question
    about sacrifice; read without its heading, a Q&A question naming "opponent" and "cancel"
    ranks over it."""
    asked = "can my opponent cancel a sacrifice"
    sacrifice = "warhammer/faq/terminology-clarifications/sacrifice"
    assert _first(asked, "warhammer") == sacrifice
    monkeypatch.setattr(searching, "_HEADING_WEIGHT", 0.0)
    assert _first(asked, "warhammer") != sacrifice


def test_only_the_query_as_typed_is_a_tier_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long clause that holds "are", "one", "at", "a" and "time" somewhere does not rank
    over the question about declaring defenders one by one; the exact words still do."""
    asked = "are defenders declared one at a time"
    one_by_one = "warhammer/faq/qa/32"
    assert _first(asked, "warhammer") == one_by_one
    exact = _first("you may not take precedence", "bluemoon")
    assert exact == "bluemoon/rulebook/p17-special-rules/you-may-not"
    monkeypatch.setattr(
        searching,
        "_typed",
        lambda db, query: searching._matching(db, " ".join(f'"{w}"' for w in words_of(query))),
    )
    assert _first(asked, "warhammer") != one_by_one


def _without(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str, kept: str, dropped: str
) -> None:
    """A corpus of ``game`` whose search words lack ``dropped`` (replaced by ``kept``)."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / game).symlink_to((CORPUS / game).resolve())
    toml = (CORPUS / "search.toml").read_text(encoding="utf-8")
    assert dropped in toml
    (corpus / "search.toml").write_text(toml.replace(dropped, kept), encoding="utf-8")
    monkeypatch.setenv("RULESQ_CORPUS_DIR", str(corpus))
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    load_corpus.cache_clear()


@pytest.mark.parametrize(
    ("game", "asked", "answer", "kept", "dropped"),
    [
        (
            "warhammer",
            "can a cost be lowered below zero",
            "warhammer/faq/terminology-clarifications/reduction",
            "",
            '  ["reduce", "lower", "decrease"],\n',
        ),
        (
            "fma",
            "can my leader recruit while he is out of play",
            "fma/cards/sidetracked/ruling-2",
            '"announce power"]',
            '"announce power", "out of play"]',
        ),
    ],
    ids=["lower finds reduce", "out of play is a term"],
)
def test_a_search_word_carries_weight(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
    asked: str,
    answer: str,
    kept: str,
    dropped: str,
) -> None:
    """Without its synonym group or term, a judge's question loses its answer's first place."""
    assert _first(asked, game) == answer
    _without(monkeypatch, tmp_path, game, kept, dropped)
    try:
        assert _first(asked, game) != answer
    finally:
        load_corpus.cache_clear()


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
        'No clause matches "pandemonum".',
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
        'No clause holds every word of "Pandemonium bluf zupport"; clauses with some of them:'
    )
    assert lines[1] == "did you mean: Pandemonium bluf support"
    assert lines[2].startswith("bluemoon/")


def test_a_word_no_clause_holds_and_nothing_near_gets_no_suggestion() -> None:
    """No invented spelling when the index has nothing near."""
    result = runner.invoke(app, ["search", "zyzzyvaqux", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["did_you_mean"] is None
