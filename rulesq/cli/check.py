"""``rulesq check``: check judge calls (``expect`` lines) file by file; a summary line last."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from rulesq.cli.common import EXIT_ERROR, EXIT_FAIL, GameOption, JsonOption, print_json

if TYPE_CHECKING:
    from rulesq.engine.check import FileCheck


def check(
    paths: Annotated[
        list[str], typer.Argument(help="Situation files, or folders searched for *.rq.")
    ],
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check each situation's calls: AGREE, DISAGREE (and the rule contradicted) or CANNOT ANSWER.

    The last line is ``N agree, M disagree, K cannot answer``; a file that cannot be read or
    parsed has an ERROR line (and the error, with its place, on standard error) and is not
    counted. Exit code 0 when every call agrees, 1 otherwise, 2 when a file is in error.

    Example: ``rulesq check corpus/bluemoon/cases``
    """
    from rulesq.engine.check import check_paths, summary_line

    results: list[FileCheck] = []
    for result in check_paths(paths, game):
        results.append(result)
        if not as_json:
            _print_line(result)
    summary = summary_line(results)
    if as_json:
        print_json({"files": [_as_dict(r) for r in results], "summary": summary})
    else:
        sys.stdout.write(summary + "\n")
    if any(r.failed for r in results):
        raise typer.Exit(EXIT_ERROR)
    if any(r.result is None or r.result.value != "agree" for r in results):
        raise typer.Exit(EXIT_FAIL)


def _print_line(result: FileCheck) -> None:
    if result.failed:
        assert result.error is not None
        detail = result.error.render()
        sys.stdout.flush()  # keep the order of the two streams when they share a terminal
        sys.stderr.write(detail + "\n")
        sys.stderr.flush()
        first = detail.splitlines()[0].replace(": error: ", ": ", 1).removeprefix("error: ")
        sys.stdout.write(f"{'ERROR':<14} {first}\n")
        return
    assert result.result is not None
    word = result.result.value.upper()
    line = f"{word:<14} {result.path}"
    sys.stdout.write(line + (f": {result.reason}" if result.reason else "") + "\n")


def _as_dict(result: FileCheck) -> dict[str, object]:
    from rulesq.render.data import answer_to_dict

    if result.failed:
        assert result.error is not None
        return {"file": result.path, "result": "error", "error": result.error.to_dict()}
    assert result.result is not None
    return {
        "file": result.path,
        "result": result.result.value,
        "reason": result.reason or None,
        "sources": list(result.sources),
        "answers": [answer_to_dict(q.answer, q.outcomes) for q in result.questions],
    }
