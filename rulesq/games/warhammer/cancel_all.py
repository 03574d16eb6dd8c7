"""A unit's own constant text that cancels all (combat) damage to it ("Cancel all damage...")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.warhammer import terms, texts
from rulesq.games.warhammer.claims import Text
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

#: What "cancels" when every damage is cancelled: more than any damage a situation assigns.
CANCELS_ALL = 1_000_000
#: The shapes read: all damage to the card itself, on a condition; or all combat damage
#: assigned to it ("Cancel all combat damage assigned to this unit.").
_SHAPE = compiled(
    r"^Cancel all (?P<combat>combat )?damage (?:to|assigned to) this unit"
    r"(?: (?P<cond>(?:while|if) [^.]+))?\.?$"
)


#: A unit's own text that keeps only N of each damage assigned to it.
_KEEPS = compiled(
    r"^Whenever this unit is assigned damage, cancel all but (?P<n>\d+) of that damage\.?$"
)


def keeps(placed: InPlay, board: Board) -> tuple[int, Text] | None:
    """The damage a unit's own text lets through of each assignment ("all but N"), quoted."""
    from rulesq.games.warhammer.places import blanked, in_play

    text = placed.shown_text
    if text is None or not in_play(board, placed) or blanked(board, placed) is not None:
        return None
    for effect in texts.parsed(text).effects:
        quote = effect.span.of(text).strip()
        found = _KEEPS.match(quote)
        if found is not None:
            return int(found.group("n")), Text(placed.name, quote)
    return None


def what(said: Text) -> str:
    """What the text cancels, as an answer says it: "all damage" or "all combat damage"."""
    found = _SHAPE.match(said.quote.strip())
    return "all combat damage" if found is not None and found.group("combat") else "all damage"


def shape(quote: str) -> bool:
    """Whether a constant sentence is a shape this module reads."""
    return _SHAPE.match(quote.strip()) is not None or _KEEPS.match(quote.strip()) is not None


def cancels_all(
    board: Board, placed: InPlay, combat: bool | None = None
) -> tuple[bool | None, Text | None, str]:
    """Whether the unit's own text cancels all damage to it now: (verdict, quote, why).

    ``combat``: whether the damage asked about is combat damage (None: either may come, and a
    text that cancels only combat damage counts). None: its condition is not read or the
    situation does not state what it looks at.
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
        if found.group("combat") and combat is False:
            continue  # it cancels combat damage only
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
