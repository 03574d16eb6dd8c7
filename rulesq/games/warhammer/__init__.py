"""Warhammer: Invasion LCG: the game module (errata, restricted and banned lists).

Question handlers live in ``rulesq.games.warhammer.decks`` (deck legality); the text a
card reads after errata is the engine's generic ``card_text`` question.
"""

from rulesq.games import register
from rulesq.games.base import Game

GAME = register(
    Game(
        name="warhammer",
        title="Warhammer: Invasion LCG",
        questions={
            "deck_lists": "rulesq.games.warhammer.decks:deck_lists",
            "deck_legal": "rulesq.games.warhammer.decks:deck_legal",
        },
    )
)
