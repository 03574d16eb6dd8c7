"""Whether a text that targets events (``a battle wits event in your discard pile``) fits one.

An event that is not being played counts as every type printed on it, but a text that names
several traits of an event (``battle wits``) needs them all in one of its abilities (the
rulings, Events). The zone a selector names must be the one the situation puts the event in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.effects.roles import Role
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma.claims import Claim, Stance, card_claim, rule_claim

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.table import Table

#: Events with more than one effect count as all their types; several traits need one ability.
EVENTS = "fma/rulings/events/1"
EVENTS_EXAMPLE = "fma/rulings/events/example-1"
DESIGNATOR = "fma/rulings/activated-abilities/1"
OTHER = {"me": "you", "you": "me"}


def event_claims(
    ctx: Context,
    table: Table,
    card: Card,
    selectors: list[fx.Selector],
    event: Card,
    event_effects: list[Any],
    controller: str | None,
) -> list[Claim]:
    """The claims of ``card``'s event selectors on ``event``; *cannot answer* on a gap."""
    claims: list[Claim] = []
    abilities = [e for e in event_effects if isinstance(e, fx.Ability)]
    for selector in selectors:
        if selector.kind not in ("event", "events"):
            continue
        named = selector.render()
        where = _zone_fits(ctx, table, selector, event, controller)
        if where is not None and not where:
            claims.append(
                card_claim(
                    Stance.FORBID,
                    card,
                    named,
                    f'"{card.name}" targets {named}, and "{event.name}" is not there',
                )
            )
            continue
        wanted = selector.designator
        if wanted is None:
            claims.append(
                card_claim(
                    Stance.PERMIT,
                    card,
                    named,
                    f'"{card.name}" targets {named}, and "{event.name}" is an event',
                )
            )
            continue
        if not abilities:
            raise CannotAnswer(f'the abilities of "{event.name}" are not known')
        fitting = [
            a
            for a in abilities
            if (not wanted.timings or a.timing in wanted.timings)
            and (wanted.attribute is None or a.attribute is wanted.attribute)
        ]
        headers = ", ".join(f'"{a.header()}"' for a in abilities)
        if fitting:
            claims.append(
                card_claim(
                    Stance.PERMIT,
                    card,
                    named,
                    f'"{card.name}" targets '
                    f'{named}, and "{event.name}" has '
                    f'"{fitting[0].header()}"',
                    EVENTS,
                    DESIGNATOR,
                )
            )
        else:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{card.name}" targets {named}; '
                    f'"{event.name}" has {headers}, and the traits a text '
                    "names must all be in one ability",
                    EVENTS,
                    EVENTS_EXAMPLE,
                    DESIGNATOR,
                )
            )
    return claims


def _zone_fits(
    ctx: Context, table: Table, selector: fx.Selector, event: Card, controller: str | None
) -> bool | None:
    """Whether the event is in the zone the selector names (None: the selector names none)."""
    zones = [m for m in selector.postmods if isinstance(m, fx.In)]
    others = [m for m in selector.postmods if not isinstance(m, fx.In)]
    if others:
        raise CannotAnswer(f'rulesq does not yet follow "{others[0].render()}"')
    if not zones:
        return None
    zone = zones[0].zone
    owner = zone.owner.role if zone.owner is not None else None
    if owner is None or controller is None:
        raise CannotAnswer(f'rulesq cannot tell whose {zone.place} "{zone.render()}" is')
    player = controller if owner is Role.CONTROLLER else OTHER[controller]
    found = table.zones.get(normalise_name(event.name))
    if found is None:
        raise CannotAnswer(
            f'the situation does not say where "{event.name}" is (write, e.g., '
            f'"{event.name}" is in my {zone.place})'
        )
    ctx.fact(found[2])
    return found[0] == zone.place and found[1] == player
