"""``what happens if I play "X"?``: the questions a play raises, each asked on its own.

The line is read as ``can I play "X"?`` (which keeps the line's ``expect`` calls), then the
play ``I play "X"`` supposed for the questions after it only, then the questions the game
says the play raises (``Game.play_raises``: what the card's text touches). Each statement the
line becomes keeps the line's place and ``written="play_outcome"``; a supposed statement
has ``supposed`` set to the index of the can-play question, and no other question sees it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.situation.model import ME, Fact, Question, Situation

if TYPE_CHECKING:
    from rulesq.games.base import Game

#: The kind of ``ask what happens if I play "X"?`` as the grammar reads it.
OUTCOME = "play_outcome"


def play_text(who: str | None, card: str) -> str:
    """``I play "X"`` / ``you play "X"`` (``card``: the reference as written, quotes and all)."""
    return f"I play {card}" if who in (None, ME) else f"you play {card}"


def suppose_plays(situation: Situation, game: Game) -> Situation:
    """The situation with each what-happens question read as the questions a play raises."""
    for asked in situation.items:
        if asked.kind == OUTCOME and isinstance(asked, Question):
            break
    else:  # no what-happens question
        return situation
    items: list[Fact | Question] = []
    for item in situation.items:
        if not (isinstance(item, Question) and item.kind == OUTCOME):
            items.append(replace(item, index=len(items)))
            continue
        who = item.who or ME
        card = item.card.show()
        asked = replace(
            item,
            kind="can_play",
            text=f"ask {'can I' if who == ME else 'can you'} play {card}?",
            index=len(items),
            written=OUTCOME,
        )
        items.append(asked)
        play = Fact(
            "play",
            item.span,
            play_text(who, card),
            len(items),
            who,
            item.cards,
            supposed=asked.index,
            written=OUTCOME,
        )
        items.append(play)
        for raised in game.play_raises(situation, play):
            items.append(
                replace(
                    raised,
                    span=item.span,
                    index=len(items),
                    supposed=asked.index,
                    written=OUTCOME,
                    expectations=(),
                )
            )
    return replace(situation, items=items)
