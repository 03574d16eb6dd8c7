"""Warhammer cases pin their reasons: a floor on the count, and the rest listed with why."""

from __future__ import annotations

import re
from pathlib import Path

CASES = Path(__file__).resolve().parent.parent / "corpus" / "warhammer" / "cases"
PIN = re.compile(r"^expect (?:because|decided by)\b", re.MULTILINE)
#: The count of pinned cases this suite holds to (it may only grow).
FLOOR = 144


def _files() -> list[Path]:
    return sorted(CASES.rglob("*.rq"))


def _unpinned() -> list[str]:
    return [
        p.relative_to(CASES).as_posix()
        for p in _files()
        if not PIN.search(p.read_text(encoding="utf-8"))
    ]


def test_pinned_cases_reach_the_floor() -> None:
    pinned = len(_files()) - len(_unpinned())
    assert pinned >= FLOOR, f"{pinned} Warhammer cases pin their reason, fewer than {FLOOR}"


def test_every_unpinned_case_is_listed_with_its_reason() -> None:
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Reasons pinned", 1)[1]
    missing = [name for name in _unpinned() if f"`{name}`" not in section]
    assert not missing, f"unpinned and not listed in the README: {missing}"


def test_the_readme_counts_match() -> None:
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    total = len(_files())
    pinned = total - len(_unpinned())
    assert f"{pinned} of the {total} cases" in readme
