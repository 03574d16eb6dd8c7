"""Every error is worded alike: ``error: `` and a message that begins in lower case."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import fuzzgen
import pytest

from rulesq.errors import lowered

PACKAGE = Path(__file__).resolve().parent.parent / "rulesq"
#: Exceptions of Python's own (bugs, never shown to a user as an error of rulesq).
BUILTIN = {
    "AssertionError",
    "AttributeError",
    "KeyError",
    "NotImplementedError",
    "OSError",
    "RuntimeError",
    "TypeError",
    "ValueError",
}


def _openings(node: ast.expr) -> list[str]:
    """The literal text a message expression begins with (each branch of an ``if``)."""
    if isinstance(node, ast.IfExp):
        return _openings(node.body) + _openings(node.orelse)
    if isinstance(node, ast.BinOp):
        return _openings(node.left)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant):
        return [str(node.values[0].value)]
    return []


def capitalised(source: str) -> list[str]:
    """The messages raised in ``source`` whose literal opening begins with a capitalised word."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in BUILTIN or not (name.endswith("Error") or name in ("CannotAnswer", "Undecided")):
            continue
        messages = node.args[:1] + [k.value for k in node.keywords if k.arg == "message"]
        found += [
            f"line {node.lineno}: {text[:60]!r}"
            for message in messages
            for text in _openings(message)
            if lowered(text) != text
        ]
    return found


#: A span in single quotes (not an apostrophe: ``player's``); ``\0`` stands for a value.
SINGLE_QUOTED = re.compile(r"(?<![\w'])'[^'\n]+'(?![\w])")
#: A command to type, in whose words single quotes are the shell's: ``"rulesq search 'a b'"``.
COMMAND = re.compile(r'"rulesq [^"]*"')


def _texts(node: ast.expr) -> list[str]:
    """The text a message expression writes, a value interpolated read as ``\0``."""
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    if isinstance(node, ast.BinOp):
        return [a + b for a in _texts(node.left) for b in _texts(node.right)] or [""]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [
            "".join(
                str(part.value) if isinstance(part, ast.Constant) else "\0" for part in node.values
            )
        ]
    return ["\0"]


def single_quoted(source: str) -> list[str]:
    """The messages raised in ``source`` that quote something in single quotes."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in BUILTIN or not (
            name.endswith("Error") or name in ("CannotAnswer", "Undecided", "NotRead")
        ):
            continue
        for argument in [*node.args, *(k.value for k in node.keywords)]:
            found += [
                f"line {node.lineno}: {text[:60]!r}"
                for text in _texts(argument)
                if SINGLE_QUOTED.search(COMMAND.sub("", text))
            ]
    return found


def in_package(scan: Callable[[str], list[str]]) -> list[str]:
    """What ``scan`` finds in each of rulesq's modules, each place named by its file."""
    return [
        f"{path.relative_to(PACKAGE.parent)}: {where}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for where in scan(path.read_text(encoding="utf-8"))
    ]


def test_every_message_rulesq_raises_quotes_in_double_quotes() -> None:
    """A word found, a name given and what to type are quoted alike: ``unexpected "is"``,
    ``unknown card "Pandemonum"``, ``Did you mean "Pandemonium"?`` (the card reader and the
    situation's syntax errors said ``unexpected 'is'`` beside ``unknown card "X"``)."""
    found = in_package(single_quoted)
    assert not found, "\n".join(found)


def test_the_scan_finds_a_single_quoted_message() -> None:
    """The scan above can fail: a quote around a value, a literal, a concatenation, a hint."""
    source = (
        "raise InputError(f\"unexpected '{word}'\")\n"
        "raise ReadError(\"'or …' follows only 'must'\")\n"
        'raise NotRead("no verb in \'" + text + "\'")\n'
        'raise InputError("x", suggestion="write \'it is my turn\'")\n'
        'raise RulesqError(f"the player\'s {x} and \\"{y}\\"")\n'
        "raise ValueError(f\"internal '{x}'\")\n"
        "raise RulesqError('try \"rulesq search \\'a b\\'\"')\n"
    )
    assert [f.split(":")[0] for f in single_quoted(source)] == [
        "line 1",
        "line 2",
        "line 3",
        "line 4",
    ]


def test_every_message_rulesq_raises_begins_in_lower_case() -> None:
    """A message written in the code is never ``Unknown card …`` beside ``unknown card …``."""
    found = in_package(capitalised)
    assert not found, "\n".join(found)


def test_the_scan_finds_a_capitalised_message() -> None:
    """The scan above can fail: each way a message is written is read."""
    source = (
        'raise RulesqError("Unknown card")\n'
        'raise InputError(f"No {x}", source="s")\n'
        'raise CannotAnswer("b" if x else "The c")\n'
        'raise UnknownNameError("x" + "y")\n'
        'raise InputError(message="Bad line")\n'
        'raise ValueError("Not shown to a user")\n'
        'raise RulesqError("RULESQ_CACHE_DIR names no folder")\n'
    )
    assert [f.split(":")[0] for f in capitalised(source)] == [
        "line 1",
        "line 2",
        "line 3",
        "line 5",
    ]


def test_lowered_keeps_a_name_in_capitals() -> None:
    assert lowered("No such option '--x'.") == "no such option '--x'."
    assert lowered("RULESQ_CACHE_DIR is relative") == "RULESQ_CACHE_DIR is relative"
    assert lowered('"Blaze" is a character card') == '"Blaze" is a character card'
    assert lowered("") == ""


#: Bad command lines of every kind: a name, a usage mistake, a file, a text, a limit.
BAD = [
    ["card", "Pandemonum"],
    ["card", ""],
    ["card"],
    ["cite", "xyz"],
    ["forms", "--game", "nope"],
    ["parse"],
    ["parse", "You may not retreat.", "--card", "Blaze"],
    ["parse", "You may not retreat."],
    ["ask", "--bogus"],
    ["ask", "/nonexistent/case.rq"],
    ["ask", "-e", "game bluemoon\nelement is earth\nask can I retreat?"],
    ["ask", "-e", "game bluemoon\nit is my turn"],
    ["check", "-j", "x", "."],
    ["nosuchcommand"],
    ["rulings", "Pandemonium", "pandemonium"],
    ["completion", "tcsh"],
    ["search", "-n", "-1", "dragon"],
]


@pytest.mark.parametrize("args", BAD, ids=[" ".join(a)[:40] for a in BAD])
def test_every_error_a_command_prints_is_worded_alike(args: list[str]) -> None:
    outcome = fuzzgen.run(fuzzgen.Case("wording", args))
    assert outcome.code == 2, outcome.stderr
    assert fuzzgen.ERROR_MESSAGE.search(outcome.stderr), outcome.stderr
    assert not fuzzgen.miswritten(outcome.stderr), outcome.stderr


def test_the_check_of_printed_errors_can_fail() -> None:
    assert fuzzgen.miswritten("error: Unknown card 'X'.\n") == ["Unknown card 'X'."]
    assert fuzzgen.miswritten("case.rq:2:3: error: Bad word\n") == ["Bad word"]
    assert fuzzgen.miswritten("Usage: rulesq\n\nError: No such option\n") == [
        "Error: No such option"
    ]
    assert fuzzgen.miswritten("error: unknown card 'X'. Did you mean \"Y\"?\n") == []
    usage = "Usage: rulesq ask [OPTIONS] [FILE]\nTry 'rulesq ask --help' for help.\n\n"
    assert fuzzgen.miswritten(usage) == ["Try 'rulesq ask --help' for help."]
    assert fuzzgen.miswritten("error: no such option '--x'. Did you mean '--y'?\n") != []
    assert fuzzgen.miswritten("error: x. (Did you mean one of: '--a', '--b'?)\n") != []
    assert fuzzgen.miswritten("rulesq: warning: the cache\n") != []
    assert fuzzgen.miswritten("warning: the cache\n") == []
    assert fuzzgen.miswritten("Write 'it is my turn' before the play.\n") != []
    assert fuzzgen.miswritten('Write "it is my turn" before the play.\n') == []


#: Usage mistakes whose message names what to type instead, and the hint each must print.
USAGE_HINTS = [
    (
        ["ask", "--gmae", "x"],
        'error: no such option "--gmae". Did you mean "--game" or "--graph"?',
    ),
    (["chek"], 'error: no such command "chek". Did you mean "check"?'),
    (["--versio"], 'error: no such option "--versio". Did you mean "--version"?'),
    (["ask", "a", "b"], 'error: unexpected extra argument: "b"'),
]


@pytest.mark.parametrize(("args", "said"), USAGE_HINTS, ids=[" ".join(a) for a, _ in USAGE_HINTS])
def test_a_usage_mistake_hints_as_every_error_does(args: list[str], said: str) -> None:
    """The library's own words (``Try 'rulesq --help'``, ``(Did you mean one of: '--game',
    '--graph'?)``, ``Got unexpected extra argument (b)``) are rulesq's: double quotes around
    what to type, a sentence of its own; with ``--json`` the same message."""
    outcome = fuzzgen.run(fuzzgen.Case("usage", args))
    assert outcome.code == 2, outcome.stderr
    assert outcome.stderr.splitlines()[-1] == said, outcome.stderr
    assert re.search(r'^Try "[^"]* --help" for help\.$', outcome.stderr, re.M), outcome.stderr
    assert not fuzzgen.miswritten(outcome.stderr)
    import json

    as_json = fuzzgen.run(fuzzgen.Case("usage", [*args, "--json"]))
    assert as_json.code == 2
    assert json.loads(as_json.stdout) == {"error": said.removeprefix("error: "), "usage": True}


def test_a_bad_command_line_leaves_no_file_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Running the bad command lines writes nothing where they run (``check -j x .`` wrote an
    empty file named "-j", which a commit then took for part of the project)."""
    monkeypatch.chdir(tmp_path)
    for args in BAD:
        fuzzgen.run(fuzzgen.Case("wording", args))
    assert sorted(p.name for p in tmp_path.iterdir()) == []
