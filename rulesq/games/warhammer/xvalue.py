"""X defined by a card's own text ("X is the fewest number of cards in any opponent's hand").

A card effect that defines X defines it both when the card is in play and out of play (FAQ
Q&A 48); where no card defines it, X is 0 (The Letter X). Only the definitions in
:data:`_DEFINITIONS` are read; any other "X is …" makes the value *cannot answer*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.warhammer.terms import x_definition
from rulesq.games.warhammer.values import Value
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board

DEFINED_BY_CARD = "warhammer/faq/qa/48"
LETTER_X = "warhammer/faq/terminology-clarifications/the-letter-x"
_FEWEST_IN_HAND = compiled(r"^fewest number of cards in any opponent's hand$")
_OTHER = {"me": "you", "you": "me"}


def definition(card: Card) -> str | None:
    """The words after "X is" in the card's text, or None when it does not define X."""
    return x_definition(card.text or "")


def defined_x(board: Board, card: Card, player: str) -> Value:
    """X as the card's own text defines it, for the card in ``player``'s hands or play."""
    what = definition(card)
    if what is None:
        return Value(None, gaps=[f'"{card.name}" does not define X'])
    if _FEWEST_IN_HAND.match(what) is None:
        return Value(None, gaps=[f'"X is {what}" is not read by rulesq'])
    other = _OTHER[player]
    held = board.hands.get(other)
    if held is None:
        return Value(None, gaps=["the number of cards in the opponent's hand is not stated"])
    return Value(
        held,
        [
            f'"{card.name}" defines X as the {what}: {held}; a card effect that defines X '
            "defines it in play and out of play"
        ],
        [DEFINED_BY_CARD, LETTER_X],
    )
