"""Whether a character can be one of a text's two targets: ``X to attack and Y to defend``.

A character can take a role when it meets that role's words and a character the situation
states (not defeated) can take the other role with it. It cannot when it fails the role's own
words, or when every character the situation states fails the other role with it (a partner set,
of the wrong side, or beaten by the comparison): the side is read as the characters stated
(``sides``, the one rule), and the answer shows that it assumes so (``closed``).
Anything else — a value or readiness not given, a word not followed — leaves it unknown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.fma import sides
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
    #: Whether a player's side is read as the characters stated (``sides.side_closed``).
    side_known: Callable[[str], bool] = lambda player: False


@dataclass(frozen=True)
class Fit:
    """A character's fit to one role: yes with a partner, no, or unknown with the reason."""

    fits: bool | None
    role: str
    partner: Character | None = None
    reason: str = ""
    #: A no that rests on the situation naming every character that could be the partner.
    closed: bool = False


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
    unknown = ""
    beaten: list[str] = []
    for partner in facts.others:
        if partner is target:
            continue
        theirs, other_why = _own_words(other, partner, facts)
        if theirs is False:
            if _on_side(other, partner, facts):
                beaten.append(other_why)
            continue
        pair_fits, pair_why = _compare(own, other, target, partner, facts)
        if pair_fits is False:
            beaten.append(pair_why)
            continue
        if mine is True and theirs is True and pair_fits is True:
            return Fit(True, role, partner)
        unknown = unknown or why or other_why or pair_why
    open_sides = [p for p in _partner_sides(other, facts) if not facts.side_known(p)]
    if unknown or not sides.closed(len(beaten)) or open_sides:  # a partner's side not known
        alone = f"no character the situation names can {_other(role)} with it"
        if not unknown and beaten and open_sides:
            alone += (
                f" ({'; '.join(beaten)}), but "
                + " or ".join(
                    "your leader" if p == facts.controller else "the other player's leader"
                    for p in open_sides
                )
                + " is not named: a leader is in play, and one not stated may"
            )
        return Fit(None, role, reason=unknown or alone)
    alone = f"no character the situation names can {_other(role)} with it ({'; '.join(beaten)})"
    return Fit(False, role, reason=alone, closed=True)


def _on_side(selector: Selector, who: Character, facts: Facts) -> bool:
    """Whether ``who`` is in play on the side the role's words name (yours, another's)."""
    if who.gone or who.owner is None or facts.controller is None:
        return False
    mine = who.owner == facts.controller
    if selector.owner is not None:
        return mine
    if any(isinstance(p, ControlledBy) and p.by.kind == "player" for p in selector.postmods):
        return not mine
    return True


def _partner_sides(selector: Selector, facts: Facts) -> tuple[str, ...]:
    """The players whose characters could take the role's words (the text's player's or not)."""
    players = ("me", "you")
    if facts.controller is None:
        return players
    if selector.owner is not None:
        return (facts.controller,)
    if any(isinstance(p, ControlledBy) and p.by.kind == "player" for p in selector.postmods):
        return tuple(p for p in players if p != facts.controller)
    return players


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
                name = postmod.attribute.value
                return False, (
                    f'"{holder.name}" has {name} {mine}, lower than the {theirs} of '
                    f'"{compared.name}"'
                )
    return result, why
