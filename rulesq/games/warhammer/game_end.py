"""Questions on play going on, asked where a capital has two burning zones: the game may be over.

The rules in the sources never state how the game is won or lost (some legends' texts
raise what a player "must burn ... to win" from 2 zones to 3). They say that "A burning zone still
functions normally except that it cannot be assigned damage" and that an already burning
zone may be attacked, so play goes on past one burning zone; past two, nothing in them says
whether the game has ended. A question on what may still be done (or happen) there is
answered only when the answer is the same either way: a *no* stands (nothing more is done
once the game is over), any other verdict is *cannot answer*, naming the gap.
"""

from __future__ import annotations

import re
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING

from rulesq.engine.answer import Status
from rulesq.engine.verdict import YesNo

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context


#: A text that raises the zones a player must burn to win ("you must burn 3 zones instead of 2
#: in order to win for the rest of the game"): below it, play goes on.
_MORE_TO_WIN = re.compile(
    r"you must burn (?P<n>\d+) zones instead of 2 (?:in order )?to win[^.]*\.", re.IGNORECASE
)


def two_burning(ctx: Context) -> tuple[str, str]:
    """Why the game may be over (a capital with two zones burning), or why it goes on.

    ("", ""): no capital has two zones burning; (gap, ""): the game may be over; ("", why):
    two are burning, but a text in play of the other player raises what he must burn to win.
    """
    from rulesq.games.warhammer.places import controller, in_play
    from rulesq.games.warhammer.situation import read_board
    from rulesq.situation.model import ME

    board = read_board(ctx.situation, ctx.facts)
    goes_on = ""
    for player, capital in board.capitals.items():
        if len(capital.burning) < 2:
            continue
        zones = " and ".join(sorted(zone.value for zone in capital.burning))
        whose = "my" if player == ME else "your"
        raised = [
            (placed.name, found.group(0))
            for placed in board.cards
            if placed.card is not None
            and not placed.facedown
            and controller(placed) != player
            and in_play(board, placed)
            for found in [_MORE_TO_WIN.search(placed.card.text or "")]
            if found is not None and int(found.group("n")) > len(capital.burning)
        ]
        if not raised:
            return (
                f"{whose} {zones} zones are burning: the rules in the sources never state how "
                "the game is won or lost (only some legends' texts speak of burning 2 zones to "
                "win), so whether it has ended (and play goes on) is not stated"
            ), ""
        name, quote = raised[0]
        goes_on = f'{whose} {zones} zones are burning, and play goes on: "{name}": "{quote}"'
    return "", goes_on


def _guarded(kind: str) -> Callable[[Context], Answer]:
    """The handler of ``kind``, its answer kept only where it holds whether or not play ends."""

    def handler(ctx: Context) -> Answer:
        from rulesq.games.warhammer import HANDLERS

        module, name = HANDLERS[kind].split(":")
        answer: Answer = getattr(import_module(module), name)(ctx)
        if answer.status is Status.CANNOT or answer.verdict == YesNo(False):
            return answer
        gap, goes_on = two_burning(ctx)
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
