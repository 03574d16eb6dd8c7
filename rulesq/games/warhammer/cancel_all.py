"""A unit's own constant text that cancels all damage to it ("Cancel all damage to this unit")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.games.warhammer import terms, texts
from rulesq.games.warhammer.claims import Text

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

#: What "cancels" when every damage is cancelled: more than any damage a situation assigns.
CANCELS_ALL = 1_000_000
#: The shape read: all damage (not only combat damage) to the card itself, on a condition.
_SHAPE = re.compile(r"^Cancel all damage to this unit(?: (?P<cond>(?:while|if) [^.]+))?\.?$")


def shape(quote: str) -> bool:
    """Whether a constant sentence is the shape this module reads."""
    return _SHAPE.match(quote.strip()) is not None


def cancels_all(board: Board, placed: InPlay) -> tuple[bool | None, Text | None, str]:
    """Whether the unit's own text cancels all damage to it now: (verdict, quote, why).

    None: its condition is not read or the situation does not state what it looks at.
    """
    from rulesq.games.warhammer.places import blanked, in_play

    text = placed.shown_text
    if text is None or not in_play(board, placed) or blanked(board, placed) is not None:
        return False, None, ""
    for effect in texts.parsed(text).effects:
        quote = effect.span.of(text).strip()
        found = _SHAPE.match(quote)
        if found is None:
            continue
        said = Text(placed.name, quote)
        words = found.group("cond") or ""
        if not words:
            return True, said, f'"{placed.name}" reads "{quote}"'
        term = terms.condition_term(words)
        holds = None if term is None else terms.holds(board, placed, placed, term)
        if holds is None:
            need = terms.missing(words)
            return (
                None,
                said,
                f'"{placed.name}" reads "{quote}", and '
                + (f"the situation does not state {need}" if need else "its condition is not read"),
            )
        verdict = "holds" if holds else "does not hold"
        return holds, said, f'"{placed.name}" reads "{quote}": its condition {verdict}'
    return False, None, ""
