"""Fuzzing: shipped situations, mutated, never crash rulesq or give an unplaced error.

Each example takes a shipped situation file (an example or an FAQ case), mutates it
(truncated or duplicated lines, words swapped for keywords, misspellings, odd numbers,
unicode quotes, tabs, Windows line endings, lines of another file or game) and runs
``rulesq ask`` (with ``--json``, ``--explain`` or ``--graph``) or ``rulesq check`` on it.
Whatever the input: the exit code is 0, 1 or 2, there is no traceback, and an error names
the place (``file:line:col``) with a caret under it.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path

import fuzzgen
import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.errors import RulesqError
from rulesq.paths import corpus_dir

runner = CliRunner()

#: The shipped situations: the examples and every FAQ case.
SHIPPED = sorted([*EXAMPLES.rglob("*.rq"), *corpus_dir().glob("*/cases/**/*.rq")])
TEXTS = [path.read_text(encoding="utf-8") for path in SHIPPED]
#: Lines of every shipped file (to move a line into another file, or another game).
LINES = sorted(
    {
        line
        for text in TEXTS
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    }
)
#: Words a mutation may put in place of another.
WORDS = [
    "I",
    "you",
    "my",
    "your",
    "ask",
    "expect",
    "card",
    "game",
    "not",
    "no",
    "and",
    ",",
    "?",
    "(",
    ")",
    '"',
    "\u201c",
    "\u201d",
    "'",
    "0",
    "-1",
    "3",
    "1000",
    "99999999999999999999",
    "fire",
    "earth",
    "strength",
    "wits",
    "PROTECTED",
    "STOP",
    "FOO",
    "active",
    "hand",
    "play",
    "retreat",
    "battle",
    '"Pandemonium"',
    '"Nonexistent Card"',
    "(fire 2, fire 3)",
    "(fire -1)",
    "(earth 999)",
    "\t",
    "é",
    "bluemoon",
    "fma",
    "warhammer",
    "decided by",
    "yes",
]
ERROR_HEAD = re.compile(r"^(?P<source>.+?):(?P<line>\d+):(?P<col>\d+): error: .+")


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A shipped situation with one to four mutations, then its line endings chosen."""
    lines = draw(st.sampled_from(TEXTS)).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            lines = [""]
        at = draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        op = draw(
            st.sampled_from(
                [
                    "truncate",
                    "insert",
                    "duplicate",
                    "delete",
                    "word",
                    "add_word",
                    "drop_char",
                    "swap_case",
                    "numbers",
                ]
            )
        )
        if op == "truncate":
            lines[at] = line[: draw(st.integers(0, max(len(line) - 1, 0)))]
        elif op == "insert":
            lines.insert(at, draw(st.sampled_from(LINES)))
        elif op == "duplicate":
            lines.insert(at, line)
        elif op == "delete":
            del lines[at]
        elif op in ("word", "add_word"):
            words = line.split(" ")
            where = draw(st.integers(0, len(words) - (op == "word")))
            new = draw(st.sampled_from(WORDS))
            if op == "word" and words:
                words[min(where, len(words) - 1)] = new
            else:
                words.insert(where, new)
            lines[at] = " ".join(words)
        elif op == "drop_char" and line:
            cut = draw(st.integers(0, len(line) - 1))
            lines[at] = line[:cut] + line[cut + 1 :]
        elif op == "swap_case":
            lines[at] = line.swapcase()
        elif op == "numbers":
            number = draw(st.sampled_from(["0", "-1", "4", "1000", "99999999999999999999"]))
            lines[at] = re.sub(r"\d+", number, line)
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    return ending.join(lines) + ending


def _invoke(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Run the command line in-process: exit code, stdout, stderr (as ``main`` would)."""
    result = runner.invoke(app, args, input=stdin)
    error = result.exception
    if error is not None and not isinstance(error, SystemExit):
        # ``main`` prints a RulesqError and exits 2; anything else is a traceback.
        assert isinstance(error, RulesqError), f"{type(error).__name__}: {error}"
        return 2, result.stdout, error.render()
    return result.exit_code, result.stdout, result.stderr


def _assert_placed(stderr: str, source: str) -> None:
    """An error names file:line:col, shows the line and puts a caret under the column."""
    lines = stderr.splitlines()
    assert lines, "exit 2 with nothing on stderr"
    head = ERROR_HEAD.match(lines[0])
    assert head is not None, f"no file:line:col in {lines[0]!r}"
    assert head["source"] == source
    assert len(lines) >= 3 and lines[2].strip() == "^", stderr
    shown, caret = lines[1], lines[2]
    if shown.startswith("  \u2026"):
        # a long line is shown cut around its caret (rulesq.errors.window): the caret is in it
        assert 2 < caret.index("^") < len(shown), stderr
    elif shown != "  (empty line)":
        assert caret.index("^") == 2 + int(head["col"]) - 1, stderr


def _assert_sane(code: int, stdout: str, stderr: str) -> None:
    assert code in (0, 1, 2), code
    assert "Traceback" not in stdout + stderr


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=mutated(),
    flag=st.sampled_from(
        [[], ["--explain"], ["--graph", "dot"], ["--graph", "mermaid"], ["--graph", "json"]]
    ),
)
def test_ask_on_mutated_situations(text: str, flag: list[str]) -> None:
    """``rulesq ask -``: exit 0/1/2, no traceback; an error is placed with a caret."""
    code, stdout, stderr = _invoke(["ask", *flag, "-"], text)
    _assert_sane(code, stdout, stderr)
    if code == 2:
        _assert_placed(stderr, "<stdin>")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated())
def test_ask_json_on_mutated_situations(text: str) -> None:
    """``rulesq ask --json -``: always one JSON document; an error carries line and column."""
    code, stdout, stderr = _invoke(["ask", "--json", "-"], text)
    _assert_sane(code, stdout, stderr)
    document = json.loads(stdout)
    if code == 2:
        assert document["file"] == "<stdin>" and document["line"] >= 1
        assert document["column"] >= 1 and document["error"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=mutated(),
    junk=st.sampled_from([b"", b"\xff", b"\xef\xbb\xbf", b"\t", b"\x00"]),
    at_start=st.booleans(),
)
def test_check_on_mutated_files(text: str, junk: bytes, at_start: bool) -> None:
    """``rulesq check FILE``: exit 0/1/2, the summary last, errors on stderr naming the file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "case.rq"
        body = text.encode("utf-8")
        path.write_bytes(junk + body if at_start else body + junk)
        code, stdout, stderr = _invoke(["check", str(path)])
    _assert_sane(code, stdout, stderr)
    assert re.search(
        r"\d+ agree, \d+ disagree, \d+ cannot answer"
        r"(, \d+ with no call to check)?(, 1 could not be checked)?$",
        stdout.strip(),
    )
    assert stdout.strip().endswith(", 1 could not be checked") == (code == 2), stdout
    if code == 2:
        assert str(path) in stderr
        if ERROR_HEAD.match(stderr.splitlines()[0]):
            _assert_placed(stderr, str(path))
        else:
            assert stderr.startswith("error: cannot read"), stderr


# --- every command, four kinds of input (tests/fuzzgen.py) ---------------------------------
# Each example runs a whole command line through ``rulesq.cli.main`` (so an internal error
# shows as exit 3): ``ask -`` or ``check FILE`` on a fuzzed situation, or another command on
# a fuzzed argument. Every outcome is exit 0, 1 or 2, without a traceback, and an error
# shows the very line it names (lines end at line feeds only, as Lark counts them), with
# the caret under its column; with --json, the document's text is that line.


@pytest.mark.parametrize("kind", fuzzgen.KINDS)
@settings(
    max_examples=70, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(rng=st.randoms(use_true_random=False))
def test_every_command_on_fuzzed_input(kind: str, rng: random.Random) -> None:
    """Raw bytes, Unicode with separators and controls, token mutations, huge values."""
    with fuzzgen.scratch() as folder:
        case = fuzzgen.make_case(rng, kind, folder)
        outcome = fuzzgen.run(case)
    assert not fuzzgen.problems(case, outcome), (case.describe(), outcome)


@pytest.mark.parametrize("path", fuzzgen.SHIPPED[::7], ids=lambda p: p.name)
def test_a_token_mutation_of_shipped_files(path: Path) -> None:
    """One fixed token mutation of every seventh shipped file (all games, all folders)."""
    rng = random.Random(path.name)
    text = fuzzgen.token_mutation(rng, path.read_text(encoding="utf-8"))
    case = fuzzgen.Case("tokens", ["ask", "-"], text.encode("utf-8"), text)
    outcome = fuzzgen.run(case)
    assert not fuzzgen.problems(case, outcome), (case.describe(), outcome)


def test_the_checks_can_fail() -> None:
    """The checker sees a wrong exit code, a traceback and a caret on the wrong line."""
    text = "game bluemoon\fask\nzz\n"
    case = fuzzgen.Case("unicode", ["ask", "-"], text.encode(), text)
    good = fuzzgen.Outcome(2, "", '<stdin>:2:1: error: unexpected "zz"\n  zz\n  ^\n')
    assert fuzzgen.problems(case, good) == []
    wrong_line = fuzzgen.Outcome(2, "", '<stdin>:2:1: error: unexpected "zz"\n  ask\n  ^\n')
    assert fuzzgen.problems(case, wrong_line)
    assert fuzzgen.problems(case, fuzzgen.Outcome(3, "", "internal error"))
    assert fuzzgen.problems(case, fuzzgen.Outcome(1, "Traceback (most recent call last)", ""))
