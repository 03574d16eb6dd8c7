"""Texts that take a card's Actions away: a blank text box, "lose all Actions" in a zone."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer import terms
from rulesq.games.warhammer.claims import Text, text_claim

if TYPE_CHECKING:
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay

#: "Units in a zone with no developments lose all Actions and Forced Effects."
_NO_DEVELOPMENTS = re.compile(
    r"^Units in a zone with no developments lose all Actions(?: and Forced Effects)?\.?$",
    re.IGNORECASE,
)
#: Words of a text that may take Actions away (a blank text box, lost Actions).
_TAKES = re.compile(r"\bblank\b|\blose all Actions\b", re.IGNORECASE)
#: Feared blanks only while its unit attacks: "Feared 1 (while this unit is attacking, …)".
_FEARED = re.compile(r"^Feared \d+\b", re.IGNORECASE)


def check(board: Board, placed: InPlay, claims: list[Claim], gaps: list[str]) -> None:
    """Forbid triggering an Action a text in play takes away; name a text that may, unread."""
    blank = P.blanked(board, placed)
    if blank is not None:
        claims.append(
            text_claim(
                Stance.FORBID,
                blank,
                f'"{placed.name}" has a blank text box ("{blank.quote}", on "{blank.card}"): '
                "it has no Action to trigger",
            )
        )
        return
    attackers = board.attack.attackers if board.attack is not None else []
    for source, _text in board.faceup_texts():
        if not P.in_play(board, source):
            continue
        for _effect, quote in P.sentences(source):
            if _NO_DEVELOPMENTS.match(quote):
                _no_developments(board, placed, Text(source.name, quote), claims, gaps)
            elif _FEARED.match(quote) and source not in attackers:
                continue
            elif _TAKES.search(quote) and not P.ATTACHED_BLANK.match(quote):
                gaps.append(f'"{source.name}": "{quote}" may take Actions away: not followed')
    for card, did in board.acted_this_turn():
        if _TAKES.search(card.text or "") and card is not placed.card:
            gaps.append(f'"{card.name}" {did} and may take Actions away: not followed')


def _no_developments(
    board: Board, placed: InPlay, quote: Text, claims: list[Claim], gaps: list[str]
) -> None:
    """A unit in a zone with no developments loses its Actions."""
    here = P.place(board, placed)
    if "unit" not in here.kinds or here.zone is None:
        return
    have = terms.developments(board, here.side, here.zone)
    if have is None:
        gaps.append(
            f'"{quote.card}" reads "{quote.quote}", and the developments in the {here.zone.value} '
            f'zone of "{placed.name}" are not stated'
        )
    elif have == 0:
        claims.append(
            text_claim(
                Stance.FORBID,
                quote,
                f'"{quote.card}" reads "{quote.quote}", and the {here.zone.value} zone of '
                f'"{placed.name}" has no developments: it has lost its Actions',
            )
        )
