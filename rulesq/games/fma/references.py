"""What an FMA text points at: the card itself, a named card, pronouns, possessives, zones."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.roles import SECOND_PERSON, Role


@dataclass(frozen=True)
class This:
    """``this character``, ``this battle``: the card itself or the thing it is in."""

    noun: str

    def render(self) -> str:
        """The phrase."""
        return f"this {self.noun}"


@dataclass(frozen=True)
class That:
    """``that card``, ``that bonus``: something named earlier in the text."""

    noun: str

    def render(self) -> str:
        """The phrase."""
        return f"that {self.noun}"


@dataclass(frozen=True)
class Pronoun:
    """``it``, ``him``, ``he`` or ``you`` (on a card, "you" is the card's controller)."""

    word: str

    def render(self) -> str:
        """The pronoun."""
        return self.word

    @property
    def second_person(self) -> bool:
        """Whether this is "you" (which takes the plain verb)."""
        return self.word == "you"

    @property
    def role(self) -> Role | None:
        """The player the pronoun points at ("you": the controller; "he": the opponent)."""
        return SECOND_PERSON.get(self.word)


@dataclass(frozen=True)
class Named:
    """A card named in the text (the card itself or another one), resolved by the engine."""

    name: str

    def render(self) -> str:
        """The name as written."""
        return self.name


Ref = This | That | Pronoun | Named


@dataclass(frozen=True)
class Possessive:
    """``your``, ``his``, ``their``, ``its`` or a name's possessive (``X’s``)."""

    owner: str | Named

    def render(self) -> str:
        """The possessive."""
        if isinstance(self.owner, Named):
            return f"{self.owner.name}\u2019s"
        return self.owner

    @property
    def role(self) -> Role | None:
        """The player a possessive word points at ("your": the controller; "his": the opponent).

        None for a card's possessive and for "their" and "its" (their owner is the noun's).
        """
        return SECOND_PERSON.get(self.owner) if isinstance(self.owner, str) else None


@dataclass(frozen=True)
class Zone:
    """A place cards are in: ``your discard pile``, ``his hand``, ``a search party``."""

    place: str
    owner: Possessive | None = None

    def render(self) -> str:
        """The phrase."""
        if self.place == "search party":
            return "a search party"
        assert self.owner is not None
        return f"{self.owner.render()} {self.place}"
