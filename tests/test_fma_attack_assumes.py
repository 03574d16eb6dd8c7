"""FMA: a yes to declaring an attack shows the phase and readiness it takes for granted."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "corpus" / "fma" / "cases" / "calls" / "stealth-only.rq"


def _assumptions(text: str) -> list[list[str]]:
    return [list(a.graph.assumptions()) for a in evaluate(parse_situation(text, str(CASE)))]


def test_a_yes_with_no_phase_or_readiness_stated_shows_both() -> None:
    """The Stealth FAQ's yes rests on a phase and a readiness its question does not give."""
    shown = _assumptions(CASE.read_text(encoding="utf-8"))
    assert any("no phase is stated" in t for t in shown[0]), shown[0]
    assert any('"Shade" is ready or set' in t for t in shown[0]), shown[0]
    assert not any("phase" in t for t in shown[2]), "a no by Stealth needs no phase"


def test_stated_phase_and_readiness_are_not_assumed() -> None:
    """With the search phase and readiness stated there is nothing to show."""
    text = CASE.read_text(encoding="utf-8").replace(
        '"Sleeper" is at home\n',
        '"Sleeper" is at home\nit is the search phase\n"Shade" and "Sneak" are ready\n',
    )
    shown = _assumptions(text)
    assert not any("phase" in t or "ready" in t for t in shown[0]), shown[0]
