"""FMA cases pin their reason: the clause, ladder step or card whose text decided.

A case is pinned when one of its questions carries ``expect decided by …`` or ``expect because
"…"`` (checked by ``rulesq check`` like any call). The count has a floor, and
corpus/fma/cases/README.md states it and names every case left unpinned, with why.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulesq.paths import corpus_dir

CASES = corpus_dir() / "fma" / "cases"
#: The number of pinned cases reached; it may only grow.
FLOOR = 116
PIN = re.compile(r"(?m)^expect\s+(decided\s+by|because)\s")


def cases() -> list[Path]:
    return sorted(CASES.rglob("*.rq"))


def pinned(path: Path) -> bool:
    return PIN.search(path.read_text(encoding="utf-8")) is not None


def test_pinned_cases_reach_the_floor_and_the_readme_says_how_many() -> None:
    every = cases()
    count = sum(1 for p in every if pinned(p))
    assert count >= FLOOR, count
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    said = re.search(r"(\d+) of the (\d+) cases pin the reason", readme)
    assert said is not None
    assert [int(n) for n in said.groups()] == [count, len(every)]


def test_every_unpinned_case_is_named_in_the_readme() -> None:
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in cases() if not pinned(p) and p.stem not in readme]
    assert missing == []


def test_a_pin_is_a_call_the_check_reads(tmp_path: Path) -> None:
    """The pattern counts only real calls: a commented-out pin does not count."""
    path = tmp_path / "case.rq"
    path.write_text('game fma\n# expect because "X"\n', encoding="utf-8")
    assert not pinned(path)
    path.write_text("game fma\nexpect decided by card text\n", encoding="utf-8")
    assert pinned(path)
