"""The kinds of rule, the persistence groups, and the group a text's time gives.

A kind names what an effect is ("I must" text, an ignore, a "you may not", other card text; a
game rule for the rules themselves). Which kind outranks which is not said here: the ladder
(``corpus/bluemoon/ladder.toml``) places each kind on a step, and only
:mod:`rulesq.engine.resolve` compares them. The persistence groups are the FAQ's three: texts
that act once when played (1), once per turn or event (2), or continuously while active (3);
the FAQ lists the opening phrases of each group. Which kind and group each effect has is said
in one place, at the end of :mod:`rulesq.games.bluemoon.effects` (``classify``).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from rulesq.games.bluemoon.conditions import Condition, Retreats, Wins
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import Role


class Kind(StrEnum):
    """The kind of rule an effect is; the ladder file places each kind on a step."""

    I_MUST = "i_must"
    IGNORE = "ignore"
    YOU_MAY_NOT = "you_may_not"
    CARD_TEXT = "card_text"
    GAME_RULE = "game_rule"


class Group(IntEnum):
    """The FAQ's three persistence groups of special power text."""

    ONCE = 1
    PER_TURN_OR_EVENT = 2
    CONTINUOUS = 3

    @property
    def label(self) -> str:
        """A few words saying what the group means."""
        return {1: "once when played", 2: "once per turn or event", 3: "continuous while active"}[
            self.value
        ]


#: Times that recur once per turn or per event (the FAQ's second group: "At the end of my
#: turn", "If my turn is about to end", "at the beginning of my turn", "By the end of your
#: Booster/Support phase", "At the end of each fight"; the moments "immediately after my
#: phase", "after the end of my turn", the turn a ship lands and the start of the game are
#: events of the same kind).
PER_TURN_OR_EVENT_TIMES = frozenset(
    {
        W.END_OF_TURN,
        W.TURN_ABOUT_TO_END,
        W.BEGINNING_OF_TURN,
        W.BY_END_OF_PHASE,
        W.END_OF_EACH_FIGHT,
        W.AFTER_PHASE,
        W.AFTER_END_OF_TURN,
        W.LAND_TURN,
        W.START_OF_GAME,
    }
)


def by_time(when: When | None, condition: Condition | None, *, obligation: bool = False) -> Group:
    """The group an opening phrase gives: "Now" once, the FAQ's phrases per turn or event.

    ``obligation``: the text is an obligation ("On your turn, you must …" recurs).
    """
    if when is not None and when.kind is W.NOW:
        return Group.ONCE
    if isinstance(condition, Retreats):
        return Group.ONCE if condition.now else Group.PER_TURN_OR_EVENT
    if isinstance(condition, Wins):
        return Group.PER_TURN_OR_EVENT
    if when is None:
        return Group.CONTINUOUS
    if when.kind in PER_TURN_OR_EVENT_TIMES:
        return Group.PER_TURN_OR_EVENT
    if when.kind is W.ON_TURN:
        # "On my turn" recurs; of "On your turn" only "On your turn, you must" does.
        mine = when.role is Role.CONTROLLER
        return Group.PER_TURN_OR_EVENT if mine or obligation else Group.CONTINUOUS
    if when.kind is W.DURING_PHASE and when.role is Role.CONTROLLER:
        return Group.PER_TURN_OR_EVENT  # "During my Leadership phase"
    return Group.CONTINUOUS
