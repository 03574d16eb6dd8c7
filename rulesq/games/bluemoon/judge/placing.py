"""The one refusal of a card the situation places nowhere, where its place decides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.state import Instance


def placed_nowhere(card: Instance) -> bool:
    """Whether the card is one the situation does not place (supposed held by the asker)."""
    return card.uid < 0


def place_decides(card: Instance, rule: str, example: str = "") -> None:
    """Cannot answer when ``card`` is placed nowhere and where it is decides the answer.

    A question names a card the situation may not place; the judge supposes it in the asker's
    hand (``View.card``). Every answer whose verdict its place could change asks here, with the
    rule that makes the place matter, instead of taking the hand for granted: the reason says
    where to place it (by default, as an active card).
    """
    if not placed_nowhere(card):
        return
    line = example or f'I have active "{card.name}"'
    raise CannotAnswer(
        f'the situation does not place "{card.name}": {rule}; say where it is (e.g. {line})'
    )
