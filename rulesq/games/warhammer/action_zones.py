"""An Action after a zone word ("Battlefield. Action: …") is triggered only from that zone.

A zone word makes the texts after it active only while the card is in that zone (Zones of
Play); Q&A 14 reads a "Battlefield" ability as inactive for a unit questing in the quest zone,
even one that attacks "as though it were in your battlefield".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.claims import Text, text_claim
from rulesq.games.warhammer.trigger_texts import sentences

if TYPE_CHECKING:
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.vocab import Zone

#: The Q&A whose "Battlefield ability" does not activate outside the battlefield.
AS_THOUGH_QA = "warhammer/faq/qa/14"


def zone_of(name: str, text: str, quote: str) -> tuple[Zone, str] | None:
    """The zone word an Action's quote stands after, and that word, or None."""
    for header, zone, said, _body in sentences(name, text):
        if header == "Action" and zone is not None and quote.strip().startswith(said.strip()):
            return zone, zone.value.capitalize() + "."
    return None


def check(board: Board, placed: InPlay, quote: str, claims: list[Claim], gaps: list[str]) -> None:
    """Forbid triggering the Action while its card is out of the zone its zone word names."""
    text = placed.shown_text
    if text is None:
        return
    found = zone_of(placed.name, text, quote)
    if found is None:
        return
    zone, word = found
    here = P.place(board, placed)
    if here.gaps:
        gaps.extend(g for g in here.gaps if g not in gaps)
        return
    if here.zone is None or here.zone is zone:
        return
    claims.append(
        text_claim(
            Stance.FORBID,
            Text(placed.name, word),
            f'"{placed.name}" is in the {here.zone.value} zone, and its Action follows the zone '
            f'word "{word}": it is active only while the card is in the {zone.value} zone',
            P.ZONES,
            AS_THOUGH_QA,
        )
    )
