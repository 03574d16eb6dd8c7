"""How well the structural precedent index finds FAQ answers, and what scoring costs.

For every answer of every encoded FAQ case (``corpus/bluemoon/cases``): is the FAQ answer the
case encodes ranked first, and in the top 3 (the case's ``source`` line is not used to rank)?
Leave-one-out: with the case's own FAQ answers taken out of the index, does the top precedent
share the question kind and the deciding step? Then the time to score one answer once the
index is loaded.

    python bench/bench_precedents.py
"""

from __future__ import annotations

import time
from pathlib import Path

from rulesq.corpus import load_corpus
from rulesq.engine import evaluate
from rulesq.games.bluemoon.judge.precedents import PrecedentIndex, key_of, precedents
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent.parent / "corpus" / "bluemoon" / "cases"


def main() -> None:
    """Print the figures."""
    corpus = load_corpus("bluemoon")
    started = time.perf_counter()
    index = PrecedentIndex.of(corpus)
    loaded = time.perf_counter() - started
    keys = []
    for path in sorted(CASES.rglob("*.rq")):
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        encoded = frozenset(
            c.id
            for ref in situation.sources
            if (c := corpus.find_clause(ref.split()[0])) is not None and c.kind == "faq-answer"
        )
        for answer in evaluate(situation):
            if answer.answered and encoded:
                keys.append((encoded, key_of(answer, situation.facts_before(answer.question))))
    first = top3 = alike = 0
    missed = []
    for encoded, key in keys:
        found = [m.clause.id for m in precedents(corpus, key, limit=3)]
        first += bool(found) and found[0] in encoded
        top3 += bool(encoded & set(found))
        if not encoded & set(found):
            missed.append(sorted(encoded)[0])
        [*left] = precedents(corpus, key, limit=1, skip=encoded)
        alike += bool(left) and left[0].key.kind == key.kind and left[0].key.step == key.step
    started = time.perf_counter()
    rounds = 5
    for _ in range(rounds):
        for _, key in keys:
            index.rank(key)
    per = (time.perf_counter() - started) / (rounds * len(keys))
    total = len(keys)
    print(
        f"FAQ case answers: {total} ({len(index.entries)} in the index; loaded in "
        f"{loaded * 1000:.0f} ms)"
    )
    print(f"  own FAQ answer ranked first: {first} ({100 * first / total:.1f}%)")
    print(f"  own FAQ answer in the top 3: {top3} ({100 * top3 / total:.1f}%)")
    print(
        f"  leave-one-out, top precedent shares question kind and step: {alike} "
        f"({100 * alike / total:.1f}%)"
    )
    print(f"  scoring: {per * 1000:.3f} ms per answer")
    if missed:
        print(f"  not in the top 3: {', '.join(missed)}")


if __name__ == "__main__":
    main()
