"""A card's traits and Limited keyword: from the sources, stated, or unknown (never a default).

The corpus gives ``traits`` as a list (empty: the card bears none) or null where the sources
leave them unknown (``corpus/warhammer/seed-problems.md``), and ``limited`` as a flag or null
where the text is unknown. A situation may state them (``"X" has trait Warrior``, ``"X" has no
traits``, ``"X" is limited``); a reader that needs an unknown one raises :class:`CannotAnswer`
naming the card and the missing field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board


def traits_of(board: Board | None, card: Card) -> tuple[str, ...] | None:
    """The card's traits (stated by the situation, else the sources'); None when unknown."""
    if board is not None:
        stated = board.stated_traits.get(card.name.casefold())
        if stated is not None:
            return stated
    value = card.fields.get("traits")
    if value is None:
        return None
    listed = value.split(",") if isinstance(value, str) else list(value)
    return tuple(str(t).strip() for t in listed if str(t).strip())


def unknown_traits(card: Card) -> str:
    """Why an answer that reads the card's traits cannot be given."""
    return (
        f'the sources give no traits for "{card.name}" (its `traits` field is missing): say '
        f'which it has, e.g. "{card.name}" has trait Warrior, or "{card.name}" has no traits'
    )


def bears(board: Board | None, card: Card, trait: str) -> bool:
    """Whether the card bears the trait; CannotAnswer when its traits are unknown."""
    traits = traits_of(board, card)
    if traits is None:
        raise CannotAnswer(unknown_traits(card))
    key = trait.casefold()
    return any(t.casefold() == key for t in traits)


def of_kind(board: Board | None, card: Card, kind: str) -> bool:
    """Whether the card is of a race or bears a trait (its race settles it without traits)."""
    if (card.fields.get("race") or "").casefold() == kind.casefold():
        return True
    return bears(board, card, kind)


def limited(board: Board | None, card: Card) -> bool | None:
    """Whether the card is Limited (stated, else the sources'); None when unknown."""
    if board is not None:
        stated = board.stated_limited.get(card.name.casefold())
        if stated is not None:
            return stated
    flag = card.fields.get("limited")
    return None if flag is None else bool(flag)


def unknown_limited(card: Card) -> str:
    """Why an answer that reads whether the card is Limited cannot be given."""
    return (
        f'the sources do not give the text of "{card.name}", so whether it is Limited (its '
        f'`limited` field) is unknown: say "{card.name}" is limited, or "{card.name}" is not '
        "limited"
    )
