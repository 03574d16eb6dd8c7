"""``rulesq ask``: answer the questions of a situation, with the rule that decided each."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from rulesq.cli.common import EXIT_FAIL, GameOption, JsonOption, fail, print_json
from rulesq.cli.completion import expression_names
from rulesq.errors import RulesqError, did_you_mean, suggest

GRAPH_FORMATS = ("dot", "mermaid", "json")

ExplainOption = Annotated[
    bool,
    typer.Option(
        "--explain",
        help="Show the whole chain: facts, effects, ladder step, "
        "alternatives that lost, negative facts and assumptions.",
    ),
]
GraphOption = Annotated[
    str | None, typer.Option("--graph", help="Print the derivation graph: dot, mermaid or json.")
]


def ask(
    file: Annotated[
        str | None, typer.Argument(help="A situation file (.rq), or - to read standard input.")
    ] = None,
    expression: Annotated[
        str | None,
        typer.Option(
            "--expression",
            "-e",
            help="The situation text (\\n separates lines).",
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
    cited. Exit code 0 when every question is answered, 1 when one cannot be, 2 on bad
    input. Every statement and question form, with an example: rulesq forms.

    Examples:

    \b
      rulesq ask case.rq
      rulesq ask --explain case.rq
      rulesq ask --graph dot case.rq | dot -Tsvg > why.svg
      rulesq ask - < case.rq
      rulesq ask -e 'ask what does "Some Card" read?' --game warhammer
    """
    from rulesq.engine.dispatch import evaluate
    from rulesq.engine.expect import match
    from rulesq.engine.ladder import load_ladder
    from rulesq.games import get_game
    from rulesq.situation import parse_situation

    try:
        text, source = _read_input(file, expression)
        if graph is not None and graph not in GRAPH_FORMATS:
            hint = did_you_mean(suggest(graph, GRAPH_FORMATS))
            raise RulesqError(
                f"unknown graph format '{graph}': --graph takes "
                f"{', '.join(GRAPH_FORMATS)}." + (f" {hint}" if hint else "")
            )
        situation = parse_situation(text, source, game)
        answers = evaluate(situation)
        found = get_game(situation.game)
        ladder = load_ladder(found.name)
        outcomes = [
            [match(e, a, ladder, found.corpus) for e in a.question.expectations] for a in answers
        ]
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if graph is not None:
        from rulesq.render.graphs import render_graphs

        sys.stdout.write(render_graphs(answers, graph))
    elif as_json:
        from rulesq.render.data import answer_to_dict

        print_json(
            {
                "source": source,
                "game": situation.game,
                "sources": list(situation.sources),
                "answers": [answer_to_dict(a, o) for a, o in zip(answers, outcomes, strict=True)],
            }
        )
    else:
        from rulesq.render.text import render_answers

        if not answers:
            sys.stdout.write("no question: write one as  ask ...?\n")
        sys.stdout.write(render_answers(answers, outcomes, explain=explain) if answers else "")
    if any(not a.answered for a in answers):
        raise typer.Exit(EXIT_FAIL)


def _read_input(file: str | None, expression: str | None) -> tuple[str, str]:
    """The situation text and its name for messages."""
    if expression is not None and file is not None:
        raise RulesqError("give a situation file or -e TEXT, not both")
    if expression is not None:
        return expression.replace("\\n", "\n"), "<-e>"
    if file is None:
        raise RulesqError("no situation: give a file, - for standard input, or -e TEXT")
    from rulesq.inputs import read_file

    return read_file(file), "<stdin>" if file == "-" else file
