"""A tactic that targets must have a legal target in play to be played (FAQ, Q&A 46).

Read for an Action whose whole effect is "<verb> one target <Trait> card" (a card trait such
as Attachment); other targets are left to the other checks of playing a card.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer import texts
from rulesq.games.warhammer.claims import Text, text_claim
from rulesq.games.warhammer.vocab import Header

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay

QA_LEGAL_TARGET = "warhammer/faq/qa/46"
_TARGET = re.compile(
    r"^(?:destroy|discard|return) one target (?P<trait>[A-Z][\w']*) card\b", re.IGNORECASE
)


def _shows(placed: InPlay, trait: str) -> bool:
    if placed.card is None or placed.facedown:
        return False
    traits = placed.card.fields.get("traits") or ()
    listed = traits.split(",") if isinstance(traits, str) else list(traits)
    return trait.casefold() in (str(t).strip().casefold() for t in listed)


def target_claim(board: Board, card: Card) -> Claim | None:
    """A claim forbidding the play when no card in play is a legal target (None: not read)."""
    if (card.type or "").lower() != "tactic" or not card.text:
        return None
    for effect in texts.parsed(card.text).effects:
        if not isinstance(effect, fx.Ability) or effect.header is not Header.ACTION:
            continue
        quote = effect.span.of(card.text).strip()
        found = _TARGET.match(quote.split(":", 1)[1].strip())
        if found is None:
            continue
        trait = found.group("trait")
        if any(_shows(placed, trait) for placed in board.cards):
            return None
        return text_claim(
            Stance.FORBID,
            Text(card.name, quote),
            f'"{card.name}" targets one {trait} card and none is in play: a card that targets '
            "must have a legal target to be played",
            QA_LEGAL_TARGET,
        )
    return None
