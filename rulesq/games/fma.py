"""Fullmetal Alchemist TCG: the game module."""

from rulesq.games import register
from rulesq.games.base import Game

GAME = register(Game(name="fma", title="Fullmetal Alchemist TCG"))
