"""The command line's shared behaviour: help, unknown games, exit codes."""

from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()


def test_help_lists_commands() -> None:
    """``rulesq --help`` names the corpus command."""
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "corpus" in result.output


def test_unknown_game_suggests_and_exits_2() -> None:
    """A misspelt game name gives "did you mean" and exit code 2."""
    result = runner.invoke(app, ["corpus", "--game", "bluemon"])
    assert result.exit_code == 2
    assert 'Did you mean "bluemoon"?' in result.output
