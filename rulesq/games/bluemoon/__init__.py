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


_JUDGE = "rulesq.games.bluemoon.judge"

#: The questions the Blue Moon judge answers: question kind -> handler.
QUESTIONS: dict[str, str] = {
    "can_play": f"{_JUDGE}.answers_play:can_play",
    "can_play_type": f"{_JUDGE}.answers_play:can_play_type",
    "can_play_together": f"{_JUDGE}.answers_play:can_play_together",
    "text_ignored": f"{_JUDGE}.answers_texts:text_ignored",
    "ignored": f"{_JUDGE}.answers_texts:ignored",
    "active": f"{_JUDGE}.answers_texts:active",
    "text_effective": f"{_JUDGE}.answers_texts:text_effective",
    "icon_effective": f"{_JUDGE}.answers_texts:icon_effective",
    "total_power": f"{_JUDGE}.answers_values:total_power",
    "value": f"{_JUDGE}.answers_values:value",
    "power_to_reach": f"{_JUDGE}.answers_values:power_to_reach",
    "element": f"{_JUDGE}.answers_values:element",
}

GAME = register(BlueMoon(name="bluemoon", title="Blue Moon", questions=QUESTIONS))
