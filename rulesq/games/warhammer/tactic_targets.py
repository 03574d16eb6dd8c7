"""A tactic that targets must have a legal target in play to be played (FAQ, Q&A 46).

Read for an Action whose whole effect is "<verb> one target <Trait> card" (a card trait such
as Attachment); other targets are left to the other checks of playing a card.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer import texts, traits
from rulesq.games.warhammer.claims import Text, text_claim
from rulesq.games.warhammer.vocab import Header
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay

QA_LEGAL_TARGET = "warhammer/faq/qa/46"
_TARGET = compiled(
    r"^(?:destroy|discard|return) one target (?P<trait>[A-Z][\w']*) card\b", re.IGNORECASE
)


def _shows(board: Board, placed: InPlay, trait: str) -> bool | None:
    """Whether a faceup card shows the trait (None: its traits are unknown)."""
    if placed.card is None or placed.facedown:
        return False
    if traits.traits_of(board, placed.card) is None:
        return None
    return traits.bears(board, placed.card, trait)


def target_claim(
    board: Board, card: Card, met: list[tuple[str, str]] | None = None
) -> Claim | None:
    """A claim forbidding the play when no card in play is a legal target (None: not read).

    A legal target found is added to ``met``, with the clause it meets (Q&A 46).
    """
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
        shown = [(placed, _shows(board, placed, trait)) for placed in board.cards]
        bearing = [placed.name for placed, bears in shown if bears]
        if bearing:
            if met is not None:
                met.append(
                    (
                        f'"{card.name}" targets one {trait} card and "{bearing[0]}" is one: a '
                        "card that targets must have a legal target to be played",
                        QA_LEGAL_TARGET,
                    )
                )
            return None
        unknown = next((placed for placed, bears in shown if bears is None), None)
        if unknown is not None and unknown.card is not None:
            raise CannotAnswer(
                f'"{card.name}" targets one {trait} card and no card in play is known to be '
                f"one: {traits.unknown_traits(unknown.card)}"
            )
        return text_claim(
            Stance.FORBID,
            Text(card.name, quote),
            f'"{card.name}" targets one {trait} card and none is in play: a card that targets '
            "must have a legal target to be played",
            QA_LEGAL_TARGET,
        )
    return None
