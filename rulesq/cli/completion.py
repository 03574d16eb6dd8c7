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
    "for_bash",
]

SHELLS = ("bash", "zsh", "fish")


def completion(
    shell: Annotated[str, typer.Argument(help="bash, zsh or fish.")],
) -> None:
    """Print the shell completion script: commands, options and card names complete.

    Examples:

    \b
      rulesq completion bash > ~/.local/share/bash-completion/completions/rulesq
      rulesq completion zsh > "${fpath[1]}/_rulesq"
      rulesq completion fish > ~/.config/fish/completions/rulesq.fish
    """
    from typer._completion_shared import get_completion_script

    if shell not in SHELLS:
        sys.stderr.write(
            f"error: unknown shell '{shell}': rulesq completes in {', '.join(SHELLS)}.\n"
        )
        raise typer.Exit(EXIT_ERROR)
    enable()
    sys.stdout.write(
        get_completion_script(prog_name="rulesq", complete_var=COMPLETE_VAR, shell=shell).rstrip(
            "\n"
        )
        + "\n"
    )


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

    Bash replaces the word as typed: a name with spaces typed without quotes (``Laughing\\
    G``) needs its spaces escaped, one inside double quotes (``"I play \\"Laug``) its double
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
