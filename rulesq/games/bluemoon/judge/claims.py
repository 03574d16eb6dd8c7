"""Blue Moon rules as claims, and a ruling from what the ladder made of them.

A card effect claims with the kind its class has (:mod:`rulesq.games.bluemoon.kinds`); a game
rule claims as a game rule. :func:`decide` hands the claims to :func:`rulesq.engine.resolve.resolve`
with the Blue Moon ladder (``corpus/bluemoon/ladder.toml``) and turns the result into a
:class:`Ruling`: the winner's reason and rules, the step that decided, what was beaten, removed
by an ignore or kept by an exempt icon. Nothing here ranks one kind above another.

An effect claims only if every field it sets is one its class declares followed
(``FOLLOWED`` in :mod:`rulesq.games.bluemoon.effects`); otherwise the answer is *cannot answer*
(:func:`require_followed`, the one check, and :func:`not_followed`, the one message).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, cast

from rulesq.engine.ladder import Ladder, load_ladder
from rulesq.engine.resolve import (
    Claim,
    Gather,
    Resolution,
    Stance,
    exempt_mark,
    overrides,
    resolve,
    step_of,
)
from rulesq.errors import CannotAnswer, RulesqError
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.ruling import Ruling, new_ruling
from rulesq.games.bluemoon.kinds import Kind

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Source
    from rulesq.games.bluemoon.judge.state import Instance

__all__ = ["Claim", "Gather", "Stance", "decide", "effect_claim", "ignore_claim", "rule_claim"]

#: Read for every claim of the rules, held as a plain name: on Python 3.11 reading a member
#: off its enum class goes through the enum metaclass's ``__getattr__`` hook.
_GAME_RULE = Kind.GAME_RULE


@cache
def ladder() -> Ladder:
    """The Blue Moon precedence ladder, from the corpus."""
    found = load_ladder("bluemoon")
    if found is None:
        raise RulesqError("the Blue Moon corpus has no ladder.toml")
    return found


def kind_of(source: Source) -> Kind:
    """The kind of rule a card effect is."""
    effect = source.effect
    return effect.rule_kind if isinstance(effect, fx.BlueMoonEffect) else Kind.CARD_TEXT


@cache
def ignore_reaches(kind: str) -> bool:
    """Whether an ignore reaches a text of this kind (one that does not outrank ignoring)."""
    return not overrides(ladder(), kind, Kind.IGNORE)


def exempt_from_ignoring(icons: Iterable[str]) -> str | None:
    """The icon among these that keeps a card from being ignored, if any (ladder data)."""
    return exempt_mark(ladder(), Kind.IGNORE, icons)


@cache
def exempting_icons() -> tuple[str, ...]:
    """The icons that keep a card from being ignored (ladder data), as cards spell them."""
    return tuple(mark.upper() for mark in step_of(ladder(), Kind.IGNORE).exempt)


def not_followed(source: Source, what: str) -> CannotAnswer:
    """*Cannot answer*: the judge does not follow ``what`` (a field, or a value of one)."""
    return CannotAnswer(
        f'rulesq does not yet follow {what} in "{source.card.name}" ({source.quote})'
    )


def require_followed(source: Source) -> None:
    """Raise *cannot answer* if the effect sets a field its class does not declare followed."""
    effect = source.effect
    if not isinstance(effect, fx.BlueMoonEffect):
        return
    missing = effect.unfollowed()
    if missing:
        field = missing[0]
        what = f"the {field.replace('_', ' ')} ({type(effect).__name__}.{field})"
        raise not_followed(source, what)


def effect_claim(
    stance: Stance, source: Source, reason: str, *rules: str, kind: Kind | None = None
) -> Claim:
    """A claim of a card effect, with the kind its class has (or ``kind``).

    An effect setting a field its class does not follow makes the answer *cannot answer*.
    """
    require_followed(source)
    return Claim(stance, kind or kind_of(source), reason, source, tuple(rules), holder=source.card)


def rule_claim(
    stance: Stance,
    reason: str,
    *rules: str,
    holder: Instance | None = None,
    label: str = "",
    default: bool = False,
) -> Claim:
    """A claim of the game rules (the clauses cited); ``holder``: the card whose icon it reads."""
    return Claim(
        stance,
        _GAME_RULE,
        reason,
        None,
        tuple(rules),
        holder=holder,
        label=label,
        default=default,
    )


def ignore_claim(ignorer: Source, *cards: Instance, what: str = "its text") -> Claim:
    """An ignore effect's claim over the texts (or ``what``) of these cards."""
    require_followed(ignorer)
    return Claim(
        Stance.IGNORE,
        kind_of(ignorer),
        f'{what} is ignored by "{ignorer.card.name}"',
        ignorer,
        (R.IGNORING,),
        holder=ignorer.card,
        reaches=tuple(cards),
    )


def step_name(kind: Kind) -> str:
    """The name of the ladder step a kind of rule sits on (for a ruling's label)."""
    return step_of(ladder(), kind).name


def shielded(claim: Claim, icons: Iterable[str]) -> Claim:
    """The claim, marked with the icons of its card that a ladder step may exempt."""
    claim.marks = frozenset(icons)
    return claim


def decide(claims: Iterable[Claim] | Sequence[Gather]) -> Ruling:
    """The ruling the ladder gives on these claims (at least one must stand)."""
    result = resolve(claims, ladder())
    return ruling_of(result)


def ruling_of(result: Resolution) -> Ruling:
    """A ruling from a resolution: verdict, reason, rules, step, beaten and kept alternatives."""
    if result.conflict:
        return _conflict(result)
    winner = result.winner
    if winner is None:
        raise RulesqError("no claim stands: the caller must give the rules' own claim")
    ruling = new_ruling(winner.allows, winner.reason, list(winner.rules), _sources([winner]))
    for lost, ignore in result.removed:
        if lost.allows != winner.allows:
            ruling.beaten.append((_shown(lost), _by(ignore)))
            ruling.against += _sources([lost])
    decisive = next(
        (
            (lost, ig)
            for lost, ig in result.removed
            if lost.allows != winner.allows and result.decided_by is not result.step
        ),
        None,
    )
    if decisive is not None:
        lost, ignore = decisive
        verb = "forbid" if not lost.allows else "allow"
        said = lost.label or f'"{_name(lost)}"'
        removal = f"{said} would {verb} it, but {ignore.reason}"
        ruling.reason = removal if winner.default else f"{winner.reason}; {removal}"
        ruling.sources = [*_sources([ignore]), *_sources([lost]), *ruling.sources]
        ruling.cite(*ignore.rules)
    for loser, by in result.beaten:
        ruling.beaten.append((_shown(loser), _by(by)))
        if loser.source is not None:
            ruling.against += _sources([loser])
    for kept, ignore, mark in result.exempt:
        name, ignorer = _name(kept), _name(ignore)
        ruling.negatives.append(f'"{name}" has {mark}, so "{ignorer}" does not ignore it')
        shown = "no" if winner.allows else "yes"
        ruling.beaten.append((f'{shown} ("{ignorer}" would ignore "{name}")', R.PROTECTED))
        ruling.cite(R.PROTECTED)
    if result.contested or winner.source is not None:
        step = result.decided_by or result.step
        ruling.step = step.name if step is not None else None
    return ruling


def _conflict(result: Resolution) -> Ruling:
    sides = result.conflict
    names = [_name(c) for c in sides]
    quotes = [getattr(c.source, "quote", c.reason) for c in sides]
    reason = (
        " and ".join(f'"{n}" ("{q}")' for n, q in zip(names, quotes, strict=True))
        + " disagree; both are of the same rank, so the ladder does not decide"
    )
    ruling = Ruling(False, reason, [r for c in sides for r in c.rules], _sources(sides))
    ruling.conflict = _sources(sides)
    ruling.step = result.step.name if result.step is not None else None
    return ruling


def _name(claim: Claim) -> str:
    return str(getattr(claim.holder, "name", "the rules"))


def _sources(claims: Iterable[Claim]) -> list[Source]:
    """The card effects behind claims (a game rule's claim has none)."""
    return [cast("Source", c.source) for c in claims if c.source is not None]


def _shown(claim: Claim) -> str:
    verdict = "yes" if claim.allows else "no"
    if claim.label:
        return f"{verdict} ({claim.label})"
    if claim.holder is None:
        return f"{verdict} ({claim.reason})"
    return f'{verdict} (by "{_name(claim)}")'


def _by(claim: Claim) -> Source | str:
    if claim.source is not None:
        return cast("Source", claim.source)
    return claim.rules[0] if claim.rules else R.SUPERSEDE
