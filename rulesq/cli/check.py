"""``rulesq check``: check judge calls (``expect`` lines) file by file; a summary line last."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from rulesq.cli.common import EXIT_ERROR, EXIT_FAIL, GameOption, JsonOption, print_json
from rulesq.errors import InputError, escape_controls

if TYPE_CHECKING:
    from rulesq.engine.check import FileCheck


def check(
    paths: Annotated[
        list[str], typer.Argument(help="Situation files, or folders searched for *.rq.")
    ],
    game: GameOption = None,
    follow: Annotated[
        bool, typer.Option("--follow", help="Follow symbolic links that lead out of a folder.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Check judge calls: AGREE, DISAGREE or CANNOT ANSWER per file.

    One line per file (a DISAGREE names the clause the call contradicts; a file with no
    expect line gets NO CALL; a file that cannot be read or parsed gets an ERROR line, the
    details on standard error), then the summary "N agree, M disagree, K cannot answer"
    (", J with no call to check" when some files have none). Exit code 0 when every call
    agrees, 1 otherwise (a file with no call too), 2 when a file cannot be read or parsed.
    Symbolic links that lead out of a folder are not followed (an ERROR line each) unless
    --follow.

    Examples:

    \b
      rulesq check corpus/bluemoon/cases
      rulesq check case.rq other.rq --json
    """
    from rulesq.engine.check import check_paths, summary_line

    results: list[FileCheck] = []
    for result in check_paths(paths, game, follow):
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
        sys.stdout.flush()
        sys.stderr.write(result.error.render() + "\n")
        sys.stderr.flush()
        sys.stdout.write(f"{'ERROR':<14} {escape_controls(_error_line(result))}\n")
        return
    assert result.result is not None
    word = result.result.value.upper()
    line = f"{word:<14} {result.path}" + (f": {result.reason}" if result.reason else "")
    sys.stdout.write(escape_controls(line) + "\n")


def _error_line(result: FileCheck) -> str:
    """Where a file failed and why, on one line (the details, with a caret, go to stderr)."""
    error = result.error
    if isinstance(error, InputError):
        return f"{error.source}:{error.line}:{error.column}: {error.message}"
    message = str(error).splitlines()[0] if str(error) else "cannot be checked"
    return message if result.path in message else f"{result.path}: {message}"


def _as_dict(result: FileCheck) -> dict[str, object]:
    from rulesq.render.data import answer_to_dict

    if result.failed:
        assert result.error is not None
        return {"file": result.path, "result": "error", "error": result.error.to_dict()}
    assert result.result is not None
    return {
        "file": result.path,
        "result": result.result.key,
        "reason": result.reason or None,
        "sources": list(result.sources),
        "answers": [answer_to_dict(q.answer, q.outcomes) for q in result.questions],
    }
