"""What a player may spend beside his pool: damage or tokens a card lets him spend as resources.

"During your capital phase, you may spend damage on this unit as though it were resources"
(the FAQ's clarification of it, among the card's rulings: "for each damage removed, the
controlling player is considered to have spent 1 resource") and "You may spend (any) resource
tokens on this card as though they were in your pool" read on the cards the player controls
in play, with the damage or tokens stated on them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer.board import PHASES
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.places import controller, in_play, tokens_gap, tokens_held
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

#: Damage spent as resources (the FAQ clarifies it among the card's rulings).
_DAMAGE = compiled(
    r"During your capital phase, you may spend damage on this unit as though it were "
    r"resources\.",
    re.IGNORECASE,
)
_TOKENS = compiled(
    r"You may spend (?:any )?resource tokens on this card as though they were in your pool"
    r"(?: to play cards)?\.",
    re.IGNORECASE,
)


@dataclass
class Spendable:
    """The resources beside the pool, how each was counted, the texts and clauses."""

    amount: int = 0
    steps: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    #: Tokens stated on a quest no unit is questing on: removed, why, and the clause.
    removed: list[str] = field(default_factory=list)
    #: Each card counted and what it adds: (the card, the amount, whether it is damage).
    held: list[tuple[InPlay, int, bool]] = field(default_factory=list)
    #: Why a card lets its player spend tokens the situation does not give (any number).
    unknown: list[str] = field(default_factory=list)


def _own_capital(board: Board, player: str, at: int | None) -> bool:
    """Whether it is the player's capital phase now, or at the line ``at`` (as stated before)."""
    capital = PHASES.index("capital")
    if at is None:
        return board.turn == player and board.phase == capital
    turns = [who for who, fact in board.turns if fact.index < at]
    phases = [n for n, fact in board.phases if fact.index < at]
    return bool(turns and phases) and turns[-1] == player and phases[-1] == capital


def beside_pool(
    board: Board, player: str, playing: bool = True, at: int | None = None
) -> Spendable:
    """What the player may spend now beside his pool (to play a card, or for another cost).

    ``at``: what he might have spent at that line instead (the cards stated before it).
    """
    out = Spendable()
    own_capital = _own_capital(board, player, at)
    for placed in board.cards:
        text = placed.card.text if placed.card is not None and not placed.facedown else None
        if not text or controller(placed) != player or not in_play(board, placed):
            continue
        if at is not None and placed.fact.index >= at:
            continue
        found = _DAMAGE.search(text)
        if found is not None and own_capital and placed.damage:
            out.amount += placed.damage
            out.steps.append(f'{placed.damage} damage on "{placed.name}" may be spent as resources')
            out.texts.append(Text(placed.name, found.group(0)))
            out.held.append((placed, placed.damage, True))
            # the FAQ's clarifications of the card (its rulings under the errata)
            rulings = placed.card.fields.get("rulings") if placed.card is not None else None
            out.rules += [r for r in rulings or () if "/errata/" in r]
        found = _TOKENS.search(text)
        only_plays = found is not None and found.group(0).endswith("to play cards.")
        held = tokens_held(board, placed)
        if found is not None and held is None and (playing or not only_plays):
            out.unknown.append(
                f'"{placed.name}" reads "{found.group(0)}", and {tokens_gap(placed)}'
            )
            continue
        if found is not None and placed.tokens and not held:
            out.removed.append(
                f'the {placed.tokens} resource tokens stated on "{placed.name}" are removed: no '
                "unit is questing on it"
            )
        if found is not None and held and (playing or not only_plays):
            out.amount += held
            out.steps.append(f'{held} resource tokens on "{placed.name}" may be spent')
            out.texts.append(Text(placed.name, found.group(0)))
            out.held.append((placed, held, False))
    return out


def reach(board: Board, player: str, playing: bool = True) -> tuple[int, int, Spendable] | None:
    """The least and most the player may spend now, his pool and beside it (None: not so).

    Only where a payment after his pool was read may have been made with what a card lets
    him spend as resources. Each resource spent beside the pool leaves one more in it and
    one fewer beside it.
    """
    capital = board.capital(player)
    if capital.pool_least is None or capital.pool_most is None:
        return None
    extra = beside_pool(board, player, playing)
    lo, hi = capital.beside_spent
    low = capital.pool_least + max(0, extra.amount - lo)
    high = capital.pool_most + max(0, extra.amount - hi)
    return min(low, high), max(low, high), extra


def spends_damage(quote: str) -> bool:
    """Whether a text lets its player spend the damage on its unit as resources."""
    return _DAMAGE.fullmatch(quote.strip()) is not None


@dataclass
class Damage:
    """The damage on a card, least and most, once what was spent off it is gone; how, and why."""

    least: int
    most: int
    step: str = ""
    texts: list[Text] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


def damage_now(board: Board, placed: InPlay) -> Damage:
    """The damage on a card once what was spent off it as resources is gone.

    The step says what was spent ("" when none may have been): a payment made with the
    card's damage removes it, as the pool's payments leave the pool. The text letting it be
    spent and the FAQ's clarifications of the card are given as why.
    """
    spent = board.capital(controller(placed)).damage_spent.get(id(placed))
    if spent is None or spent == (0, 0) or placed.card is None:
        return Damage(placed.damage, placed.damage)
    lo, hi = spent
    found = _DAMAGE.search(placed.card.text or "")
    texts = [Text(placed.name, found.group(0))] if found is not None else []
    rulings = placed.card.fields.get("rulings")
    rules = [r for r in rulings or () if "/errata/" in r]
    step = f"{placed.damage} damage stated, less {lo} spent as resources"
    if lo != hi:
        step = (
            f"{placed.damage} damage stated, less {lo} to {hi} spent as resources (how the "
            "payments were split between the pool and the damage is not stated)"
        )
    return Damage(placed.damage - hi, placed.damage - lo, step, texts, rules)


def damage_left(board: Board, placed: InPlay) -> int | None:
    """The damage on a card once what was spent off it is gone (None: the split is not stated)."""
    now = damage_now(board, placed)
    return now.least if now.least == now.most else None


def bears_damage(board: Board, placed: InPlay) -> bool | None:
    """Whether a card has damage on it once what was spent off it is gone (None: not known)."""
    now = damage_now(board, placed)
    if now.least > 0:
        return True
    return False if now.most <= 0 else None
