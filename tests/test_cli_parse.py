"""``rulesq parse`` and ``rulesq coverage`` on the command line."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.corpus.models import Card
from rulesq.games import get_game

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_parse_text_prints_the_tree() -> None:
    """One node per line, with fields and the ladder class and group."""
    code, out, _ = run("parse", "You may not play support cards.", "--game", "bluemoon")
    assert code == 0
    lines = out.splitlines()
    assert "1. You may not play support cards." in lines
    assert any(
        line.strip().startswith("Prohibition who=opponent [ladder: you_may_not] [group: 3")
        for line in lines
    )
    assert any(line.strip() == "cards: Cards types=(support)" for line in lines)


def test_parse_json() -> None:
    """``--json`` gives the effect tree with node names, fields, spans and annotations."""
    code, out, _ = run("parse", "Your icons are ignored, except STOP.", "-g", "bluemoon", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["fully_parsed"] is True and data["errors"] == []
    (effect,) = data["effects"]
    assert effect["node"] == "Ignore" and effect["scope"] == "icons"
    assert effect["except_icons"] == ["STOP"] and effect["ladder"] == "ignore"
    assert effect["span"] == [0, 36]


def test_parse_card_from_the_corpus() -> None:
    """``--card NAME`` parses that card's text; the game is found from the name."""
    code, out, _ = run("parse", "--card", "tittertweet")
    assert code == 0
    assert out.startswith("Tittertweet (bluemoon): Your special power texts are ignored")
    assert "except_on[0]: Cards types=(character) family=Flit" in out


def test_parse_card_did_you_mean() -> None:
    """A misspelt card name suggests the closest and exits 2."""
    code, _, err = run("parse", "--card", "Titertweet", "--game", "bluemoon")
    assert code == 2
    assert 'Did you mean "Tittertweet"?' in err


def test_parse_with_nothing_to_parse_says_so() -> None:
    """Neither a text nor --card: what to give (not "not both"); both: not both; exit 2."""
    code, _, err = run("parse")
    assert code == 2
    assert "not both" not in err
    assert 'give a card text (with "--game") or "--card NAME"' in err  # quoted, to type
    code, _, err = run("parse", "Some text.", "--card", "Tittertweet")
    assert code == 2 and "(not both)" in err


def test_the_warhammer_reader_quotes_the_words_it_cannot_read_as_every_error_does() -> None:
    """The words no word class reads are in double quotes, as in every other message."""
    code, out, err = run("parse", "Target unit frobs 2.", "--game", "warhammer")
    assert code == 2
    assert 'NOT UNDERSTOOD: no word class reads "frobs"' in out
    assert err.startswith('<text>:1:13: error: cannot read "Target unit frobs 2.": no word class')
    code, out, err = run("parse", "Your units gain plenty.", "--game", "warhammer")
    assert 'no word class reads "plenty"' in out  # the word, not its full stop


def test_the_warhammer_reader_says_what_it_expected_in_words() -> None:
    """Its word classes first, in words: never the grammar's names (``BANG, COLON``), and none
    cut off (a verb and a rules word were the first left out of eight)."""
    code, _, err = run("parse", "Target unit frobs 2.", "--game", "warhammer")
    assert code == 2
    said = " ".join(err.split()).split("expected one of: ", 1)[1]
    assert said.startswith("a verb the reader knows, a rules word the reader knows, a zone")
    assert not re.search(r"\b[A-Z]{3,}\b", said), said
    code, _, err = run("parse", "Deal 2 damage to up to", "--game", "warhammer")
    assert err.rstrip().endswith('expected one of: a number, a number word, "X"')


def test_parse_error_shows_caret_and_expected_words() -> None:
    """An unreadable sentence: the text, a caret under the spot, what was expected; exit 2."""
    text = "Now I may discard all of your active suport cards."
    code, _, err = run("parse", text, "--game", "bluemoon")
    assert code == 2
    lines = err.splitlines()
    column = text.index("suport") + 1
    assert lines[0].startswith(f"<text>:1:{column}: error: cannot read")
    assert 'unexpected "suport" (did you mean "support"?)' in lines[0]  # quoted as all are
    assert lines[1] == "  " + text
    assert lines[2] == "  " + " " * (column - 1) + "^"
    assert lines[3].startswith("expected one of: ") and "a card type" in lines[3]
    assert "__" not in err


def test_parse_error_json() -> None:
    """With ``--json`` the errors come as data, still exit 2."""
    code, out, _ = run("parse", "You may not plaay support cards.", "-g", "bluemoon", "--json")
    assert code == 2
    data = json.loads(out)
    (error,) = data["errors"]
    assert error["column"] == len("You may not ") + 1 and error["expected"]
    assert data["fully_parsed"] is False


def _without_grammar(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Make the game ``name`` look as if it had no card-text grammar (every game has one)."""
    from rulesq.cli import parse as cli_parse

    real = cli_parse.has_card_grammar
    monkeypatch.setattr(cli_parse, "has_card_grammar", lambda g: g.name != name and real(g))


def test_parse_needs_a_game_with_a_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    """No game, or a game without a card-text grammar: a clear error, exit 2."""
    code, _, err = run("parse", "Some text.")
    assert code == 2 and "--game bluemoon" in err
    _without_grammar(monkeypatch, "warhammer")
    code, _, err = run("parse", "Some text.", "--game", "warhammer")
    assert code == 2 and "no card-text grammar" in err


def test_parse_text_or_card_not_both() -> None:
    """Giving both a text and --card (or neither) is an error."""
    assert run("parse", "x", "--card", "y")[0] == 2
    assert run("parse")[0] == 2


@pytest.mark.parametrize("text", ["", "   "])
def test_parse_an_empty_text_is_bad_input(text: str) -> None:
    """An empty text is refused (exit 2, saying why), not printed as an empty tree (exit 0)."""
    code, out, err = run("parse", text, "--game", "bluemoon")
    assert code == 2 and "the text is empty" in err and out == ""


def test_coverage_bluemoon_last_line() -> None:
    """``rulesq coverage --game bluemoon`` ends with the count line."""
    code, out, _ = run("coverage", "--game", "bluemoon")
    assert out.splitlines()[-1] == "bluemoon: parsed 140 of 140 card texts"
    assert code == 0


def test_coverage_json() -> None:
    """The count and the texts not read, as data."""
    code, out, _ = run("coverage", "--game", "bluemoon", "--json")
    data = json.loads(out)
    assert (data["game"], data["parsed"], data["total"]) == ("bluemoon", 140, 140)
    assert data["not_parsed"] == [] and code == 0


def test_coverage_of_a_game_without_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game without a card-text grammar gives a clear error, exit 2."""
    _without_grammar(monkeypatch, "warhammer")
    code, _, err = run("coverage", "--game", "warhammer")
    assert code == 2 and "no card-text grammar" in err


def test_coverage_lists_what_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts not fully read are listed before the count, and the exit code is 1."""
    game = get_game("bluemoon")
    fake = Card(
        id="bluemoon/x-1",
        game="bluemoon",
        name="Invented",
        type="support",
        text="Now I frobnicate.",
    )
    monkeypatch.setitem(game.corpus.cards, fake.id, fake)
    code, out, _ = run("coverage", "--game", "bluemoon")
    lines = out.splitlines()
    assert lines[0] == "Invented: Now I frobnicate."
    assert lines[1].startswith('  not read: "Now I frobnicate." (unexpected')
    assert lines[-1] == "bluemoon: parsed 140 of 141 card texts" and code == 1


def test_coverage_fits_in_80_columns() -> None:
    """Each text not fully read, and each sentence not read, wraps at 80 columns under its
    head (Warhammer lists dozens, some texts of 300 characters)."""
    code, out, _ = run("coverage", "--game", "warhammer")
    assert code == 1 and "not read: " in out
    lines = out.splitlines()
    assert [line for line in lines if len(line) > 80 and len(line.split()) > 1] == []
    assert any(line.startswith("    ") for line in lines)  # a sentence went on, indented


def test_the_text_and_its_sentences_wrap_to_80_columns() -> None:
    """A long card text: the header and each sentence wrap (they ran to 121 columns); the same
    words; the tree's lines, one field each, are kept."""
    text = (
        "You may not play support cards and you may not play booster cards while I have an"
        " active character card. Your special power texts are ignored, except on Flit"
        " character cards."
    )
    result = runner.invoke(app, ["parse", text, "--game", "bluemoon"])
    lines = result.stdout.splitlines()
    tree = [line for line in lines if line.startswith("     ") or "[ladder:" in line]
    prose = [line for line in lines if line not in tree]
    assert all(len(line) <= 80 for line in prose), prose
    assert prose[0].startswith("text (bluemoon): You may not play") and prose[1].startswith("  ")
    assert any(line.startswith("1. You may not") for line in prose)
    assert any(line.startswith("   NOT UNDERSTOOD: ") for line in prose)
    head = " ".join(
        line.strip() for line in prose[: prose.index(next(p for p in prose if p.startswith("1. ")))]
    )
    assert head == f"text (bluemoon): {text}"


def test_a_misspelt_word_the_grammar_expected_is_respelt() -> None:
    """A card text's error offers the word meant among those expected there (it had no
    "did you mean" at all); a word nothing expected is like gets none."""
    result = runner.invoke(app, ["parse", "You may nto play support cards.", "--game", "bluemoon"])
    assert result.exit_code == 2
    assert result.output.rstrip().endswith('"not"?'), result.output
    other = runner.invoke(app, ["parse", "You may play xyzzy cards.", "--game", "bluemoon"])
    assert other.exit_code == 2 and "Did you mean" not in other.output
