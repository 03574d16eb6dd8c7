"""Every warning reads alike: ``warning: `` and a message, as every error is ``error: …``."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesq import cachefiles
from rulesq.errors import warning_line

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rulesq"
EXAMPLE = ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq"


def _literal_texts(source: str) -> list[tuple[int, str]]:
    """Every string literal of ``source`` but its docstrings (f-strings' literal parts too)."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_only_warning_line_words_a_warning() -> None:
    """No module writes ``warning:`` itself: each goes through ``warning_line`` (one style).

    A module that wrote ``rulesq: warning: …`` (as three did, beside ``error: …``) fails.
    """
    found = [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for _, text in _literal_texts(path.read_text(encoding="utf-8"))
        if "warning:" in text
    ]
    assert found == ["rulesq/errors.py: 'warning: '"], found


def test_warning_line_is_worded_as_an_error_is() -> None:
    """``warning: `` then the message; control characters escaped, as in an error."""
    assert warning_line("the folder /tmp/x is odd") == "warning: the folder /tmp/x is odd"
    assert warning_line("a \x1b[31m red") == "warning: a \\x1b[31m red"


def test_a_cache_warning_reads_alike(capsys: pytest.CaptureFixture[str]) -> None:
    """The caches' warning (``warn_once``): one line, ``warning: …``."""
    cachefiles._warned.clear()
    try:
        cachefiles.warn_once("cannot use the cache folder (a test); working without a cache")
    finally:
        cachefiles._warned.clear()
    err = capsys.readouterr().err
    assert err == "warning: cannot use the cache folder (a test); working without a cache\n"


def test_the_output_encoding_warning_reads_alike() -> None:
    """Characters the output cannot show: ``warning: …`` once, with ``"?"`` quoted as we quote."""
    done = subprocess.run(
        [sys.executable, "-m", "rulesq", "ask", str(EXAMPLE)],
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        capture_output=True,
        timeout=120,
        check=False,
    )
    err = done.stderr.decode()
    assert done.returncode == 0, err
    assert err.startswith("warning: the output's encoding (ascii) cannot show"), err
    assert err.count("warning:") == 1 and 'printed as "?"' in err, err
