"""Check situation files for ``rulesq check`` (the command's work, with no command-line library)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from rulesq.cli.basics import EXIT_ERROR, EXIT_FAIL, EXIT_OK, print_json

if TYPE_CHECKING:
    from rulesq.engine.check import FileCheck


def run_check(
    paths: list[str],
    game: str | None = None,
    follow: bool = False,
    jobs: int | None = None,
    as_json: bool = False,
) -> int:
    """Check every file ``paths`` name, print a line each and the summary; the exit code."""
    from rulesq.cli.parallel import reports
    from rulesq.engine.check import planned_names, summary_line

    checked: list[FileCheck] = []
    documents: list[dict[str, object]] = []
    for report in reports(list(planned_names(paths, follow)), game, as_json, jobs):
        checked.append(report.summary())
        if as_json:
            assert report.document is not None
            documents.append(report.document)
        else:
            report.write()
    summary = summary_line(checked)
    if as_json:
        print_json({"files": documents, "summary": summary})
    else:
        sys.stdout.write(summary + "\n")
    if any(r.failed for r in checked):
        return EXIT_ERROR
    # The value read without the enum's descriptor (a call a file).
    if any(r.result is None or str.__str__(r.result) != "agree" for r in checked):
        return EXIT_FAIL
    return EXIT_OK
