"""Whether a card's text holds an Action, or gives other cards one (a triggered card needs one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rulesq.corpus.models import Card

#: A bold "Action:" header (Rules Clarifications: Actions).
_ACTION = compiled(r"\bAction\s*:")
#: A text that gives a card an Action in quotes: 'gains "Action: …"', 'gains: "Action: …"'.
_GRANT = compiled(r"\bgains?:?\s*[\"“]Action\s*:")


def holds_action(card: Card) -> bool | None:
    """Whether the card's text in force holds an Action (None: its text is not known)."""
    if card.text is None:
        return None
    return _ACTION.search(card.text) is not None


def grants_action(cards: Iterable[Card | None]) -> Card | None:
    """The first of the cards whose text gives a card an Action, or None."""
    return next((c for c in cards if c is not None and _GRANT.search(c.text or "")), None)
