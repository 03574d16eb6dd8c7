"""Attribute values over a timeline: printed values, modifiers, set values, expiry, defeat.

The rules, from the rulings' "Changing attributes" topic and its two worked examples:

- a value starts at the printed number; modifiers (+N / -N) add to it, either constantly
  (attachments, passive text: until they end) or until the end of a battle, search phase
  or turn;
- an effect that sets a value to a number wipes every modifier applied *before* it, as long
  as it lasts; modifiers applied *after* it still count; when it expires, the value it hid
  comes back (so the order of a modifier and a set value matters);
- a defeated character has no attributes at all.

Card rulings add two operations on an existing bonus: doubling it (each doubling doubles
the bonus as it stands: +2, +4, +8, +16) and moving one bonus to another attribute (one
bonus per move: +2/+2/+2 can become +4/0/+2, never +6). A moved bonus counts as applied to
its new attribute when it is moved.

A timeline is the printed values and a sequence of events; ``attribute_value`` answers
"what is the strength of X after the first n events?".
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from itertools import islice
from typing import overload

from rulesq.errors import RulesqError, UnknownNameError
from rulesq.games.fma import citations
from rulesq.games.fma.vocab import Attribute, Duration, Period


class TimelineError(RulesqError):
    """An event that refers to something the timeline does not have."""


class Status(StrEnum):
    """Whether a value is known."""

    KNOWN = "known"
    UNKNOWN = "unknown"
    NO_ATTRIBUTES = "no attributes"
    #: The changes take the value below 0 at some point; the rulings never say whether an
    #: attribute can be negative or stops at 0, so the value is open.
    BELOW_ZERO = "below zero"


@dataclass(frozen=True)
class Printed:
    """A character's printed attributes (None: the sources do not give it)."""

    strength: int | None = None
    wits: int | None = None
    alchemy: int | None = None

    def of(self, attribute: Attribute) -> int | None:
        """The printed value of one attribute."""
        value: int | None = getattr(self, attribute.value)
        return value


@dataclass(frozen=True)
class Modifier:
    """``+amount`` (or a penalty when negative) to one attribute of one character.

    ``id`` names the modifier so that later events can double, move or end it; ``origin``
    says where it comes from (``event``, ``ability``, ``attachment``, ``passive``, ``text``)
    as a card's conditions may need it; ``clause`` cites the text behind it.
    """

    character: str
    attribute: Attribute
    amount: int
    duration: Duration = Duration.CONSTANT
    source: str = ""
    id: str = ""
    origin: str = ""
    clause: str = ""


@dataclass(frozen=True)
class SetValue:
    """Set one attribute of one character to ``value`` (copying a value is setting it)."""

    character: str
    attribute: Attribute
    value: int
    duration: Duration = Duration.CONSTANT
    source: str = ""
    id: str = ""
    clause: str = ""


@dataclass(frozen=True)
class DoubleBonus:
    """Double an existing bonus (the modifier ``bonus``) as it stands now."""

    bonus: str
    source: str = ""
    clause: str = ""


@dataclass(frozen=True)
class MoveBonus:
    """Move one existing bonus (the modifier ``bonus``) to another attribute."""

    bonus: str
    to: Attribute
    source: str = ""
    clause: str = ""


@dataclass(frozen=True)
class PeriodEnds:
    """The end of a battle, search phase or turn: effects lasting until then expire."""

    period: Period


@dataclass(frozen=True)
class EffectEnds:
    """A constant effect stops (its attachment is removed, its source leaves play)."""

    effect: str


@dataclass(frozen=True)
class Defeated:
    """A character is defeated: from now on it has no attributes."""

    character: str
    clause: str = ""


Event = Modifier | SetValue | DoubleBonus | MoveBonus | PeriodEnds | EffectEnds | Defeated


class Events(Sequence[Event]):
    """The first ``n`` events of an append-only log: extending the longest view shares the log.

    A situation extends its timeline one fact at a time; sharing the log makes each extension
    cost its new events (not a copy of all of them), and lets a replay see in one step that
    the events it has done are a prefix of the ones asked.
    """

    __slots__ = ("_log", "_n")

    def __init__(self, events: Iterable[Event] = (), *, _log: list[Event] | None = None) -> None:
        self._log: list[Event] = list(events) if _log is None else _log
        self._n = len(self._log)
        if _log is None:
            WORK.built += self._n

    def extended(self, more: Iterable[Event]) -> Events:
        """These events and ``more`` after them (the log is shared when this view is its end)."""
        log = self._log if self._n == len(self._log) else self._log[: self._n]
        before = len(log)
        log.extend(more)
        WORK.built += len(log) - before
        return Events(_log=log)

    def starts(self, other: Sequence[Event]) -> bool:
        """Whether these events are the first events of ``other`` (the same objects)."""
        if isinstance(other, Events) and other._log is self._log:
            return self._n <= other._n
        return len(self) <= len(other) and all(map(operator.is_, self, other))

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._n)
            if start == 0 and step == 1:
                view = Events(_log=self._log)
                view._n = stop
                return view
            return tuple(self._log[start:stop:step])
        if not -self._n <= index < self._n:
            raise IndexError("event index out of range")
        return self._log[index % self._n]

    def __iter__(self) -> Iterator[Event]:
        return islice(self._log, self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(self) == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Timeline:
    """The printed values of the characters and the events, in the order they happen."""

    printed: Mapping[str, Printed]
    events: Sequence[Event] = ()

    def then(self, *events: Event) -> Timeline:
        """This timeline with more events at its end."""
        return replace(self, events=(*self.events, *events))


@dataclass(frozen=True)
class Step:
    """One effect in a value's computation: what it did and whether it still counts."""

    source: str
    change: str
    counts: bool
    why: str = ""


@dataclass(frozen=True)
class Reading:
    """The value of one attribute at one point, and how it came about."""

    character: str
    attribute: Attribute
    value: int | None
    status: Status
    printed: int | None
    steps: tuple[Step, ...] = ()
    clauses: tuple[str, ...] = ()

    def render(self) -> str:
        """``"X" has strength 7`` or why it has none."""
        if self.status is Status.NO_ATTRIBUTES:
            return f'"{self.character}" is defeated and has no attributes'
        if self.status is Status.UNKNOWN:
            return f'the {self.attribute.value} of "{self.character}" is not known'
        if self.status is Status.BELOW_ZERO:
            return (
                f'the changes take the {self.attribute.value} of "{self.character}" below '
                "0, and the rulings do not say whether an attribute can be negative"
            )
        return f'"{self.character}" has {self.attribute.value} {self.value}'


@dataclass
class _Active:
    """An effect in force while the timeline is replayed."""

    order: int
    effect: Modifier | SetValue
    amount: int = 0
    attribute: Attribute = Attribute.STRENGTH
    notes: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return self.effect.id


def attribute_value(
    timeline: Timeline, character: str, attribute: Attribute, at: int | None = None
) -> Reading:
    """The value of ``character``'s ``attribute`` after the first ``at`` events (all if None).

    Raises:
        TimelineError: an event names an unknown character or modifier, doubles or moves
            something that is not a bonus in force, or ``at`` is out of range.
    """
    if character not in timeline.printed:
        raise UnknownNameError("character", character, list(timeline.printed))
    events = timeline.events if at is None else _prefix(timeline.events, at)
    done = _replay(timeline, events)
    printed = timeline.printed[character].of(attribute)
    if character in done.defeated:
        clauses = [citations.DEFEATED] + (
            [done.defeat_clause[character]] if done.defeat_clause.get(character) else []
        )
        return Reading(
            character,
            attribute,
            None,
            Status.NO_ATTRIBUTES,
            printed,
            (Step("defeat", "no attributes", True, "defeated characters have no attributes"),),
            tuple(clauses),
        )
    return _compute(character, attribute, printed, list(done.on(character, attribute)))


def attribute_values(
    timeline: Timeline, character: str, at: int | None = None
) -> dict[Attribute, Reading]:
    """The three attributes of ``character`` after the first ``at`` events."""
    return {
        attribute: attribute_value(timeline, character, attribute, at) for attribute in Attribute
    }


def bonus_amount(timeline: Timeline, bonus: str, at: int | None = None) -> tuple[Attribute, int]:
    """The attribute a bonus is on and its amount now (after doublings and moves).

    Raises:
        TimelineError: no modifier called ``bonus`` is in force at that point.
    """
    events = timeline.events if at is None else _prefix(timeline.events, at)
    item = _replay(timeline, events).find(bonus)
    return item.attribute, item.amount


def _prefix(events: Sequence[Event], at: int) -> Sequence[Event]:
    if not 0 <= at <= len(events):
        raise TimelineError(f"there is no point {at} in a timeline of {len(events)} events.")
    return events[:at]


@dataclass
class Work:
    """What timelines have cost: events built, events replayed, effects in force scanned."""

    built: int = 0
    events: int = 0
    scanned: int = 0


#: The work of every replay since the process started (tests read its growth).
WORK = Work()


@dataclass
class _Replayed:
    """What is in force after some events: the effects, by character and attribute too."""

    names: frozenset[str]
    events: Sequence[Event]
    active: list[_Active] = field(default_factory=list)
    by: dict[tuple[str, Attribute], list[_Active]] = field(default_factory=dict)
    by_key: dict[str, _Active] = field(default_factory=dict)
    defeated: set[str] = field(default_factory=set)
    defeat_clause: dict[str, str] = field(default_factory=dict)

    def on(self, character: str, attribute: Attribute) -> list[_Active]:
        """The effects in force on one attribute of one character, in order."""
        found = self.by.get((character, attribute), [])
        WORK.scanned += len(found)
        return found

    def find(self, key: str) -> _Active:
        """The effect in force called ``key``."""
        item = self.by_key.get(key) if key else None
        if item is None:
            raise TimelineError(f'no effect "{key}" is in force at this point.')
        return item

    def add(self, item: _Active) -> None:
        self.active.append(item)
        self.by.setdefault((item.effect.character, item.attribute), []).append(item)
        self.by_key.setdefault(item.key, item)

    def keep(self, items: list[_Active]) -> None:
        """Replace what is in force (an expiry, a move): the indexes are rebuilt."""
        WORK.scanned += len(self.active)
        self.active, self.by, self.by_key = [], {}, {}
        for item in items:
            self.add(item)


def _replay(timeline: Timeline, events: Sequence[Event]) -> _Replayed:
    """The effects in force after ``events``, and the characters defeated by then.

    A situation asks after each of its facts, so the replay resumes from the last one when
    ``events`` only adds to it: a situation of n facts costs n steps, not n². Nothing holds a
    replay's result past the next replay, so resuming continues the last one in place.
    """
    names = frozenset(timeline.printed)
    last = _LAST[0] if _LAST else None
    if (
        last is not None
        and names >= last.names
        and isinstance(last.events, Events)
        and last.events.starts(events)
    ):
        done, start = last, len(last.events)
        done.names, done.events = names, events
    else:
        done, start = _Replayed(names, events), 0
    _LAST[:] = [done]
    for order in range(start, len(events)):
        event = events[order]
        WORK.events += 1
        if isinstance(event, Modifier | SetValue):
            _known_character(timeline, event.character)
            amount = event.amount if isinstance(event, Modifier) else event.value
            clauses = [event.clause] if event.clause else []
            done.add(_Active(order, event, amount, event.attribute, clauses=clauses))
        elif isinstance(event, PeriodEnds):
            done.keep([a for a in done.active if not a.effect.duration.ends_with(event.period)])
        elif isinstance(event, EffectEnds):
            done.find(event.effect)
            done.keep([a for a in done.active if a.key != event.effect])
        elif isinstance(event, DoubleBonus):
            bonus = _bonus(done, event.bonus)
            before = bonus.amount
            bonus.amount *= 2
            bonus.notes.append(
                f"doubled by {event.source or 'an effect'}: +{before} -> +{bonus.amount}"
            )
            bonus.clauses += [event.clause] if event.clause else []
        elif isinstance(event, MoveBonus):
            bonus = _bonus(done, event.bonus)
            if bonus.attribute is event.to:
                raise TimelineError(f'the bonus "{event.bonus}" is already on {event.to.value}.')
            bonus.notes.append(
                f"moved from {bonus.attribute.value} to {event.to.value} by "
                f"{event.source or 'an effect'}"
            )
            bonus.attribute = event.to
            bonus.clauses += [event.clause] if event.clause else []
            # The bonus arrives on its new attribute now: a value set there earlier does
            # not wipe it.
            bonus.order = order
            done.keep(sorted(done.active, key=lambda a: a.order))
        else:
            _known_character(timeline, event.character)
            done.defeated.add(event.character)
            if event.clause:
                done.defeat_clause[event.character] = event.clause
    if not isinstance(events, Events):
        _LAST.clear()  # a plain sequence can change under us: nothing to resume from
    return done


#: The last replay, continued by the next one when its events are a prefix of the next's.
_LAST: list[_Replayed] = []


def _known_character(timeline: Timeline, name: str) -> None:
    if name not in timeline.printed:
        raise UnknownNameError("character", name, list(timeline.printed))


def _bonus(done: _Replayed, key: str) -> _Active:
    item = done.find(key)
    if not isinstance(item.effect, Modifier) or item.amount <= 0:
        raise TimelineError(f'"{key}" is not an attribute bonus (a positive modifier).')
    return item


def _compute(
    character: str, attribute: Attribute, printed: int | None, mine: list[_Active]
) -> Reading:
    """Apply the effects in force in order: a set value wipes the modifiers before it.

    A value that goes below 0 on the way is open (``Status.BELOW_ZERO``): the rulings say
    what reduces a value, never whether it can be negative or stops at 0.
    """
    value = printed
    below_zero = False
    steps: list[Step] = []
    clauses: list[str] = []
    last_set = max((i for i, a in enumerate(mine) if isinstance(a.effect, SetValue)), default=-1)
    for index, item in enumerate(mine):
        effect = item.effect
        clauses += item.clauses
        label = effect.source or effect.id or "an effect"
        if isinstance(effect, SetValue):
            value = item.amount
            steps.append(
                Step(
                    label,
                    f"set to {item.amount}",
                    index == last_set,
                    _duration_note(effect.duration),
                )
            )
            continue
        sign = "+" if item.amount >= 0 else ""
        change = f"{sign}{item.amount}" + (f" ({'; '.join(item.notes)})" if item.notes else "")
        if index < last_set:
            steps.append(
                Step(label, change, False, "applied before a value was set, so it no longer counts")
            )
            continue
        steps.append(Step(label, change, True, _duration_note(effect.duration)))
        value = None if value is None else value + item.amount
        below_zero = below_zero or (value is not None and value < 0)
    if last_set >= 0:
        clauses = [
            citations.SET_VALUE,
            citations.SET_VALUE_EXAMPLE,
            citations.SET_VALUE_ORDER,
            *clauses,
        ]
    status = Status.KNOWN if value is not None else Status.UNKNOWN
    if below_zero:
        status, value = Status.BELOW_ZERO, None
    return Reading(
        character, attribute, value, status, printed, tuple(steps), tuple(dict.fromkeys(clauses))
    )


def _duration_note(duration: Duration) -> str:
    return "" if duration is Duration.CONSTANT else duration.value
