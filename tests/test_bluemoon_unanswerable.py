"""FAQ questions whose situation lacks a fact rulesq needs: rulesq says so, never guesses."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.engine import Status, evaluate
from rulesq.paths import corpus_dir
from rulesq.situation import read_situation

FOLDER = corpus_dir() / "bluemoon" / "unanswerable"
FILES = sorted(FOLDER.glob("*.rq"))
runner = CliRunner()


def test_there_are_unanswerable_questions() -> None:
    """The folder is not empty (so the test below can fail)."""
    assert FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_rulesq_cannot_answer_and_says_why(path: Path) -> None:
    """Every question of the file is *cannot answer*, with a reason naming what is missing."""
    answers = evaluate(read_situation(path))
    assert answers and all(a.status is Status.CANNOT for a in answers)
    assert all("give no" in a.reason or "does not say" in a.reason for a in answers)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == "0 agree, 0 disagree, 1 cannot answer"
