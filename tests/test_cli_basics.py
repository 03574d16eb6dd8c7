"""The command line's shared behaviour: help, unknown games, exit codes."""

import re

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


COMMANDS = ("ask", "check", "rulings", "search", "cite", "card", "corpus", "parse", "coverage")


def test_command_list_shows_each_summary_whole() -> None:
    """``rulesq --help`` gives each command one whole line (click cuts long ones with ...)."""
    result = runner.invoke(app, ["--help"], terminal_width=80)
    listed = [
        line for line in result.output.splitlines() if line.strip().split(" ", 1)[0] in COMMANDS
    ]
    assert len(listed) == len(COMMANDS)
    assert not [line for line in listed if line.endswith("...")], listed


def test_each_command_help_has_examples_and_argument_help() -> None:
    """Every ``--help`` shows examples one per line, its arguments' help, no markup escapes."""
    for command in COMMANDS:
        result = runner.invoke(app, [command, "--help"], terminal_width=80)
        assert result.exit_code == 0, command
        text = result.output
        assert "\\[" not in text and "``" not in text, (command, text)
        assert f"\n    rulesq {command}" in text, (command, text)
        arguments = text.partition("Arguments:\n")[2].partition("\n\n")[0]
        entries = re.split(r"\n(?=  \S)", arguments)  # a wrapped help goes on, indented
        for entry in entries:
            if not entry.strip():
                continue
            metavar, *rest = entry.split()
            assert [word for word in rest if word != "[required]"], (command, entry)
