"""Warhammer noun phrases: the cards, units, players, zones and amounts an act takes."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Node
from rulesq.effects.words import article
from rulesq.games.warhammer.vocab import CARD_TYPES, POWER_ICONS, Zone

#: Words that say whose a card is.
_OWNERS = {
    "you": "you",
    "your": "you",
    "opponent": "opponent",
    "opponent's": "opponent",
    "opponents": "opponent",
    "opponents'": "opponent",
    "his": "opponent",
    "each": "each player",
    "player's": "a player",
    "players": "each player",
}
_QUALITIES = frozenset(
    {
        "attacking",
        "defending",
        "damaged",
        "corrupted",
        "questing",
        "attached",
        "facedown",
        "faceup",
        "burning",
        "unburned",
        "random",
        "printed",
        "other",
        "another",
        "target",
        "uncancellable",
        "combat",
        "indirect",
        "neutral",
        "limited",
        "unique",
    }
)


@dataclass(frozen=True)
class Word(Node):
    """One word as read, with its class in the grammar (VERB, WORD, NAME, ICON …)."""

    kind: str
    text: str

    def render(self) -> str:
        """The word as written."""
        return self.text


@dataclass(frozen=True)
class Selector(Node):
    """A noun phrase.

    Its words, the card type it names, whose, which zone, and whether it targets.
    """

    words: tuple[str, ...]
    card_type: str | None = None
    owner: str | None = None
    zone: Zone | None = None
    target: bool = False
    qualities: tuple[str, ...] = ()
    races: tuple[str, ...] = ()

    def render(self) -> str:
        """The phrase as written ("a" before a vowel reads "an")."""
        words = list(self.words)
        for i, word in enumerate(words[:-1]):
            if word == "a":
                words[i] = article(words[i + 1])
        return " ".join(words)


def selector(words: list[Word]) -> Selector:
    """A selector from the words of a noun phrase."""
    card_type = owner = None
    zone: Zone | None = None
    qualities: list[str] = []
    races: list[str] = []
    for w in words:
        low = w.text.lower()
        if card_type is None and low in CARD_TYPES and w.kind != "ZONE":
            card_type = CARD_TYPES[low]
        if low in _OWNERS and (owner is None or owner == "each player"):
            owner = _OWNERS[low]
        if w.kind == "ZONE" and zone is None:
            zone = Zone(low.rstrip("s"))
        if low in _QUALITIES:
            qualities.append(low)
        if w.kind == "ICON" and w.text not in POWER_ICONS:
            races.append(w.text.strip("[]"))
    return Selector(
        tuple(w.text for w in words),
        card_type,
        owner,
        zone,
        "target" in qualities or "targets" in (w.text.lower() for w in words),
        tuple(qualities),
        tuple(races),
    )
