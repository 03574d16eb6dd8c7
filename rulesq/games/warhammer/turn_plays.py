"""The cards each player played this turn: stated played, on the action chain, or resolved.

A card played from the hand (or by an effect) is played when it joins the chain, whether the
chain has resolved since or not; "I played "X" this turn" states a play at an unstated time.
A play stated before a new turn (another player's turn stated after it) was not this turn.
Each is listed once as its statement gives it: a reader that counts plays (not only asks
whether one was made) must mind that a card stated played and also a link may be one play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.warhammer.turns import new_turns, restated

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, Link

#: The kinds of link that are a card played (a triggered Action is not).
PLAYED_KINDS = frozenset({"tactic", "card", "by-effect"})


@dataclass(frozen=True)
class TurnPlay:
    """A card played this turn: by whom, and the link that played it (None: stated played)."""

    card: Card
    who: str
    link: Link | None = None
    resolved: bool = False
    #: Played before the same player's turn was restated: maybe this turn, maybe an earlier one.
    maybe: bool = False


def plays_this_turn(board: Board, player: str | None = None) -> list[TurnPlay]:
    """The cards played this turn (by ``player``, or by anyone): stated, resolved, on the chain."""
    found = [
        TurnPlay(card, who, maybe=restated(board, fact.index))
        for who, capital in board.capitals.items()
        for card, fact in capital.played
        if card is not None and not new_turns(board, fact.index)
    ]
    for links, resolved in ((board.resolved, True), (board.chain, False)):
        found += [
            TurnPlay(link.card, link.who, link, resolved, restated(board, link.fact.index))
            for link in links
            if link.card is not None and _played(link) and not new_turns(board, link.fact.index)
        ]
    return [play for play in found if player is None or play.who == player]


def _played(link: Link) -> bool:
    if link.kind in PLAYED_KINDS:
        return True
    return link.card is not None and (link.card.type or "").lower() == "tactic"


def played_unplaced(board: Board, player: str) -> list[Card]:
    """Cards other than tactics the player is stated to have played, not stated where they are now.

    Each entered play when its chain resolved, unless something since took it out: it may
    be in play.
    """
    return [
        card
        for card, _fact in board.capital(player).played
        if card is not None
        and (card.type or "").lower() != "tactic"
        and board.find(card.name) is None
    ]
