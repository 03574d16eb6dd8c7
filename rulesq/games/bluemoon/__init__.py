"""Blue Moon: the game module (card-text grammar and effect language in its submodules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games import register
from rulesq.games.base import Game

if TYPE_CHECKING:
    from rulesq.effects import ParsedText


@dataclass(frozen=True)
class BlueMoon(Game):
    """Blue Moon, with a grammar for its special power texts."""

    def parse_card_text(self, text: str) -> ParsedText:
        """Read a special power text into effects, one sentence at a time."""
        from rulesq.games.bluemoon.parser import parse_card_text

        return parse_card_text(text)


GAME = register(BlueMoon(name="bluemoon", title="Blue Moon"))
