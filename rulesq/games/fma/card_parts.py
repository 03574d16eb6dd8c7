"""FMA: the corrected parts of a card's text the sources give, and why the rest is not known."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulesq.corpus.models import Card


def parts_of(card: Card) -> list[dict[str, Any]]:
    """The corrected parts of the card's text the sources give (``text_parts``)."""
    return [p for p in card.fields.get("text_parts") or () if isinstance(p, dict)]


def partial_reason(card: Card) -> str:
    """Why the whole text of a card whose sources give only parts of it is not known."""
    parts = parts_of(card)
    named = ", ".join(f'its {p["part"]} ("{p["text"]}", {p["clause"]})' for p in parts)
    return (
        f'the sources give only part of the text of "{card.name}": {named}; the rest of '
        "its text is never given"
    )
