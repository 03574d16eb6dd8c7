"""Which words of a situation line are factions: ``corpus/fma/words.toml``, read here alone."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from rulesq.paths import corpus_dir

#: The file, in the FMA corpus folder, that classifies a line's words.
WORDS_FILE = "words.toml"
FACTION, NO_FACTION, KEYWORD = "factions", "no_faction", "keywords"


@dataclass(frozen=True)
class Words:
    """A line's words read: its factions, whether it says unaligned, and the words not known."""

    factions: tuple[str, ...]
    unaligned: bool
    unclassified: tuple[str, ...]

    def known_factions(self) -> tuple[str, ...] | None:
        """The factions the words give; None when none is given and unaligned is not said.

        A line whose every word is a keyword gives no faction: that is not known, never
        "no faction" (the word for none is ``unaligned``).
        """
        return self.factions if self.factions or self.unaligned else None


@cache
def table() -> dict[str, str]:
    """Each word the data classifies (casefolded), to its class."""
    from rulesq.tomlcache import read_toml

    data = read_toml(corpus_dir() / "fma" / WORDS_FILE)
    return {
        str(word).casefold(): kind
        for kind in (FACTION, NO_FACTION, KEYWORD)
        for word in data.get(kind, {})
    }


@cache
def names() -> tuple[str, ...]:
    """Every word the data classifies, as the data spells it."""
    from rulesq.tomlcache import read_toml

    data = read_toml(corpus_dir() / "fma" / WORDS_FILE)
    return tuple(
        str(word) for kind in (FACTION, NO_FACTION, KEYWORD) for word in data.get(kind, {})
    )


def read(words: Iterable[str]) -> Words:
    """The words split by the data: factions kept, keywords dropped, the rest unclassified."""
    known = table()
    factions: list[str] = []
    unclassified: list[str] = []
    unaligned = False
    for word in words:
        kind = known.get(word.casefold())
        if kind == FACTION:
            factions.append(word)
        elif kind == NO_FACTION:
            unaligned = True
        elif kind is None:
            unclassified.append(word)
    return Words(tuple(factions), unaligned, tuple(unclassified))


def unknown_reason(words: Iterable[str]) -> str:
    """Why unclassified words leave an answer open, naming them."""
    named = ", ".join(f'"{w}"' for w in dict.fromkeys(words))
    return (
        f"the rulings do not say whether {named} is a faction or another keyword "
        "(corpus/fma/words.toml classifies the words they name)"
    )


def line_has(traits: tuple[str, ...] | None, word: str) -> bool | None:
    """Whether a line's words make a character a ``word`` (a faction or keyword a text names).

    None when it cannot be told: the words are not given, or the word is not on the line and
    may be its faction while the line gives none (a line of keywords or unclassified words
    alone). A keyword not on the line is not its keyword: the line lists them.
    """
    if traits is None:
        return None
    folded = word.casefold()
    if folded in (t.casefold() for t in traits):
        return True
    if table().get(folded) == KEYWORD:
        return False
    return False if read(traits).known_factions() is not None else None
