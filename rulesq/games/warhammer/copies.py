"""Which copy of a card a Warhammer statement names: by its board values, or any when alike.

A board line may hold several copies of one card, told apart by the values and states it
gives each (``"Some Unit" (damage 0), "Some Unit" (damage 3)``). A statement names
one of them by repeating what its board line gave it (``I sacrifice "Some Unit" (damage
3)``; values its board line gives whole name its copy over one whose line gives more); named
by its name alone, the copy is not said, which matters unless the copies are
alike in every way the board records and no statement before has singled one out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Collection

    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.situation.model import CardRef


def written(ref: CardRef) -> str:
    """A card as a board line writes it: its name and the values and states given it."""
    given = [f"{name} {number}" for name, number in ref.values.items()]
    given += [flag.upper() for flag in ref.flags]
    return f'"{ref.name}"' + (f" ({', '.join(given)})" if given else "")


def nameable(copies: list[InPlay]) -> list[str]:
    """The copies as a statement may name them: those a board line gives values or states."""
    return [written(c.ref) for c in copies if c.ref.values or c.ref.flags]


def unnamed(copies: list[InPlay]) -> str:
    """How to name a copy its board line gives no value ("" when each has some).

    Its name alone names any copy, so it is named once its board line gives it a value the
    others' lines do not (the example picks one they do not give).
    """
    bare = [c for c in copies if not (c.ref.values or c.ref.flags)]
    if not bare:
        return ""
    first = bare[0]
    fields = first.card.fields if first.card is not None else {}
    unit = fields.get("hit_points", fields.get("hp")) is not None
    kind = "damage" if unit else "tokens"
    taken = {c.ref.values.get(kind) for c in copies}
    number = next(n for n in range(len(copies) + 1) if n not in taken)
    name = f'"{first.name}"'
    return (
        f"the copy written {name} alone is not named by its name, which names any copy: give "
        f"it a value on its board line (e.g., {name} ({kind} {number})), then name it so"
    )


def matches(placed: InPlay, ref: CardRef) -> bool:
    """Whether the values and states ``ref`` gives are those the copy's board line gave it."""
    line = placed.ref
    if any(line.values.get(name) != number for name, number in ref.values.items()):
        return False
    return all(line.has_flag(flag) for flag in ref.flags)


def same(placed: InPlay, ref: CardRef) -> bool:
    """Whether ``ref`` gives the copy every value and state its board line gave it, no fewer."""
    line = placed.ref
    return (
        matches(placed, ref)
        and dict(line.values) == dict(ref.values)
        and {f.upper() for f in line.flags} == {f.upper() for f in ref.flags}
    )


def alike(board: Board, copies: list[InPlay], singled: Collection[int]) -> bool:
    """Whether the copies are one as far as the board goes: either may be the one named.

    Alike: the same player, zone, values and states as written and as now, nothing attached
    to them or by them, no quest, and none of them named by an earlier statement (``singled``
    holds the ids of copies so named: an attack, damage assigned, a target...).
    """
    if any(id(c) in singled for c in copies):
        return False
    hosts = {id(c.attached_to) for c in board.cards} | {id(c.questing_on) for c in board.cards}
    first = copies[0]
    for other in copies:
        if id(other) in hosts or other.attached_to or other.questing_on:
            return False
        if _state(other) != _state(first) or written(other.ref) != written(first.ref):
            return False
    return True


def _state(placed: InPlay) -> tuple[object, ...]:
    """What the board records of a copy beyond its name."""
    return (
        placed.owner,
        placed.zone,
        placed.damage,
        placed.tokens,
        placed.corrupted,
        placed.facedown,
        placed.legend,
        placed.played_by,
        placed.entered,
    )
