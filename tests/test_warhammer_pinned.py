"""Warhammer cases pin their reasons: floors on the counts, and the rest listed with why.

Per file (a pin anywhere in it) and per question: every question answered with a verdict
pins the reason its source gives, or is listed in the README by ``file:line`` with why.
"""

from __future__ import annotations

import re
from pathlib import Path

CASES = Path(__file__).resolve().parent.parent / "corpus" / "warhammer" / "cases"
PIN = re.compile(r"^expect (?:because|decided by)\b", re.MULTILINE)
#: The count of pinned cases this suite holds to (it may only grow).
FLOOR = 144
#: The count of questions with a verdict that pin their reason (it may only grow).
QUESTION_FLOOR = 254


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


def _questions() -> list[tuple[str, bool, bool]]:
    """Each question: ``file:line``, whether a verdict is expected, whether a reason is pinned."""
    out = []
    for path in _files():
        name = path.relative_to(CASES).as_posix()
        asked: tuple[str, bool, bool] | None = None
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            words = line.strip()
            if words.startswith("expect ") and asked is not None:
                pin = PIN.match(words) is not None
                verdict = not pin and words != "expect cannot answer"
                asked = (asked[0], asked[1] or verdict, asked[2] or pin)
                continue
            if words.startswith("#") or not words:
                continue
            if asked is not None:
                out.append(asked)
            asked = (f"{name}:{number}", False, False) if words.startswith("ask ") else None
        if asked is not None:
            out.append(asked)
    return out


def test_every_unpinned_verdict_is_listed_by_its_line() -> None:
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Reasons pinned", 1)[1]
    unpinned = [where for where, verdict, pinned in _questions() if verdict and not pinned]
    missing = [where for where in unpinned if f"`{where}`" not in section]
    assert not missing, f"a verdict with no reason pinned, not listed in the README: {missing}"
    listed = re.findall(r"`([\w./-]+\.rq:\d+)`", section)
    stale = [where for where in listed if where not in unpinned]
    assert not stale, f"listed as unpinned in the README, but pinned (or gone) now: {stale}"


def test_pinned_questions_reach_the_floor_and_are_counted() -> None:
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    verdicts = [pinned for _, verdict, pinned in _questions() if verdict]
    assert sum(verdicts) >= QUESTION_FLOOR
    assert f"{sum(verdicts)} of the {len(verdicts)} questions answered with a verdict" in readme
