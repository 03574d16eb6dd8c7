"""Frozen dataclasses copied or made without their ``__init__`` are what ``__init__`` makes.

A frozen dataclass's ``__init__`` sets each field through a call. ``rulesq.frozen.replace``
is ``dataclasses.replace`` without it, and the objects a check makes by the thousand (a card's
info and its effects, a call checked, an answer's ending, an act asked and its gatherings of
claims, a state's marks, its players) are made the same way. These tests compare each with
the long way: on dataclasses of every shape, and over every case file.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
from conftest import every_situation_file

from rulesq import frozen
from rulesq.cli.check_report import Report, report
from rulesq.engine import dispatch, expect
from rulesq.engine.answer import _KEYS, Status
from rulesq.engine.check import FileCheck, check_file
from rulesq.engine.expect import Result
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import selectors
from rulesq.games.bluemoon.judge import (
    answers_apply,
    answers_discards,
    answers_play,
    cards,
    discards,
    forbids,
    forces,
    hands,
    limits,
    permits,
    playing,
    prohibits,
    removals,
    retreats,
    ruling,
    ships,
    state,
    values,
    view,
)
from rulesq.games.bluemoon.vocab import Zone as TextZone

#: The modules that copy with ``rulesq.frozen.replace``.
FAST_COPYING = (
    selectors,
    answers_apply,
    answers_discards,
    cards,
    discards,
    forbids,
    forces,
    limits,
    playing,
    prohibits,
    removals,
    retreats,
    values,
    hands,
)


@dataclasses.dataclass(frozen=True)
class Plain:
    name: str
    tags: tuple[str, ...] = ()
    seen: dict[str, int] = dataclasses.field(default_factory=dict)

    @cached_property
    def shout(self) -> str:
        return self.name.upper()


@dataclasses.dataclass(frozen=True)
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


@dataclasses.dataclass
class Counted:
    name: str
    count: int = dataclasses.field(default=0, init=False)


def _same(made: Any, long_way: Any) -> bool:
    """Whether two objects are of one class with the same attributes, in the same order."""
    return type(made) is type(long_way) and list(vars(made).items()) == list(vars(long_way).items())


def _as_init(made: Any) -> bool:
    """Whether an object made without ``__init__`` is the one ``__init__`` makes of its fields."""
    try:
        long_way = dataclasses.replace(made)
    except (AttributeError, TypeError):
        return False
    return _same(made, long_way)


def _outcome_of(copy: Any, obj: Any, **changes: Any) -> object:
    try:
        return copy(obj, **changes)
    except Exception as error:  # noqa: BLE001 - the error is what is compared
        return type(error)


SHAPES: list[tuple[Any, dict[str, Any]]] = [
    (Plain("owl", ("a",), {"x": 1}), {"tags": ("b",)}),
    (Plain("owl"), {"name": "bat", "seen": {}}),
    (Plain("owl"), {}),
    (Checked(1, 2), {"high": 3}),
    (Checked(1, 2), {"low": 5}),  # its __post_init__ refuses it
    (Counted("ship"), {"name": "boat"}),
    (Counted("ship"), {"count": 2}),  # not a field __init__ sets
    (Plain("owl"), {"wings": 2}),  # no such field
]


@pytest.mark.parametrize(("obj", "changes"), SHAPES)
def test_replace_is_dataclasses_replace_on_every_shape(obj: Any, changes: dict[str, Any]) -> None:
    if isinstance(obj, Plain):
        assert obj.shout  # a cached property kept in the object: never copied
    made = _outcome_of(frozen.replace, obj, **changes)
    long_way = _outcome_of(dataclasses.replace, obj, **changes)
    if isinstance(long_way, type):
        assert made is long_way  # the same error
    else:
        assert _same(made, long_way)


def test_a_copy_missing_a_field_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a fast copy that leaves a field out differs from the long way."""
    real = frozen._plain_fields

    def short(kind: type) -> Any:
        found = real(kind)
        return None if found is None else (found[0][:-1], found[1])

    monkeypatch.setattr(frozen, "_FIELDS", {})
    monkeypatch.setattr(frozen, "_plain_fields", short)
    obj = Plain("owl", ("a",))
    assert not _same(frozen.replace(obj, name="bat"), dataclasses.replace(obj, name="bat"))


def test_an_object_made_with_a_field_left_out_or_added_is_told() -> None:
    """The check of objects made without ``__init__`` can fail."""
    source = forces._source(None, None, 0)  # type: ignore[arg-type]
    assert _as_init(source)
    left_out = object.__new__(forces.Source)
    left_out.__dict__.update(card=None, effect=None)
    added = object.__new__(forces.Source)
    added.__dict__.update(card=None, effect=None, index=0, extra=1)
    assert not _as_init(left_out)
    assert not _as_init(added)


def _watch(monkeypatch: pytest.MonkeyPatch, seen: dict[str, int]) -> None:
    """Check every fast copy and fast-made object against the long way as a check makes them."""

    def copy(obj: Any, /, **changes: Any) -> Any:
        made = real_replace(obj, **changes)
        long_way = dataclasses.replace(obj, **changes)
        assert made == long_way and _same(made, long_way), (obj, changes)
        seen["replace"] += 1
        return made

    def made_as_init(name: str, make: Any) -> Any:
        def watched(*args: Any, **kwargs: Any) -> Any:
            made = make(*args, **kwargs)
            assert _as_init(made), (name, made)
            seen[name] += 1
            return made

        return watched

    real_replace = frozen.replace
    for module in FAST_COPYING:
        assert module.replace is real_replace, module
        monkeypatch.setattr(module, "replace", copy)
    for kept in ("_INFOS", "_REPLACED", "_NOTED"):  # infos made before: made again, and checked
        monkeypatch.setattr(cards, kept, {})
    monkeypatch.setattr(cards, "card_info", made_as_init("card_info", cards.card_info))
    monkeypatch.setattr(forces, "_source", made_as_init("source", forces._source))
    monkeypatch.setattr(forces, "_ignored", made_as_init("ignored", forces._ignored))
    monkeypatch.setattr(expect, "_outcome", made_as_init("outcome", expect._outcome))
    monkeypatch.setattr(dispatch, "_ending", made_as_init("ending", dispatch._ending))
    monkeypatch.setattr(permits, "_gather", made_as_init("gather", permits._gather))
    monkeypatch.setattr(permits, "_asked", made_as_init("asked", permits._asked))
    monkeypatch.setattr(state.State, "mark", made_as_init("mark", state.State.mark))


def test_over_every_case_file_the_fast_copies_are_the_long_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = ("replace", "card_info", "source", "ignored", "outcome", "ending", "gather", "asked")
    made += ("mark",)
    seen: dict[str, int] = dict.fromkeys(made, 0)
    _watch(monkeypatch, seen)
    files: list[Path] = every_situation_file()
    for file in files:
        check_file(file)
    assert all(seen.values()), seen  # each way of making was met, and checked


def test_a_new_player_and_state_are_what_init_makes_with_containers_of_their_own() -> None:
    for who in ("I", "you"):
        made, long_way = state.new_player(who), state.Player(who)
        assert list(vars(made).items()) == list(vars(long_way).items())
        # its containers are never changed in place (replaced): shared, each immutable
        assert not any(isinstance(v, list | dict | set) for v in vars(made).values())
    made_state, long_state = state.new_state(), state.State()
    assert list(vars(made_state)) == list(vars(long_state))
    for name, value in vars(long_state).items():
        if name == "snapshots":  # no equality of its own: a new, empty one each
            assert type(made_state.snapshots) is type(value) and not made_state.snapshots._marks
        else:
            assert vars(made_state)[name] == value, name
    assert made_state.cards is not state.new_state().cards
    assert made_state.players[state.ME] is not state.new_state().players[state.ME]


def test_a_report_line_the_yes_no_verdicts_and_the_status_keys_are_the_long_way() -> None:
    checked = FileCheck("case.rq", Result.AGREE)
    assert _same(report(checked, False), Report("case.rq", "agree", f"{'AGREE':<14} case.rq"))
    assert (view._YES, view._NO) == (YesNo(True), YesNo(False))
    assert [s.key for s in Status] == [_KEYS.get(s.value, s.value) for s in Status]


def test_icons_are_noted_as_before_once_a_replay_fails() -> None:
    """Noting unknown icons stops even when a replay raises (as the context manager did)."""
    outer: dict[str, set[str] | None] = {}
    started = cards.start_noting_unknown_icons(outer)
    try:
        inner: dict[str, set[str] | None] = {}
        with pytest.raises(CannotAnswer):
            again = cards.start_noting_unknown_icons(inner)
            try:
                raise CannotAnswer("a replay fails")
            finally:
                cards.stop_noting_unknown_icons(again)
        assert cards._UNKNOWN_ICONS_READ.get() is outer
    finally:
        cards.stop_noting_unknown_icons(started)
    assert cards._UNKNOWN_ICONS_READ.get() is not outer


def test_a_new_ruling_and_the_probe_cards_are_the_long_way() -> None:
    made = ruling.new_ruling(True, "why", ["R1"], [], "a step")
    long_way = ruling.Ruling(True, "why", ["R1"], [], "a step")
    assert list(vars(made).items()) == list(vars(long_way).items())
    assert made.beaten is not ruling.new_ruling(True, "why", [], []).beaten
    texts = ("", "(a special power text)")
    assert ships._SUPPORT_PROBES == tuple(
        cards.CardInfo(name="a support card", kind="support", text=t) for t in texts
    )
    assert answers_discards._DISCARD_FROM_HAND.cards.place.zones == (TextZone.HAND,)
    assert answers_play._type_probe("booster", "booster") == cards.CardInfo(
        name="a booster card", kind="booster", text=""
    )
