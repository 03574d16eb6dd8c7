"""The target units an effect names, read with their qualifiers, against the units in play.

A card that targets needs a legal target to be played or triggered (FAQ, Q&A 26 and 46). Read:
"[one|another|one other] target [corrupted|damaged|attacking|defending|<Trait>|[Race]] unit"
with a tail "you control", "an opponent controls", "or capital" (always legal), "with fewer
hit points than the number of <Trait> cards in play" or "in any corresponding zone" (any
player's zone of the kind its card in play is in: not read for a card not in a zone);
"target player" and "target opponent" are always legal. Any other target phrase is named as
not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import traits
from rulesq.games.warhammer.places import in_play, place
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.vocab import Zone

_ANY = compiled(r"\btarget\b", re.IGNORECASE)
_PHRASE = compiled(
    r"\b(?P<lead>one other |another |other |one )?target (?P<quals>(?:[\w'\[\]-]+ )*?)"
    r"(?P<noun>units?)\b(?P<tail>(?:(?!\btarget\b)[^.;:])*)",
    re.IGNORECASE,
)
_PLAYER = compiled(r"\btarget (?:player|opponent)\b", re.IGNORECASE)
_STATES = ("corrupted", "damaged", "attacking", "defending")
_MINE = compiled(r"^ you control\b", re.IGNORECASE)
_THEIRS = compiled(r"^ (?:an opponent controls|controlled by an opponent)\b", re.IGNORECASE)
_OR_CAPITAL = compiled(r"^ or (?:one target )?(?:capital|section)\b", re.IGNORECASE)
#: A card just played, on the chain and not in play: what the chain holds decides (the
#: cancel's own check, ``timing``), no unit in play.
_JUST_PLAYED = compiled(r"^ or support card just played\b", re.IGNORECASE)
_CORRESPONDING = compiled(r"^ in any corresponding zone\b", re.IGNORECASE)
_FEWER = compiled(
    r"^ with fewer hit points than the number of (?P<trait>[\w'-]+) cards in play", re.IGNORECASE
)
#: Words that may follow "unit" and qualify it further (then read only in the shapes above).
_QUALIFIES = compiled(
    r"^ (?:you|he|an?|your|each|or|in|with|that|which|of|not|controlled|other|and)\b",
    re.IGNORECASE,
)


@dataclass
class Targets:
    """What the target phrases ask of the board: a forbidding reason, or gaps."""

    missing: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)


def _qualifies(
    board: Board,
    unit: InPlay,
    quals: list[str],
    player: str,
    trait_fewer: str | None,
    corresponding: Zone | None = None,
) -> bool:
    """Whether a unit in play meets the qualifiers (CannotAnswer: a fact left open)."""
    from rulesq.games.warhammer.corruption import corrupted
    from rulesq.games.warhammer.values import hit_points

    attack = board.attack
    for word in quals:
        low = word.lower()
        if low == "corrupted":
            found, why = corrupted(board, unit)
            if found is None:
                raise CannotAnswer(why)
            if not found:
                return False
        elif low == "damaged":
            if any(a.card is unit for a in board.assigned):
                raise CannotAnswer(f'the damage on "{unit.name}" now is not followed')
            from rulesq.games.warhammer.spendable import bears_damage, damage_now

            damaged = bears_damage(board, unit)
            if damaged is None:
                raise CannotAnswer(f'"{unit.name}": {damage_now(board, unit).step}')
            if not damaged:
                return False
        elif low in ("attacking", "defending"):
            side = [] if attack is None else attack.attackers
            side = side if low == "attacking" or attack is None else attack.defenders
            if unit not in side:
                return False
        elif low == "corresponding":
            if corresponding is None or place(board, unit).zone is not corresponding:
                return False
        elif low == "mine":
            if place(board, unit).controller != player:
                return False
        elif low == "theirs":
            if place(board, unit).controller == player:
                return False
        else:
            assert unit.card is not None
            if not traits.of_kind(board, unit.card, word.strip("[]")):
                return False
    if trait_fewer is not None:
        points = hit_points(board, unit)
        if points.value is None or points.gaps:
            raise CannotAnswer(f'the hit points of "{unit.name}" are not known')
        count = 0
        for placed in board.cards:
            if placed.card is None or placed.facedown or not in_play(board, placed):
                continue
            count += traits.of_kind(board, placed.card, trait_fewer)
        return points.value < count
    return True


def _kinds(words: list[str]) -> list[str]:
    """The qualifiers, adjacent capitalised words joined into one race or trait ("High Elf")."""
    out: list[str] = []
    for word in words:
        bracket = bool(out) and out[-1].startswith("[") and not out[-1].endswith("]")
        if bracket or (out and word[:1].isupper() and out[-1][:1].isupper()):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def check(board: Board, effect: str, player: str, source: InPlay | None) -> Targets:
    """The target phrases of an effect against the units in play, for ``player``."""
    out = Targets()
    effect = re.sub(r"\btarget one unit\b", "one target unit", effect, flags=re.IGNORECASE)
    phrases = list(_PHRASE.finditer(effect))
    players = len(_PLAYER.findall(effect))
    read = 0
    units = [
        c
        for c in board.cards
        if c.card is not None
        and not c.facedown
        and not c.legend
        and in_play(board, c)
        and (c.card.type or "").lower() == "unit"
    ]
    for phrase in phrases:
        words = effect[phrase.start() : phrase.end("noun")].strip()
        quals = _kinds(phrase.group("quals").split())
        tail = phrase.group("tail")
        if any(q.lower() not in _STATES and not q[:1].isupper() and q[:1] != "[" for q in quals):
            continue
        fewer = None
        if _MINE.match(tail):
            quals.append("mine")
        elif _THEIRS.match(tail):
            quals.append("theirs")
        elif _OR_CAPITAL.match(tail):
            read += 1
            continue  # a capital is always there to target
        elif _JUST_PLAYED.match(tail):
            read += 1
            continue  # a card on the chain, read by the cancel's own check
        elif found := _FEWER.match(tail):
            fewer = found.group("trait")
        elif _CORRESPONDING.match(tail):
            here = None if source is None else place(board, source).zone
            if here is None:
                continue  # no zone of its own: its corresponding zones are not read
            quals.append("corresponding")
        elif _QUALIFIES.match(tail):
            continue
        zone = None if source is None else place(board, source).zone
        read += 1
        other = bool(phrase.group("lead")) and "other" in phrase.group("lead").lower()
        pool = [u for u in units if not (other and source is not None and u is source)]
        legal, open_ = 0, ""
        for unit in pool:
            try:
                legal += _qualifies(board, unit, quals, player, fewer, zone)
            except CannotAnswer as gap:
                open_ = open_ or str(gap)
        if legal:
            continue
        if open_:
            out.gaps.append(f'whether a unit in play is a legal "{words}": {open_}')
        else:
            out.missing.append(words)
    if read + players < len(_ANY.findall(effect)):
        out.gaps.append(
            f'the targets of "{effect}" are not all read: whether each has a legal target in '
            "play is not checked"
        )
    return out


def unit_is_legal(
    board: Board, effect: str, player: str, source: InPlay | None, unit: InPlay
) -> tuple[bool | None, str]:
    """Whether one unit in play is a legal target of an effect with one target phrase.

    (None, why) when the effect has another number of targets, its phrase is not read, or a
    fact its qualifiers need is left open; else the verdict and the phrase.
    """
    effect = re.sub(r"\btarget one unit\b", "one target unit", effect, flags=re.IGNORECASE)
    phrases = list(_PHRASE.finditer(effect))
    if len(phrases) != 1 or len(_ANY.findall(effect)) != 1:
        return None, "its targets are not one unit read"
    phrase = phrases[0]
    words = effect[phrase.start() : phrase.end("noun")].strip()
    quals = _kinds(phrase.group("quals").split())
    tail = phrase.group("tail")
    if any(q.lower() not in _STATES and not q[:1].isupper() and q[:1] != "[" for q in quals):
        return None, f'"{words}" is not read'
    fewer = None
    zone = None if source is None else place(board, source).zone
    if _MINE.match(tail):
        quals.append("mine")
    elif _THEIRS.match(tail):
        quals.append("theirs")
    elif found := _FEWER.match(tail):
        fewer = found.group("trait")
    elif _CORRESPONDING.match(tail) and zone is not None:
        quals.append("corresponding")
    elif tail.strip():
        return None, f'"{words}{tail}" is not read'
    other = bool(phrase.group("lead")) and "other" in phrase.group("lead").lower()
    words = f"{words}{tail.rstrip()}"
    if unit.card is None or unit.facedown or unit.legend or not in_play(board, unit):
        return False, words
    if (unit.card.type or "").lower() != "unit" or (other and unit is source):
        return False, words
    try:
        return _qualifies(board, unit, quals, player, fewer, zone), words
    except CannotAnswer as gap:
        return None, str(gap)
