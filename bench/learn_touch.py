"""Which effect kinds the rulings quote for each question kind: the ``[touch]`` table's data.

Writes the rulings of a card set asking every question (no narrowing) for the cards of every
FAQ case and for random pairs and triples (seeded), and for each ruling's question kind
collects the effect kinds (``Game.effect_kinds``) of the given cards its derivation quotes.
Prints the ``[touch]`` table of ``corpus/<game>/rulings.toml``.

    python bench/learn_touch.py [--pairs N] [--triples N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from compare_narrow import case_sets  # the FAQ cases' card sets, as compared there

from rulesq.corpus import load_corpus
from rulesq.corpus.models import Card
from rulesq.narrow import kinds_of
from rulesq.pool import ordered_map
from rulesq.rulings import write_rulings

GAME = "bluemoon"


def quoted(cards: Sequence[Card]) -> list[tuple[str, list[str]]]:
    """(question kind, effect kinds of the given cards quoted) of every ruling about them.

    A card the question names is quoted as what the question is about: its kinds are listed
    under ``<kind>@named``.
    """
    found = write_rulings(GAME, cards, narrow=False)
    names = {card.name: card for card in cards}
    out = []
    for ruling in found.rulings:
        answer = ruling.answer
        asked = {card.name for card in answer.question.cards}
        kinds: dict[str, set[str]] = {}
        for effect in answer.graph.effects():
            card = names.get(str(effect.get("card")))
            if card is not None:
                key = answer.question.kind + ("@named" if card.name in asked else "")
                kinds.setdefault(key, set()).update(kinds_of(GAME, card))
        out += [(key, sorted(found)) for key, found in kinds.items()]
    return out


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=400)
    parser.add_argument("--triples", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    corpus = load_corpus(GAME)
    cards = sorted(
        (c for c in corpus.cards.values() if c.text and c.text.strip()), key=lambda c: c.name
    )
    rng = random.Random(args.seed)
    sets = [tuple(corpus.card(n) for n in names) for names in case_sets()]
    sets += [tuple(rng.sample(cards, 2)) for _ in range(args.pairs)]
    sets += [tuple(rng.sample(cards, 3)) for _ in range(args.triples)]
    table: dict[str, set[str]] = {}
    for result in ordered_map(quoted, sets, args.jobs, chunk=4):
        for kind, kinds in result:
            table.setdefault(kind, set()).update(kinds)
    print("[touch]")
    for kind in sorted(table):
        listed = ", ".join(f'"{k}"' for k in sorted(table[kind]))
        print(f'"{kind}" = [{listed}]')


if __name__ == "__main__":
    main()
