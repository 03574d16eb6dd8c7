"""The players a card's words point at, as roles relative to the card: never fixed players."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """Who a card's words point at: its controller, the opponent or both players.

    A game's texts choose how they speak of them. Blue Moon writes in the first person ("I"
    is the card's controller, "you" the opponent, "we both" both players); the FMA texts
    address the controller ("you", "your") and speak of the opponent in the third person
    ("he", "his"). ``subject``, ``possessive`` and ``obj`` give the first-person words,
    ``second_person`` the second-person ones.
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

    @property
    def second_person(self) -> tuple[str, str]:
        """The subject and the possessive when a text addresses the controller."""
        return {
            "controller": ("you", "your"),
            "opponent": ("he", "his"),
            "both": ("each player", "their"),
        }[self.value]


#: A word of a second-person text (FMA's) and the role it points at.
SECOND_PERSON: dict[str, Role] = {
    "you": Role.CONTROLLER,
    "your": Role.CONTROLLER,
    "he": Role.OPPONENT,
    "him": Role.OPPONENT,
    "his": Role.OPPONENT,
}
