"""A file checked by ``rulesq check``, as printed: plain data a worker process can send back."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rulesq.errors import LONGEST_MESSAGE as LONGEST
from rulesq.errors import InputError, RulesqError, escape_controls, shorten

if TYPE_CHECKING:
    from rulesq.engine.check import FileCheck
    from rulesq.engine.expect import Result


@dataclass(frozen=True)
class Report:
    """A file checked, as printed: its line (and error details) or its JSON document.

    Plain data, so that a worker process can send it back.
    """

    path: str
    result: str | None
    line: str = ""
    details: str = ""
    document: dict[str, object] | None = None

    @property
    def failed(self) -> bool:
        """Whether the file could not be read or parsed."""
        return self.result is None

    def summary(self) -> FileCheck:
        """What the summary line counts of this file."""
        file_check, results = _summary_parts()
        if self.result is None:
            return file_check(self.path, None, error=RulesqError(self.line))
        return file_check(self.path, results[self.result])

    def write(self) -> None:
        """Print the file's line; the details of an error first, on standard error."""
        if self.details:
            sys.stdout.flush()
            sys.stderr.write(self.details + "\n")
            sys.stderr.flush()
        sys.stdout.write(self.line + "\n")


@cache
def _summary_parts() -> tuple[type[FileCheck], dict[str, Result]]:
    """What :meth:`Report.summary` builds with, imported once (not once per report)."""
    from rulesq.engine.check import FileCheck
    from rulesq.engine.expect import RESULTS

    return FileCheck, RESULTS


def report(result: FileCheck, as_json: bool) -> Report:
    """The printed form of a file checked."""
    if as_json:
        return Report(
            result.path, None if result.failed else _value(result), document=_as_dict(result)
        )
    if result.failed:
        assert result.error is not None
        return Report(
            result.path,
            None,
            f"{'ERROR':<14} {escape_controls(_error_line(result))}",
            result.error.render(),
        )
    assert result.result is not None
    value = str.__str__(result.result)  # the value, without the enum's descriptor
    line = f"{value.upper():<14} {result.path}" + (f": {result.reason}" if result.reason else "")
    made = object.__new__(Report)  # without the frozen class's __init__ (a call a field)
    made.__dict__.update(
        path=result.path, result=value, line=escape_controls(line), details="", document=None
    )
    return made


def _value(result: FileCheck) -> str:
    assert result.result is not None
    return result.result.value


def _error_line(result: FileCheck) -> str:
    """Where a file failed and why, on one line (the details, with a caret, go to stderr)."""
    error = result.error
    if isinstance(error, InputError):
        return f"{error.source}:{error.line}:{error.column}: {shorten(error.message, LONGEST)}"
    message = str(error).splitlines()[0] if str(error) else "cannot be checked"
    message = message if result.path in message else f"{result.path}: {message}"
    return shorten(message, LONGEST + len(result.path))


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
