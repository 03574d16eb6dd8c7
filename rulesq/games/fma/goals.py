"""Location goals and the effects that change them (attribute goals versus whole goals).

From the rulings' "Changing attribute goals": an effect that changes attribute goals changes
all of them, and copies of the same attribute goal do not stack; goals that are not about an
attribute stay; an effect on the entire goal (not naming attributes) replaces it all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rulesq.errors import InputError
from rulesq.games.fma import citations
from rulesq.games.fma.vocab import Attribute


@dataclass(frozen=True)
class AttributeGoal:
    """A goal of an attribute bonus, printed like ``Wits +1``."""

    attribute: Attribute
    amount: int

    def render(self) -> str:
        """``Wits +1``."""
        sign = "+" if self.amount >= 0 else ""
        return f"{self.attribute.heading} {sign}{self.amount}"


@dataclass(frozen=True)
class OtherGoal:
    """A goal that is not about an attribute, such as ``a State Alchemist``."""

    text: str

    def render(self) -> str:
        """The goal as written."""
        return self.text


Goal = AttributeGoal | OtherGoal


@dataclass(frozen=True)
class GoalChange:
    """The goals after a change, and the clauses the change rests on."""

    goals: tuple[Goal, ...]
    clauses: tuple[str, ...]

    def render(self) -> str:
        """The goals joined with "and"."""
        return " and ".join(f"“{g.render()}”" for g in self.goals) or "no goal"


_ATTRIBUTE_GOAL = re.compile(r"^\s*(strength|wits|alchemy)\s*([+-]\s*\d+)\s*$", re.IGNORECASE)


def read_goal(text: str) -> Goal:
    """A goal from its printed form: ``Wits +1`` is an attribute goal, anything else is not.

    Raises:
        InputError: the text is empty.
    """
    if not text.strip():
        raise InputError(
            "a goal cannot be empty.", text=text, expected=["Wits +1", "a State Alchemist"]
        )
    match = _ATTRIBUTE_GOAL.match(text)
    if match:
        return AttributeGoal(Attribute.named(match[1]), int(match[2].replace(" ", "")))
    return OtherGoal(text.strip())


def change_attribute_goals(goals: Sequence[Goal], attribute: Attribute) -> GoalChange:
    """Every attribute goal becomes a goal of ``attribute``; copies of a goal do not stack.

    Goals that are not about an attribute are kept as they are.
    """
    out: list[Goal] = []
    for goal in goals:
        new = AttributeGoal(attribute, goal.amount) if isinstance(goal, AttributeGoal) else goal
        if new not in out:
            out.append(new)
    return GoalChange(tuple(out), (citations.GOAL_CHANGE, citations.GOAL_OTHER))


def replace_goal(goals: Sequence[Goal], new: Sequence[Goal]) -> GoalChange:
    """An effect on the entire goal: every goal, attribute or not, gives way to ``new``."""
    del goals  # the old goals, whatever they are, do not survive
    out: list[Goal] = []
    for goal in new:
        if goal not in out:
            out.append(goal)
    return GoalChange(tuple(out), (citations.GOAL_OTHER,))
