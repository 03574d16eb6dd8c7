"""The terms of a constant grant read on the board: whom it reaches, its condition, its count.

Each term is read from the text alone first (``reach``, ``condition_term``, ``count_term``:
None when its words are not read, and the grant is then *cannot answer*), then checked
against the board (None when the board does not state what the term needs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.effects.words import NUMBER_WORDS, parse_number
from rulesq.games.warhammer import traits
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.games.warhammer import effects as fx
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.values import Value
    from rulesq.games.warhammer.vocab import Zone


@dataclass(frozen=True)
class Reach:
    """The units a subject names: a side, a race or trait, whose, and where."""

    side: str = ""
    kind: str = ""
    mine: bool = False
    where: str = ""
    undamaged: bool = False
    #: "in a zone with at least N <Trait> card(s)": the trait and N (the unit's own zone).
    zone_with: str = ""
    at_least: int = 0
    #: The kind was a race icon ("[Orc]"): the race alone decides, never a trait.
    icon: bool = False
    #: "damaged" (damage on it), "questing" (on a quest), "corrupted", or "".
    state: str = ""
    #: "with at least one Attachment support card attached to it".
    equipped: bool = False


_UNITS = compiled(
    r"^(?:each (?:of )?)?(?P<your>your )?(?P<side>attacking |defending )?"
    r"(?P<state>damaged |questing |corrupted )?(?P<kind>\S+ )?units?"
    r"(?P<undamaged> with no damage on (?:it|them))?(?P<mine> you control)?"
    r"(?P<equipped> with at least one attachment support card attached to it)?"
    r"(?P<where> in this zone| in all corresponding zones"
    r"| in a zone with at least (?P<n>\w+) (?P<trait>\S+) cards?)?$"
)


#: Capitalised words before "unit" at the head of a sentence that name no race or trait: a
#: state ("Corrupted units") or a pointer ("That unit"), left unread rather than taken as a trait.
_NOT_KINDS = frozenset(
    ("each", "units", "unit", "corrupted", "attached", "that", "this", "those", "these")
    + ("target", "other", "all", "ready", "exhausted", "restored")
)


def reach(act: fx.Act) -> Reach | None:
    """The units a subject like "each attacking [Orc] unit" names, or None when not read.

    A word before "unit" is read only as a race icon ("[Orc]") or a capitalised trait or
    race ("Mage"); any other word ("damaged") leaves the subject unread.
    """
    if act.subject is None:
        return None
    words = list(act.subject.words)
    found = _UNITS.match(" ".join(words).lower())
    if found is None:
        return None
    kind, icon = "", False
    if found.group("kind"):
        raw = next(w for w in words if w.lower() == found.group("kind").strip())
        if raw.startswith("[") and raw.endswith("]"):
            kind, icon = raw[1:-1], True
        elif raw[:1].isupper() and raw.lower() not in _NOT_KINDS:
            kind = raw
        else:
            return None
    zone_with, at_least = "", 0
    if found.group("trait"):
        raw = words[[w.lower() for w in words].index(found.group("trait"))]
        number = found.group("n")
        if not raw[:1].isupper() or (not number.isdigit() and number not in NUMBER_WORDS):
            return None
        zone_with, at_least = raw, parse_number(number)
    return Reach(
        (found.group("side") or "").strip(),
        kind,
        bool(found.group("mine") or found.group("your")),
        "" if zone_with else (found.group("where") or "").strip(),
        bool(found.group("undamaged")),
        zone_with,
        at_least,
        icon,
        (found.group("state") or "").strip(),
        bool(found.group("equipped")),
    )


def reaches(board: Board, owner: str, zone: Zone | None, target: InPlay, term: Reach) -> bool:
    """Whether the units a card of ``owner`` in ``zone`` names take in ``target``."""
    card = target.card
    if card is None or (card.type or "").lower() != "unit" or target.facedown:
        return False
    if term.side:
        attack = board.attack
        side = (
            []
            if attack is None
            else (attack.attackers if term.side == "attacking" else attack.defenders)
        )
        if target not in side:
            return False
    if term.undamaged and _damaged(board, target):
        return False
    if term.equipped and not _equipped(board, target):
        return False
    if term.state == "damaged" and not _damaged(board, target):
        return False
    if term.state == "questing" and not _questing(board, target):
        return False
    if term.state == "corrupted" and not _corrupted(board, target):
        return False
    if term.icon and (card.fields.get("race") or "").casefold() != term.kind.casefold():
        return False
    if term.kind and not term.icon and not _has_kind(board, target, term.kind):
        return False
    if term.mine and target.owner != owner:
        return False
    if term.zone_with:
        return _zone_shows(board, target, term.zone_with) >= term.at_least
    if term.where == "in this zone":
        return target.owner == owner and zone is not None and target.zone is zone
    if term.where == "in all corresponding zones":
        return zone is not None and target.zone is zone
    return True


def _damaged(board: Board, target: InPlay) -> bool:
    """Whether a unit has damage on it now (CannotAnswer when what was spent off it is open)."""
    from rulesq.errors import CannotAnswer
    from rulesq.games.warhammer.spendable import bears_damage, damage_now

    found = bears_damage(board, target)
    if found is None:
        raise CannotAnswer(f'"{target.name}": {damage_now(board, target).step}')
    dealt = may_be_dealt(board, target)
    if not found and dealt:
        raise CannotAnswer(f'"{target.name}" is stated with no damage, but {dealt}')
    return found or bool(applied(board, target))


def applied(board: Board, target: InPlay) -> int | None:
    """The damage resolved links dealt a unit since it was stated, applied at once (None: open).

    Read where the damage assigned by links ``resolved_damage`` follows (outside combat:
    applied as soon as it is assigned, p.17) came after the unit's statement, none is stated
    assigned to the unit itself, and the damage dealt is known (Toughness, cancels and
    redirects met: a redirect may bring it another unit's damage).
    """
    if any(a.card is target and (a.link is None or a.combat) for a in board.assigned):
        return None  # damage stated assigned to it: applied when, and how much, not read here
    followed = [a for a in board.assigned if a.link is not None and a.amount > 0]
    if not followed:
        return 0
    if any(a.fact.index < target.fact.index for a in followed) or _DEALT is None:
        return None
    value = _DEALT(board, target)
    return value.value if not value.gaps else None


#: How much damage a unit is dealt (``damage.dealt``), set by the damage module as it loads:
#: it reads this module's terms (Toughness grants), so this one cannot import it. Unset, the
#: damage a link dealt is open.
_DEALT: Callable[[Board, InPlay], Value] | None = None


def follow_damage(dealt: Callable[[Board, InPlay], Value]) -> None:
    """Give ``applied`` the reading of the damage a unit is dealt (the damage module's)."""
    global _DEALT
    _DEALT = dealt


#: A text that deals damage to a unit (or makes it take some): "deal 3 damage", not "deals no
#: damage" nor "+1 damage in combat".
_DEALS = compiled(r"\b(?:deal|take)s? (?!no\b)(?:\w+ ){0,2}damage\b", re.IGNORECASE)


def may_be_dealt(board: Board, target: InPlay) -> str:
    """Why damage may be on a unit besides that stated ("" when nothing says so).

    A link resolved that deals damage and targeted it (or whose targets are not stated), after
    the card was stated, may have put damage on it: whether it is damaged now is then not read
    from the statement.
    """
    for link in board.resolved:
        if link.card is None or not _DEALS.search(link.card.text or ""):
            continue
        if link.fact.index < target.fact.index:
            continue  # its damage was stated after the link
        if board.dealt_by(link) is not None and applied(board, target) is not None:
            continue  # its damage is followed (``applied``)
        if target in link.targets or not link.targets:
            return f'"{link.name}" resolved and deals damage, and it may have reached it'
    return ""


def _corrupted(board: Board, target: InPlay) -> bool:
    """Whether a unit is corrupted now (CannotAnswer naming what leaves it open)."""
    from rulesq.errors import CannotAnswer
    from rulesq.games.warhammer.corruption import corrupted

    found, why = corrupted(board, target)
    if found is None:
        raise CannotAnswer(why)
    return found


def corrupted_units(board: Board, player: str, whose: str) -> int:
    """The corrupted units in play that ``player`` ("mine") or an opponent of his controls.

    CannotAnswer when a unit's corruption, or its place, is left open.
    """
    from rulesq.games.warhammer import places as P

    mine = player
    count = 0
    for placed in board.cards:
        if placed.legend or placed.facedown or placed.card is None:
            continue
        here = P.place(board, placed)
        if here.gaps:
            from rulesq.errors import CannotAnswer

            raise CannotAnswer(here.gaps[0])
        if here.zone is None or "unit" not in here.kinds:
            continue
        if (here.controller == mine) != (whose == "mine"):
            continue
        count += _corrupted(board, placed)
    return count


def _equipped(board: Board, target: InPlay) -> bool:
    """Whether an Attachment support card in play is attached to the unit (traits read)."""
    from rulesq.games.warhammer.places import in_play

    return any(
        c.card is not None
        and (c.card.type or "").lower() == "support"
        and traits.bears(board, c.card, "Attachment")
        and in_play(board, c)
        for c in board.attached_to(target)
    )


def _questing(board: Board, target: InPlay) -> bool:
    """Whether a unit is questing (CannotAnswer: in the quest zone, and not stated)."""
    from rulesq.errors import CannotAnswer
    from rulesq.games.warhammer import places as P
    from rulesq.games.warhammer.vocab import Zone

    here = P.place(board, target)
    if here.questing is not None:
        return True
    if here.zone is Zone.QUEST and target.questing_on is None:
        raise CannotAnswer(
            f'"{target.name}" is in the quest zone, and whether it is questing is not stated '
            f'(write, e.g., "{target.name}" is questing on "Some Quest")'
        )
    return False


def _zone_shows(board: Board, target: InPlay, trait: str) -> int:
    """How many faceup cards in the target's zone bear a trait (a development shows none)."""
    if target.zone is None:
        return 0
    return sum(
        1
        for placed in board.in_zone(target.owner, target.zone)
        if placed.card is not None and not placed.facedown and _has_kind(board, placed, trait)
    )


def _has_kind(board: Board, target: InPlay, kind: str) -> bool:
    """Whether a card is of a race or bears a trait (CannotAnswer: its traits are unknown)."""
    assert target.card is not None
    return traits.of_kind(board, target.card, kind)


@dataclass(frozen=True)
class Condition:
    """A condition read: what it looks at, whether it is negated, and a number."""

    kind: str
    negated: bool = False
    at_least: int = 0
    zone: str = ""


_DEVELOPMENTS = compiled(
    r"^(?:if|while) you have (?:at least (?P<n1>\w+)|(?P<n2>\w+) or more) developments? "
    r"in (?P<zone>this zone|your kingdom|your quest zone|your battlefield)$"
)
_ZONE_BURNING = compiled(r"^(?:if|while) this zone is (?P<not>not )?burning$")
_OPPOSED = compiled(r"^while (?:this unit is |it is )?(?P<not>not )?opposed(?: in combat)?$")
_LEGEND = compiled(r"^(?:if|while) you control a legend$")
_POOL = compiled(r"^(?:if|while) you have at least (?P<n>\w+) resources? in your pool$")
_OPPONENT_CORRUPTED = compiled(r"^(?:if|while) (?:any|an) opponent controls a corrupted unit$")
_DAMAGED = compiled(r"^(?:if|while) you control at least one damaged unit$")


def condition_term(words: str) -> Condition | None:
    """A condition read from its words ("if this zone is not burning"), or None."""
    if found := _DEVELOPMENTS.match(words):
        word = found.group("n1") or found.group("n2")
        if not word.isdigit() and word not in NUMBER_WORDS:
            return None
        number = parse_number(word)
        zone = found.group("zone").removeprefix("your ").removesuffix(" zone")
        return Condition("developments", at_least=number, zone=zone)
    if found := _ZONE_BURNING.match(words):
        return Condition("zone burning", negated=bool(found.group("not")))
    if found := _OPPOSED.match(words):
        return Condition("opposed", negated=bool(found.group("not")))
    if _LEGEND.match(words):
        return Condition("legend")
    if (found := _POOL.match(words)) and (found["n"].isdigit() or found["n"] in NUMBER_WORDS):
        return Condition("pool", at_least=parse_number(found["n"]))
    if _OPPONENT_CORRUPTED.match(words):
        return Condition("opponent corrupted", at_least=1)
    if _DAMAGED.match(words):
        return Condition("damaged unit", at_least=1)
    return None


#: What the situation must state for a condition to be read, by its kind.
_MISSING = {
    "developments": "how many developments the zone has (write, e.g., your kingdom has 2 "
    "developments)",
    "pool": "the resources of its player (write, e.g., you have 3 resources)",
    "zone burning": "the zone the card is in",
    "opposed": "whether it is in combat",
    "opponent corrupted": "which units in play are corrupted",
    "damaged unit": 'the damage on its player\'s units (write, e.g., "Some Unit" (damage 0))',
    "legend": 'whether its player controls a legend (write, e.g., my legend is "Some Legend")',
}


def missing(words: str) -> str:
    """What the situation must state for the condition in ``words`` to be read ("" unknown)."""
    term = condition_term(words)
    return _MISSING.get(term.kind, "") if term is not None else ""


def holds(board: Board, source: InPlay, target: InPlay, term: Condition) -> bool | None:
    """Whether a condition holds on the board (None when the board does not say)."""
    if term.kind == "developments":
        from rulesq.games.warhammer.places import controller

        if controller(source) != source.owner:
            return None  # "you" and "this zone" name different players' areas
        zone = _zone(source, term.zone)
        have = developments(board, source.owner, zone)
        return None if have is None else have >= term.at_least
    if term.kind == "legend":
        from rulesq.games.warhammer.places import controller

        mine = controller(source)
        return any(c.legend and controller(c) == mine for c in board.cards) or None
    if term.kind == "pool":
        from rulesq.games.warhammer.places import controller

        if controller(source) != source.owner:
            return None  # "you" may be another player than the card's owner
        pool = board.capital(source.owner).resources
        return None if pool is None else pool >= term.at_least
    if term.kind == "opponent corrupted":
        from rulesq.games.warhammer.places import controller

        return corrupted_units(board, controller(source), "opponent") >= term.at_least
    if term.kind == "damaged unit":
        return _damaged_unit(board, source)
    if term.kind == "zone burning":
        if source.zone is None:
            return None
        burning = source.zone in board.capital(source.owner).burning
        return burning != term.negated
    attack = board.attack
    if term.kind == "opposed":
        if attack is None or target not in [*attack.attackers, *attack.defenders]:
            return None
        opposed = bool(attack.defenders) if target in attack.attackers else True
        return opposed != term.negated
    return None


def _damaged_unit(board: Board, source: InPlay) -> bool | None:
    """Whether the card's controller controls a unit in play with damage on it (None: not known)."""
    from rulesq.games.warhammer import places as P
    from rulesq.games.warhammer.spendable import bears_damage

    unknown = False
    for placed in board.cards:
        if placed.facedown or P.controller(placed) != P.controller(source):
            continue
        here = P.place(board, placed)
        if here.gaps:
            unknown = True
            continue
        if here.zone is None or "unit" not in here.kinds:
            continue
        damaged = bears_damage(board, placed)
        if damaged:
            return True
        unknown = unknown or damaged is None or bool(may_be_dealt(board, placed))
    return None if unknown else False


def _zone(source: InPlay, word: str) -> Zone | None:
    from rulesq.games.warhammer.vocab import Zone

    return source.zone if word == "this" else Zone(word)


def developments(board: Board, owner: str, zone: Zone | None) -> int | None:
    """The developments a player has in a zone, when the situation states them."""
    if zone is None:
        return None
    return board.capital(owner).developments.get(zone)


@dataclass(frozen=True)
class Count:
    """What a "for each …" or an X counts."""

    kind: str
    what: str = ""


_HIGHEST_LOYALTY = compiled(
    r"^highest loyalty (?:on|of) an? \[(?P<race>[^\]]+)\] card you control$"
)


def count_term(words: str) -> Count | None:
    """What a count's words ("burning zone", "number of developments in this zone") count."""
    words = words.strip().lower().removeprefix("the ").strip()
    if words in ("resource token on this card", "resource token on it"):
        return Count("tokens")
    if words in ("number of resource tokens on this card",):
        return Count("tokens")
    if words in ("damage on it", "damage on that unit"):
        return Count("damage")
    if words == "burning zone":
        return Count("burning")
    if words in ("of your unburned zones", "each of your unburned zones"):
        return Count("unburned")
    if words in (
        "number of developments in this zone",
        "number of development cards in this zone",
        "number of your developments in this zone",
    ):
        return Count("developments")
    if found := _HIGHEST_LOYALTY.match(words):
        return Count("highest loyalty", found.group("race"))
    if found := _OTHER_HERE.match(words):
        return Count("other units here", found.group("race"))
    if _OPPONENTS_IN_COMBAT.match(words):
        return Count("opponent's units in combat")
    if words == "enemy unit participating in the battle":
        return Count("enemy units in battle")
    if found := _CORRUPTED_UNITS.match(words):
        return Count("corrupted", "mine" if found.group("mine") else "opponent")
    return None


#: "corrupted unit you control" / "corrupted unit controlled by an opponent".
_CORRUPTED_UNITS = compiled(
    r"^corrupted unit (?:(?P<mine>you control)|controlled by (?:an opponent|your opponents))$"
)


#: "the number of other [Dwarf] units in this zone".
_OTHER_HERE = compiled(r"^number of other \[(?P<race>[^\]]+)\] units in this zone$")
#: "the number of all opponent's units participating in combat".
_OPPONENTS_IN_COMBAT = compiled(
    r"^number of (?:all )?(?:the )?opponent'?s'? units participating in combat$"
)


def counted(board: Board, source: InPlay, target: InPlay, term: Count) -> int | None:
    """How many a count counts on the board (None when the board does not say)."""
    if term.kind == "tokens":
        from rulesq.games.warhammer.places import tokens_held

        return tokens_held(board, source)
    if term.kind == "damage":
        from rulesq.games.warhammer.spendable import damage_left

        return damage_left(board, target)
    if term.kind == "burning":
        return sum(len(capital.burning) for capital in board.capitals.values())
    if term.kind == "unburned":  # the three zones of its player's capital, less those burning
        return 3 - len(board.capital(source.owner).burning)
    if term.kind == "developments":
        return developments(board, source.owner, source.zone)
    if term.kind == "highest loyalty":
        return _highest_loyalty(board, source, term.what)
    if term.kind == "other units here":
        return _other_units_here(board, source, term.what)
    if term.kind == "opponent's units in combat":
        return _opponents_in_combat(board, source)
    if term.kind == "enemy units in battle":
        return _enemies_of_host(board, source)
    if term.kind == "corrupted":
        from rulesq.games.warhammer.places import controller

        return corrupted_units(board, controller(source), term.what)
    return None


def _other_units_here(board: Board, source: InPlay, race: str) -> int | None:
    """The other units of a race in the card's zone of its player's area (None: a gap)."""
    from rulesq.games.warhammer import places as P

    here = P.place(board, source)
    if here.gaps or here.zone is None:
        return None
    count = 0
    for placed in board.cards:
        card = placed.card
        if placed is source or placed.legend or card is None:
            continue
        there = P.place(board, placed)
        if there.gaps:
            return None
        if (there.side, there.zone) != (here.side, here.zone) or "unit" not in there.kinds:
            continue
        count += (card.fields.get("race") or "").casefold() == race.casefold()
    return count


def _opponents_in_combat(board: Board, source: InPlay) -> int | None:
    """The units of the card's controller's opponent attacking or defending (None: no attack)."""
    from rulesq.games.warhammer.places import controller

    attack = board.attack
    if attack is None:
        return None
    mine = controller(source)
    fighting = [*attack.attackers, *attack.defenders]
    return sum(1 for c in fighting if not c.legend and controller(c) != mine)


def _enemies_of_host(board: Board, source: InPlay) -> int | None:
    """The units fighting against the unit an attachment is on (None: not read).

    "Enemy" is read from the attached unit's side: an attachment its controller put on
    another player's unit is not read.
    """
    from rulesq.games.warhammer.places import controller

    host = source.attached_to
    if host is None or controller(host) != controller(source):
        return None
    return _opponents_in_combat(board, source)


def _highest_loyalty(board: Board, source: InPlay, race: str) -> int | None:
    """The highest loyalty of the faceup cards of a race its controller has in play."""
    from rulesq.games.warhammer.places import controller, in_play

    highest = 0
    for placed in board.cards:
        card = placed.card
        if card is None or placed.facedown or controller(placed) != controller(source):
            continue
        if not in_play(board, placed):
            continue
        if (card.fields.get("race") or "").casefold() != race.casefold():
            continue
        loyalty = card.fields.get("loyalty")
        if not isinstance(loyalty, int):
            return None
        highest = max(highest, loyalty)
    return highest


_DEFINES = compiled(r"\bX is (?:the |equal to )?(?P<what>[^.]+)\.")


def x_definition(text: str) -> str | None:
    """The words after "X is" in a card's text, or None when it does not define X."""
    found = _DEFINES.search(text)
    return found.group("what") if found else None
