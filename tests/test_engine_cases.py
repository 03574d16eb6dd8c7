"""Every situation file (FAQ cases in corpus/*/cases and the shared examples) agrees."""

from __future__ import annotations

import filecmp
import os
from contextlib import nullcontext
from pathlib import Path

import pytest
from conftest import EXAMPLES, FIXTURE_CORPUS, corpus_at, has_corpus
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.paths import data_root

runner = CliRunner()


def shared_examples() -> Path | None:
    """The shared examples folder (``../shared/examples``), when it is present."""
    explicit = os.environ.get("RULESQ_SHARED_DIR")
    shared = Path(explicit) if explicit else data_root().parent / "shared"
    folder = shared / "examples"
    return folder if folder.is_dir() else None


def test_case_agrees(case_file: Path) -> None:
    """``rulesq check FILE`` agrees with every call of the file."""
    game = case_file.relative_to(EXAMPLES).parts[0] if EXAMPLES in case_file.parents else None
    fixture = game == "warhammer" and not has_corpus("warhammer")
    with corpus_at(FIXTURE_CORPUS) if fixture else nullcontext():
        result = runner.invoke(app, ["check", str(case_file)])
    last = result.output.strip().splitlines()[-1] if result.output.strip() else ""
    assert result.exit_code == 0, result.output
    assert last == "1 agree, 0 disagree, 0 cannot answer", result.output


def test_cases_are_collected() -> None:
    """Every shared example is a test case (so the parametrisation cannot silently shrink)."""
    from conftest import case_files

    ids = {case_id for case_id, _ in case_files()}
    assert {
        "warhammer/errata",
        "warhammer/restricted-list",
        "fma/toughness",
        "bluemoon/you-may-not-stops-play",
    } <= ids


def test_example_copies_equal_the_shared_examples() -> None:
    """tests/examples holds exactly the files of ../shared/examples, unchanged."""
    shared = shared_examples()
    if shared is None:
        pytest.skip("../shared/examples is not present")
    ours = sorted(p.relative_to(EXAMPLES).as_posix() for p in EXAMPLES.rglob("*.rq"))
    theirs = sorted(p.relative_to(shared).as_posix() for p in shared.rglob("*.rq"))
    assert ours == theirs
    changed = [
        name for name in ours if not filecmp.cmp(EXAMPLES / name, shared / name, shallow=False)
    ]
    assert changed == []
