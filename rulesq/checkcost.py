"""What checking a file of each game is predicted to cost: weights learned from counts.

``checkcost.json`` (written by ``bench/learn_check_costs.py`` from instruction counts) gives
each game's instructions per byte of a case file and what its first file in a process costs
beyond that (loading the game), and the same for the files a check found failing (the row
:data:`FAILED`: input errors, whose first loads the situation grammars). ``check --jobs N``
cuts its runs by these predictions; a game the table lacks costs the games' mean per byte
and no load, and without the table a file's cost is its size.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import NamedTuple

TABLE = Path(__file__).with_name("checkcost.json")
#: The kind of the files a check found failing last time (no game line can name it: a game's
#: name holds no ``#``), planned together (``rulesq.failedfiles``).
FAILED = "#failed"


# Functional, its fields' types objects: see ``rulesq.pool.Codec``.
GameCost = NamedTuple(  # noqa: UP014 - no field type compiled at import
    "GameCost", [("per_byte", float), ("load", float)]
)
GameCost.__doc__ = "Instructions per byte of a game's case file, and to load the game in a process."


@cache
def game_costs() -> dict[str, GameCost]:
    """The learned table, by game (empty when it cannot be read)."""
    try:
        data = json.loads(TABLE.read_text(encoding="utf-8"))
        return {
            str(game): GameCost(float(row["per_byte"]), float(row["load"]))
            for game, row in data.items()
        }
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def predicted(
    kinds: Sequence[str | None], sizes: Sequence[float]
) -> tuple[list[float], dict[str, float]]:
    """Each file's predicted cost (by its game and size), and each game's load."""
    table = game_costs()
    if not table:
        return list(sizes), {}
    games = [row.per_byte for kind, row in table.items() if kind != FAILED]
    mean = sum(games) / len(games) if games else 1.0
    costs = [
        size * (table[kind].per_byte if kind in table else mean)
        for kind, size in zip(kinds, sizes, strict=True)
    ]
    loads = {kind: table[kind].load for kind in set(kinds) if kind in table}
    return costs, loads
