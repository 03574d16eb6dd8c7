"""When a react takes place: after the whole event it reacts to, unless it cancels or is "before".

Players may react to any one effect of an event or ability with several effects, but unless
the react cancels the effect or takes place "before" it, the react does not occur until all
the effects of the initial event or ability have resolved (the rulings, Reacts: Timing). An
event or ability must be fully declared — targets and costs — before any react to it, a
cancel included (Playing cards and abilities).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import discards
from rulesq.games.fma import effects as fx
from rulesq.games.fma.claims import TIMING, Claim, Stance, limit_claim
from rulesq.games.fma.table import key, read_table

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.table import Table

REACT_TIMING = "fma/rulings/reacts/5"
DECLARE_FIRST = "fma/rulings/playing-cards-and-abilities/2"


def undeclared(ctx: Context, table: Table, card: Card) -> Claim | None:
    """The rules' no to reacting to a card announced but not yet fully declared (None: it is).

    A limitation on the ladder: a card that cancels does not lift it ("a cancel included").
    """
    found = table.announced.get(normalise_name(card.name))
    if found is None:
        return None
    ctx.fact(found[1])
    return limit_claim(
        Stance.FORBID,
        TIMING,
        f'"{card.name}" is announced but not yet fully declared '
        "(targets and costs); no react to it, a cancel included, can be played "
        "before then",
        DECLARE_FIRST,
    )


def canceled_reason(table: Table, card: Card) -> str | None:
    """Why a yes to reacting to (or cancelling) a card already canceled is not known (None: not).

    The sources say what one canceled card leaves unset (fma/cards/block/ruling), never whether
    a canceled card can still be reacted to or canceled; a play of the card after the cancel is
    a new play.
    """
    name = normalise_name(card.name)
    found = table.canceled.get(name)
    play = table.play_of(card.name)
    if found is None or (play is not None and play.fact.span.line > found.span.line):
        return None
    return (
        f'"{card.name}" was canceled (line {found.span.line}): the sources do not say whether '
        "a canceled card can still be reacted to or canceled"
    )


def resolved(ctx: Context, card: Card) -> Claim | None:
    """The no to canceling an event that stays attached once resolved (None: not such a one).

    A ruling's ``stays_attached`` field marks an event that, played and fully resolved, stays
    attached to a character: still an event, but no card that cancels an event cancels it.
    The situation says it resolved by attaching it or putting it in play.
    """
    if not card.fields.get("stays_attached"):
        return None
    name = normalise_name(card.name)
    for fact in (*ctx.facts_of("attach"), *ctx.facts_of("in_play")):
        refs = fact.cards[:1] if fact.kind == "attach" else fact.cards
        if any(key(ref) == name for ref in refs):
            ctx.fact(fact)
            source = (card.fields.get("field_sources") or {}).get("stays_attached")
            return limit_claim(
                Stance.FORBID,
                TIMING,
                f'"{card.name}" has been played and fully resolved and stays attached to a '
                "character: it is still an event, but cards that cancel an event cannot "
                "cancel it",
                *((str(source),) if source else ()),
            )
    return None


def waits(ctx: Context, effects_of: Any) -> Answer:
    """``does "R" wait until "E" has fully resolved?``: yes, unless R cancels or is "before"."""
    react_ref, event_ref = ctx.question.cards[0], ctx.question.cards[1]
    if react_ref.card is None or event_ref.card is None:
        raise CannotAnswer("both cards must be cards the sources or the situation give")
    table = read_table(ctx.facts)
    play = next((p for p in reversed(table.plays) if p.card == key(react_ref)), None)
    discarded = table.discarded_to.get(key(react_ref))
    if (play is None or play.reacts_to != key(event_ref)) and discarded is not None:
        if discarded[0] == key(event_ref):
            return discards.as_react(ctx, react_ref.card, event_ref.name, discarded[1], effects_of)
    if play is None or play.reacts_to != key(event_ref):
        raise CannotAnswer(
            f'the situation does not say "{react_ref.name}" is played as a '
            f'react to "{event_ref.name}" (write: I play "{react_ref.name}" as '
            f'a react to "{event_ref.name}")'
        )
    played = ctx.fact(play.fact)
    effects, missing = effects_of(react_ref.card)
    rule = ctx.clause(REACT_TIMING, "rule")
    for effect in effects:
        if isinstance(effect, fx.Cancel):
            doubt = _cancel_doubt(effect, event_ref.card, effects_of)
            if doubt is not None:
                raise CannotAnswer(
                    f'"{react_ref.name}" reads "{effect.render()}", and {doubt}: whether it '
                    f'cancels anything of "{event_ref.name}", and so takes place at once, is '
                    "not known"
                )
            node = ctx.derivation().effect(react_ref.name, effect.render(), react_ref.card)
            return ctx.conclude(
                YesNo(False),
                f'"{react_ref.name}" cancels: it takes place at once, before the effect it cancels',
                supported_by=(played, node, rule),
            )
        if isinstance(effect, fx.Trigger) and effect.when == "before":
            if not _has_act(effect.event, event_ref.card, effects_of):
                raise CannotAnswer(
                    f'"{react_ref.name}" reads "{effect.render()}", and rulesq does not find '
                    f'that act in the text of "{event_ref.name}": whether it takes place '
                    '"before" anything of it is not known'
                )
            node = ctx.derivation().effect(react_ref.name, effect.render(), react_ref.card)
            return ctx.conclude(
                YesNo(False),
                f'"{react_ref.name}" takes place "before" the effect it reacts to',
                supported_by=(played, node, rule),
            )
    if missing is not None:
        raise CannotAnswer(missing)
    gone = canceled_reason(table, event_ref.card)
    if gone is not None:
        raise CannotAnswer(
            f'{gone}; it never fully resolves, so whether "{react_ref.name}" waits for it '
            "is not known"
        )
    return ctx.conclude(
        YesNo(True),
        f'"{react_ref.name}" neither cancels nor takes place '
        f'"before": it occurs after all the effects of "{event_ref.name}" '
        "have resolved",
        supported_by=(played, rule),
    )


#: The act a "before" occasion names, as the effect of a text that does it.
_ACTS: dict[type, tuple[type, ...]] = {
    fx.IsDefeated: (fx.Defeat,),
    fx.Draws: (fx.Draw,),
}


def _has_act(occasion: object, event: Card, effects_of: Any) -> bool:
    """Whether the event's text does the act a "before" occasion names (False: not found)."""
    acts = _ACTS.get(type(occasion))
    effects, missing = effects_of(event)
    if acts is None or missing is not None:
        return False
    return any(isinstance(e, acts) for e in fx.walk(tuple(effects)))


def _cancel_doubt(cancel: Any, event: Card, effects_of: Any) -> str | None:
    """Why a cancel may not reach the event: words not checked, a designator that differs."""
    what = cancel.what
    if not isinstance(what, fx.Selector) or what.postmods or what.qualities:
        return "rulesq does not check every word of what it cancels"
    wanted = what.designator
    if wanted is None:
        return None
    effects, _ = effects_of(event)
    headers = [(a.timing, a.attribute) for a in effects if isinstance(a, fx.Ability)]
    if len(headers) != 1:
        return f'which ability "{event.name}" is played as is not known'
    timing, attribute = headers[0]
    fits = (not wanted.timings or timing in wanted.timings) and (
        wanted.attribute is None or wanted.attribute is attribute
    )
    return None if fits else f'"{event.name}" is not played as one'
