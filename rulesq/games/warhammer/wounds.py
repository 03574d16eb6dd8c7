"""Warhammer damage questions: is "X" destroyed, how much damage is dealt, does a zone burn.

And ``can I assign N damage to …?`` in combat, where the rules (the p.12 erratum) forbid the
capital before every defender has lethal damage, and permit it by default.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.engine.verdict import Number, YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import attacks as A
from rulesq.games.warhammer import board as B
from rulesq.games.warhammer import damage as D
from rulesq.games.warhammer import shields
from rulesq.games.warhammer.answers import _board, _card, _conclude, _concluded
from rulesq.games.warhammer.claims import decide, rule_claim
from rulesq.games.warhammer.spendable import damage_now
from rulesq.games.warhammer.values import HIT_POINTS
from rulesq.games.warhammer.vocab import Zone
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay, Link
    from rulesq.games.warhammer.values import Value

#: What each assumed rule says, shown under ``assumes:`` where an answer rests on it.
_ASSUMED = {
    D.ZONE_HIT_POINTS: "a capital section has 8 hit points, plus 1 for each "
    "development in it (Core Rulebook)",
    D.COMBAT_POOL: "each attacking unit adds its power to the combat damage counted "
    "(Core Rulebook)",
}


def _assumed(value: Value) -> list[str]:
    return [text for rule, text in _ASSUMED.items() if rule in value.rules]


def _in_play(ctx: Context, board: Board) -> InPlay:
    card = _card(ctx)
    placed = board.only(card.name)
    if placed is None:
        raise CannotAnswer(
            f'"{card.name}" is not on the board: only a card in play takes damage or is destroyed'
        )
    return placed


def _cannot(ctx: Context, value: Value) -> Answer:
    return ctx.cannot("; ".join(value.gaps), gaps=tuple((g, g) for g in value.gaps))


def destroyed(ctx: Context) -> Answer:
    """Answer ``is "X" destroyed?``."""
    board = _board(ctx)
    placed = _in_play(ctx, board)
    for victim, _fact in board.sacrificed:
        if victim is placed:
            step, replacing = D.replaced_step(board, "sacrificed")
            return _conclude(
                ctx,
                YesNo(False),
                f'"{placed.name}" is sacrificed: it leaves play, '
                "but sacrificing a unit is not destroying it" + step,
                [D.SACRIFICE, D.DESTROY, *([D.QA_REPLACED] if step else [])],
                replacing,
            )
    step, replacing = D.replaced_step(board, "destroyed")
    replaced = [D.QA_REPLACED, D.DESTROY] if step else []
    stated = next((e for e in board.events if e.kind == "destroyed" and e.card is placed), None)
    if stated is not None:
        return _conclude(
            ctx,
            YesNo(True),
            f'the situation states "{placed.name}" is destroyed' + step,
            [D.DESTROY, *replaced],
            replacing,
        )
    from rulesq.games.warhammer.triggers import spike_destroys

    spiked = spike_destroys(board, placed)
    if spiked is not None and spiked[0]:
        count = spiked[1]
        return _conclude(ctx, YesNo(True), "; ".join(count.steps), count.rules, count.texts)
    swept = _destroyed_by_the_chain(ctx, board, placed)
    if swept is not None:
        return swept
    verdict, value = D.destroyed(board, placed)
    if verdict is None:
        return _cannot(ctx, value)
    if not verdict and any(e.kind == "leaves_play" and e.card is placed for e in board.events):
        raise CannotAnswer(
            f'"{placed.name}" leaves play, and how is not stated: it may have been destroyed '
            f'(write, e.g., "{placed.name}" is destroyed)'
        )
    if spiked is not None:
        value.steps[:0] = spiked[1].steps
        value.rules += [r for r in spiked[1].rules if r not in value.rules]
        value.texts[:0] = spiked[1].texts
    reason = "; ".join(value.steps)
    reason += (
        ": its damage reaches its hit points, so it leaves play destroyed" + step
        if verdict
        else ": its damage is below its hit points"
    )
    if verdict and step:
        value.rules += [r for r in replaced if r not in value.rules]
        value.texts += replacing
    return _conclude(ctx, YesNo(verdict), reason, value.rules, value.texts)


#: Words of a text in play that may keep a unit from being destroyed ("If attached unit would be
#: destroyed, sacrifice this attachment instead", "cannot be destroyed").
_SPARED = re.compile(
    r"\b(?:would be|cannot be|can't be|is not|not be) destroyed\b|\binstead of (?:being )?destroy",
    re.IGNORECASE,
)


def _sparing(board: Board, target: InPlay) -> list[str]:
    """Texts in play that may keep the unit from being destroyed, none followed here.

    A sentence that says a unit "would be destroyed" or "cannot be destroyed", or one the
    grammar does not read that speaks of destroying; not an Action (it acts when triggered),
    nor a sentence of another unit's own ("this unit") or of an attachment on another unit.
    """
    from rulesq.effects.base import Unparsed
    from rulesq.games.warhammer import effects as fx
    from rulesq.games.warhammer import texts
    from rulesq.games.warhammer.vocab import Header

    gaps = []
    for placed, text in board.faceup_texts():
        for effect in texts.parsed(text).effects:
            if isinstance(effect, fx.Ability) and effect.header is Header.ACTION:
                continue
            quote = effect.span.of(text).strip()
            unread = isinstance(effect, Unparsed) and "destroy" in quote.casefold()
            if not unread and not _SPARED.search(quote):
                continue
            if _OWN_UNIT.search(quote) and placed is not target:
                continue
            if _ATTACHED.search(quote) and placed.attached_to is not target:
                continue
            said = "the grammar does not read it" if unread else "rulesq does not follow it"
            gaps.append(f'"{placed.name}": "{quote}" may keep it from being destroyed, and {said}')
    return gaps


#: A sentence of a card's own unit, and one of the unit an attachment is on.
_OWN_UNIT = re.compile(r"^(?:\w+: )?(?:if )?this unit\b", re.IGNORECASE)
_ATTACHED = re.compile(r"\battached unit\b", re.IGNORECASE)


def _destroyed_by_the_chain(ctx: Context, board: Board, placed: InPlay) -> Answer | None:
    """A link that destroys every unit in play: it targets none (FAQ, Target)."""
    found = shields.destroyers(board)
    if not found or placed.card is None or (placed.card.type or "").lower() != "unit":
        return None
    flow = shields.flow(board)
    gaps = [*flow.gaps, *_sparing(board, placed)]
    if gaps:
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    link, quote = found[0]
    steps = [f'"{link.name}" resolves: it destroys every unit in play']
    quoted = [quote]
    for text in shields.target_restrictions(board):
        quoted.append(text)
        steps.append(
            f'"{text.card}" restricts targeting, but "{link.name}" does not say "target": it '
            "targets none of the units it destroys, so the restriction does not interact"
        )
    # The destroying text decides: _conclude makes the last text quoted the first effect.
    quoted = quoted[1:] + quoted[:1]
    return _conclude(ctx, YesNo(True), "; ".join(steps), [shields.DESTROY, shields.TARGET], quoted)


def damage_dealt(ctx: Context) -> Answer:
    """Answer ``how much damage is "X" (or your kingdom) dealt?``."""
    board = _board(ctx)
    if ctx.question.cards:
        value = D.dealt(board, _in_play(ctx, board))
    else:
        value = D.zone_dealt(board, ctx.question.who or ME, Zone(ctx.question.param("zone")))
    if value.gaps or value.value is None:
        return _cannot(ctx, value)
    reason = "; ".join(value.steps) or "no damage is assigned to it"
    return _conclude(ctx, Number(value.value), reason, value.rules, value.texts)


def zone_burns(ctx: Context) -> Answer:
    """Answer ``does your kingdom burn?`` once the damage assigned is applied."""
    board = _board(ctx)
    verdict, value = D.zone_burns(board, ctx.question.who or ME, Zone(ctx.question.param("zone")))
    if verdict is None:
        return _cannot(ctx, value)
    reason = "; ".join(value.steps)
    return _conclude(ctx, YesNo(verdict), reason, value.rules, value.texts, assumed=_assumed(value))


#: The card and sentence a gap begins with ('"Card": "Sentence."'): one text not read.
_GAP_TEXT = compiled(r'^"[^"]+": "[^"]+"')


def _once(gaps: list[str]) -> list[str]:
    """The gaps with each text not read said once (the count and the lethal both name it)."""
    seen: set[str] = set()
    kept: list[str] = []
    for gap in gaps:
        found = _GAP_TEXT.match(gap)
        key = found.group(0) if found else gap
        if key not in seen:
            seen.add(key)
            kept.append(gap)
    return kept


def _undeclared(board: Board) -> list[str]:
    """Why the defenders are open: none declared, none assigned, units in the zone attacked."""
    attack = board.attack
    assert attack is not None
    if attack.declared is not None or attack.zone is None:
        return []
    if any(
        a.combat
        or a.card in attack.attackers
        or (a.zone, a.owner) == (attack.zone, attack.defender)
        for a in board.assigned
    ):
        return []  # combat damage is assigned: the defenders were declared (none, here)
    able = [
        c.name
        for c in board.cards
        if c.owner == attack.defender
        and c.zone is attack.zone
        and not c.facedown
        and c.card is not None
        and (c.card.type or "").lower() == "unit"
    ]
    if not able:
        return []
    return [
        f"no defenders are declared, and the attacked {attack.zone.value} holds "
        + ", ".join(f'"{n}"' for n in able)
        + ": combat damage is assigned after the defenders are declared (write, e.g., you "
        f'declare "{able[0]}" as defender)'
    ]


def _within(pool: Value, total: int) -> int | None:
    """The count that decides ``total`` (None: not known, or a range that it splits).

    Where only a range is known, its bound on the side every count in it agrees on.
    """
    if pool.value is not None and not pool.gaps:
        return pool.value
    if pool.bounds is None or set(pool.gaps) != set(pool.bounded):
        return None
    least, most = pool.bounds
    if total <= least:
        return least
    if most is not None and total > most:
        return most
    return None


def can_assign(ctx: Context) -> Answer:
    """Answer ``can I assign N damage to your kingdom / "C"?`` in combat (p.12 erratum)."""
    board = _board(ctx)
    attack = board.attack
    players = ctx.question.param("players", (ctx.question.who or ME,))
    player = players[0]
    if attack is None or attack.attacker != player:
        raise CannotAnswer(
            "no attack by that player is stated: combat damage is assigned by "
            'the attacker (write, e.g., I attack your kingdom with "A")'
        )
    amount = int(ctx.question.param("number"))
    outside, read = A.outside(board)
    barred = A.unlawful(board) if outside is not True else None
    if barred is not None:
        return _concluded(
            ctx,
            replace(
                barred,
                reason=f"the attack stated cannot be made ({barred.reason}): no combat damage "
                "is assigned in it",
            ),
        )
    if outside is False:
        gaps = read.gaps or [
            "the attack is made outside the battlefield phase and no effect read by rulesq "
            "allows it"
        ]
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    claims: list[Claim] = []
    lethal: list[str] = []  # the defenders assigned lethal damage, when the capital is asked
    away: list[str] = []  # the defenders declared that defend no longer: none is owed to them
    pool = D.combat_pool(board)
    assigned = sum(a.amount for a in board.assigned if a.combat or a.card in attack.defenders)
    decides = _within(pool, assigned + amount)
    gaps = [] if decides is not None else list(pool.gaps)
    gaps += _undeclared(board)
    if decides is not None and assigned + amount > decides:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f"the attackers count {'at most ' if pool.bounds else ''}{decides} combat "
                f"damage and {assigned} is already assigned",
                *([D.COUNTERSTRIKE] if D.COUNTERSTRIKE in pool.rules else []),
                D.COMBAT_POOL,
                D.P12,
            )
        )
    if ctx.question.cards:
        target = _in_play(ctx, board)
        gone, why = D.no_longer_defending(board, target)
        if gone is None and why.startswith(f'"{target.name}" {D.LEFT_PLAY}'):  # out of play
            gone, why = True, f'"{target.name}" {D.LEFT_PLAY}: it is no longer defending'
        if gone is None:
            gaps.append(why)
        elif target not in attack.defenders or gone:
            said = why if gone else f'"{target.name}" is not defending'
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f"{said}: combat damage goes to the defending units and the capital",
                    D.P12,
                    *([D.OUT_OF_PLAY] if gone and D.LEFT_PLAY in why else []),
                )
            )
    else:
        owner = players[-1] if len(players) > 1 else ctx.question.who or ME
        zone = Zone(ctx.question.param("zone"))
        if attack.legend is not None:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'the attack is on the legend "'
                    f'{attack.legend.name}": all its damage goes to the legend '
                    "or the defending units, none to a zone",
                    D.QA_LEGEND,
                )
            )
        elif owner != attack.defender or zone is not attack.zone:
            where = attack.zone.value if attack.zone else "legend"
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f"the attack is on the {where} zone: combat damage goes to the attacked zone",
                    D.P12,
                )
            )
        if zone in board.capital(owner).burning:
            claims.append(
                rule_claim(Stance.FORBID, "a burning zone cannot be assigned damage", D.QA_BURNING)
            )
        undecided: list[tuple[InPlay, str]] = []
        for defender in attack.defenders:
            gone, why = D.no_longer_defending(board, defender)
            if gone is None:
                undecided.append((defender, why))  # each reading asked below
                continue
            if gone:
                away.append(why)  # no longer defending: no lethal damage is owed to it
                continue
            _owed(board, defender, claims, gaps, lethal)
        _either_reading(board, undecided, claims, gaps, lethal)
    if gaps:
        gaps = _once(gaps)
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    # Damage on the capital rests on each defender having lethal damage first (Q&A 12): the
    # answer says so, and cites the Q&A, where a defender was there to be assigned it.
    first = f": every defender has lethal damage first ({'; '.join(lethal)})" if lethal else ""
    first += f"; {'; '.join(away)}, and no lethal damage is owed to it" if away else ""
    claims.append(
        rule_claim(
            Stance.PERMIT,
            "the attacker assigns the combat damage counted to "
            "the defending units and the attacked zone" + first,
            D.P12,
            *([D.QA_ASSIGN] if lethal else []),
            default=True,
        )
    )
    ruling = decide(claims)
    if ruling.allowed is None:
        raise CannotAnswer(ruling.reason)
    # the counted damage is assumed when the verdict rests on it: a yes, or a no it decided
    rests = ruling.allowed or D.COMBAT_POOL in ruling.rules
    outside_rule = [A.OUTSIDE] if outside else []
    redirected = [d for d in attack.defenders if d in shields.redirected_from(board)]
    if redirected and ruling.allowed and not ctx.question.cards:
        outside_rule += [shields.NOT_CANCELLING]
        ruling.reason += (
            f'; damage an effect would redirect from "{redirected[0].name}" need not be '
            "counted: redirecting is not damage cancellation"
        )
    counted = _counted(pool) if rests else ""
    return _conclude(
        ctx,
        YesNo(ruling.allowed),
        ruling.reason + counted + ("; " + "; ".join(read.steps) if outside else ""),
        [*ruling.rules, *outside_rule, *(pool.rules if rests else [])],
        pool.texts if rests else [],
        decided_by=ruling.step,
        assumed=_assumed(pool) if rests else [],
    )


def _owed(
    board: Board, defender: InPlay, claims: list[Claim], gaps: list[str], lethal: list[str]
) -> None:
    """A defender still defending: lethal damage is owed to it before the capital (p.12)."""
    low, need = D.lethal_bounds(board, defender)

    gaps += [g for g in [*low.gaps, *need.gaps] if g not in gaps]
    given = sum(a.amount for a in board.assigned if a.card is defender)
    if low.value is not None and need.value is not None and low.value <= given < need.value:
        gaps.append(
            f'"{defender.name}" is assigned {given} damage, and {low.value} to '
            f"{need.value} destroys it: {damage_now(board, defender).step}"
        )
        return
    if low.value is not None and given < low.value:
        need = low
    if need.value is not None and given >= need.value:
        lethal.append(
            f'"{defender.name}" is assigned {given} damage, the {need.value} that '
            f"destroys it or more ({'; '.join(need.steps)})"
        )
    if need.value is not None and given < need.value:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{defender.name}" is assigned {given} damage, less than '
                f"the {need.value} that destroys it ({'; '.join(need.steps)}): every "
                "defender must be assigned lethal damage before the capital",
                D.P12,
                D.QA_ASSIGN,
                HIT_POINTS,
                *[r for r in need.rules if r.startswith(shields.REDIRECTING)],
            )
        )


def _either_reading(
    board: Board,
    undecided: list[tuple[InPlay, str]],
    claims: list[Claim],
    gaps: list[str],
    lethal: list[str],
) -> None:
    """Defenders whose leaving play the sources do not settle: each reading asked.

    Gone, no lethal damage is owed to it; still counted, it is owed its lethal damage. Where
    another claim forbids the assignment, both readings say no; where it has its lethal
    damage already, both say yes; else the verdict rests on the reading: cannot answer.
    """
    forbidden = any(c.stance is Stance.FORBID for c in claims)
    for defender, why in undecided:
        if forbidden:
            continue  # no either way: it is not what decides
        counted: list[Claim] = []
        open_gaps: list[str] = []
        had: list[str] = []
        _owed(board, defender, counted, open_gaps, had)
        if counted or open_gaps:
            gaps.append(why)
        else:
            lethal += [
                f"{text}, before it left play: counted or not, it is owed no more" for text in had
            ]


#: The step of an attacker that counts its power alone.
_POWER_ONLY = compiled(r'^"[^"]+" counts -?\d+$')


def _counted(pool: Value) -> str:
    """How the attackers' combat damage was counted, when a text bears on it beyond power."""
    if pool.bounds is not None:
        least, most = pool.bounds
        unknown = "; ".join(pool.bounded)
        return f"; the attackers count {least} to {most} ({unknown}): " + ", ".join(pool.steps)
    if pool.value is None or all(_POWER_ONLY.match(step) for step in pool.steps):
        return ""
    return f"; the attackers count {pool.value}: " + ", ".join(pool.steps)


def can_move_damage(ctx: Context) -> Answer:
    """Answer ``can I move N damage to "X"?``: no more than destroys it (Q&A 22)."""
    board = _board(ctx)
    target = _in_play(ctx, board)
    amount = int(ctx.question.param("number"))
    room = D.room(board, target)
    if room.gaps or room.value is None:
        return _cannot(ctx, room)
    claims = [
        rule_claim(
            Stance.PERMIT,
            "damage may be moved onto a unit up to what destroys it",
            D.MOVING,
            default=True,
        )
    ]
    if amount > room.value:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{target.name}" has {room.value} remaining hit points '
                f"({'; '.join(room.steps)}): no more damage can be moved to it than destroys it, "
                "and moved damage bypasses Toughness",
                D.QA_MOVE,
                D.MOVING,
                HIT_POINTS,
            )
        )
    ruling = decide(claims)
    return _conclude(
        ctx, YesNo(bool(ruling.allowed)), ruling.reason, list(ruling.rules), decided_by=ruling.step
    )


def resolves_first(ctx: Context) -> Answer:
    """Answer ``what resolves first?``: the last link added to the chain."""
    from rulesq.engine.verdict import Cards
    from rulesq.games.warhammer import chain as C

    board = _board(ctx)
    if not board.chain:
        raise CannotAnswer('no action chain is stated (write, e.g., I trigger "X")')
    order = B.resolution_order(board.chain)
    reason = "the chain resolves last in, first out: " + ", then ".join(
        f'"{link.name}"' for link in order
    )
    return _conclude(ctx, Cards((order[0].name,)), reason, [C.LIFO, C.WINDOW])


#: A cancel that lasts once its Action resolved ("Until the end of the turn, cancel …").
_LASTING_CANCEL = compiled(
    r"[^.:]*\buntil the end of the (?:turn|phase)\b[^.]*\bcancel\b[^.]*", re.IGNORECASE
)


def _lasting_cancels(board: Board, link: Link) -> list[str]:
    """Cancels that last from a chain resolved earlier this turn (not followed: open)."""
    from rulesq.games.warhammer.turns import new_turns

    gaps = []
    for done in board.resolved:
        text = done.card.text if done.card is not None else None
        found = _LASTING_CANCEL.search(text or "")
        if found is None or done.fact.index > link.fact.index:
            continue
        if new_turns(board, done.fact.index, link.fact.index):
            continue  # its turn is over
        aimed = "that targets this unit" in found.group(0)
        if aimed and done.targets and not set(map(id, done.targets)) & set(map(id, link.targets)):
            continue  # it guards the unit it targeted, which this link does not target
        gaps.append(
            f'"{done.name}" resolved earlier this turn, and its "{found.group(0).strip()}" '
            "lasts: rulesq does not follow it"
        )
    return gaps


def cancelled(ctx: Context) -> Answer:
    """Answer ``is "X" cancelled?``: targets checked again when the link resolves."""
    from rulesq.games.warhammer import chain as C

    board = _board(ctx)
    name = _card(ctx).name.casefold()
    link = next((lk for lk in board.chain if lk.name.casefold() == name), None)
    if link is None:
        raise CannotAnswer(f'"{_card(ctx).name}" is not on the action chain')
    verdict, state = C.cancelled(board, link)
    if verdict is False:
        state.gaps += _lasting_cancels(board, link)
        verdict = None if state.gaps else verdict
    if verdict is None:
        gaps = state.gaps or ["the chain does not resolve as far as it"]
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    reason = "; ".join(state.steps) or f'"{link.name}" resolves'
    rules = list(state.rules)
    if not verdict and link.targets:
        reason += f'; a target of "{link.name}" is still legal, so it resolves'
        rules += [C.ILLEGAL] if C.ILLEGAL not in rules else []
    elif not verdict:
        reason += f'; nothing cancels "{link.name}"'
        rules += [] if rules else [C.RESOLVING]  # checked again on resolution, nothing fails
    from rulesq.games.warhammer.timing import cite_precedents

    answer = _conclude(ctx, YesNo(verdict), reason, rules, state.texts)
    cite_precedents(ctx, [t.card for t in state.texts], rules)
    return answer
