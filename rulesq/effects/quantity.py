"""How many cards a phrase takes: the determiners of ``grammar/effects.lark`` and beyond."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulesq.effects.base import Node
from rulesq.effects.words import article, number_word


class Q(StrEnum):
    """How many cards a phrase picks (the determiner)."""

    GENERIC = "generic"  # "support cards" (any / all, by context)
    DEFINITE = "definite"  # "your card", "your first character card"
    ALL = "all"  # "all (of)"
    EACH = "each"  # "each of"
    OF = "of"  # "one of", "two of"
    COUNT = "count"  # "one", "two"
    UP_TO = "up to"  # "up to three", "(up to) three"
    ANY = "any"  # "any", "any one", "any two"
    ANY_NUMBER = "any number"  # "any number of"
    ARTICLE = "article"  # "a", "an"
    MORE_THAN = "more than"
    AT_LEAST = "at least"  # "at least three", "four or more"
    AT_LEAST_MORE = "at least more"  # "at least two more ... than I"
    TOTAL_AT_LEAST = "total at least"  # "a total of at least six"
    FEWER_THAN = "fewer than"
    FEWER = "fewer"  # "fewer cards ... than you"
    NO = "no"
    NO_MORE_THAN = "no more than"
    EXACTLY = "exactly"
    SAME_NUMBER = "same number"  # "the same number of"
    UP_TO_SAME_NUMBER = "up to same number"  # "up to the same number of"


#: Determiners that carry a number.
NUMBERED = {
    Q.OF,
    Q.COUNT,
    Q.UP_TO,
    Q.MORE_THAN,
    Q.AT_LEAST,
    Q.AT_LEAST_MORE,
    Q.TOTAL_AT_LEAST,
    Q.FEWER_THAN,
    Q.NO_MORE_THAN,
    Q.EXACTLY,
}


@dataclass(frozen=True)
class Quantity(Node):
    """A determiner: its kind and, for numbered kinds, the number."""

    kind: Q = Q.GENERIC
    n: int | None = None

    @property
    def singular(self) -> bool:
        """Whether the noun after it is singular ("one card", "a card", "your card")."""
        if self.kind in (Q.ARTICLE, Q.DEFINITE):
            return True
        return self.n == 1 and self.kind not in (Q.OF, Q.EACH, Q.AT_LEAST_MORE)

    def render(self, *, owned: bool = False, next_word: str = "") -> str:
        """The determiner's words (``owned`` when a possessive follows it)."""
        n = number_word(self.n) if self.n is not None else ""
        match self.kind:
            case Q.GENERIC | Q.DEFINITE:
                return ""
            case Q.ALL:
                return "all of" if owned else "all"
            case Q.EACH:
                return "each of"
            case Q.ANY:
                return "any" if self.n in (None, 1) else f"any {n}"
            case Q.ANY_NUMBER:
                return "any number of"
            case Q.ARTICLE:
                return article(next_word)
            case Q.AT_LEAST_MORE:
                return f"at least {n} more"
            case Q.TOTAL_AT_LEAST:
                return f"a total of at least {n}"
            case Q.FEWER | Q.NO:
                return self.kind.value
            case Q.SAME_NUMBER:
                return "the same number of"
            case Q.UP_TO_SAME_NUMBER:
                return "up to the same number of"
            case Q.OF:
                return f"{n} of"
            case Q.COUNT:
                return n
            case _:
                return f"{self.kind.value} {n}"
