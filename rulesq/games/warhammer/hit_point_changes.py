"""Texts that change a unit's hit points for a time, which the judge does not follow.

A Forced effect in play ("At the beginning of your turn, one target unit gets -1 hit points
until the end of the turn.") or a link that acted this turn (a quest's "have target unit get -1
hit points until the end of the turn", resolved) may have changed the hit points a unit has
now; constant grants are read with the hit points (values), these are not: the hit points of a
unit they may reach are open, naming the text, never the printed value taken as they stand.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.trigger_texts import sentences
from rulesq.games.warhammer.turns import new_turns

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link

#: A change of hit points: "gets -1 hit points", "+2 hit points".
HIT_POINTS_CHANGE = re.compile(r"[+-]\s?(?:\d+|X) hit points?\b", re.IGNORECASE)
#: "have target unit get -1 hit points until the end of the turn".
_TARGET_GETS = re.compile(
    r"\btarget unit gets? (?P<sign>[+-])(?P<n>\d+) hit points? until the end of the turn\b",
    re.IGNORECASE,
)
#: A text that cancels: it may have cancelled a link.
_CANCEL = re.compile(r"\bcancel", re.IGNORECASE)
#: Its player's own turn: a Forced effect "At the beginning of your turn".
_YOUR_TURN = re.compile(r"^At the beginning of your turn\b", re.IGNORECASE)


def _forced(board: Board, target: InPlay) -> list[str]:
    """Forced effects in play that change hit points for a time and may have acted."""
    from rulesq.games.warhammer.places import controller, in_play

    gaps: list[str] = []
    for placed, text in board.faceup_texts():
        if not in_play(board, placed):
            continue
        for header, zone, quote, body in sentences(placed.name, text):
            if header != "Forced" or not HIT_POINTS_CHANGE.search(body):
                continue
            if zone is not None and placed.zone is not zone:
                continue  # after a zone word, active only in that zone (Zones of Play)
            if _YOUR_TURN.match(body) and board.turn not in (None, controller(placed)):
                continue  # acted at the beginning of its player's turn: that turn is over
            gaps.append(
                f'"{placed.name}": "{quote}" may have changed the hit points of "{target.name}" '
                "this turn: not followed by rulesq"
            )
    return gaps


def changed(board: Board, target: InPlay) -> list[tuple[int, Text]]:
    """What resolved links read here did to the unit's hit points this turn: (change, quote).

    A link whose one stated target is the unit and whose text reads "target unit get(s) -N hit
    points until the end of the turn", not cancelled (no other resolved link cancels), acted
    on it; its turn is over once a turn of the other player is stated after it.
    """
    found: list[tuple[int, Text]] = []
    for link in board.resolved:
        read = _read(board, link, target)
        if read is not None:
            found.append(read)
    return found


def _read(board: Board, link: Link, target: InPlay) -> tuple[int, Text] | None:
    """The change a resolved link made to the unit's hit points, when read (else None)."""
    text = link.card.text if link.card is not None else None
    said = _TARGET_GETS.search(text or "")
    if said is None or link.targets != (target,):
        return None
    if any(fact.index > link.fact.index for _who, fact in board.turns):
        return None  # over, or (the same player's turn restated) maybe a later turn: open
    others = [lk for lk in board.resolved if lk is not link and lk.card is not None]
    if any(_CANCEL.search(lk.card.text or "") for lk in others if lk.card is not None):
        return None  # a resolved link that cancels may have cancelled it: left open
    sign = -1 if said.group("sign") == "-" else 1
    return sign * int(said.group("n")), Text(link.name, said.group(0))


def _acted(board: Board, target: InPlay) -> list[str]:
    """Links resolved, and cards stated played this turn, that change hit points."""
    gaps: list[str] = []
    for link in board.resolved:
        if _read(board, link, target) is not None:
            continue  # read by ``changed``
        text = link.card.text if link.card is not None else None
        change = HIT_POINTS_CHANGE.search(text or "")
        if text is None or change is None:
            continue
        if link.targets and target not in link.targets and "target" in text:
            continue  # its targets are stated, and this unit is not one
        if new_turns(board, link.fact.index):
            continue  # a turn of the other player came after it: its turn is over
        gaps.append(
            f'"{link.name}" resolved and changes hit points ("{change.group(0)}"): what it '
            f'does to "{target.name}" is not followed by rulesq'
        )
    for capital in board.capitals.values():
        for card, _fact in capital.played:
            if card is not None and card.text and HIT_POINTS_CHANGE.search(card.text):
                gaps.append(
                    f'"{card.name}" was played this turn and changes hit points: what it did '
                    f'to "{target.name}" is not followed by rulesq'
                )
    return gaps


def unread(board: Board, target: InPlay) -> list[str]:
    """Why the hit points of the unit may differ from those read, or nothing."""
    return _forced(board, target) + _acted(board, target)
