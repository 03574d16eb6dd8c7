"""CLI basics: --version, help with no command and no terminal, shell completion scripts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulesq
from rulesq.cli import app
from rulesq.cli.completion import ZSH_LINE, card_names, expression_names

runner = CliRunner()
#: The installed command (its name is what the shell completes for).
RULESQ = str(Path(sys.executable).parent / "rulesq")


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"rulesq {rulesq.__version__}\n"


def test_bare_rulesq_with_no_terminal_prints_help() -> None:
    done = subprocess.run(
        [RULESQ], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60
    )
    assert done.returncode == 0
    assert done.stdout.startswith("Usage: rulesq [OPTIONS] [COMMAND] [ARGS]...")
    assert "shell" in done.stdout and "forms" in done.stdout


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("bash", "complete -o default -F _rulesq_completion rulesq"),
        ("zsh", "#compdef rulesq"),
        ("fish", "complete --command rulesq"),
    ],
)
def test_completion_scripts(shell: str, marker: str) -> None:
    result = runner.invoke(app, ["completion", shell])
    assert result.exit_code == 0 and marker in result.output


def test_completion_of_an_unknown_shell_is_an_error() -> None:
    result = runner.invoke(app, ["completion", "tcsh"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["completion", "bsh"])
    assert result.exit_code == 2 and 'Did you mean "bash"' in result.output


@pytest.mark.parametrize("said", ["ZSH", "/bin/zsh", " zsh "])
def test_completion_reads_the_shell_as_a_judge_may_write_it(said: str) -> None:
    """Any case, or the shell's path ($SHELL), names the shell."""
    result = runner.invoke(app, ["completion", said])
    assert result.exit_code == 0 and "#compdef rulesq" in result.output


def _complete(*words: str) -> list[str]:
    """What bash's completion gets for the words as typed (the last one being completed)."""
    env = {
        **os.environ,
        # the script bash sources joins the words, raw as typed, with newlines
        "COMP_WORDS": "\n".join(words),
        "COMP_CWORD": str(len(words) - 1),
        "_RULESQ_COMPLETE": "complete_bash",
    }
    done = subprocess.run([RULESQ], capture_output=True, text=True, env=env, timeout=60)
    return done.stdout.splitlines()


def test_the_shell_completes_card_names_after_card_rulings_and_e() -> None:
    assert _complete("rulesq", "card", "Laug") == ["Laughing\\ Gas"]
    assert "Mad\\ Mike\\ Magpie" in _complete("rulesq", "rulings", "Pandemonium", "Mad")
    assert card_names("Urgu") == ["Urguck"]
    assert expression_names('I play "Laughing G') == ['I play "Laughing Gas"']
    assert expression_names("I play") == []


def test_the_shell_completes_games_graph_formats_and_shells() -> None:
    """The values an option or argument takes complete, as its help lists them."""
    assert _complete("rulesq", "ask", "--game", "") == ["bluemoon", "fma", "warhammer"]
    assert _complete("rulesq", "forms", "-g", "w") == ["warhammer"]
    assert _complete("rulesq", "ask", "--graph", "m") == ["mermaid"]
    assert _complete("rulesq", "completion", "") == ["bash", "zsh", "fish"]


@pytest.mark.parametrize(
    ("typed", "inserted"),
    [
        # bash puts the completion in place of the word as typed: quoted as it is quoted
        ("Laughing\\ G", "Laughing\\ Gas"),
        ('"Laughing G', "Laughing Gas"),
        ("Franz", "Franz\\'s\\ Decree"),
        ("'Franz", "Franz'\\''s Decree"),
    ],
)
def test_bash_gets_a_card_name_quoted_as_the_word_is_typed(typed: str, inserted: str) -> None:
    assert _complete("rulesq", "card", typed) == [inserted]


def test_bash_gets_a_name_in_an_expression_in_double_quotes_escaped() -> None:
    assert _complete("rulesq", "ask", "-e", '"I play \\"Laughing G') == [
        'I play \\"Laughing Gas\\"'
    ]
    assert _complete("rulesq", "ask", "-e", "'I play \"Laughing G") == ['I play "Laughing Gas"']


@pytest.mark.parametrize(
    ("shell", "where"),
    [
        ("bash", ".local/share/bash-completion/completions/rulesq"),
        ("zsh", ".zfunc/_rulesq"),
        ("fish", ".config/fish/completions/rulesq.fish"),
    ],
)
def test_install_completion_writes_the_script_where_the_shell_finds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shell: str, where: str
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("SHELL", f"/usr/bin/{shell}")
    result = runner.invoke(app, ["--install-completion"])
    assert result.exit_code == 0
    target = tmp_path / where
    assert result.output.splitlines()[0] == f"rulesq completion for {shell} written to {target}"
    assert target.read_text() == runner.invoke(app, ["completion", shell]).output
    if shell == "zsh":  # ~/.zfunc goes on zsh's fpath, once
        assert (tmp_path / ".zshrc").read_text() == ZSH_LINE + "\n"
        runner.invoke(app, ["--install-completion"])
        assert (tmp_path / ".zshrc").read_text() == ZSH_LINE + "\n"
    assert runner.invoke(app, ["--show-completion"]).output == target.read_text()


def test_install_completion_in_another_shell_says_which_it_completes_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SHELL", "/bin/tcsh")
    done = subprocess.run(
        [RULESQ, "--install-completion"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr == (
        'error: your shell is "tcsh"; rulesq completes in "bash", "zsh" or "fish": '
        'print the script with "rulesq completion bash|zsh|fish"\n'
    )


def test_every_command_is_summed_up_whole_in_the_help() -> None:
    """``rulesq --help`` at 80 columns shows each command's one-line summary uncut (a
    summary too long for the line is cut to "..." mid-sentence)."""
    from typer.testing import CliRunner

    from rulesq.cli import app

    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80"}, terminal_width=80)
    listed = result.output.split("Commands:", 1)[1].splitlines()
    rows = [row for row in listed if row.startswith("  ") and row.strip()]
    assert len(rows) >= 12, result.output
    assert [row for row in rows if row.rstrip().endswith("...")] == []
