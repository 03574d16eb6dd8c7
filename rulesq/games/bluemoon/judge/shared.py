"""One reading of a situation's facts, shared by the questions that see the same facts.

Questions of one situation mostly see the same facts, or the facts of an earlier question and
a few more. Each question gets a timeline of its own (a question may play cards or start a
turn in it), but the facts are read once: a timeline another question will read on from is
kept, lent to the question that read it (``rulesq.games.bluemoon.judge.lending``: what its
judging changes is undone when the timeline is next taken), and a later question reads on
from it, in a fork when yet another question wants it, else in the kept timeline itself.

A default's re-ask (``rulesq.engine.defaults``) states a line just before the question (``it
is my turn``, ``phase Character``): the facts before that line are the very facts of the
situation it was made from. When they hold a play (costlier to read than to copy), its
reading starts from a reading of those facts kept for the situation's re-asks (``Branches``),
or kept for its questions, when the cards read the same (``Catalog.same_as``), lent to it
and given back as it was: the eight phases of one question read them once, not eight times.
"""

from __future__ import annotations

from operator import is_
from typing import TYPE_CHECKING, Any

from rulesq.engine.defaults import ASKED_FROM, FAMILY
from rulesq.games.bluemoon.judge.lending import as_kept, lend, lent, taken
from rulesq.games.bluemoon.judge.timeline import Timeline

if TYPE_CHECKING:
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.cards import Catalog
    from rulesq.situation.model import Fact, Question, Situation

#: Where a situation's shared readings are kept in ``Context.memo`` (and in its ``FAMILY``).
MEMO_KEY = "bluemoon.timelines"
#: Where the readings kept for a situation's re-asks are, in its ``FAMILY``.
BRANCHES_KEY = "bluemoon.branches"
#: The statements whose reading judges a play (``Moves``): facts costlier to read again than
#: to copy. Facts before a re-ask's line that hold none are read again (a copy of a state
#: costs about what reading its cards does).
PLAY_FACTS = frozenset({"play", "play_without_icon", "play_from_deck", "play_bluff"})
#: The facts a phase re-ask adds just before its question, by kind.
_STATED = (["phase"], ["turn", "phase"])


def read_shared(ctx: Context, catalog: Catalog) -> Timeline:
    """The timeline after the facts the question sees, its own to change."""
    reads = ctx.memo.get(MEMO_KEY)
    if not isinstance(reads, Readings) or reads.situation is not ctx.situation:
        reads = ctx.memo[MEMO_KEY] = Readings(ctx.situation, ctx.memo.get(ASKED_FROM))
        ctx.memo.setdefault(FAMILY, {})[MEMO_KEY] = reads  # for the situation's re-asks
    return reads.timeline(ctx.question, ctx.facts, catalog, ctx)


def _starts(prefix: list[Fact], facts: list[Fact]) -> bool:
    """Whether ``facts`` begins with the very facts of ``prefix``."""
    return len(prefix) <= len(facts) and all(map(is_, prefix, facts))


def _common(facts: list[Fact], others: list[Fact]) -> int:
    """How many facts ``facts`` and ``others`` begin with that are the very same."""
    count = 0
    for fact, other in zip(facts, others, strict=False):
        if fact is not other:
            break
        count += 1
    return count


def _worth_sharing(facts: list[Fact]) -> bool:
    """Whether a copy of a reading of ``facts`` costs less than reading them: a play's does."""
    return any(fact.kind in PLAY_FACTS for fact in facts)


#: Up to this many facts holding no play, a later question reads them again rather than from a
#: copy of this question's reading: a copy of a timeline (its state, players, cards, events
#: and earlier moments) costs about what reading a dozen such facts does. Past it, the copy
#: is kept, so that many questions after many facts read each fact once, not once each.
FEW_FACTS = 16


#: Whether a kept reading is lent to the question (or re-ask) that read it rather than
#: copied for later ones (a test turns it off to compare).
LEND = True


def _keeping(timeline: Timeline, borrower: object) -> Timeline | None:
    """The timeline to keep for later, ``timeline`` being judged in: lent, or a copy.

    None for a timeline lent already (one loan at a time): a re-ask's reading of a kept
    reading, which a later question reads on from as this one did (such a copy was read
    from once in forty over the Blue Moon cases).
    """
    if not LEND:
        return timeline.fork()
    return None if lent(timeline) else lend(timeline, borrower)


def _worth_keeping(facts: list[Fact]) -> bool:
    """Whether a later question should read on from a copy of the reading of ``facts``."""
    return len(facts) > FEW_FACTS or _worth_sharing(facts)


class Branches:
    """Readings of the facts before the lines a situation's re-asks state, kept untouched."""

    def __init__(self) -> None:
        self.kept: list[tuple[list[Fact], Timeline]] = []

    def keep(self, facts: list[Fact], timeline: Timeline, borrower: object) -> None:
        """Keep ``timeline`` (the reading of ``facts``), lent to ``borrower``, unless one is kept.

        The re-ask reads on and judges in it: the next one to take it gets it back as it is
        now (:mod:`rulesq.games.bluemoon.judge.lending`).
        """
        catalog = timeline.catalog
        if not any(
            len(f) == len(facts) and _starts(f, facts) and as_kept(t, "catalog").same_as(catalog)
            for f, t in self.kept
        ):
            self.kept.append((facts, lend(timeline, borrower) if LEND else timeline.fork()))


class Readings:
    """The timelines kept, untouched, for the questions still to come."""

    def __init__(self, situation: Situation, asked_from: dict[str, Any] | None = None) -> None:
        self.situation = situation
        #: The questions, each with the facts it sees once asked for (``wanted``): a question
        #: asks only about the questions after it, the last one about none.
        self.seen: list[tuple[Question, list[Fact] | None]] = [
            (q, None) for q in situation.questions
        ]
        self.kept: list[tuple[list[Fact], Timeline]] = []
        #: How many facts were read, all questions together (a measure of the work done).
        self.facts_read = 0
        #: The ``FAMILY`` of the situation this one is a re-ask of (None: no re-ask).
        self.asked_from = asked_from
        #: The cards the questions were read with (the situation's: one catalog).
        self.catalog: Catalog | None = None

    def wanted(self, facts: list[Fact], after: int, unless: list[Fact] | None = None) -> bool:
        """Whether a question after ``after`` sees these facts first (and not ``unless``)."""
        for at, (question, seen) in enumerate(self.seen):
            if question.index <= after:
                continue
            if seen is None:
                seen = self.situation.facts_before(question)
                self.seen[at] = (question, seen)
            if _starts(facts, seen) and (unless is None or not _starts(unless, seen)):
                return True
        return False

    def timeline(
        self, question: Question, facts: list[Fact], catalog: Catalog, borrower: object
    ) -> Timeline:
        """Read on from the longest kept reading the facts begin with (or from the start).

        ``borrower``: the question's context, which a reading kept for later questions is
        lent to (:mod:`rulesq.games.bluemoon.judge.lending`).
        """
        self.catalog = catalog
        start: list[Fact] = []
        timeline: Timeline | None = None
        for kept_facts, kept in self.kept:
            if len(kept_facts) >= len(start) and _starts(kept_facts, facts):
                start, timeline = kept_facts, kept
        if timeline is None:
            start, timeline = self._branch(facts, catalog, borrower)
        elif self.wanted(start, question.index, unless=facts):
            timeline = taken(timeline, borrower).fork()
        else:
            self.kept = [(f, t) for f, t in self.kept if t is not timeline]
            timeline = taken(timeline, borrower)
        rest = facts[len(start) :]
        self.facts_read += len(rest)
        timeline.noted_phase = self._stated_phase(facts, rest)
        timeline.read(rest)
        if _worth_keeping(facts) and self.wanted(facts, question.index):
            keeping = _keeping(timeline, borrower)
            if keeping is not None:
                self.kept.append((facts, keeping))
        return timeline

    def _stated_phase(self, facts: list[Fact], rest: list[Fact]) -> Fact | None:
        """The phase a re-ask states just before its question, if read now (None: none).

        A phase re-ask states ``phase <name>`` (after ``it is my turn`` when the turn was
        assumed) just before the question: its last facts are new, those before them the
        very facts of the situation it was made from. Its phase is read noted
        (``rulesq.games.bluemoon.judge.phase_reads``).
        """
        family = self.asked_from
        parent = family.get(MEMO_KEY) if family is not None else None
        if not rest or not isinstance(parent, Readings) or rest[-1].kind != "phase":
            return None
        new = [f.kind for f in facts[_common(facts, parent.situation.facts) :]]
        return rest[-1] if new in _STATED else None

    def _branch(
        self, facts: list[Fact], catalog: Catalog, borrower: object
    ) -> tuple[list[Fact], Timeline]:
        """A re-ask's timeline after the facts it shares with its situation's (or a new one).

        Those facts (the same objects) read with the same cards give the same timeline: a
        reading kept (by the situation's questions, or for its re-asks) is read on from, lent
        (a copy of it when more facts are to be read before the kept ones end); else they are
        read, and the reading kept, lent, for the other re-asks (the other phases).
        A re-ask whose cards read otherwise than the situation's (an icon given to a card)
        reads its facts anew and keeps no copy: no reading kept is of its cards, and its
        copy would serve no other re-ask of them.
        """
        family = self.asked_from
        parent = family.get(MEMO_KEY) if family is not None else None
        if family is None or not isinstance(parent, Readings):
            return [], Timeline(self.situation, catalog)
        shared = _common(facts, parent.situation.facts)
        if (
            shared == 0
            or not _worth_sharing(facts[:shared])
            or parent.catalog is None
            or not parent.catalog.same_as(catalog)
        ):
            return [], Timeline(self.situation, catalog)
        branches = family.setdefault(BRANCHES_KEY, Branches())
        start: list[Fact] = []
        found: Timeline | None = None
        for kept_facts, kept in [*parent.kept, *branches.kept]:
            if (
                len(start) <= len(kept_facts) <= shared
                and _starts(kept_facts, facts)
                and as_kept(kept, "catalog").same_as(catalog)
            ):
                start, found = kept_facts, kept
        if found is None:
            timeline = Timeline(self.situation, catalog)
        else:
            timeline = taken(found, borrower)
            if len(start) < shared or (timeline is found and not LEND):
                timeline = timeline.fork()  # the kept one stays as it is, for its facts
            elif timeline is found:
                lend(timeline, borrower)  # kept as it is: read on from, and given back
        timeline.situation, timeline.catalog = self.situation, catalog
        if len(start) < shared:
            read = facts[len(start) : shared]
            self.facts_read += len(read)
            timeline.read(read)
            start = facts[:shared]
            branches.keep(start, timeline, borrower)
        return start, timeline
