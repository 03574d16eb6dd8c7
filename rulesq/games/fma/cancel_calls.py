"""FMA calls: may a card cancel another (its cost words, what it may cancel)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import Claim, Stance, card_claim, judge, rule_claim
from rulesq.games.fma.cost_words import COST_WORDS
from rulesq.games.fma.table import read_table
from rulesq.games.fma.timing import canceled_reason, resolved, undeclared

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

from rulesq.games.fma.call_basics import (
    DESIGNATOR,
    EVENT_OR_ABILITY,
    EVENTS,
    ONLY_CHARACTERS_PLAY,
    known_card,
    leave_open,
    unless_limited,
)
from rulesq.games.fma.target_calls import cancel_cost_fits, targets_something


def can_cancel(ctx: Context) -> Answer:
    """``can "X" cancel "Y"?``: X cancels the events or abilities its designator names."""
    canceler, canceled = known_card(ctx.question.cards[0]), known_card(ctx.question.cards[1])
    claims: list[Claim] = []
    for early in (undeclared(ctx, read_table(ctx.facts), canceled), resolved(ctx, canceled)):
        if early is not None:  # a limitation: the ladder keeps it over the canceler's words
            claims.append(early)
    effects, missing = effects_of(canceler)
    cancels = [e for e in effects if isinstance(e, fx.Cancel)]
    if not cancels:
        unless_limited(missing or f'"{canceler.name}" has no text that cancels', claims)
    target_effects, target_missing = effects_of(canceled)
    abilities = [e for e in target_effects if isinstance(e, fx.Ability)]
    kind = canceled.type or ("event" if canceled.fields.get("designator") else "")
    for cancel in cancels:
        what = cancel.what
        if any(not isinstance(p, (*COST_WORDS, fx.Targeting)) for p in what.postmods):
            unless_limited(
                f'rulesq does not yet follow "{what.render()}" of "{canceler.name}"', claims
            )
            continue
        if what.kind not in ("event", "events", fx.EVENT_OR_ABILITY) or not kind:
            unless_limited(
                f'rulesq cannot tell whether "{canceled.name}" is '
                f'{what.render()} (give its card type, e.g. card "{canceled.name}"'
                ' event: "…")',
                claims,
            )
            continue
        if kind != "event" and what.kind == fx.EVENT_OR_ABILITY:
            unless_limited(
                f'"{canceled.name}" is a {kind}, and rulesq does not check whether an ability '
                f"played from it is {what.render()}",
                claims,
            )
            continue
        if kind != "event":
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{canceled.name}" is an {kind}, and '
                    f'"{canceler.name}" cancels {what.render()}',
                    DESIGNATOR,
                    ONLY_CHARACTERS_PLAY,
                )
            )
            continue
        headers = [(a.timing, a.attribute) for a in abilities]
        if not headers:
            unless_limited(
                target_missing or f'the designator of "{canceled.name}" is not known', claims
            )
            continue
        if len(headers) > 1:
            wanted = what.designator
            fitting = [
                wanted is None
                or (
                    (not wanted.timings or timing in wanted.timings)
                    and (wanted.attribute is None or wanted.attribute is attribute)
                )
                for timing, attribute in headers
            ]
            shown = ", ".join(f'"{a.header()}"' for a in abilities)
            if all(fitting) and not what.postmods and target_missing is None:
                claims.append(  # whichever is played, it is one the canceler names
                    card_claim(
                        Stance.PERMIT,
                        canceler,
                        cancel.render(),
                        f'"{canceler.name}" cancels {what.render()}, and "{canceled.name}" '
                        f"has {shown}: whichever is played, it is one",
                        DESIGNATOR,
                        EVENT_OR_ABILITY,
                        EVENTS,
                    )
                )
                continue
            if not any(fitting) and target_missing is None:
                claims.append(
                    rule_claim(
                        Stance.FORBID,
                        f'"{canceler.name}" cancels only {what.render()}, and "{canceled.name}" '
                        f"has {shown}: played, it counts only as the one being played, and "
                        "none of them is one",
                        DESIGNATOR,
                        EVENT_OR_ABILITY,
                        EVENTS,
                    )
                )
                continue
            unless_limited(
                f'"{canceled.name}" has {len(headers)} abilities; while it is '
                "played it counts only as the one being played, and the "
                "situation does not say which",
                claims,
            )
            continue
        timing, attribute = headers[0]
        wanted = what.designator
        fits = wanted is None or (
            (not wanted.timings or timing in wanted.timings)
            and (wanted.attribute is None or wanted.attribute is attribute)
        )
        header = abilities[0].header()
        aimed = [p for p in what.postmods if isinstance(p, fx.Targeting)]
        if (
            fits
            and aimed
            and target_missing is None
            and not targets_something(canceled, target_effects)
        ):
            claims.append(
                card_claim(
                    Stance.FORBID,
                    canceler,
                    cancel.render(),
                    f'"{canceler.name}" cancels only {what.render()}, and "{canceled.name}" '
                    "targets nothing",
                )
            )
            continue
        priced = [p for p in what.postmods if isinstance(p, COST_WORDS)]
        if fits and priced:
            met, why = cancel_cost_fits(ctx, canceler, canceled, abilities[0], priced)
            if met is None:
                unless_limited(str(why), claims)
                continue
            if not met:
                claims.append(
                    card_claim(
                        Stance.FORBID,
                        canceler,
                        cancel.render(),
                        f'"{canceler.name}" cancels {what.render()}, and "{canceled.name}" '
                        f"costs {abilities[0].cost} ({why})",
                    )
                )
                continue
        if fits and aimed:  # its cost fits: what the event targets decides
            unless_limited(
                f'"{canceler.name}" cancels only {what.render()}, and the situation cannot '
                f'say what "{canceled.name}" targets',
                claims,
            )
            continue
        if fits:
            claims.append(
                card_claim(
                    Stance.PERMIT,
                    canceler,
                    cancel.render(),
                    f'"{canceler.name}" cancels {what.render()}, and '
                    f'"{canceled.name}" is played as "{header}"',
                    DESIGNATOR,
                    EVENT_OR_ABILITY,
                )
            )
        else:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{canceler.name}" cancels only '
                    f'{what.render()}, and "{canceled.name}" is played as '
                    f'"{header}"',
                    DESIGNATOR,
                    EVENT_OR_ABILITY,
                )
            )
    if missing is not None:
        leave_open(missing, claims)
    gone = canceled_reason(read_table(ctx.facts), canceled)
    if gone is not None:
        leave_open(gone, claims)
    return judge(ctx, claims)
