"""Rough edges a judge met trying every command: each message reads as the others do."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()


def test_an_unknown_game_lists_the_games_in_quotes_as_every_expected_list_does() -> None:
    """``expected one of: "bluemoon", "fma", "warhammer"``, as a syntax error lists words."""
    result = runner.invoke(app, ["ask", "-e", "game bluemon", "-e", "ask can I retreat?"])
    assert result.exit_code == 2
    assert 'expected one of: "bluemoon", "fma", "warhammer"' in result.output
    assert 'Did you mean "bluemoon"?' in result.output
    result = runner.invoke(app, ["ask", "--json", "-e", "game bluemon", "-e", "ask x?"])
    assert json.loads(result.output)["expected"] == ['"bluemoon"', '"fma"', '"warhammer"']


def test_a_game_line_against_the_game_option_names_both_in_quotes() -> None:
    """The situation's game and the option's, each named as what to type."""
    args = ["ask", "--game", "fma", "-e", "game bluemoon", "-e", "ask can I retreat?"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert 'error: this situation is for "bluemoon", but --game asked for "fma"' in result.output


def test_an_fma_card_lists_the_rulings_about_it() -> None:
    """Momentum's ruling ("Each playing of Momentum doubles …") is named on its card."""
    result = runner.invoke(app, ["card", "Momentum"])
    assert result.exit_code == 0
    assert "  rulings:      fma/cards/momentum/ruling" in result.output.splitlines()
    # A ruling a field already cites is not named twice.
    result = runner.invoke(app, ["card", "Trisha Elric"])
    assert result.output.count("fma/rulings/changing-attributes/1") == 1, result.output


def test_a_long_field_label_s_value_goes_on_under_the_values_column() -> None:
    """Not pushed to the right edge under the end of a label longer than the column."""
    lines = runner.invoke(app, ["card", "Trisha Elric"]).output.splitlines()
    at = next(i for i, line in enumerate(lines) if "changes a character's" in line)
    assert lines[at + 1].startswith(" " * 16) and lines[at + 1][16] != " ", lines
    assert all(len(line) <= 80 for line in lines)


def test_the_corpus_table_has_no_padding_at_its_edges() -> None:
    """Its lines start with the game and end with the count, right-aligned: no trailing spaces."""
    lines = runner.invoke(app, ["corpus", "--game", "fma"]).output.splitlines()
    assert lines[0].startswith("game ") and lines[0].endswith("count")
    assert all(line == line.strip() for line in lines), lines
    counts = [line.rsplit(" ", 1)[1] for line in lines[1:]]
    assert all(count.isdigit() for count in counts)
    assert len({len(line) for line in lines}) == 1  # the counts end in one column


def test_a_choice_mistyped_lists_the_choices_in_quotes() -> None:
    """``--graph`` and ``completion`` name what to type as every other error does."""
    result = runner.invoke(app, ["ask", "--graph", "svg", "-e", "game fma"])
    assert result.exit_code == 2
    said = 'error: unknown graph format "svg": --graph takes "dot", "mermaid" or "json".'
    assert said in result.output
    result = runner.invoke(app, ["completion", "tcsh"])
    assert result.exit_code == 2
    assert 'rulesq completes in "bash", "zsh" or "fish".' in result.output


def test_a_number_below_an_option_s_bound_is_said_in_words() -> None:
    """Not the library's formula ("0 is not in the range x>=1.")."""
    done = subprocess.run(
        [sys.executable, "-m", "rulesq", "search", "dragon", "--limit", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    said = 'error: invalid value for "--limit" / "-n": "0" is too small: give 1 or more.'
    assert done.stderr.splitlines()[-1] == said, done.stderr


def test_a_deck_s_reason_names_its_cards_in_quotes() -> None:
    """As every other reason names a card ("Pandemonium" forbids it)."""
    args = ["ask", "-e", "game warhammer", "-e", 'my deck has 3 "Urguck", 1 "Dwarf Ranger"']
    result = runner.invoke(app, [*args, "-e", "ask is my deck legal?"])
    said = " ".join(result.output.split())
    assert 'the deck holds 2 different restricted cards ("Urguck", "Dwarf Ranger")' in said


def test_the_ask_help_example_given_with_e_runs() -> None:
    """``ask --help`` showed ``-e 'ask what does "Some Card" read?'``: copied, an unknown card
    (exit 2). Every ``-e`` example of the help answers."""
    import shlex

    helped = runner.invoke(app, ["ask", "--help"]).output
    examples = [
        line.strip() for line in helped.splitlines() if line.strip().startswith("rulesq ask -e")
    ]
    assert examples
    for example in examples:
        result = runner.invoke(app, shlex.split(example)[1:])
        assert result.exit_code == 0, (example, result.output)
