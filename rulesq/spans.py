"""Spans: where in a text (card text or situation file) a node came from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Span:
    """A half-open character range ``[start, end)`` of a source text, with its line and column."""

    start: int
    end: int
    line: int = 1
    column: int = 1

    def of(self, text: str) -> str:
        """The spanned slice of ``text``."""
        return text[self.start : self.end]

    @classmethod
    def whole(cls, text: str) -> Span:
        """The span covering all of ``text``."""
        return cls(0, len(text), 1, 1)
