"""Deck building (Advanced Rules): how many cards and moons a deck may hold, and what it costs.

A constructed deck starts from a selected people, whose cards are free; cards of other peoples
cost the moons shown on them, with 10 moons to spend and 30 cards, as the leader card states
("30 cards 10 moons"). An inquisitor adds to both ("+5 cards + 5 moons"). Each player may have
only one copy of each card. A card's people is the one its number names ("Vulca 02"; a card
marked for a people, "Promo/Buka 31", is that people's card); the deck a card ships in ("Terrah
deck") does not make it another people's card. An invented card's people is never stated: one
with a moon cost might be the deck's own people's card, so what it costs is not known.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon.judge import rules as R

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.cards import CardInfo
    from rulesq.games.bluemoon.judge.state import Player

#: The default terms of a constructed deck, as a people's leader card states them.
DEFAULT_CARDS = 30
DEFAULT_MOONS = 10
TERMS = re.compile(
    r"^\s*(?P<add>\+)?\s*(?P<cards>\d+)\s*cards?\s*"
    r"\+?\s*(?P<moons>\d+)\s*moons?\s*$",
    re.IGNORECASE,
)


@dataclass
class Terms:
    """How many cards a deck must hold and how many moons it may use, and why."""

    cards: int = DEFAULT_CARDS
    moons: int = DEFAULT_MOONS
    reasons: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    negatives: list[str] = field(default_factory=list)


def deck_text(info: CardInfo) -> str | None:
    """The deck-composition line printed on a leader or inquisitor ("+5 cards + 5 moons")."""
    if info.card is None:
        return None
    value = info.card.fields.get("deck_text")
    return value if isinstance(value, str) and value.strip() else None


def _read(info: CardInfo) -> tuple[bool, int, int]:
    """A deck-composition line read: (adds to the terms, cards, moons)."""
    text = deck_text(info)
    if text is None:
        raise CannotAnswer(f'the sources give no deck composition for "{info.name}"')
    match = TERMS.match(text)
    if match is None:
        raise CannotAnswer(f'rulesq cannot read the deck composition of "{info.name}": {text}')
    return bool(match["add"]), int(match["cards"]), int(match["moons"])


def deck_terms(player: Player) -> Terms:
    """The cards and moons of a player's constructed deck: leader's terms, plus inquisitor's."""
    terms = Terms()
    leader = player.leader
    if leader is not None and deck_text(leader) is not None:
        adds, cards, moons = _read(leader)
        if adds:
            raise CannotAnswer(f'the leader "{leader.name}" gives no deck size')
        terms.cards, terms.moons = cards, moons
        terms.reasons.append(f'the leader "{leader.name}": {deck_text(leader)}')
    else:
        terms.reasons.append(
            f"a people deck holds {DEFAULT_CARDS} cards with {DEFAULT_MOONS} moons to spend"
        )
        terms.negatives.append("no leader card states other deck terms")
    terms.rules += [R.DECK_THIRTY_CARDS, R.DECK_TEN_MOONS]
    inquisitor = player.inquisitor.info if player.inquisitor is not None else None
    if inquisitor is None:
        terms.negatives.append("no inquisitor is named (only inquisitors change the deck terms)")
        return terms
    adds, cards, moons = _read(inquisitor)
    if not adds:
        raise CannotAnswer(f'rulesq cannot read "{deck_text(inquisitor)}" as an addition')
    terms.cards += cards
    terms.moons += moons
    terms.reasons.append(f'the inquisitor "{inquisitor.name}": {deck_text(inquisitor)}')
    terms.rules += [R.DECK_INQUISITOR_ADDS, R.DECK_INQUISITOR_MOONS]
    return terms


def people_of(info: CardInfo) -> str | None:
    """The people a card belongs to (a card marked for a people, "Promo/Buka": that people)."""
    if not info.people:
        return None
    return info.people.split("/")[-1].strip() or None


@dataclass(frozen=True)
class Cost:
    """What one card costs a deck, in moons, and why."""

    moons: int
    reason: str
    rules: tuple[str, ...]


def cost(info: CardInfo, deck_people: str | None) -> Cost:
    """The moons a card costs a deck of ``deck_people`` (its own people's cards are free)."""
    people = people_of(info)
    if deck_people is None:
        raise CannotAnswer("the situation does not say which people the deck is built from")
    if people is not None and people.casefold() == deck_people.casefold():
        rules: tuple[str, ...] = (R.DECK_OWN_PEOPLE_FREE,)
        if people != info.people:
            rules += (R.DECK_MARKED_PEOPLE,)
        return Cost(0, f'"{info.name}" is a {people} card: free in a {deck_people} deck', rules)
    if info.moons is None:
        raise CannotAnswer(
            f'the sources give no moon cost for "{info.name}" ({info.people or "no people"} card)'
        )
    if people is None and info.moons:
        raise CannotAnswer(
            f'the situation does not say which people "{info.name}" belongs to: '
            f"a {deck_people} card would be free in the deck"
        )
    whose = f"a {people} card" if people else "a card of no stated people"
    moons = f"{info.moons} moon{'' if info.moons == 1 else 's'}"
    return Cost(
        info.moons,
        f'"{info.name}" is {whose}: it costs its {moons}',
        (R.DECK_BUY_OTHER_PEOPLES, R.DECK_MOON_COST, R.DECK_PAY_OTHER_PEOPLES),
    )


def deck_cost(player: Player) -> tuple[int, list[Cost]]:
    """The moons a player's deck uses, with each card's cost."""
    costs = [cost(info, player.deck_people) for info, count in player.deck for _ in range(count)]
    return sum(c.moons for c in costs), costs


def deck_size(player: Player) -> int:
    """How many cards the player's deck holds so far."""
    return sum(count for _, count in player.deck)


def copies(player: Player, info: CardInfo) -> int:
    """How many copies of a card the player's deck holds."""
    return sum(count for held, count in player.deck if held.key == info.key)
