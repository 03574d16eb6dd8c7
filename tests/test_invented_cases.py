"""Every invented situation (tests/cases/**/*.rq) agrees with its calls, or fails as it says."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import INVENTED, invented_cases
from test_invented_cases_beyond_expect import NO_CALL
from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()
#: ``# error: <line>[:<column>] [words the message contains]`` on the first line.
ERROR = re.compile(r"^# error: (?P<line>\d+)(?::(?P<column>\d+))?(?: (?P<words>.+))?$")
#: ``# suggestion: <words the suggestion contains>`` (or ``none``) right after it.
SUGGESTION = re.compile(r"^# suggestion: (?P<words>.+)$")
#: ``# nearest: <the first nearest form, whole>`` and ``# unsaid: <words>`` (or ``none``: the
#: words no form says), in the comment lines after those.
NEAREST = re.compile(r"^# nearest: (?P<form>.+)$")
UNSAID = re.compile(r"^# unsaid: (?P<words>.+)$")
EXPECT = re.compile(r"^\s*expect\b", re.MULTILINE)


@dataclass(frozen=True)
class ExpectedError:
    """What an input-error case says its error is."""

    line: int
    column: int | None
    words: str | None
    suggestion: str | None
    nearest: str | None = None
    unsaid: str | None = None


def expected_error(path: Path) -> ExpectedError | None:
    """The error a case's first comment lines announce, or None for a situation to check."""
    lines = path.read_text(encoding="utf-8").splitlines()
    match = ERROR.match(lines[0]) if lines else None
    if match is None:
        return None
    hint = SUGGESTION.match(lines[1]) if len(lines) > 1 else None
    comments = [line for line in lines[1:] if line.startswith("#")]
    form = next((m.group("form") for m in map(NEAREST.match, comments) if m), None)
    unsaid = next((m.group("words") for m in map(UNSAID.match, comments) if m), None)
    column = match.group("column")
    return ExpectedError(
        int(match.group("line")),
        int(column) if column else None,
        match.group("words"),
        hint.group("words") if hint else None,
        form,
        unsaid,
    )


def disagreements(path: Path) -> list[str]:
    """What ``rulesq check --json`` says about the case that its calls do not (empty: agrees)."""
    result = runner.invoke(app, ["check", "--json", str(path)])
    try:
        (entry,) = json.loads(result.output)["files"]
    except (ValueError, KeyError) as error:
        return [f"no JSON report ({error}): {result.output}"]
    wanted = expected_error(path)
    if path.is_relative_to(INVENTED) and path.relative_to(INVENTED).as_posix() in NO_CALL:
        return [] if entry["result"] != "error" else [f"input error: {entry['error']}"]
    if wanted is not None:
        return error_disagreements(wanted, entry, result.exit_code)
    if entry["result"] == "error":
        return [f"input error: {entry['error']}"]
    problems = [
        f"line {answer['line']}: {call['expect']}: {call['result']} ({call['detail']})"
        for answer in entry["answers"]
        for call in answer["expectations"]
        if call["result"] != "agree"
    ]
    if result.exit_code != 0 and not problems:
        problems.append(f"exit code {result.exit_code}: {entry['result']}")
    return problems


def error_disagreements(
    wanted: ExpectedError, entry: dict[str, object], exit_code: int
) -> list[str]:
    """How an input-error case's error differs from the one its comment lines announce."""
    error = entry.get("error")
    if entry["result"] != "error" or not isinstance(error, dict):
        return [f"expected an input error, but the result is {entry['result']}"]
    problems = [] if exit_code == 2 else [f"exit code {exit_code}, not 2"]
    if error.get("line") != wanted.line:
        problems.append(f"error on line {error.get('line')}, not {wanted.line}")
    if wanted.column is not None and error.get("column") != wanted.column:
        problems.append(f"error at column {error.get('column')}, not {wanted.column}")
    message = str(error.get("error"))
    if wanted.words and wanted.words not in message:
        problems.append(f"message {message!r} lacks {wanted.words!r}")
    suggestion = error.get("suggestion")
    if wanted.suggestion == "none":
        if suggestion is not None:
            problems.append(f"unexpected suggestion {suggestion!r}")
    elif wanted.suggestion and wanted.suggestion not in str(suggestion or ""):
        problems.append(f"suggestion {suggestion!r} lacks {wanted.suggestion!r}")
    forms = error.get("nearest")
    first = forms[0] if isinstance(forms, list) and forms else None
    if wanted.nearest is not None and first != wanted.nearest:
        problems.append(f"nearest form {first!r}, not {wanted.nearest!r}")
    words = error.get("unsaid")
    unsaid = ", ".join(words) if isinstance(words, list) and words else "none"
    if wanted.unsaid is not None and unsaid != wanted.unsaid:
        problems.append(f"words no form says: {unsaid}, not {wanted.unsaid}")
    return problems


@pytest.mark.parametrize(
    "path", invented_cases(), ids=lambda p: p.relative_to(INVENTED).with_suffix("").as_posix()
)
def test_invented_case_agrees(path: Path) -> None:
    """``rulesq check`` agrees with every call of the case (or gives the error it announces)."""
    problems = disagreements(path)
    assert not problems, f"{path.relative_to(INVENTED)} does not agree:\n  " + "\n  ".join(problems)


def test_every_case_makes_a_call() -> None:
    """A case without an ``expect`` line (or an error line) would check nothing."""
    silent = [
        name
        for name, p in ((p.relative_to(INVENTED).as_posix(), p) for p in invented_cases())
        if expected_error(p) is None
        and name not in NO_CALL
        and not EXPECT.search(p.read_text(encoding="utf-8"))
    ]
    assert silent == []


def test_input_errors_announce_their_error() -> None:
    """Each file of input-errors/ starts with its error line, and only those files do."""
    folder = INVENTED / "input-errors"
    wrong = [
        p.relative_to(INVENTED).as_posix()
        for p in invented_cases()
        if (expected_error(p) is not None) != (folder in p.parents)
    ]
    assert wrong == []


def test_the_cases_are_collected() -> None:
    """Every topic folder holds cases, so the parametrisation cannot silently shrink."""
    topics = {p.relative_to(INVENTED).parts[0] for p in invented_cases()}
    assert {
        "play",
        "ignore",
        "hands",
        "values",
        "time",
        "mixed",
        "fields",
        "fma",
        "warhammer",
        "warhammer-zones",
        "warhammer-turn",
        "warhammer-resolved",
        "input-errors",
    } <= topics
    assert len(invented_cases()) >= 250


def test_a_disagreeing_case_is_named(tmp_path: Path) -> None:
    """The collector reports a wrong call and a wrong error line, not a pass."""
    wrong = tmp_path / "wrong.rq"
    wrong.write_text(
        "game bluemoon\nI have 0 dragons on my side\nask can I retreat?\nexpect no\nexpect 3\n",
        encoding="utf-8",
    )
    assert any("expect 3" in problem for problem in disagreements(wrong))
    misplaced = tmp_path / "misplaced.rq"
    misplaced.write_text(
        "# error: 2:1 nothing like this\ngame bluemoon\nI have -1 cards\n", encoding="utf-8"
    )
    problems = disagreements(misplaced)
    assert any("line 3, not 2" in problem for problem in problems)
    assert any("lacks 'nothing like this'" in problem for problem in problems)
