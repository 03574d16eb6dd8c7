"""A draw, one card at a time: what acts on each card drawn, and reacting before a draw.

Cards are drawn one at a time, so a text that acts after a player draws a card acts on each
card of a draw (the rulings, Draw phase). A react that takes place before a draw may react to a
card that makes a player discard his hand before drawing, and to a draw of a number not yet
known; it is played once the card is announced and its costs paid, and before the result of the
draw is known (the card rulings that say so, cited by their clause ids).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import unknown_texts
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import TIMING, Claim, Stance, card_claim, limit_claim
from rulesq.games.fma.still_in_play import in_doubt, in_play
from rulesq.games.fma.table import key

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.still_in_play import Doubt
    from rulesq.games.fma.table import Table
    from rulesq.situation.model import Fact

ONE_AT_A_TIME = "fma/rulings/draw-phase/1"
DISCARD_BEFORE_DRAW = "fma/cards/do-our-bidding/ruling"
BEFORE_RESULT = "fma/cards/do-our-bidding/ruling-2"
REACT_TO_ANY = "fma/rulings/reacts/5"
DECLARE_FIRST = "fma/rulings/playing-cards-and-abilities/2"


@dataclass(frozen=True)
class Drawn:
    """A draw the situation states: who drew, the cards named (in order), and for what."""

    player: str | None
    cards: tuple[str, ...]
    source: str | None
    fact: Fact


def draws_of(facts: list[Fact]) -> list[Drawn]:
    """Every draw stated, in order (a card named on the line's end is what made it)."""
    out: list[Drawn] = []
    for fact in facts:
        if fact.kind != "draws":
            continue
        drawn = tuple(key(r) for r in fact.cards if r.adhoc_ok)
        source = next((key(r) for r in fact.cards if not r.adhoc_ok), None)
        out.append(Drawn(fact.who, drawn, source, fact))
    return out


def _acts_for(who: object, controller: str | None, drawer: str | None) -> bool | None:
    """Whether a trigger's "a player" / "you" / "an opponent" names the drawer (None: unknown)."""
    if isinstance(who, fx.Selector) and who.kind in ("player", "players"):
        return True
    if controller is None or drawer is None:
        return None
    if isinstance(who, fx.Pronoun) and who.word == "you":
        return controller == drawer
    if isinstance(who, fx.Selector) and who.kind in ("opponent", "opponents"):
        return controller != drawer
    return None


def revealed(ctx: Context) -> Answer:
    """``is "B" revealed?``: yes when a text in play reveals each card drawn, one at a time."""
    ref = ctx.question.card
    name = key(ref)
    draw = next((d for d in reversed(draws_of(ctx.facts)) if name in d.cards), None)
    if draw is None:
        raise CannotAnswer(
            f'the situation does not say "{ref.name}" is drawn (write: I draw "{ref.name}")'
        )
    unknown: list[str] = []
    unread: list[str] = []
    before = [f for f in ctx.facts if f.span.line < draw.fact.span.line]
    inert = unknown_texts.inert(ctx.facts)  # "X" has no effect: it reveals nothing
    for card, controller, fact in in_play(before):
        effects, missing = effects_of(card)
        if missing is not None and normalise_name(card.name) not in inert:
            unread.append(missing + unknown_texts.settle(card))
        for trigger in (e for e in effects if isinstance(e, fx.Trigger)):
            event = trigger.event
            if not (isinstance(event, fx.Draws) and event.one and trigger.when == "after"):
                continue
            if not any(isinstance(e, fx.RevealCard) for e in trigger.effects):
                continue
            acts = _acts_for(event.who, controller, draw.player)
            if acts is None:
                unknown.append(card.name)
                continue
            if not acts:
                continue
            node = ctx.derivation().effect(card.name, trigger.render(), card)
            place = draw.cards.index(name) + 1
            return ctx.conclude(
                YesNo(True),
                f'cards are drawn one at a time, so "{card.name}" acts on each card drawn: '
                f'"{ref.name}" (card {place} of the draw) is revealed when it is drawn',
                supported_by=(
                    node,
                    ctx.fact(fact),
                    ctx.fact(draw.fact),
                    ctx.clause(ONE_AT_A_TIME, "rule"),
                ),
            )
    for doubt in in_doubt(before):  # its text may or may not act (``Presence.unsure``)
        if normalise_name(doubt.card.name) in inert or _reveals(doubt, draw) is False:
            continue
        raise CannotAnswer(doubt.reason(f'whether "{ref.name}" is revealed'))
    if unknown:
        raise CannotAnswer(
            f'the situation does not say who controls "{unknown[0]}" (write: my "{unknown[0]}" '
            "is in play)"
        )
    if unread:
        raise CannotAnswer(f"{unread[0]}: whether it reveals the cards drawn is not known")
    return ctx.conclude(
        YesNo(False),
        f'no text in play when "{ref.name}" was drawn reveals a card drawn: it goes to the '
        "hand unseen",
        supported_by=(ctx.fact(draw.fact),),
    )


def _reveals(doubt: Doubt, draw: Drawn) -> bool | None:
    """Whether the attachment's text would reveal the cards of the draw (None: not known)."""
    effects, missing = effects_of(doubt.card)
    if missing is not None:
        return None
    found: bool | None = False
    for trigger in (e for e in effects if isinstance(e, fx.Trigger)):
        event = trigger.event
        if not (isinstance(event, fx.Draws) and event.one and trigger.when == "after"):
            continue
        if any(isinstance(e, fx.RevealCard) for e in trigger.effects):
            acts = _acts_for(event.who, doubt.owner, draw.player)
            found = True if acts else (None if acts is None else found)
    return found


def _draws_in(effects: list[Any]) -> list[fx.Draw]:
    return [e for e in effects if isinstance(e, fx.Draw)]


def _discards_first(effects: list[Any]) -> bool:
    """Whether the text makes a player give up his hand (discarded, shuffled away) first."""
    for effect in effects:
        if isinstance(effect, fx.Draw):
            return False
        if isinstance(effect, fx.DiscardHand):
            return True
        if isinstance(effect, fx.ShuffleInto) and isinstance(effect.what, fx.HandAndDiscard):
            return True
    return False


def react_to_draw(
    ctx: Context,
    table: Table,
    react: Card,
    reacted: Card,
    occasion: fx.Trigger,
    *rules: str,
) -> list[Claim] | None:
    """The claims on reacting with ``react`` (before a draw) to ``reacted`` (None: no such react).

    No, if ``reacted`` makes no player draw; no, while it is announced and not yet fully
    declared, or once the result of its draw is known; otherwise yes, a discard of a hand
    before the draw and a number not yet known included.
    """
    event = occasion.event
    if not isinstance(event, fx.Draws) or occasion.when != "before":
        return None
    quote = occasion.render()
    effects, missing = effects_of(reacted)
    draws = _draws_in(effects)
    if not draws:
        if missing is not None:
            raise CannotAnswer(missing)
        return [
            card_claim(
                Stance.FORBID,
                react,
                quote,
                f'"{react.name}" takes place before a player draws, and "{reacted.name}" makes '
                "no player draw",
            )
        ]
    name = normalise_name(reacted.name)
    announced = table.announced.get(name)
    if announced is not None:
        ctx.fact(announced[1])
        return [
            limit_claim(
                Stance.FORBID,
                TIMING,
                f'"{reacted.name}" is announced but its costs are not yet paid and its targets '
                f"not declared: a react before its draw is played after that, before the "
                "result of the draw is known",
                DECLARE_FIRST,
                BEFORE_RESULT,
            )
        ]
    played = table.play_of(reacted.name)
    after = played.fact.span.line if played is not None else 0
    known = next(
        (d for d in draws_of(ctx.facts) if d.source == name and d.fact.span.line > after), None
    )
    if known is not None:
        ctx.fact(known.fact)
        return [
            limit_claim(
                Stance.FORBID,
                TIMING,
                f'the result of the draw of "{reacted.name}" is known ({known.fact.text}): a '
                "react that takes place before a draw must be played before the result of the "
                "draw is known",
                BEFORE_RESULT,
            )
        ]
    discarded = [
        f
        for f in ctx.facts_of("discards_hand")
        if f.span.line > after and any(key(r) == name for r in f.cards)
    ]
    cited: list[str] = []
    said: list[str] = []
    if discarded or _discards_first(effects):
        for fact in discarded:
            ctx.fact(fact)
        cited.append(DISCARD_BEFORE_DRAW)
        said.append("a player gives up his hand before drawing")
    if any(d.up_to for d in draws):
        cited.append(BEFORE_RESULT)
        said.append("the number drawn is not known until the draw")
    if not cited:
        cited.append(REACT_TO_ANY)
    detail = f" ({'; '.join(said)})" if said else ""
    return [
        card_claim(
            Stance.PERMIT,
            react,
            quote,
            f'"{reacted.name}" makes a player draw{detail}, and the result of the draw is not '
            f'yet known: "{react.name}" may react to it, before the draw',
            *cited,
            *rules,
        )
    ]
