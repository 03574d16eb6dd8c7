"""Scout and Ambush: does a unit's Scout trigger after combat, may an Ambush be triggered.

Scout triggers when its unit participated in combat and survived, even if no damage was dealt
(FAQ, Scout). Ambush may be triggered only on a facedown development, never on a faceup one
an effect created (FAQ, Ambush), when the zone it is in is attacked (Turn Sequence, phase 4);
its number is paid in resources.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import attacks as A
from rulesq.games.warhammer import damage as D
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer import texts
from rulesq.games.warhammer import values as V
from rulesq.games.warhammer.answers import _board, _card, _conclude
from rulesq.games.warhammer.claims import decide, rule_claim
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay

FAQ = "warhammer/faq/"
SCOUT = FAQ + "keywords/scout"
AMBUSH = FAQ + "keywords/ambush"
AMBUSH_STEP = FAQ + "turn-sequence/phase-4/part-2"
#: A text that gives a keyword to a unit (not followed here).
_GAINS = compiled(r"\bgains? (?:Scout|Ambush)\b", re.IGNORECASE)


def _printed(placed: InPlay, name: str) -> int | str | None | bool:
    """The card's own keyword value (True when it has the keyword with no number)."""
    if placed.card is None or not placed.card.text:
        return False
    for found in texts.parsed(placed.card.text).keywords():
        if found.name.casefold() == name:
            return True if found.value is None else found.value
    return False


def _granted(ctx: Context, name: str) -> list[str]:
    board = _board(ctx)
    return [
        f'"{c.name}" gives {name} to units: not followed by rulesq'
        for c, text in board.faceup_texts()  # a facedown development gives nothing
        if _GAINS.search(text)
    ]


def scout(ctx: Context) -> Answer:
    """Answer ``does the Scout of "X" trigger?`` once combat damage is applied."""
    board = _board(ctx)
    card = _card(ctx)
    placed = board.find(card.name)
    if placed is None:
        raise CannotAnswer(f'"{card.name}" is not on the board')
    gaps = _granted(ctx, "Scout")
    if _printed(placed, "scout") is False:
        gaps.append(f'"{card.name}" has no Scout keyword of its own')
    attack = board.attack
    if attack is None:
        gaps.append('no combat is stated (write, e.g., I attack your kingdom with "A")')
    if gaps:
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    assert attack is not None
    if placed not in (*attack.attackers, *attack.defenders):
        return _conclude(
            ctx,
            YesNo(False),
            f'"{card.name}" did not participate in the combat',
            [SCOUT],
        )
    if attack.declared is None and not any(a.combat for a in board.assigned):
        gap = (
            "no defenders are declared and no combat damage is assigned: the combat has not "
            f'reached its damage, so whether "{card.name}" survives it is not known yet '
            '(write, e.g., you declare "C" as defender)'
        )
        return ctx.cannot(gap, gaps=((gap, gap),))
    pending = _damage_to_come(board, placed)
    if pending:
        return ctx.cannot(pending, gaps=((pending, pending),))
    verdict, value = D.destroyed(board, placed)
    if verdict is None:
        return ctx.cannot("; ".join(value.gaps), gaps=tuple((g, g) for g in value.gaps))
    steps = "; ".join(value.steps)
    if verdict:
        return _conclude(
            ctx,
            YesNo(False),
            f"{steps}: it is destroyed, so it did not survive the combat",
            [SCOUT, *value.rules],
            value.texts,
        )
    dealt = D.dealt(board, placed).value or 0
    note = "" if dealt else ", though no damage was dealt to it"
    return _conclude(
        ctx,
        YesNo(True),
        f"{steps}: it participated in the combat and survived{note}, so its Scout triggers",
        [SCOUT, *value.rules],
        value.texts,
    )


def _damage_to_come(board: Board, placed: InPlay) -> str:
    """Why the combat damage still to be assigned may destroy it ("": it cannot, or some is).

    With the defenders declared and no combat damage assigned, the damage step is still to
    come: a defender survives it only when the attackers count less than destroys it, an
    attacker only when no defender opposes it.
    """
    attack = board.attack
    if attack is None or any(a.combat for a in board.assigned):
        return ""
    why = f'no combat damage is assigned yet, so whether "{placed.name}" survives it is not known'
    if placed in attack.attackers:
        pool, side = _defenders_count(board), "defenders"
    else:
        pool, side = D.combat_pool(board), "attackers"
    need = D.lethal(board, placed)
    if pool.value is None or pool.gaps or need.value is None or need.gaps:
        return f"{why}: " + "; ".join(need.gaps or pool.gaps) if need.gaps or pool.gaps else why
    if pool.value < need.value:
        return ""
    return f"{why}: the {side} count {pool.value}, and {need.value} destroys it"


def _defenders_count(board: Board) -> V.Value:
    """The combat damage the defenders may deal: their power and what texts add to it."""
    attack = board.attack
    assert attack is not None
    count = V.Value(0)
    for defender in attack.defenders:
        dealt = V.power(board, defender)
        if defender.legend and defender.card is not None:
            # a legend deals its power icons in the zone it is attacked through: the most
            dealt = V.zone_icons(defender.card)
            if dealt.value is None and dealt.bounds is not None:
                dealt = V.Value(dealt.bounds[1])
        for found in (dealt, V.combat_damage(board, defender)):
            count.gaps += found.gaps
            if found.value is not None:
                count.add(found.value, "")
    count.gaps += D.unread_combat_texts(board)
    return count


def can_ambush(ctx: Context) -> Answer:
    """Answer ``can I trigger the Ambush of "X"?``."""
    board = _board(ctx)
    card = _card(ctx)
    placed = board.find(card.name)
    if placed is None:
        raise CannotAnswer(f'"{card.name}" is not on the board')
    here = P.place(board, placed)
    gaps = [*here.gaps, *_granted(ctx, "Ambush")]
    cost = _printed(placed, "ambush")
    if cost is False:
        gaps.append(f'"{card.name}" has no Ambush keyword')
    elif not isinstance(cost, int) or isinstance(cost, bool):
        gaps.append(f'"{card.name}" has Ambush {cost}: its value is not read')
    claims: list[Claim] = [
        rule_claim(
            Stance.PERMIT,
            "a facedown development's Ambush may be triggered when its zone is attacked",
            AMBUSH,
            AMBUSH_STEP,
            default=True,
        )
    ]
    if not placed.facedown:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{card.name}" is faceup ({" and ".join(sorted(here.kinds))}): Ambush may be '
                "triggered only on a facedown development, not on a faceup one an effect made",
                AMBUSH,
            )
        )
    attack = board.attack
    player = here.controller
    if placed.facedown and (
        attack is None or attack.defender != here.side or attack.zone is not here.zone
    ):
        gaps.append("the zone of the development is not stated to be attacked")
    elif placed.facedown and (unmade := A.unlawful(board)) is not None:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f"the attack stated cannot be made ({unmade.reason}): the zone is not attacked",
                *unmade.rules,
            )
        )
    capital = board.capital(player)
    paid = capital.resources
    if isinstance(cost, int) and not isinstance(cost, bool) and placed.facedown:
        if paid is None:
            gaps.append(
                f"Ambush {cost} is paid in resources, and "
                + (capital.pool_gap if capital.pool_gap else "they are not stated")
            )
        elif paid < cost and (lowered := _cost_texts(board, player)):
            gaps.append(
                f"Ambush {cost} costs more than the {paid} resources that remain, but "
                f"{lowered[0]} may lower it, and that is not followed"
            )
        elif paid < cost:
            claims.append(
                rule_claim(
                    Stance.FORBID, f"Ambush {cost} costs {cost} resources; {paid} remain", AMBUSH
                )
            )
    if gaps:
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    ruling = decide(claims)
    if ruling.allowed is None:
        raise CannotAnswer(ruling.reason)
    return _conclude(
        ctx, YesNo(ruling.allowed), ruling.reason, list(ruling.rules), decided_by=ruling.step
    )


#: A sentence that changes what an Ambush costs ("Lower the Ambush cost of the first card you
#: ambush each turn by 1.").
_AMBUSH_COST = compiled(r"\bambush cost\b", re.IGNORECASE)


def _cost_texts(board: Board, player: str) -> list[str]:
    """The texts in play of the player's cards that speak of an Ambush cost, with their card."""
    return [
        f'"{placed.name}" ("{sentence.strip()}")'
        for placed, text in board.faceup_texts()
        if P.controller(placed) == player
        for sentence in re.split(r"(?<=\.)\s+", text)
        if _AMBUSH_COST.search(sentence)
    ]
