"""Warhammer: Invasion LCG: the game module."""

from rulesq.games import register
from rulesq.games.base import Game

GAME = register(Game(name="warhammer", title="Warhammer: Invasion LCG"))
