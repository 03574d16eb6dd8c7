"""The effect language: card text as typed, immutable nodes that keep their source span."""

from rulesq.effects.base import Effect, Node, ParsedText, Unparsed

__all__ = ["Effect", "Node", "ParsedText", "Unparsed"]
