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
from rulesq.games.warhammer.places import (
    controller,
    damage_gap,
    damage_stated,
    in_play,
    tokens_gap,
    tokens_held,
)
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
    #: The cards whose stated damage may have been spent, it is not known whether.
    unsure: list[InPlay] = field(default_factory=list)


def _own_capital(board: Board, player: str, at: int | None) -> bool | None:
    """Whether it is the player's capital phase now, or at the line ``at`` (as stated before).

    None: the turn or the phase is not stated (and what is stated does not rule it out).
    """
    capital = PHASES.index("capital")
    if at is None:
        turn, phase = board.turn, board.phase
    else:
        turns = [who for who, fact in board.turns if fact.index < at]
        phases = [n for n, fact in board.phases if fact.index < at]
        turn, phase = (turns[-1] if turns else None), (phases[-1] if phases else None)
    if (turn is not None and turn != player) or (phase is not None and phase != capital):
        return False
    return None if turn is None or phase is None else True


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
        if (
            found is not None
            and own_capital is None
            and (placed.damage or not damage_stated(placed))
        ):
            out.unknown.append(
                f'"{placed.name}" reads "{found.group(0)}", and the situation does not state the '
                "turn and the phase: whether it is his capital phase is not known"
            )
            out.unsure.append(placed)
            continue
        if found is not None and own_capital and not damage_stated(placed):
            out.unknown.append(
                f'"{placed.name}" reads "{found.group(0)}", and {damage_gap(placed)}'
            )
            continue
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
                f'"{placed.name}" reads "{found.group(0)}", and {tokens_gap(placed, board)}'
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
    """The damage on a card, least and most, once what was spent off it is gone; how, and why.

    ``most`` is None when the situation states no damage on the card (:func:`damage_gap`):
    the step then says what to state.
    """

    least: int
    most: int | None
    step: str = ""
    texts: list[Text] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    @property
    def known(self) -> int | None:
        """The damage when only one amount is possible, else None."""
        return self.least if self.least == self.most else None

    def below(self, points: int | None) -> Damage:
        """Bounded by a unit's hit points: one in play holds less damage than that.

        A unit whose damage reaches its hit points is destroyed (it leaves play), so a unit
        still in play with unstated damage holds from none to one less than its hit points
        (a unit of 1 hit point holds none).
        """
        if self.most is not None or points is None:
            return self
        return Damage(self.least, max(self.least, points - 1), self.step, self.texts, self.rules)

    def held(self) -> str:
        """The amounts it may hold, as an answer says it ("0 to 2 damage")."""
        if self.most is None:
            return f"{self.least} or more damage"
        return f"{self.least} to {self.most} damage"


#: Why damage spent off a card is open when the phase it was spent in is not stated.
_CAPITAL_UNSTATED = (
    "whether it was its controller's capital phase, when it may be spent, is not stated"
)


def damage_now(board: Board, placed: InPlay) -> Damage:
    """The damage on a card once what was spent off it as resources is gone.

    The step says what was spent ("" when none may have been): a payment made with the
    card's damage removes it, as the pool's payments leave the pool. The text letting it be
    spent and the FAQ's clarifications of the card are given as why.
    """
    from rulesq.games.warhammer import entering

    given = entering.own(placed, "damage") or entering.next_unit(board, placed)
    if given is not None:
        return Damage(given.least, given.most, given.step, [given.text])
    if not damage_stated(placed):
        return Damage(0, None, damage_gap(placed))
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
        capital = board.capital(controller(placed))
        if id(placed) in capital.spent_if_capital:
            why = _CAPITAL_UNSTATED
        elif id(placed) in capital.spent_before_read:
            why = (
                "the resources stated are the pool as it stands at the first question after "
                "the line, the plays between them already paid: how they were split between the "
                "pool and the damage is not stated; to state the pool before a play, ask a "
                "question between the line and it"
            )
        else:
            why = "how the payments were split between the pool and the damage is not stated"
        step = f"{placed.damage} damage stated, less {lo} to {hi} spent as resources ({why})"
    return Damage(placed.damage - hi, placed.damage - lo, step, texts, rules)


def damage_left(board: Board, placed: InPlay) -> int | None:
    """The damage on a card once what was spent off it is gone (None: not known, see the step)."""
    return damage_now(board, placed).known


def bears_damage(board: Board, placed: InPlay) -> bool | None:
    """Whether a card has damage on it once what was spent off it is gone (None: not known)."""
    now = damage_now(board, placed)
    if now.least > 0:
        return True
    return False if now.most is not None and now.most <= 0 else None
