"""Texts that take a card's Actions away: a blank text box, "lose all Actions" in a zone."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer import terms
from rulesq.games.warhammer.claims import Text, text_claim
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay

#: "Units in a zone with no developments lose all Actions and Forced Effects."
_NO_DEVELOPMENTS = compiled(
    r"^Units in a zone with no developments lose all Actions(?P<forced> and Forced Effects)?\.?$",
    re.IGNORECASE,
)
#: Words of a text that may take Actions away (a blank text box, lost Actions).
_TAKES = compiled(r"\bblank\b|\blose all Actions\b", re.IGNORECASE)
#: Feared blanks only while its unit attacks: "Feared 1 (while this unit is attacking, …)".
_FEARED = compiled(r"^Feared \d+\b", re.IGNORECASE)


def taken(
    board: Board, placed: InPlay, header: str = "Action"
) -> tuple[bool | None, Text | None, str]:
    """Whether a text in play takes the card's ``header`` ability away: (verdict, quote, why).

    ``header`` is "Action", "Forced" or "" (a constant text that triggers). None: a text
    that may take it away is not followed, or what it looks at is not stated.
    """
    blank = P.blanked(board, placed)
    if blank is not None:
        why = f'"{placed.name}" has a blank text box ("{blank.quote}", on "{blank.card}")'
        return True, blank, why
    attackers = board.attack.attackers if board.attack is not None else []
    found: tuple[bool | None, Text | None, str] = (False, None, "")
    for source, _text in board.faceup_texts():
        if not P.in_play(board, source):
            continue
        for _effect, quote in P.sentences(source):
            lost = _NO_DEVELOPMENTS.match(quote)
            if lost is not None:
                reaches = header == "Action" or (header == "Forced" and lost.group("forced"))
                if reaches:
                    verdict = _no_developments(board, placed, Text(source.name, quote))
                    if verdict[0] is not False:
                        return verdict
            elif _FEARED.match(quote) and source not in attackers:
                continue
            elif _TAKES.search(quote) and not P.ATTACHED_BLANK.match(quote):
                found = (None, None, f'"{source.name}": "{quote}" may take it away: not followed')
    for card, did in board.acted_this_turn():
        if _TAKES.search(card.text or "") and card is not placed.card:
            found = (None, None, f'"{card.name}" {did} and may take it away: not followed')
    return found


def check(board: Board, placed: InPlay, claims: list[Claim], gaps: list[str]) -> None:
    """Forbid triggering an Action a text in play takes away; name a text that may, unread."""
    verdict, quote, why = taken(board, placed)
    if verdict is None:
        gaps.append(why)
    elif verdict and quote is not None:
        claims.append(text_claim(Stance.FORBID, quote, f"{why}: it has no Action to trigger"))


def _no_developments(
    board: Board, placed: InPlay, quote: Text
) -> tuple[bool | None, Text | None, str]:
    """A unit in a zone with no developments loses its Actions (and Forced Effects)."""
    here = P.place(board, placed)
    if "unit" not in here.kinds or here.zone is None:
        return False, None, ""
    have = terms.developments(board, here.side, here.zone)
    said = f'"{quote.card}" reads "{quote.quote}"'
    if have is None:
        return (
            None,
            quote,
            f'{said}, and the developments in the {here.zone.value} zone of "{placed.name}" are '
            "not stated",
        )
    if have == 0:
        return True, quote, f'{said}, and the {here.zone.value} zone of "{placed.name}" has none'
    return False, None, ""
