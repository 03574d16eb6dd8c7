"""What the command line needs before Typer: exit codes, error reports, the completion variable."""

from __future__ import annotations

import sys
from typing import Any

from rulesq.errors import RulesqError
from rulesq.jsontext import to_json

EXIT_OK = 0
EXIT_FAIL = 1
EXIT_ERROR = 2
#: A bug in rulesq (an exception no command expected).
EXIT_INTERNAL = 3
#: Standard output was a pipe whose reader went away (128 + SIGPIPE, as Unix tools do).
EXIT_BROKEN_PIPE = 141
#: Interrupted by the user (Ctrl-C: 128 + SIGINT, as Unix tools do).
EXIT_INTERRUPTED = 130
#: The variable the shell sets when it asks rulesq for completions.
COMPLETE_VAR = "_RULESQ_COMPLETE"


def print_json(value: Any) -> None:
    """Print a JSON document on stdout."""
    sys.stdout.write(to_json(value) + "\n")


def report_error(error: RulesqError, *, as_json: bool = False) -> None:
    """Print a user-facing error on stderr (as JSON on stdout with ``--json``)."""
    if as_json:
        print_json(error.to_dict())
    else:
        sys.stderr.write(error.render() + "\n")
