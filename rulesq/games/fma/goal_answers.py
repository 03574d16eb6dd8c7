"""FMA: the goal question (``ask what is the goal of the location?``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Cards
from rulesq.errors import CannotAnswer
from rulesq.games.fma import citations, unknown_texts
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.goals import AttributeGoal
from rulesq.games.fma.handlers import cite, reader_for
from rulesq.games.fma.situation import canceled_plays, played_cards
from rulesq.games.fma.table import key

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.vocab import Attribute
    from rulesq.situation.model import Fact


class Goals(Cards):
    """The goals of a location (a set of printed goals such as ``Strength +1``)."""

    kind = "goals"


def _played_since(ctx: Context, stated: Fact, changers: set[str]) -> str | None:
    """Why a card of unknown or unread text played since the goals were stated may change them.

    Events and abilities change goals (Locations: "Any event or ability that changes a
    location’s goal"): a card played acts once, not only while in play. One canceled since,
    said to have no effect, or named by a goal change stated is settled.
    """
    canceled = canceled_plays(ctx.facts)
    inert = unknown_texts.inert(ctx.facts) | changers
    for fact in ctx.facts:
        if fact.span.line <= stated.span.line:
            continue
        for ref in played_cards(fact):
            card = ref.card
            if card is None or key(ref) in inert or (fact.span.line, key(ref)) in canceled:
                continue
            missing = effects_of(card)[1]
            if missing is not None:
                return (
                    f"{missing}, and it was played after the goals were stated (line "
                    f"{fact.span.line}): its text may have changed the goals"
                    + unknown_texts.settle(card)
                )
    return None


def goals(ctx: Context) -> Answer:
    """Answer ``ask what is the goal of the location?`` after the goal changes written."""
    _, state = reader_for(ctx)
    if state.goals is None:
        raise CannotAnswer(
            "the situation gives no goal (write, e.g., the location has goals "
            '"Wits +1" and "Alchemy +1")'
        )
    changers = {key(r) for f in state.goal_facts for r in f.cards}  # what each did is stated
    unread = unknown_texts.doubt(ctx.facts, "the goals", changers)
    if unread is not None:
        raise CannotAnswer(unread)
    unread = _played_since(ctx, state.goal_facts[0], changers)
    if unread is not None:
        raise CannotAnswer(unread)
    support = [ctx.fact(f) for f in state.goal_facts]
    support += cite(ctx, state.goal_clauses)
    shown = tuple(goal.render() for goal in state.goals)
    merged = any(ref == citations.GOAL_CHANGE for ref, _ in state.goal_clauses)
    amounts: dict[Attribute, set[int]] = {}
    for goal in state.goals:
        if isinstance(goal, AttributeGoal):
            amounts.setdefault(goal.attribute, set()).add(goal.amount)
    if any(len(found) > 1 for found in amounts.values()):
        leaves = "the change leaves" if len(state.goal_facts) > 1 else "the location has"
        raise CannotAnswer(
            f"{leaves} {', '.join(shown)}: copies of the same attribute goal do not "
            "stack, and the rulings do not say whether goals of one attribute with different "
            "amounts are copies"
        )
    if len(state.goal_facts) > 1:
        reason = "after the changes: " + (", ".join(shown) or "no goal")
    elif merged:
        reason = "copies of the same attribute goal do not stack: " + ", ".join(shown)
    else:
        reason = "the goals as written"
    return ctx.conclude(Goals(shown), reason, supported_by=tuple(support))
