"""Which questions are worth asking of some cards: a card's text touches what they ask.

A game may list in ``[touch]`` of ``corpus/<game>/rulings.toml`` which effect kinds (a card
text's effects, ``Game.effect_kinds``) a derivation of each question kind has quoted. A
question about cards is asked only when each card has an effect of a kind that touches it:
a ruling quotes a text of every card it is about, and a card whose text cannot be quoted
in the answer cannot be one of them. Without the table every question is asked.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rulesq.paths import corpus_dir

if TYPE_CHECKING:
    from rulesq.corpus.models import Card

Touch = Mapping[str, frozenset[str]]


@functools.cache
def touch_table(game: str) -> Touch | None:
    """Question kind -> the effect kinds that touch it (None: the game lists none)."""
    path = corpus_dir() / game / "rulings.toml"
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        entry = tomllib.load(handle).get("touch")
    if not isinstance(entry, dict):
        return None
    return {str(kind): frozenset(map(str, kinds)) for kind, kinds in entry.items()}


@functools.cache
def card_kinds(game: str, name: str, text: str) -> frozenset[str]:
    """The effect kinds of a card's text (cached by name and text)."""
    from rulesq.games import get_game

    del name
    return get_game(game).effect_kinds(text) if text.strip() else frozenset()


def kinds_of(game: str, card: Card) -> frozenset[str]:
    """The effect kinds of a card's text."""
    return card_kinds(game, card.name, card.text or "")


@functools.cache
def asks(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each question a situation text asks (read, not answered): its kind, the cards it names."""
    from rulesq.situation import parse_situation

    return tuple(
        (q.kind, frozenset(card.name for card in q.cards))
        for q in parse_situation(text, "<ruling shape>").questions
    )


def touching(table: Touch, kinds: frozenset[str], named: bool = False) -> frozenset[str]:
    """The effect kinds that touch any of these question kinds.

    A card the question names may be quoted also for what the question asks of it: the
    kinds listed under ``<kind>@named`` count too.
    """
    keys = [*kinds, *(f"{kind}@named" for kind in kinds if named)]
    return frozenset().union(*(table.get(key, frozenset()) for key in keys))


#: In the table: any effect kind (the question quotes the text it names, whatever it says).
ANY = "*"


def touches(game: str, wanted: frozenset[str], card: Card) -> bool:
    """Whether the card has an effect of one of the wanted kinds (``*``: of any kind)."""
    kinds = kinds_of(game, card)
    return bool(kinds) and (ANY in wanted or not wanted.isdisjoint(kinds))
