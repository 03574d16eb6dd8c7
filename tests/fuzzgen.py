"""Fuzz inputs for every command, and the checks every outcome must pass.

Shared by ``tests/test_fuzz_inputs.py`` (hypothesis hands it a seeded ``random.Random``, so
failures shrink and replay) and ``bench/fuzz_campaign.py`` (10,000 inputs, outside pytest).

Four kinds of input: raw bytes; Unicode with line separators and control characters put
into a shipped situation; token mutations of a shipped situation (every example and case
file); huge numbers and names. A situation goes to ``ask`` (``-``, with or without
``--json``, ``--explain``, ``--graph``) or to ``check FILE``; a string goes as the argument
of the other commands (``search``, ``cite``, ``card``, ``parse``, ``rulings``, ``corpus``,
``coverage``). ``run`` runs the command line in this process, through ``rulesq.cli.main``,
so the exit code is the real one (3 for an internal error).
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rulesq.errors import escape_controls, window
from rulesq.paths import corpus_dir
from rulesq.spans import text_line

TESTS = Path(__file__).resolve().parent
#: Every shipped situation: the examples, the invented cases and every FAQ case.
SHIPPED = sorted(
    [
        *(TESTS / "examples").rglob("*.rq"),
        *(TESTS / "cases").rglob("*.rq"),
        *corpus_dir().glob("*/cases/**/*.rq"),
    ]
)
TEXTS = [path.read_text(encoding="utf-8") for path in SHIPPED]
_TOKEN = re.compile(r'"[^"\n]*"|\d+|\w+|[^\w\s]|[ \t]+|\n')
#: Every distinct token of the shipped files (what a mutation may put in).
TOKENS = sorted({t for text in TEXTS for t in _TOKEN.findall(text)})
#: Characters some line splitter ends a line at (Lark ends one only at a line feed).
SEPARATORS = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r", "\r\n"]
#: Controls and other characters a terminal must never receive raw.
CONTROLS = [
    "\x00",
    "\x1b",
    "\x1b[31m",
    "\x07",
    "\x08",
    "\x7f",
    "\x9b",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\ud7ff",
    "\U0001f600",
    "\u0301",
    "\ufffd",
    "\t",
]
KINDS = ("bytes", "unicode", "tokens", "huge")
COMMANDS = ("search", "cite", "card", "parse", "rulings", "corpus", "coverage")
GAMES = ("bluemoon", "warhammer", "fma")
ERROR_HEAD = re.compile(r"^(?P<source>.+?):(?P<line>\d+):(?P<col>\d+): error: ")


@dataclass
class Case:
    """One fuzz input: the command line, the bytes on stdin or in the file, and its text."""

    kind: str
    args: list[str]
    data: bytes = b""
    text: str | None = None  # the situation as rulesq reads it, when there is one

    def describe(self) -> str:
        """The input, short enough to print."""
        shown = [a if len(a) < 80 else a[:77] + "..." for a in self.args]
        return f"{self.kind}: {shown} {self.data[:200]!r}"


# ---------------------------------------------------------------------- situations
def situation(rng: random.Random, kind: str) -> bytes:
    """A situation's bytes, of one of the four kinds."""
    base = rng.choice(TEXTS)
    if kind == "bytes":
        junk = rng.randbytes(rng.randint(0, 64))
        if rng.random() < 0.3:
            return junk
        data = bytearray(base.encode("utf-8"))
        for _ in range(rng.randint(1, 4)):
            at = rng.randint(0, len(data))
            data[at:at] = rng.randbytes(rng.randint(1, 4))
        return bytes(data)
    if kind == "unicode":
        return unicode_mutation(rng, base).encode("utf-8", errors="surrogatepass")
    if kind == "tokens":
        return token_mutation(rng, base).encode("utf-8")
    return huge_mutation(rng, base).encode("utf-8")


def unicode_mutation(rng: random.Random, text: str) -> str:
    """Line separators and control characters put into ``text`` (or in place of line feeds)."""
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        pool = SEPARATORS if rng.random() < 0.6 else CONTROLS
        piece = rng.choice(pool)
        if rng.random() < 0.3:
            piece = chr(
                rng.choice(
                    [
                        rng.randint(0x20, 0x2FFF),
                        rng.randint(0x80, 0x9F),
                        rng.randint(0x1F000, 0x1FAFF),
                    ]
                )
            )
        newlines = [i for i, c in enumerate(chars) if c == "\n"]
        if newlines and rng.random() < 0.4:
            chars[rng.choice(newlines)] = piece
        else:
            chars.insert(rng.randint(0, len(chars)), piece)
    return "".join(chars)


def token_mutation(rng: random.Random, text: str) -> str:
    """One to five token edits: delete, duplicate, swap, replace or insert a token."""
    tokens = _TOKEN.findall(text) or [""]
    for _ in range(rng.randint(1, 5)):
        at = rng.randrange(len(tokens))
        op = rng.choice(["delete", "duplicate", "swap", "replace", "insert"])
        if op == "delete" and len(tokens) > 1:
            del tokens[at]
        elif op == "duplicate":
            tokens.insert(at, tokens[at])
        elif op == "swap" and at + 1 < len(tokens):
            tokens[at], tokens[at + 1] = tokens[at + 1], tokens[at]
        elif op == "replace":
            tokens[at] = rng.choice(TOKENS)
        else:
            tokens.insert(at, rng.choice(TOKENS))
    return "".join(tokens)


def huge_number(rng: random.Random) -> str:
    """A number of up to 6,000 digits (over Python's 4,300-digit conversion limit too)."""
    digits = rng.choice([20, 101, 4301, rng.randint(1, 6000)])
    return rng.choice(["", "-", "+"]) + "9" * digits


def huge_name(rng: random.Random) -> str:
    """A long name: letters, spaces, a few quotes and controls."""
    length = rng.choice([81, 201, 5001, rng.randint(1, 200_000)])
    word = rng.choice(["Laughing Gas ", "x", "Pandemonium", "é", "\u2028", "ab\x1b"])
    return (word * (length // len(word) + 1))[:length]


def huge_mutation(rng: random.Random, text: str) -> str:
    """A number or a quoted name of ``text`` made huge, or a huge inline card added."""
    op = rng.choice(["number", "name", "card", "line"])
    if op == "number" and re.search(r"\d+", text):
        spots = list(re.finditer(r"\d+", text))
        hit = rng.choice(spots)
        return text[: hit.start()] + huge_number(rng) + text[hit.end() :]
    if op == "name" and '"' in text:
        spots = list(re.finditer(r'"[^"\n]*"', text))
        if spots:
            hit = rng.choice(spots)
            return text[: hit.start()] + f'"{huge_name(rng)}"' + text[hit.end() :]
    lines = text.split("\n")
    at = rng.randint(1, max(len(lines) - 1, 1))
    if op == "card":
        extra = f'card "{huge_name(rng)[:300]}" character: "{huge_name(rng)}"'
    else:
        extra = rng.choice(
            [
                f"I have {huge_number(rng)} cards in my hand",
                f'I play "Laughing Gas" ({huge_name(rng)[:50]} {huge_number(rng)})',
                "I play " + ", ".join(['"Laughing Gas"'] * rng.randint(1, 3000)),
            ]
        )
    lines.insert(at, extra)
    return "\n".join(lines)


# ---------------------------------------------------------------------- other commands
def argument(rng: random.Random, kind: str) -> str:
    """A string argument of one of the four kinds (no NUL: a command line cannot hold one)."""
    if kind == "bytes":
        text = rng.randbytes(rng.randint(0, 40)).decode("utf-8", errors="surrogateescape")
    elif kind == "unicode":
        base = rng.choice(TOKENS + ["Pandemonium", "BM-Q12", "you may not", ""])
        text = unicode_mutation(rng, base)
    elif kind == "tokens":
        text = "".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 8)))
    else:
        text = rng.choice([huge_number(rng), huge_name(rng)])
    return text.replace("\x00", "")


def command_case(rng: random.Random, kind: str) -> Case:
    """A command other than ask and check, with fuzzed arguments and options."""
    command = rng.choice(COMMANDS)
    args = [command]
    if command in ("search", "cite", "card", "parse"):
        args.append(argument(rng, kind))
    elif command == "rulings":
        args += [argument(rng, kind) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.5:
        args += ["--game", rng.choice([*GAMES, argument(rng, kind)])]
    if rng.random() < 0.4:
        args.append("--json")
    if command == "search" and rng.random() < 0.3:
        args += ["-n", rng.choice(["0", "-1", "3", huge_number(rng)])]
    return Case(kind, args)


def make_case(rng: random.Random, kind: str | None = None, folder: str | None = None) -> Case:
    """Any fuzz case: ``ask -``, ``check FILE`` (in ``folder``) or another command."""
    kind = kind or rng.choice(KINDS)
    roll = rng.random()
    if roll < 0.25:
        return command_case(rng, kind)
    data = situation(rng, kind)
    text = data.decode("utf-8", errors="backslashreplace")
    if roll < 0.4 and folder is not None:
        path = os.path.join(folder, "case.rq")
        return Case(kind, ["check", path], data, text)
    flags = rng.choice([[], [], ["--json"], ["--explain"], ["--graph", "dot"], ["--graph", "json"]])
    return Case(kind, ["ask", *flags, "-"], data, text)


# ---------------------------------------------------------------------- running, checking
@dataclass
class Outcome:
    """What a command line did: its exit code and its output."""

    code: int
    stdout: str
    stderr: str


def run(case: Case) -> Outcome:
    """Run the case's command line in this process, as ``python -m rulesq`` would."""
    from rulesq.cli import main

    if case.args[0] == "check" and case.text is not None:  # a situation written to check
        # (not a command line's own: ``check -j x .`` once wrote a file "-j" where it ran)
        Path(case.args[1]).write_bytes(case.data)
    stdin = io.TextIOWrapper(io.BytesIO(case.data), encoding="utf-8")
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    sys.argv = ["rulesq", *case.args]
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        main()
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else int(done.code is not None)
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
    return Outcome(
        code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace")
    )


def problems(case: Case, outcome: Outcome) -> list[str]:
    """What is wrong with an outcome: an exit code not 0, 1 or 2, a traceback, a caret off.

    The line an error shows must be the line it names, lines split at line feeds only.
    """
    found = []
    if outcome.code not in (0, 1, 2):
        found.append(f"exit {outcome.code}: {outcome.stderr.strip()[-300:]}")
    if "Traceback" in outcome.stdout + outcome.stderr:
        found.append("a traceback")
    if case.text is not None and outcome.code == 2:
        found += _misplaced(case, outcome)
    found += [f"an error not worded as the others: {m[:80]!r}" for m in miswritten(outcome.stderr)]
    return found


#: An error's message on standard error: after ``error: `` at the start of a line, or after
#: the place (``file:line:col: error: ``).
ERROR_MESSAGE = re.compile(r"^(?:[^\s:][^:]*(?::\d+){1,2}: )?error: (?P<message>.*)$", re.M)


def miswritten(stderr: str) -> list[str]:
    """The error messages of ``stderr`` that do not begin as every error does.

    An error begins ``error: `` and its message with a word in lower case (a quote, a
    number, or a name in capitals throughout may come first): never ``Error:`` nor an
    ordinary word capitalised (``error: Unknown card``). Its hints quote what to type in
    double quotes; a warning begins ``warning: ``.
    """
    from rulesq.errors import lowered

    found = [m for m in ERROR_MESSAGE.findall(stderr) if lowered(m) != m]
    found += [line for line in stderr.splitlines() if line.startswith(("Error:", "rulesq: error"))]
    # a hint quotes what to type in double quotes, as every hint does; a warning is worded
    # as an error is
    found += [line for line in stderr.splitlines() if re.search(_MISQUOTED, line)]
    return found


#: A hint worded otherwise than rulesq's own: a suggestion or a command to type in single
#: quotes (the command-line library's ``Try 'rulesq --help'``, ``(Did you mean one of: '--x'?)``),
#: or a warning that does not read ``warning: …``.
_MISQUOTED = (
    r"Did you mean '|\(Did you mean|Try '|[Ww]rite '|file with '|^rulesq: warning|^Warning:"
)


def _texts(case: Case) -> list[str]:
    assert case.text is not None
    return [case.text, case.text.removeprefix("\ufeff")]


def _misplaced(case: Case, outcome: Outcome) -> list[str]:
    if "--json" in case.args:
        try:
            document = json.loads(outcome.stdout)
        except ValueError:
            return ["--json printed no JSON document"]
        if "line" in document and not any(
            document["text"] == text_line(t, document["line"]) for t in _texts(case)
        ):
            return [f"JSON text is not line {document['line']}: {document['text'][:80]!r}"]
        return []
    lines = outcome.stderr.splitlines()
    for at, line in enumerate(lines):
        head = ERROR_HEAD.match(line)
        if head is None or not head["source"].endswith(("<stdin>", "case.rq")):
            continue
        number, column = int(head["line"]), int(head["col"])
        if at + 2 >= len(lines):
            return [f"no line and caret after {line[:80]!r}"]
        shown, caret = lines[at + 1], lines[at + 2]
        if caret.strip() != "^":
            return [f"no caret under {shown[:80]!r}"]
        if not any(_shows(shown, caret, t, number, column) for t in _texts(case)):
            return [f"line {number} is not what is shown: {shown[:80]!r}"]
    return []


def _shows(shown: str, caret: str, text: str, number: int, column: int) -> bool:
    """Whether the line and caret shown are the line's window, cut from it as escaped."""
    raw = text_line(text, number)
    expected, at = window(escape_controls(raw), len(escape_controls(raw[: column - 1])) + 1)
    if not expected.strip():
        return shown == "  (empty line)"
    return shown == f"  {expected}".rstrip() and caret.index("^") == 1 + at


def scratch() -> tempfile.TemporaryDirectory[str]:
    """A folder for ``check FILE`` cases."""
    return tempfile.TemporaryDirectory(prefix="rulesq-fuzz-")
