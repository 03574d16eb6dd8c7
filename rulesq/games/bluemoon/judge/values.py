"""Values and total power, by Special Rule 7 (rulebook p.18).

Effects on printed values apply first; then, for each value, the increasing effects in the order
that maximises it, then the decreasing ones in the order that minimises it; total power is the sum
of the values of the active cards in the element, and effects on total power apply last ("increase
to" never lowers a number). An ignored card's values have no effect; opposing effects do not reduce
the values of a PROTECTED card; a face-down bluff card counts as a printed value of 2 in the
contested element.

Whether a card text's condition holds now ("if you have at least two more cards in your hand than
I", "if I am attacked by at least 5 Earth") is decided here too, counting what the state knows: a
value effect acts only while its condition holds, and a condition may count total power, so the
two call each other. A count the situation does not give (a hand whose size is not stated, an area
whose cards are not all named) makes the condition unknown: *cannot answer*, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations, product
from typing import TYPE_CHECKING

from rulesq.corpus.fields import lacking
from rulesq.errors import CannotAnswer, Undecided
from rulesq.frozen import replace
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.acts import Have
from rulesq.games.bluemoon.conditions import AttackedBy, Having, PlayedFrom, Retreats, Wins
from rulesq.games.bluemoon.judge.open_areas import (
    AREA_WORDS,
    INFLUENCE_WORD,
    areas_open,
    note_influence,
    note_read,
    read_as_named,
    unnamed_in,
)
from rulesq.games.bluemoon.judge.select import matches, player_of, players_of, zones_of
from rulesq.games.bluemoon.judge.state import IN_PLAY, Instance, State, Zone, other
from rulesq.games.bluemoon.selectors import Cards, Place, Prep, Q, Quantity, ShipPlace, Which

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rulesq.games.bluemoon.conditions import Condition
    from rulesq.games.bluemoon.judge.forces import Forces, Source

#: Areas whose active cards add their values to total power (the influence area holds
#: Hyla, some of which have values).
POWER_ZONES = frozenset({Zone.COMBAT, Zone.SUPPORT, Zone.INFLUENCE})
INCREASES = {
    fx.Op.DOUBLE,
    fx.Op.INCREASE_TO,
    fx.Op.INCREASE_BY,
    fx.Op.INCREASE_TO_SUM,
    fx.Op.INCREASE_TO_HIGHER,
}

#: A selector and a number with nothing in them, made once (immutable): compared with often.
_NO_FILTER, _ANY = Cards(), Quantity()


#: What a face-down bluff card's value rests on (Buka Invasion rulesheet, Bluffing).
BLUFF_VALUE_NOTE = "a face-down bluff card counts as a printed value of 2 in the contested element"

#: Enum members (and sets of them) read on hot paths, held as plain names: on Python 3.11
#: reading a member off its class goes through the enum metaclass's ``__getattr__`` hook
#: (several hundred instructions a read, ten times a plain class attribute).
_PRINTED_VALUE, _VALUE = fx.Stage.PRINTED_VALUE, fx.Stage.VALUE
_GROUPS, _SOME = (Q.GENERIC, Q.ALL, Q.EACH), (Q.OF, Q.COUNT)


@dataclass
class Valued:
    """A number and how it came about: the effects that changed it and the assumptions."""

    value: int
    changes: list[tuple[Source, int, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    spared: list[tuple[Source, str]] = field(default_factory=list)
    #: Ignore effects that took a card's values away.
    ignored_by: list[Source] = field(default_factory=list)
    #: What the number takes for granted because the sources are silent.
    assumed: list[str] = field(default_factory=list)

    def because(self) -> str:
        """The cards whose texts made the number, in words (first the one that decided it)."""
        parts = [f'ignored by "{s.card.name}" ({s.quote})' for s in self.ignored_by]
        for source, before, after in self.changes:
            change = f"makes it {after}" if before != after else f"leaves it at {before}"
            parts.append(f'"{source.card.name}" {change} ({source.quote})')
        parts += [
            f'"{s.card.name}" does not reduce it: the card is {why}' for s, why in self.spared
        ]
        return "; ".join(parts)


def printed_value(forces: Forces, card: Instance, element: str | None) -> Valued:
    """A card's printed value in an element, after the effects on printed values."""
    state = forces.state
    ignored = forces.card_ignored(card)
    if ignored is not None:
        return Valued(
            0,
            notes=[f'"{card.name}" is ignored: its values have no effect'],
            ignored_by=[ignored.source],
        )
    if card.face_down:
        current = element is None or state.element is None or element == state.element
        base = 2 if current else 0
        out = Valued(
            base,
            notes=[BLUFF_VALUE_NOTE],
        )
    else:
        known = card.info.printed_value(element)
        if known is None:
            if element is None and card.info.printed:
                given = ", ".join(f"{e} {n}" for e, n in card.info.printed.items())
                raise CannotAnswer(
                    "the situation does not say which element is contested, and "
                    f'the values of "{card.name}" are given by element ({given})'
                )
            if card.is_character or card.info.printed or _may_have_values(card):
                # A character card has values; so has a card whose other value is given; and
                # many booster, support and Hyla cards have them (the FAQ).
                what = f"{element} value" if element else "value in the contested element"
                raise CannotAnswer(f'the sources give no {what} for "{card.name}"')
            known = 0
            out = Valued(
                0,
                assumed=[
                    f'the sources give no values for "{card.name}": it is counted as having none'
                ],
            )
        else:
            out = Valued(known)
            if card.info.plain_from_sources and element not in card.info.printed:
                out.assumed.append(
                    f'the sources give "{card.name}" value {known} in the contested element of '
                    f"an FAQ question, not by element: it is taken to be its "
                    f"{element or 'contested'} value"
                )
    for source in forces.effects(fx.ValueChange):
        effect = source.effect
        assert isinstance(effect, fx.ValueChange)
        if effect.stage is not _PRINTED_VALUE or effect.cards is None:
            continue
        if not acts_now(forces, source):
            continue
        if not matches(effect.cards, card, source.controller, forces):
            continue
        if (
            effect.element is not None
            and element is not None
            and effect.element.value.lower() != element
        ):
            continue
        if effect.parity is not None and (out.value % 2 == 1) != (effect.parity is fx.Parity.ODD):
            continue
        if _spared(forces, source, card, effect.op):
            out.spared.append((source, "PROTECTED"))
            continue
        before = out.value
        out.value = _apply(effect, out.value, 0, 0)
        out.changes.append((source, before, out.value))
    return out


def _may_have_values(card: Instance) -> bool:
    """Whether a card of unknown values may have some: its type is not one that lacks them.

    ``fields.toml`` lists the types without values; of the others, "All character cards, and
    many booster cards and support cards (and ... some Hyla) have values" (the FAQ): a card
    the sources give no values for, and whose type may have them, is not counted as 0.
    """
    record = card.info.card
    if record is None or card.info.inline:
        return False  # a card line gives its values, or none
    return lacking(record.game, record.type, "fire") is None


def opposing_influence(forces: Forces, card: Instance) -> frozenset[tuple[int, str]] | None:
    """The opponent's effects that ignore a card or change its values now (None: unknown).

    A card so influenced after a player applied an instruction to it lets him apply the
    instruction to a different active card (rulebook p.17, Special Rules).
    """
    found: set[tuple[int, str]] = set()
    try:
        values = Values(forces)
        for element in ("fire", "earth"):
            valued = values.value(card, element, {})
            for source in [*valued.ignored_by, *(s for s, _, _ in valued.changes)]:
                if source.controller != card.owner:
                    found.add((source.card.uid, source.quote))
    except (CannotAnswer, Undecided):
        return None
    return frozenset(found)


def acts_now(forces: Forces, source: Source) -> bool:
    """Whether a value effect's own time ("On your turn") and condition ("If I have …") hold."""
    effect = source.effect
    assert isinstance(effect, fx.ValueChange)
    cards = effect.cards
    if isinstance(cards, Cards) and not is_choice(effect) and cards.quantity.kind not in _GROUPS:
        # "two of my character cards": a choice of several cards the judge does not make
        raise CannotAnswer(f'rulesq cannot yet apply "{source.quote}" to {cards.render()}')
    if not forces.window_open(source):
        return False
    return effect.condition is None or holds(
        effect.condition, source.controller, forces, source.card
    )


def _spared(forces: Forces, source: Source, card: Instance, op: fx.Op) -> bool:
    """PROTECTED cards' values cannot be reduced by the opponent (rulebook p.15)."""
    return op not in INCREASES and source.controller != card.owner and forces.protected(card)


def _apply(effect: fx.ValueChange, value: int, fire: int, earth: int) -> int:
    n = effect.n or 0
    match effect.op:
        case fx.Op.DOUBLE:
            return value * 2
        case fx.Op.INCREASE_TO:
            return max(value, n)
        case fx.Op.INCREASE_BY:
            return value + n
        case fx.Op.REDUCE_TO:
            return min(value, n)
        case fx.Op.REDUCE_BY:
            return max(0, value - n)
        case fx.Op.INCREASE_TO_SUM:
            return max(value, fire + earth)
        case fx.Op.INCREASE_TO_HIGHER:
            return max(value, fire, earth)
    return value


def is_choice(effect: fx.ValueChange) -> bool:
    """Whether the effect applies to one card its player chooses ("one of my cards")."""
    cards = effect.cards
    return isinstance(cards, Cards) and cards.quantity.kind in _SOME and cards.quantity.n == 1


class Values:
    """Values and total power at one moment, with the choices of "one of my …" effects."""

    def __init__(self, forces: Forces, applied: dict[Source, Instance] | None = None) -> None:
        self.forces = forces
        self.applied = applied or {}
        #: Why choices the situation made are open again (the card was influenced since).
        self.reopened: list[str] = []

    def value_effects(self) -> list[Source]:
        """The effects on values in force (not printed values, not total power)."""
        return [
            s
            for s in self.forces.effects(fx.ValueChange)
            if isinstance(s.effect, fx.ValueChange)
            and s.effect.stage is _VALUE
            and acts_now(self.forces, s)
        ]

    def targets(self, source: Source) -> list[Instance]:
        """The cards an effect on values may apply to (active cards in play it names)."""
        effect = source.effect
        assert isinstance(effect, fx.ValueChange)
        if effect.cards is None:
            return [source.card]
        return [
            c
            for c in self.forces.state.active()
            if c.zone in POWER_ZONES and matches(effect.cards, c, source.controller, self.forces)
        ]

    def choices(self) -> list[tuple[Source, list[Instance]]]:
        """The choice effects still open, with the cards each may apply to."""
        out = []
        for source in self.value_effects():
            effect = source.effect
            assert isinstance(effect, fx.ValueChange)
            if is_choice(effect) and source not in self.applied:
                targets = self.targets(source)
                if targets:
                    out.append((source, targets))
        return out

    def assignments(self) -> list[dict[Source, Instance]]:
        """Every way the open choices can be made (with those already made)."""
        open_choices = self.choices()
        if not open_choices:
            return [dict(self.applied)]
        sources = [s for s, _ in open_choices]
        out = []
        for picks in product(*(targets for _, targets in open_choices)):
            chosen = dict(self.applied)
            chosen.update(zip(sources, picks, strict=True))
            out.append(chosen)
        return out

    def value(
        self, card: Instance, element: str | None, chosen: dict[Source, Instance] | None = None
    ) -> Valued:
        """A card's value in an element (None: the contested element)."""
        forces = self.forces
        ignored = forces.card_ignored(card)
        if ignored is not None:
            return Valued(
                0,
                notes=[f'"{card.name}" is ignored: its values have no effect'],
                ignored_by=[ignored.source],
            )
        printed = printed_value(forces, card, element)
        fire = printed_value(forces, card, "fire").value if _known(card, "fire") else 0
        earth = printed_value(forces, card, "earth").value if _known(card, "earth") else 0
        chosen = self.applied if chosen is None else chosen
        ups: list[Source] = []
        downs: list[Source] = []
        spared: list[tuple[Source, str]] = list(printed.spared)
        for source in self.value_effects():
            effect = source.effect
            assert isinstance(effect, fx.ValueChange)
            if (
                effect.element is not None
                and element is not None
                and effect.element.value.lower() != element
            ):
                continue
            if is_choice(effect):
                if chosen.get(source) is not card:
                    continue
            elif card not in self.targets(source):
                continue
            if effect.op in INCREASES:
                ups.append(source)
            elif _spared(forces, source, card, effect.op):
                spared.append((source, "PROTECTED"))
            else:
                downs.append(source)
        _both_printed_known(card, ups)
        value, changes = _best(ups, printed.value, fire, earth, highest=True)
        value, more = _best(downs, value, fire, earth, highest=False)
        return Valued(
            value, printed.changes + changes + more, printed.notes, spared, assumed=printed.assumed
        )

    def total(
        self,
        who: str,
        element: str | None,
        chosen: dict[Source, Instance] | None = None,
        *,
        at_least: bool = False,
    ) -> tuple[Valued, list[Valued]]:
        """A player's total power in an element, and each counted card's value.

        ``at_least``: the total of the cards the situation names, the least the player has (a
        card of his areas it does not name adds its values); else an unnamed card that may be
        active there leaves no answer, or the question asked again (open_areas.read_as_named).
        """
        if not at_least:
            read_as_named(self.forces.state, who, _OPEN_AREAS, "their values")
        cards = [c for c in self.forces.state.active(who) if c.zone in POWER_ZONES]
        values = [self.value(c, element, chosen) for c in cards]
        total = Valued(sum(v.value for v in values))
        for v in values:
            total.notes += v.notes
            total.ignored_by += v.ignored_by
            total.assumed += v.assumed
        changes = self.total_power_effects(who, element)
        results = {_ordered(order, total.value)[0] for order in permutations(changes)}
        if len(results) > 1:
            shown = ", ".join(str(n) for n in sorted(results))
            names = ", ".join(f'"{s.card.name}"' for s in changes)
            raise CannotAnswer(
                f"the total power depends on the order in which the effects on "
                f"total power of {names} apply ({shown}); Special Rule 7 orders "
                "effects on values, and the sources give no order for these"
            )
        total.value, steps = _ordered(changes, total.value)
        total.changes += steps
        return total, values

    def total_power_effects(self, who: str, element: str | None) -> list[Source]:
        """The effects in force on a player's total power in an element (either player's cards)."""
        found = []
        for source in self.forces.effects(fx.ValueChange):
            effect = source.effect
            assert isinstance(effect, fx.ValueChange)
            if effect.stage is not fx.Stage.TOTAL_POWER:
                continue
            if who not in players_of(effect.owner, source.controller) or not acts_now(
                self.forces, source
            ):
                continue
            if effect.element is not None:
                asked = element or self.forces.state.element
                if asked is None or effect.element.value.lower() != asked:
                    continue
            found.append(source)
        return found


def _ordered(sources: Iterable[Source], start: int) -> tuple[int, list[tuple[Source, int, int]]]:
    """Apply effects on total power one after the other, in the order given."""
    value = start
    steps = []
    for source in sources:
        effect = source.effect
        assert isinstance(effect, fx.ValueChange)
        after = _apply(effect, value, 0, 0)
        steps.append((source, value, after))
        value = after
    return value, steps


def announced_only(state: State, who: str) -> int | None:
    """The power a player announced, when the situation names none of his cards in play.

    The total power to match "is usually the total power announced previously" (rulebook p.8):
    with no card of his in play named, now or earlier in the fight, the announcement is all the
    situation says of his current total power.
    """
    announced = state.player(who).announced
    if announced is None or state.fight_over:
        return None
    if any(c.zone in POWER_ZONES for c in state.owned(who)):
        return None
    for event in state.events:
        if (
            event.kind == "discard"
            and event.data.get("where") == "play"
            and event.data.get("owner") == who
        ):
            return None
        if event.kind == "retrieve" and event.who == who:
            return None
    said = [e for e in state.fight_events("announce", who) if e.data.get("number") is not None]
    then = said[-1].data.get("element") if said else None
    if then is not None and state.element is not None and then != state.element:
        raise CannotAnswer(
            f"the power of {announced} was announced in {then}, the contested "
            f"element is now {state.element}, and the situation names none of "
            "the announcer's cards in play"
        )
    return announced


def _both_printed_known(card: Instance, ups: list[Source]) -> None:
    """An increase to the sum (or the higher) of the printed values needs both of them."""
    for source in ups:
        effect = source.effect
        assert isinstance(effect, fx.ValueChange)
        if effect.op not in (fx.Op.INCREASE_TO_SUM, fx.Op.INCREASE_TO_HIGHER):
            continue
        info = card.info
        if not card.face_down and not info.printed and info.plain_value is not None:
            raise CannotAnswer(
                f'"{source.card.name}" uses both printed values of "{card.name}" '
                f"({source.quote}), and the sources give it value {info.plain_value} in "
                "one element only"
            )
        missing = [e for e in ("fire", "earth") if not _known(card, e)]
        if missing and (card.is_character or len(missing) == 1):
            raise CannotAnswer(
                f'"{source.card.name}" uses both printed values of "{card.name}" '
                f"({source.quote}), and the sources give no {missing[0]} value "
                "for it"
            )


def _known(card: Instance, element: str) -> bool:
    return card.face_down or card.info.printed_value(element) is not None


def _best(
    sources: list[Source], start: int, fire: int, earth: int, highest: bool
) -> tuple[int, list[tuple[Source, int, int]]]:
    """Apply effects in the order that gives the highest (or the lowest) result."""
    if not sources:
        return start, []
    best: tuple[int, list[tuple[Source, int, int]]] | None = None
    for order in permutations(sources):
        value = start
        steps = []
        for source in order:
            effect = source.effect
            assert isinstance(effect, fx.ValueChange)
            after = _apply(effect, value, fire, earth)
            steps.append((source, value, after))
            value = after
        if best is None or (value > best[0] if highest else value < best[0]):
            best = (value, steps)
    assert best is not None
    return best


# ---------------------------------------------------------------------- conditions


def count_cards(
    forces: Forces, who: str, sel: Cards, controller: str, this_card: Instance | None = None
) -> int:
    """How many cards of a player a selector names, using the counts the situation states."""
    state = forces.state
    place = sel.place if isinstance(sel.place, Place) else None
    zones = zones_of(place) if place is not None else IN_PLAY
    plain = _plain(sel)
    if zones == frozenset({Zone.HAND}) and plain:
        size = state.hand_size(who)
        if size is None:
            raise CannotAnswer(
                f"the situation does not say how many cards "
                f"{'I hold' if who == 'me' else 'you hold'} in hand"
            )
        return size
    if plain and zones <= {Zone.COMBAT, Zone.SUPPORT} and zones:
        stated = _stated_area_count(forces, who, zones)
        if stated is not None:
            return stated
    if plain and zones == _INFLUENCE_ONLY:
        stated = state.player(who).area_counts.get(INFLUENCE_WORD)
        if stated is not None:
            return stated
    return sum(
        1
        for card in state.cards
        if card.owner == who
        and card.zone in zones
        and matches(sel, card, controller, forces, this_card)
    )


def _plain(sel: Cards) -> bool:
    """Whether a selector only names places (so stated counts can be used).

    Every filter counts (a type, an icon, "that have a printed value higher than 4" …): only a
    selector that is nothing but an owner, a number and a place is plain.
    """
    bare = replace(sel, quantity=_ANY, owner=None, place=None, prep=Prep.FROM)
    return bare == _NO_FILTER


def _stated_area_count(forces: Forces, who: str, zones: frozenset[Zone]) -> int | None:
    counts = forces.state.player(who).area_counts
    if zones == frozenset({Zone.COMBAT, Zone.SUPPORT}) and "combat and support areas" in counts:
        return counts["combat and support areas"]
    total = 0
    stated = False
    for zone in zones:
        word = AREA_WORDS[zone]
        if word in counts:
            total += counts[word]
            stated = True
        else:
            total += sum(1 for c in forces.state.owned(who, frozenset({zone})))
    return total if stated else None


def holds(
    condition: Condition, controller: str, forces: Forces, this_card: Instance | None = None
) -> bool:
    """Whether a condition holds for a card of ``controller``."""
    if isinstance(condition, Having):
        return _having(condition, controller, forces, this_card)
    if isinstance(condition, AttackedBy):
        return _attacked(condition, controller, forces)
    if isinstance(condition, PlayedFrom):
        return _played_from(condition, this_card)
    if isinstance(condition, Retreats):
        who = player_of(condition.who, controller)
        return forces.state.player(who).retreated
    if isinstance(condition, Wins):
        raise CannotAnswer("the situation does not say who wins the game")
    raise CannotAnswer(f'rulesq cannot yet decide the condition "{condition.render()}"')


def _having(condition: Having, controller: str, forces: Forces, this_card: Instance | None) -> bool:
    who = player_of(condition.who, controller)
    have: Have = condition.have
    what = have.what
    if not isinstance(what, Cards) or what.total is not None:
        raise CannotAnswer(f'rulesq cannot yet decide "{condition.render()}"')
    low, high = count_range(forces, who, what, controller, this_card)
    others = (0, 0)
    if have.than is not None:
        others = count_range(forces, player_of(have.than, controller), what, controller, this_card)
    verdicts = {
        _compare(condition, what.quantity, count, other_count, have.than is not None)
        for count in range(low, high + 1)
        for other_count in range(others[0], others[1] + 1)
    }
    if len(verdicts) > 1:
        raise CannotAnswer(
            f'"{condition.render()}" counts cards of a kind, and the situation says the '
            "combat and support areas hold more cards than it names: whether the others "
            "are of that kind is not given"
        )
    verdict = verdicts.pop()
    than = have.than is not None
    sides = [(who, high + _MORE, others[1])]
    if have.than is not None:
        sides.append((player_of(have.than, controller), high, others[1] + _MORE))
    for player, count, other_count in sides:
        if not _areas_unstated(forces, player, what):
            continue
        if _compare(condition, what.quantity, count, other_count, than) != verdict:
            # a count of active cards takes a stated active list whole; others asked again
            zones = _open_zones(what)
            if areas_open(forces.state, player, zones & _AREAS):
                note_read(forces.state, player, active=what.active)
            if Zone.INFLUENCE in zones:
                note_influence(forces.state, player)
    return verdict


#: A number of cards beyond what any area holds: enough to change a count condition if it can.
_MORE = 60


def _areas_unstated(forces: Forces, who: str, sel: Cards) -> bool:
    """Whether the selector counts cards in areas whose number of cards the situation leaves out."""
    return areas_open(forces.state, who, _open_zones(sel))


def _open_zones(sel: Cards) -> frozenset[Zone]:
    """The areas a selector counts that the situation may leave open.

    The combat and support areas, and the influence area where the selector names it ("no
    cards in my influence area"): an unnamed card there is a Hyla or a ship, which a count of
    cards in play of another kind never takes.
    """
    place = sel.place if isinstance(sel.place, Place) else None
    if place is None:
        return IN_PLAY & _AREAS
    return zones_of(place) & _OPEN_AREAS


def count_range(
    forces: Forces, who: str, sel: Cards, controller: str, this_card: Instance | None = None
) -> tuple[int, int]:
    """The fewest and the most cards a selector may name: stated but unnamed cards may match.

    A selector with a filter ("active character cards") counts the named cards; when the
    situation states that the areas hold more cards than it names, each unnamed card may be one.
    """
    count = count_cards(forces, who, sel, controller, this_card)
    zones = _open_zones(sel)
    if _plain(sel) or not zones:
        return count, count
    return count, count + unnamed_cards(forces, who, zones)


_AREAS = frozenset({Zone.COMBAT, Zone.SUPPORT})
_INFLUENCE_ONLY = frozenset({Zone.INFLUENCE})
_OPEN_AREAS = _AREAS | _INFLUENCE_ONLY


def unnamed_cards(forces: Forces, who: str, zones: frozenset[Zone]) -> int:
    """How many cards the stated area counts hold beyond those the situation names."""
    return unnamed_in(forces.state, who, zones)


def _compare(
    condition: Having, quantity: Quantity, count: int, other_count: int, than: bool
) -> bool:
    """Whether counts satisfy a "have" condition's quantity."""
    n = quantity.n or 0
    if than:
        if quantity.kind is Q.AT_LEAST_MORE:
            return count >= other_count + n
        if quantity.kind is Q.FEWER:
            return count < other_count
        if quantity.kind is Q.MORE_THAN:
            return count > other_count
        raise CannotAnswer(f'rulesq cannot yet compare "{condition.render()}"')
    match quantity.kind:
        case Q.NO:
            return count == 0
        case Q.AT_LEAST | Q.TOTAL_AT_LEAST:
            return count >= n
        case Q.MORE_THAN:
            return count > n
        case Q.FEWER_THAN:
            return count < n
        case Q.EXACTLY:
            return count == n
        case Q.NO_MORE_THAN:
            return count <= n
        case Q.ARTICLE | Q.GENERIC | Q.COUNT | Q.ANY:
            return count >= max(n, 1)
    raise CannotAnswer(f'rulesq cannot yet count "{condition.render()}"')


def _attacked(condition: AttackedBy, controller: str, forces: Forces) -> bool:
    """Text "I am attacked by at least N": the opponent's current total power."""
    state = forces.state
    attacker = other(player_of(condition.who, controller))
    element: str | None
    if condition.element is not None:
        element = condition.element.value.lower()
        if state.element is not None and state.element != element:
            return False
    else:
        element = state.element
    announced = announced_only(state, attacker)
    values = Values(forces)
    totals = (
        {announced}
        if announced is not None
        else {
            v.value
            for chosen in values.assignments()
            for v in [values.total(attacker, element, chosen)[0]]
        }
    )
    if all(t < condition.at_least for t in totals):
        return False
    if condition.element is not None and state.element is None:
        raise CannotAnswer(
            f"the situation does not say the contested element, and the attack "
            f"counts only in {condition.element.value.capitalize()}"
        )
    if all(t >= condition.at_least for t in totals):
        return True
    raise CannotAnswer("the attacking total power depends on a choice the situation does not state")


def _played_from(condition: PlayedFrom, this_card: Instance | None) -> bool:
    if this_card is None:
        return False
    place = condition.place
    if isinstance(place, ShipPlace) and place.which is Which.LANDED:
        return this_card.source == "ship"
    raise CannotAnswer(f'rulesq cannot yet decide "{condition.render()}"')
