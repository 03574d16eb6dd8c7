"""Which cards a card text's selector picks, and who "I" and "you" are.

Which cards a card text's selector picks ("your active booster/support cards"), and who "I", "you"
and "we" are for a card's controller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon.judge.cards import LEADERSHIP_PHASE_KINDS
from rulesq.games.bluemoon.judge.state import ME, YOU, Instance, Zone, other
from rulesq.games.bluemoon.selectors import CardChoice, CardName, Cards, CardSet, Place
from rulesq.games.bluemoon.vocab import CardType, Phase, Role
from rulesq.games.bluemoon.vocab import Zone as TextZone

if TYPE_CHECKING:
    from rulesq.games.bluemoon.selectors import CardsExpr


class Looks(Protocol):
    """What a selector needs to know beyond the card: its effective icons and values."""

    def has_icon(self, card: Instance, icon: str) -> bool:
        """Whether the card has the icon and it is not ignored."""

    def printed(self, card: Instance, element: str | None) -> int:
        """The card's printed value in an element after printed-value effects."""

    def played_this_turn(self, card: Instance) -> bool:
        """Whether the card was played on the current turn (and is still that played card)."""


#: The zones of the game state a text's place names.
PLACES: dict[TextZone, frozenset[Zone]] = {
    TextZone.HAND: frozenset({Zone.HAND}),
    TextZone.COMBAT_AREA: frozenset({Zone.COMBAT}),
    TextZone.SUPPORT_AREA: frozenset({Zone.SUPPORT}),
    TextZone.INFLUENCE_AREA: frozenset({Zone.INFLUENCE}),
    TextZone.DISCARD_PILE: frozenset({Zone.DISCARD}),
    TextZone.DRAW_DECK: frozenset({Zone.DECK}),
    TextZone.LEADER: frozenset({Zone.LEADER}),
    TextZone.SHIP: frozenset({Zone.CARGO}),
}

#: Enum members read on hot paths, held as plain names: on Python 3.11 reading a member off
#: its class goes through the enum metaclass's ``__getattr__`` hook (several hundred
#: instructions a read, ten times a plain class attribute).
_BOTH, _CONTROLLER = Role.BOTH, Role.CONTROLLER
#: The sets of players ``players_of`` gives (immutable, so shared).
_EITHER = frozenset({ME, YOU})
_ONE = {ME: frozenset({ME}), YOU: frozenset({YOU})}


def players_of(role: Role | None, controller: str) -> frozenset[str]:
    """The players a role on a card stands for, given the card's controller."""
    if role is None or role is _BOTH:
        return _EITHER
    player = controller if role is _CONTROLLER else other(controller)
    known = _ONE.get(player)
    return known if known is not None else frozenset({player})


def player_of(role: Role, controller: str) -> str:
    """The one player a role stands for ("we both" is not one player)."""
    if role is Role.BOTH:
        raise CannotAnswer('rulesq cannot yet read "we" where the text means one player')
    return controller if role is Role.CONTROLLER else other(controller)


def zones_of(place: Place) -> frozenset[Zone]:
    """The state zones of a text's place."""
    found: set[Zone] = set()
    for zone in place.zones:
        found |= PLACES.get(zone, frozenset())
    return frozenset(found)


def is_type(inst: Instance, card_type: CardType) -> bool:
    """Whether a card is of a type as texts name types (a bluff card is a support card)."""
    if inst.face_down:
        return card_type in (CardType.SUPPORT, CardType.BLUFF)
    return inst.info.is_a(card_type)


def matches(
    expr: CardsExpr,
    inst: Instance,
    controller: str,
    forces: Looks | None,
    this_card: Instance | None = None,
) -> bool:
    """Whether a card is one a selector names (quantity aside: "one of", "all" …)."""
    if isinstance(expr, CardName):
        return inst.info.key == " ".join(expr.name.casefold().split())
    if isinstance(expr, CardChoice):
        return any(matches(o, inst, controller, forces, this_card) for o in expr.options)
    if isinstance(expr, CardSet):
        return any(matches(p, inst, controller, forces, this_card) for p in expr.parts)
    if not isinstance(expr, Cards):
        return False
    return _cards(expr, inst, controller, forces, this_card)


def unfollowed_words(sel: Cards) -> str | None:
    """Words of a card selector that ``matches`` does not follow per card, or None.

    "first", "last remaining", a turn ("on your turn"), a ship as the place and a phase other
    than Leadership pick cards by more than the card itself: the module that reads them must
    take them off the selector before matching, or the answer is cannot answer.
    """
    words = []
    if sel.first:
        words.append("first")
    if sel.last_remaining:
        words.append("last remaining")
    if sel.turn is not None:
        words.append(sel.turn.render())
    if sel.place is not None and not isinstance(sel.place, Place):
        words.append(f"{sel.prep.value} {sel.place.render()}")
    if sel.phase is not None and sel.phase is not Phase.LEADERSHIP:
        words.append(f"{sel.phase.value} phase")
    return ", ".join(f'"{w}"' for w in words) if words else None


def _cards(
    sel: Cards, inst: Instance, controller: str, forces: Looks | None, this_card: Instance | None
) -> bool:
    unfollowed = unfollowed_words(sel)
    if unfollowed is not None:
        raise CannotAnswer(
            f'rulesq does not follow the words {unfollowed} of "{sel.render()}" when picking cards'
        )
    if sel.owner is not None and inst.owner not in players_of(sel.owner, controller):
        return False
    if sel.not_this_card and this_card is not None and inst is this_card:
        return False
    if sel.types and not any(is_type(inst, t) for t in sel.types):
        return False
    if sel.phase is not None and inst.info.kind not in LEADERSHIP_PHASE_KINDS:
        return False
    if sel.family and not _family(sel.family, inst):
        return False
    if sel.icon and not _has_icon(inst, sel.icon, forces):
        return False
    if sel.active and not (inst.in_play and inst.active):
        return False
    if sel.played_by is not None and not _played_this_turn(sel, inst, controller, forces):
        return False
    if sel.with_icon and not (inst.info.icons or inst.as_if or inst.info.shields):
        return False
    if sel.special_power_text is not None and inst.info.has_text != sel.special_power_text:
        return False
    if sel.printed_value_above is not None and not _printed_above(sel, inst, forces):
        return False
    if isinstance(sel.place, Place) and inst.zone not in zones_of(sel.place):
        return False
    if isinstance(sel.place, Place) and inst.owner not in players_of(sel.place.owner, controller):
        return False
    return not any(matches(e, inst, controller, forces, this_card) for e in sel.exceptions)


def _played_this_turn(sel: Cards, inst: Instance, controller: str, forces: Looks | None) -> bool:
    """Text "that you played on this turn": played by that player on the current turn."""
    assert sel.played_by is not None
    if inst.owner not in players_of(sel.played_by, controller):
        return False
    if forces is None:
        raise CannotAnswer(f'rulesq cannot tell here whether "{inst.name}" was played on this turn')
    return forces.played_this_turn(inst)


def _family(family: str, inst: Instance) -> bool:
    """A people, a family word of the name, or a card type written as a family ("Hyla cards")."""
    people = (inst.info.people or "").lower()
    low = family.lower()
    return people == low or inst.info.kind == low or inst.info.word_of_name(family)


def _has_icon(inst: Instance, icon: str, forces: Looks | None) -> bool:
    if forces is not None:
        return forces.has_icon(inst, icon)
    return icon.upper() in inst.info.icons or icon.upper() in inst.as_if


def _printed_above(sel: Cards, inst: Instance, forces: Looks | None) -> bool:
    limit = sel.printed_value_above
    assert limit is not None
    if not inst.info.printed and inst.info.plain_value is not None:
        # "Value 4": the value in one element (an FAQ question's contested one); the other
        # printed value is not given, so only a value above the limit decides.
        plain = forces.printed(inst, None) if forces is not None else inst.info.plain_value
        if plain > limit:
            return True
        raise CannotAnswer(
            f'the sources give "{inst.name}" value {inst.info.plain_value} in one element, '
            "not its other printed value"
        )
    unknown = ""  # the first gap's reason: a kept exception would hold this frame in a cycle
    for element in ("fire", "earth"):
        try:
            if forces is not None:
                value = forces.printed(inst, element)
            else:
                known = inst.info.printed_value(element)
                if known is None:
                    raise CannotAnswer(f'the sources give no {element} value for "{inst.name}"')
                value = known
        except CannotAnswer as gap:  # either value counts: one known above the limit decides
            unknown = unknown or str(gap)
            continue
        if value > limit:
            return True
    if unknown:
        raise CannotAnswer(unknown)
    return False
