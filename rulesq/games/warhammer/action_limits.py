"""An Action's "(limit once per turn)" or "(limit once per phase)", against the triggers stated."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer.claims import Text, text_claim
from rulesq.games.warhammer.places import controller, in_play
from rulesq.games.warhammer.turns import ended, restated
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board

_LIMIT = compiled(r"\(?\s*limit once per (?P<per>turn|phase)\s*\.?\s*\)?\.?", re.IGNORECASE)


def once_per(
    board: Board, card: Card, quote: str, player: str, claims: list[Claim], gaps: list[str]
) -> None:
    """Forbid a trigger its limit has used up; leave open what the situation does not say."""
    text = card.text or ""
    found = _LIMIT.search(quote)
    elsewhere = found is None and _LIMIT.search(text) is not None
    if found is None and not elsewhere:
        return
    now = [
        lk for lk in board.chain if lk.card is card and lk.kind == "trigger" and lk.who == player
    ]
    start = max((fact.index for _, fact in board.turns), default=-1)  # this turn's statement
    earlier = [
        n
        for n, who, fact in board.triggered
        if who == player and n == card.name and fact.index > start
    ]
    used = len(now) + len(earlier)
    maybe = [
        n
        for n, who, fact in board.triggered
        if who == player and n == card.name and fact.index < start and restated(board, fact.index)
    ]
    if not used and maybe and found is not None:
        gaps.append(
            f'"{card.name}" reads "{found.group(0).strip()}", and it was triggered before the '
            "same player's turn was stated again, which may be this turn or a later one: "
            "whether its limit is used up is not known"
        )
        return
    if not used:
        return
    if found is None:
        gaps.append(f'"{card.name}" has a "limit once per …" that its Action\'s words do not hold')
        return
    per = found.group("per").lower()
    copies = [
        c
        for c in board.cards
        if c.card is card and not c.facedown and in_play(board, c) and controller(c) == player
    ]
    if per == "phase" and not now:
        gaps.append(
            f'"{card.name}" is limited once per phase, and the situation does not say in which '
            "phase it was triggered"
        )
        return
    counted = len(now) if per == "phase" else used
    if counted < len(copies):
        gaps.append(
            f'"{card.name}" is limited once per {per}, and which of its {len(copies)} copies was '
            "triggered is not stated"
        )
        return
    claims.append(
        text_claim(
            Stance.FORBID,
            Text(card.name, found.group(0).strip()),
            f'"{card.name}" reads "{found.group(0).strip()}", and it was already triggered this '
            f"{per}",
        )
    )


#: A cancel that also bars the Action it cancels: "That Action may not be triggered for the
#: rest of the turn."
_BARS = compiled(r"That Action may not be triggered for the rest of the turn\.?", re.I)


def barred(board: Board, card: Card, claims: list[Claim], gaps: list[str]) -> None:
    """Forbid an Action that a resolved cancel barred for the rest of the turn.

    A turn of the other player stated since ends the bar; the same player's turn restated may
    be a later turn, so whether it still holds is open.
    """
    for link in board.resolved:
        if link.card is None or (link.cancelling or "").casefold() != card.name.casefold():
            continue
        found = _BARS.search(link.card.text or "")
        if found is None:
            continue
        over = ended(board, link.fact.index)
        if over:
            continue
        if over is None:
            gaps.append(
                f'"{link.name}" cancelled "{card.name}": "{found.group(0)}", and a turn is '
                "stated after it: whether it is a later turn is not stated"
            )
            continue
        claims.append(
            text_claim(
                Stance.FORBID,
                Text(link.name, found.group(0)),
                f'"{link.name}" cancelled "{card.name}" this turn: "{found.group(0)}"',
            )
        )
