"""Count the Warhammer texts that permit, forbid or require defending, by how they are read.

Run from the repository: ``python bench/defence_texts_warhammer.py [--list]``. A sentence
speaks of defending when it says a unit can, may, must or cannot defend, or speaks of
declaring defenders (``defence_texts.SPEAKS``; a trigger "when this unit defends" does not).
Each is sorted by its shape (``defence_texts.shape``): one that forbids or permits, read on the
board; one that only requires defending where able (no bearing on whether a unit may); one
inside an Action of a card in play (it acts once triggered, then read as a link); and those
not read, which make ``can "X" defend?`` *cannot answer* where they bear on it.
"""

from __future__ import annotations

import argparse
from collections import Counter


def survey() -> list[tuple[str, str, str]]:
    """Every sentence of the pool that speaks of defending: (card, sentence, shape)."""
    from rulesq.corpus import load_corpus
    from rulesq.games.warhammer.defence_texts import shape

    found: list[tuple[str, str, str]] = []
    for card in load_corpus("warhammer").cards.values():
        tactic = (card.type or "").lower() == "tactic"
        found += [(card.name, s, kind) for s, kind in shape(card.text or "", tactic)]
    return found


def main() -> None:
    """Print the counts by shape (and, with --list, each sentence)."""
    from rulesq.games.warhammer.defence_texts import SHAPES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print each sentence")
    args = parser.parse_args()
    found = survey()
    cards = {card for card, _, _ in found}
    print(f"{len(found)} sentences of {len(cards)} cards speak of defending")
    for kind, count in Counter(kind for _, _, kind in found).most_common():
        print(f"  {count:3d}  {SHAPES[kind]}")
        if args.list:
            for card, sentence, k in found:
                if k == kind:
                    print(f"         {card}: {sentence}")


if __name__ == "__main__":
    main()
