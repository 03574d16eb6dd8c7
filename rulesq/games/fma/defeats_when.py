"""``does "X" defeat "Y"?``: the defeat a ruling states for a card whose text is never given.

A card whose ``discards_not_defeats`` field is set (a ruling: the character it sends to the
discard pile is not defeated) defeats no one. The card's ``defeats_when`` field gives the
case the ruling states: a target of a printed strength (``printed_strength``) is defeated
when its current strength is at least a number (``strength_at_least``). Any other case —
another printed strength, a lower current strength, a value not known — is *cannot answer*:
the ruling says nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import attributes as at
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.vocab import Attribute

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context


def defeats(ctx: Context) -> Answer:
    """Answer ``does "X" defeat "Y"?``."""
    source_ref, target_ref = ctx.question.cards[0], ctx.question.cards[1]
    card = source_ref.card
    if card is not None and not card.text and card.fields.get("discards_not_defeats"):
        return _discards(ctx, card)
    rule = card.fields.get("defeats_when") if card is not None else None
    if card is None or card.text or not isinstance(rule, dict):
        raise CannotAnswer(f'rulesq cannot tell from the sources whom "{source_ref.name}" defeats')
    _, state = reader_for(ctx)
    target = state.find(target_ref.card.name if target_ref.card is not None else target_ref.name)
    if target is None:
        raise CannotAnswer(f'"{target_ref.name}" is not a character of this situation')
    _not_in_play(ctx, card, target.name, target.gone)
    printed = target.printed[Attribute.STRENGTH]
    wanted, least = rule.get("printed_strength"), rule.get("strength_at_least")
    if printed is None or printed != wanted or not isinstance(least, int):
        shown = printed if printed is not None else "not given"
        raise CannotAnswer(
            f'a ruling says what "{card.name}" does to a target of printed strength {wanted}, '
            f'and "{target.name}" has printed strength {shown}'
        )
    gaps = state.blocking(target.name, Attribute.STRENGTH)
    if gaps:
        raise CannotAnswer(f'the strength of "{target.name}" is not known: {gaps[0].reason}')
    reading = at.attribute_value(state.timeline(), target.name, Attribute.STRENGTH)
    if reading.value is None or reading.value < least:
        raise CannotAnswer(
            f'a ruling says "{card.name}" defeats a target of printed strength {wanted} whose '
            f"strength is {least} or greater, and {reading.render()}"
        )
    source = (card.fields.get("field_sources") or {}).get("defeats_when")
    support = [ctx.fact(target.fact)] if target.fact is not None else []
    if source:
        support.append(ctx.clause(str(source), "rule"))
    return ctx.conclude(
        YesNo(True),
        f'"{target.name}" has printed strength {printed} and strength {reading.value}: a ruling '
        f'says "{card.name}" defeats such a target when its strength is {least} or greater',
        supported_by=tuple(support),
    )


def _not_in_play(ctx: Context, card: Card, name: str, gone: bool) -> None:
    """*Cannot answer* for a target that left play or is out of play: the ruling is of a target.

    The ruling speaks of "the target", and a card that left play is targeted by no text; of a
    card out of play the rulings say only that an out-of-play leader cannot recruit and keeps
    his attachments.
    """
    from rulesq.games.fma.out_of_play import still_out

    out = still_out(ctx).get(normalise_name(name))
    if out is not None:
        why = (
            f"is out of play (line {out.span.line}), and the rulings never say whether a card "
            "out of play can be targeted"
        )
    elif gone:
        why = "has left play and has not returned, and a card that left play is targeted by no text"
    else:
        return
    raise CannotAnswer(f'the ruling on "{card.name}" speaks of its target, and "{name}" {why}')


def _discards(ctx: Context, card: Card) -> Answer:
    """No: a ruling says the card sends a character to the discard pile, and that is no defeat."""
    source = (card.fields.get("field_sources") or {}).get("discards_not_defeats")
    return ctx.conclude(
        YesNo(False),
        f'a ruling says that when "{card.name}" sends a character to the discard pile, that '
        "character is not defeated",
        supported_by=(ctx.clause(str(source), "rule"),) if source else (),
    )
