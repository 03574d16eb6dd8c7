"""How many FAQ questions about two or three cards `rulesq rulings` answers on those cards.

For every encoded Blue Moon FAQ case whose situation names two or three corpus cards, the
rulings about exactly those cards are written; a case counts when a ruling asks its question
(same kind, same cards asked about) and gives the FAQ's verdict. Prints the figure and the
cases missed.

    python bench/bench_rulings.py
"""

from __future__ import annotations

from pathlib import Path

from rulesq.corpus import load_corpus
from rulesq.rulings import write_rulings
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent.parent / "corpus" / "bluemoon" / "cases"


def main() -> None:
    """Print the figure."""
    corpus = load_corpus("bluemoon")
    hit, missed = 0, []
    for path in sorted(CASES.rglob("*.rq")):
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        names = situation.corpus_card_names()
        if not 2 <= len(names) <= 3:
            continue
        calls = [
            (q, e.text.removeprefix("expect ").strip())
            for q in situation.questions
            for e in q.expectations
            if e.kind in ("word", "number")
        ]
        if not calls:
            continue
        found = write_rulings("bluemoon", [corpus.card(n) for n in sorted(names)])
        asked = {
            (
                a.question.kind,
                tuple(c.name for c in a.question.cards),
                a.verdict.show() if a.verdict else "",
            )
            for r in found.rulings
            for a in [r.answer, *r.beside]
        }
        good = all((q.kind, tuple(c.name for c in q.cards), word) in asked for q, word in calls)
        hit += good
        if not good:
            missed.append(path.stem)
    total = hit + len(missed)
    print(
        f"FAQ cases naming two or three cards: {total}; a ruling with the FAQ's verdict: "
        f"{hit} ({100 * hit / max(total, 1):.0f}%)"
    )
    print("missed:", ", ".join(missed))


if __name__ == "__main__":
    main()
