"""A kept reading lent to a question comes back as it was lent, and lending changes no answer.

A reading kept for later questions (or re-asks) is lent to the one that read it
(``rulesq.games.bluemoon.judge.lending``): the next to take it gets it back as it was when
lent, whatever the borrower did in it, and only what changed is put back. Checked over every
Blue Moon situation file, each loan against a copy of the reading made when it was lent; the
checks are shown to fail when the loan leaves a card's or a player's change in place; and the
answers are those of copying every kept reading instead (as before lending).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from readings import bluemoon_situations, shown

from rulesq.engine.dispatch import Context, evaluate
from rulesq.errors import RulesqError
from rulesq.games import get_game
from rulesq.games.bluemoon.judge import lending, shared
from rulesq.games.bluemoon.judge.history import OWN
from rulesq.games.bluemoon.judge.lending import Loan, lend, lent, taken
from rulesq.games.bluemoon.judge.state import Event, Instance, Player, State, Step, Zone
from rulesq.games.bluemoon.judge.timeline import Timeline
from rulesq.games.bluemoon.judge.view import View
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [
    ROOT / "corpus" / "bluemoon" / "cases",
    ROOT / "tests" / "cases",
    ROOT.parent / "shared" / "examples",
]


SITUATIONS = bluemoon_situations(
    path for folder in FOLDERS if folder.is_dir() for path in sorted(folder.rglob("*.rq"))
)


def _plain(value: Any) -> Any:
    """A value with each card and event named by its number (two readings compare)."""
    if isinstance(value, Instance):
        return ("card", value.uid)
    if isinstance(value, Event):
        return ("event", value.seq)
    if isinstance(value, Player):
        return _fields(value)
    if isinstance(value, State):
        return reading_of(value)
    if isinstance(value, dict):
        return {repr(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(repr(_plain(v)) for v in value)
    return value


def _fields(thing: Any) -> dict[str, Any]:
    return {k: _plain(v) for k, v in vars(thing).items() if k not in OWN}


def reading_of(state: State) -> dict[str, Any]:
    """Everything a state holds: its cards' and events' fields, players, scalars, moments."""
    moments = state.snapshots
    return {
        "cards": [(c.uid, _fields(c)) for c in state.cards],
        "events": [(e.seq, _fields(e)) for e in state.events],
        "held by events": [[_fields(c) for c in e.cards] for e in state.events],
        "fields": {
            k: _plain(v)
            for k, v in vars(state).items()
            if k not in ("cards", "events", "snapshots", "_index")
        },
        "marks": sorted(moments._marks),
        "built": {seq: reading_of(built) for seq, built in moments._built.items()},
    }


def timeline_reading(timeline: Timeline) -> dict[str, Any]:
    """A timeline's state and its own fields (what it shares with any copy left out)."""
    own = {
        k: _plain(v)
        for k, v in vars(timeline).items()
        if k not in ("state", "situation", "catalog", "phase_reads", lending.LENT)
    }
    return {"state": reading_of(timeline.state), "own": own, "situation": id(timeline.situation)}


@contextmanager
def watched_loans() -> Iterator[dict[str, int]]:
    """Each loan given back compared with a reading made when it was lent (counts kept)."""
    counts = {"given back": 0, "changed": 0}
    patch = pytest.MonkeyPatch()
    real_init, real_give_back = Loan.__init__, Loan.give_back
    lent_as: dict[int, dict[str, Any]] = {}

    def init(self: Loan, timeline: Timeline, borrower: object) -> None:
        lent_as[id(self)] = timeline_reading(timeline)
        real_init(self, timeline, borrower)

    def give_back(self: Loan, timeline: Timeline) -> None:
        was = lent_as.pop(id(self))
        if timeline_reading(timeline) != was:
            counts["changed"] += 1
        real_give_back(self, timeline)
        assert timeline_reading(timeline) == was, "a loan came back changed"
        counts["given back"] += 1

    patch.setattr(Loan, "__init__", init)
    patch.setattr(Loan, "give_back", give_back)
    try:
        yield counts
    finally:
        patch.undo()


def test_every_loan_comes_back_as_it_was_lent() -> None:
    """Over every Blue Moon situation file, each reading given back is the one lent.

    Many borrowers changed their reading (played cards, started turns, read a phase): those
    changes were put back, and the rest was left alone.
    """
    assert len(SITUATIONS) > 600
    with watched_loans() as counts:
        for situation in SITUATIONS:
            evaluate(situation)
    assert counts["given back"] > 300, counts
    assert counts["changed"] > 100, counts


@pytest.mark.parametrize("left", ["cards", "players"])
def test_a_change_left_in_place_is_found(monkeypatch: pytest.MonkeyPatch, left: str) -> None:
    """The check above fails when a loan leaves a card's (or a player's) change in place."""
    if left == "cards":
        monkeypatch.setattr(lending, "_put_back", lambda fields, epoch: None)
    else:
        monkeypatch.setattr(lending, "_player_fields", vars)  # the player's own fields
    with pytest.raises(AssertionError, match="a loan came back changed"), watched_loans():
        for situation in SITUATIONS:
            evaluate(situation)


def test_answers_are_those_of_copying_each_kept_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every answer of every Blue Moon situation file is the same, lent or copied; and
    copying makes several times the copies lending does."""
    forks = [0]
    real_fork = Timeline.fork

    def fork(self: Timeline) -> Timeline:
        forks[0] += 1
        return real_fork(self)

    monkeypatch.setattr(Timeline, "fork", fork)
    lent_answers = [[shown(a) for a in evaluate(s)] for s in SITUATIONS]
    lent_forks, forks[0] = forks[0], 0
    monkeypatch.setattr(shared, "LEND", False)
    for situation, answers in zip(SITUATIONS, lent_answers, strict=True):
        assert [shown(a) for a in evaluate(situation)] == answers, situation.source
    assert forks[0] > 3 * lent_forks, (forks[0], lent_forks)


PLAYS = (
    "game bluemoon\nit is my turn\nphase Character\n"
    'I have active "Wild Gazelle"\nI have in hand "Wild Antelope", "Wild Unicorn"\n'
    'I play "Wild Antelope"\n'
)


def _lent_reading() -> tuple[Timeline, Context, Context]:
    """A reading of :data:`PLAYS` lent to a question's context (and another question's)."""
    situation = parse_situation(PLAYS + 'ask can I play "Wild Unicorn"?\n', "<generated>")
    game = get_game("bluemoon")
    timeline = Timeline(situation)
    timeline.read(situation.facts)
    borrower = Context(situation, situation.questions[0], game, {})
    other = Context(situation, situation.questions[0], game, {})
    return lend(timeline, borrower), borrower, other


def _change(timeline: Timeline) -> None:
    """What a borrower may do: move and add cards, read the phase, change a player."""
    state = timeline.state
    card = state.find("Wild Gazelle")
    assert card is not None
    card.zone = Zone.DISCARD
    timeline.new_card(card.info, "you", Zone.HAND)
    timeline.record("turn_ends", "me")
    state.phase = Step.END_OF_TURN
    state.phase_defaulted = True
    player = state.player("me")
    player.hand_lacks |= {"character"}
    player.hand_count = 3
    state.stated_shields = {"wild gazelle": frozenset({"fire"})}
    state.assumed += ("a default",)
    timeline.applied += ((card, card),)
    timeline.icon_use["kept"].add(("Wild Gazelle", "FREE"))


def test_what_a_loan_keeps_without_a_copy_holds_no_container_changed_in_place() -> None:
    """A loan keeps a player's fields, and the state's, by a shallow copy: over every Blue
    Moon situation file's reading, none of them is a list, dict or set (replaced when they
    change, never changed in place); the timeline's only such fields are its two records of
    icons read, which a loan copies."""
    mutable = (list, dict, set)
    read = 0
    for situation in SITUATIONS:
        timeline = Timeline(situation)
        try:
            timeline.read(situation.facts)
        except RulesqError:
            continue
        state = timeline.state
        for player in state.players.values():
            assert not any(isinstance(v, mutable) for v in vars(player).values()), situation
        assert not isinstance(state.stated_shields, mutable)
        assert not isinstance(state.assumed, mutable)
        held = {k for k, v in vars(timeline).items() if isinstance(v, mutable)}
        assert held <= {"icons_read", "icon_use"}, (situation.source, held)
        read += 1
    assert read > 600


def test_a_reading_taken_by_another_is_given_back_in_place() -> None:
    """Taken by another question, the very timeline comes back as it was lent."""
    timeline, _, other = _lent_reading()
    was = timeline_reading(timeline)
    _change(timeline)
    assert timeline_reading(timeline) != was
    assert taken(timeline, other) is timeline
    assert timeline_reading(timeline) == was
    assert not lent(timeline)
    assert taken(timeline, other) is timeline  # lent to no one now: as it is


def test_a_reading_taken_by_its_borrower_is_a_copy_as_lent() -> None:
    """A second view of the question it is lent to gets a copy as lent; the first keeps its
    changes, still lent."""
    timeline, borrower, _ = _lent_reading()
    was = timeline_reading(timeline)
    _change(timeline)
    changed = timeline_reading(timeline)
    copy = taken(timeline, borrower)
    assert copy is not timeline
    assert timeline_reading(copy) == was
    assert not lent(copy)
    assert timeline_reading(timeline) == changed and lent(timeline)
    assert not {id(c) for c in copy.state.cards} & {id(c) for c in timeline.state.cards}


def test_a_fork_of_a_lent_reading_is_lent_to_no_one() -> None:
    """A copy of a lent timeline is its own: taking it puts nothing back."""
    timeline, _, other = _lent_reading()
    fork = timeline.fork()
    assert not lent(fork)
    _change(fork)
    changed = timeline_reading(fork)
    assert taken(fork, other) is fork and timeline_reading(fork) == changed


def test_a_question_s_second_view_sees_the_reading_as_lent() -> None:
    """Two views of one question over a kept reading: the second sees none of the first's
    changes (asked again, through the views the judging makes)."""
    situation = parse_situation(
        PLAYS + 'ask can I play "Wild Unicorn"?\nask can I play "Wild Unicorn"?\n', "<generated>"
    )
    game = get_game("bluemoon")
    memo: dict[str, Any] = {}
    ctx = Context(situation, situation.questions[0], game, memo)
    first = View(ctx)
    assert lent(first.timeline)  # kept for the second question, lent to the first
    was = timeline_reading(first.timeline)
    _change(first.timeline)
    second = View(ctx)
    assert second.timeline is not first.timeline
    assert timeline_reading(second.timeline) == was
    later = View(Context(situation, situation.questions[1], game, memo))
    assert later.timeline is not first.timeline
    assert timeline_reading(later.timeline) == was
