"""Texts that change a unit's hit points or power for a time: read where simple, else open.

A link resolved this turn whose one stated target (or its own card) "get(s) -1 hit points" or
"gain(s) [Power]" "until the end of the turn" changes that value until a turn of the other
player is stated. Any other Forced effect in play ("At the beginning of your turn, one target
unit gets -1 hit points until the end of the turn.") or link or play of this turn that changes
the value may have changed it: the value of a unit it may reach is open, naming the text, never
the printed value taken as it stands. Constant grants are read with the values (values).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.games.warhammer import texts
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.trigger_texts import sentences
from rulesq.games.warhammer.turns import new_turns
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link

#: A change of each value in a text: "gets -1 hit points"; "gains [Power]" (or "[P]"), "loses
#: [Power]".
CHANGES = {
    "hit points": compiled(r"[+-]\s?(?:\d+|X) hit points?\b", re.IGNORECASE),
    "power": compiled(
        r"\b(?:gains?|loses?|gets?) (?:\[P(?:ower)?\]|[+-]\s?(?:\d+|X) power\b|all power\b)"
        r"|\bdoes not count its power\b",
        re.IGNORECASE,
    ),
}
_UNTIL = r" until the end of the turn\b"
#: "have target unit get -1 hit points until the end of the turn" (its one stated target).
_TARGET_GETS = {
    "hit points": compiled(
        r"\btarget unit gets? (?P<sign>[+-])(?P<n>\d+) hit points?" + _UNTIL, re.IGNORECASE
    ),
    "power": compiled(
        r"\b(?:target unit(?: in (?:the|your) \w+)?|have a target) gains? "
        r"(?P<icons>(?:\[P(?:ower)?\] ?)+)" + _UNTIL,
        re.IGNORECASE,
    ),
}
#: "to have it gain [Power] until the end of the turn" (its own card).
_ITSELF_GAINS = compiled(
    r"\b(?:to have it|this (?:unit|card)) gains? (?P<icons>(?:\[P(?:ower)?\] ?)+)" + _UNTIL,
    re.IGNORECASE,
)
#: The power icon, "[Power]", or "[P]" as some card texts print it.
_ICON = compiled(r"\[P(?:ower)?\]", re.IGNORECASE)
#: A text that cancels: it may have cancelled a link.
_CANCEL = compiled(r"\bcancel", re.IGNORECASE)
#: Its player's own turn: a Forced effect "At the beginning of your turn".
_YOUR_TURN = compiled(r"^At the beginning of your turn\b", re.IGNORECASE)


def _forced(board: Board, target: InPlay, what: str) -> list[str]:
    """Forced effects in play that change the value for a time and may have acted."""
    from rulesq.games.warhammer.places import controller, in_play

    gaps: list[str] = []
    for placed, text in board.faceup_texts():
        if not in_play(board, placed):
            continue
        for header, zone, quote, body in sentences(placed.name, text):
            if header != "Forced" or not CHANGES[what].search(body):
                continue
            if not texts.active_in(zone, placed.zone):
                continue  # after a zone word, active only in that zone (Zones of Play)
            if _YOUR_TURN.match(body) and board.turn not in (None, controller(placed)):
                continue  # acted at the beginning of its player's turn: that turn is over
            gaps.append(
                f'"{placed.name}": "{quote}" may have changed the {what} of "{target.name}" '
                "this turn: not followed by rulesq"
            )
    return gaps


def changed(board: Board, target: InPlay, what: str) -> list[tuple[int, Text]]:
    """What resolved links read here did to the unit's value this turn: (change, quote).

    Not cancelled (no other resolved link cancels); a turn stated after it (over, or the same
    player's turn restated, maybe a later one) leaves it to :func:`unread`.
    """
    found: list[tuple[int, Text]] = []
    for link in board.resolved:
        read = _read(board, link, target, what)
        if read is not None:
            found.append(read)
    return found


def _read(board: Board, link: Link, target: InPlay, what: str) -> tuple[int, Text] | None:
    """The change a resolved link made to the unit's value, when read (else None)."""
    text = link.card.text if link.card is not None else None
    said = _TARGET_GETS[what].search(text or "")
    if said is not None and link.targets != (target,):
        return None
    if said is None and what == "power" and board.find(link.name) is target and not link.targets:
        said = _ITSELF_GAINS.search(text or "")
    if said is None:
        return None
    if any(fact.index > link.fact.index for _who, fact in board.turns):
        return None  # over, or (the same player's turn restated) maybe a later turn: open
    others = [lk for lk in board.resolved if lk is not link and lk.card is not None]
    if any(_CANCEL.search(lk.card.text or "") for lk in others if lk.card is not None):
        return None  # a resolved link that cancels may have cancelled it: left open
    if what == "power":
        return len(_ICON.findall(said.group("icons"))), Text(link.name, said.group(0))
    sign = -1 if said.group("sign") == "-" else 1
    return sign * int(said.group("n")), Text(link.name, said.group(0))


def _acted(board: Board, target: InPlay, what: str) -> list[str]:
    """Links resolved, and cards stated played this turn, that change the value."""
    gaps: list[str] = []
    for link in board.resolved:
        if _read(board, link, target, what) is not None:
            continue  # read by ``changed``
        text = link.card.text if link.card is not None else None
        change = CHANGES[what].search(text or "")
        if text is None or change is None:
            continue
        if link.targets and target not in link.targets and "target" in text:
            continue  # its targets are stated, and this unit is not one
        if what == "power" and not link.targets and board.find(link.name) is not target:
            if not re.search(r"\btarget\b|\beach\b|\ball\b|\byour units\b", text, re.I):
                continue  # it changes its own card's power only
        if new_turns(board, link.fact.index):
            continue  # a turn of the other player came after it: its turn is over
        gaps.append(
            f'"{link.name}" resolved and changes {what} ("{change.group(0)}"): what it '
            f'does to "{target.name}" is not followed by rulesq'
        )
    links = {id(link.fact) for link in [*board.resolved, *board.chain]}
    acted = [(card, fact, "was played") for c in board.capitals.values() for card, fact in c.played]
    for name, _who, fact in board.triggered:
        if not any(ref.name == name for ref in fact.cards):
            continue  # a link of a chain stated resolved: read above
        placed = board.find(name)
        acted.append((placed.card if placed is not None else None, fact, "was triggered"))
    for card, fact, did in acted:  # stated played or triggered this turn, not as a link
        if card is None or id(fact) in links or new_turns(board, fact.index):
            continue
        if card.text and CHANGES[what].search(card.text):
            gaps.append(
                f'"{card.name}" {did} this turn and changes {what}: what it did to '
                f'"{target.name}" is not followed by rulesq'
            )
    return gaps


def unread(board: Board, target: InPlay, what: str) -> list[str]:
    """Why the unit's hit points or power may differ from those read, or nothing."""
    return _forced(board, target, what) + _acted(board, target, what)
