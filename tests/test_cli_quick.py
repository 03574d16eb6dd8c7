"""A plain ``rulesq ask`` is answered without the Typer app: same output, same exit code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from imported import imported

from rulesq.cli.quick import read_ask, read_check

ROOT = Path(__file__).resolve().parents[1]
CASE = str(ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq")


@pytest.mark.parametrize(
    ("args", "read"),
    [
        ([CASE], {"file": CASE}),
        (["-"], {"file": "-"}),
        ([CASE, "--explain", "--json"], {"file": CASE, "explain": True, "as_json": True}),
        (["--game", "fma", CASE], {"file": CASE, "game": "fma"}),
        (["-g", "fma", CASE], {"file": CASE, "game": "fma"}),
        (["--graph=dot", CASE], {"file": CASE, "graph": "dot"}),
        (["-e", "ask x?", "--game=fma"], {"file": None, "expression": "ask x?", "game": "fma"}),
        ([], {"file": None}),
    ],
)
def test_plain_command_lines_are_read(args: list[str], read: dict[str, object]) -> None:
    assert read_ask(args) == read


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["-h"],
        [CASE, "--", "-"],
        [CASE, "other.rq"],
        [CASE, "--explain", "--explain"],
        [CASE, "--game"],
        [CASE, "--game", "--json"],
        [CASE, "--game="],
        [CASE, "--explain=yes"],
        [CASE, "-gfma"],
        [CASE, "--unknown"],
        [CASE, "-x"],
    ],
)
def test_anything_else_is_left_to_the_app(args: list[str]) -> None:
    assert read_ask(args) is None


def _run(args: list[str], cache: Path) -> tuple[int, str, str]:
    env = {**os.environ, "RULESQ_CACHE_DIR": str(cache), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "rulesq", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


#: Plain command lines, each with the same one written so that the quick reader declines it.
SAME = [
    ([CASE], ["--", CASE]),
    ([CASE, "--explain"], ["--explain", "--", CASE]),
    ([CASE, "--json"], ["--json", "--", CASE]),
    ([CASE, "--graph", "mermaid"], ["--graph", "mermaid", "--", CASE]),
    ([CASE, "--graph", "svg"], ["--graph", "svg", "--", CASE]),
    ([CASE, "--game", "warhammer"], ["--game", "warhammer", "--", CASE]),
    (["missing.rq"], ["--", "missing.rq"]),
    (
        ["-e", 'ask what does "Franz\'s Decree" read?', "--game", "warhammer"],
        ["-e", 'ask what does "Franz\'s Decree" read?', "--game", "warhammer", "--"],
    ),
    (["-e", "ask x?", "--game", "nogame"], ["-e", "ask x?", "--game", "nogame", "--"]),
    ([], ["--"]),
]


@pytest.mark.parametrize(("plain", "through_app"), SAME)
def test_the_same_answer_as_the_app(
    plain: list[str], through_app: list[str], tmp_path: Path
) -> None:
    assert read_ask(plain) is not None and read_ask(through_app) is None
    assert _run(["ask", *plain], tmp_path) == _run(["ask", *through_app], tmp_path)


def test_the_plain_ask_imports_no_command_line_library(tmp_path: Path) -> None:
    out, found = imported(["ask", CASE], ("typer", "click"), tmp_path)
    assert found == [], found
    assert "no" in out


CASES = str(ROOT / "tests" / "cases" / "fma")
ERRORS = str(ROOT / "tests" / "cases" / "input-errors")


@pytest.mark.parametrize(
    ("args", "read"),
    [
        ([CASE], {"paths": [CASE]}),
        ([CASE, CASES], {"paths": [CASE, CASES]}),
        ([CASE, "--json", "--follow"], {"paths": [CASE], "as_json": True, "follow": True}),
        (["-g", "fma", CASE, "-j", "2"], {"paths": [CASE], "game": "fma", "jobs": 2}),
        (["--jobs=007", CASE], {"paths": [CASE], "jobs": 7}),
    ],
)
def test_plain_check_lines_are_read(args: list[str], read: dict[str, object]) -> None:
    assert read_check(args) == read


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--help"],
        ["-"],
        [CASE, "--", "-x.rq"],
        [CASE, "--jobs", "0"],
        [CASE, "--jobs", "two"],
        [CASE, "--jobs", "+2"],
        [CASE, "--jobs", "\u0662"],
        [CASE, "-j2"],
        [CASE, "--json", "--json"],
        [CASE, "--follow=yes"],
        [CASE, "--explain"],
        [CASE, "--game"],
    ],
)
def test_any_other_check_is_left_to_the_app(args: list[str]) -> None:
    assert read_check(args) is None


#: Plain check lines, each with the same one that the quick reader declines.
SAME_CHECK = [
    ([CASE], ["--", CASE]),
    ([CASE, CASES, "--jobs", "1"], ["--jobs", "1", "--", CASE, CASES]),
    ([CASES, "--jobs", "2", "--json"], ["--jobs", "2", "--json", "--", CASES]),
    ([ERRORS, "--jobs", "1"], ["--jobs", "1", "--", ERRORS]),
    ([CASE, "missing.rq", "-g", "fma"], ["-g", "fma", "--", CASE, "missing.rq"]),
    ([CASE, "missing.rq", "--json"], ["--json", "--", CASE, "missing.rq"]),
]


@pytest.mark.parametrize(("plain", "through_app"), SAME_CHECK)
def test_the_same_check_as_the_app(
    plain: list[str], through_app: list[str], tmp_path: Path
) -> None:
    assert read_check(plain) is not None and read_check(through_app) is None
    assert _run(["check", *plain], tmp_path) == _run(["check", *through_app], tmp_path)


def test_a_plain_check_imports_no_command_line_library_parser_or_writer(tmp_path: Path) -> None:
    """Its lines in the cache folder (a first check wrote them): nothing is parsed or written."""
    argv = ["check", CASE, "--jobs", "1"]
    runs = [imported(argv, ("typer", "click", "lark", "tempfile"), tmp_path) for _ in range(2)]
    assert runs[0][1] == ["lark", "tempfile"], runs[0]
    assert runs[1][1] == [], runs[1]
    assert all("AGREE" in out for out, _ in runs)


def test_a_plain_check_loads_neither_inspect_nor_difflib(tmp_path: Path) -> None:
    """``dataclasses`` gets ``inspect`` on first use (a class with no docstring), and the
    errors' suggestions ``difflib``: a check that meets neither loads neither, nor what
    ``inspect`` imports (``ast``, ``dis``, ``tokenize``)."""
    argv = ["check", CASE, "--jobs", "1"]
    heavy = ("inspect", "ast", "dis", "tokenize", "difflib")
    runs = [imported(argv, heavy, tmp_path) for _ in range(2)]
    assert runs[1][1] == [], runs[1]
    assert all("AGREE" in out for out, _ in runs)
