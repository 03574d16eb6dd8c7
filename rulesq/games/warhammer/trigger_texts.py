"""Trigger conditions read from Warhammer card texts: what must happen, to whom, and where.

Each sentence of a text in force is matched against the trigger conditions rulesq follows
(:data:`CONDITIONS`); a sentence is kept with its header (Forced, Action or none: a constant
effect) and the zone its zone text ("Kingdom.") limits it to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer import texts
from rulesq.games.warhammer.claims import Text
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.vocab import Zone

#: The trigger conditions followed, by name: a pattern over the sentence after its header.
CONDITIONS: dict[str, re.Pattern[str]] = {
    name: compiled(pattern, re.IGNORECASE)
    for name, pattern in {
        "enters_play": r"^(?:when|after) this unit enters play\b",
        "leaves_play": r"^(?:when|after) this unit leaves play\b",
        "unit_enters_this_zone": r"^(?:when|after) a unit enters this zone\b",
        "you_heal": r"^whenever you heal a unit\b",
        "unit_corrupted": r"^whenever a unit is corrupted\b",
        "opponent_unit_to_discard": r"^(?:when|after) a unit is put into target opponent's "
        r"discard pile from play\b",
        "attached_deals_combat_damage": r"^(?:when|after) the attached unit deals damage in "
        r"combat\b",
        "beginning_of_your_turn": r"^at the beginning of your turn\b",
        "end_of_your_turn": r"^at the end of your turn\b",
        "attack_on_this_zone": r"^(?:when|after) an opponent declares an attack on this zone\b",
        "attackers_take_combat_damage": r"^if attached unit is defending alone, destroy all "
        r"attacking units when they take combat damage this phase$",
        "your_unit_would_be_destroyed": r"^if one of your units would be destroyed, you may "
        r"spend (?P<cost>\d+) resources? to instead\b",
    }.items()
}
#: Effects that move a card: "target opponent gains control of this unit and moves it to his
#: corresponding zone".
CONTROL_MOVE = compiled(
    r"^target opponent gains control of this unit and moves it to his corresponding zone$",
    re.IGNORECASE,
)
#: A zone restriction: "Cards with fewer than 3 loyalty cannot enter this zone".
LOYALTY_BAR = compiled(
    r"^cards with fewer than (?P<n>\d+) loyalty cannot enter this zone$", re.IGNORECASE
)
#: "Your units enter this zone corrupted."
ENTER_CORRUPTED = compiled(r"^your units enter this zone corrupted$", re.IGNORECASE)
#: "search the top five cards of your deck" and "you may search an additional card".
SEARCH = compiled(r"\bsearch the top (?P<n>\w+) cards of your deck\b", re.IGNORECASE)
SEARCH_MORE = compiled(
    r"^whenever you search your deck, you may search an additional card$", re.IGNORECASE
)
#: "search the top five cards of your deck for a support card with cost 2 or lower. You may
#: put that card into this zone."
SEARCH_FOR = compiled(
    r"\bsearch the top \w+ cards of your deck for an? (?P<type>support|unit) card with cost "
    r"(?P<n>\d+) or lower\. You may put that card into this zone\b",
    re.IGNORECASE,
)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
#: Conditions another module follows where they decide (Q&A 19: ``triggers.spike``).
FOLLOWED_IN_DESTRUCTION = ("attackers_take_combat_damage",)


@dataclass(frozen=True)
class Trigger:
    """A sentence with a trigger condition: its name, header, zone, quote and match."""

    condition: str
    header: str | None
    zones: tuple[Zone, ...]
    quote: Text
    body: str
    match: re.Match[str]


def sentences(name: str, text: str) -> list[tuple[str | None, tuple[Zone, ...], str, str]]:
    """Each effect of a text: its header, the zones its zone words limit it to, quote, body."""
    found: list[tuple[str | None, tuple[Zone, ...], str, str]] = []
    for zone, effect in texts.zoned(text):
        quote = effect.span.of(text).strip()
        header = effect.header.value if isinstance(effect, fx.Ability) else None
        body = quote.split(":", 1)[1].strip() if header else quote
        found.append((header, zone, quote, body.rstrip(".").strip()))
    return found


def triggers(name: str, text: str | None) -> list[Trigger]:
    """The trigger conditions a text states that rulesq follows."""
    found: list[Trigger] = []
    for header, zone, quote, body in sentences(name, text or ""):
        for condition, pattern in CONDITIONS.items():
            match = pattern.search(body)
            if match is not None:
                found.append(Trigger(condition, header, zone, Text(name, quote), body, match))
    return found


def followed_in_destruction(quote: str) -> bool:
    """Whether a sentence is a trigger that ``triggers`` follows for "is X destroyed?"."""
    body = quote.split(":", 1)[1] if ":" in quote.split(" ", 1)[0] else quote
    body = body.strip().rstrip(".").strip()
    return any(CONDITIONS[name].search(body) for name in FOLLOWED_IN_DESTRUCTION)


def number(word: str) -> int | None:
    """A count written as digits or a word ("five")."""
    return int(word) if word.isdigit() else _NUMBERS.get(word.lower())
