"""Blue Moon: the game module (card-text grammar and effect language in its submodules)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rulesq.games import register
from rulesq.games.base import Game, ShownDefault
from rulesq.games.bluemoon.judge.cards import KINDS
from rulesq.games.bluemoon.judge.state import PHASE_TITLES, Step

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.effects import ParsedText
    from rulesq.situation.model import Fact, Question, Situation


@dataclass(frozen=True)
class BlueMoon(Game):
    """Blue Moon, with a grammar for its special power texts."""

    def parse_card_text(self, text: str) -> ParsedText:
        """Read a special power text into effects, one sentence at a time."""
        from rulesq.games.bluemoon.parser import parse_card_text

        return parse_card_text(text)

    def effect_kinds(self, text: str) -> frozenset[str]:
        """Each effect's class, with its act for a class that speaks of acts (Prohibition:Play)."""
        from rulesq.errors import RulesqError
        from rulesq.games.bluemoon.judge.permits import touches

        try:
            effects = self.parse_card_text(text).effects
        except (RulesqError, ValueError):
            return frozenset()
        kinds = set()
        for effect in effects:
            acts = [type(touch.act).__name__ for touch in touches(effect)]
            name = type(effect).__name__
            kinds |= {f"{name}:{act}" for act in acts} if acts else {name}
        return frozenset(kinds)

    def play_raises(self, situation: Situation, play: Fact) -> list[Question]:
        """What the played card's text touches: totals, dragons, draws and discards."""
        return _play_raises()(situation, play)

    def flags_tried(self) -> tuple[str, ...]:
        """Every icon the corpus lists (``corpus/bluemoon/icons.toml``)."""
        return _icon_names()()

    def check_situation(self, situation: Situation) -> None:
        """A state no game can reach (a card in two places, a fourth dragon) is an error."""
        _input_check()(situation)


# Modules imported on first use, then held: an import run on each call costs about as much
# as placing an item of a situation, and these run once or more for every question.
@cache
def _icon_names() -> Callable[[], tuple[str, ...]]:
    """What lists the icons of the corpus (its module imported once)."""
    from rulesq.games.bluemoon.icons import icon_names

    return icon_names


@cache
def _play_raises() -> Callable[[Situation, Fact], list[Question]]:
    """What finds the questions a play raises (its module imported once)."""
    from rulesq.games.bluemoon.outcomes import play_raises

    return play_raises


@cache
def _input_check() -> Callable[[Situation], None]:
    """The game's check of a situation (its module imported once)."""
    from rulesq.games.bluemoon.input_check import check

    return check


_JUDGE = "rulesq.games.bluemoon.judge"
#: The phases of a turn, in order (game preparation is none of them).
TURN_PHASES = tuple(PHASE_TITLES[step] for step in Step if step > Step.GAME_PREPARATION)


def _handlers(module: str, kinds: str) -> dict[str, str]:
    """``kind -> "module:kind"`` for the question kinds one answers module handles."""
    return {kind: f"{_JUDGE}.{module}:{kind}" for kind in kinds.split()}


#: The questions the Blue Moon judge answers (question kind -> handler), by topic.
QUESTIONS: dict[str, str] = {
    # playing cards
    **_handlers("answers_play", "can_play can_play_type can_play_together"),
    # what is in force
    **_handlers("answers_texts", "text_ignored ignored active text_effective icon_effective"),
    # values and total power
    **_handlers("answers_values", "total_power value power_to_reach element"),
    # hands, discards, draws and refreshes
    **_handlers("answers_discards", "can_discard must_discard discard_count"),
    **_handlers("answers_requirements", "satisfied discard_value who_chooses"),
    **_handlers(
        "answers_hands",
        "can_draw must_draw draw_count hand_count can_refresh "
        "must_refresh refresh_size can_shuffle disclosed",
    ),
    **_handlers("answers_piles", "destination can_exchange"),
    # fights, retreats, dragons and the end of the game
    **_handlers("answers_dragons", "dragons extra_dragons"),
    **_handlers(
        "answers_fights",
        "must_retreat can_retreat can_decline must_decline next_starter first_to_act must_match",
    ),
    **_handlers("answers_end", "ends winner score"),
    # ships
    **_handlers("answers_ships", "can_load can_load_any can_land in_discard_pile"),
    # bluffing
    **_handlers("answers_bluffs", "can_play_bluff can_call_bluff losing_bluff"),
    # using texts and icons (RETRIEVE, REPLACE, "I may" texts)
    **_handlers(
        "answers_uses", "can_retrieve can_use_icon can_use_text text_optional choose_order"
    ),
    **_handlers("answers_apply", "can_apply affects can_play_from_deck"),
    # deck building
    **_handlers("answers_decks", "deck_moons moon_limit deck_card_count can_add_to_deck"),
}

#: Icons, as a situation writes them after a card: ``"X" (STOP)``, ``(FIRE BLUFF)``.
ICONS = (
    "STOP",
    "RETRIEVE",
    "PROTECTED",
    "FREE",
    "PAIR",
    "GANG",
    "REPLACE",
    "BLUFF",
    "FIRE BLUFF",
    "EARTH BLUFF",
    "EMPTY BLUFF",
)
#: A turn no statement makes the first of its fight is taken to be a later one (the FAQ reads
#: a situation so: an FAQ case that means the first turn states it), shown where the first
#: would decide.
FIRST_TURN = ShownDefault(
    "it is the first turn of the fight",
    frozenset({"first_turn", "due_to_start"}),
    "the situation does not say that this turn is the first of its fight: it is taken to be a "
    "later one (on the first, the answer would be {verdict}: write it is the first turn of the "
    "fight if it is)",
    # the questions whose judging reads whether the turn is its fight's first
    frozenset(
        "can_play can_play_type can_play_together can_play_bluff can_load can_load_any "
        "can_land must_retreat can_retreat can_decline must_decline".split()
    ),
)
#: Card types of a ``card`` line (the corpus's types, as the judge reads them).
CARD_TYPES = tuple(KINDS)

GAME = register(
    BlueMoon(
        name="bluemoon",
        title="Blue Moon",
        questions=QUESTIONS,
        card_types=CARD_TYPES,
        value_names=("fire", "earth", "moons", "capacity", "value"),
        flag_names=ICONS,
        answer_words=("me", "you", "fire", "earth"),
        phases=TURN_PHASES,
        shown_defaults=(FIRST_TURN,),
    )
)
