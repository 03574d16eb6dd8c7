"""Units sacrificed to pay a cost ("Sacrifice a unit to …"): its payer's choice, read on the board.

A cost is paid when its effect is triggered (Triggering a Card Effect), so a unit its payer
controls is gone once the link is stated, whether or not the chain resolved. Which unit he chose
is his to say (``I sacrifice "X"``): where his only unit of that kind is in play it is that one;
where he has several and none is stated sacrificed, each may be it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.situation.model import Fact

#: "Sacrifice a unit", "Sacrifice an [Orc] unit", "sacrifice a unit you control".
SACRIFICE_UNIT = compiled(
    r"^sacrifice (?:a|an|one) (?:(?P<race>\[[^\]]+\]) )?unit(?: you control)?$", re.IGNORECASE
)
_AND = compiled(r"\s+and\s+")
#: "Do X to do Y": X is a cost, paid when the effect is triggered (Triggering a Card Effect).
TRIGGERING = "warhammer/faq/rules-clarifications/triggering-a-card-effect"


@dataclass(frozen=True)
class Payment:
    """A unit sacrificed to pay a link's cost: who paid, for which card, the cost, its race."""

    who: str
    name: str
    cost: str
    race: str
    fact: Fact


def race_of(found: re.Match[str]) -> str:
    """The race a "Sacrifice an [Orc] unit" names, lower case ("" for any unit)."""
    return (found.group("race") or "").strip("[]").casefold()


def unit_cost(card: Card | None) -> tuple[str, str] | None:
    """The "Sacrifice a unit" part of a card's Action cost and the race it names, or None."""
    from rulesq.games.warhammer import abilities as ab

    if card is None or "acrifice" not in (card.text or ""):
        return None
    action, _ = ab.action_of(card)
    if action is None or action.cost is None:
        return None
    for part in _AND.split(action.cost):
        found = SACRIFICE_UNIT.match(part.strip())
        if found is not None:
            return part.strip(), race_of(found)
    return None


def payments(board: Board) -> list[Payment]:
    """The links stated (on the chain or resolved) whose cost sacrificed a unit of their payer."""
    out: list[Payment] = []
    for link in [*board.resolved, *board.chain]:
        read = unit_cost(link.card)
        if read is not None:
            out.append(Payment(link.who, link.name, read[0], read[1], link.fact))
    return out


def unpaid(board: Board, units_of: Callable[[Payment], Sequence[InPlay]]) -> list[Payment]:
    """The payments no stated sacrifice pays; ``units_of``: the units that could pay each.

    A sacrifice stated just before a link or after it (``I sacrifice "X"``) pays one cost
    only: the earliest link's it could pay that no earlier stated sacrifice paid. So two
    links each costing a unit, with one sacrifice stated, leave the later one's unit open.
    """
    used: set[int] = set()
    out: list[Payment] = []
    for paid in sorted(payments(board), key=lambda p: p.fact.index):
        units = units_of(paid)
        found = next(
            (
                n
                for n, (gone, fact) in enumerate(board.sacrificed)
                if n not in used and gone in units and paid.fact.index - 1 <= fact.index
            ),
            None,
        )
        if found is None:
            out.append(paid)
        else:
            used.add(found)
    return out
