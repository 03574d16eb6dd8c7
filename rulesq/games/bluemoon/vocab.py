"""Blue Moon's closed vocabularies (roles, card types, zones, phases, elements) as enums."""

from __future__ import annotations

from enum import StrEnum

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten")


def number_word(n: int) -> str:
    """A count as a card text writes it: words up to ten, digits above."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def parse_number(text: str) -> int:
    """The value of a number token: digits or a number word."""
    low = text.lower()
    return _NUMBER_WORDS.index(low) if low in _NUMBER_WORDS else int(low)


def article(word: str) -> str:
    """``a`` or ``an`` for the word that follows."""
    return "an" if word[:1].lower() in "aeiou" else "a"


class Role(StrEnum):
    """Who a card's words point at: roles, never fixed players.

    On a card "I" is the card's controller, "you" the opponent and "we both" both players.
    """

    CONTROLLER = "controller"
    OPPONENT = "opponent"
    BOTH = "both"

    @property
    def subject(self) -> str:
        """``I`` / ``you`` / ``we both``."""
        return {"controller": "I", "opponent": "you", "both": "we both"}[self.value]

    @property
    def possessive(self) -> str:
        """``my`` / ``your`` / ``our``."""
        return {"controller": "my", "opponent": "your", "both": "our"}[self.value]

    @property
    def obj(self) -> str:
        """``me`` / ``you`` / ``us``."""
        return {"controller": "me", "opponent": "you", "both": "us"}[self.value]


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
