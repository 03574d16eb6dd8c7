"""The attribute cost of an event or ability as the cards in play leave it.

A reduction "to a minimum of 1" lowers a cost no further than 1, and does not raise a cost
that was already below it (the rulings, Reducing cost). A reduction or increase rulesq cannot
place (whose, or which cards it names) leaves the cost *cannot answer*, and so does a cost
that differs with the order its changes apply in (the sources give no order).
"""

from __future__ import annotations

import re
from itertools import permutations
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Number
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import free_play
from rulesq.games.fma.state import text_given
from rulesq.games.fma.still_in_play import in_doubt, in_play
from rulesq.games.fma.table import read_table
from rulesq.games.fma.vocab import Attribute, Timing
from rulesq.spans import Span

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

MINIMUM = "fma/rulings/reducing-cost/1"
_MOST_ORDERS = 6  # 720 orders at most


def attribute_cost(ctx: Context) -> Answer:
    """``what is the attribute cost of "X"?``: its printed cost, changed by the cards in play."""
    ref = ctx.question.card
    card = ref.card
    written = _as_written(card) if card is not None and not card.text else None
    if card is None or (not card.text and written is None):
        raise CannotAnswer(f'the sources give no text for "{ref.name}"')
    as_written: list[str] = []
    if written is not None:
        abilities = [written]
        source = (card.fields.get("field_sources") or {}).get("designator")
        if source:  # the erratum that says the card is played as written
            as_written.append(ctx.clause(str(source), "rule"))
    else:
        parsed = ctx.game.parse_card_text(card.text or "")
        assert isinstance(parsed, fx.FmaParsedText)
        abilities = [e for e in parsed.effects if isinstance(e, fx.Ability)]
    if len(abilities) != 1 or not isinstance(abilities[0].cost, int):
        raise CannotAnswer(
            f'rulesq cannot tell the attribute cost of "{card.name}" from its '
            "text (one ability with a number cost)"
        )
    printed = abilities[0].cost
    printed_cost = ctx.derivation().effect(card.name, abilities[0].header(), card)
    support: list[str] = []
    changes: list[tuple[Card, fx.ReduceCost | fx.IncreaseCost]] = []
    _unsure(ctx, card)
    for source, who, fact in _in_play(ctx):
        for effect in _changes(ctx, source, card, who):
            support += [
                ctx.fact(fact),
                ctx.derivation().effect(source.name, effect.render(), source),
            ]
            changes.append((source, effect))
    _same_in_every_order(printed, changes, card)
    steps = [
        f'"{card.name}" is played as written ("{abilities[0].header().rstrip(":")}"): '
        f"it costs {printed}"
        if written is not None
        else f'"{card.name}" costs {printed}'
    ]
    value = printed
    for source, effect in changes:
        value = _step(source, effect, card, value, steps, support, ctx)
    # the cards in play that changed the cost decide before the printed cost they changed
    return ctx.conclude(
        Number(value), "; ".join(steps), supported_by=(*support, printed_cost, *as_written)
    )


def changed_by(ctx: Context, card: Card) -> list[str]:
    """The names of the cards in play that change the attribute cost of ``card``.

    Raises:
        CannotAnswer: a card in play whose text rulesq cannot read, or whose reach is not told.
    """
    _unsure(ctx, card)
    return [source.name for source, who, _ in _in_play(ctx) if _changes(ctx, source, card, who)]


def _unsure(ctx: Context, card: Card) -> None:
    """*Cannot answer* beside an attachment whose text may or may not act and may change the cost.

    Its bearer left play or is out of play, or it returned to play unborne (``Presence.unsure``):
    the rulings never say whether its text acts then, as the values it reaches are open.
    """
    from rulesq.games.fma import unknown_texts

    inert = unknown_texts.inert(ctx.facts)
    for doubt in in_doubt(ctx.facts):
        if normalise_name(doubt.card.name) in inert:
            continue
        try:
            changes = bool(_changes(ctx, doubt.card, card, doubt.owner))
        except CannotAnswer:
            changes = True  # its text, unknown or unread, may change it
        if changes:
            raise CannotAnswer(doubt.reason(f'the attribute cost of "{card.name}"'))


def _in_play(ctx: Context) -> list[tuple[Card, str | None, Fact]]:
    """The cards in play that may change a cost: not one the situation says has no effect."""
    from rulesq.games.fma import unknown_texts

    inert = unknown_texts.inert(ctx.facts)
    return [entry for entry in in_play(ctx.facts) if normalise_name(entry[0].name) not in inert]


def _as_written(card: Card) -> fx.Ability | None:
    """The ability header a card whose text is never given is played as (an erratum's field)."""
    found = re.fullmatch(r"(\w+) (\w+) (\d+)", str(card.fields.get("designator") or ""))
    if found is None:
        return None
    try:
        timing, attribute = Timing(found[1].lower()), Attribute(found[2].lower())
    except ValueError:
        return None
    return fx.Ability(timing, attribute, int(found[3]), (), span=Span(0, 0))


def _changes(
    ctx: Context, source: Card, card: Card, controller: str | None
) -> list[fx.ReduceCost | fx.IncreaseCost]:
    """One card in play's reductions and increases of the cost of ``card``.

    A change of "your" events reaches only the cards its controller plays: both players must
    be known (the controller from ``my "X" is in play``, the card's from its play).
    """
    if not text_given(source):
        from rulesq.games.fma import unknown_texts

        raise CannotAnswer(
            f'the sources give no text for "{source.name}", which is in play: its text may '
            f'change the attribute cost of "{card.name}"{unknown_texts.settle(source)}'
        )
    parsed = ctx.game.parse_card_text(source.text or "")
    assert isinstance(parsed, fx.FmaParsedText)
    why = parsed.not_understood(source.name)
    if why is not None:
        raise CannotAnswer(why)
    found: list[fx.ReduceCost | fx.IncreaseCost] = []
    for effect in parsed.effects:
        if not isinstance(effect, fx.ReduceCost | fx.IncreaseCost):
            continue
        fits, why = free_play.fits(effect.what, card)
        if fits is None:
            raise CannotAnswer(why)
        if fits and effect.what.owner is not None:
            play = read_table(ctx.facts).play_of(card.name)
            if controller is None or play is None or play.player is None:
                raise CannotAnswer(
                    f'"{source.name}" changes the cost of {effect.what.render()}, and the '
                    f'situation does not say whose "{source.name}" is and who plays '
                    f'"{card.name}" (write: my "{source.name}" is in play; I play "{card.name}")'
                )
            fits = play.player == controller
        if fits:
            found.append(effect)
    return found


def _lowered(value: int, effect: fx.ReduceCost) -> int:
    """The cost after one reduction: never below its minimum, a lower cost not raised."""
    lowered = value - effect.amount
    if effect.minimum is not None:
        lowered = max(lowered, min(value, effect.minimum))
    return lowered


def _outcome(printed: int, changes: Sequence[fx.ReduceCost | fx.IncreaseCost]) -> int | None:
    """The cost after the changes in this order; None when it goes below zero."""
    value = printed
    for effect in changes:
        value = (
            value + effect.amount
            if isinstance(effect, fx.IncreaseCost)
            else _lowered(value, effect)
        )
        if value < 0:
            return None
    return value


def _same_in_every_order(
    printed: int, changes: list[tuple[Card, fx.ReduceCost | fx.IncreaseCost]], card: Card
) -> None:
    """Refuse a cost that depends on the order its changes apply in: the sources give none."""
    effects = [effect for _, effect in changes]
    if len(effects) > _MOST_ORDERS:
        raise CannotAnswer(f'too many cards change the cost of "{card.name}" to weigh')
    outcomes = {_outcome(printed, order) for order in permutations(effects)}
    if len(outcomes) > 1:
        names = ", ".join(sorted({f'"{source.name}"' for source, _ in changes}))
        shown = ", ".join(
            "below zero" if o is None else str(o)
            for o in sorted(outcomes, key=lambda o: -1 if o is None else o)
        )
        raise CannotAnswer(
            f'the cost of "{card.name}" depends on the order in which {names} change it '
            f"({shown}), and the sources do not say which applies first"
        )


def _step(
    source: Card,
    effect: fx.ReduceCost | fx.IncreaseCost,
    card: Card,
    value: int,
    steps: list[str],
    support: list[str],
    ctx: Context,
) -> int:
    """The cost after one card in play's reduction or increase."""
    if isinstance(effect, fx.IncreaseCost):
        value += effect.amount
        steps.append(f'+{effect.amount} from "{source.name}": {value}')
        return value
    lowered = _lowered(value, effect)
    if lowered > value - effect.amount:
        support.append(ctx.clause(MINIMUM, "rule"))
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
    return lowered
