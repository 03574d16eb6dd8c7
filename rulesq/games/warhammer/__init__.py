"""Warhammer: Invasion LCG: the game module (card text, board, errata, deck lists).

Importing it registers the game. The card-text reader (``parse``), the board read from a
situation (``board``) and the question handlers (``answers``, ``decks``) load only when used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rulesq.games import register
from rulesq.games.base import Game

if TYPE_CHECKING:
    from types import ModuleType

    from rulesq.games.warhammer.effects import WarhammerParsedText
    from rulesq.situation.model import Situation


@dataclass(frozen=True)
class WarhammerGame(Game):
    """The Warhammer game: reads card text with ``grammar/warhammer.lark``."""

    def parse_card_text(self, text: str) -> WarhammerParsedText:
        """Read a Warhammer text into effects; sentences not understood stay ``Unparsed``."""
        parsed: WarhammerParsedText = _parse().parse_card_text(text)
        return parsed

    def check_situation(self, situation: Situation) -> None:
        """Read every fact, so a bad value, phase or placement is an error at once."""
        reader = _situation().Reader(situation)
        reader.read(situation.facts)
        reader.check_questions()


@cache
def _parse() -> ModuleType:
    """``rulesq.games.warhammer.parse``, imported on the first text read."""
    from rulesq.games.warhammer import parse

    return parse


@cache
def _situation() -> ModuleType:
    """``rulesq.games.warhammer.situation``, imported on the first check."""
    from rulesq.games.warhammer import situation

    return situation


_ANSWERS = "rulesq.games.warhammer.answers"
_WOUNDS = "rulesq.games.warhammer.wounds"
_TIMING = "rulesq.games.warhammer.timing"
_TRIGGERS = "rulesq.games.warhammer.trigger_answers"
_WHEREABOUTS = "rulesq.games.warhammer.whereabouts"


#: Every question's handler, as the game's own modules answer it.
HANDLERS: dict[str, str] = {
    "deck_lists": "rulesq.games.warhammer.decks:deck_lists",
    "deck_legal": "rulesq.games.warhammer.decks:deck_legal",
    **{
        kind: f"{_ANSWERS}:{kind}"
        for kind in (
            "can_play",
            "can_play_in",
            "value",
            "hit_points",
            "remaining_hit_points",
            "unique",
            "limited",
            "burning",
            "corrupted",
        )
    },
    **{
        kind: f"{_WOUNDS}:{kind}"
        for kind in (
            "destroyed",
            "damage_dealt",
            "zone_burns",
            "can_assign",
            "can_move_damage",
            "resolves_first",
            "cancelled",
        )
    },
    **{
        kind: f"{_TIMING}:{kind}"
        for kind in (
            "can_trigger",
            "can_respond",
            "can_respond_to",
            "can_cancel",
            "then_resolves",
            "action_cost",
            "card_can_target",
            "can_interrupt",
            "reveals_each",
            "resolves_before",
        )
    },
    **{
        kind: f"{_TRIGGERS}:{kind}"
        for kind in (
            "triggers",
            "trigger_count",
            "search_count",
            "can_target",
            "sacrificed",
        )
    },
    "can_card_put": f"{_TRIGGERS}:can_put",
    "can_put": f"{_TIMING}:can_put",
    "can_assign_indirect": "rulesq.games.warhammer.indirect:can_assign_indirect",
    "scout": "rulesq.games.warhammer.ambush:scout",
    "can_ambush": "rulesq.games.warhammer.ambush:can_ambush",
    **{
        kind: f"{_WHEREABOUTS}:{kind}"
        for kind in (
            "where",
            "controller",
            "is_kind",
            "questing",
            "in_play",
            "in_zone",
            "tokens",
            "can_move",
            "can_quest",
            "can_attack",
            "can_defend",
        )
    },
}

#: The questions on what may still be done or happen: asked where a capital has two burning
#: zones, only a *no* is answered (``game_end``: the sources never state how a game ends).
GOES_ON = (
    "can_play",
    "can_play_in",
    "destroyed",
    "damage_dealt",
    "zone_burns",
    "can_assign",
    "can_move_damage",
    "can_trigger",
    "can_respond",
    "can_respond_to",
    "can_cancel",
    "can_interrupt",
    "can_put",
    "triggers",
    "trigger_count",
    "sacrificed",
    "can_card_put",
    "can_assign_indirect",
    "scout",
    "can_ambush",
    "can_move",
    "can_quest",
    "can_attack",
    "can_defend",
)
#: Of those, the questions on what the damage assigned does as it is applied: a zone that
#: damage burns burns with it, so only the zones burning before it may have ended the game.
AS_APPLIED = ("destroyed", "damage_dealt", "zone_burns")

#: Where each question is answered: asked each way of an unstated turn or phase change
#: (``each_reading``) and of an open sacrifice cost (``each_sacrifice``), by its handler or, for
#: play going on, by ``game_end``.
TARGETS: dict[str, str] = {
    **HANDLERS,
    **{kind: f"rulesq.games.warhammer.game_end:{kind}" for kind in GOES_ON},
}

GAME = register(
    WarhammerGame(
        name="warhammer",
        title="Warhammer: Invasion LCG",
        questions={kind: f"rulesq.games.warhammer.each_reading:{kind}" for kind in TARGETS},
        card_types=("unit", "support", "tactic", "quest", "legend", "fulcrum", "draft"),
        value_names=("damage", "tokens", "cost", "loyalty", "power", "hp"),
        flag_names=("CORRUPTED", "FACEDOWN"),
        answer_words=("me", "you", "kingdom", "quest", "battlefield", "discard"),
    )
)
