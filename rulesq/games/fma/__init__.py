"""Fullmetal Alchemist TCG: the game module (card-text grammar, battles, attributes).

Importing it registers the game. The parser, the battle rules and the attribute timeline
live in submodules and load only when used. The question handlers
(``battle_answers``, ``value_answers``, ``handlers``) read situations with ``situation``
into a ``state``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rulesq.games import register
from rulesq.games.base import Game

if TYPE_CHECKING:
    from types import ModuleType

    from rulesq.games.fma.effects import FmaParsedText
    from rulesq.situation.model import Situation


@dataclass(frozen=True)
class FmaGame(Game):
    """The FMA game: reads card text with ``grammar/fma.lark``."""

    def parse_card_text(self, text: str) -> FmaParsedText:
        """Read an FMA card text into effects; sentences not understood stay ``Unparsed``."""
        parsed: FmaParsedText = _parse().parse_card_text(text)
        return parsed

    def flag_phrases(self) -> tuple[str, ...]:
        """The words of several words ``corpus/fma/words.toml`` classifies (State Alchemist …)."""
        from rulesq.games.fma import words

        return tuple(sorted({w for w in words.names() if " " in w}))

    def check_situation(self, situation: Situation) -> None:
        """Read every fact of an FMA situation, so inconsistent input is an error at once."""
        _situation().Reader(situation, self).read(situation.facts)


@cache
def _parse() -> ModuleType:
    """``rulesq.games.fma.parse``, imported on the first text read."""
    from rulesq.games.fma import parse

    return parse


@cache
def _situation() -> ModuleType:
    """``rulesq.games.fma.situation``, imported on the first check."""
    from rulesq.games.fma import situation

    return situation


_HANDLERS = "rulesq.games.fma.handlers"
_BATTLES = "rulesq.games.fma.battle_answers"
_VALUES = "rulesq.games.fma.value_answers"
_CARDS = "rulesq.games.fma.card_answers"

GAME = register(
    FmaGame(
        name="fma",
        title="Fullmetal Alchemist TCG",
        questions={
            "battle_winner": f"{_BATTLES}:battle_winner",
            "defeated": f"{_BATTLES}:defeated",
            "defeat_choice": f"{_BATTLES}:defeat_choice",
            "value": f"{_VALUES}:value",
            "printed": f"{_VALUES}:printed",
            "goals": "rulesq.games.fma.goal_answers:goals",
            "card_text": f"{_CARDS}:card_text",
            "part_text": f"{_CARDS}:part_text",
            "card_goal": f"{_CARDS}:goal",
            "keywords": f"{_CARDS}:keywords",
            "has_keyword": "rulesq.games.fma.event_types:has_keyword",
            "unique": f"{_CARDS}:unique",
            "same_name": f"{_CARDS}:same_name",
            "starting_leader": f"{_CARDS}:starting_leader",
            "counts_as_drawing": f"{_CARDS}:counts_as_drawing",
            "counts_as_defeating": f"{_CARDS}:counts_as_defeating",
            "plays_location": f"{_CARDS}:plays_location",
            "attribute_cost": "rulesq.games.fma.costs:attribute_cost",
            "is_defeated": "rulesq.games.fma.moved_home:is_defeated",
            "can_recruit": "rulesq.games.fma.out_of_play:can_recruit",
            "keeps": "rulesq.games.fma.out_of_play:keeps",
            "use_again": "rulesq.games.fma.memory:use_again",
            "must_use": "rulesq.games.fma.memory:must_use",
            "defeats": "rulesq.games.fma.defeats_when:defeats",
            "power_up": "rulesq.games.fma.power_up:power_up",
            "can_play": "rulesq.games.fma.play_calls:can_play",
            "can_character_play": "rulesq.games.fma.play_calls:can_character_play",
            "can_cancel": "rulesq.games.fma.cancel_calls:can_cancel",
            "can_target": "rulesq.games.fma.target_calls:can_target",
            "can_attach": "rulesq.games.fma.attach_calls:can_attach",
            "can_block": "rulesq.games.fma.battle_calls:can_block",
            "can_attack": "rulesq.games.fma.battle_calls:can_attack",
            "can_start": "rulesq.games.fma.start_calls:can_start",
            "reacts_first": "rulesq.games.fma.react_calls:reacts_first",
            "can_react": "rulesq.games.fma.react_with:can_react",
            "waits": "rulesq.games.fma.react_calls:waits",
            "acts_when_discarded": "rulesq.games.fma.react_calls:acts_when_discarded",
            "affects": "rulesq.games.fma.affect_calls:affects",
            "revealed": "rulesq.games.fma.draws:revealed",
            "can_perform": "rulesq.games.fma.play_or_pass:can_perform",
            "perform_together": "rulesq.games.fma.play_or_pass:perform_together",
            "next_action": "rulesq.games.fma.play_or_pass:next_action",
            "at_home": "rulesq.games.fma.created_phase:at_home",
            "readiness": "rulesq.games.fma.created_phase:readiness",
        },
        card_types=("character", "leader", "ally", "event", "attachment", "location", "advantage"),
        answer_words=("attackers", "defenders", "tie", "me", "you"),
    )
)
