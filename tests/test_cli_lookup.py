"""The lookup commands on the real corpus: search, cite, card and corpus."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_search_finds_the_you_may_not_precedence_clause() -> None:
    """Searching 'you may not take precedence' ranks the rulebook clause first."""
    code, out = run("search", "you may not take precedence", "--json")
    assert code == 0
    hits = json.loads(out)["hits"]
    assert hits, out
    top = hits[0]
    assert top["kind"] == "rule-quote"
    assert "take precedence over all remaining instructions" in top["snippet"].replace("**", "")


def test_search_text_output_names_id_and_source() -> None:
    """The text output shows each hit's id and its source line."""
    code, out = run("search", "you may not take precedence", "--game", "bluemoon", "--limit", "3")
    assert code == 0
    assert "bluemoon/rulebook/" in out
    assert "rulebook" in out.lower()


def test_search_falls_back_to_any_word() -> None:
    """A query whose words never occur together still finds clauses with some of them."""
    code, out = run("search", "precedence zyzzyvaqux", "--json")
    assert code == 0
    found = json.loads(out)
    assert found["hits"] and not found["every_word"]
    assert not any(hit["every_word"] for hit in found["hits"])


def test_cite_by_alias_prints_the_verbatim_answer() -> None:
    """``rulesq cite BM-Q245`` prints the question, answer and source of that Q&A."""
    code, out = run("cite", "BM-Q245")
    assert code == 0
    assert "Special Power Texts: You May Not" in out
    assert "Q: " in out and "A: " in out


def test_cite_reads_as_words_and_fits_in_80_columns() -> None:
    """Every line fits in 80 columns, the text's words all there in their order; a corpus
    field is labelled in words (``main section``), the labels aligned."""
    from rulesq.corpus import load_corpus

    code, out = run("cite", "BM-Q245")
    assert code == 0 and max(map(len, out.splitlines())) <= 80
    clause = load_corpus("bluemoon").find_clause("BM-Q245")
    assert clause is not None
    body = out.split("\nA: ", 1)[1]
    assert " ".join(body.split()) == " ".join(clause.text.split())
    header = out.split("\n\n", 1)[0].splitlines()[1:]
    assert "  main section: Specific Cases" in header
    starts = {len(row) - len(row.split(":", 1)[1].lstrip()) for row in header}
    assert len(starts) == 1, header  # every value starts in one column


def test_cite_unknown_id_suggests_and_exits_2() -> None:
    """A mistyped clause id gives a suggestion and exit code 2."""
    code, out = run("cite", "BM-Q2455")
    assert code == 2
    assert "Did you mean" in out


@pytest.mark.parametrize(
    ("typed", "first", "last", "meant"),
    [
        ("BM-Q9999", "BM-Q1", "BM-Q467", []),
        ("bm-q0", "BM-Q1", "BM-Q467", []),
        ("Q468", "BM-Q1", "BM-Q467", ["BM-Q68", "BM-Q48", "BM-Q46"]),
        ("BM-Q2455", "BM-Q1", "BM-Q467", ["BM-Q455", "BM-Q255", "BM-Q245"]),
        ("WHI-W99", "WHI-W1", "WHI-W49", ["WHI-W9"]),
        ("W50", "WHI-W1", "WHI-W49", ["WHI-W5"]),
        ("fma/rulings/battles/9", "fma/rulings/battles/1", "fma/rulings/battles/2", []),
        (
            "faq/end-of-fight/12",
            "bluemoon/faq/end-of-fight/1",
            "bluemoon/faq/end-of-fight/11",
            ["bluemoon/faq/end-of-fight/2", "bluemoon/faq/end-of-fight/1"],
        ),
    ],
)
def test_cite_past_the_last_number_says_which_numbers_there_are(
    typed: str, first: str, last: str, meant: list[str]
) -> None:
    """Every game's numbered ids: the series' ends, not the ids that merely look alike."""
    code, out = run("cite", typed)
    assert code == 2
    said = f'error: unknown clause "{typed}": the numbers run from "{first}" to "{last}".'
    assert " ".join(out.split()).startswith(said), out
    assert ("Did you mean" in out) == bool(meant), out
    code, out = run("cite", typed, "--json")
    assert code == 2
    document = json.loads(out)
    assert document["numbered"] == [first, last]
    assert document["suggestions"] == meant


def test_cite_of_a_number_of_thousands_of_digits_says_the_range() -> None:
    """A number Python will not convert (over 4,300 digits) is past the ends, not a crash."""
    code, out = run("cite", "BM-Q" + "9" * 5000)
    assert code == 2
    assert "internal error" not in out
    assert 'the numbers run from "BM-Q1" to "BM-Q467".' in " ".join(out.split()), out
    assert "Did you mean" not in out


def test_cite_inside_a_series_or_of_a_series_of_one_suggests_the_nearest() -> None:
    """A number missing inside the range, or a name alone of its kind, keeps the nearest names."""
    for typed in ("RB-p99-Retreat", "bm-q45x"):
        code, out = run("cite", typed)
        assert code == 2
        assert "numbers run" not in out and "Did you mean" in out, out


@pytest.mark.parametrize(
    "section",
    [
        "bluemoon/faq/special-power-texts-you-may-not",
        "faq/special-power-texts-you-may-not/",
    ],
)
def test_cite_of_a_section_names_its_clauses_in_order(section: str) -> None:
    """A section's id is no clause: its clauses are named first to last (2 before 11); exit 2."""
    code, out = run("cite", section)
    assert code == 2
    first = "bluemoon/faq/special-power-texts-you-may-not/1"
    last = "bluemoon/faq/special-power-texts-you-may-not/11"
    assert f"is a section, not a clause: it holds 11 clauses, {first} to {last}." in out
    assert f'Cite one of them: "rulesq cite {first}".' in out
    assert run("cite", first)[0] == 0


@pytest.mark.parametrize(
    ("typed", "search"),
    [("pandemonium", "rulesq search pandemonium"), ("you may not", "rulesq search 'you may not'")],
)
def test_cite_of_words_points_to_the_search(typed: str, search: str) -> None:
    """Words are no clause id: the error says how to find a clause by its words; exit 2."""
    code, out = run("cite", typed)
    assert code == 2
    assert f'to find one by its words, try "{search}".' in " ".join(out.split())
    assert "search" not in run("cite", "BM-Q9999")[1]  # an id misspelt: its nearest ids


def test_card_shows_blue_moon_text() -> None:
    """``rulesq card Pandemonium`` shows its special power text."""
    code, out = run("card", "Pandemonium")
    assert code == 0
    assert "You may not play support cards." in out


def test_card_whose_text_is_never_quoted_shows_unknown_not_none() -> None:
    """A card the FAQ tags without quoting its text: the text is unknown, not absent."""
    code, out = run("card", "Speedius Unnecessarius")
    assert code == 0
    assert "Text: (unknown: the sources do not quote it)" in out


def test_card_shows_warhammer_text_in_force_with_erratum() -> None:
    """Franz's Decree shows the errata text in force and cites the Core Set erratum."""
    code, out = run("card", "Franz's Decree", "--game", "warhammer", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["text_in_force"] == (
        "Action: Target unit cannot be declared as an attacker or defender."
    )
    assert record["errata"], record
    assert any("core-set" in e["id"] for e in record["errata"])
    code, text = run("card", "Franz's Decree", "--game", "warhammer")
    assert "Text in force: Action: Target unit cannot be declared as an attacker or\n" in text
    assert "\n               defender.\n" in text  # wrapped under itself, within 80 columns


def test_card_erratum_that_leaves_the_text_is_not_shown_as_changing_it() -> None:
    """An FMA erratum about a collector's number is an "erratum", not "changed by"."""
    code, out = run("card", "Alphonse Elric, Bodyguard")
    assert code == 0
    assert "changed by" not in out
    assert "  erratum fma/cards/alphonse-elric-bodyguard/ruling (" in out
    code, out = run("card", "Franz's Decree", "--game", "warhammer")
    assert "  changed by warhammer/faq/errata/core-set/47 (" in out


def test_card_misspelt_suggests_and_exits_2() -> None:
    """``rulesq card Pandemonum`` suggests Pandemonium and exits 2."""
    code, out = run("card", "Pandemonum")
    assert code == 2
    assert '"Pandemonium"' in out
    assert "Traceback" not in out


def test_corpus_counts_match_the_seeds() -> None:
    """``rulesq corpus`` counts 467 Blue Moon FAQ answers and the full Warhammer pool."""
    code, out = run("corpus", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["bluemoon"]["clauses"]["faq-answer"] == 467
    assert summary["bluemoon"]["cards"] == 193
    assert summary["warhammer"]["cards"] == 1133
    assert summary["warhammer"]["clauses"]["list-entry"] == 19
    assert summary["fma"]["cards"] >= 69


@pytest.mark.parametrize("query", ["", "   ", "?!"])
def test_search_without_words_is_bad_input(query: str) -> None:
    """An empty search is an error (exit 2) that says what to give, not "no clause matches"."""
    code, out = run("search", query)
    assert code == 2
    assert "nothing to search for" in out and "No clause matches" not in out


def test_search_says_when_no_clause_holds_every_word() -> None:
    """The any-word fallback is announced, so a hit is never read as matching every word."""
    code, out = run("search", "toughness zebra", "--limit", "2")
    assert code == 0
    assert out.splitlines()[0].startswith('No clause holds every word of "toughness zebra"')
    code, out = run("search", "toughness", "--limit", "1")
    assert code == 0 and "every word" not in out


def test_search_fits_in_80_columns() -> None:
    """Piped, each hit's source and snippet wrap at 80 columns, the marks kept."""
    code, out = run("search", "dragon retreat", "--game", "bluemoon", "--limit", "20")
    assert code == 0 and "**retreat**" in out
    assert max(map(len, out.splitlines())) <= 80


def test_search_marks_piped_matches_with_what_no_clause_holds() -> None:
    """Piped (and in JSON) a matched word is ``**word**``, a mark no clause of any game holds,
    so it is never read as the sources' own ``[Flit 27]``; brackets were the mark before."""
    from rulesq.cli.lookup import PLAIN_MARK
    from rulesq.corpus import load_corpus

    for game in ("bluemoon", "warhammer", "fma"):
        texts = [c.text + (c.question or "") for c in load_corpus(game).clauses.values()]
        assert texts and not any(PLAIN_MARK[0] in text for text in texts), game
    code, out = run("search", "Flit", "--game", "bluemoon", "--limit", "20")
    assert code == 0 and "**Flit**" in out and "[Flit]" not in out


def test_search_repeats_a_long_query_cut_and_never_a_control_character() -> None:
    """A pasted paragraph is repeated cut to a line, not whole (a 90,000-character query came
    back whole); the respelled query shows an escape sequence escaped, never raw."""
    code, out = run("search", "ab " * 30_000)
    assert code == 1 and len(out) < 200, len(out)
    code, out = run("search", "pandemonum \x1b[2J")
    assert code == 1 and "did you mean: pandemonium" in out and "\x1b" not in out
