"""A judge's finding on one point: yes or no, why, and what it rests on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Source


@dataclass
class Ruling:
    """A yes/no finding with its reason and what it rests on.

    A yes/no finding: the reason, the rule clauses, the card effects and the ladder step that
    decided it, the alternatives that lost and the negative facts relied on.
    """

    allowed: bool
    reason: str
    rules: list[str] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    step: str | None = None
    beaten: list[tuple[str, Source | str]] = field(default_factory=list)
    #: Card effects that argued for the alternatives that lost (a permission beaten by a
    #: prohibition, a text that would have ignored a card …).
    against: list[Source] = field(default_factory=list)
    negatives: list[str] = field(default_factory=list)
    #: Card effects of the same rank that disagree (the ladder cannot decide): no verdict.
    conflict: list[Source] = field(default_factory=list)
    #: What the answer takes for granted because the sources are silent (shown with it).
    assumptions: list[str] = field(default_factory=list)

    def cite(self, *clauses: str) -> Ruling:
        """Add rule clauses (ids or aliases), keeping order and dropping repeats."""
        for clause in clauses:
            if clause not in self.rules:
                self.rules.append(clause)
        return self


def new_ruling(
    allowed: bool, reason: str, rules: list[str], sources: list[Source], step: str | None = None
) -> Ruling:
    """``Ruling(allowed, reason, rules, sources, step)``, made without a call per field set.

    Every question judged makes several: the lists it starts empty are its own.
    """
    made: Ruling = object.__new__(Ruling)
    made.__dict__.update(
        allowed=allowed,
        reason=reason,
        rules=rules,
        sources=sources,
        step=step,
        beaten=[],
        against=[],
        negatives=[],
        conflict=[],
        assumptions=[],
    )
    return made


def yes(
    reason: str, *rules: str, sources: list[Source] | None = None, step: str | None = None
) -> Ruling:
    """A positive finding."""
    return new_ruling(True, reason, list(rules), list(sources or []), step)


def no(
    reason: str, *rules: str, sources: list[Source] | None = None, step: str | None = None
) -> Ruling:
    """A negative finding."""
    return new_ruling(False, reason, list(rules), list(sources or []), step)
