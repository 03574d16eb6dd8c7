"""The reasons of FMA's *cannot answer* and definite answers name what decided (tests/cases/fma*).

Each entry: a case file under tests/cases, the question's number (1-based), words the reason
holds (``!words``: words it must not hold). A verdict right for a wrong reason is a wrong
answer; a *cannot answer* must say why.
"""

from __future__ import annotations

from functools import cache

import pytest
from conftest import INVENTED

from rulesq.engine import Answer, evaluate
from rulesq.situation import read_situation

REASON: dict[str, dict[int, tuple[str, ...]]] = {
    "fma-drawing/a-text-that-gets-no-cards-is-not-said-to-get-them.rq": {
        1: ('does not use the word "draw"', "!gets cards without"),
    },
    "fma/a-passive-bonus-to-your-characters-reaches-its-controllers-only.rq": {
        1: ('say whose "War Chest" is', "!give its factions"),
    },
    "fma/who-reacts-first-to-a-play-by-a-character-of-no-player.rq": {
        1: ('who played "Quick Jab"', 'whose "Edward" is'),
    },
    "fma/a-target-inside-a-trigger-is-a-target.rq": {
        1: ('does not follow "with strength less than a losing character"', "!has no text"),
    },
    "fma/a-react-to-a-card-then-canceled-waits-for-nothing-known.rq": {
        2: ('"Heavy Swing" was canceled', "never fully resolves"),
    },
    "fma/a-text-with-two-targets-is-not-said-to-target-none.rq": {
        1: ("to attack and", 'whether "Hero" is ready', "!has no text that targets"),
    },
    "fma/a-cost-lower-than-x-is-read-when-x-and-the-cost-are-given.rq": {
        1: ('the X chosen for "Father Cornello',),
        5: ('the cost of "Unpriced" is not given',),
    },
    "fma/a-cost-lower-than-this-characters-cost-is-the-cost-of-who-plays-it.rq": {
        1: ('plays "Persuasion"',),
        2: ('the cost of the character that plays "Persuasion"',),
    },
    "fma/challenge-the-sun-targets-an-attacker-and-a-defender.rq": {
        5: ("no character the situation names can attack",),
        8: ("no character the situation names can attack",),
    },
    "fma/a-printed-value-an-erratum-corrects-says-so.rq": {
        1: ("an erratum gives every version", "a misprinted version shows another"),
    },
    "fma-timing/start-of-turn-effects-of-both-players-who-starts-is-not-a-guess.rq": {
        1: ("Start of turn", "Play-or-Pass", "never say who acts first", "not reacts"),
    },
    "fma/a-toughness-of-zero-on-a-side-that-did-not-lose-is-not-a-guess-1.rq": {
        3: ("toughness 0", "whether a toughness of 0 protects"),
    },
    "fma/a-canceled-cards-cost-is-not-a-guess.rq": {
        1: ("was canceled (line 11)", "costs of a canceled card stay paid"),
    },
    "fma/a-cost-paid-by-a-character-not-named-is-not-a-guess.rq": {
        1: ('costs "Set this character"', "which character played it"),
    },
    "fma/readiness-after-a-turn-ends-or-a-card-of-unknown-text-is-not-a-guess.rq": {
        2: ("the turn ended", "reset"),
        4: ('"Block" was played', "no text"),
    },
    "fma/reacting-to-a-card-already-canceled-is-not-a-guess.rq": {
        3: ('"Quick Jab" was canceled', "can still be reacted to or canceled"),
        4: ('"Quick Jab" was canceled',),
    },
    "fma/is-a-character-of-a-wits-battle-defeated-when-the-player-chooses.rq": {
        3: ("the player's, not the rules'",),
        5: ("sent home",),
    },
    "fma/is-a-character-defeated-after-caught-off-guard-is-not-a-guess.rq": {
        2: ('"Caught Off Guard" was played', "defeats characters"),
    },
    "fma/a-requirement-met-is-no-yes-over-an-attribute-below-the-cost.rq": {
        2: ("alchemy 2", '"Main Alchemy 5:"'),
        4: ("search phase", "timing"),
        6: ('"Elric House Ruins" increases attribute costs',),
    },
}


@cache
def answers(name: str) -> tuple[Answer, ...]:
    """The answers of an invented case, by its path under tests/cases."""
    return tuple(evaluate(read_situation(INVENTED / name)))


@pytest.mark.parametrize("name", sorted(REASON))
def test_reason_words(name: str) -> None:
    """The reason holds the words that say what decided, or what is not known and why."""
    for number, words in REASON[name].items():
        reason = answers(name)[number - 1].reason
        for word in words:
            if word.startswith("!"):
                assert word[1:] not in reason, (number, reason)
            else:
                assert word in reason, (number, reason)
