"""FMA calls: may a character block or attack (the steps, Stealth, the defaults)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import (
    out_of_play,
    unknown_texts,
)
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import Claim, Stance, judge, rule_claim
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.readiness_changes import set_by_cost
from rulesq.games.fma.state import Character, State
from rulesq.games.fma.table import HOME, Table, key, read_table

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef

from rulesq.games.fma.call_basics import (
    BATTLE_PHASE,
    BLOCK_IS_REACT,
    BLOCK_OWN_ATTACK,
    BLOCK_STEP,
    DEFEATED,
    DEFEATED_FACTION,
    ONLY_CHARACTERS_PLAY,
    STEALTH,
    character_of,
    defeat_node,
    leave_open,
)


def can_block(ctx: Context) -> Answer:
    """``can "X" block?``: not an attack it is in, not when defeated, not when it cannot set."""
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    who = character_of(ctx, state, ctx.question.card)
    claims: list[Claim] = []
    if who.gone:  # as a React's player: a card that left play plays none
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" has left play: blocking is a React, and only characters play '
                "events and abilities",
                BLOCK_IS_REACT,
                ONLY_CHARACTERS_PLAY,
            )
        )
    elif defeat_node(ctx, state, who) is not None:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" is defeated: blocking is a React, '
                "and defeated characters cannot play events or abilities",
                BLOCK_IS_REACT,
                DEFEATED_FACTION,
            )
        )
    battle = state.battle
    gone = battle.sent_home.get(who.name) if battle.open else None
    if gone is None and battle.open and any(who.name in side for side in battle.sides.values()):
        for fact in battle.facts:
            ctx.fact(fact)
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" is already in this battle, and '
                "a character can't block an attack it is already "
                "participating in",
                BLOCK_OWN_ATTACK,
            )
        )
    if table.step is not None and table.step[0] not in ("maneuver step", BATTLE_PHASE):
        ctx.fact(table.step[1])
        claims.append(
            rule_claim(
                Stance.FORBID,
                f"it is the {table.step[0]}, and blocking takes "
                "place in the maneuver step of a battle",
                BLOCK_STEP,
            )
        )
    set_state = table.readiness.get(normalise_name(who.name))
    try:  # a readiness stated before a later play, turn end or cancel may no longer hold
        paid = set_by_cost(ctx.facts, ctx.question.card, set_state[1].span.line if set_state else 0)
    except CannotAnswer:
        set_state = paid = None
    if paid is not None:
        set_state = ("set", paid.play)
    if set_state is not None and set_state[0] == "set":
        ctx.fact(set_state[1])
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" is set, and setting the character is the cost of blocking',
                "fma/cards/block/ruling",
            )
        )
    if gone is not None:  # sent home: still in the attack? the rulings never say
        ctx.fact(gone)
        leave_open(
            f'"{who.name}" was sent home during this battle, and the rulings say only that "the '
            'battle continues as normal": whether it still participates in the attack (and so '
            "cannot block it) is not said",
            claims,
        )
    leave_open(
        f'"{who.name}" blocks only with a card or ability that lets it block, and the '
        "situation does not say it has one",
        claims,
    )
    return judge(ctx, claims)


def can_attack(ctx: Context) -> Answer:
    """``can "A" attack "C"?``; a yes a card of unknown text in play may change is open."""
    *attackers, defender = (r.name for r in ctx.question.cards)
    named = " and ".join(f'"{name}"' for name in attackers)
    what = f'whether {named} can attack "{defender}"'
    return unknown_texts.open_yes(ctx.facts, _can_attack(ctx), what)


def _can_attack(ctx: Context) -> Answer:
    """``can "A" and "B" attack "C"?``: a character at home only by Stealth characters."""
    *attackers, defender_ref = ctx.question.cards
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    defender = character_of(ctx, state, defender_ref)
    claims: list[Claim] = []
    granted: list[str] = []  # Stealth nos a text in play of unknown words may turn (grant it)
    for ref in (*attackers, defender_ref):
        who = character_of(ctx, state, ref)
        if defeat_node(ctx, state, who) is not None:
            role = "it cannot attack" if ref is not defender_ref else "it cannot be attacked"
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{who.name}" is defeated and does not count as a character: {role}',
                    DEFEATED,
                )
            )
    outside = out_of_play.still_out(ctx)
    for ref in (*attackers, defender_ref):
        if character_of(ctx, state, ref).gone and not claims:
            raise CannotAnswer(
                f'"{ref.name}" has left play and has not returned, and the rulings never say '
                "whether a card that left play may attack or be attacked"
            )
        if key(ref) in outside and not claims:
            raise CannotAnswer(
                f'"{ref.name}" is out of play, and the rulings say only that an out-of-play '
                "leader cannot recruit and keeps his attachments, not whether he may attack or "
                "be attacked"
            )
    if not claims:
        _set_attackers(ctx, state, table, attackers, claims)
    place = table.place(defender.name)
    if place is None:
        leave_open(
            f'the situation does not say whether "{defender.name}" is at home or in a search party',
            claims,
        )
    elif place[0] == HOME:
        ctx.fact(place[1])
        home = (STEALTH, *table.place_rules(defender.name))  # returned to play: at home
        stealthy = [character_of(ctx, state, r).has_trait("Stealth") for r in attackers]
        if None in stealthy:
            leave_open(
                "the situation does not say which attackers have Stealth (give the "
                'keyword: my character "A" (strength 3, Stealth))',
                claims,
            )
        elif all(stealthy) and not claims:  # Stealth lifts the home rule, not a defeat
            claims.append(
                rule_claim(
                    Stance.PERMIT,
                    f'"{defender.name}" is at home, and every attacker has Stealth',
                    *home,
                )
            )
        elif _stealth_open(ctx, state, attackers, granted):
            pass  # a text of unknown words may grant Stealth: the no is open (``granted``)
        elif any(stealthy):
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    "you cannot declare an attack with a "
                    "Stealth character and a non-Stealth character on a "
                    f'character at home ("{defender.name}")',
                    *home,
                )
            )
        else:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    "only characters with Stealth may declare "
                    f'an attack on a character at home ("{defender.name}")',
                    *home,
                )
            )
    else:
        ctx.fact(place[1])
        leave_open(
            "rulesq follows only Stealth and defeat among the rules of declaring an attack "
            "on a character in a search party",
            claims,
        )
    _attack_doubts(ctx, state, table, attackers, defender, claims)
    for why_not in granted:
        leave_open(why_not, claims)
    _attack_defaults(ctx, state, table, attackers, claims)
    return judge(ctx, claims)


def _stealth_open(ctx: Context, state: State, attackers: list[CardRef], granted: list[str]) -> bool:
    """Whether a card of unknown text in play may grant Stealth to an attacker without it.

    Texts in play grant keywords (a character "loses the “Sin” keyword" when the card that gave
    it leaves play; ``unknown_texts.granted``): a no for want of Stealth is no sure no beside
    one. Each reason goes to ``granted``.
    """
    for ref in attackers:
        who = character_of(ctx, state, ref)
        if who.has_trait("Stealth"):
            continue
        why_not = unknown_texts.granted(ctx.facts, who.name)
        if why_not is not None:
            granted.append(why_not)
    return bool(granted)


#: They never say when an attack may be declared, nor whether a set character may declare one.
_ATTACK_PHASE = BATTLE_PHASE


def _attack_defaults(
    ctx: Context, state: State, table: Table, attackers: list[CardRef], claims: list[Claim]
) -> None:
    """What a yes to declaring an attack rests on and the situation does not state.

    A stated phase other than the search phase is *cannot answer* (the rulings name no phase
    for declaring an attack); no phase stated, or an attacker whose readiness is not stated,
    is taken as the search phase and ready, and the answer shows it. A no needs neither.
    """
    if any(not c.allows for c in claims):
        return
    if table.step is not None and table.step[0] != _ATTACK_PHASE:
        ctx.fact(table.step[1])
        raise CannotAnswer(
            f"it is the {table.step[0]}, and the rulings do not say in which phase an attack "
            "may be declared (they place a battle only in the search phase)"
        )
    if table.step is None:
        ctx.derivation().absence(
            "no phase is stated: it is taken to be the search phase, where the rulings place a "
            "battle (they do not say in which phase an attack may be declared)",
            assumed=True,
        )
    unstated = [
        character_of(ctx, state, r).name
        for r in attackers
        if normalise_name(character_of(ctx, state, r).name) not in table.readiness
    ]
    if unstated:
        names = " and ".join(f'"{n}"' for n in unstated)
        ctx.derivation().absence(
            f"the situation does not say whether {names} is ready or set: taken to be ready "
            "(the sources do not say whether a set character may declare an attack)",
            assumed=True,
        )


def _attack_doubts(
    ctx: Context,
    state: State,
    table: Table,
    attackers: list[CardRef],
    defender: Character,
    claims: list[Claim],
) -> None:
    """*Cannot answer* for what the attack rules rulesq follows do not settle.

    An attacker on the defender's own side (the sources never say whether one may attack
    it), an attacker at home (they speak only of attacks on a character at home, and place a
    battle in the search phase), or a card played whose text takes control of a character or
    forbids declaring an attack with one (rulesq does not follow which character).
    """
    for ref in attackers:
        who = character_of(ctx, state, ref)
        place = table.place(who.name)
        if place is not None and place[0] == HOME:
            ctx.fact(place[1])
            leave_open(
                f'"{who.name}" is at home, and the rulings never say whether a character at '
                "home may declare an attack (they speak only of attacks on a character at home)",
                claims,
            )
        owner = who.owner or table.owners.get(normalise_name(who.name))
        theirs = defender.owner or table.owners.get(normalise_name(defender.name))
        if owner is not None and owner == theirs:
            leave_open(
                f'"{who.name}" and "{defender.name}" are on the same side, and the rules '
                "rulesq follows do not say whether a character may attack one of its own side",
                claims,
            )
    for play in table.plays:
        played = next((r for r in play.fact.cards if key(r) == play.card), None)
        if played is None or played.card is None:
            continue
        effects, _ = effects_of(played.card)
        acts = [
            e
            for e in fx.walk(tuple(effects))
            if isinstance(e, fx.GainControl)
            or (isinstance(e, fx.Prohibition) and any(a.action == "attack" for a in e.actions))
        ]
        if acts:
            leave_open(
                f'"{played.card.name}" was played (line {play.fact.span.line}) and its text reads '
                f'"{acts[0].render()}": rulesq does not follow which character it takes or '
                "bars from attacking",
                claims,
            )


def _set_attackers(
    ctx: Context, state: State, table: Table, attackers: list[CardRef], claims: list[Claim]
) -> None:
    """*Cannot answer* for an attacker that is set: the sources never say whether one may attack."""
    for ref in attackers:
        found = table.readiness.get(normalise_name(character_of(ctx, state, ref).name))
        try:
            paid = set_by_cost(ctx.facts, ref, found[1].span.line if found else 0)
        except CannotAnswer:
            continue
        if paid is not None or (found is not None and found[0] == "set"):
            leave_open(
                f'"{ref.name}" is set, and the sources do not say whether a set character may '
                "declare an attack",
                claims,
            )
