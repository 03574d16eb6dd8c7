"""The ``rulesq`` command line: one module per command, registered on one Typer app."""

from __future__ import annotations

import sys

import typer

from rulesq.cli import ask, card, check, cite, corpus_cmd, coverage, parse, rulings, search
from rulesq.cli.common import EXIT_ERROR, report_error
from rulesq.errors import RulesqError

app = typer.Typer(
    name="rulesq",
    help="A rules judge for card games: ask what happens, check a call, cite the rule.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)



@app.callback()
def root() -> None:
    """A rules judge for card games: ask what happens, check a call, cite the rule."""


app.command("ask")(ask.ask)
app.command("check")(check.check)
app.command("rulings")(rulings.rulings)
app.command("search")(search.search)
app.command("cite")(cite.cite)
app.command("card")(card.card)
app.command("corpus")(corpus_cmd.corpus)
app.command("parse")(parse.parse)
app.command("coverage")(coverage.coverage)


def main() -> None:
    """Run the app; errors meant for users print without a traceback and exit 2."""
    try:
        app()
    except RulesqError as error:
        report_error(error, as_json="--json" in sys.argv)
        sys.exit(EXIT_ERROR)
