"""Indirect damage: the player dealt it assigns it to his own units, legends and capital.

No more to a unit than destroys it (Toughness and other cancellation counted), none to a
burning zone, and no more to a capital section than burns it (FAQ, Indirect Damage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import damage as D
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.answers import _board, _conclude
from rulesq.games.warhammer.claims import decide, rule_claim
from rulesq.games.warhammer.spendable import damage_now
from rulesq.games.warhammer.values import HIT_POINTS
from rulesq.games.warhammer.vocab import Zone
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board

INDIRECT = "warhammer/faq/damage/indirect-damage"
#: What the assumed rule says, shown under ``assumes:`` where an answer rests on it.
_ZONE_ASSUMED = (
    "a capital section has 8 hit points, plus 1 for each development in it (Core Rulebook)"
)


def _already(
    board: Board, card: object = None, owner: str | None = None, zone: object = None
) -> int:
    """The damage already assigned to a card, or else to a player's zone."""
    return sum(
        a.amount
        for a in board.assigned
        if (card is not None and a.card is card)
        or (card is None and a.owner == owner and a.zone is zone)
    )


def can_assign_indirect(ctx: Context) -> Answer:
    """Answer ``can I assign N indirect damage to "X" / my kingdom?``."""
    board = _board(ctx)
    player = ctx.question.who or ME
    amount = int(ctx.question.param("number"))
    gaps = D.unfollowed(board)
    assumed: list[str] = []
    claims: list[Claim] = [
        rule_claim(
            Stance.PERMIT,
            "the player dealt indirect damage assigns it to his units, legends and capital",
            INDIRECT,
            default=True,
        )
    ]
    if ctx.question.cards:
        ref = ctx.question.cards[0]
        target = board.find(ref.card.name if ref.card else ref.name)
        if target is None:
            raise CannotAnswer(f'"{ref.name}" is not on the board: put it in play first')
        here = P.place(board, target)
        gaps += here.gaps
        if here.controller != player or here.zone is None and not target.legend:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{target.name}" is not a unit or legend of the player dealt the damage',
                    INDIRECT,
                )
            )
        low, need = D.lethal_bounds(board, target, combat=False)
        gaps += [g for g in [*low.gaps, *need.gaps] if g not in gaps]
        given = _already(board, card=target)
        if (
            low.value is not None
            and need.value is not None
            and low.value < given + amount <= need.value
        ):
            gaps.append(
                f'{low.value} to {need.value} damage destroys "{target.name}": '
                f"{damage_now(board, target).step}"
            )
        elif need.value is not None and given + amount > need.value:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'{need.value} damage destroys "{target.name}" ({"; ".join(need.steps)}) and '
                    f"{given} is already assigned: no more indirect damage can be assigned to a "
                    "unit than destroys it, Toughness included",
                    INDIRECT,
                    HIT_POINTS,
                )
            )
    else:
        players = ctx.question.param("players", (player, player))
        owner, zone = players[-1], Zone(ctx.question.param("zone"))
        if owner != player:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    "indirect damage goes to the capital of the player dealt it",
                    INDIRECT,
                )
            )
        capital = board.capital(owner)
        if zone in capital.burning:
            claims.append(
                rule_claim(
                    Stance.FORBID, "indirect damage cannot be assigned to a burning zone", INDIRECT
                )
            )
        else:
            points = D.zone_hit_points(board, owner, zone)
            on = D.zone_damage(board, owner, zone)
            already = _already(board, owner=owner, zone=zone)
            least = points.value if points.value is not None else D.SECTION_HIT_POINTS
            # The zone is not burning: at least 1 more damage is room left, whatever is unstated.
            room = (1 if on is None else least - on) - already
            exact = points.value is not None and on is not None
            if amount > room and not exact:
                missing = [] if on is not None else ["the damage already on the zone"]
                missing += [] if points.value is not None else ["its developments"]
                gaps.append(
                    f"how much more damage burns the {zone.value} zone is not known: the "
                    f"situation does not state {' nor '.join(missing)} "
                    f"({'; '.join(points.steps)})"
                )
            elif amount > room:
                assumed.append(_ZONE_ASSUMED)
                claims.append(
                    rule_claim(
                        Stance.FORBID,
                        f"{room} more damage burns the {zone.value} zone "
                        f"({'; '.join(points.steps)}; less the damage on it and assigned): no "
                        "more indirect damage can be assigned to a section than burns it",
                        INDIRECT,
                        D.ZONE_HIT_POINTS,
                    )
                )
    if gaps:
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    ruling = decide(claims)
    if ruling.allowed is None:
        raise CannotAnswer(ruling.reason)
    if ruling.allowed and not ctx.question.cards:
        assumed.append(_ZONE_ASSUMED)
    return _conclude(
        ctx,
        YesNo(ruling.allowed),
        ruling.reason,
        list(ruling.rules),
        decided_by=ruling.step,
        assumed=assumed,
    )
