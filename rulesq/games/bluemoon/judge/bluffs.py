"""Bluffing (Buka Invasion rulesheet): bluff cards, calls and losing bluffs.

Bluffing (Buka Invasion rulesheet): face-down cards in the support area, called after the
announcement of power; a called bluff loses when a revealed card has no BLUFF icon in the contested
element.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.state import Instance, Zone, other

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.dragons import Packet
    from rulesq.games.bluemoon.judge.forces import Forces
    from rulesq.games.bluemoon.judge.state import Event, State

#: The BLUFF icon that matches each contested element (EMPTY BLUFF matches none).
MATCHING = {"fire": "FIRE BLUFF", "earth": "EARTH BLUFF"}


def bluff_cards(state: State, who: str) -> list[Instance]:
    """A player's face-down bluff cards."""
    return [c for c in state.owned(who, frozenset({Zone.SUPPORT})) if c.face_down]


def losing(forces: Forces, cards: list[Instance]) -> tuple[bool, str]:
    """Whether revealed bluff cards lose: one has no effective BLUFF icon of the element."""
    element = forces.state.element
    if element is None:
        raise CannotAnswer("the situation does not say which element is contested")
    wanted = MATCHING[element]
    for card in cards:
        if card.info.name == "a face-down bluff card":
            raise CannotAnswer("the situation does not say which card a bluff card is")
        if wanted not in card.info.icons:
            return True, f'"{card.name}" has no {wanted} icon'
        if not forces.has_icon(card, wanted):
            return True, f'the {wanted} icon of "{card.name}" is ignored'
    return False, f"every bluff card has a {wanted} icon"


def call_packets(forces: Forces, event: Event) -> list[Packet]:
    """The dragons a call of a bluff brings.

    The dragons a call brings: the caller one (and the bluffer's forced retreat) when the bluff
    loses, the bluffer one when it does not.
    """
    from rulesq.games.bluemoon.judge.dragons import Packet, retreat_packets

    caller = event.who or "me"
    bluffer = str(event.data.get("bluffer") or other(caller))
    cards = [c for c in forces.state.cards if c.owner == bluffer and c.zone in (
        Zone.SUPPORT, Zone.DISCARD) and c.info.name != "a face-down bluff card"
        and c.seq <= event.seq and _was_bluff(forces.state, c)]
    lost, why = losing(forces, cards)
    if lost:
        return [Packet(caller, 1, f"the call succeeds ({why}): the caller attracts a dragon",
                       [R.BLUFF_LOSING])] + retreat_packets(forces, bluffer)
    return [Packet(bluffer, 1, f"the call fails ({why}): the bluffer attracts a dragon",
                   [R.BLUFF_LOSING])]


def _was_bluff(state: State, card: Instance) -> bool:
    return card.face_down or any(card in e.cards for e in state.events_of("bluff_revealed"))
