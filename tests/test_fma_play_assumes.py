"""FMA: a yes to playing a Main ability with no phase stated shows the phase it takes."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "corpus" / "fma" / "cases" / "calls" / "burning-the-past-requirement.rq"


def _assumptions(text: str) -> list[list[str]]:
    return [list(a.graph.assumptions()) for a in evaluate(parse_situation(text, str(CASE)))]


def test_a_yes_with_no_phase_stated_shows_the_main_phase() -> None:
    """The ruling's yes ("may only be played by an Elric") is put of a time it may be played."""
    shown = _assumptions(CASE.read_text(encoding="utf-8"))
    assert not any("phase" in t for t in shown[0]), "a no by the requirement needs no phase"
    assert any("taken to be the main phase" in t for t in shown[1]), shown[1]


def test_a_stated_main_phase_is_not_assumed() -> None:
    """With the main phase stated there is nothing to show."""
    text = CASE.read_text(encoding="utf-8").replace(
        '"Soldier" (alchemy 5, Military)\n',
        '"Soldier" (alchemy 5, Military)\nit is the main phase\n',
    )
    shown = _assumptions(text)
    assert not any("phase" in t for t in shown[1]), shown[1]
