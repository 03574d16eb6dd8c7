"""FMA calls: may a player start with a card (the setup's allies, Loyal and Join)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import (
    unknown_texts,
    words,
)
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import Claim, Stance, judge, rule_claim
from rulesq.games.fma.loyal import (
    LOYAL,
    factions_of,
    loyal_number,
    unaligned_loyal,
    unaligned_reading,
    unclassified_of,
)
from rulesq.games.fma.table import Table, read_table
from rulesq.games.fma.uniqueness import (
    start_copies,
)

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef

from rulesq.games.fma.call_basics import LEADERS, SETUP_ALLIES, leave_open
from rulesq.games.fma.play_calls import join_claims


def can_start(ctx: Context) -> Answer:
    """``can I start with "X" [and "Y" …]?``: only Loyal: 1, and unaligned under unaligned.

    A line-up is judged ally by ally: one that cannot start makes it a no, whatever is not
    known of the others.
    """
    player = ctx.question.who or "me"
    table = read_table(ctx.facts)
    claims: list[Claim] = []
    unknown: list[str] = []
    leader = table.leader(player)
    if leader is not None:
        ctx.fact(table.leader_facts[player])
    else:
        unknown.append('the situation does not name your leader (write: my leader is "…")')
    unread = None  # his text is in play before any starting ally, and may grant factions
    if leader is not None and leader.card is not None:
        what = "which allies can start (a leader is in play before them)"
        unread = unknown_texts.card_doubt(ctx.facts, leader.card, what)
    for ally_ref in ctx.question.cards:
        claims += _start_claims(ally_ref, leader, unknown, unread)
        _unaligned_start(ctx, ally_ref, leader, unknown)
        claims += _start_joins(ctx, ally_ref, table, player, unknown)
    claims += start_copies(list(ctx.question.cards), unknown)
    if unread is not None:
        unknown.append(unread)
    for reason in unknown:
        leave_open(reason, claims)
    names = " and ".join(f'"{r.name}"' for r in ctx.question.cards)
    claims.append(
        rule_claim(
            Stance.PERMIT,
            f"nothing stops {names} from starting",
            SETUP_ALLIES,
            default=True,
        )
    )
    return judge(ctx, claims)


def _start_joins(
    ctx: Context, ally_ref: CardRef, table: Table, player: str, unknown: list[str]
) -> list[Claim]:
    """A starting ally's "will not join" text: starting puts it into play (the rulings, Join)."""
    if ally_ref.card is None:
        return []
    claims: list[Claim] = []
    for effect in effects_of(ally_ref.card)[0]:
        if isinstance(effect, fx.WillNotJoin):
            try:
                claims += join_claims(ctx, ally_ref.card, effect, table, player)
            except CannotAnswer as open_:
                unknown.append(str(open_))
    return claims


def _unaligned_start(
    ctx: Context, ally_ref: CardRef, leader: CardRef | None, unknown: list[str]
) -> None:
    """An unaligned starting ally with Loyal: 1, read as its play later is.

    Loyal counts characters that share a faction with the ally, and an unaligned one has none:
    the rulings never say how its Loyal is met, so under a leader with a faction it is open, as
    playing it later is. Under an unaligned leader the rulings pair the two ("They can only
    start with unaligned allies"; "you can play Loyal: 1 characters"): read so, and shown.
    """
    if leader is None or factions_of(ally_ref) != [] or unclassified_of(ally_ref):
        return
    need = loyal_number(ally_ref)
    if need != 1:
        return
    if factions_of(leader) == [] and not unclassified_of(leader):
        ctx.derivation().absence(unaligned_reading(ally_ref.name, 1, "your"), assumed=True)
    else:
        unknown.append(unaligned_loyal(ally_ref.name, need))


def _start_claims(
    ally_ref: CardRef, leader: CardRef | None, unknown: list[str], unread: str | None = None
) -> list[Claim]:
    """The claims on one starting ally; what is not known of it is added to ``unknown``.

    ``unread``: why the leader's text is not known; it may grant a faction the two then share
    (Loyal: an ally's "multiple factions" a leader grants), so a Loyal: 1 no is open with it.
    """
    claims: list[Claim] = []
    loyal = ally_ref.values.get("loyal")
    if loyal is None and ally_ref.card is not None and ally_ref.card.fields.get("inline"):
        value = (ally_ref.card.fields.get("values") or {}).get("loyal")
        loyal = value if isinstance(value, int) else ally_ref.card.fields.get("loyal")
    if isinstance(loyal, int) and loyal > 1:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{ally_ref.name}" has Loyal: {loyal}; when '
                "starting allies are revealed the leaders are the only "
                "characters in play, so only Loyal: 1 characters can start",
                SETUP_ALLIES,
            )
        )
    if leader is not None:
        leader_factions = factions_of(leader)
        ally_factions = factions_of(ally_ref)
        open_words = [*unclassified_of(leader), *unclassified_of(ally_ref)]
        if leader_factions == [] and ally_factions:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'your leader "{leader.name}" is unaligned, '
                    "and unaligned leaders can only start with unaligned "
                    f'allies; "{ally_ref.name}" is {", ".join(ally_factions)}',
                    LEADERS,
                )
            )
        elif leader_factions is None or ally_factions is None:
            whose = [
                who
                for who, given in (
                    (f'your leader "{leader.name}"', leader_factions),
                    (f'"{ally_ref.name}"', ally_factions),
                )
                if given is None
            ]
            unknown.append(
                words.unknown_reason(open_words)
                if open_words
                else f"the situation does not give the factions of {' or of '.join(whose)}"
            )
        elif (
            loyal == 1
            and leader_factions
            and ally_factions
            and not {f.casefold() for f in leader_factions} & {f.casefold() for f in ally_factions}
        ):
            if open_words:  # an unclassified word on either may be the faction they share
                unknown.append(words.unknown_reason(open_words))
                return claims
            if unread is not None:  # his text may grant the faction they would share
                unknown.append(unread)
                return claims
            claims.append(  # a faction Loyal: 1 counts: the leader's ('unaligned' has none)
                rule_claim(
                    Stance.FORBID,
                    f'"{ally_ref.name}" has Loyal: 1 and is {"/".join(ally_factions)}; when '
                    "starting allies are revealed the leaders are the only characters in play, "
                    f'and your leader "{leader.name}" ({"/".join(leader_factions)}) shares no '
                    "faction with it",
                    SETUP_ALLIES,
                    LOYAL,
                )
            )
    if not isinstance(loyal, int):
        unknown.append(
            f'the situation does not give the Loyal number of "{ally_ref.name}" (write, '
            f'e.g., "{ally_ref.name}" (loyal 1))'
        )
    return claims
