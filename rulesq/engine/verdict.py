"""Verdicts: what an answer says — yes/no, a number, a word, cards, alternatives or a text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


class Verdict:
    """Base of every verdict: a kind, a one-line form and a JSON form."""

    kind: ClassVar[str] = "verdict"

    def show(self) -> str:
        """The verdict as the text output prints it."""
        raise NotImplementedError

    def to_json(self) -> Any:
        """The verdict's value for ``--json``."""
        raise NotImplementedError


@dataclass(frozen=True)
class YesNo(Verdict):
    """Yes or no."""

    value: bool
    kind: ClassVar[str] = "yes-no"

    def show(self) -> str:
        """``yes`` or ``no``."""
        return "yes" if self.value else "no"

    def to_json(self) -> Any:
        """``true`` or ``false``."""
        return self.value


@dataclass(frozen=True)
class Number(Verdict):
    """A number: a total power, a count of cards or dragons."""

    value: int
    kind: ClassVar[str] = "number"

    def show(self) -> str:
        """The number."""
        return str(self.value)

    def to_json(self) -> Any:
        """The number."""
        return self.value


@dataclass(frozen=True)
class Word(Verdict):
    """A named outcome: ``nobody``, ``attackers``, ``defenders``, ``tie`` and the like."""

    value: str
    kind: ClassVar[str] = "word"

    def show(self) -> str:
        """The word."""
        return self.value

    def to_json(self) -> Any:
        """The word."""
        return self.value


@dataclass(frozen=True)
class Cards(Verdict):
    """A set of cards (order does not matter); empty means nobody."""

    names: tuple[str, ...]
    kind: ClassVar[str] = "cards"

    def show(self) -> str:
        """``"A", "D"`` or ``nobody``."""
        return ", ".join(f'"{n}"' for n in self.names) if self.names else "nobody"

    def to_json(self) -> Any:
        """The list of names."""
        return list(self.names)


@dataclass(frozen=True)
class Alternatives(Verdict):
    """Several permitted choices, each a set of cards: ``"A" and "B"; "A" and "C"``."""

    options: tuple[tuple[str, ...], ...]
    kind: ClassVar[str] = "alternatives"

    def show(self) -> str:
        """The choices separated by ``;``."""
        if not self.options:
            return "no choice"
        return "; ".join(
            " and ".join(f'"{n}"' for n in option) or "nobody" for option in self.options
        )

    def to_json(self) -> Any:
        """A list of lists of names."""
        return [list(option) for option in self.options]


@dataclass(frozen=True)
class Text(Verdict):
    """A text, such as the text a card reads after errata."""

    value: str
    kind: ClassVar[str] = "text"

    def show(self) -> str:
        """The text in quotes."""
        return f'"{self.value}"'

    def to_json(self) -> Any:
        """The text."""
        return self.value
