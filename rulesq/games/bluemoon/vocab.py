"""Blue Moon's closed vocabularies (card types, zones, phases, elements); roles are shared."""

from __future__ import annotations

from enum import StrEnum

# the shared core, re-exported: Blue Moon's modules and the judge import them from here
from rulesq.effects.roles import Role as Role
from rulesq.effects.words import article as article
from rulesq.effects.words import number_word as number_word
from rulesq.effects.words import parse_number as parse_number


class CardType(StrEnum):
    """A Blue Moon card type as card texts name it."""

    CHARACTER = "character"
    BOOSTER = "booster"
    SUPPORT = "support"
    LEADERSHIP = "leadership"
    MUTANT = "mutant"
    INTERFERENCE = "interference"
    INFLUENCE = "influence"
    CRYSTAL = "crystal"
    SHIP = "ship"
    BLUFF = "bluff"


class Phase(StrEnum):
    """A phase of a Blue Moon turn."""

    LEADERSHIP = "Leadership"
    CHARACTER = "Character"
    BOOSTER_SUPPORT = "Booster/Support"

    @classmethod
    def from_types(cls, types: tuple[CardType, ...]) -> Phase | None:
        """The phase named by a card-type list (``Booster/Support``), or None."""
        table = {
            (CardType.LEADERSHIP,): cls.LEADERSHIP,
            (CardType.CHARACTER,): cls.CHARACTER,
            (CardType.BOOSTER, CardType.SUPPORT): cls.BOOSTER_SUPPORT,
        }
        return table.get(types)


class Element(StrEnum):
    """A contested element."""

    FIRE = "Fire"
    EARTH = "Earth"


class Zone(StrEnum):
    """A place cards can be in."""

    HAND = "hand"
    DRAW_DECK = "draw deck"
    DISCARD_PILE = "discard pile"
    COMBAT_AREA = "combat"
    SUPPORT_AREA = "support"
    INFLUENCE_AREA = "influence"
    SIDE = "side"
    LEADER = "leader"
    SHIP = "ship"


#: The zones that are areas ("combat area", "combat and support areas").
AREAS = (Zone.COMBAT_AREA, Zone.SUPPORT_AREA, Zone.INFLUENCE_AREA)
