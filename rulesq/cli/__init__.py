"""The ``rulesq`` command line: one module per command, registered on one Typer app."""

from __future__ import annotations

import sys

import typer

from rulesq.cli import (
    ask,
    card,
    check,
    cite,
    corpus_cmd,
    coverage,
    forms,
    parse,
    rulings,
    search,
)
from rulesq.cli.common import EXIT_ERROR, report_error
from rulesq.cli.help import PlainHelpCommand, PlainHelpGroup
from rulesq.errors import RulesqError

app = typer.Typer(
    name="rulesq",
    help="A rules judge for card games: ask what happens, check a call, cite the rule.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    cls=PlainHelpGroup,
)


@app.callback()
def root() -> None:
    """A rules judge for card games: ask what happens, check a call, cite the rule."""


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


def main() -> None:
    """Run the app; errors meant for users print without a traceback and exit 2."""
    try:
        app()
    except RulesqError as error:
        report_error(error, as_json="--json" in sys.argv)
        sys.exit(EXIT_ERROR)
