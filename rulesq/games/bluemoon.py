"""Blue Moon: the game module."""

from rulesq.games import register
from rulesq.games.base import Game

GAME = register(Game(name="bluemoon", title="Blue Moon"))
