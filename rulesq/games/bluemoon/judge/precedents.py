"""FAQ precedents for an answer: the FAQ answers that decided the most similar question.

A precedent shares the answer's cards, quotes the rules it cites, or asks about the same
thing in the same words. Words are weighed by how rare they are among the FAQ's questions and
answers (tf-idf), so "bluff" or "retreat" count for more than "card" or "play".
"""

from __future__ import annotations

import math
import re
import weakref
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from rulesq.corpus.load import clause_fingerprint

if TYPE_CHECKING:
    from rulesq.corpus import Clause, Corpus

_WORD = re.compile(r"[a-z]+")
#: Words too common in any rules text to tell two questions apart.
_STOP = frozenset("""a an and are as at be but by can card cards do does for from has have if
i in is it its me my no not of on or so that the their them then there they this to was
what when which who will with you your yes""".split())
#: How alike the words must be for a precedent with no card and no rule in common.
WORDS_ALONE = 0.30
#: How alike the words must be for a precedent sharing one card or one rule.
WORDS_WITH_ONE = 0.12
#: What wholly alike words count for against one card or one rule in common. Tuned on the
#: FAQ cases: it finds the FAQ answer a case encodes for 392 of 544 answers (card and rule
#: overlap alone: 198), so a nearby answer about the same cards no longer outranks one
#: about the same question.
WORDS_WEIGHT = 8.0


def words(text: str) -> list[str]:
    """The telling words of a text, crudely stemmed (plural and -ing endings dropped)."""
    found = []
    for word in _WORD.findall(text.lower()):
        if word in _STOP or len(word) < 3:
            continue
        for ending in ("ing", "es", "s"):
            if word.endswith(ending) and len(word) - len(ending) >= 4:
                word = word[: -len(ending)]
                break
        found.append(word)
    return found


@dataclass
class FaqIndex:
    """The FAQ answers of a corpus as tf-idf vectors (question and answer together)."""

    clauses: list[Clause]
    vectors: list[dict[str, float]]
    idf: dict[str, float]

    @classmethod
    def build(cls, corpus: Corpus) -> FaqIndex:
        """Index every FAQ answer of the corpus."""
        clauses = [c for c in corpus.clauses.values() if c.kind == "faq-answer"]
        bags = [Counter(words(f"{c.question or ''} {c.text}")) for c in clauses]
        seen = Counter(word for bag in bags for word in bag)
        idf = {word: math.log(len(bags) / count) for word, count in seen.items()}
        return cls(clauses, [_unit(bag, idf) for bag in bags], idf)

    @classmethod
    def of(cls, corpus: Corpus) -> FaqIndex:
        """The index of a corpus: once per process, cached on disk until the corpus changes."""
        held = _BUILT.get(id(corpus))
        if held is None or held[0]() is not corpus:
            held = _BUILT[id(corpus)] = (weakref.ref(corpus), cls._cached(corpus))
        return held[1]

    @classmethod
    def _cached(cls, corpus: Corpus) -> FaqIndex:
        """The index read from its JSON cache file, or built (and the file written)."""
        from rulesq.cachefiles import CacheProblem, private_dir, read_json, remove_stale, warn_once
        from rulesq.cachefiles import write_json as write

        folder = private_dir()
        if folder is None:
            return cls.build(corpus)
        stem = f"faq-index-{corpus.game}-"
        key = clause_fingerprint([corpus.game], salt=stem + "2")
        path = folder / f"{stem}{key}.json"
        try:
            payload = read_json(path, "faq-index", key)
            if payload is not None:
                return cls._from_payload(corpus, payload)
        except CacheProblem as problem:
            warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
        index = cls.build(corpus)
        remove_stale(folder, f"{stem}*", path)
        write(path, "faq-index", key, {"ids": [c.id for c in index.clauses],
                                        "vectors": index.vectors, "idf": index.idf})
        return index

    @classmethod
    def _from_payload(cls, corpus: Corpus, payload: object) -> FaqIndex:
        """The index from a cache payload, every field checked (CacheProblem if wrong)."""
        from rulesq.cachefiles import CacheProblem

        if not isinstance(payload, dict):
            raise CacheProblem("the FAQ index cache has the wrong shape")
        ids, vectors, idf = payload.get("ids"), payload.get("vectors"), payload.get("idf")
        if (not isinstance(ids, list) or not isinstance(vectors, list)
                or len(ids) != len(vectors) or not _weights(idf)
                or not all(isinstance(i, str) and i in corpus.clauses for i in ids)
                or not all(_weights(v) for v in vectors)):
            raise CacheProblem("the FAQ index cache has the wrong shape")
        expected = sum(1 for c in corpus.clauses.values() if c.kind == "faq-answer")
        if len(ids) != expected:
            raise CacheProblem("the FAQ index cache does not match the corpus")
        return cls([corpus.clauses[i] for i in ids], vectors, idf)  # type: ignore[arg-type]

    @cached_property
    def postings(self) -> dict[str, list[tuple[int, float]]]:
        """For each word, the answers that use it and its weight in each."""
        found: dict[str, list[tuple[int, float]]] = {}
        for position, vector in enumerate(self.vectors):
            for word, weight in vector.items():
                found.setdefault(word, []).append((position, weight))
        return found

    @cached_property
    def naming(self) -> dict[str, list[int]]:
        """For each card, the answers that name it."""
        return self._positions("cards")

    @cached_property
    def quoting(self) -> dict[str, list[int]]:
        """For each rule clause, the answers that quote it."""
        return self._positions("quotes")

    def _positions(self, key: str) -> dict[str, list[int]]:
        """For each entry of a list field of the answers, the answers that list it."""
        found: dict[str, list[int]] = {}
        for position, clause in enumerate(self.clauses):
            for entry in _listed(clause, key):
                found.setdefault(entry, []).append(position)
        return found

    def vector(self, text: str) -> dict[str, float]:
        """A query text as a unit tf-idf vector over the FAQ's words."""
        return _unit(Counter(words(text)), self.idf)


_BUILT: dict[int, tuple[weakref.ref[Corpus], FaqIndex]] = {}


def _weights(value: object) -> bool:
    """Whether ``value`` is a mapping of words to numbers (a tf-idf vector)."""
    return isinstance(value, dict) and all(
        isinstance(w, str) and isinstance(n, int | float) and not isinstance(n, bool)
        for w, n in value.items())


def _unit(bag: Counter[str], idf: dict[str, float]) -> dict[str, float]:
    weights = {w: n * idf.get(w, 0.0) for w, n in bag.items() if idf.get(w, 0.0) > 0}
    norm = math.sqrt(sum(v * v for v in weights.values())) or 1.0
    return {w: v / norm for w, v in weights.items()}


def _listed(clause: Clause, key: str) -> frozenset[str]:
    """A list field of a clause's extra data (cards named, clauses quoted) as a set."""
    value = clause.extra.get(key)
    return frozenset(map(str, value)) if isinstance(value, list) else frozenset()


def precedents(corpus: Corpus, cards: set[str], rules: list[str], query: str,
               limit: int = 2) -> list[Clause]:
    """The FAQ answers most like the question, best first (none when nothing is alike).

    A candidate needs two of the answer's cards (one, when the answer involves only one, and
    then it must quote a cited rule), or one card or one cited rule with words alike, or
    words alike enough on their own. Candidates rank by cards in common plus rules quoted in
    common plus ``WORDS_WEIGHT`` times the likeness of the words (a cosine, 0 to 1).
    """
    index = FaqIndex.of(corpus)
    cited = {found.id for ref in rules if (found := corpus.find_clause(ref)) is not None}
    alike: dict[int, float] = {}
    for word, weight in index.vector(query).items():
        for position, other in index.postings.get(word, ()):
            alike[position] = alike.get(position, 0.0) + weight * other
    common = Counter(i for card in cards for i in index.naming.get(card, ()))
    quoted = Counter(i for rule in cited for i in index.quoting.get(rule, ()))
    scored: list[tuple[float, str, Clause]] = []
    for position in set(alike) | set(common) | set(quoted):
        shared, quotes, words_alike = common[position], quoted[position], alike.get(position, 0.0)
        if shared >= min(2, len(cards)) and shared > 0 and (shared >= 2 or quotes):
            pass
        elif (shared or quotes) and words_alike >= WORDS_WITH_ONE:
            pass
        elif words_alike < WORDS_ALONE:
            continue
        clause = index.clauses[position]
        scored.append((shared + quotes + WORDS_WEIGHT * words_alike, clause.id, clause))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [clause for *_, clause in scored[:limit]]
