"""Questions on play going on, asked where a capital has two burning zones: the game may be over.

The rules in the sources never state how the game is won or lost (some legends' texts
raise what a player "must burn ... to win" from 2 zones to 3). They say that "A burning zone still
functions normally except that it cannot be assigned damage" and that an already burning
zone may be attacked, so play goes on past one burning zone; past two, nothing in them says
whether the game has ended. A question on what may still be done (or happen) there is
answered only when the answer is the same either way: a *no* stands (nothing more is done
once the game is over), any other verdict is *cannot answer*, naming the gap. A zone burns
when stated burning or when the damage assigned to it reaches its hit points (read as the
damage rules read it); one that may so burn leaves the count open.
"""

from __future__ import annotations

import re
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING

from rulesq.engine.answer import Status
from rulesq.engine.verdict import YesNo
from rulesq.games.warhammer.vocab import Zone
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.warhammer.board import Board


#: A text that raises the zones a player must burn to win ("you must burn 3 zones instead of 2
#: in order to win for the rest of the game"): below it, play goes on.
_MORE_TO_WIN = compiled(
    r"you must burn (?P<n>\d+) zones instead of 2 (?:in order )?to win[^.]*\.", re.IGNORECASE
)


def two_burning(ctx: Context, applied: bool = True) -> tuple[str, str]:
    """Why the game may be over (a capital with two zones burning), or why it goes on.

    ("", ""): no capital has two zones burning; (gap, ""): the game may be over; ("", why):
    two are burning, but a text in play of the other player raises what he must burn to win.
    ``applied``: the damage assigned is applied (the zones it burns count); not so for a
    question on what that damage does as it is applied.
    """
    from rulesq.games.warhammer.places import controller, in_play
    from rulesq.games.warhammer.situation import read_board
    from rulesq.situation.model import ME

    board = read_board(ctx.situation, ctx.facts)
    goes_on = ""
    for player in board.capitals:
        burning, maybe = _burning(board, player, applied)
        most = len(burning) + len(maybe)
        if most < 2:
            continue
        whose = "my" if player == ME else "your"
        raised = [
            (placed.name, found.group(0))
            for placed in board.cards
            if placed.card is not None
            and not placed.facedown
            and controller(placed) != player
            and in_play(board, placed)
            for found in [_MORE_TO_WIN.search(placed.card.text or "")]
            if found is not None and int(found.group("n")) > most
        ]
        zones = " and ".join(sorted(burning))
        if not raised and len(burning) < 2:
            return (
                f"{whose} {' and '.join(sorted([*burning, *maybe]))} zones may be burning "
                f"({'; '.join(maybe.values())}): if two are, the game may have ended, and the "
                "rules in the sources never state how the game is won or lost"
            ), ""
        if not raised:
            return (
                f"{whose} {zones} zones are burning{_how(burning)}: the rules in the sources "
                "never state how the game is won or lost (only some legends' texts speak of "
                "burning 2 zones to win), so whether it has ended (and play goes on) is not "
                "stated"
            ), ""
        name, quote = raised[0]
        goes_on = f'{whose} {zones} zones are burning, and play goes on: "{name}": "{quote}"'
    return "", goes_on


def _burning(board: Board, player: str, applied: bool) -> tuple[dict[str, str], dict[str, str]]:
    """The player's zones burning, and those that may be (by the damage assigned), with how.

    A zone burns when stated burning, or when the damage assigned to it reaches its hit points
    (read as ``zone_burns`` reads it); whether it does may not be known (its damage, its
    developments not stated).
    """
    from rulesq.games.warhammer.damage import zone_burns

    capital = board.capital(player)
    burning: dict[str, str] = {}
    maybe: dict[str, str] = {}
    for zone in Zone:
        if zone in capital.burning:
            burning[zone.value] = ""
            continue
        if not applied or not any(a.zone is zone and a.owner == player for a in board.assigned):
            continue
        burns, value = zone_burns(board, player, zone)
        if burns:
            burning[zone.value] = f"the {zone.value}: " + "; ".join(value.steps)
        elif burns is None:
            maybe[zone.value] = f"the {zone.value}: " + "; ".join(value.gaps)
    return burning, maybe


def _how(burning: dict[str, str]) -> str:
    """How the zones not stated burning came to burn, after the zones named ("" if all were)."""
    how = [why for why in burning.values() if why]
    return f" ({'; '.join(how)})" if how else ""


def _guarded(kind: str) -> Callable[[Context], Answer]:
    """The handler of ``kind``, its answer kept only where it holds whether or not play ends."""

    def handler(ctx: Context) -> Answer:
        from rulesq.games.warhammer import AS_APPLIED, HANDLERS

        module, name = HANDLERS[kind].split(":")
        answer: Answer = getattr(import_module(module), name)(ctx)
        if answer.status is Status.CANNOT or answer.verdict == YesNo(False):
            return answer
        gap, goes_on = two_burning(ctx, kind not in AS_APPLIED)
        if gap:
            return ctx.cannot(gap)
        return replace(answer, reason=f"{answer.reason}; {goes_on}") if goes_on else answer

    handler.__name__ = handler.__qualname__ = kind
    handler.__doc__ = f"``{kind}``, where play may have ended (two burning zones): see the module."
    return handler


def _bind() -> None:
    """One guarded handler per question on play going on, named as its kind."""
    from rulesq.games.warhammer import GOES_ON

    for kind in GOES_ON:
        globals()[kind] = _guarded(kind)


_bind()
