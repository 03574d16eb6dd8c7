"""FMA situation reader: a location's goals and the changes to them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import InputError
from rulesq.games.fma import citations
from rulesq.games.fma.goals import Goal, change_attribute_goals, read_goal, replace_goal
from rulesq.games.fma.state import (
    RULE,
    card_clauses,
)
from rulesq.games.fma.vocab import Attribute

if TYPE_CHECKING:
    from rulesq.situation.model import Fact
from rulesq.games.fma.reader_base import ReaderBase


class GoalReader(ReaderBase):
    """Reads the statements of a location's goals and their changes."""

    def _fact_goals(self, fact: Fact) -> None:
        written = [self._goal(text, fact) for text in fact.param("goal", ())]
        self.state.goals = list(dict.fromkeys(written))
        self.state.goal_facts = [fact]
        self.state.goal_clauses = []
        if len(self.state.goals) < len(written):
            # "Multiple copies of the same attribute goal do not stack."
            self.state.goal_clauses.append((citations.GOAL_CHANGE, RULE))

    def _goal(self, text: str, fact: Fact) -> Goal:
        try:
            return read_goal(text)
        except InputError as error:
            raise self.error(error.message, fact) from None

    def _fact_goal_change(self, fact: Fact) -> None:
        goals = self._goals_before(fact)
        change = change_attribute_goals(goals, Attribute.named(str(fact.param("attribute"))))
        self._goal_done(fact, change.goals, change.clauses)

    def _fact_goal_replace(self, fact: Fact) -> None:
        goals = self._goals_before(fact)
        new = [self._goal(text, fact) for text in fact.param("goal", ())]
        change = replace_goal(goals, new)
        self._goal_done(fact, change.goals, change.clauses)

    def _goals_before(self, fact: Fact) -> list[Goal]:
        if self.state.goals is None:
            raise self.error(
                "no goal has been given before this change",
                fact,
                suggestion="Give the goals first: the location has goals "
                '"Wits +1" and "Alchemy +1"',
            )
        return self.state.goals

    def _goal_done(self, fact: Fact, goals: tuple[Goal, ...], clauses: tuple[str, ...]) -> None:
        self.state.goals = list(goals)
        self.state.goal_facts.append(fact)
        actor = fact.cards[0] if fact.cards else None
        extra = card_clauses(actor.card) if actor is not None and actor.card else ()
        for cited in ((c, RULE) for c in clauses):
            if cited not in self.state.goal_clauses:
                self.state.goal_clauses.append(cited)
        self.state.goal_clauses += [c for c in extra if c not in self.state.goal_clauses]
