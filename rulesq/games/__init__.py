"""The registry of games: each game module registers itself when it is first imported."""

from __future__ import annotations

import importlib
from _thread import RLock  # threading's lock, without importing threading

from rulesq.errors import UnknownNameError
from rulesq.games.base import Game

#: Every game rulesq knows, by name. A game's module is ``rulesq.games.<name>``; only the
#: game asked about is imported.
GAMES: tuple[str, ...] = ("bluemoon", "fma", "warhammer")

_REGISTRY: dict[str, Game] = {}
_LOCK = RLock()


def register(game: Game) -> Game:
    """Record a game; its module calls this at import time."""
    _REGISTRY[game.name] = game
    return game


def get_game(name: str) -> Game:
    """The game called ``name``, importing its module on first use.

    An unknown name raises an error with the closest game names.
    """
    found = _REGISTRY.get(name)  # a game's own name, loaded: asked for every situation read
    if found is not None:
        return found
    key = name.strip().lower()
    if key not in GAMES:
        raise UnknownNameError("game", name, GAMES)
    with _LOCK:
        if key not in _REGISTRY:
            importlib.import_module(f"rulesq.games.{key}")
    return _REGISTRY[key]


__all__ = ["GAMES", "Game", "get_game", "register"]
