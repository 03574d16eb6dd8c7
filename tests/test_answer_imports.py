"""Answering a Blue Moon question runs no import once the modules are loaded.

An ``import`` inside a function runs the import machinery on every call (a few thousand
instructions even for a module loaded long ago), and the engine and the Blue Moon judge ran
about fifteen per situation (the derivation graph's classes, the defaults, the game's
situation check and icon list, the answer class for precedents, the ladder). They are
imported at the top of their modules, or once and then held.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from imported import imports_run

from rulesq.engine.check import check_file

ROOT = Path(__file__).resolve().parents[1]
#: The modules that answer a Blue Moon question: the engine, and the game with its judge.
ANSWERING = ("rulesq.engine", "rulesq.games.bluemoon")


def _bluemoon_files() -> list[Path]:
    cases = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
    invented = [
        path
        for path in sorted((ROOT / "tests" / "cases").rglob("*.rq"))
        if re.search(r"^\s*game\s+bluemoon\b", path.read_text(encoding="utf-8"), re.M)
    ]
    return cases + invented


def test_answering_runs_no_import_once_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    files = _bluemoon_files()
    assert len(files) > 343
    for file in files:
        check_file(file)
    imported = imports_run(monkeypatch, lambda caller: caller.startswith(ANSWERING))
    for file in files:
        check_file(file)
    monkeypatch.undo()
    assert imported == [], sorted(set(imported))
