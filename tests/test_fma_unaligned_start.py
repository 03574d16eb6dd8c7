"""FMA: an unaligned Loyal: 1 ally starting under an unaligned leader shows its reading."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

CASE = (
    Path(__file__).resolve().parent
    / "cases"
    / "fma"
    / "a-starting-line-up-is-judged-ally-by-ally.rq"
)


def test_the_yes_under_an_unaligned_leader_shows_the_pairing_it_reads() -> None:
    """The rulings never say how an unaligned ally's Loyal is met: the yes says so."""
    answers = evaluate(parse_situation(CASE.read_text(encoding="utf-8"), str(CASE)))
    last = answers[-1]
    assert last.answered
    assert any("unaligned ally's Loyal" in t for t in last.graph.assumptions())


def test_under_a_rebel_leader_the_same_ally_is_open() -> None:
    """Without the unaligned leader the pairing is not there: cannot answer."""
    text = CASE.read_text(encoding="utf-8").replace(
        '"Lone Wolf" (unaligned)', '"Lone Wolf" (Rebel)'
    )
    last = evaluate(parse_situation(text, str(CASE)))[-1]
    assert not last.answered


def test_playing_it_later_rests_on_the_same_reading_as_starting_it() -> None:
    """Start and later play under the same unaligned leader: one reading, shown by both."""
    case = (
        CASE.parent.parent
        / "fma-loyal"
        / "an-unaligned-loyal-ally-played-later-is-read-as-at-setup.rq"
    )
    answers = evaluate(parse_situation(case.read_text(encoding="utf-8"), str(case)))
    start, play = answers[0], answers[1]
    assert start.answered and play.answered
    reading = [t for t in start.graph.assumptions() if "unaligned ally's Loyal" in t]
    assert reading and reading[0] in play.graph.assumptions()
