"""The one place that decides precedence: claims ordered by a game's ladder.

Every rule bearing on a question becomes a :class:`Claim`: what it says (permit, forbid,
require, modify, set, ignore), the *kind* of rule it is (the game classifies its effects:
``"you_may_not"``, ``"card_text"``, ``"game_rule"`` …) and where it comes from (a card effect,
or only rule clauses). The ladder (``corpus/<game>/ladder.toml``) maps each kind to a step;
nothing else orders rules. :func:`resolve` goes down the steps, highest first:

1. an *ignore* claim removes the claims of the cards it reaches, unless their step is above its
   own or their card bears a mark its step exempts (Blue Moon: PROTECTED);
2. the highest step that still holds a claim decides: one stance there wins and beats every
   lower claim that says otherwise; two stances there are a *conflict*.

Claims can be gathered lazily (:class:`Gather`): a gatherer is called only while a step it can
speak for could still change the outcome, so a fact needed only by a lower step is never asked.
Game code never names a step nor compares two: it asks :func:`resolve` or :func:`overrides`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from rulesq.errors import RulesqError

if TYPE_CHECKING:
    from rulesq.engine.ladder import Ladder, LadderStep


class Stance(StrEnum):
    """What a claim says of the act or value it speaks of."""

    PERMIT = "permit"
    FORBID = "forbid"
    REQUIRE = "require"
    MODIFY = "modify"
    SET = "set"
    IGNORE = "ignore"


#: Stances that let the act happen (a verdict of yes).
ALLOWING = frozenset({Stance.PERMIT, Stance.REQUIRE})
#: Enum members read on hot paths, held as plain names: on Python 3.11 reading a member off
#: its class goes through the enum metaclass's ``__getattr__`` hook (several hundred
#: instructions a read, ten times a plain class attribute).
_IGNORE = Stance.IGNORE


@dataclass(eq=False)
class Claim:
    """One rule's say on a question.

    ``holder`` is the card whose text makes the claim (None for a game rule) and ``marks`` what
    that card bears that a step may exempt (icons). An ignore claim lists in ``reaches`` the
    holders whose claims it would remove.
    """

    stance: Stance
    kind: str
    reason: str
    source: object = None
    rules: tuple[str, ...] = ()
    holder: object = None
    marks: frozenset[str] = frozenset()
    reaches: tuple[object, ...] = ()
    value: object = None
    #: How the alternative the claim argues for is shown when it loses ("" for the reason).
    label: str = ""
    #: The rules' fallback: it speaks only when no other claim does.
    default: bool = False

    @property
    def allows(self) -> bool:
        """Whether the claim argues for the act (permit or require)."""
        return self.stance in ALLOWING


@dataclass(frozen=True)
class Gather:
    """A lazy source of claims: the kinds it can produce, and how to produce them."""

    kinds: frozenset[str]
    claims: Callable[[], Iterable[Claim]]


@dataclass
class Resolution:
    """What the ladder made of the claims: the winner, its step, what lost and why."""

    winner: Claim | None = None
    step: LadderStep | None = None
    #: (loser, winner): a claim of another stance on a lower step, beaten by the winner.
    beaten: list[tuple[Claim, Claim]] = field(default_factory=list)
    #: (removed, ignore): a claim whose card an ignore claim of a higher step reached.
    removed: list[tuple[Claim, Claim]] = field(default_factory=list)
    #: (kept, ignore, mark): a claim an ignore would have removed, but for an exempt mark.
    exempt: list[tuple[Claim, Claim, str]] = field(default_factory=list)
    #: Claims of the same step that disagree: the ladder does not decide between them.
    conflict: list[Claim] = field(default_factory=list)
    #: The step that decided (the winner's, or the ignore's that removed a higher claim).
    decided_by: LadderStep | None = None
    #: Every claim that was gathered (the ones not removed, in ladder order).
    standing: list[Claim] = field(default_factory=list)

    @property
    def settled(self) -> bool:
        """Whether one stance won (no conflict, some claim)."""
        return self.winner is not None and not self.conflict

    @property
    def contested(self) -> bool:
        """Whether anything argued otherwise (something beaten, removed or kept by a mark)."""
        return bool(self.beaten or self.removed or self.exempt)


def step_of(ladder: Ladder, kind: str) -> LadderStep:
    """The ladder step a kind of rule sits on."""
    step = ladder.step_of_kind(kind)
    if step is None:
        raise RulesqError(f'the {ladder.game} ladder places no rule of kind "{kind}"')
    return step


def overrides(ladder: Ladder, over: str, under: str) -> bool:
    """Whether a rule of kind ``over`` takes precedence over one of kind ``under``."""
    return step_of(ladder, over).rank < step_of(ladder, under).rank


def exempt_mark(ladder: Ladder, kind: str, marks: Iterable[str]) -> str | None:
    """The mark among ``marks`` that the step of ``kind`` does not reach, if any."""
    exempt = {m.casefold() for m in step_of(ladder, kind).exempt}
    return next((m for m in marks if m.casefold() in exempt), None)


def resolve(claims: Iterable[Claim] | Sequence[Gather], ladder: Ladder) -> Resolution:
    """Order the claims by the ladder and pick the winner.

    ``claims`` is either the claims themselves or gatherers, called highest step first and no
    further than the step that settles the question.
    """
    items = list(claims)
    gatherers = [g for g in items if isinstance(g, Gather)]
    gathered = [c for c in items if isinstance(c, Claim)]
    if not gatherers:
        return _decide(gathered, ladder)
    rank = {id(g): min(step_of(ladder, k).rank for k in g.kinds) for g in gatherers}
    pending = sorted(gatherers, key=lambda g: rank[id(g)])
    for claim in gathered:  # what deciding them alone would raise, before any gatherer is called
        step_of(ladder, claim.kind)
    # The first gatherer is always called: the claims are decided once it has given its own.
    result = Resolution()
    while pending:
        head = pending.pop(0)
        gathered.extend(head.claims())
        result = _decide(gathered, ladder)
        if pending and _final(result, ladder, rank[id(pending[0])]):
            break
    return result


def _final(result: Resolution, ladder: Ladder, next_rank: int) -> bool:
    """Whether no claim of a step at ``next_rank`` or below could change the result."""
    top = result.conflict[0] if result.conflict else result.winner
    return top is not None and step_of(ladder, top.kind).rank < next_rank


def _decide(claims: list[Claim], ladder: Ladder) -> Resolution:
    result = Resolution()
    steps = {id(c): step_of(ladder, c.kind) for c in claims}
    ranked = sorted(claims, key=lambda c: steps[id(c)].rank)
    removed: set[int] = set()
    for ignore in (c for c in ranked if c.stance is _IGNORE):
        if id(ignore) in removed:
            continue
        for target in ranked:
            if target.stance is _IGNORE or id(target) in removed or not _reached(ignore, target):
                continue
            if steps[id(target)].rank < steps[id(ignore)].rank:
                continue  # a rule above the ignore's step is beyond its reach
            mark = exempt_mark(ladder, ignore.kind, target.marks)
            if mark is not None:
                result.exempt.append((target, ignore, mark))
                continue
            removed.add(id(target))
            result.removed.append((target, ignore))
    standing = [c for c in ranked if id(c) not in removed and c.stance is not _IGNORE]
    if any(not c.default for c in standing):
        standing = [c for c in standing if not c.default]
    result.standing = standing
    if not standing:
        return result
    top = steps[id(standing[0])]
    first = [c for c in standing if steps[id(c)] is top]
    if len({c.allows for c in first}) > 1:
        result.conflict = first
        result.step = top
        return result
    winner = first[0]
    result.winner, result.step, result.decided_by = winner, top, top
    result.beaten = [(c, winner) for c in standing if c.allows != winner.allows]
    # An ignore that removed a claim which would otherwise have won decided the question.
    for lost, ignore in result.removed:
        if lost.allows != winner.allows and steps[id(lost)].rank <= top.rank:
            result.decided_by = step_of(ladder, ignore.kind)
            break
    return result


def _reached(ignore: Claim, target: Claim) -> bool:
    return target.holder is not None and any(target.holder is h for h in ignore.reaches)
