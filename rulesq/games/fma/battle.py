"""Battle resolution as the FMA rulings describe it: totals, winner, toughness, who is defeated.

The rule, derived from the rulings' worked examples (the wits battle of "Battles" and the
eight battles of "Toughness") and checked against all of them:

1. Each side's total is the sum of the battle attribute over its characters still in the
   battle (a character sent home during the battle is out of it; the battle goes on).
   The larger total wins; equal totals are a tie.
2. A character is *protected* when it cannot be defeated in this battle: it is undefeatable,
   or it has toughness and its side did not lose by at least that toughness (a tie is not
   a loss, a win even less).
3. The winning side's player defeats opposing characters whose total is *lower* than the
   winner's total; the losing side's player (and, in a tie, each player) defeats opposing
   characters whose total is *equal to or less than* its own total.
4. Only characters that can be defeated are chosen: the choice is a set of the opposing
   side's unprotected characters within that limit that is maximal, i.e. no further
   character could still be added without exceeding the limit. When several sets are
   maximal the player chooses one (the alternatives), never a smaller or over-limit set.

Step 4 is what makes toughness example 4 come out as the rulings say (attackers S3 and
S3/T3 win against S4; the defender's player can take one attacker of total 3, and the S3/T3
attacker cannot be defeated because its side did not lose, so "S3 and S4 are defeated").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations, product

from rulesq.errors import CannotAnswer, RulesqError
from rulesq.games.fma import citations
from rulesq.games.fma.vocab import Attribute, Side

#: Above this many characters on one side the choice is not enumerated.
MAX_CHOICE_POOL = 16


class BattleError(RulesqError):
    """A battle that cannot be set up as given (no characters, two characters one name)."""


class Outcome(StrEnum):
    """How a battle went for one side."""

    WINS = "wins"
    LOSES = "loses"
    TIE = "tie"


@dataclass(frozen=True)
class Combatant:
    """A character in a battle, with its current value in the battle's attribute.

    ``value`` is None when the sources do not give it (the battle then cannot be answered).
    ``toughness`` is None (or 0) for a character without toughness. ``sent_home`` marks a
    character sent home during the battle: it no longer counts and cannot be defeated in it.
    """

    name: str
    value: int | None
    toughness: int | None = None
    undefeatable: bool = False
    sent_home: bool = False

    def describe(self, attribute: Attribute) -> str:
        """``"A" (strength 3, toughness 3)``."""
        parts = [f"{attribute.value} {self.value if self.value is not None else '?'}"]
        if self.toughness:
            parts.append(f"toughness {self.toughness}")
        if self.undefeatable:
            parts.append("undefeatable")
        if self.sent_home:
            parts.append("sent home")
        return f'"{self.name}" ({", ".join(parts)})'


@dataclass(frozen=True)
class Battle:
    """A battle: its attribute and the characters on each side."""

    attribute: Attribute
    attackers: tuple[Combatant, ...]
    defenders: tuple[Combatant, ...]

    def side(self, side: Side) -> tuple[Combatant, ...]:
        """The characters of one side."""
        return self.attackers if side is Side.ATTACKERS else self.defenders


@dataclass(frozen=True)
class SideResult:
    """What the battle means for one side and what that side's player defeats."""

    side: Side
    total: int
    outcome: Outcome
    lost_by: int
    in_battle: tuple[str, ...]
    sent_home: tuple[str, ...]
    protected: tuple[str, ...]
    limit: int
    strict: bool
    choices: tuple[tuple[str, ...], ...]

    @property
    def must_choose(self) -> bool:
        """Whether this side's player has more than one set to choose from."""
        return len(self.choices) > 1


@dataclass(frozen=True)
class BattleResult:
    """The resolution of a battle, with the clauses it rests on and the reasoning."""

    battle: Battle
    winner: Side | None
    attackers: SideResult
    defenders: SideResult
    outcomes: tuple[tuple[str, ...], ...]
    defeated: tuple[str, ...]
    may_be_defeated: tuple[str, ...]
    clauses: tuple[str, ...]
    reasons: tuple[str, ...]

    @property
    def tie(self) -> bool:
        """Whether the battle is a tie."""
        return self.winner is None

    def side(self, side: Side) -> SideResult:
        """The result of one side."""
        return self.attackers if side is Side.ATTACKERS else self.defenders

    def choices_of(self, side: Side) -> tuple[tuple[str, ...], ...]:
        """The sets of opposing characters ``side``'s player may defeat (alternatives)."""
        return self.side(side).choices


def resolve_battle(battle: Battle) -> BattleResult:
    """Resolve a battle: side totals, winner or tie, toughness, the defeated characters.

    Raises:
        CannotAnswer: a character in the battle has no known value in its attribute.
        BattleError: a side is empty or two characters share a name.
    """
    _check(battle)
    attribute = battle.attribute
    totals = {side: _total(battle.side(side)) for side in Side}
    winner = _winner(totals)
    reasons: list[str] = []
    clauses: list[str] = [citations.BATTLE_RESOLUTION]
    for side in Side:
        members = " + ".join(c.describe(attribute) for c in battle.side(side) if not c.sent_home)
        reasons.append(f"{side.value}: {members or 'nobody'} = {totals[side]} {attribute.value}")
    if winner is None:
        reasons.append(f"the battle is a tie, {totals[Side.ATTACKERS]} to {totals[Side.DEFENDERS]}")
    else:
        reasons.append(
            f"the {winner.value} win the battle, {totals[winner]} to {totals[winner.other]}"
        )
    if any(c.sent_home for side in Side for c in battle.side(side)):
        clauses.append(citations.SENT_HOME)
        gone = [c.name for side in Side for c in battle.side(side) if c.sent_home]
        reasons.append(
            "sent home during the battle, so out of it (the battle continues): "
            + ", ".join(f'"{n}"' for n in gone)
        )
    if any(c.toughness for side in Side for c in battle.side(side)):
        clauses.append(citations.TOUGHNESS)
    protected = {side: _protected(battle, side, totals, reasons) for side in Side}
    results = {}
    for side in Side:
        opponents = battle.side(side.other)
        pool = [c for c in opponents if not c.sent_home and c.name not in protected[side.other]]
        strict = winner is side
        choices = maximal_choices(pool, totals[side], strict=strict)
        outcome = (
            Outcome.TIE if winner is None else (Outcome.WINS if winner is side else Outcome.LOSES)
        )
        lost_by = max(0, totals[side.other] - totals[side])
        results[side] = SideResult(
            side=side,
            total=totals[side],
            outcome=outcome,
            lost_by=lost_by,
            in_battle=tuple(c.name for c in battle.side(side) if not c.sent_home),
            sent_home=tuple(c.name for c in battle.side(side) if c.sent_home),
            protected=tuple(protected[side]),
            limit=totals[side],
            strict=strict,
            choices=choices,
        )
        reasons.append(_choice_reason(side, results[side], attribute))
    outcomes = tuple(
        tuple(sorted(set(a) | set(d), key=_order(battle)))
        for a, d in product(results[Side.ATTACKERS].choices, results[Side.DEFENDERS].choices)
    )
    always = set.intersection(*(set(o) for o in outcomes))
    some = set().union(*(set(o) for o in outcomes)) - always
    return BattleResult(
        battle=battle,
        winner=winner,
        attackers=results[Side.ATTACKERS],
        defenders=results[Side.DEFENDERS],
        outcomes=outcomes,
        defeated=tuple(sorted(always, key=_order(battle))),
        may_be_defeated=tuple(sorted(some, key=_order(battle))),
        clauses=tuple(dict.fromkeys(clauses)),
        reasons=tuple(reasons),
    )


def maximal_choices(
    pool: Sequence[Combatant], limit: int, *, strict: bool
) -> tuple[tuple[str, ...], ...]:
    """The maximal sets of ``pool`` whose total is within ``limit`` (below it if strict).

    A set is maximal when no character outside it could be added without going over the
    limit. The empty set is the only choice when no character fits. Sets come in pool order.
    """
    if len(pool) > MAX_CHOICE_POOL:
        raise BattleError(
            f"too many characters ({len(pool)}) to list the choices of a side; "
            f"at most {MAX_CHOICE_POOL}."
        )

    def fits(total: int) -> bool:
        return total < limit if strict else total <= limit

    values = [_known(c) for c in pool]
    found: list[tuple[str, ...]] = []
    for size in range(len(pool), -1, -1):
        for chosen in combinations(range(len(pool)), size):
            total = sum(values[i] for i in chosen)
            if not fits(total):
                continue
            rest = [i for i in range(len(pool)) if i not in chosen]
            if any(fits(total + values[i]) for i in rest):
                continue
            found.append(tuple(pool[i].name for i in chosen))
    found.sort(key=lambda names: [[c.name for c in pool].index(n) for n in names])
    return tuple(found) or ((),)


def _check(battle: Battle) -> None:
    if not battle.attackers or not battle.defenders:
        raise BattleError("a battle needs at least one attacker and one defender.")
    names = [c.name for side in Side for c in battle.side(side)]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise BattleError(
            "two characters in the battle share a name: " + ", ".join(f'"{n}"' for n in twice) + "."
        )
    unknown = [
        c.name for side in Side for c in battle.side(side) if c.value is None and not c.sent_home
    ]
    if unknown:
        raise CannotAnswer(
            f"the {battle.attribute.value} of "
            + ", ".join(f'"{n}"' for n in unknown)
            + " is not known, so the battle cannot be resolved."
        )


def zero_toughness_doubt(battle: Battle) -> tuple[tuple[Side, ...], str]:
    """The sides whose player's choice a toughness of 0 leaves open, and why (none: settled).

    Toughness protects "unless his side loses in a battle by an amount equal to or greater
    than his toughness": whether a toughness of 0 is toughness at all (protecting on a side
    that won or tied) or none, the sources do not say. Both readings are resolved; a side
    whose choices differ between them cannot be answered. The winner never depends on it.
    """
    totals = {side: _total(battle.side(side)) for side in Side}
    names = {
        c.name
        for side in Side
        for c in battle.side(side)
        if c.toughness == 0 and not c.sent_home and not c.undefeatable
        if totals[side] >= totals[side.other]
    }
    if not names:
        return (), ""

    open_sides = _sides_the_reading_opens(
        battle, names, lambda c, protect: replace(c, toughness=None, undefeatable=protect)
    )
    listed = " and ".join(f'"{n}"' for n in sorted(names))
    return open_sides, (
        f"{listed} {'has' if len(names) == 1 else 'have'} toughness 0 on a side that did not "
        "lose: a character with toughness is not defeated unless his side loses by at least "
        "his toughness, and the sources do not say whether a toughness of 0 protects him, "
        "which decides who is defeated"
    )


def _sides_the_reading_opens(
    battle: Battle, names: set[str], read: Callable[[Combatant, bool], Combatant]
) -> tuple[Side, ...]:
    """The sides whose player's choices differ when ``names`` are read protected and not.

    ``read(c, protect)`` gives the character ``c`` as one reading of it has him; the battle is
    resolved with each reading of every named character, and the choices compared side by side.
    """

    def resolved(protect: bool) -> BattleResult:
        sides = {
            side: tuple(read(c, protect) if c.name in names else c for c in battle.side(side))
            for side in Side
        }
        return resolve_battle(
            replace(battle, attackers=sides[Side.ATTACKERS], defenders=sides[Side.DEFENDERS])
        )

    shielded, bare = resolved(True), resolved(False)
    return tuple(s for s in Side if shielded.side(s).choices != bare.side(s).choices)


def unknown_toughness_doubt(battle: Battle, names: Iterable[str]) -> tuple[tuple[Side, ...], str]:
    """The sides whose player's choice characters of unknown keywords and text leave open.

    A card whose keywords the sources do not all give may have Toughness, and one whose text
    they never give may not be defeatable ("undefeatable characters", a card ruling): the
    battle is resolved with them unprotected and with them undefeatable; a side whose choices
    differ cannot be answered. The winner never depends on it.
    """
    unknown = {
        c.name
        for side in Side
        for c in battle.side(side)
        if c.name in set(names) and not c.sent_home and not c.undefeatable and not c.toughness
    }
    if not unknown:
        return (), ""

    open_sides = _sides_the_reading_opens(
        battle, unknown, lambda c, protect: replace(c, undefeatable=True) if protect else c
    )
    listed = " and ".join(f'"{n}"' for n in sorted(unknown))
    return open_sides, (
        f"the sources give neither every keyword nor the text of {listed}: "
        f"{'it' if len(unknown) == 1 else 'each'} may have Toughness or a text that keeps it "
        "from being defeated, which decides who is defeated (give its toughness, e.g. "
        "toughness 2, if it has one)"
    )


def _known(combatant: Combatant) -> int:
    if combatant.value is None:
        raise CannotAnswer(f'the value of "{combatant.name}" is not known.')
    return combatant.value


def _total(members: Iterable[Combatant]) -> int:
    return sum(_known(c) for c in members if not c.sent_home)


def _winner(totals: dict[Side, int]) -> Side | None:
    if totals[Side.ATTACKERS] == totals[Side.DEFENDERS]:
        return None
    return max(Side, key=lambda side: totals[side])


def _protected(
    battle: Battle, side: Side, totals: dict[Side, int], reasons: list[str]
) -> list[str]:
    """The characters of ``side`` that cannot be defeated in this battle."""
    lost_by = totals[side.other] - totals[side]
    out = []
    for c in battle.side(side):
        if c.sent_home:
            continue
        if c.undefeatable:
            out.append(c.name)
            reasons.append(f'"{c.name}" cannot be defeated')
        elif c.toughness and lost_by < c.toughness:
            out.append(c.name)
            how = "did not lose" if lost_by <= 0 else f"lost by only {lost_by}"
            reasons.append(
                f'"{c.name}" has toughness {c.toughness} and its side {how}, '
                f"so it is not defeated [{citations.TOUGHNESS}]"
            )
        elif c.toughness:
            reasons.append(
                f'"{c.name}" has toughness {c.toughness} but its side lost by '
                f"{lost_by}, so it can be defeated [{citations.TOUGHNESS}]"
            )
    return out


def _choice_reason(side: Side, result: SideResult, attribute: Attribute) -> str:
    bound = "less than" if result.strict else "equal to or less than"
    head = (
        f"the {side.value}' player defeats opposing characters with total "
        f"{attribute.value} {bound} {result.limit}"
    )
    if result.choices == ((),):
        return f"{head}: none can be defeated [{citations.BATTLE_RESOLUTION}]"
    sets = [" and ".join(f'"{n}"' for n in choice) for choice in result.choices]
    if len(sets) == 1:
        return f"{head}: {sets[0]} [{citations.BATTLE_RESOLUTION}]"
    return f"{head}: a choice of {' or '.join(sets)} [{citations.BATTLE_RESOLUTION}]"


def _order(battle: Battle) -> Callable[[str], int]:
    """A sort key putting names in battle order (attackers first)."""
    names = [c.name for side in Side for c in battle.side(side)]
    return names.index
