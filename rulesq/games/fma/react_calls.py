"""FMA calls: which react resolves first, what waits, what acts when discarded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Word
from rulesq.errors import CannotAnswer
from rulesq.games.fma import (
    discards,
)
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.table import read_table
from rulesq.games.fma.timing import waits as _waits

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

from rulesq.games.fma.call_basics import OTHER, REACT_OCCURRENCE, REACT_PLAYER, REACT_TWO


def reacts_first(ctx: Context) -> Answer:
    """``who reacts first [to "Y"]?``: the other player, or the active player (no player's act)."""
    table = read_table(ctx.facts)
    ref = ctx.question.cards[0] if ctx.question.cards else None
    play = (
        table.play_of(ref.card.name if ref is not None and ref.card else ref.name)
        if ref is not None
        else (table.plays[-1] if table.plays else None)
    )
    step = table.step
    if (
        ref is None
        and play is not None
        and step is not None
        and step[1].span.line > play.fact.span.line
    ):
        play = None
    if play is not None:
        if play.player is None:
            shown = next(
                (r.name for r in play.fact.cards if normalise_name(r.name) == play.card), play.card
            )
            hint = (
                f'write whose "{play.fact.cards[0].name}" is, e.g. my character '
                f'"{play.fact.cards[0].name}"'
                if play.by is not None
                else f'write: you play "{shown}"'
            )
            raise CannotAnswer(f'the situation does not say who played "{shown}" ({hint})')
        node = ctx.fact(play.fact)
        first = OTHER[play.player]
        creator = "I" if play.player == "me" else "you"
        reason = (
            f"{creator} took the action; in a two-player game the other player has the "
            "first opportunity to react, then the reacts go back and forth"
        )
        return ctx.conclude(
            Word(first),
            reason,
            supported_by=(node, ctx.clause(REACT_TWO, "rule"), ctx.clause(REACT_PLAYER, "rule")),
        )
    if step is None:
        raise CannotAnswer(
            "the situation does not say what is reacted to (a card played, "
            "or an occurrence such as: it is the start of the action step)"
        )
    if table.turn is None:
        raise CannotAnswer(
            f"no player created the {step[0]}, so the active player reacts "
            "first, and the situation does not say whose turn it is"
        )
    support = (ctx.fact(step[1]), ctx.fact(table.turn[1]), ctx.clause(REACT_OCCURRENCE, "rule"))
    return ctx.conclude(
        Word(table.turn[0]),
        f"no player created the {step[0]}, so the active player has the first chance to react",
        supported_by=support,
    )


def waits(ctx: Context) -> Answer:
    """``does "R" wait until "E" has fully resolved?`` (``rulesq.games.fma.timing``)."""
    return _waits(ctx, effects_of)


def acts_when_discarded(ctx: Context) -> Answer:
    """``does "X" act when discarded?`` (``rulesq.games.fma.discards``)."""
    return discards.acts(ctx, effects_of)
