"""Warhammer rules as claims, and a ruling from what the ladder made of them.

A card's text claims as ``card_text``, a rule of the game (a clause of the FAQ) as
``game_rule``; :func:`decide` hands them to :func:`rulesq.engine.resolve.resolve` with the
Warhammer ladder (``corpus/warhammer/ladder.toml``). Nothing here ranks one kind above another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rulesq.engine.ladder import Ladder, load_ladder
from rulesq.engine.resolve import Claim, Resolution, Stance, resolve
from rulesq.errors import RulesqError


class Kind(StrEnum):
    """The kinds of rule the Warhammer judge claims with (the ladder places them)."""

    CARD_TEXT = "card_text"
    GAME_RULE = "game_rule"


@dataclass(frozen=True)
class Text:
    """A card's sentence that makes a claim: the card's name and the words quoted."""

    card: str
    quote: str


def ladder() -> Ladder:
    """The Warhammer precedence ladder, from the corpus (``load_ladder`` caches it by path)."""
    found = load_ladder("warhammer")
    if found is None:
        raise RulesqError("the Warhammer corpus has no ladder.toml")
    return found


def text_claim(stance: Stance, text: Text, reason: str, *rules: str) -> Claim:
    """A claim of a card's text."""
    return Claim(stance, Kind.CARD_TEXT, reason, text, tuple(rules), holder=text.card)


def rule_claim(
    stance: Stance, reason: str, *rules: str, default: bool = False, label: str = ""
) -> Claim:
    """A claim of the game rules (the clauses cited)."""
    return Claim(stance, Kind.GAME_RULE, reason, None, tuple(rules), label=label, default=default)


@dataclass
class Ruling:
    """A yes or no with its reason, the rules and texts it rests on, and what it beat."""

    allowed: bool | None
    reason: str
    rules: tuple[str, ...] = ()
    texts: tuple[Text, ...] = ()
    #: The ladder step's name when the verdict beat another claim (None: definite).
    step: str | None = None
    beaten: list[Claim] = field(default_factory=list)
    conflict: list[Claim] = field(default_factory=list)


def decide(claims: list[Claim]) -> Ruling:
    """What the ladder makes of the claims."""
    result: Resolution = resolve(claims, ladder())
    if result.conflict:
        return Ruling(
            None, "; ".join(c.reason for c in result.conflict), conflict=list(result.conflict)
        )
    winner = result.winner
    if winner is None:
        raise RulesqError("no claim speaks to the question")
    texts = tuple(c.source for c in [winner] if isinstance(c.source, Text))
    step = result.decided_by.name if result.contested and result.decided_by else None
    return Ruling(
        winner.allows,
        winner.reason,
        winner.rules,
        texts,
        step,
        [loser for loser, _ in result.beaten],
    )
