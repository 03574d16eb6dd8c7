"""The FMA effect language: typed, immutable nodes for card text, each rendering one sentence.

Noun phrases (``Selector``, references, zones, comparisons) are plain frozen values; the
effects built from them subclass ``rulesq.effects.base.Effect`` and carry their span in the
card text. ``render()`` gives one canonical sentence per effect, and parsing that sentence
gives the same effect back (tests check this over every FMA text of the corpus).

The vocabulary lives in small modules, imported downward: ``vocab`` (nouns, attributes),
``references`` (this card, pronouns, possessives, zones), ``selectors``, ``acts`` (clauses),
``passives``, ``triggers`` (events and conditions) and ``abilities``; the shared core
(numbers, roles) is in ``rulesq.effects``. This module gathers them under one name.
"""

from __future__ import annotations

from rulesq.effects.words import number_word
from rulesq.games.fma.abilities import (
    Ability,
    ExtraCost,
    FmaParsedText,
    walk,
)
from rulesq.games.fma.acts import (
    AddTo,
    AttributeBonus,
    AttributeSet,
    BeginBattle,
    Cancel,
    ChangeLocation,
    Choose,
    Clause,
    Defeat,
    DoubleBonus,
    Draw,
    GainControl,
    GainFaction,
    HandAndDiscard,
    IncreaseCost,
    Move,
    Play,
    Recover,
    ReduceCost,
    RemoveFromGame,
    RevealHand,
    SearchDeck,
    SendToDiscard,
    SetCard,
    ShuffleInto,
    Target,
    TargetPair,
)
from rulesq.games.fma.passives import (
    BattleClosed,
    CannotGain,
    DefeatedWhenMoved,
    Forbidden,
    GrantPlay,
    NoGrants,
    PlayCondition,
    PlayRestriction,
    Prohibition,
    WillNotJoin,
)
from rulesq.games.fma.references import (
    Named,
    Possessive,
    Pronoun,
    Ref,
    That,
    This,
    Zone,
)
from rulesq.games.fma.selectors import (
    AttributeAtLeastOther,
    AttributeBelow,
    ControlledBy,
    CostAtMost,
    CostBelow,
    CostOf,
    Designator,
    HandAbove,
    In,
    Postmod,
    Quantity,
    Selector,
    Subject,
    Targeting,
    Value,
    render_value,
    subject_verb,
    third_person,
)
from rulesq.games.fma.triggers import (
    Conditional,
    GameEvent,
    IsDefeated,
    ReceivesBonus,
    StepStart,
    Trigger,
    WinsBattle,
)
from rulesq.games.fma.vocab import PLURALS, SINGULARS, sentence

__all__ = [
    "Ability", "AddTo", "AttributeAtLeastOther", "AttributeBelow", "AttributeBonus",
    "AttributeSet", "BattleClosed", "BeginBattle", "Cancel", "CannotGain", "ChangeLocation",
    "Choose", "Clause", "Conditional", "ControlledBy", "CostAtMost", "CostBelow", "CostOf",
    "Defeat", "DefeatedWhenMoved", "Designator", "DoubleBonus", "Draw", "ExtraCost",
    "FmaParsedText", "Forbidden", "GainControl", "GainFaction", "GameEvent", "GrantPlay",
    "HandAbove", "HandAndDiscard", "In", "IncreaseCost", "IsDefeated", "Move", "Named", "NoGrants",
    "number_word", "Play", "PlayCondition", "PlayRestriction", "PLURALS", "Possessive", "Postmod",
    "Prohibition", "Pronoun", "Quantity", "ReceivesBonus", "Recover", "ReduceCost", "Ref",
    "RemoveFromGame", "render_value", "RevealHand", "SearchDeck", "Selector", "SendToDiscard",
    "sentence", "SetCard", "ShuffleInto", "SINGULARS", "StepStart", "Subject", "subject_verb",
    "Target", "Targeting", "TargetPair", "That", "third_person", "This", "Trigger", "Value",
    "walk", "WillNotJoin", "WinsBattle", "Zone",
]
