"""``rulesq ask -e``: given again, each text is the next line; none is dropped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FACT = 'you have active "Pandemonium"'
QUESTION = 'it is my turn\\nphase Booster/Support\\nask can I play "Laughing Gas"?'


def _ask(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(Path(sys.executable).parent / "rulesq"), "ask", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "RULESQ_CACHE_DIR": str(tmp_path)},
        timeout=120,
    )


def test_each_expression_is_a_line_of_the_situation(tmp_path: Path) -> None:
    """The fact of the first ``-e`` counts: Pandemonium forbids the play (it was dropped)."""
    done = _ask(tmp_path, "--game", "bluemoon", "-e", FACT, "-e", QUESTION)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "  no"
    alone = _ask(tmp_path, "--game", "bluemoon", "-e", QUESTION)  # without the fact: yes
    assert alone.stdout.splitlines()[1] == "  yes"


def test_lines_of_several_expressions_are_counted_through(tmp_path: Path) -> None:
    """An error in the second ``-e`` is placed at its line of the whole situation."""
    done = _ask(tmp_path, "-e", "game bluemoon", "-e", "I retreet")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("<-e>:2:3: error: ")


def test_a_graph_format_in_capitals_is_read(tmp_path: Path) -> None:
    """``--graph DOT`` draws the DOT graph (it was an unknown format); ``--graph SVG`` is not."""
    case = 'game bluemoon\\nyou have active "Pandemonium"\\nask can I play a support card?'
    done = _ask(tmp_path, "--graph", "DOT", "-e", case)
    assert done.returncode == 0 and done.stdout.startswith("digraph rulesq {")
    bad = _ask(tmp_path, "--graph", "SVG", "-e", case)
    assert bad.returncode == 2 and 'unknown graph format "SVG"' in bad.stderr
