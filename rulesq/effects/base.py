"""What every effect node shares, the explicit ``Unparsed`` node and a parsed card text."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesq.spans import Span


@dataclass(frozen=True)
class Node:
    """Base of the parts an effect is made of (selectors, times, conditions, acts).

    A part keeps the span of the words it was read from when it has one; spans never take
    part in equality, so the same meaning read from different words compares equal.
    """

    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)

    def render(self) -> str:
        """The canonical English phrase for this part."""
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class Effect:
    """Base of every effect node: a typed, immutable meaning with its span in the card text.

    Game vocabularies subclass it; each subclass renders back to one canonical sentence.
    """

    span: Span = field(compare=False, repr=False, kw_only=True)

    def render(self) -> str:
        """The canonical English sentence for this effect."""
        raise NotImplementedError(type(self).__name__)

    def annotations(self, *, nested: bool = False) -> dict[str, str]:
        """Game-specific facts shown beside the effect (a ladder class, a group).

        ``nested`` is true for an effect inside another (an interference card's effect).
        """
        return {}


@dataclass(frozen=True)
class Unparsed(Effect):
    """A sentence the grammar does not understand: kept with its span, never guessed."""

    text: str
    reason: str = ""
    #: Where in the card text the grammar stopped (0-based offset), when it stopped.
    offset: int | None = None
    #: What the grammar expected there, in words.
    expected: tuple[str, ...] = ()

    def render(self) -> str:
        """The sentence as written."""
        return self.text


@dataclass(frozen=True)
class ParsedText:
    """A card text and the effects read from it, in order."""

    text: str
    effects: tuple[Effect, ...]

    @property
    def unparsed(self) -> tuple[Unparsed, ...]:
        """The sentences that were not understood."""
        return tuple(e for e in self.effects if isinstance(e, Unparsed))

    @property
    def fully_parsed(self) -> bool:
        """Whether every sentence was understood."""
        return not self.unparsed

    def not_understood(self, name: str) -> str | None:
        """Why card ``name``'s text cannot be followed whole, or None if all was understood."""
        unparsed = self.unparsed
        if not unparsed:
            return None
        return f'rulesq does not understand all of the text of "{name}": "{unparsed[0].text}"'
