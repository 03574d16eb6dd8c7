"""Output that stays safe and short: JSON escapes, cut error lines, plain corpus errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.jsontext import to_json

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq"
runner = CliRunner()

#: Characters JSON may hold raw, but a terminal or a script must not meet raw.
UNSAFE = ["\x7f", "\x85", "\x9b", "\u2028", "\u2029", "\u202e"]


@pytest.mark.parametrize("character", UNSAFE, ids=[f"U+{ord(c):04X}" for c in UNSAFE])
def test_json_escapes_c1_controls_and_line_separators(character: str) -> None:
    """``--json`` of an error quoting the character: escaped, and the same once decoded."""
    text = f'game bluemoon\nask can I play "Pan{character}demonium"?\n'
    result = runner.invoke(app, ["ask", "--json", "-"], input=text)
    assert result.exit_code == 2
    assert character not in result.stdout
    assert f"\\u{ord(character):04x}" in result.stdout
    assert character in json.loads(result.stdout)["text"]


def test_to_json_keeps_other_text_readable() -> None:
    """Accents and quotes stay as they are; only the unsafe characters are escaped."""
    assert to_json({"a": "café “x”\u2028"}) == '{\n  "a": "café “x”\\u2028"\n}'


def test_an_error_line_holding_a_huge_number_is_cut() -> None:
    """A 5,000-digit number: the error names it, the line shown is cut around the caret."""
    number = "9" * 5000
    text = f'game bluemoon\nI have active "Pandemonium" (fire {number})\nask can I play it?\n'
    result = runner.invoke(app, ["ask", "-"], input=text)
    assert result.exit_code == 2
    head, shown, caret = result.stderr.splitlines()[:3]
    assert len(head) < 200 and len(shown) < 120 and shown.endswith("…")
    assert shown[caret.index("^")] == "9" and shown[caret.index("^") - 1] == " "


def test_an_error_line_with_a_huge_word_is_cut_around_the_caret() -> None:
    """A long line with the error at its end: the part around the caret is shown."""
    text = 'game bluemoon\nask what does "' + "x" * 3000 + '" read oops?\n'
    result = runner.invoke(app, ["ask", "-"], input=text)
    assert result.exit_code == 2
    head, shown, caret = result.stderr.splitlines()[:3]
    assert len(shown) < 120 and shown.startswith("  …")
    assert shown[caret.index("^") :].startswith("oops") and len(head) < 400


@pytest.mark.parametrize("target", ["missing", "a-file"])
def test_a_corpus_folder_that_is_not_there_is_a_plain_error(tmp_path: Path, target: str) -> None:
    """``RULESQ_CORPUS_DIR`` naming no folder: exit 2 with one line, not an internal error."""
    path = tmp_path / target
    if target == "a-file":
        path.write_text("not a folder")
    for args in (["ask", str(EXAMPLE)], ["search", "dragon"], ["card", "Pandemonium"]):
        done = subprocess.run(
            [sys.executable, "-m", "rulesq", *args],
            cwd=ROOT,
            env={**os.environ, "RULESQ_CORPUS_DIR": str(path)},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2, (args, done.stderr)
        assert "RULESQ_CORPUS_DIR" in done.stderr and "internal error" not in done.stderr
