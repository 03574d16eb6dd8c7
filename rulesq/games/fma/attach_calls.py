"""FMA calls: may an attachment be attached to a character."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import (
    unknown_texts,
)
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import Claim, Stance, card_claim, judge, rule_claim
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.state import match_subject
from rulesq.games.fma.table import read_table
from rulesq.games.fma.uniqueness import (
    attach_gate,
)

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

from rulesq.games.fma.call_basics import (
    DEFEATED,
    REQUIREMENTS,
    character_of,
    defeat_node,
    leave_open,
    out_of_play_open,
)


def can_attach(ctx: Context) -> Answer:
    """``can I attach "X" to "Y"?``: never to a defeated character."""
    attachment, holder_ref = ctx.question.cards[0], ctx.question.cards[1]
    reader, state = reader_for(ctx)
    holder = character_of(ctx, state, holder_ref)
    if holder.gone:  # not a requirement's no: the card is not in play
        raise CannotAnswer(
            f'"{holder.name}" has left play, and the rulings never say what attaching a card to '
            "a card that has left play would do"
        )
    out_of_play_open(ctx, holder, "be attached to")
    claims: list[Claim] = []
    if defeat_node(ctx, state, holder) is not None:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{holder.name}" is defeated, and you cannot '
                "attach a card to a defeated character",
                DEFEATED,
            )
        )
    copy = attach_gate(ctx, read_table(ctx.facts), attachment, ctx.question.who or "me")
    if copy is not None:  # a limitation: no text of the attachment lifts it
        claims.append(copy)
    card = attachment.card
    effects, missing = effects_of(card) if card is not None else ([], "unknown")
    granted: list[str] = []
    for effect in effects:
        if not isinstance(effect, fx.AttachRestriction) or card is None:
            continue
        fits = match_subject(replace(effect.to, quantity=None), holder, normalise_name(card.name))
        plain = replace(effect.to, quantity=None, faction=None, faction_word=False)
        if (
            fits is False
            and effect.to.faction
            and match_subject(plain, holder, normalise_name(card.name)) is True
            and (why_not := unknown_texts.granted(ctx.facts, holder.name)) is not None
        ):
            granted.append(why_not)  # a text of unknown words may grant him the faction
            continue
        if fits is None:
            leave_open(
                f'the situation does not say whether "{holder.name}" is {effect.to.render()} '
                "(give its factions and keywords)",
                claims,
            )
        elif not fits:
            claims.append(
                card_claim(
                    Stance.FORBID,
                    card,
                    effect.render(),
                    f'"{holder.name}" does not meet the requirement of "{card.name}": '
                    f"{effect.render()}",
                    REQUIREMENTS,
                    requirement=True,
                )
            )
    for why_not in granted:
        leave_open(why_not, claims)
    leave_open(missing or f'rulesq does not check every requirement of "{attachment.name}"', claims)
    return judge(ctx, claims)
