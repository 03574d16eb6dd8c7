"""The effect language: card text as typed, immutable nodes that keep their source span."""

from rulesq.effects.base import Effect, ParsedText, Unparsed

__all__ = ["Effect", "ParsedText", "Unparsed"]
