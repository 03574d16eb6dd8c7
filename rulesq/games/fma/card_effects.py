"""A card's effects as rulesq reads them: its text in force, or the parts the sources give."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_parts import partial_reason, parts_of
from rulesq.games.fma.state import text_given

if TYPE_CHECKING:
    from rulesq.corpus.models import Card


def effects_of(card: Card) -> tuple[list[Any], str | None]:
    """The card's effects (abilities opened) and why they are not all of its text (None: all)."""
    from rulesq.games import get_game

    if text_given(card):
        texts, missing = [card.text or ""], None
    elif parts_of(card):
        texts, missing = [str(p["text"]) for p in parts_of(card)], partial_reason(card)
    else:
        return [], f'the sources give no text for "{card.name}"'
    out: list[Any] = []
    for text in texts:
        parsed = get_game("fma").parse_card_text(text)
        assert isinstance(parsed, fx.FmaParsedText)
        if missing is None:
            missing = parsed.not_understood(card.name)
        for effect in parsed.effects:
            out.append(effect)
            if isinstance(effect, fx.Ability):
                out += list(effect.body)
    return out, missing
