"""Fullmetal Alchemist TCG: the game module (card-text grammar, battles, attributes).

Importing it registers the game. The parser, the battle rules and the attribute timeline
live in submodules and load only when used; the question handlers are in
``rulesq.games.fma.handlers`` and read situations with ``rulesq.games.fma.situation``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games import register
from rulesq.games.base import Game

if TYPE_CHECKING:
    from rulesq.games.fma.effects import FmaParsedText
    from rulesq.situation.model import Situation


@dataclass(frozen=True)
class FmaGame(Game):
    """The FMA game: reads card text with ``grammar/fma.lark``."""

    def parse_card_text(self, text: str) -> FmaParsedText:
        """Read an FMA card text into effects; sentences not understood stay ``Unparsed``."""
        from rulesq.games.fma.parse import parse_card_text

        return parse_card_text(text)

    def check_situation(self, situation: Situation) -> None:
        """Read every fact of an FMA situation, so inconsistent input is an error at once."""
        from rulesq.games.fma.situation import Reader

        Reader(situation, self).read(situation.facts)


_HANDLERS = "rulesq.games.fma.handlers"

GAME = register(FmaGame(
    name="fma",
    title="Fullmetal Alchemist TCG",
    questions={
        "battle_winner": f"{_HANDLERS}:battle_winner",
        "defeated": f"{_HANDLERS}:defeated",
        "defeat_choice": f"{_HANDLERS}:defeat_choice",
        "value": f"{_HANDLERS}:value",
        "printed": f"{_HANDLERS}:printed",
        "goals": f"{_HANDLERS}:goals",
    },
))
