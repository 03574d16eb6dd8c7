"""Warhammer card-text vocabulary: verb families, zones, keywords and the lead words."""

from __future__ import annotations

import re
from enum import Enum

from rulesq.regexcache import compiled


class Zone(Enum):
    """A zone of a capital (and of play)."""

    KINGDOM = "kingdom"
    QUEST = "quest"
    BATTLEFIELD = "battlefield"


class Header(Enum):
    """An ability's header word."""

    ACTION = "Action"
    FORCED = "Forced"
    QUEST = "Quest"


#: Verb family (the act's kind) -> the stems the grammar's VERB terminal reads for it.
_FAMILIES: dict[str, str] = {
    "deal_damage": r"deals?|dealt|dealing",
    "cancel": r"cancel(?:s|led)?",
    "redirect": r"redirect(?:s|ed)?",
    "move": r"mov(?:e|es|ed|ing)|go",
    "heal": r"heal(?:s|ed)?",
    "destroy": r"destroy(?:s|ed|ing)?",
    "sacrifice": r"sacrifice[sd]?",
    "return": r"return(?:s|ed)?",
    "draw": r"draws?",
    "search": r"search(?:es|ed)?|look|examine",
    "gain": r"gain(?:s|ed)?|gets?|gives?|provides?|retains?",
    "lose": r"los(?:e|es|ing)",
    "corrupt": r"corrupts?",
    "restore": r"restor(?:e|es|ed)|uncorrupt",
    "put": r"puts?|plac(?:e|es|ed)|adds?",
    "discard": r"discard(?:s|ed|ing)?",
    "reveal": r"reveal(?:s|ed)?",
    "shuffle": r"shuffles?|rearrange",
    "choose": r"choos(?:e|es|ing)|chosen|selecting|decide",
    "attach": r"attach(?:es)?",
    "spend": r"spend(?:s|ing)?|pay(?:s|ing)?",
    "lower_cost": r"lower(?:s|ed)?|reduce[sd]?",
    "raise_cost": r"raise[sd]?|increase[sd]?",
    "take": r"takes?|steal",
    "play": r"play(?:s|ed|ing)?|use|develop",
    "enter": r"enter(?:s|ed)?|comes",
    "leave": r"leaves?",
    "attack": r"attack(?:s|ed)?|ambush(?:es|ed)",
    "defend": r"defend(?:s|ed)?",
    "declare": r"declare[sd]?|initiate",
    "assign": r"assign(?:s|ed|ing)?|allocate",
    "burn": r"burn(?:s|ed)?",
    "become": r"becomes?|counts?|treat|equals|lasts",
    "copy": r"cop(?:y|ies|ied)",
    "trigger": r"trigger(?:s|ed)?",
    "remove": r"remov(?:e|es|ed)",
    "switch": r"switch",
    "survive": r"survives?",
    "win": r"wins?",
    "ignore": r"ignor(?:e|ing)|skip",
    "prevent": r"prevent",
    "contain": r"contain(?:s|ing)|shares?|match(?:es)?",
    "force": r"force[sd]?",
    "double": r"doubles?",
    "end": r"ends",
    "target": r"targeted",
    "collect": r"collect(?:s|ed)?",
}
_VERBS = [(kind, compiled(f"(?:{stems})", re.IGNORECASE)) for kind, stems in _FAMILIES.items()]

#: Verbs that an act can be (the others only describe events: enter, leave, attack …).
ACT_KINDS = frozenset(_FAMILIES)


def verb_kind(word: str) -> str:
    """The family of a verb the grammar read ("deals" -> "deal_damage")."""
    for kind, pattern in _VERBS:
        if pattern.fullmatch(word):
            return kind
    raise KeyError(word)


#: Keywords written "Keyword N" or "Keyword." (rulebook and FAQ terminology).
NUMBERED_KEYWORDS = (
    "Toughness",
    "Counterstrike",
    "Ambush",
    "Savage",
    "Channeled",
    "Necromancy",
    "Scout",
    "Dragonkin",
    "Feared",
    "Raider",
    "Fulcrum",
    "Siege",
    "Fierce",
    "Vicious",
    "Disease",
    "Eternal",
)
#: Words that start a trigger, a condition or a duration phrase.
TRIGGER_LEADS = ("when", "whenever", "at", "after", "each time", "the first time")
CONDITION_LEADS = ("if", "while", "unless", "as long as", "otherwise", "instead")
DURATION_LEADS = ("until", "during", "for the rest of")
#: Participles read as passive acts after "be", "is", "are" ("cannot be corrupted").
PARTICIPLES = {
    "corrupted": "corrupt",
    "damaged": "deal_damage",
    "attacked": "attack",
    "attached": "attach",
    "questing": "move",
    "burning": "burn",
    "revealed": "reveal",
    "channeled": "channel",
    "sacrificed": "sacrifice",
    "destroyed": "destroy",
    "considered": "become",
}
#: The power icon as card texts print it: "[Power]", or "[P]" (11 texts: "gains [P]"); no race.
POWER_ICONS = frozenset({"[Power]", "[P]"})
#: Card types and the words that name them.
CARD_TYPES = {
    "unit": "unit",
    "units": "unit",
    "support": "support",
    "supports": "support",
    "tactic": "tactic",
    "tactics": "tactic",
    "quest": "quest",
    "quests": "quest",
    "attachment": "attachment",
    "attachments": "attachment",
    "development": "development",
    "developments": "development",
    "legend": "legend",
    "legends": "legend",
    "card": "card",
    "cards": "card",
}
