"""A card's ability on being discarded: when it acts (like a react), and that any discard counts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma.table import key

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

#: The rulings' Reacts: Timing: a react waits until the event's effects have all resolved.
REACT_TIMING = "fma/rulings/reacts/5"
#: An ability that acts when its own card is discarded is not a react, but is treated as one
#: for the timing of reacts: it waits until the discard effect has fully resolved.
DISCARD_AS_REACT = "fma/cards/plan-b/ruling"
#: It acts even when the player chose which cards to discard.
CHOSEN_DISCARD = "fma/cards/plan-b/ruling-2"


def by_ruling(card: Card) -> str | None:
    """The clause by which a card whose text is never given acts when discarded (None: none)."""
    if card.text or not card.fields.get("acts_when_discarded"):
        return None
    source = (card.fields.get("field_sources") or {}).get("acts_when_discarded")
    return str(source) if source else None


def on_discard(card: Card, effects_of: Any) -> list[fx.Trigger]:
    """The card's abilities that act when the card itself is discarded."""
    effects, missing = effects_of(card)
    acts = [
        e
        for e in effects
        if isinstance(e, fx.Trigger)
        and isinstance(e.event, fx.Discards)
        and isinstance(e.event.what, fx.This)
    ]
    if not acts and missing is not None:
        raise CannotAnswer(missing)
    return acts


def as_react(ctx: Context, card: Card, event: str, fact: Fact, effects_of: Any) -> Answer:
    """A card discarded because of an event: its ability on being discarded waits like a react."""
    ruling = by_ruling(card)
    acts = on_discard(card, effects_of) if ruling is None else []
    if not acts and ruling is None:
        raise CannotAnswer(
            f'"{card.name}" has no ability that acts when it is discarded, so nothing of it '
            f'waits for "{event}"'
        )
    node = (
        ctx.derivation().effect(card.name, acts[0].render(), card)
        if acts
        else ctx.clause(str(ruling), "rule")
    )
    return ctx.conclude(
        YesNo(True),
        f'"{card.name}" is discarded because of "{event}": its ability on being discarded is '
        "not a react, but is treated as one for timing: it takes effect only after all the "
        f'effects of "{event}" have resolved (every card discarded)',
        supported_by=(
            ctx.fact(fact),
            node,
            ctx.clause(DISCARD_AS_REACT, "rule"),
            ctx.clause(REACT_TIMING, "rule"),
        ),
    )


def acts(ctx: Context, effects_of: Any) -> Answer:
    """``does "X" act when discarded?``: yes when its text acts on its discard, chosen or not."""
    ref = ctx.question.card
    if ref.card is None:
        raise CannotAnswer(f'the sources give no text for "{ref.name}"')
    name = key(ref)
    fact = next(
        (
            f
            for f in reversed(ctx.facts)
            if f.kind in ("discard", "discards_to", "chooses_discard")
            and any(key(r) == name for r in (f.cards[:-1] if f.kind == "discards_to" else f.cards))
        ),
        None,
    )
    if fact is None:
        raise CannotAnswer(
            f'the situation does not say "{ref.name}" is discarded (write: I discard "{ref.name}")'
        )
    support = [ctx.fact(fact)]
    ruling = by_ruling(ref.card)
    if ruling is not None:  # a ruling gives the act of a card whose text is never given
        return ctx.conclude(
            YesNo(True),
            f'a ruling says that if you discard "{ref.name}", even by your choice, its ability '
            "on being discarded acts",
            supported_by=(*support, ctx.clause(ruling, "rule")),
        )
    found = on_discard(ref.card, effects_of)
    if not found:  # its text, read whole, decides: no part of it acts on its discard
        text = ref.card.text or ""
        return ctx.conclude(
            YesNo(False),
            f'"{ref.name}" has no ability that acts when it is discarded (its text, read '
            f'whole: "{text}")',
            supported_by=(*support, ctx.derivation().effect(ref.name, text, ref.card)),
        )
    node = ctx.derivation().effect(ref.name, found[0].render(), ref.card)
    chosen = fact.kind == "chooses_discard"
    why = (
        "you chose to discard it, and a discard you chose is still a discard"
        if chosen
        else "it is discarded"
    )
    rules = [ctx.clause(CHOSEN_DISCARD, "rule")] if chosen else []
    return ctx.conclude(
        YesNo(True),
        f'"{ref.name}" acts when it is discarded ("{found[0].render()}"): {why}',
        supported_by=(*support, node, *rules),
    )
