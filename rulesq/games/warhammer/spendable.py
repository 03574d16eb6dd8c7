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
from rulesq.games.warhammer.places import controller, in_play, tokens_held

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board

#: Damage spent as resources (the FAQ clarifies it among the card's rulings).
_DAMAGE = re.compile(
    r"During your capital phase, you may spend damage on this unit as though it were "
    r"resources\.",
    re.IGNORECASE,
)
_TOKENS = re.compile(
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


def beside_pool(board: Board, player: str, playing: bool = True) -> Spendable:
    """What the player may spend now beside his pool (to play a card, or for another cost)."""
    out = Spendable()
    for placed in board.cards:
        text = placed.card.text if placed.card is not None and not placed.facedown else None
        if not text or controller(placed) != player or not in_play(board, placed):
            continue
        found = _DAMAGE.search(text)
        own_capital = board.turn == player and board.phase == PHASES.index("capital")
        if found is not None and own_capital and placed.damage:
            out.amount += placed.damage
            out.steps.append(f'{placed.damage} damage on "{placed.name}" may be spent as resources')
            out.texts.append(Text(placed.name, found.group(0)))
            # the FAQ's clarifications of the card (its rulings under the errata)
            rulings = placed.card.fields.get("rulings") if placed.card is not None else None
            out.rules += [r for r in rulings or () if "/errata/" in r]
        found = _TOKENS.search(text)
        only_plays = found is not None and found.group(0).endswith("to play cards.")
        held = tokens_held(board, placed)
        if found is not None and placed.tokens and not held:
            out.removed.append(
                f'the {placed.tokens} resource tokens stated on "{placed.name}" are removed: no '
                "unit is questing on it"
            )
        if found is not None and held and (playing or not only_plays):
            out.amount += held
            out.steps.append(f'{held} resource tokens on "{placed.name}" may be spent')
            out.texts.append(Text(placed.name, found.group(0)))
    return out
