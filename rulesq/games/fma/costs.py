"""The attribute cost of an event or ability as the cards in play leave it.

A reduction "to a minimum of 1" lowers a cost no further than 1, and does not raise a cost
that was already below it (the rulings, Reducing cost). A reduction or increase rulesq cannot
place (whose, or which cards it names) leaves the cost *cannot answer*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Number
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import free_play

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

MINIMUM = "fma/rulings/reducing-cost/1"


def attribute_cost(ctx: Context) -> Answer:
    """``what is the attribute cost of "X"?``: its printed cost, changed by the cards in play."""
    ref = ctx.question.card
    card = ref.card
    if card is None or not card.text:
        raise CannotAnswer(f'the sources give no text for "{ref.name}"')
    parsed = ctx.game.parse_card_text(card.text)
    assert isinstance(parsed, fx.FmaParsedText)
    abilities = [e for e in parsed.effects if isinstance(e, fx.Ability)]
    if len(abilities) != 1 or not isinstance(abilities[0].cost, int):
        raise CannotAnswer(
            f'rulesq cannot tell the attribute cost of "{card.name}" from its '
            "text (one ability with a number cost)"
        )
    printed = abilities[0].cost
    value = printed
    printed_cost = ctx.derivation().effect(card.name, abilities[0].header(), card)
    support: list[str] = []
    steps = [f'"{card.name}" costs {printed}']
    gone = {
        normalise_name(r.card.name if r.card else r.name)
        for f in ctx.facts_of("removed")
        for r in f.cards
    }
    for fact in ctx.facts_of("in_play"):
        for source_ref in fact.cards:
            source = source_ref.card
            if source is None or normalise_name(source.name) in gone:
                continue
            value = _apply(ctx, source, card, value, steps, support, fact)
    # the cards in play that changed the cost decide before the printed cost they changed
    return ctx.conclude(Number(value), "; ".join(steps), supported_by=(*support, printed_cost))


def _apply(
    ctx: Context,
    source: Card,
    card: Card,
    value: int,
    steps: list[str],
    support: list[str],
    fact: Fact,
) -> int:
    """The cost after one card in play's reductions and increases."""
    if not source.text:
        raise CannotAnswer(f'the sources give no text for "{source.name}", which is in play')
    parsed = ctx.game.parse_card_text(source.text)
    assert isinstance(parsed, fx.FmaParsedText)
    why = parsed.not_understood(source.name)
    if why is not None:
        raise CannotAnswer(why)
    for effect in parsed.effects:
        if not isinstance(effect, fx.ReduceCost | fx.IncreaseCost):
            continue
        fits, why = free_play.fits(effect.what, card)
        if fits is None:
            raise CannotAnswer(why)
        if not fits:
            continue
        support += [ctx.fact(fact), ctx.derivation().effect(source.name, effect.render(), source)]
        if isinstance(effect, fx.IncreaseCost):
            value += effect.amount
            steps.append(f'+{effect.amount} from "{source.name}": {value}')
            continue
        lowered = value - effect.amount
        if effect.minimum is not None:
            floor = min(value, effect.minimum)  # a cost below the minimum is not raised
            if lowered < floor:
                support.append(ctx.clause(MINIMUM, "rule"))
                lowered = floor
        if lowered < 0:
            raise CannotAnswer(
                f'"{source.name}" would lower the cost of "{card.name}" below '
                "zero, and the sources do not say what a cost below zero is"
            )
        steps.append(
            f'-{effect.amount} from "{source.name}"'
            + (f", to a minimum of {effect.minimum}" if effect.minimum is not None else "")
            + f": {lowered}"
        )
        value = lowered
    return value
