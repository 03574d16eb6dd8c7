"""Whether asking only the questions the cards' texts touch loses a ruling: a measurement.

For seeded random pairs (and triples) of Blue Moon cards with a text, and the cards of every
FAQ case naming two or three, the rulings are written twice: asking every question, and
asking only those ``rulesq.narrow`` keeps. Prints how many card sets were compared, how many
differ (and which), and the questions and CPU time each way.

    python bench/compare_narrow.py [--pairs 300] [--triples 0] [--seed 11] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulesq.corpus import load_corpus
from rulesq.corpus.models import Card
from rulesq.pool import ordered_map
from rulesq.rulings import Rulings, _evaluate, write_rulings
from rulesq.situation import parse_situation

GAME = "bluemoon"
CASES = Path(__file__).resolve().parent.parent / "corpus" / GAME / "cases"


def case_sets() -> list[tuple[str, ...]]:
    """The corpus cards of each FAQ case naming two or three."""
    out = set()
    for path in sorted(CASES.rglob("*.rq")):
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        names = situation.corpus_card_names()
        if 2 <= len(names) <= 3:
            out.add(tuple(sorted(names)))
    return sorted(out)


def written(found: Rulings) -> list[Any]:
    """What a document's rulings say: title, situation, verdict, reason, contrasts."""

    def mark(answer: Any) -> tuple[str, str, str]:
        shown = answer.verdict.show() if answer.verdict is not None else ""
        return (answer.question.text, shown, answer.reason)

    return [
        (r.title, r.situation, mark(r.answer), r.unchanged, [mark(a) for a in r.beside])
        for r in found.rulings
    ]


def both(cards: Sequence[Card]) -> tuple[bool, int, int, float, float]:
    """(same rulings, questions asked narrowed, every question, CPU narrowed, CPU every)."""
    _evaluate.cache_clear()  # neither run reuses the other's answers
    start = time.process_time()
    narrow = write_rulings(GAME, cards)
    cpu_narrow = time.process_time() - start
    _evaluate.cache_clear()
    start = time.process_time()
    every = write_rulings(GAME, cards, narrow=False)
    cpu_every = time.process_time() - start
    same = written(narrow) == written(every)
    return same, narrow.asked, every.asked, cpu_narrow, cpu_every


def main() -> None:
    """Print the comparison."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--triples", type=int, default=0)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    corpus = load_corpus(GAME)
    cards = sorted(
        (c for c in corpus.cards.values() if c.text and c.text.strip()), key=lambda c: c.name
    )
    rng = random.Random(args.seed)
    sets = [tuple(rng.sample(cards, 2)) for _ in range(args.pairs)]
    sets += [tuple(rng.sample(cards, 3)) for _ in range(args.triples)]
    sets += [tuple(corpus.card(n) for n in names) for names in case_sets()]
    differ, asked, every, cpu_narrow, cpu_every = [], 0, 0, 0.0, 0.0
    for chosen, result in zip(sets, ordered_map(both, sets, args.jobs, chunk=4), strict=True):
        same, a, e, cn, ce = result
        asked, every, cpu_narrow, cpu_every = asked + a, every + e, cpu_narrow + cn, cpu_every + ce
        if not same:
            differ.append(" + ".join(c.name for c in chosen))
    print(
        f"card sets compared: {len(sets)} ({args.pairs} random pairs, {args.triples} random "
        f"triples, seed {args.seed}, and the FAQ cases' cards)"
    )
    print(f"card sets whose rulings differ: {len(differ)}")
    for names in differ:
        print(f"  {names}")
    print(f"questions asked: {asked} narrowed, {every} every one")
    print(f"CPU: {cpu_narrow:.1f} s narrowed, {cpu_every:.1f} s every one")


if __name__ == "__main__":
    main()
