"""Question shapes for rulings: the game's encoded cases with their cards made into typed slots.

Each case situation that names corpus cards is a question the FAQ found worth asking. With
every corpus card it names replaced by a slot ``{c1}``, ``{c2}`` … of that card's type family
(a "Tutu character" fills a character slot) and its expectations dropped, it becomes a shape
that can be asked of any cards of those families, in every role the case gives them (mine or
yours, active, played, in hand, asked about). Which folder holds the cases and how many slots a
shape may have is game data (``[cases]`` in ``corpus/<game>/rulings.toml``).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rulesq.paths import corpus_dir

if TYPE_CHECKING:
    from rulesq.corpus.models import Card

_QUOTED = re.compile(r'"([^"\n]+)"')
_DROPPED = ("expect", "source", "#")
#: A statement of a card's icons ("X" has icon P / has no icons / has no P icon): a fact about
#: that one card, read from its FAQ answer, so it keeps the card's name and no slot is made.
_ICON_STATEMENT = re.compile(r'^"[^"]+" has (?:no icons|(?:no|the) [A-Z][A-Z ]* icon|icons? .+)$')


@dataclass(frozen=True)
class Shape:
    """A case situation with its cards as slots, each slot a type family."""

    text: str
    families: tuple[str, ...]
    case: str
    #: The cards of each case this shape was made of, in slot order (the FAQ's own fillings).
    owns: tuple[tuple[str, ...], ...] = ()

    def fillings(self, cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
        """Every assignment of distinct given cards to the slots, each of the slot's family."""
        for chosen in itertools.permutations(cards, len(self.families)):
            if all(
                family(card.type) == want for card, want in zip(chosen, self.families, strict=True)
            ):
                yield chosen

    def fill(self, chosen: Sequence[Card]) -> str:
        """The situation text with the cards in their slots."""
        return self.fill_names([card.name for card in chosen])

    def fill_names(self, names: Sequence[str]) -> str:
        """The situation text with these card names in the slots."""
        text = self.text
        for number, name in enumerate(names, start=1):
            text = text.replace(f"{{c{number}}}", name)
        return text


def family(card_type: str) -> str:
    """A card type's family: its last word ("Tutu character" is a character)."""
    words = card_type.lower().split()
    return words[-1] if words else ""


@functools.cache
def load_shapes(game: str, folder: str, most: int) -> tuple[Shape, ...]:
    """The shapes of the game's cases that name between two and ``most`` corpus cards."""
    from rulesq.corpus.load import load_corpus

    corpus = load_corpus(game)
    by_name = {_fold(card.name): card for card in corpus.cards.values()}
    shapes: dict[tuple[str, tuple[str, ...]], Shape] = {}
    for path in sorted((corpus_dir() / game / folder).rglob("*.rq")):
        shape = _shape(path.read_text(encoding="utf-8"), path.stem, by_name, most)
        if shape is None:
            continue
        first = shapes.setdefault((shape.text, shape.families), shape)
        if first is not shape and shape.owns[0] not in first.owns:
            shapes[shape.text, shape.families] = replace(first, owns=first.owns + shape.owns)
    return tuple(shapes.values())


def _shape(text: str, case: str, by_name: dict[str, Card], most: int) -> Shape | None:
    lines = [
        line.rstrip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith(_DROPPED)
    ]
    inline = {
        m.group(1)
        for line in lines
        if line.startswith("card ")
        for m in [_QUOTED.search(line)]
        if m
    }
    slots: dict[str, int] = {}
    families: list[str] = []

    def slot(match: re.Match[str]) -> str:
        name = match.group(1)
        card = by_name.get(_fold(name)) if name not in inline else None
        if card is None:
            return match.group(0)
        if card.name not in slots:
            slots[card.name] = len(slots) + 1
            families.append(family(card.type))
        return f'"{{c{slots[card.name]}}}"'

    body = [
        line if line.startswith("card ") or _ICON_STATEMENT.match(line) else _QUOTED.sub(slot, line)
        for line in lines
    ]
    if not 2 <= len(slots) <= most or not any(line.startswith("ask ") for line in body):
        return None
    return Shape("\n".join(body) + "\n", tuple(families), case, (tuple(slots),))


def _fold(name: str) -> str:
    from rulesq.corpus.load import normalise_name

    return normalise_name(name)


def without(text: str, card: Card, side: str | None = None) -> str | None:
    """The situation with ``card`` taken out of every line but the questions (None: no line).

    A count before the card ("1 "X"") goes with it. ``side`` ("I" or "you") takes the card
    out of that player's lines only: a card both players have is two cards.
    """
    quoted = f'"{card.name}"'
    item = re.compile(r"(?:\b\d+ )?" + re.escape(quoted) + r"(?: \([^)]*\))?(?:, | and )?")
    out, changed = [], False
    for line in text.splitlines():
        if quoted not in line or line.startswith(("ask ", "card ")) or not _on(line, side):
            out.append(line)
            continue
        changed = True
        rest = re.sub(r"(?:,| and)\s*$", "", item.sub("", line)).replace(", and ", " and ")
        if _QUOTED.search(rest):
            out.append(rest)
    return "\n".join(out) + "\n" if changed else None


def sides(text: str, card: Card) -> list[str]:
    """The players ("I", "you") whose lines name ``card``, questions apart."""
    quoted = f'"{card.name}"'
    lines = [x for x in text.splitlines() if quoted in x and not x.startswith(("ask ", "card "))]
    return [side for side in SIDES if any(_on(line, side) for line in lines)]


#: The words a line of each player opens with.
SIDES = {"I": ("I ", "my "), "you": ("you ", "your ")}


def _on(line: str, side: str | None) -> bool:
    """Whether a line is about ``side``'s cards (any line when ``side`` is None)."""
    return side is None or line.startswith(SIDES[side])
