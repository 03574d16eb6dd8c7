"""The Fullmetal Alchemist TCG's small closed vocabularies: nouns, attributes, sides, periods."""

from __future__ import annotations

from enum import StrEnum

from rulesq.errors import UnknownNameError

#: Singular and plural forms of the card and player nouns the grammar knows.
PLURALS = {
    "character": "characters",
    "ally": "allies",
    "leader": "leaders",
    "player": "players",
    "event": "events",
    "card": "cards",
    "ability": "abilities",
    "attachment": "attachments",
    "alchemist": "alchemists",
    "opponent": "opponents",
    "action": "actions",
}
SINGULARS = {plural: singular for singular, plural in PLURALS.items()}


def sentence(phrase: str) -> str:
    """A phrase as a sentence: first letter capitalised, a full stop at the end."""
    return phrase[:1].upper() + phrase[1:] + "."


class Attribute(StrEnum):
    """The three attributes (also valid ability designators)."""

    STRENGTH = "strength"
    WITS = "wits"
    ALCHEMY = "alchemy"

    @classmethod
    def named(cls, word: str) -> Attribute:
        """The attribute called ``word`` (any case), or an error with the closest names."""
        try:
            return cls(word.strip().lower())
        except ValueError:
            raise UnknownNameError("attribute", word, [a.value for a in cls]) from None

    @property
    def heading(self) -> str:
        """The attribute as printed in an ability header: ``Strength``."""
        return self.value.capitalize()


class Side(StrEnum):
    """The two sides of a battle."""

    ATTACKERS = "attackers"
    DEFENDERS = "defenders"

    @property
    def other(self) -> Side:
        """The opposing side."""
        return Side.DEFENDERS if self is Side.ATTACKERS else Side.ATTACKERS


class Period(StrEnum):
    """A stretch of the game whose end makes "until the end of …" effects expire."""

    BATTLE = "battle"
    SEARCH_PHASE = "search phase"
    TURN = "turn"


class Duration(StrEnum):
    """How long an attribute effect lasts."""

    CONSTANT = "constant"
    BATTLE = "until the end of the battle"
    SEARCH_PHASE = "until the end of the search phase"
    TURN = "until the end of the turn"

    def ends_with(self, period: Period) -> bool:
        """Whether the end of ``period`` ends an effect of this duration.

        A battle lies inside a search phase or a turn, and a search phase inside a turn, so
        the end of a longer period also ends the shorter durations.
        """
        order = {Period.BATTLE: 1, Period.SEARCH_PHASE: 2, Period.TURN: 3}
        own = {Duration.BATTLE: 1, Duration.SEARCH_PHASE: 2, Duration.TURN: 3}
        if self is Duration.CONSTANT:
            return False
        return own[self] <= order[period]


class Timing(StrEnum):
    """The boldfaced designator that opens an activated ability or event."""

    MAIN = "main"
    REACT = "react"
    BATTLE = "battle"
    SEARCH = "search"

    @property
    def heading(self) -> str:
        """As printed: ``Main``."""
        return self.value.capitalize()


#: The phases of a turn the rulings name ("During the search phase", "in the draw phase", "the
#: power-up phase", "In the main phase", "during the cleanup phase"); a situation's phase is one.
PHASES = ("draw", "power-up", "main", "search", "cleanup")
