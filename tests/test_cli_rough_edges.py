"""Rough edges a judge met trying every command: each message reads as the others do."""

from __future__ import annotations

import json

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
