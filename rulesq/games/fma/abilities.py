"""FMA activated abilities and events (``Main Wits 5: …``) and a parsed card text."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect, ParsedText, Unparsed
from rulesq.games.fma.references import Ref
from rulesq.games.fma.selectors import Selector
from rulesq.games.fma.triggers import Conditional, Trigger
from rulesq.games.fma.vocab import Attribute, Timing


@dataclass(frozen=True)
class ExtraCost:
    """A cost besides the attribute cost: ``Set this character``, ``Sacrifice an ally``."""

    action: str
    what: Ref | Selector

    def render(self) -> str:
        """The phrase, capitalised as in a header."""
        return f"{self.action.capitalize()} {self.what.render()}"


@dataclass(frozen=True)
class Ability(Effect):
    """An activated ability or event: ``Main Wits 5: …``.

    ``cost`` is the attribute cost (a number, ``"X"``, or None when the header has none);
    ``body`` holds the effects of the sentences after the header.
    """

    timing: Timing
    attribute: Attribute
    cost: int | str | None
    body: tuple[Effect, ...]
    extra_cost: ExtraCost | None = None

    def header(self) -> str:
        """``Main Wits 5:``."""
        words = [self.timing.heading, self.attribute.heading]
        if self.cost is not None:
            words.append(str(self.cost))
        if self.extra_cost:
            words.append(self.extra_cost.render())
        return " ".join(words) + ":"

    def render(self) -> str:
        """The header and the body's sentences."""
        return " ".join([self.header(), *(e.render() for e in self.body)])


def walk(effects: tuple[Effect, ...]) -> list[Effect]:
    """Every effect, nested ones (ability bodies, trigger effects) included, in order."""
    out: list[Effect] = []
    for effect in effects:
        out.append(effect)
        if isinstance(effect, Ability):
            out += walk(effect.body)
        elif isinstance(effect, Trigger | Conditional):
            out += walk(effect.effects)
    return out


@dataclass(frozen=True)
class FmaParsedText(ParsedText):
    """A parsed FMA text; unparsed sentences inside an ability's body count too."""

    @property
    def unparsed(self) -> tuple[Unparsed, ...]:
        """Every sentence that was not understood, at any depth."""
        return tuple(e for e in walk(self.effects) if isinstance(e, Unparsed))

    def render(self) -> str:
        """The canonical text: each top-level effect's sentence, in order."""
        return " ".join(e.render() for e in self.effects)
