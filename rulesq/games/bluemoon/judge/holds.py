"""Whether a card text's condition holds now, counting what the state knows.

Whether a card text's condition holds now ("if you have at least two more cards in your hand than
I", "if I am attacked by at least 5 Earth"), counting what the state knows.

A count the situation does not give (a hand whose size is not stated, an area whose cards are not
all named) makes the condition unknown: *cannot answer*, never a guess.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon.acts import Have
from rulesq.games.bluemoon.conditions import AttackedBy, Having, PlayedFrom, Retreats, Wins
from rulesq.games.bluemoon.judge.select import matches, player_of, zones_of
from rulesq.games.bluemoon.judge.state import IN_PLAY, Instance, Zone
from rulesq.games.bluemoon.selectors import Cards, Place, Prep, Q, Quantity, ShipPlace, Which

if TYPE_CHECKING:
    from rulesq.games.bluemoon.conditions import Condition
    from rulesq.games.bluemoon.judge.forces import Forces

AREA_WORDS = {Zone.COMBAT: "combat area", Zone.SUPPORT: "support area"}


def count_cards(forces: Forces, who: str, sel: Cards, controller: str,
                this_card: Instance | None = None) -> int:
    """How many cards of a player a selector names, using the counts the situation states."""
    state = forces.state
    place = sel.place if isinstance(sel.place, Place) else None
    zones = zones_of(place) if place is not None else IN_PLAY
    plain = _plain(sel)
    if zones == frozenset({Zone.HAND}) and plain:
        size = state.hand_size(who)
        if size is None:
            raise CannotAnswer(f"the situation does not say how many cards "
                               f"{'I hold' if who == 'me' else 'you hold'} in hand")
        return size
    if plain and zones <= {Zone.COMBAT, Zone.SUPPORT} and zones:
        stated = _stated_area_count(forces, who, zones)
        if stated is not None:
            return stated
    return sum(1 for card in state.cards
               if card.owner == who and card.zone in zones
               and matches(sel, card, controller, forces, this_card))


def _plain(sel: Cards) -> bool:
    """Whether a selector only names places (so stated counts can be used).

    Every filter counts (a type, an icon, "that have a printed value higher than 4" …): only a
    selector that is nothing but an owner, a number and a place is plain.
    """
    bare = replace(sel, quantity=Quantity(), owner=None, place=None, prep=Prep.FROM)
    return bare == Cards()


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


def holds(condition: Condition, controller: str, forces: Forces,
          this_card: Instance | None = None) -> bool:
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
    raise CannotAnswer(f"rulesq cannot yet decide the condition '{condition.render()}'")


def _having(condition: Having, controller: str, forces: Forces,
            this_card: Instance | None) -> bool:
    who = player_of(condition.who, controller)
    have: Have = condition.have
    what = have.what
    if not isinstance(what, Cards) or what.total is not None:
        raise CannotAnswer(f"rulesq cannot yet decide '{condition.render()}'")
    count = count_cards(forces, who, what, controller, this_card)
    quantity = what.quantity
    n = quantity.n or 0
    if have.than is not None:
        other_count = count_cards(forces, player_of(have.than, controller), what, controller,
                                  this_card)
        if quantity.kind is Q.AT_LEAST_MORE:
            return count >= other_count + n
        if quantity.kind is Q.FEWER:
            return count < other_count
        if quantity.kind is Q.MORE_THAN:
            return count > other_count
        raise CannotAnswer(f"rulesq cannot yet compare '{condition.render()}'")
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
    raise CannotAnswer(f"rulesq cannot yet count '{condition.render()}'")


def _attacked(condition: AttackedBy, controller: str, forces: Forces) -> bool:
    """"I am attacked by at least N": the opponent's current total power."""
    from rulesq.games.bluemoon.judge.state import other
    from rulesq.games.bluemoon.judge.values import Values, announced_only

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
    totals = {announced} if announced is not None else \
        {v.value for chosen in values.assignments()
         for v in [values.total(attacker, element, chosen)[0]]}
    if all(t < condition.at_least for t in totals):
        return False
    if condition.element is not None and state.element is None:
        raise CannotAnswer(f"the situation does not say the contested element, and the attack "
                           f"counts only in {condition.element.value.capitalize()}")
    if all(t >= condition.at_least for t in totals):
        return True
    raise CannotAnswer("the attacking total power depends on a choice the situation does "
                       "not state")


def _played_from(condition: PlayedFrom, this_card: Instance | None) -> bool:
    if this_card is None:
        return False
    place = condition.place
    if isinstance(place, ShipPlace) and place.which is Which.LANDED:
        return this_card.source == "ship"
    raise CannotAnswer(f"rulesq cannot yet decide '{condition.render()}'")
