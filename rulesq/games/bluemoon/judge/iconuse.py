"""What became of a card's unknown icons once read: used at once, or kept in a record unused.

A card whose icons no source gives is taken to have none, and an answer that read one of them
is asked again with the icon given to the card (``rulesq.engine.defaults``). Most reads decide
a step at once (they are *direct*). A play's record (its ``free`` and ``stop`` flags) keeps
the reading for later instead: the flag is a :class:`Kept`, and only a step that tests it
uses it. When every read of an icon went into such flags, the ignore step could not reach the
card (reading the icon there could not have stopped the judging), and no step tested the
flags, then the judging went the same way whether the card had the icon or not: giving it
the icon gives the same verdict, so that re-ask is not needed (:func:`unneeded`). So too
for a read whose step would go the same way with the icon (:func:`settled`: a card joins no
gang when the first card of the combat area is of another gang, GANG icon or not).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import TypedDict

# Functional, its fields' types objects: see ``rulesq.pool.Codec``.
IconUse = TypedDict(  # noqa: UP013 - no field type compiled at import
    "IconUse",
    {
        "direct": dict[str, set[str] | None],
        "kept": set[tuple[str, str]],
        "used": set[tuple[str, str]],
    },
)
IconUse.__doc__ = """The use of unknown icons in one reading (a replay's, or a question's judging).

``direct``: the icons read to decide a step at once, by card name (None: read as a whole).
``kept``: (card name, icon) read only into a kept flag, or into a step that goes the same way
with the icon, where no ignore effect could reach the card. ``used``: (card name, icon) whose
kept flag a step tested.
"""


def new_use() -> IconUse:
    """An empty record (a plain dict: a state's fork copies it)."""
    return {"direct": {}, "kept": set(), "used": set()}


#: The record reads are noted into now (None: not noting).
_USE: ContextVar[IconUse | None] = ContextVar("icon_use", default=None)
#: The card and icon a flag is being kept for, and whether that icon was read meanwhile.
_KEEPING: ContextVar[list[object] | None] = ContextVar("icon_keeping", default=None)


def note_use(use: IconUse | None) -> object:
    """Note into ``use`` from now on; returns the token to :func:`stop_noting` with."""
    return _USE.set(use)


def stop_noting(token: object) -> None:
    """Note as before :func:`note_use` gave ``token``."""
    _USE.reset(token)  # type: ignore[arg-type]


def note_read(name: str, icon: str | None) -> None:
    """A card's unknown icon (None: its icons as a whole) is read."""
    keeping = _KEEPING.get()
    if keeping is not None and icon is not None and keeping[0] == name and keeping[1] == icon:
        keeping[2] = True  # kept in the flag being made: not used yet
        return
    use = _USE.get()
    if use is None:
        return
    if icon is None:
        use["direct"][name] = None
        return
    asked = use["direct"].setdefault(name, set())
    if asked is not None:
        asked.add(icon)


def start_keeping(name: str, icon: str) -> tuple[list[object], object]:
    """Reads of ``icon`` of the card ``name`` go into a flag being made, until :func:`kept`.

    Returns the flag's cell (card, icon, whether read) and the token to stop with.
    """
    cell: list[object] = [name, icon, False]
    return cell, _KEEPING.set(cell)


def stop_keeping(token: object) -> None:
    """Reads are direct again, as before :func:`start_keeping` gave ``token``."""
    _KEEPING.reset(token)  # type: ignore[arg-type]


def was_read(cell: list[object]) -> bool:
    """Whether the icon a flag is made for was read while making it."""
    return bool(cell[2])


def kept(cell: list[object], value: bool, reachable: bool) -> bool | Kept:
    """The flag made in ``cell`` (see :func:`start_keeping`): a :class:`Kept` if the icon was read.

    ``reachable``: an ignore effect could reach the card, so that reading the icon could have
    stopped the judging had the card had it: the read counts as direct.
    """
    name, icon = str(cell[0]), str(cell[1])
    if not was_read(cell):
        return value
    if reachable:
        note_read(name, icon)
        return value
    use = _USE.get()
    if use is not None:
        use["kept"].add((name, icon))
    return Kept(value, name, icon)


def settled(cell: list[object], same: bool) -> None:
    """A read made since :func:`start_keeping` decided a step that goes the same way either way.

    ``same``: had the card the icon, the step would give what it gave, without stopping (no
    ignore effect could reach the card): the read is kept out of the direct ones.
    """
    if not was_read(cell):
        return
    name, icon = str(cell[0]), str(cell[1])
    if not same:
        note_read(name, icon)
        return
    use = _USE.get()
    if use is not None:
        use["kept"].add((name, icon))


class Kept:
    """A flag a play's record keeps, made from a card's unknown icon: testing it is noted."""

    __slots__ = ("icon", "name", "value")

    def __init__(self, value: bool, name: str, icon: str) -> None:
        self.value = value
        self.name = name
        self.icon = icon

    def _used(self) -> bool:
        use = _USE.get()
        if use is not None:
            use["used"].add((self.name, self.icon))
        return self.value

    def __bool__(self) -> bool:
        return self._used()

    def __eq__(self, other: object) -> bool:
        return self._used() == (other.value if isinstance(other, Kept) else other)

    def __hash__(self) -> int:
        return hash(self._used())

    def __repr__(self) -> str:
        return repr(self.value)


def unneeded(*uses: IconUse) -> dict[str, set[str]]:
    """The icons, by card name, read only into flags no step tested (of all these records)."""
    out: dict[str, set[str]] = {}
    kept_ones = set().union(*(u["kept"] for u in uses))
    used = set().union(*(u["used"] for u in uses))
    for name, icon in kept_ones - used:
        direct = [u["direct"][name] for u in uses if name in u["direct"]]
        if any(d is None or icon in d for d in direct):
            continue
        out.setdefault(name, set()).add(icon)
    return out
