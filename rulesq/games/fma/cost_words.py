"""Whether a character or an event meets a text's cost words (``with cost lower than X``).

A character's cost is what the situation gives (``"Ally" (cost 2)``); X is the number its
player chose (``X is 3 for "Card"``); ``this character’s cost`` is the cost of the character
stated to play the card. Anything not given leaves the answer unknown, with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma.references import This
from rulesq.games.fma.selectors import CostAtMost, CostBelow, CostOf

if TYPE_CHECKING:
    from rulesq.games.fma.state import Character, State
    from rulesq.games.fma.table import Table

#: The postmodifiers this module reads.
COST_WORDS = (CostBelow, CostAtMost)


def cost_fits(
    postmod: CostBelow | CostAtMost, target: Character, card_name: str, table: Table, state: State
) -> tuple[bool | None, str | None]:
    """Whether ``target`` meets ``postmod`` of the card ``card_name``; else why not known."""
    bound, why = _bound(postmod, card_name, table, state)
    if bound is None:
        return None, why
    if target.cost is None:
        return None, f'the cost of "{target.name}" is not given (write "{target.name}" (cost 2))'
    return _compare(postmod, target.cost, bound), None


def event_cost_fits(
    postmod: CostBelow | CostAtMost, cost: int, card_name: str, table: Table, state: State
) -> tuple[bool | None, str | None]:
    """Whether an event or ability of attribute cost ``cost`` meets ``postmod``; else why not."""
    bound, why = _bound(postmod, card_name, table, state)
    if bound is None:
        return None, why
    return _compare(postmod, cost, bound), None


def _compare(postmod: CostBelow | CostAtMost, cost: int, bound: int) -> bool:
    """``lower than`` is strict, ``of X or lower`` is not."""
    return cost < bound if isinstance(postmod, CostBelow) else cost <= bound


def _bound(
    postmod: CostBelow | CostAtMost, card_name: str, table: Table, state: State
) -> tuple[int | None, str]:
    """The number a cost is compared with, or why it is not known."""
    value = postmod.value
    if value is None:
        return None, f'rulesq does not follow "{postmod.render()}"'
    if isinstance(value, int):
        return value, ""
    if isinstance(value, CostOf):
        play = table.play_of(card_name)
        if not isinstance(value.of, This) or play is None or play.by is None:
            return None, (
                f'the character whose cost "{card_name}" compares with is not given '
                f'(write "Character" plays "{card_name}")'
            )
        player = state.find(play.by)
        if player is None or player.cost is None:
            return None, f'the cost of the character that plays "{card_name}" is not given'
        return player.cost, ""
    chosen = table.x_values.get(normalise_name(card_name))
    if chosen is None:
        return None, f'the X chosen for "{card_name}" is not given (write X is 3 for "{card_name}")'
    return chosen[0], ""
