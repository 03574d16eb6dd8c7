"""Whether a player may do an act now: the rules' claim and every text in force that touches it.

Every "can / must / may X do A now?" question of the Blue Moon judge goes through
:func:`permitted`. The texts that speak of an act are found by one table (``TOUCHES``: which
effect class touches which acts, with what stance); each becomes a claim: a "you may not" or
"I may not" text forbids, an "I must"/"you must" text requires, an "I may" text permits, an ignore
over a forbidding card removes its claim (PROTECTED keeps it), and the rules' own verdict (the
caller's ``base``) claims as a game rule. The ladder decides (``claims.decide``), going down its
steps and stopping at the first that settles the question: the rules' verdict (and any fact
only it needs, such as the hand size) is computed only when no card text settles it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from copy import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.engine.resolve import resolve
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.claims import (
    Claim,
    Gather,
    Stance,
    decide,
    effect_claim,
    ignore_claim,
    ladder,
    rule_claim,
    ruling_of,
    shielded,
)
from rulesq.games.bluemoon.judge.forces import effects_of, exempt_icons
from rulesq.games.bluemoon.judge.prohibits import covers, in_window
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.kinds import Kind
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.ruling import Ruling
    from rulesq.games.bluemoon.judge.state import Instance
    from rulesq.games.bluemoon.selectors import Place
    from rulesq.games.bluemoon.times import When


@dataclass(frozen=True)
class Touch:
    """One act an effect speaks of: who would do it, and what the effect says of it."""

    who: object  # the Role on the card
    act: a.Act
    stance: Stance


def _bans(effect: fx.BlueMoonEffect) -> list[Touch]:
    assert isinstance(effect, fx.Prohibition | fx.SelfRestriction)
    return [Touch(effect.who, effect.act, Stance.FORBID)]


def _musts(effect: fx.BlueMoonEffect) -> list[Touch]:
    assert isinstance(effect, fx.Obligation)
    return [Touch(effect.do.actor, act, Stance.REQUIRE) for act in effect.do.acts]


def _mays(effect: fx.BlueMoonEffect) -> list[Touch]:
    assert isinstance(effect, fx.ActionEffect)
    return [
        Touch(do.actor, act, Stance.PERMIT)
        for do in effect.dos
        if do.mode is a.Mode.MAY
        for act in do.acts
    ]


#: Which acts each effect class touches, and how: the one table of it.
TOUCHES: dict[type[fx.BlueMoonEffect], Callable[[fx.BlueMoonEffect], list[Touch]]] = {
    fx.Prohibition: _bans,
    fx.SelfRestriction: _bans,
    fx.Obligation: _musts,
    fx.ActionEffect: _mays,
}


def touches(effect: object) -> list[Touch]:
    """The acts an effect speaks of (none for a class the table does not list)."""
    read = TOUCHES.get(type(effect)) if isinstance(effect, fx.BlueMoonEffect) else None
    return read(effect) if read is not None and isinstance(effect, fx.BlueMoonEffect) else []


@dataclass(frozen=True)
class Asked:
    """The act asked about: who does it, when, and where its cards come from.

    ``when`` is the time of the text the act belongs to; ``place`` where its cards come from
    when its words only refer to them.
    """

    who: str
    act: a.Act
    when: When | None = None
    place: Place | None = None
    #: Said after a forbidding text's quote (how the act falls under it).
    why: str = ""
    #: Clauses cited with a forbidding text.
    cite: tuple[str, ...] = ()


_new = object.__new__


def _gather(kinds: frozenset[str], claims: Callable[[], Iterable[Claim]]) -> Gather:
    """``Gather(kinds, claims)`` made without the frozen class's ``__init__`` (a call a field)."""
    made = _new(Gather)
    made.__dict__.update(kinds=kinds, claims=claims)
    return made


def _asked(
    who: str, act: a.Act, when: When | None, place: Place | None, why: str, cite: tuple[str, ...]
) -> Asked:
    """``Asked(...)`` made without the frozen class's ``__init__`` (one an act judged)."""
    made = _new(Asked)
    made.__dict__.update(who=who, act=act, when=when, place=place, why=why, cite=cite)
    return made


def permitted(
    forces: Forces,
    who: str,
    act: a.Act,
    *,
    base: Ruling | Callable[[], Ruling],
    when: When | None = None,
    place: Place | None = None,
    extra: Iterable[Claim | Gather] = (),
    why: str = "",
    cite: Sequence[str] = (),
    permits: bool = True,
) -> Ruling:
    """The ruling on ``who`` doing ``act`` now.

    ``base`` is the rules' own verdict (computed only if no card text settles the question);
    ``extra`` more claims the caller knows of; ``why`` and ``cite`` what a forbidding text's
    claim adds (how the act falls under it). With ``permits`` False, "I may" texts are left to
    the caller (it judges their timing itself).
    """
    asked = _asked(who, act, when, place, why, tuple(cite))
    base_claim: list[Claim] = []
    base_ruling: list[Ruling] = []

    def rules() -> list[Claim]:
        ruling = base() if callable(base) else base
        base_ruling.append(ruling)
        claim = _base_claim(ruling)
        base_claim.append(claim)
        return [claim]

    gathers: list[Gather] = [
        _gather(_REQUIRING, lambda: requirements(forces, asked)),
        _gather(_FORBIDDING, lambda: prohibitions(forces, asked)),
    ]
    if permits:
        gathers.append(_gather(_PERMITTING, lambda: permissions(forces, asked)))
    plain = [c for c in extra if isinstance(c, Claim)]
    gathers += [g for g in extra if isinstance(g, Gather)]
    if plain:
        kinds = frozenset(Kind(c.kind) for c in plain)
        gathers.append(_gather(kinds, lambda: plain))
    gathers.append(_gather(_RULING, rules))
    result = resolve(gathers, ladder())
    ruling = ruling_of(result)
    if base_claim and result.winner is base_claim[0]:
        return _as_base(base_ruling[0], ruling)
    return ruling


def _base_claim(ruling: Ruling) -> Claim:
    """The rules' verdict as a claim (on the step its ruling names, when a text decided it)."""
    stance = _PERMIT if ruling.allowed else _FORBID
    kind: str = _GAME_RULE
    if ruling.step is not None:
        step = ladder().step(ruling.step)
        if step is not None and step.kinds:
            kind = step.kinds[0]
    claim = rule_claim(stance, ruling.reason, *ruling.rules)
    claim.kind = kind
    claim.value = ruling
    return claim


def _as_base(base: Ruling, ruling: Ruling) -> Ruling:
    """The rules' own ruling, with what the ladder added (texts beaten, removed, kept)."""
    out = copy(base)
    out.rules = list(base.rules)
    out.sources = list(base.sources)
    out.beaten = [*base.beaten, *ruling.beaten]
    out.against = [*base.against, *ruling.against]
    out.negatives = [*base.negatives, *ruling.negatives]
    if ruling.sources:
        out.reason = ruling.reason
        out.sources = [*ruling.sources, *(s for s in base.sources if s not in ruling.sources)]
    out.cite(*ruling.rules)
    if ruling.step is not None:
        out.step = ruling.step
    return out


# ---------------------------------------------------------------------- the texts in force
def _touching(
    forces: Forces,
    asked: Asked,
    classes: tuple[type[fx.BlueMoonEffect], ...],
    *,
    every: bool = False,
) -> list[tuple[Source, Touch]]:
    """The effects of these classes in force that touch the act asked.

    With ``every``, the ones on cards whose text is ignored too (their claims meet the ignore).
    """
    found = []
    for card in forces.state.cards:
        if not forces.live(card):
            continue
        sources = forces.in_force(card)
        if every and forces.opposed(card) is None:
            sources = effects_of(card)
        for source in sources:
            if not isinstance(source.effect, classes):
                continue
            for touch in touches(source.effect):
                if asked.who not in players_of(touch.who, source.controller):  # type: ignore[arg-type]
                    continue
                if not covers(
                    source,
                    touch.act,
                    asked.who,
                    asked.act,
                    asked.when,
                    asked.place,
                    strict=touch.stance is Stance.FORBID,
                ):
                    continue
                if not in_window(forces, source):
                    continue
                condition = fx.condition_of(source.effect)
                if condition is not None and not holds(condition, source.controller, forces):
                    continue
                found.append((source, touch))
    return found


def requirements(forces: Forces, asked: Asked) -> list[Claim]:
    """The "I must" and "you must" texts in force that require the act."""
    return [
        effect_claim(Stance.REQUIRE, s, f'"{s.card.name}" requires it: {s.quote}', R.SUPERSEDE)
        for s, _ in _touching(forces, asked, (fx.Obligation,))
        if _standing(s)
    ]


def permissions(forces: Forces, asked: Asked) -> list[Claim]:
    """The "I may" texts in force that let the player do the act."""
    return [
        effect_claim(Stance.PERMIT, s, f'"{s.card.name}" allows it: {s.quote}', R.SUPERSEDE)
        for s, _ in _touching(forces, asked, (fx.ActionEffect,))
        if _standing(s)
    ]


#: Periods during which a text stands (its window is checked by ``in_window``).
PERIODS = frozenset({W.ON_TURN, W.THIS_TURN, W.THIS_FIGHT})

#: Enum members (and sets of them) read on hot paths, held as plain names: on Python 3.11
#: reading a member off its class goes through the enum metaclass's ``__getattr__`` hook
#: (several hundred instructions a read, ten times a plain class attribute).
_REQUIRING = frozenset({Kind.I_MUST, Kind.CARD_TEXT})
_FORBIDDING = frozenset({Kind.IGNORE, Kind.YOU_MAY_NOT, Kind.CARD_TEXT})
_PERMITTING = frozenset({Kind.CARD_TEXT})
_RULING = frozenset({Kind.CARD_TEXT, Kind.GAME_RULE})
_PERMIT, _FORBID, _GAME_RULE = Stance.PERMIT, Stance.FORBID, Kind.GAME_RULE


def _standing(source: Source) -> bool:
    """Whether a text speaks for the whole of its period (not at one moment it names)."""
    when = fx.time_of(source.effect)
    return when is None or when.kind in PERIODS


def prohibitions(forces: Forces, asked: Asked) -> list[Claim]:
    """The "you may not" and "I may not" texts that forbid the act, with the ignores over them."""
    found: list[Claim] = []
    for source, _ in _touching(forces, asked, (fx.Prohibition, fx.SelfRestriction), every=True):
        found += forbid_claims(forces, source, asked.why, *asked.cite)
    return found


def forbid_claims(forces: Forces, source: Source, why: str = "", *cite: str) -> list[Claim]:
    """A forbidding text's claim, with the ignore that removes it or the icon that keeps it."""
    card = source.card
    clause = R.YOU_MAY_NOT if isinstance(source.effect, fx.Prohibition) else R.SUPERSEDE
    quote = source.quote.rstrip(".") if why else source.quote
    ban = effect_claim(
        Stance.FORBID, source, f'"{card.name}" forbids it: {quote}{why}', clause, *cite
    )
    out = [ban]
    ignored = forces.text_ignored(card)
    if ignored is not None:
        what = "the whole card" if ignored.what == "card" else "its special power text"
        out.append(ignore_claim(ignored.source, card, what=what))
        return out
    shield = forces.shielded_from(card)
    if shield is not None:
        shielded(ban, exempt_icons(card))
        out.append(ignore_claim(shield, card))
    return out


def forbidden_by(
    forces: Forces, who: str, act: a.Act, *, when: When | None = None, place: Place | None = None
) -> Source | None:
    """The forbidding text in force (not ignored) that covers the act, if any."""
    asked = Asked(who, act, when, place)
    found = _touching(forces, asked, (fx.Prohibition, fx.SelfRestriction))
    return found[0][0] if found else None


def stopped(forces: Forces, source: Source, allowed: str, *rules: str) -> Ruling:
    """The ruling when a forbidding text stops what the rules allow (``allowed``, the reason)."""
    return decide([rule_claim(Stance.PERMIT, allowed, *rules), *forbid_claims(forces, source)])


def by_text(source: Source, reason: str, *rules: str, allowed: bool = True) -> Ruling:
    """The ruling a card text gives by its own words (its step is its kind's)."""
    stance = Stance.PERMIT if allowed else Stance.FORBID
    return decide([effect_claim(stance, source, reason, *rules)])


def ignored_away(
    label: str,
    holder: Instance,
    ignorer: Source,
    what: str,
    reason: str,
    *rules: str,
    allowed: bool = False,
) -> Ruling:
    """The verdict ``allowed``, because what argued otherwise is ignored by ``ignorer``.

    ``label`` is what argued otherwise (a rule read on ``holder``: its icon, its text);
    ``reason`` and ``rules`` are the rules' verdict once it is gone.
    """
    gone, left = (Stance.FORBID, Stance.PERMIT) if allowed else (Stance.PERMIT, Stance.FORBID)
    return decide(
        [
            rule_claim(gone, label, holder=holder, label=label),
            ignore_claim(ignorer, holder, what=what),
            rule_claim(left, reason, *rules, default=True),
        ]
    )
