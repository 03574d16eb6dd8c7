"""``rulesq check``: check judge calls (``expect`` lines) file by file; a summary line last."""

from __future__ import annotations

from typing import Annotated

import typer

from rulesq.cli.common import GameOption, JsonOption


def check(
    paths: Annotated[
        list[str], typer.Argument(help="Situation files, or folders searched for *.rq.")
    ],
    game: GameOption = None,
    follow: Annotated[
        bool, typer.Option("--follow", help="Follow symbolic links that lead out of a folder.")
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            show_default=False,
            help="Check files in N processes (default: the number of "
            "cores); the output is the same as with one.",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Check judge calls: AGREE, DISAGREE or CANNOT ANSWER per file.

    One line per file (a DISAGREE names the clause the call contradicts; a file with no
    expect line gets NO CALL; a file that cannot be read or parsed gets an ERROR line, the
    details on standard error), then the summary "N agree, M disagree, K cannot answer"
    (", J with no call to check" when some files have none, ", E could not be checked"
    for the ERROR lines). Exit code 0 when every call
    agrees, 1 otherwise (a file with no call too), 2 when a file cannot be read or parsed.
    Symbolic links that lead out of a folder are not followed (an ERROR line each) unless
    --follow; a folder that cannot be listed is an ERROR line too (exit 2). Files are
    checked in parallel (--jobs), the lines printed in the same order.

    Examples:

    \b
      rulesq check corpus/bluemoon/cases
      rulesq check case.rq other.rq --json
    """
    from rulesq.cli.checking import run_check

    code = run_check(paths, game, follow, jobs, as_json)
    if code:
        raise typer.Exit(code)
