"""Fullmetal Alchemist TCG: the game module (card-text grammar, battles, attributes).

Importing it registers the game. The parser, the battle rules and the attribute timeline
live in submodules and load only when used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games import register
from rulesq.games.base import Game

if TYPE_CHECKING:
    from rulesq.games.fma.effects import FmaParsedText


@dataclass(frozen=True)
class FmaGame(Game):
    """The FMA game: reads card text with ``grammar/fma.lark``."""

    def parse_card_text(self, text: str) -> FmaParsedText:
        """Read an FMA card text into effects; sentences not understood stay ``Unparsed``."""
        from rulesq.games.fma.parse import parse_card_text

        return parse_card_text(text)


GAME = register(FmaGame(name="fma", title="Fullmetal Alchemist TCG"))
