"""What a card stated entering play holds from a text: "enters play with 1 damage on it".

A card stated entering play is a new card, with no damage or resource tokens (Out of Play),
unless a text puts some on it as it enters: its own ("This unit enters play with 3 resource
tokens on it.") or a tactic's resolved before it ("That unit comes into play with 1 damage on
it.", the next unit its player plays that turn: whether the card is that unit is not stated).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.warhammer.claims import Text
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

#: "This unit enters play with 1 damage on it." / "… with 3 resource tokens on it."
_OWN = compiled(
    r"\bThis (?:unit|card) enters play with (?P<n>\d+) (?P<what>damage|resources? tokens?)"
    r" on it\.",
    re.IGNORECASE,
)
#: "That unit comes into play with 1 damage on it." (after "the next unit you play this turn").
_NEXT = compiled(
    r"\bnext unit you play this turn\b[^.]*\.\s*"
    r"(?P<that>That unit comes into play with (?P<n>\d+) damage on it\.)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Entering:
    """What a text put on a card as it entered play: the least and most, why, the text."""

    least: int
    most: int
    step: str
    text: Text


def _kind(what: str) -> str:
    return "damage" if what.lower() == "damage" else "tokens"


def own(placed: InPlay, what: str) -> Entering | None:
    """The damage or tokens ("damage" / "tokens") a card's own text gives it as it enters play.

    Only for a card stated entering play faceup with no such value given.
    """
    if not placed.entered or placed.facedown or placed.card is None:
        return None
    if placed.ref.value(what) is not None:
        return None
    found = _OWN.search(placed.card.text or "")
    if found is None or _kind(found.group("what")) != what:
        return None
    n = int(found.group("n"))
    return Entering(
        n,
        n,
        f'"{placed.name}" entered play, and its text puts {n} {what} on it as it does',
        Text(placed.name, found.group(0).strip()),
    )


def next_unit(board: Board, placed: InPlay) -> Entering | None:
    """A tactic of its player resolved this turn before the unit entered, that may damage it."""
    if not placed.entered or placed.facedown or placed.card is None:
        return None
    if placed.ref.value("damage") is not None or (placed.card.type or "").lower() != "unit":
        return None
    entered = [e.fact.index for e in board.events if e.kind == "enters_play" and e.card is placed]
    if not entered:
        return None
    turns = [fact.index for _, fact in board.turns]
    for link in board.resolved:
        found = _NEXT.search(link.card.text or "") if link.card is not None else None
        if found is None or link.who != placed.owner or link.fact.index > entered[0]:
            continue
        if any(link.fact.index < t < entered[0] for t in turns):
            continue  # another turn began since: it was "this turn" no longer
        n = int(found.group("n"))
        return Entering(
            0,
            n,
            f'"{link.name}" resolved before "{placed.name}" entered play: if it is the next '
            f"unit its player played this turn, it came into play with {n} damage (whether it "
            "is, is not stated)",
            Text(link.name, found.group("that")),
        )
    return None
