"""Words every card text writes the same way: numbers in words or digits, articles, lists."""

from __future__ import annotations

#: The number words ``grammar/common.lark``'s NUMBER_WORD reads, at their values.
NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


def number_word(n: int) -> str:
    """A count as a card text writes it: words up to ten, digits above."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def parse_number(text: str) -> int:
    """The value of a ``number`` token (``grammar/effects.lark``): digits or a number word."""
    low = text.strip().lower()
    return NUMBER_WORDS.index(low) if low in NUMBER_WORDS else int(low)


def article(word: str) -> str:
    """``a`` or ``an`` for the word that follows."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def join_and(parts: list[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 2:
        return f" {word} ".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]
