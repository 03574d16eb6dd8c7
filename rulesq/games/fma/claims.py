"""FMA rules and card texts as claims, and the answer the FMA ladder makes of them.

A card's requirement claims as ``requirement``, other card text as ``card_text``, a rule of the
rulings as ``game_rule``, and the rules no card text lifts (declaring before reacts, uniqueness)
as ``timing`` and ``uniqueness``; :func:`judge` hands them to :func:`rulesq.engine.resolve.resolve`
with ``corpus/fma/ladder.toml`` and writes the answer: the winner's reason and clauses, the
step that decided, the claims it beat. Nothing here ranks one kind above another.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rulesq.engine.ladder import Ladder, load_ladder
from rulesq.engine.resolve import Claim, Stance, resolve
from rulesq.engine.verdict import YesNo
from rulesq.errors import RulesqError
from rulesq.explain.graph import BEATS

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

__all__ = [
    "Claim",
    "Stance",
    "card_claim",
    "judge",
    "limit_claim",
    "requirement_claim",
    "rule_claim",
]

REQUIREMENT, CARD_TEXT, GAME_RULE = "requirement", "card_text", "game_rule"
TIMING, UNIQUENESS = "timing", "uniqueness"
#: Kinds of rules, not card text: alone, they decide as the rules do (no "decided by" step).
LIMITS = (TIMING, UNIQUENESS)


@dataclass(frozen=True)
class Said:
    """A card's sentence that makes a claim."""

    card: Card
    quote: str


@cache
def ladder() -> Ladder:
    """The FMA ladder, from the corpus."""
    found = load_ladder("fma")
    if found is None:
        raise RulesqError("the FMA corpus has no ladder.toml")
    return found


def card_claim(
    stance: Stance, card: Card, quote: str, reason: str, *rules: str, requirement: bool = False
) -> Claim:
    """A claim of a card's text (a requirement or limitation, or other card text)."""
    return Claim(
        stance,
        REQUIREMENT if requirement else CARD_TEXT,
        reason,
        Said(card, quote),
        tuple(rules),
        holder=card,
    )


def rule_claim(stance: Stance, reason: str, *rules: str, default: bool = False) -> Claim:
    """A claim of the rules (the clauses cited); ``default``: the rules' verdict when alone."""
    return Claim(stance, GAME_RULE, reason, None, tuple(rules), default=default)


def requirement_claim(stance: Stance, reason: str, *rules: str) -> Claim:
    """A claim of a card's requirement the rules read (a Loyal number), no sentence quoted."""
    return Claim(stance, REQUIREMENT, reason, None, tuple(rules))


def limit_claim(stance: Stance, kind: str, reason: str, *rules: str) -> Claim:
    """A claim of a rule the ladder ranks as a limitation (``timing``, ``uniqueness``)."""
    if kind not in (TIMING, UNIQUENESS):
        raise RulesqError(f'"{kind}" is not a kind of FMA limitation')
    return Claim(stance, kind, reason, None, tuple(rules))


def judge(ctx: Context, claims: list[Claim], support: tuple[str, ...] = ()) -> Answer:
    """A yes/no answer from the claims on an act, decided by the FMA ladder."""
    result = resolve(claims, ladder())
    if result.conflict:
        sides = tuple(_node(ctx, c)[0] for c in result.conflict)
        return ctx.conflict(
            " and ".join(c.reason for c in result.conflict)
            + ": both are of the same rank, so the ladder does not decide",
            sides,
        )
    winner = result.winner
    if winner is None:
        raise RulesqError("no claim stands: the caller must give the rules' own claim")
    nodes = _node(ctx, winner)
    graph = ctx.derivation()
    for loser, _ in result.beaten:
        shown = "yes" if loser.allows else "no"
        alternative = graph.alternative(f"{shown} ({loser.reason})", loser.allows)
        for node in _node(ctx, loser):
            graph.link(node, alternative, "supports")
        graph.link(nodes[0], alternative, BEATS, note=f"{result.step.name if result.step else ''}")
    step = result.decided_by or result.step
    decided = (
        step.name
        if step is not None and (result.contested or winner.kind not in (GAME_RULE, *LIMITS))
        else None
    )
    # the facts the handler read to judge (added to the graph, linked to nothing) support it
    read = tuple(graph.loose_facts())
    return ctx.conclude(
        YesNo(winner.allows),
        winner.reason,
        decided_by=decided,
        supported_by=tuple(dict.fromkeys((*nodes, *support, *read))),
        carried=winner.rules,
    )


def _node(ctx: Context, claim: Claim) -> list[str]:
    """The graph nodes of a claim: its card sentence first, then its clauses."""
    out: list[str] = []
    if isinstance(claim.source, Said):
        out.append(
            ctx.derivation().effect(claim.source.card.name, claim.source.quote, claim.source.card)
        )
    out += [ctx.clause(ref, "rule") for ref in claim.rules]
    return out
