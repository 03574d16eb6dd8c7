"""Phases asked about again share one judging where it read the phase alike.

A yes/no answer that took the phase of the turn to be its beginning is asked again in each
phase. Stated so, the phase notes how the judging reads it
(``rulesq.games.bluemoon.judge.phase_reads``): by comparisons with steps, or as a whole. A
judging in phase P that read it only by comparisons that phase Q passes alike would read the
same in Q: Q takes P's verdict, if it can be stated at all
(``rulesq.engine.defaults.phase_verdicts``). Over every situation file the verdicts by phase
are compared with those of asking every phase (``SAME_PHASE_READING`` off), among them the
invented cases where the phase decides the answer; the asks saved are counted; and a record
that misses a read is shown to share wrong verdicts (the comparison sees it).
"""

from __future__ import annotations

import copy
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from conftest import checks_asking, every_situation_file

from rulesq.engine import defaults
from rulesq.engine.check import check_file
from rulesq.games.bluemoon.judge.phase_reads import NotedStep, PhaseReads, noted
from rulesq.games.bluemoon.judge.state import ME, Step, Zone
from rulesq.games.bluemoon.judge.timeline import Timeline
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parents[1]
DEFAULTS = ROOT / "tests" / "cases" / "defaults"
#: Invented cases where the phase decides the answer (the verdicts differ by phase).
DECIDING = [
    DEFAULTS / "an-unstated-phase-that-decides-a-play-is-asked-for.rq",
    DEFAULTS / "an-unstated-phase-for-a-retreat-is-asked-for.rq",
    DEFAULTS / "a-phase-stated-on-an-earlier-turn-is-not-asked-again.rq",
    DEFAULTS / "a-phase-stated-on-the-other-players-turn-is-not-mine.rq",
    DEFAULTS.parent
    / "choices"
    / "a-retrieve-icon-with-no-phase-stated-leaves-the-phase-to-decide.rq",
    # two phases with no answer (Refresh Hand, End of Turn) among phases that say no
    DEFAULTS / "a-phase-whose-re-ask-cannot-be-answered-leaves-no-answer.rq",
    # a number: the cards drawn to the end of the turn (4, then 1 in End of Turn)
    DEFAULTS / "an-unstated-phase-that-decides-a-draw-count-is-asked-for.rq",
]


def test_a_noted_phase_notes_comparisons_and_whole_readings() -> None:
    reads = PhaseReads(Step.CHARACTER)
    phase = noted(Step.CHARACTER, reads)
    assert phase > Step.LEADERSHIP and not phase < Step.LEADERSHIP
    assert Step.BOOSTER_SUPPORT > phase  # reflected: noted as ``phase < BOOSTER_SUPPORT``
    assert phase != Step.END_OF_TURN and phase == Step.CHARACTER and bool(phase)
    assert phase in (Step.LEADERSHIP, Step.CHARACTER)
    assert (phase or Step.BEGINNING_OF_TURN) <= Step.CHARACTER
    assert isinstance(phase, Step)
    assert copy.copy(phase) is phase and copy.deepcopy(phase) is phase
    assert f"it is the {phase.title} phase" == "it is the Character phase"
    assert not reads.whole and reads.worded
    assert not reads.alike("Retreat from Fight?")  # not == CHARACTER
    assert reads.alike("Character")
    assert not reads.alike("Booster/Support")  # not < BOOSTER_SUPPORT
    for whole in (
        hash,
        repr,
        str,
        int,
        lambda p: p.value,
        lambda p: p.name,
        lambda p: p.title == "Character",
        lambda p: "the " + p.title,
        lambda p: p.title.lower(),
        lambda p: len(p.title),
        lambda p: "Char" in p.title,
        lambda p: str(p.title),
        lambda p: {Step.CHARACTER: 1}.get(p),
        lambda p: p < noted(Step.CHARACTER, PhaseReads(Step.CHARACTER)),
    ):
        fresh = PhaseReads(Step.CHARACTER)
        whole(NotedStep(Step.CHARACTER, fresh))
        assert fresh.whole and not fresh.alike("Character")
    unread = PhaseReads(Step.CHARACTER)
    noted(Step.CHARACTER, unread)
    assert unread.alike("End of Turn") and not unread.alike("no such phase")


def _compared(monkeypatch: pytest.MonkeyPatch, files: list[Path]) -> list[tuple[Any, ...]]:
    """Each re-asked question's verdicts by phase, shared and asked each, where they differ."""
    real = defaults.phase_verdicts
    wrong: list[tuple[Any, ...]] = []
    deciding = [0]

    def both(*args: Any, **kwargs: Any) -> dict[str, list[str]]:
        monkeypatch.setattr(defaults, "SAME_PHASE_READING", False)
        long = real(*args, **kwargs)
        monkeypatch.setattr(defaults, "SAME_PHASE_READING", True)
        short = real(*args, **kwargs)
        deciding[0] += len(long) > 1
        if short != long:
            wrong.append((args[0].source, args[1].text, long, short))
        return short

    monkeypatch.setattr(defaults, "phase_verdicts", both)
    for file in files:
        check_file(file)
    monkeypatch.undo()
    return [*wrong, ("deciding", deciding[0])]


def test_shared_phase_verdicts_are_those_of_asking_every_phase(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = every_situation_file()
    assert len(files) > 1200 and all(f in files for f in DECIDING)
    assert _compared(monkeypatch, files) == [("deciding", len(DECIDING))]


def test_a_read_left_unnoted_would_share_a_wrong_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    real = NotedStep._test

    def unnoted(self: NotedStep, test: Any, other: object) -> Any:
        if test.__name__ in ("gt", "lt"):
            return test(int(self._step), int(other))  # type: ignore[call-overload]
        return real(self, test, other)

    monkeypatch.setattr(NotedStep, "_test", unnoted)
    wrong = _compared(monkeypatch, DECIDING)
    assert len(wrong) > 1 and wrong[0][2] != wrong[0][3]


def _asks(monkeypatch: pytest.MonkeyPatch, files: list[Path], sharing: bool) -> int:
    return checks_asking(monkeypatch, "asked_with", "SAME_PHASE_READING", sharing, files)


def test_phases_read_alike_are_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    deciding = DECIDING[0]  # Beginning of Turn to Character: yes; the others: no
    assert _asks(monkeypatch, [deciding], True) == 2  # Beginning of Turn, Booster/Support
    assert _asks(monkeypatch, [deciding], False) == 8
    cases = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
    shared, every = _asks(monkeypatch, cases, True), _asks(monkeypatch, cases, False)
    assert (shared, every) == (18, 64)


def test_a_refresh_changes_the_state_exactly_where_it_is_said_to() -> None:
    # The replay compares a stated phase with the Refresh Hand phase only where a refresh
    # would change something (``Timeline.refresh_changes``): refreshed, a hand changes
    # exactly where it says so.
    cards = 'card "A" character (fire 1, earth 1): ""\ncard "B" character (fire 1, earth 1): ""\n'
    situation = parse_situation(f'game bluemoon\n{cards}I have in hand "A", "B"\n', "case.rq")
    refs = situation.items[0].cards
    sizes = product((None, 0, 3, 6, 7), (False, True), (0, 2), (None, 0, 2, 10))
    for count, exact, known, deck in sizes:
        timeline = Timeline(situation)
        player = timeline.state.player(ME)
        player.hand_count, player.hand_exact, player.deck_count = count, exact, deck
        for n in range(known):
            timeline.new_card(refs[n], ME, Zone.HAND)
        changes = timeline.refresh_changes(ME)
        before = dict(vars(player))
        timeline.refresh_hand(ME)
        assert (vars(player) != before) is changes, (count, exact, known, deck)
