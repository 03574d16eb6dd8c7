"""One reading of a situation's facts, shared by the questions that see the same facts.

Questions of one situation mostly see the same facts, or the facts of an earlier question and
a few more. Each question gets a timeline of its own (a question may play cards or start a
turn in it), but the facts are read once: a timeline another question will read on from is
kept untouched, and each question judges in a fork of it, the last one in the kept timeline
itself.
"""

from __future__ import annotations

from operator import is_
from typing import TYPE_CHECKING

from rulesq.games.bluemoon.judge.timeline import Timeline

if TYPE_CHECKING:
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.cards import Catalog
    from rulesq.situation.model import Fact, Question, Situation

#: Where a situation's shared readings are kept in ``Context.memo``.
MEMO_KEY = "bluemoon.timelines"


def read_shared(ctx: Context, catalog: Catalog) -> Timeline:
    """The timeline after the facts the question sees, its own to change."""
    reads = ctx.memo.get(MEMO_KEY)
    if not isinstance(reads, Readings) or reads.situation is not ctx.situation:
        reads = ctx.memo[MEMO_KEY] = Readings(ctx.situation)
    return reads.timeline(ctx.question, ctx.facts, catalog)


def _starts(prefix: list[Fact], facts: list[Fact]) -> bool:
    """Whether ``facts`` begins with the very facts of ``prefix``."""
    return len(prefix) <= len(facts) and all(map(is_, prefix, facts))


class Readings:
    """The timelines kept, untouched, for the questions still to come."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.seen = [(q.index, situation.facts_before(q)) for q in situation.questions]
        self.kept: list[tuple[list[Fact], Timeline]] = []
        #: How many facts were read, all questions together (a measure of the work done).
        self.facts_read = 0

    def wanted(self, facts: list[Fact], after: int, unless: list[Fact] | None = None) -> bool:
        """Whether a question after ``after`` sees these facts first (and not ``unless``)."""
        return any(
            index > after and _starts(facts, seen) and (unless is None or not _starts(unless, seen))
            for index, seen in self.seen
        )

    def timeline(self, question: Question, facts: list[Fact], catalog: Catalog) -> Timeline:
        """Read on from the longest kept reading the facts begin with (or from the start)."""
        start: list[Fact] = []
        timeline: Timeline | None = None
        for kept_facts, kept in self.kept:
            if len(kept_facts) >= len(start) and _starts(kept_facts, facts):
                start, timeline = kept_facts, kept
        if timeline is None:
            timeline = Timeline(self.situation, catalog)
        elif self.wanted(start, question.index, unless=facts):
            timeline = timeline.fork()
        else:
            self.kept = [(f, t) for f, t in self.kept if t is not timeline]
        rest = facts[len(start) :]
        self.facts_read += len(rest)
        timeline.read(rest)
        if self.wanted(facts, question.index):
            self.kept.append((facts, timeline.fork()))
        return timeline
