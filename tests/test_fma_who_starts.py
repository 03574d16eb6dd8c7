"""FMA: who starts the Play-or-Pass is cannot answer for the sources' silence, not the input's."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent / "cases" / "fma-who-starts"


def test_who_starts_names_the_sources_silence_at_the_setup_and_the_start_of_the_turn() -> None:
    """The reason says no source names the first player (not that the situation lacks a fact)."""
    reasons = []
    for path in sorted(CASES.glob("*.rq")):
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        first = evaluate(situation)[0]
        assert not first.answered
        reasons.append(first.reason)
    assert len(reasons) == 2
    assert all("do not say which player takes its first action" in r for r in reasons), reasons
    assert "setup" in reasons[1] and "start of the turn" in reasons[0]
