"""Whether a character can be one of a text's two targets: ``X to attack and Y to defend``.

A character can take a role when it meets that role's words and a character the situation
states (not defeated) can take the other role with it; it cannot when it meets neither role's
own words. Anything else — a partner the situation may not list, a value or readiness not
given, a word not followed — leaves the answer unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.fma.selectors import AttributeAtLeastOther, ControlledBy

if TYPE_CHECKING:
    from rulesq.games.fma.acts import TargetPair
    from rulesq.games.fma.selectors import Selector
    from rulesq.games.fma.state import Character


@dataclass(frozen=True)
class Facts:
    """What the situation says of a character: owner, readiness, current values."""

    controller: str | None
    ready: Callable[[Character], bool | None]
    value: Callable[[Character, str], int | None]
    others: tuple[Character, ...]


@dataclass(frozen=True)
class Fit:
    """A character's fit to one role: yes with a partner, no, or unknown with the reason."""

    fits: bool | None
    role: str
    partner: Character | None = None
    reason: str = ""


def fit_pair(pair: TargetPair, target: Character, facts: Facts) -> list[Fit]:
    """The target's fit to each role of ``pair``."""
    roles = (
        (pair.first, pair.first_role, pair.second),
        (pair.second, pair.second_role, pair.first),
    )
    return [_fit_role(own, role, other, target, facts) for own, role, other in roles]


def _fit_role(own: Selector, role: str, other: Selector, target: Character, facts: Facts) -> Fit:
    mine, why = _own_words(own, target, facts)
    if mine is False:
        return Fit(False, role, reason=why)
    unknown = why
    for partner in facts.others:
        if partner is target:
            continue
        theirs, other_why = _own_words(other, partner, facts)
        if theirs is False:
            continue
        pair_fits, pair_why = _compare(own, other, target, partner, facts)
        if mine is True and theirs is True and pair_fits is True:
            return Fit(True, role, partner)
        unknown = unknown or other_why or pair_why
    alone = f"no character the situation names can {_other(role)} with it"
    return Fit(None, role, reason=unknown or alone)


def _other(role: str) -> str:
    return "defend" if role == "attack" else "attack"


def _own_words(selector: Selector, who: Character, facts: Facts) -> tuple[bool | None, str]:
    """Whether ``who`` meets a role's words that need no partner."""
    if who.gone:
        return False, f'"{who.name}" has left play'
    if selector.kind not in ("character", "characters") or selector.faction or selector.designator:
        return None, f'rulesq does not follow "{selector.render()}"'
    result: bool | None = True
    why = ""
    mine = None if who.owner is None or facts.controller is None else who.owner == facts.controller
    if selector.owner is not None:
        if selector.owner.owner != "your":
            return None, f'rulesq does not follow "{selector.owner.render()}"'
        if mine is False:
            return False, f'"{who.name}" is not yours'
        if mine is None:
            result, why = None, f'the situation does not say whose "{who.name}" is'
    for quality in selector.qualities:
        if quality != "ready":
            return None, f'rulesq does not follow "{quality}"'
        ready = facts.ready(who)
        if ready is False:
            return False, f'"{who.name}" is set'
        if ready is None:
            result, why = None, why or f'the situation does not say whether "{who.name}" is ready'
    for postmod in selector.postmods:
        if isinstance(postmod, AttributeAtLeastOther):
            continue  # compared with the partner
        if isinstance(postmod, ControlledBy) and postmod.by.kind == "player":
            if mine is True:
                return False, f'"{who.name}" is yours, not another player\u2019s'
            if mine is None:
                result, why = None, why or f'the situation does not say whose "{who.name}" is'
            continue
        return None, f'rulesq does not follow "{postmod.render()}"'
    return result, why


def _compare(
    own: Selector, other: Selector, target: Character, partner: Character, facts: Facts
) -> tuple[bool | None, str]:
    """Whether a pair meets the words comparing them (``with equal or higher strength``)."""
    result: bool | None = True
    why = ""
    for holder, compared, words in ((target, partner, own), (partner, target, other)):
        for postmod in words.postmods:
            if not isinstance(postmod, AttributeAtLeastOther):
                continue
            mine = facts.value(holder, postmod.attribute.value)
            theirs = facts.value(compared, postmod.attribute.value)
            if mine is None or theirs is None:
                result = None
                why = why or (
                    f"the {postmod.attribute.value} of "
                    f'"{(holder if mine is None else compared).name}" is not known here'
                )
            elif mine < theirs:
                return False, ""
    return result, why
