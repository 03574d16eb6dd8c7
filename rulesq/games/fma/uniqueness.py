"""Uniqueness when a card moves a character to your side: not while you control one of its name.

You can only take control of a character if you could legally play it from your hand for
purposes of uniqueness: not a non-mob character when you control a copy with the same name
(a card ruling), a defeated copy too (defeated characters still count for uniqueness). A ruling
may give two differently spelt cards one name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma.claims import UNIQUENESS, Claim, Stance, limit_claim

if TYPE_CHECKING:
    from typing import Any

    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.state import Character, State
    from rulesq.games.fma.table import Table

UNIQUE_CONTROL = "fma/cards/persuasion/ruling"
#: Defeated characters count as characters for uniqueness (and team size) alone.
DEFEATED_COUNTS = "fma/rulings/defeated-characters/1"


def same_name(a: Character, b: Character) -> bool:
    """Whether two characters have the same name (a card's ``same_name_as`` counts)."""
    names = {normalise_name(a.name), normalise_name(b.name)}
    if len(names) == 1:
        return True
    for card, other in ((a.card, b), (b.card, a)):
        alias = card.fields.get("same_name_as") if card is not None else None
        if alias and normalise_name(str(alias)) == normalise_name(other.name):
            return True
    return False


def control_gate(
    ctx: Context,
    state: State,
    table: Table,
    effects: list[Any],
    target: Character,
    controller: str | None,
) -> Claim | None:
    """The rules' no to taking control of ``target`` while you control its name (None: none).

    A limitation on the ladder: the text that takes control does not lift it.
    """
    if not any(isinstance(e, fx.GainControl) for e in effects):
        return None
    mob = target.has_trait("mob")
    owner = target.owner or table.owners.get(normalise_name(target.name))
    if controller is None or owner == controller:
        return None
    for mine in state.characters.values():
        theirs = mine.owner or table.owners.get(normalise_name(mine.name))
        if mine is target or theirs != controller or mine.gone:
            continue
        if not same_name(mine, target):
            continue
        # a defeated copy still counts: defeated characters count for uniqueness
        defeated = state.defeated_by(mine.name)
        if mob is None:
            raise CannotAnswer(
                f'you control "{mine.name}", which has the same name as '
                f'"{target.name}", and the situation does not say whether it is '
                "a mob character"
            )
        if mob:
            return None
        if mine.fact is not None:
            ctx.fact(mine.fact)
        if defeated is not None:
            ctx.fact(defeated)
        return limit_claim(
            Stance.FORBID,
            UNIQUENESS,
            f'you control "{mine.name}"'
            + (", defeated (defeated characters still count for uniqueness)," if defeated else "")
            + f' which has the same name as "{target.name}": you could not play '
            f'"{target.name}" from your hand for purposes of uniqueness, so you cannot take '
            "control of it",
            UNIQUE_CONTROL,
            *((DEFEATED_COUNTS,) if defeated is not None else ()),
        )
    return None
