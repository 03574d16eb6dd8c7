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

if TYPE_CHECKING:
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.vocab import Zone

#: The Q&A whose "Battlefield ability" does not activate outside the battlefield.
AS_THOUGH_QA = "warhammer/faq/qa/14"


def zone_of(name: str, text: str, quote: str) -> tuple[tuple[Zone, ...], str] | None:
    """The zones the zone words an Action's quote stands after name, and those words, or None.

    "Kingdom or Quest. Action: …" names two zones: the Action is active in either.
    """
    from rulesq.games.warhammer import effects as fx
    from rulesq.games.warhammer import texts

    zones: list[Zone] = []
    words = ""
    for effect in texts.parsed(text).effects:
        said = effect.span.of(text).strip()
        if isinstance(effect, fx.ZoneText):
            if said != words:
                zones, words = [], said
            zones.append(effect.zone)
            continue
        if said.startswith("Action:") and quote.strip().startswith(said) and zones:
            return tuple(zones), words
    return None


def check(board: Board, placed: InPlay, quote: str, claims: list[Claim], gaps: list[str]) -> None:
    """Forbid triggering the Action while its card is out of the zone its zone word names."""
    text = placed.shown_text
    if text is None:
        return
    found = zone_of(placed.name, text, quote)
    if found is None:
        return
    zones, word = found
    here = P.place(board, placed)
    if here.gaps:
        gaps.extend(g for g in here.gaps if g not in gaps)
        return
    if here.zone is None or here.zone in zones:
        return
    where = " or ".join(f"the {z.value}" for z in zones)
    claims.append(
        text_claim(
            Stance.FORBID,
            Text(placed.name, word),
            f'"{placed.name}" is in the {here.zone.value} zone, and its Action follows the zone '
            f'word "{word}": it is active only while the card is in {where} zone',
            P.ZONES,
            AS_THOUGH_QA,
        )
    )
