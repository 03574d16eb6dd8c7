"""Answer a situation for ``rulesq ask`` (the command's work, with no command-line library)."""

from __future__ import annotations

import sys

from rulesq.cli.basics import EXIT_ERROR, EXIT_FAIL, EXIT_OK, print_json, report_error
from rulesq.errors import RulesqError, did_you_mean, either, suggest

GRAPH_FORMATS = ("dot", "mermaid", "json")


def run_ask(
    file: str | None,
    expression: str | None = None,
    game: str | None = None,
    explain: bool = False,
    graph: str | None = None,
    as_json: bool = False,
) -> int:
    """Answer the situation of ``file`` (or ``expression``), print it; the exit code."""
    from rulesq.engine.dispatch import evaluate
    from rulesq.engine.expect import Result, match
    from rulesq.engine.ladder import load_ladder
    from rulesq.games import get_game
    from rulesq.situation import parse_situation

    try:
        text, source = _read_input(file, expression)
        if graph is not None and graph.lower() in GRAPH_FORMATS:
            graph = graph.lower()  # --graph DOT is dot
        if graph is not None and graph not in GRAPH_FORMATS:
            hint = did_you_mean(suggest(graph, GRAPH_FORMATS))
            raise RulesqError(
                f'unknown graph format "{graph}": --graph takes {either(GRAPH_FORMATS)}.'
                + (f" {hint}" if hint else "")
            )
        if graph is not None and as_json:
            raise RulesqError(
                'give "--graph" or "--json", not both: "--graph" prints the graph alone '
                '("--graph json" prints it as JSON)'
            )
        # a file's lines come from the cache folder, and are kept there
        situation = parse_situation(text, source, game, remember=_a_file(file, expression))
        answers = evaluate(situation)
        _keep_lines()
        if not answers:
            raise _no_question(text, source, situation.game)
        found = get_game(situation.game)
        ladder = load_ladder(found.name)
        outcomes = [
            [match(e, a, ladder, found.corpus) for e in a.question.expectations] for a in answers
        ]
    except RulesqError as error:
        report_error(error, as_json=as_json)
        return EXIT_ERROR
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

        sys.stdout.write(render_answers(answers, outcomes, explain=explain))
    # as check and the table mode read it: 1 when a call printed does not agree, too
    unsettled = any(not a.answered for a in answers) or any(
        o.result is not Result.AGREE for row in outcomes for o in row
    )
    return EXIT_FAIL if unsettled else EXIT_OK


def _no_question(text: str, source: str, game: str) -> RulesqError:
    """A situation that asks nothing, as an error placed where a question would go.

    That is the line after its last; the plainest of the game's questions is the example.
    """
    from rulesq.errors import InputError
    from rulesq.situation.forms import forms_of

    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the line feed that ends the last line starts no line
    asked = [f.example for f in forms_of(game) if f.is_question]
    example = min(asked, key=len) if asked else "ask ...?"  # the plainest of them
    return InputError(
        "no question: the situation asks nothing",
        source=source,
        text=text + ("" if text.endswith("\n") or not text else "\n"),
        line=len(lines) + 1,
        column=1,
        expected=[f"a question on its own line, like: {example}"],
        forms_hint=f"Every form, with an example: rulesq forms --game {game}",
    )


def _a_file(file: str | None, expression: str | None) -> bool:
    """Whether the situation is a file's (not standard input's nor ``-e``'s)."""
    return expression is None and file not in (None, "-")


def _keep_lines() -> None:
    """Write the situation lines read here that the cache folder lacked."""
    if "rulesq.situation.itemcache" in sys.modules:
        from rulesq.situation.itemcache import flush

        flush()


def _read_input(file: str | None, expression: str | None) -> tuple[str, str]:
    """The situation text and its name for messages."""
    if expression is not None and file is not None:
        raise RulesqError('give a situation file or "-e TEXT", not both')
    if expression is not None:
        return expression.replace("\\n", "\n"), "<-e>"
    if file is None:
        raise RulesqError('no situation: give a file, "-" for standard input, or "-e TEXT"')
    from rulesq.inputs import read_file

    try:
        return read_file(file), "<stdin>" if file == "-" else file
    except RulesqError as error:
        if str(error).endswith(": it is a folder"):  # its files are checked, not asked
            from rulesq.errors import escape_controls

            raise RulesqError(
                f'{error}: "rulesq check {escape_controls(file)}" answers and checks each '
                "situation file in it"
            ) from None
        raise
