"""The Warhammer effect language under one name, and a parsed Warhammer card text."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect, ParsedText, Unparsed
from rulesq.games.warhammer.acts import (
    Ability,
    Act,
    AttachTo,
    Clause,
    Keyword,
    Limit,
    Only,
    Phrase,
    Reminder,
    XIs,
    ZoneText,
)
from rulesq.games.warhammer.selectors import Selector, Word


@dataclass(frozen=True)
class WarhammerParsedText(ParsedText):
    """A Warhammer text in force and the effects read from it, in order."""

    def keywords(self) -> tuple[Keyword, ...]:
        """The keywords the text states."""
        return tuple(e for e in self.effects if isinstance(e, Keyword))

    def zone_texts(self) -> tuple[ZoneText, ...]:
        """The zone words the text states ("Battlefield." …)."""
        return tuple(e for e in self.effects if isinstance(e, ZoneText))


__all__ = [
    "Ability",
    "Act",
    "AttachTo",
    "Clause",
    "Effect",
    "Keyword",
    "Limit",
    "Only",
    "Phrase",
    "Reminder",
    "Selector",
    "Unparsed",
    "WarhammerParsedText",
    "Word",
    "XIs",
    "ZoneText",
]
