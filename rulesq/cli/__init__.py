"""The ``rulesq`` command line: one module per command, registered on one Typer app."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from rulesq.cli import (
    ask,
    card,
    check,
    cite,
    completion,
    corpus_cmd,
    coverage,
    forms,
    parse,
    rulings,
    search,
)
from rulesq.cli.common import EXIT_ERROR, GameOption, report_error
from rulesq.cli.help import PlainHelpCommand, PlainHelpGroup
from rulesq.errors import RulesqError

app = typer.Typer(
    name="rulesq",
    help="A rules judge for card games: ask what happens, check a call, cite the rule.",
    no_args_is_help=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    cls=PlainHelpGroup,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            shown = version("rulesq")
        except PackageNotFoundError:
            from rulesq import __version__ as shown
        typer.echo(f"rulesq {shown}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.",
                                          callback=_version, is_eager=True)] = False,
) -> None:
    """A rules judge for card games: ask what happens, check a call, cite the rule.

    With no command: on a terminal, the table mode (rulesq shell); otherwise this help.
    Every statement and question a situation may use: rulesq forms.
    """
    if ctx.invoked_subcommand is not None:
        return
    if sys.stdin.isatty() and sys.stdout.isatty():
        from rulesq.cli.shell import shell

        shell()
        return
    typer.echo(ctx.get_help())


app.command("ask", cls=PlainHelpCommand)(ask.ask)
app.command("check", cls=PlainHelpCommand)(check.check)
app.command("forms", cls=PlainHelpCommand)(forms.forms)
app.command("rulings", cls=PlainHelpCommand)(rulings.rulings)
app.command("search", cls=PlainHelpCommand)(search.search)
app.command("cite", cls=PlainHelpCommand)(cite.cite)
app.command("card", cls=PlainHelpCommand)(card.card)
app.command("corpus", cls=PlainHelpCommand)(corpus_cmd.corpus)
app.command("parse", cls=PlainHelpCommand)(parse.parse)
app.command("coverage", cls=PlainHelpCommand)(coverage.coverage)
app.command("completion", cls=PlainHelpCommand)(completion.completion)


@app.command("shell", cls=PlainHelpCommand)
def shell_command(game: GameOption = None) -> None:
    """The table mode: build a situation line by line; each question is answered at once.

    Tab completes card names (inside quotes) and the statement and question forms; the
    arrows recall earlier lines. :show, :undo, :save case.rq, :game warhammer, :help.
    """
    from rulesq.cli.shell import shell

    shell(game)


def main() -> None:
    """Run the app; errors meant for users print without a traceback and exit 2."""
    import os

    if os.environ.get(completion.COMPLETE_VAR):
        completion.enable()
    try:
        app()
    except RulesqError as error:
        report_error(error, as_json="--json" in sys.argv)
        sys.exit(EXIT_ERROR)
