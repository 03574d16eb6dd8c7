"""How a search query becomes concepts: stop words dropped, synonyms and terms grouped."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulesq.paths import corpus_dir

_WORD = re.compile(r"\w+", re.UNICODE)
_ENDINGS = ("ing", "es", "ed", "s")


@dataclass(frozen=True)
class Concept:
    """One thing the query asks for: the words typed, and the words that may stand for them."""

    typed: str
    terms: tuple[str, ...]

    def fts(self, words: QueryWords | None = None) -> str:
        """The concept as an FTS5 expression: any of its terms, each a quoted phrase.

        Given the query words, each of their terms is glued into one word, as in a text
        :meth:`QueryWords.glued` (``special power`` is ``specialpower``).
        """
        terms = [words.glued(term) if words else term for term in self.terms]
        return " OR ".join('"' + " ".join(_WORD.findall(term)) + '"' for term in terms)


@dataclass(frozen=True)
class QueryWords:
    """The stop words and synonym groups a query is read with."""

    stop_words: frozenset[str]
    synonyms: dict[str, tuple[str, ...]]
    longest: int
    #: Phrases that are one thing, whose words alone mean another (``special power``).
    terms: tuple[str, ...] = ()

    def glued(self, text: str) -> str:
        """``text`` with each term written as one word, so its words alone do not find it."""
        for term in self.terms:
            words = term.split()
            pattern = r"\b" + r"\W+".join(re.escape(word) for word in words) + r"\b"
            text = re.sub(pattern, "".join(words), text, flags=re.IGNORECASE)
        return text

    def known(self, word: str) -> bool:
        """Whether ``word`` is a stop word or part of a synonym group."""
        return word in self.stop_words or any(_plain(word) in key.split() for key in self.synonyms)


def words_of(text: str) -> list[str]:
    """The words of ``text``, lower case, with ``n't`` read as ``not``."""
    text = text.lower().replace("\u2019", "'")
    text = re.sub(r"\bcan't\b", "cannot", text)
    text = re.sub(r"\bwon't\b", "will not", text)
    text = re.sub(r"n't\b", " not", text)
    return _WORD.findall(text)


def _plain(word: str) -> str:
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _key(phrase: str) -> str:
    return " ".join(_plain(word) for word in words_of(phrase))


def query_words() -> QueryWords:
    """The words of ``corpus/search.toml``; none when the file is absent."""
    return _query_words(corpus_dir() / "search.toml")


@cache  # per file: a corpus folder set for one test does not outlive it
def _query_words(path: Path) -> QueryWords:
    """The stop words and synonym groups of one search file."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        data = {}
    synonyms: dict[str, list[str]] = {}
    terms = tuple(" ".join(words_of(term)) for term in data.get("terms", []))
    for term in terms:
        synonyms.setdefault(_key(term), [])
    for group in data.get("synonyms", []):
        for term in group:
            others = synonyms.setdefault(_key(term), [])
            others.extend(t for t in group if t != term and t not in others)
    longest = max((len(key.split()) for key in synonyms), default=1)
    return QueryWords(
        frozenset(str(data.get("stop_words", "")).split()),
        {key: tuple(others) for key, others in synonyms.items()},
        longest,
        terms,
    )


def concepts(query: str, words: QueryWords | None = None) -> list[Concept]:
    """The concepts of ``query``: phrases with synonyms first, then single words.

    Stop words are dropped, unless the query has nothing else.
    """
    words = words or query_words()
    typed = words_of(query)
    if all(word in words.stop_words for word in typed):
        return [Concept(word, (word,)) for word in dict.fromkeys(typed)]
    found: list[Concept] = []
    at = 0
    while at < len(typed):
        for size in range(min(words.longest, len(typed) - at), 0, -1):
            phrase = " ".join(typed[at : at + size])
            if size == 1 and phrase in words.stop_words:
                continue
            others = words.synonyms.get(_key(phrase))
            if others is not None:
                found.append(Concept(phrase, (phrase, *others)))
                at += size
                break
        else:
            word = typed[at]
            at += 1
            if word not in words.stop_words:
                found.append(Concept(word, (word,)))
    unique: dict[str, Concept] = {}
    for concept in found:
        unique.setdefault(concept.typed, concept)
    return list(unique.values())
