"""Texts that may keep a character from being defeated: a replacement, or a text not given."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma import effects as fx
from rulesq.games.fma import presence
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.triggers import IsDefeated, Trigger

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.state import Character
    from rulesq.situation.model import CardRef


def spared_by(ctx: Context, who: Character, line: int, unread: bool = True) -> str | None:
    """Why a defeat may not happen to ``who`` (None: no text of his or on him says so).

    A card attached to the character before ``line`` (and in play then), or his own
    card, whose text replaces his defeat (an erratum: "Before this character is defeated,
    move him home and set him instead"), or (``unread``) whose text the sources give only in
    part or not at all.
    """
    name = normalise_name(who.name)
    cards: list[tuple[Card, str]] = []
    if who.card is not None:
        cards.append((who.card, f'"{who.name}" is a card of the sources'))
    for fact in ctx.facts_of("attach"):
        if fact.span.line >= line or normalise_name(_named(fact.cards[1])) != name:
            continue
        card = fact.cards[0].card
        if card is not None and in_play_at(ctx, card.name, line):
            cards.append((card, f'"{card.name}" is attached to "{who.name}"'))
    for card, said in cards:
        effects, missing = effects_of(card)
        instead = [
            e
            for e in fx.walk(tuple(effects))
            if isinstance(e, Trigger) and e.instead and isinstance(e.event, IsDefeated)
        ]
        if instead:
            return (
                f'{said}, and its text reads "{instead[0].render()}": it replaces the defeat, and '
                f'rulesq does not follow what the replacement does, so whether "{who.name}" is '
                "defeated is not known"
            )
        if unread and missing is not None:
            return (
                f'{said}, and {missing}: whether its text keeps "{who.name}" from being '
                "defeated is not known"
            )
    return None


def _named(ref: CardRef) -> str:
    """The name a reference stands for (its card's, else as written)."""
    return ref.card.name if ref.card is not None else ref.name


def removed_after(ctx: Context, name: str, line: int) -> int | None:
    """The line where the card ``name``, in play from ``line``, leaves play (None: it does not).

    Read through ``Presence.read``, the one reading of who is in play: an attachment leaves
    play with a bearer that leaves play.
    """
    wanted = normalise_name(name)
    for fact, moves in presence.walk(ctx.facts):
        if fact.span.line > line and presence.taken(moves, wanted):
            return fact.span.line
    return None


def in_play_at(ctx: Context, name: str, line: int) -> bool:
    """Whether the card ``name`` is in play at line ``line`` (``Presence.read``).

    A card that left play and returned is back; an attachment leaves play with its bearer.
    """
    return presence.where_at(ctx.facts, normalise_name(name), line)[0] == presence.IN_PLAY
