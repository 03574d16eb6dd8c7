"""Questions about bluffing.

``can I play "X" as a bluff card?``, ``can you call my bluff?``, ``is my bluff a losing bluff?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.bluemoon.judge.answers_play import assume_turn
from rulesq.games.bluemoon.judge.bluff_plays import play_ruling
from rulesq.games.bluemoon.judge.bluffs import bluff_cards, call_ruling, losing_ruling
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context


def can_play_bluff(ctx: Context) -> Answer:
    """Answer ``can I play "X" as a bluff card?``."""
    view = View(ctx)
    assume_turn(view)
    card = view.card(who=view.who)
    if card.owner != view.who:
        card = view.hypothetical(card.info, view.who)
    state = view.state
    return view.yes_no(play_ruling(state, card, view.who, first_turn=state.is_first_turn))


def can_call_bluff(ctx: Context) -> Answer:
    """Answer ``can you call my bluff?`` (the asker calls the other player's bluff)."""
    view = View(ctx)
    return view.yes_no(call_ruling(view.forces, view.who))


def losing_bluff(ctx: Context) -> Answer:
    """Answer ``is my bluff a losing bluff?`` (would a call of it succeed now)."""
    view = View(ctx)
    cards = bluff_cards(view.state, view.who)
    return view.yes_no(losing_ruling(view.forces, cards, view.who))
