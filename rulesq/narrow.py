"""Which questions are worth asking of some cards: a card's text touches what they ask.

A game may list in ``[touch]`` of ``corpus/<game>/rulings.toml`` which effect kinds (a card
text's effects, ``Game.effect_kinds``) a derivation of each question kind has quoted. A
question about cards is asked only when each card has an effect of a kind that touches it:
a ruling quotes a text of every card it is about, and a card whose text cannot be quoted
in the answer cannot be one of them. Without the table every question is asked.

A question reads the texts of the cards it names and of the cards the statements before it
place (a situation is a timeline): a card it does not name, placed before it only where its
text is not in force (``[narrow] not_in_force`` of rulings.toml: in a hand, discarded, a
bluff card), cannot be quoted in its answer. A question about some cards is asked only when
one of the situation's questions reads every one of them (``reads``).
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
def not_in_force(game: str) -> frozenset[str]:
    """The statement kinds that place a card where its text is not in force (none listed: none)."""
    path = corpus_dir() / game / "rulings.toml"
    if not path.is_file():
        return frozenset()
    with path.open("rb") as handle:
        entry = tomllib.load(handle).get("narrow")
    if not isinstance(entry, dict):
        return frozenset()
    return frozenset(map(str, entry.get("not_in_force", ())))


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


#: A question as narrowing sees it: its kind, the cards it names, the cards whose text it reads.
Read = tuple[str, frozenset[str], frozenset[str]]


@functools.cache
def reads(text: str, game: str) -> tuple[Read, ...]:
    """Each question a situation text asks (read, not answered), with the cards it may quote.

    Those are the cards it names and the cards placed by a statement it sees
    (``Situation.facts_before``) of a kind other than ``not_in_force``.
    """
    from rulesq.situation import parse_situation

    situation = parse_situation(text, "<ruling shape>")
    held = not_in_force(game)
    out = []
    for question in situation.questions:
        named = frozenset(card.name for card in question.cards)
        placed = {
            card.name
            for fact in situation.facts_before(question)
            if fact.kind not in held
            for card in fact.cards
        }
        out.append((question.kind, named, named | placed))
    return tuple(out)


#: A question shape (an FAQ case's name, or a template's title) -> for each of its slots, the
#: effect kinds of the cards that a first judging of its fillings quoted with every other card.
Slots = Mapping[str, tuple[frozenset[str], ...]]


@functools.cache
def slot_table(game: str) -> Slots:
    """``[slots]`` of the game's rulings.toml (empty: none listed)."""
    path = corpus_dir() / game / "rulings.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        entry = tomllib.load(handle).get("slots")
    if not isinstance(entry, dict):
        return {}
    return {
        str(shape): tuple(frozenset(map(str, kinds)) for kinds in slots)
        for shape, slots in entry.items()
    }


def fits(game: str, slots: Slots, shape: str, slot: int, card: Card) -> bool:
    """Whether the card has an effect of a kind ``[slots]`` lists for that slot of the shape.

    A shape the table does not list: any card fits.
    """
    listed = slots.get(shape)
    return listed is None or not listed[slot].isdisjoint(kinds_of(game, card))


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
