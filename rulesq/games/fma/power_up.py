"""``can my leader gain 2 experience / level up in the power-up phase?``: one or the other.

During the power-up phase, leaders can either gain two experience or level up (gaining no
experience); they cannot level up and gain one experience. A card's ruling states it, so it
is read only while that card is in play: without it the sources never say what the phase
gives (*cannot answer*). Levelling up alone is *cannot answer*: the rulings give it as the
choice, not what it requires. A leader whose own text says he cannot gain experience or
level up (an erratum gives one such passive text) cannot, whatever the phase allows;
defeated, only if the text says "even while" he is defeated (passive abilities on defeated
cards have no effect).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.card_parts import parts_of
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.table import read_table

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

POWER_UP = "fma/cards/dark-alleys/ruling"


def _cannot_gain(ctx: Context, wanted: set[str]) -> Answer | None:
    """The no of the leader's own text that he cannot gain experience or level up (None)."""
    table = read_table(ctx.facts)
    ref = table.leader(ctx.question.who or "me")
    card = ref.card if ref is not None else None
    if card is None:
        return None
    effects, _ = effects_of(card)
    for effect in effects:
        if not isinstance(effect, fx.CannotGain) or not wanted & set(effect.things):
            continue
        own = isinstance(effect.who, fx.This) or (
            isinstance(effect.who, fx.Named) and card.name.startswith(effect.who.name)
        )
        if not own:
            continue
        _, state = reader_for(ctx)
        found = state.find(card.name)
        if found is not None and state.defeated_by(found.name) is not None:
            if effect.even_while_defeated is None:
                raise CannotAnswer(
                    f'"{card.name}" is defeated, and passive abilities on defeated cards have '
                    f'no effect: whether "{effect.render()}" still holds is not said'
                )
        node = ctx.derivation().effect(card.name, effect.render(), card)
        errata = [ctx.clause(str(p["clause"]), "rule") for p in parts_of(card) if p.get("clause")]
        return ctx.conclude(
            YesNo(False),
            f'your leader "{card.name}" reads "{effect.render()}"',
            supported_by=(node, ctx.fact(table.leader_facts[ctx.question.who or "me"]), *errata),
        )
    return None


def _ruled_card_in_play(ctx: Context) -> Fact:
    """The fact that the card the power-up ruling is about is in play (else *cannot answer*).

    The ruling is a card's entry: it says what leaders may do in the power-up phase with that
    card, not without it (the sources never give the phase's own rule).
    """
    from rulesq.games.fma.still_in_play import in_play

    for card, _, fact in in_play(ctx.facts):  # not one that has left play since
        if POWER_UP in _clauses(card):
            return fact
    raise CannotAnswer(
        "the rulings say what a leader may do in the power-up phase only in the entry of the "
        f"card it is about ({POWER_UP}), and the situation does not say that card is in play; "
        "the sources never give the power-up phase without it"
    )


def _leader_known(ctx: Context) -> None:
    """*Cannot answer* when the leader asked about is not named, or is out of play.

    A leader's own text may bar him from gaining experience or levelling up (a leader's erratum
    gives such a text), so an unnamed one may be barred, and so may a corpus leader whose text
    the sources never give (or give only in part); and the rulings say of an out-of-play
    leader only that he cannot recruit and keeps his attachments, and that a card's experience
    comes "when he returns to play", never what the power-up phase gives him while he is out.
    """
    from rulesq.games.fma import out_of_play

    table = read_table(ctx.facts)
    player = ctx.question.who or "me"
    leader = table.leader_key(player)
    if leader is None:
        raise CannotAnswer(
            'the situation does not name your leader (write: my leader is "…"), and a leader\'s '
            "own text may say he cannot gain experience or level up"
        )
    ref = table.leader(player)
    card = ref.card if ref is not None else None
    if card is not None and not card.fields.get("inline") and card.text is None:
        ctx.fact(table.leader_facts[player])
        raise CannotAnswer(
            f'the sources never give the text of your leader "{card.name}"'
            + (" in whole" if parts_of(card) else "")
            + ", and a leader's own text may say he cannot gain experience or level up"
        )
    fact = out_of_play.still_out(ctx).get(leader)
    if fact is not None:
        ctx.fact(fact)
        raise CannotAnswer(
            "your leader is out of play, and the rulings never say what the power-up phase "
            "gives a leader out of play (only that he cannot recruit, keeps his attachments, "
            "and gains a card's experience when he returns to play)"
        )


def _others_known(ctx: Context) -> None:
    """*Cannot answer* beside a card in play whose text is unknown or unread, the ruled one aside.

    Texts act on a leader's experience (a card's ruling: "he will gain 6 experience when he
    returns to play"; a leader's erratum: "cannot gain experience or level up"), so a text of
    unknown words may bar the gain. The card the ruling is about is settled by its ruling.
    """
    from rulesq.corpus.load import normalise_name
    from rulesq.games.fma import unknown_texts
    from rulesq.games.fma.still_in_play import in_play

    ruled = {normalise_name(c.name) for c, _, _ in in_play(ctx.facts) if POWER_UP in _clauses(c)}
    why = unknown_texts.doubt(ctx.facts, "what your leader gains in the power-up phase", ruled)
    if why is not None:
        raise CannotAnswer(why)


def _clauses(card: Card) -> tuple[str, ...]:
    return tuple(str(c) for c in card.fields.get("clauses") or ())


def power_up(ctx: Context) -> Answer:
    """Answer ``can my leader [level up and] gain N experience in the power-up phase?``."""
    level_up = ctx.question.param("level_up") is not None
    gain = ctx.question.param("number")
    wanted = ({"level"} if level_up else set()) | ({"experience"} if gain is not None else set())
    barred = _cannot_gain(ctx, wanted)
    if barred is not None:
        return barred
    source = _ruled_card_in_play(ctx)
    rule = ctx.clause(POWER_UP, "rule")
    support = (ctx.fact(source), rule)
    if level_up and gain is not None:
        return ctx.conclude(
            YesNo(False),
            "in the power-up phase a leader either gains two experience or levels up, gaining "
            "no experience: not both",
            supported_by=support,
        )
    if gain is not None:
        two = int(gain) == 2
        if two:  # a no holds for any leader; a yes needs one his text does not bar
            _leader_known(ctx)
            _others_known(ctx)
        return ctx.conclude(
            YesNo(two),
            "in the power-up phase a leader either gains two experience or levels up"
            + ("" if two else f": not {gain} experience"),
            supported_by=support,
        )
    raise CannotAnswer(
        "in the power-up phase a leader may level up instead of gaining two experience, and "
        "the rulings do not say what levelling up requires"
    )
