"""Copy-on-write history: objects that remember their fields as they were at earlier marks.

A state is marked (``mark``) before each play so that interference cards, bluff calls and
disclosures can later read things as they stood then. Copying the whole state at every mark
made a situation of n plays cost n² (time and memory); instead a mark is a number (an
*epoch*), and an object saves its fields once, on its first change after a mark. Reading an
object as it was at a mark (``fields_at``) then finds the saved fields, or the current ones;
``rulesq.games.bluemoon.judge.state`` copies a moment that way (``Mark.state``).
"""

from __future__ import annotations

import bisect
from copy import deepcopy
from operator import itemgetter
from typing import Any

#: The current epoch: marks increase it; changes within one epoch are saved once.
_clock = [0]
#: The same list, for the makers of objects that set their history themselves.
CLOCK = _clock
#: The epoch of an entry of an object's history (what its entries are found by).
EPOCH_OF = itemgetter(0)
#: Attributes an object keeps for itself (its history, caches), never part of its fields.
OWN = ("_saved", "_history", "_watcher", "_sources", "_acting", "_kinds")


def new_epoch() -> int:
    """Start a new epoch and return it: the moment a mark stands for."""
    _clock[0] += 1
    return _clock[0]


class Remembering:
    """A mixin: every field set after creation saves the old fields once per epoch."""

    _saved: int
    _history: list[tuple[int, dict[str, Any]]]

    def __setattr__(self, name: str, value: Any) -> None:
        fields = self.__dict__
        if "_saved" in fields:
            remember(fields)
        fields[name] = value

    def start_history(self) -> None:
        """Called once the fields are set: nothing before now needs saving."""
        self.__dict__["_history"] = []
        self.__dict__["_saved"] = _clock[0]

    def fields_at(self, epoch: int | None) -> dict[str, Any]:
        """The fields as they were when the mark of ``epoch`` was taken (None: now)."""
        fields = self.__dict__
        history = fields.get("_history")
        if epoch is not None and history:
            at = bisect.bisect_left(history, epoch, key=EPOCH_OF)
            if at < len(history):
                saved: dict[str, Any] = history[at][1]
                return saved
        return _plain(fields)

    def __copy__(self) -> Any:
        new = object.__new__(type(self))
        new.__dict__.update(_plain(self.__dict__))
        new.start_history()
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        new = object.__new__(type(self))
        memo[id(self)] = new
        for name, value in self.fields_at(None).items():
            new.__dict__[name] = deepcopy(value, memo)
        new.start_history()
        return new


def remember(fields: dict[str, Any]) -> None:
    """Save an object's fields (its ``__dict__``) before their first change in this epoch."""
    if fields["_saved"] != _clock[0]:
        fields["_history"].append((_clock[0], _plain(fields)))
        fields["_saved"] = _clock[0]


def _plain(fields: dict[str, Any]) -> dict[str, Any]:
    """An object's fields without what it keeps for itself (a copy of them, in order)."""
    plain = fields.copy()
    for name in OWN:
        if name in plain:
            del plain[name]
    return plain
