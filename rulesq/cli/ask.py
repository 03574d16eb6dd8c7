"""``rulesq ask``: answer the questions of a situation, with the rule that decided each."""

from __future__ import annotations

from typing import Annotated

import typer

from rulesq.cli.answer import GRAPH_FORMATS
from rulesq.cli.common import EXIT_OK, GameOption, JsonOption
from rulesq.cli.completion import expression_names, graph_formats

__all__ = ["GRAPH_FORMATS", "ask"]

ExplainOption = Annotated[
    bool,
    typer.Option(
        "--explain",
        help="Show the whole chain: facts, effects, ladder step, "
        "alternatives that lost, negative facts and assumptions.",
    ),
]
GraphOption = Annotated[
    str | None,
    typer.Option(
        "--graph",
        help="Print the derivation graph: dot, mermaid or json.",
        autocompletion=graph_formats,
    ),
]


def ask(
    file: Annotated[
        str | None, typer.Argument(help="A situation file (.rq), or - to read standard input.")
    ] = None,
    expression: Annotated[
        list[str] | None,
        typer.Option(
            "--expression",
            "-e",
            help="The situation text (\\n separates lines); given again, each is the next line.",
            autocompletion=expression_names,
        ),
    ] = None,
    game: GameOption = None,
    explain: ExplainOption = False,
    graph: GraphOption = None,
    as_json: JsonOption = False,
) -> None:
    """Answer a situation: verdict, reason, the rule that decided.

    Prints each question's verdict, its status (definite, decided by a ladder step,
    conflict or cannot answer), a one-line reason, the assumptions made and the clauses
    cited. Exit code 0 when every question is answered (and every expect line agrees), 1
    when one cannot be (or a call does not agree), 2 on bad input. Every statement and
    question form, with an example: rulesq forms.

    Examples:

    \b
      rulesq ask case.rq
      rulesq ask --explain case.rq
      rulesq ask --graph dot case.rq | dot -Tsvg > why.svg
      rulesq ask - < case.rq
      rulesq ask -e 'it is my turn\\nphase Leadership' -e 'ask can I retreat?' --game bluemoon
    """
    from rulesq.cli.answer import run_ask

    text = "\n".join(expression) if expression else None  # -e A -e B: A, then B
    code = run_ask(file, text, game, explain, graph, as_json)
    if code != EXIT_OK:
        raise typer.Exit(code)
