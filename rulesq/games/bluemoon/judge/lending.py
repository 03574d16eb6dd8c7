"""A kept reading lent to a question, then given back as it was: undone, not copied.

A reading kept for later questions (``rulesq.games.bluemoon.judge.shared``) was copied whole
before each question judged in it: most questions change nothing in their reading, and the
copy cost about what reading a dozen facts does. Now the question judges in the kept reading
itself, lent: the loan notes the reading as it stands (a new epoch of the objects' history,
the lists, the players' and the state's fields, the timeline's containers), and the next
user takes it back first (:func:`taken`), which puts back only what changed. Cards and events
remember their fields as they were before their first change after a mark
(``rulesq.games.bluemoon.judge.history``): those changed since the loan's epoch get their
fields back, the others are left alone. A question that needs the reading while it is still
lent to it (a second view of the same question) gets a copy of it as lent, not the reading.
"""

from __future__ import annotations

import bisect
import weakref
from itertools import chain
from typing import TYPE_CHECKING, Any

from rulesq.games.bluemoon.judge.history import EPOCH_OF, OWN, new_epoch
from rulesq.games.bluemoon.judge.state import Player, Snapshots, State, fork_value

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.timeline import Timeline

#: Where a lent timeline keeps its loan (a fork leaves it out: its copy is lent to no one).
LENT = "_lent"


#: The containers :func:`copied` copies (anything else is shared).
_CONTAINERS = frozenset({dict, list, set})


def copied(value: Any) -> Any:
    """``value`` with its lists, dicts and sets copied, at every depth; anything else shared."""
    kind = type(value)
    if kind is set:
        return value.copy()  # (a set holds no list, dict or set)
    if kind is dict:
        out = value.copy()
        for key, item in value.items():
            if type(item) in _CONTAINERS:
                out[key] = copied(item)
        return out
    if kind is list:
        made = value.copy()
        for at, item in enumerate(value):
            if type(item) in _CONTAINERS:
                made[at] = copied(item)
        return made
    return value


def _copied_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """An object's fields, each list, dict or set among them copied (:func:`copied`)."""
    out = dict(fields)
    for name, value in fields.items():
        if type(value) in _CONTAINERS:
            out[name] = copied(value)
    return out


def _player_fields(player: Player) -> dict[str, Any]:
    """A player's fields as they are (its containers, never changed in place, shared)."""
    return player.__dict__.copy()


class _Saved:
    """A state as it was when its timeline was lent: its fields, lists, players and moments."""

    __slots__ = ("built", "cards", "events", "fields", "marks", "players", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        fields = dict(state.__dict__)  # (its shields and assumptions: replaced, never changed)
        fields["players"] = dict(state.players)
        self.fields = fields
        self.cards = list(state.cards)
        self.events = list(state.events)
        self.players = [(player, _player_fields(player)) for player in state.players.values()]
        moments = state.snapshots
        self.marks = dict(moments._marks)
        # the states made from marks (read already) are put back too: a question may read one
        self.built = [(seq, _Saved(built)) for seq, built in moments._built.items()]

    def put_back(self, epoch: int) -> None:
        """The state as it was, in place: the cards and events changed since ``epoch`` too."""
        state = self.state
        changed = False
        for thing in chain(self.cards, self.events):
            fields = thing.__dict__
            if fields["_saved"] >= epoch:
                _put_back(fields, epoch)
                changed = True
        for event in self.events:  # a card only an event still holds (its hand was replaced)
            for card in event.cards:
                fields = card.__dict__
                if fields["_saved"] >= epoch:
                    _put_back(fields, epoch)
                    changed = True
        cards, events = self.fields["cards"], self.fields["events"]
        if state.cards is not cards or len(cards) != len(self.cards):
            changed = True
        state.__dict__.clear()
        state.__dict__.update(self.fields)
        cards[:] = self.cards  # only appended to or replaced: its first items are the same
        events[:] = self.events
        for player, fields in self.players:
            player.__dict__.clear()
            player.__dict__.update(fields)
        moments = state.snapshots
        moments._marks = self.marks
        moments._built = {seq: saved.state for seq, saved in self.built}
        for _, saved in self.built:
            saved.put_back(epoch)
        if changed:
            state._index = None  # the cards' places changed behind it: grouped again when asked

    def as_was(self) -> State:
        """A stand-in of the state as it was, to copy: its objects the state's (not copies)."""
        was: State = object.__new__(State)
        was.__dict__.update(self.fields)
        was.__dict__.update(cards=self.cards, events=self.events, _index=None)
        players = {}
        for player, fields in self.players:
            before: Player = object.__new__(Player)
            before.__dict__.update(fields)
            players[player.who] = before
        was.players = players
        moments = Snapshots()
        moments._marks.update(self.marks)
        moments._built.update((seq, saved.as_was()) for seq, saved in self.built)
        was.snapshots = moments
        return was


class Loan:
    """A timeline as it was when lent: enough to put it back, or to copy it as it was."""

    __slots__ = ("borrower", "epoch", "kind", "saved", "timeline_fields")

    def __init__(self, timeline: Timeline, borrower: object) -> None:
        #: Every card or event changed from now on remembers its fields as they are now.
        self.epoch = new_epoch()
        self.borrower = weakref.ref(borrower)
        self.kind = type(timeline)
        fields = _copied_fields(timeline.__dict__)
        del fields[LENT]
        self.timeline_fields = fields
        self.saved = _Saved(timeline.state)

    def lent_to(self, borrower: object) -> bool:
        """Whether ``borrower`` is the one the timeline is lent to."""
        return self.borrower() is borrower

    def give_back(self, timeline: Timeline) -> None:
        """Put ``timeline`` back as it was when lent, in place (only what changed is undone)."""
        self.saved.put_back(self.epoch)
        timeline.__dict__.clear()
        timeline.__dict__.update(self.timeline_fields)

    def copy(self) -> Timeline:
        """A new timeline as this one was when lent (the lent one left as it is)."""
        memo: dict[int, Any] = {}
        epoch = self.epoch
        was = self.saved.as_was()
        timeline: Timeline = object.__new__(self.kind)
        for name, value in self.timeline_fields.items():
            timeline.__dict__[name] = fork_value(was if name == "state" else value, memo, epoch)
        return timeline


def _put_back(fields: dict[str, Any], epoch: int) -> None:
    """A card's or event's fields as they were at ``epoch`` (its history after it dropped)."""
    history: list[tuple[int, dict[str, Any]]] = fields["_history"]
    at = bisect.bisect_left(history, epoch, key=EPOCH_OF)
    if at == len(history):
        return  # made or changed only within this epoch's copy: nothing to put back
    was = history[at][1]
    del history[at:]
    kept = {name: fields[name] for name in OWN if name in fields}
    fields.clear()
    fields.update(was)
    fields.update(kept)
    fields["_saved"] = -1  # its next change is remembered, whatever the epoch


def lend(timeline: Timeline, borrower: object) -> Timeline:
    """Lend ``timeline`` to ``borrower`` (a question's context); returns it."""
    if LENT in timeline.__dict__:
        raise AssertionError("a timeline is lent again before it is given back")
    timeline.__dict__[LENT] = None  # (left out of what the loan notes)
    timeline.__dict__[LENT] = Loan(timeline, borrower)
    return timeline


def taken(timeline: Timeline, borrower: object) -> Timeline:
    """``timeline`` as it was when lent, for ``borrower``: given back, or copied.

    Given back in place when it is lent to another (whose question is answered); copied as
    it was when it is lent to ``borrower`` itself (a second view of the same question: the
    first still judges in it). A timeline lent to no one is as it is.
    """
    loan: Loan | None = timeline.__dict__.get(LENT)
    if loan is None:
        return timeline
    if loan.lent_to(borrower):
        return loan.copy()
    loan.give_back(timeline)
    return timeline


def lent(timeline: Timeline) -> bool:
    """Whether ``timeline`` is lent."""
    return LENT in timeline.__dict__


def as_kept(timeline: Timeline, name: str) -> Any:
    """A field of ``timeline`` as it was when lent (as it is, when it is not lent)."""
    loan: Loan | None = timeline.__dict__.get(LENT)
    if loan is None:
        return timeline.__dict__[name]
    return loan.timeline_fields[name]
