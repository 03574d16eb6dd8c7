"""Which effect kinds each slot of a question shape needs: the ``[slots]`` table's data.

Makes every question ``rulesq rulings`` would ask of every Blue Moon card with a text (the
templates' questions and the FAQ case shapes' fillings that ``[touch]`` keeps), judges each
once (``rulesq.quotes.may_quote``: no default asked again) and keeps those of which some
answer quotes a text of every card in it (a template's card "{a}"), or is a conflict, or
cannot be told so. For each shape (an FAQ case's name, a template's title) and slot it
collects the effect kinds of the cards so quoted, and prints the ``[slots]`` table of
``corpus/bluemoon/rulings.toml``. A question outside the table cannot give a ruling: over
every card, it is learned from all the questions, not from a sample.

    python bench/learn_slots.py [--jobs J]
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import rulesq.narrow
from rulesq.corpus import load_corpus
from rulesq.narrow import kinds_of, touch_table
from rulesq.pool import ordered_map
from rulesq.quotes import may_quote, quotes_all
from rulesq.rulings import Rulings, Template, _fillings, questions, shape_settings
from rulesq.shapes import load_shapes

GAME = "bluemoon"


def quoted(item: Any) -> bool:
    """Whether the item may give a ruling: an answer of its first judging quotes every card."""
    if isinstance(item[0], Template):
        text, names = item[3], [item[1].name]
    else:
        text, names = item[0], [card.name for card in item[1]]
    return may_quote(text, lambda answer: quotes_all(answer, names), cannot=False)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    rulesq.narrow.slot_table = lambda game: {}  # learn from every question [touch] keeps
    corpus = load_corpus(GAME)
    cards = sorted(
        (c for c in corpus.cards.values() if c.text and c.text.strip()), key=lambda c: c.name
    )
    found = Rulings(GAME, [card.name for card in cards])
    items: list[Any] = list(questions(GAME, cards, found.skipped, found, []))
    templates = {item[0].title for item in items if item[0].keep == "quotes-a"}
    items = [item for item in items if item[0].title in templates]
    settings = shape_settings(GAME)
    assert settings is not None
    shapes = load_shapes(GAME, *settings)
    sets = frozenset(frozenset(own) for shape in shapes for own in shape.owns)
    made: dict[str, list[tuple[str, list[str]]]] = {}  # text -> (shape, cards) that make it
    for shape in shapes:
        for chosen in _fillings(GAME, shape, cards, touch_table(GAME), sets, found):
            made.setdefault(shape.fill(chosen), []).append(
                (shape.case, [card.name for card in chosen])
            )
    items += [(text, tuple(corpus.card(n) for n in made[text][0][1])) for text in made]
    table: dict[str, list[set[str]]] = {}
    for item, good in zip(items, ordered_map(quoted, items, args.jobs, chunk=64), strict=True):
        if isinstance(item[0], Template):
            uses = [(item[0].title, [item[1].name])]
        else:
            uses = made[item[0]]
        for name, names in uses:
            slots = table.setdefault(name, [set() for _ in names])
            for slot, card in zip(slots, names, strict=True):
                if good:
                    slot.update(kinds_of(GAME, corpus.card(card)))
    print("[slots]")
    for name in sorted(table):
        listed = ", ".join(json.dumps(sorted(slot)) for slot in table[name])
        print(f"{json.dumps(name)} = [{listed}]")


if __name__ == "__main__":
    main()
