"""FMA: one rule reads a side of the table (``sides``): the characters stated, once one is."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.engine import Answer, evaluate
from rulesq.games.fma import sides
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent / "cases" / "fma-sides"
LOYAL = CASES / "a-side-is-the-characters-stated-once-one-is-stated.rq"
REACT = CASES / "a-react-with-every-stated-character-gone-is-a-no.rq"
COPIES = CASES / "a-yes-to-a-character-coming-to-your-side-rests-on-no-unstated-copy.rq"
TARGETS = (
    Path(__file__).resolve().parent
    / "cases"
    / "fma-targets"
    / "a-defender-weaker-than-every-stated-attacker-is-no-target.rq"
)
NAMED = "the situation names every character"


def _answers(path: Path) -> tuple[Answer, ...]:
    return tuple(evaluate(parse_situation(path.read_text(encoding="utf-8"), str(path))))


def _named(answer: Answer) -> bool:
    return any(NAMED in text for text in answer.graph.assumptions())


def test_a_no_on_the_characters_stated_shows_it_and_a_yes_does_not() -> None:
    """Every answer resting on the side stated says so; one that found enough does not."""
    empty, theirs, leader, enough = _answers(LOYAL)
    assert not empty.answered
    assert "no character of yours is stated" in empty.reason
    assert theirs.answered and _named(theirs)
    assert leader.answered and _named(leader)
    assert enough.answered  # enough found: it rests on no other sharing a faction
    assert not any("shares a faction" in text for text in enough.graph.assumptions())
    _, gone = _answers(REACT)
    assert gone.answered and _named(gone)
    assert _named(_answers(TARGETS)[1])
    unknown, control, play, mob = _answers(COPIES)
    assert not unknown.answered and "uniqueness" in unknown.reason
    assert _named(control) and _named(play)
    assert mob.answered and not _named(mob)


def test_read_always_open_the_nos_are_not_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Perturbed (a side never closed), the nos that rest on the rule become cannot answer."""
    monkeypatch.setattr(sides, "closed", lambda stated: False)
    _, theirs, leader, _ = _answers(LOYAL)
    assert not theirs.answered and not leader.answered
    assert not _answers(REACT)[1].answered
    assert not _answers(TARGETS)[1].answered
    _, control, play, mob = _answers(COPIES)
    assert not control.answered and not play.answered and mob.answered


def test_read_always_closed_an_empty_side_is_a_no(monkeypatch: pytest.MonkeyPatch) -> None:
    """Perturbed (a side with nothing stated closed), the empty side's question becomes a no."""
    monkeypatch.setattr(sides, "closed", lambda stated: True)
    monkeypatch.setattr(sides, "leader_named", lambda table, player: True)
    assert _answers(LOYAL)[0].answered


UNNAMED = CASES / "an-unnamed-leader-leaves-a-side-open.rq"


def test_an_unnamed_leader_leaves_the_side_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """A side is closed only with its leader named; read as named, the four answers close."""
    loyal, pair, control, react = _answers(UNNAMED)[:4]
    assert not any(a.answered for a in (loyal, pair, control, react))
    assert "leader is not named" in loyal.reason and "leader is not named" in control.reason
    assert "leader is not named" in pair.reason
    monkeypatch.setattr(sides, "leader_named", lambda table, player: True)
    loyal, pair, control, react = _answers(UNNAMED)[:4]
    assert loyal.answered and _named(loyal) and loyal.verdict.show() == "no"
    assert pair.answered and pair.verdict.show() == "no"
    assert control.answered and control.verdict.show() == "yes"
    assert react.answered and react.verdict.show() == "no"
