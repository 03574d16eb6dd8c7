"""An unstated turn, or phase change, is asked each way: a verdict both ways give stands."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import INVENTED

from rulesq.engine import evaluate
from rulesq.games.warhammer import combat_plays, each_reading
from rulesq.situation import read_situation

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer

TURN = INVENTED / "warhammer-play" / "a-unit-in-the-battlefield-phase-with-no-turn-stated-is-no.rq"
DIFFER = (
    INVENTED / "warhammer-turn" / "an-unstated-turn-whose-turns-differ-lists-each-turns-verdict.rq"
)
PHASE = INVENTED / "warhammer-damage" / "a-phase-effect-with-no-phase-stated-is-asked-each-way.rq"


def _answers(path: Path) -> list[Answer]:
    return evaluate(read_situation(path))


def test_a_verdict_both_turns_give_stands() -> None:
    answer = _answers(TURN)[0]
    assert answer.answered and answer.verdict is not None
    assert answer.verdict.show() == "no"
    assert "either turn gives it" in answer.reason
    assert "(if it is my turn)" in answer.reason and "(if it is your turn)" in answer.reason


def test_without_the_turn_asked_each_way_it_is_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(each_reading, "_turn_each_way", lambda ctx, answer: answer)
    answer = _answers(TURN)[0]
    assert not answer.answered
    assert "whose turn" in answer.reason


def test_turns_that_differ_are_each_listed() -> None:
    answer = _answers(DIFFER)[0]
    assert not answer.answered
    assert "yes if it is my turn; no if it is your turn" in answer.reason
    assert "say whose turn it is: it is my turn or it is your turn" in answer.reason


def test_without_the_listing_the_turns_verdicts_are_not_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(each_reading, "_turns_differ", lambda answer, asked, at: answer)
    answer = _answers(DIFFER)[0]
    assert not answer.answered
    assert "if it is my turn" not in answer.reason


def test_a_phase_effect_with_no_phase_is_asked_each_way() -> None:
    two, one = _answers(PHASE)
    assert not two.answered
    assert "no if its phase is over; yes if its phase is not over" in two.reason
    assert one.answered and one.verdict is not None and one.verdict.show() == "yes"
    assert "either way gives it" in one.reason


def test_read_as_running_it_would_be_a_confident_yes() -> None:
    """With the phase taken not to have changed (no reading each way), 2 damage is a yes."""
    token = combat_plays.PHASE_OVER.set(False)
    try:
        two = _answers(PHASE)[0]
    finally:
        combat_plays.PHASE_OVER.reset(token)
    assert two.answered and two.verdict is not None and two.verdict.show() == "yes"


def test_without_the_phase_asked_each_way_one_damage_is_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(each_reading, "_phase_each_way", lambda ctx, handler, answer: answer)
    one = _answers(PHASE)[1]
    assert not one.answered
    assert combat_plays.PHASE_UNSTATED in one.reason


TAKEN = (
    INVENTED
    / "warhammer-toughness"
    / "a-phase-effect-read-in-the-phase-stated-before-it-says-so.rq"
)


def test_a_phase_effect_read_in_the_phase_before_it_says_so() -> None:
    """A lasting phase effect with a phase stated before its link and none after: assumes."""
    first = _answers(TAKEN)[0]
    assert first.answered
    assert any(
        'no phase is stated after "Fearless in Battle" resolved' in note
        and "battlefield phase still" in note
        for note in first.graph.assumptions()
    )


def test_without_the_note_the_phase_taken_is_not_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combat_plays, "_taken", lambda *args: None)
    first = _answers(TAKEN)[0]
    assert first.answered and not first.graph.assumptions()
