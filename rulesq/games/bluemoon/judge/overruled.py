"""A card's say on a question, what ignores or supersedes it, and the rules' own verdict, as claims.

The questions of what is in force ("is the text of X ignored?", "does it take effect?", "can I
use its REPLACE icon?") weigh the sentences or icons of one card against an ignore effect over
it and the game rules' verdict when nothing else speaks. Each becomes a claim and the ladder
decides (:func:`rulesq.games.bluemoon.judge.claims.decide`): an ignore removes the claims it
reaches, and not those whose kind the ladder puts above it ("I must"). An icon is a game rule,
so an instruction ignoring icons speaks as card text, which supersedes the game rules (rulebook
p.17, Special Rules, first point); ignoring the whole card is ignoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Resolution, resolve
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.claims import (
    Claim,
    Stance,
    effect_claim,
    ignore_claim,
    ladder,
    ruling_of,
)
from rulesq.games.bluemoon.judge.forces import Source
from rulesq.games.bluemoon.kinds import Kind

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Ignored
    from rulesq.games.bluemoon.judge.ruling import Ruling
    from rulesq.games.bluemoon.judge.state import Instance


@dataclass
class Decided:
    """A ruling and the resolution behind it (what stood, what an ignore removed)."""

    ruling: Ruling
    result: Resolution

    def removed(self) -> list[Source]:
        """The card effects whose claims an ignore removed."""
        return [c.source for c, _ in self.result.removed if isinstance(c.source, Source)]

    def kept_from(self, ignore: Claim) -> list[Source]:
        """The card effects an ignore claim reached but could not remove (above its step)."""
        taken = {id(c) for c, _ in self.result.removed}
        return [
            c.source
            for c in self.result.standing
            if id(c) not in taken
            and isinstance(c.source, Source)
            and any(c.holder is h for h in ignore.reaches)
        ]


def settle(claims: Iterable[Claim]) -> Decided:
    """The ladder's ruling on the claims; a winning fallback of the rules keeps its own reason.

    The rules' fallback (``default``) speaks only when every card's claim is gone, and its reason
    is written to say what took them away (an ignore, naming its card).
    """
    result = resolve(list(claims), ladder())
    ruling = ruling_of(result)
    if result.winner is not None and result.winner.default and not result.conflict:
        ruling.reason = result.winner.reason
    return Decided(ruling, result)


def ignoring(why: Ignored, card: Instance, what: str = "its text") -> Claim:
    """The claim of an ignore effect over a card (its reason quotes the ignoring sentence)."""
    claim = ignore_claim(why.source, card, what=what)
    claim.reason = f"{claim.reason}: {why.source.quote}"
    return claim


def icon_overruled(why: Ignored, card: Instance, stance: Stance, reason: str, *rules: str) -> Claim:
    """What an effect ignoring a card's icon says: an ignore of the card, or card text.

    An effect ignoring the whole card is an ignore (the rules' fallback then speaks); one ignoring
    icons is an instruction on a card that supersedes the rule of the icon (a game rule), so it
    speaks as card text, with ``stance`` and ``reason``, against the icon's claim.
    """
    if why.what == "card":
        return ignoring(why, card, what="the card")
    # Not the clauses of ignored cards or of ignoring instructions: the icon alone is ignored,
    # and card instructions superseding the game rules is what decides (the FAQ says so of a
    # text ignoring the PROTECTED icon: "'Instructions on the cards supersede these game
    # rules.' applies").
    kept = [r for r in rules if r not in (R.IGNORED_CARD, R.IGNORING)]
    return effect_claim(stance, why.source, reason, R.SUPERSEDE, *kept, kind=Kind.CARD_TEXT)


def sentence_claims(sources: Iterable[Source], stance: Stance, reason: str) -> list[Claim]:
    """One claim per sentence of a card's text, each with the kind its class has."""
    return [effect_claim(stance, s, reason.format(quote=s.quote)) for s in sources]
