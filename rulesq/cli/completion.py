"""Shell completion: ``rulesq completion bash|zsh|fish`` prints the script; names complete."""

from __future__ import annotations

import os
import re
import sys
from typing import Annotated

import typer

from rulesq.cli.basics import COMPLETE_VAR, EXIT_ERROR

__all__ = [
    "COMPLETE_VAR",
    "SHELLS",
    "card_names",
    "completion",
    "enable",
    "expression_names",
    "game_names",
    "graph_formats",
    "shell_names",
    "detect_shell",
    "for_bash",
    "install",
    "script",
]

SHELLS = ("bash", "zsh", "fish")


def completion(
    shell: Annotated[str, typer.Argument(help="bash, zsh or fish.", autocompletion=shell_names)],
) -> None:
    """Print the completion script of a shell (bash, zsh or fish).

    Commands, options, card names, games, graph formats and shells complete.

    Examples:

    \b
      rulesq completion bash > ~/.local/share/bash-completion/completions/rulesq
      rulesq completion zsh > "${fpath[1]}/_rulesq"
      rulesq completion fish > ~/.config/fish/completions/rulesq.fish
      rulesq --install-completion     (writes it there for the shell you use)
    """
    from rulesq.errors import did_you_mean, either, escape_controls, suggest

    name = shell.strip().lower()  # ZSH is zsh; a path to the shell is its name too
    name = name.rsplit("/", 1)[-1]
    if name not in SHELLS:
        hint = did_you_mean(suggest(name, SHELLS))
        sys.stderr.write(
            f'error: unknown shell "{escape_controls(shell)}": rulesq completes in '
            f"{either(SHELLS)}." + (f" {hint}" if hint else "") + "\n"
        )
        raise typer.Exit(EXIT_ERROR)
    sys.stdout.write(script(name))


def script(shell: str) -> str:
    """The completion script of ``shell``."""
    from typer._completion_shared import get_completion_script

    enable()
    text = get_completion_script(prog_name="rulesq", complete_var=COMPLETE_VAR, shell=shell)
    return text.rstrip("\n") + "\n"


def detect_shell() -> str:
    """The user's shell (from ``$SHELL``), if rulesq completes in it; else an error."""
    from pathlib import Path

    from rulesq.errors import RulesqError, either, escape_controls

    name = Path(os.environ.get("SHELL", "")).name
    if name not in SHELLS:
        said = (
            f'your shell is "{escape_controls(name)}"'
            if name
            else "$SHELL does not say which shell you use"
        )
        raise RulesqError(
            f"{said}; rulesq completes in {either(SHELLS)}: "
            'print the script with "rulesq completion bash|zsh|fish"'
        )
    return name


#: The line that makes zsh look for completions in ~/.zfunc.
ZSH_LINE = "fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit"


def install(shell: str) -> str:
    """Write the completion script where ``shell`` finds it; say what was done.

    bash (with bash-completion) and fish load a script from their user folder as a command
    is completed; zsh needs ~/.zfunc on its ``fpath``, so that line is added to ~/.zshrc
    when it is not there.
    """
    from pathlib import Path

    home = Path.home()
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    target = {
        "bash": data / "bash-completion" / "completions" / "rulesq",
        "zsh": home / ".zfunc" / "_rulesq",
        "fish": config / "fish" / "completions" / "rulesq.fish",
    }[shell]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(script(shell), encoding="utf-8")
    done = [f"rulesq completion for {shell} written to {target}"]
    if shell == "zsh":
        rc = home / ".zshrc"
        text = rc.read_text(encoding="utf-8") if rc.is_file() else ""
        if ".zfunc" not in text:
            with rc.open("a", encoding="utf-8") as handle:
                handle.write(("\n" if text and not text.endswith("\n") else "") + ZSH_LINE + "\n")
            done.append(f"added to {rc}: {ZSH_LINE}")
    done.append("open a new shell to use it")
    return "\n".join(done)


def enable() -> None:
    """Register typer's completion classes (only when a shell asks: start-up stays lean).

    Bash's inserts each completion quoted for the word being typed (:func:`for_bash`).
    """
    from click.shell_completion import CompletionItem, add_completion_class
    from typer._completion_classes import BashComplete, completion_init

    completion_init()

    class QuotingBashComplete(BashComplete):
        def format_completion(self, item: CompletionItem) -> str:
            return for_bash(str(item.value))

    add_completion_class(QuotingBashComplete, "bash")


def card_names(incomplete: str) -> list[str]:
    """The card names of every game that begin with what is typed (case ignored)."""
    from rulesq.corpus import load_corpus
    from rulesq.corpus.load import available_games

    typed = incomplete.strip('"').casefold()
    names = [name for game in available_games() for name in load_corpus(game).card_names()]
    return sorted({n for n in names if n.casefold().startswith(typed)})


def game_names(incomplete: str) -> list[str]:
    """The games whose name begins with what is typed (after ``--game``, ``:game``)."""
    from rulesq.games import GAMES

    typed = incomplete.strip().casefold()
    return [game for game in GAMES if game.startswith(typed)]


def graph_formats(incomplete: str) -> list[str]:
    """The formats of ``--graph`` that begin with what is typed."""
    from rulesq.cli.answer import GRAPH_FORMATS

    return [name for name in GRAPH_FORMATS if name.startswith(incomplete.strip().casefold())]


def shell_names(incomplete: str) -> list[str]:
    """The shells ``rulesq completion`` writes a script for that begin with what is typed."""
    return [name for name in SHELLS if name.startswith(incomplete.strip().casefold())]


def expression_names(incomplete: str) -> list[str]:
    """Completions of ``-e TEXT``: the card name begun after the text's last open quote."""
    before, quote, typed = incomplete.rpartition('"')
    if not quote or before.count('"') % 2:
        return []
    return [f'{before}"{name}"' for name in card_names(typed)]


#: Characters bash reads specially in a word typed without quotes.
_BASH_SPECIAL = re.compile(r"""([\s'"\\$`!&;|<>()*?\[\]{}#~^])""")


def for_bash(value: str) -> str:
    """A completion as bash must insert it in place of the word being typed.

    Bash replaces the word as typed: a name with spaces typed without quotes (``Some\\ Ca``)
    needs its spaces escaped, one inside double quotes (``"I play \\"Some Ca``) its double
    quotes; zsh and fish quote what they insert themselves.
    """
    words = os.environ.get("COMP_WORDS", "").split("\n")
    try:
        typed = words[int(os.environ.get("COMP_CWORD", ""))]
    except (ValueError, IndexError):
        typed = ""
    if typed.startswith('"'):
        return re.sub(r'(["\\$`])', r"\\\1", value)
    if typed.startswith("'"):
        return value.replace("'", "'\\''")
    return _BASH_SPECIAL.sub(r"\\\1", value)
