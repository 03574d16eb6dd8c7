"""Checks of invented cases (tests/cases) that no ``expect`` form states, each on its file.

The situations are the .rq files; only the check lives here: a status that is not a ladder step
(definite, conflict), words the reason must hold, what the answer assumes or lists as beaten.
"""

from __future__ import annotations

from functools import cache

import pytest
from conftest import INVENTED

from rulesq.engine import Answer, Number, Status, YesNo, evaluate
from rulesq.situation import read_situation

#: The status of an answer (question number, from 1) where it is no ladder step.
STATUS: dict[str, dict[int, str]] = {
    "play/an-ignored-permission-for-another-card-type-does-not-decide.rq": {1: "definite"},
    "play/a-text-allowing-an-additional-character-card-supersedes-the-limit.rq": {2: "definite"},
    "play/an-own-i-may-not-against-an-own-i-may-is-a-conflict.rq": {1: "conflict"},
    "play/an-ignored-pair-icon-is-what-decides-the-limit.rq": {2: "definite"},
    "ignore/values-of-a-card-in-an-undecided-ignore-loop-are-a-conflict.rq": {
        1: "conflict",
        2: "conflict",
    },
    "ignore/texts-reached-by-an-undecided-ignore-loop-are-a-conflict.rq": {
        1: "conflict",
        2: "conflict",
    },
    "ignore/an-ignore-whose-condition-fails-ignores-nothing.rq": {1: "definite"},
    "mixed/an-instruction-applied-to-a-card-the-opponent-then-ignores-may-move.rq": {1: "definite"},
    "mixed/restating-the-application-after-the-influence-answers-again-1.rq": {
        1: "definite",
        3: "definite",
    },
    "mixed/restating-the-application-after-the-influence-answers-again-2.rq": {
        1: "definite",
        3: "definite",
    },
    "mixed/an-application-is-kept-when-nothing-new-influences-the-card.rq": {
        1: "definite",
        2: "definite",
        3: "definite",
    },
    "mixed/an-opposing-reduction-that-ends-also-frees-the-instruction.rq": {
        1: "definite",
        2: "definite",
    },
    "mixed/ignored-support-cards-lose-their-values-but-count-for-six-cards.rq": {
        1: "definite",
        2: "definite",
        3: "definite",
    },
    "mixed/end-of-turn-draws-with-a-prohibition-that-is-ignored-2.rq": {1: "definite"},
    "hands/a-hand-stated-on-a-turn-of-unstated-phase-counts-the-same-in-every-phase.rq": {
        1: "definite"
    },
    "hands/a-count-after-an-event-on-a-turn-no-statement-makes-is-not-asked-by-phase.rq": {
        1: "definite"
    },
}

#: Words the reason of an answer must hold ("!words": must not hold), by question number.
REASON: dict[str, dict[int, tuple[str, ...]]] = {
    "bluemoon-areas/a-call-out-of-its-time-gives-the-time-not-the-open-support-area.rq": {
        1: ("the Announce Power phase is over", "!no face-down bluff cards"),
    },
    "bluemoon-retreats/a-turn-past-its-character-phase-with-no-character-played-is-open.rq": {
        1: ("the turn is past its Character phase", "!can still be played"),
    },
    "values/value-effect-on-a-turn-with-no-turn-stated-cannot-be-told.rq": {
        1: ('whose turn it is decides whether the text of "Some Chill" acts',),
    },
    "choices/a-retrieve-icon-with-no-phase-stated-leaves-the-phase-to-decide.rq": {
        1: ("which phase it is decides the answer", "yes in Beginning of Turn; no in Leadership"),
    },
    "choices/a-choice-a-default-re-ask-meets-is-asked-down-each-path-1.rq": {
        1: ('which icons "Entreat Favor" has decides the answer', "yes with PROTECTED"),
    },
    "choices/a-way-a-default-re-ask-cannot-answer-leaves-no-answer.rq": {
        1: (
            'the choice of "Entreat Favor" is not stated',
            'one way of it (if it plays "Tronknor") cannot be answered',
        ),
    },
    "choices/a-retrieve-icon-the-opponents-retrieve-character-blocks-is-no-choice-2.rq": {
        1: ('"Battling Boomerang" depicts the RETRIEVE icon',),
    },
    "hands/a-draw-from-a-discard-pile-of-stated-size-takes-as-many-as-it-holds-1.rq": {
        1: ('"Open Lucky Bag of Life": 2', "the discard pile holds 2 card(s)"),
        2: ("the discard pile holds 2", "!Wall of Fire"),
    },
    "hands/a-load-from-a-hand-counted-and-named-in-full-takes-only-its-cards.rq": {
        1: ('"Zed" is not in the hand',),
    },
    "choices/a-retrieve-icon-unused-at-an-unstated-beginning-of-turn-is-a-choice-1.rq": {
        1: ("RETRIEVE icon", 'yes if it is not used; no if it retrieves "Battling Boomerang"'),
    },
    "choices/a-choice-opened-two-choices-down-is-asked-each-way-too.rq": {
        1: (
            'yes if it discards "Laughing Gas" and "Entreat Favor" plays "Reappearance" and '
            '"Reappearance" is not used',
        ),
    },
    "choices/choices-asked-together-that-open-another-are-asked-each-way-of-it-too.rq": {
        1: (
            'yes if "Guarded Spirit" discards "Laughing Gas" and "Shielded Spirit" discards '
            '"Giggle Gas" and "Entreat Favor" plays "Reappearance" and "Reappearance" is not used',
        ),
    },
    "choices/a-choice-opened-by-a-way-of-another-is-asked-each-way-too.rq": {
        1: (
            'yes if it plays "Reappearance" and "Reappearance" is not used',
            'no if it plays "Reappearance" and "Reappearance" exchanges it for "Octak"',
        ),
    },
    "hands/a-hand-counted-and-named-in-full-holds-no-other-card.rq": {
        1: ("all named", '"Blip"', '"Bloop"'),
    },
    "defaults/a-card-placed-nowhere-may-be-in-play-for-a-discard.rq": {
        1: ('does not place "Ravenous Razorjaw"', "discards cards in play"),
    },
    "defaults/a-card-placed-nowhere-may-be-in-play-for-its-text-to-be-used.rq": {
        1: ('does not place "TopNotch"', "yes if it is my active card"),
    },
    "defaults/a-card-placed-nowhere-may-be-on-the-discard-pile.rq": {
        1: ('does not place "Piplox"', "the discard pile"),
    },
    "mixed/a-bluff-card-in-hand-is-not-ignored-by-an-ignore-of-support-cards.rq": {
        1: ("Flitterflutter", "in hand", "character card"),
    },
    "warhammer-damage/damage-on-the-capital-after-lethal-rests-on-qa-12.rq": {
        1: ("lethal damage first", "Hammerer of Karak Azul", "Toughness 1"),
    },
    "warhammer-toughness/a-toughness-whose-condition-fails-is-named-in-the-reason.rq": {
        1: ("at least 3 resources", "does not hold", "gives no Toughness"),
    },
    "fma-levels/an-invented-leaders-level-is-read-from-the-values-given.rq": {
        1: ('"Card Chief" is a level 3 leader',),
        2: ('"Line Chief" is a level 2 leader',),
        3: ('"Named Chief" is a level 4 leader',),
        6: ('"Bare Chief" is a level 1 leader',),
    },
    "fma/a-bonus-moved-away-is-named-in-the-reason-of-the-value-it-left.rq": {
        1: ("+2 from an event", "moved to strength"),
    },
    "time/no-order-to-choose-with-a-card-that-has-no-text.rq": {
        1: ('"Plain One" has no special power text', "!has no effect now")
    },
    "defaults/an-unstated-phase-that-decides-a-play-is-asked-for.rq": {
        1: (
            "say which phase it is (phase <name>)",
            "yes in Beginning of Turn, Leadership, Retreat from Fight?, Character;",
            "no in Booster/Support, Announce Power, Refresh Hand, End of Turn",
        )
    },
    "defaults/an-icon-whose-re-ask-cannot-be-answered-leaves-no-answer-1.rq": {
        1: (
            'which icons "Tome of Wisdom" has decides the answer',
            "no with none",
            "cannot answer with",
        )
    },
    "play/any-number-of-support-cards-allows-one-booster-in-all-4.rq": {
        1: (
            'which icons "Trigger Brainstorm" has decides',
            "yes with none",
            "cannot answer with STOP",
        )
    },
    "choices/a-card-a-way-plays-has-its-unknown-icons-asked-for-1.rq": {
        1: ('which icons "Piplox" has decides it: yes with none', 'if it plays "Piplox"'),
    },
    "choices/a-card-a-way-plays-has-its-unknown-icons-asked-for-4.rq": {
        1: ('the choice of "Entreat Favor" is not stated', "which icons", "no with STOP"),
    },
    "choices/a-card-a-way-plays-has-its-unknown-icons-asked-for-2.rq": {
        1: ('which icons "Piplox" has decides the answer', "no with STOP"),
    },
    "hands/a-card-placed-nowhere-after-a-hand-was-disclosed-may-be-in-it.rq": {
        1: ('does not say where "Blaze" is', '"Butterfly Scout" disclosed a hand'),
    },
    "hands/a-discard-after-declining-with-the-hand-unstated-is-open-1.rq": {
        1: ("whether a discard is due after declining rests on the player's hand",),
    },
    "hands/a-refresh-with-the-hand-size-unstated-draws-an-unknown-number.rq": {
        1: ("Refresh Hand phase, drawing up to six cards", "how many cards the player holds"),
        2: ("Refresh Hand phase, drawing up to six cards",),
    },
    "mixed/a-game-ending-with-the-dragons-tied-has-no-winner-the-sources-give.rq": {
        1: ("both players have 1 dragon on their side (the third in the centre)", "!not allow"),
    },
    "hands/a-hand-stated-before-the-first-turn-is-that-turns-hand-1.rq": {
        1: ("the hand holds no cards",),
    },
    "hands/a-hand-stated-before-the-first-turn-is-that-turns-hand-2.rq": {
        1: ("the hand holds no cards",),
    },
    "hands/a-count-after-an-event-on-a-turn-no-statement-makes-is-not-asked-by-phase.rq": {
        1: ("3 card(s) in hand: no draws", "!which phase"),
    },
    "mixed/who-chooses-for-a-card-placed-nowhere-is-not-known.rq": {
        1: ('the situation does not place "Crysalus Frendus": whose card it is',),
    },
    "values/a-shield-the-sources-do-not-give-decides-matching-1.rq": {
        1: ('the sources give no shields for "Wild', '"Wild Unicorn" has no shields'),
    },
    "values/a-shield-the-sources-do-not-give-decides-matching-2.rq": {
        1: ('the sources give no shields for "Blaze": a shield in fire on it',),
    },
    "defaults/an-unstated-phase-that-decides-a-draw-count-is-asked-for.rq": {
        1: ("which phase it is decides the answer", "Refresh Hand; 1 in End of Turn"),
    },
    "hands/a-hand-stated-on-a-turn-of-unstated-phase-counts-the-same-in-every-phase.rq": {
        1: ("3 card(s) in hand: no draws",),
    },
    "defaults/a-phase-whose-re-ask-cannot-be-answered-leaves-no-answer.rq": {
        1: ("which phase it is decides the answer", "cannot answer in Refresh Hand, End of Turn"),
    },
    "defaults/a-turn-whose-re-ask-meets-an-unstated-phase-asks-each-phase.rq": {
        1: ("whose turn it is decides the answer",),
    },
    "hands/a-refresh-of-an-unstated-hand-leaves-the-draw-deck-count-open-1.rq": {
        1: ("the draw deck held 1 card(s) before a refresh drew from it",),
        3: ("the draw deck held 1 card(s) before a refresh drew from it",),
    },
    "acts/a-draw-with-no-turn-stated-is-open.rq": {
        1: ("no turn is stated, and whether a player may draw now",),
        2: ("no turn is stated, and whether a player may draw now",),
    },
    "time/sequence-after-a-question-the-other-players-play-is-on-his-own-turn-2.rq": {
        2: ("6 card(s) in hand",),
    },
    "defaults/an-unknown-icon-that-decides-is-asked-for.rq": {
        1: ('which icons "Baku But" has decides the answer', "yes with none; no with PROTECTED")
    },
    "defaults/an-unstated-phase-for-a-retreat-is-asked-for.rq": {
        1: ("say which phase it is", "yes in Beginning of Turn, Leadership, Retreat from Fight?;")
    },
    "warhammer-tokens/a-power-per-token-with-no-tokens-stated-is-not-known.rq": {
        1: ('states no resource tokens on "Grudgebearer"', "(tokens 0)"),
    },
    "warhammer-targets/a-tactic-targeting-a-card-in-a-discard-pile-cannot-answer.rq": {
        1: ('targets a card out of play ("target card from your discard pile")',),
    },
    "warhammer-questing/what-q-and-a-37-leaves-open.rq": {
        1: ("a unit may be sent questing on a quest its player controls, in any zone",),
    },
    "warhammer-questing/a-stated-phase-leaves-sending-a-unit-questing-open.rq": {
        2: ("the quest phase is stated", "(warhammer/faq/turn-sequence/phase-2) names no questing"),
        3: ("the capital phase is stated", "(warhammer/faq/turn-sequence/phase-3)"),
    },
    "warhammer-damage-unstated/a-unit-listed-without-damage-is-not-read-as-undamaged.rq": {
        1: ('states no damage on "Chaos Knights"', '"Chaos Knights" (damage 0)', "0 to 3 damage"),
        2: ('states no damage on "Chaos Knights"', "0 to 3 damage"),
    },
    "warhammer-damage-unstated/damage-spent-as-resources-not-stated-cannot-answer.rq": {
        1: ('"Urguck" reads', 'states no damage on "Urguck"'),
    },
    "warhammer-damage-unstated/a-damaged-target-with-unstated-damage-cannot-answer.rq": {
        1: ('states no damage on "Chaos Knights"',),
    },
    "warhammer-damage-unstated/a-heal-of-a-unit-with-unstated-damage-cannot-answer.rq": {
        1: ('states no damage on "Savage Gors"',),
    },
    "warhammer-damage-unstated/damage-that-reaches-the-hit-points-destroys-whatever-it-held.rq": {
        1: ("holds 0 to 3 damage", "at least 4 damage on it against 4 hit points"),
    },
    "warhammer-costs/an-or-cost-is-paid-with-the-option-the-payer-can-pay.rq": {
        1: ("is a choice its payer makes", '"turn this unit into a development" can be paid'),
    },
    "warhammer-costs/a-discard-from-the-hand-reads-the-hand-size.rq": {
        1: ("the hand holds 2 cards",),
        2: ("whether one is a quest is not stated", "!zone"),
        3: ("the hand holds no cards",),
    },
    "warhammer-costs/spend-x-resources-counts-x-as-the-card-defines-it.rq": {
        1: ('"Spend X resources (X = 2)" cannot be paid with 1 resources',),
        3: ("defines X as the number of your developments in this zone: 2",),
    },
    "warhammer-power/a-unit-that-left-play-takes-no-constant-grant.rq": {
        2: ('"Longbeards" has left play', "constant effects only apply to cards in play"),
        3: ('"Longbeards" has left play',),
        4: ('"Longbeards" has left play: only a unit in play has damage',),
    },
    "warhammer-costs/a-grant-from-a-unit-a-sacrifice-cost-may-have-taken-is-open.rq": {
        1: ('4 if I sacrifice "Chaos Knights"', '3 if I sacrifice "Frenzied Big \'Un"'),
    },
    "warhammer-costs/spend-x-with-x-not-stated-cannot-answer.rq": {
        1: ("X is the number of your developments in this zone",),
        2: ('no resource tokens on "The Imperial Zoo"',),
    },
    "warhammer-resources/damage-spent-as-resources-with-no-turn-or-phase-stated.rq": {
        1: ("does not state the turn and the phase",),
        2: ("whether it was its controller's capital phase",),
    },
    "warhammer-resources/damage-that-may-have-been-spent-with-nothing-of-the-capital-stated.rq": {
        2: ("how the payments were split",),
    },
    "warhammer-resources/damage-that-may-have-paid-a-play-before-the-pool-is-read.rq": {
        1: ("0 to 2 spent as resources", "ask a question between the line and it"),
    },
    "warhammer-tokens/how-many-tokens-not-stated-cannot-answer.rq": {
        1: ('states no resource tokens on "Grudgebearer"', "(tokens 0)"),
    },
    "warhammer-tokens/tokens-as-pool-not-stated-cannot-answer.rq": {
        1: ('"Temple of Verena" reads', 'states no resource tokens on "Temple of Verena"'),
    },
    "warhammer-tokens/exactly-n-tokens-to-attack-not-stated-cannot-answer.rq": {
        1: ("exactly 3 resource tokens", 'states no resource tokens on "Daemon Prince"'),
    },
    "warhammer-tokens/a-token-cost-with-tokens-not-stated-cannot-answer.rq": {
        1: ('"Remove a resource token from this card"', 'no resource tokens on "Citadel of Dusk"'),
    },
    "warhammer-tokens/a-power-per-token-with-zero-tokens-stated.rq": {
        1: ('"Grudgebearer" gives +0 power',),
    },
    "warhammer/an-unstated-phase-is-a-gap-not-a-default.rq": {
        1: ("does not say the phase", "Capital Phase")
    },
    "warhammer-traits/mage-grant-unknown-traits-cannot-answer.rq": {
        1: ('no traits for "Maledictor of Tzeentch"', "`traits` field")
    },
    "warhammer-traits/hero-limit-unknown-traits-cannot-answer.rq": {
        1: ('no traits for "Rogue Warrior"', "`traits` field", "has no traits")
    },
    "warhammer-traits/skaven-count-unknown-traits-cannot-answer.rq": {
        1: ('no traits for "Rogue Warrior"', "`traits` field")
    },
    "warhammer-defend/a-unit-that-cannot-defend-does-not.rq": {
        1: ('"Clan Moulder\'s Elite" reads "This unit cannot defend."',)
    },
    "warhammer-defend/a-unit-that-cannot-defend-alone-cannot-answer.rq": {
        1: ("cannot attack or defend alone", "whether another unit will defend with it")
    },
    "warhammer-defend/a-tactic-played-on-an-unstated-target-cannot-answer.rq": {
        1: ('"Franz\'s Decree" was played this turn', "the unit it targeted is not stated")
    },
    "warhammer-zones/an-attachment-turned-into-a-development-after-the-count-cannot-answer.rq": {
        1: ('"Rodrik\'s Raiders" turned "Witch Hag\'s Curse" into a development',)
    },
    "warhammer-corruption/a-forced-text-that-corrupts-leaves-it-open.rq": {
        1: ('"Warpstone Meteor" reads', "is not stated corrupted", "its controller's turn began")
    },
    "warhammer-corruption/a-forced-text-on-entering-play-stated-entering.rq": {
        1: ("it entered play this turn", "which unit it corrupted is not stated")
    },
    "warhammer-corruption/a-forced-text-on-a-trigger-not-read-names-it.rq": {
        1: ('whether "When the 3rd damage token is placed here" happened this turn',)
    },
    "warhammer-corruption/a-forced-text-on-combat-damage-assigned.rq": {
        1: ("combat damage is assigned to it",)
    },
    "warhammer-corruption/a-forced-text-on-the-other-players-turn-has-not-acted.rq": {
        1: ("it is not its controller's turn",)
    },
    "warhammer-corruption/a-chain-stated-resolving-leaves-it-open.rq": {
        1: ('"Seduced by Darkness" (on the chain)',)
    },
    "warhammer-toughness/lethal-with-a-toughness-given-to-the-zone.rq": {
        1: ('"Steel Standard" gives it Toughness 1', "the 3 that destroys it")
    },
    "warhammer-toughness/toughness-from-two-sources-cannot-answer.rq": {
        1: ("Toughness from 2 sources", '"Gromril Armour" gives it Toughness 1', "add up")
    },
    "warhammer-toughness/toughness-if-you-control-a-legend-not-stated-cannot-answer.rq": {
        1: ("If you control a legend", "whether its player controls a legend")
    },
    "warhammer-toughness/toughness-x-with-developments-not-stated-cannot-answer.rq": {
        1: ("Toughness X", "X is the number of development cards in this zone", "does not state")
    },
    "warhammer-toughness/toughness-given-to-questing-units-not-stated-questing-cannot-answer.rq": {
        1: ("whether it is questing is not stated",)
    },
    "warhammer-toughness/a-resolved-tactic-and-a-units-own-toughness-cannot-answer.rq": {
        1: ("Toughness from 2 sources", '"Fearless in Battle" gives it Toughness 1', "add up")
    },
    "warhammer-toughness/a-tactic-played-this-turn-at-an-unstated-time-cannot-answer.rq": {
        1: ('"Fearless in Battle" gives Toughness', "does not say when")
    },
    "warhammer-toughness/a-tactic-triggered-after-the-damage-was-assigned-cannot-answer.rq": {
        1: ("stated assigned before it was triggered",)
    },
    "warhammer-toughness/toughness-x-from-the-opponents-units-with-no-attack-cannot-answer.rq": {
        1: ("participating in combat, and the situation does not state it",)
    },
    "warhammer-corruption/a-cost-lowered-for-each-corrupted-unit-of-the-opponents.rq": {
        1: ('"Dark Sorceress" lowers it by 2',)
    },
    "warhammer-loyalty/loyalty-icons-not-given-and-the-most-is-affordable.rq": {
        1: ("costs at most 6", '"Zhufbar Engineers"')
    },
    "warhammer-loyalty/loyalty-icons-not-given-and-the-least-is-unaffordable.rq": {
        1: ("costs at least 4",)
    },
    "warhammer-loyalty/loyalty-icons-not-given-between-the-least-and-the-most-cannot-answer.rq": {
        1: ('the loyalty icons of "Zhufbar Engineers"',)
    },
    "warhammer-toughness/toughness-x-from-the-damage-with-two-damages-cannot-answer.rq": {
        1: ("X grows as damage is applied",)
    },
    "warhammer-toughness/toughness-x-on-a-target-that-is-not-a-slayer-cannot-answer.rq": {
        1: ('"Longbeards" is not a Slayer unit',)
    },
    "warhammer-toughness/toughness-on-a-condition-not-stated-cannot-answer.rq": {
        1: ("at least 3 resources in your pool", "the resources of its player")
    },
    "warhammer-defend/a-lone-attacker-that-taxes-defenders-cannot-answer.rq": {
        1: ("sacrifices a unit to declare defenders",)
    },
    "warhammer-defend/a-bodyguard-whose-legend-is-attacked-cannot-answer.rq": {
        1: ("a legend is attacked", "whether units may defend it")
    },
    "warhammer-defend/a-development-does-not-defend.rq": {
        1: ("only a development", "declares units as defenders")
    },
    "warhammer-defend/a-corrupted-unit-cannot-answer.rq": {
        1: ('"Longbeards" is corrupted', "not whether a corrupted unit may defend")
    },
    "warhammer-traits/limited-unknown-text-cannot-answer.rq": {
        1: ('text of "Pilgrimage"', "`limited` field")
    },
    "fma/an-unstated-step-is-asked-for-not-assumed.rq": {1: ("does not say what is reacted to",)},
    "fma-leaders/a-leader-card-of-unknown-text-in-play-leaves-a-play-open.rq": {
        1: ('no text for "Scar, Brawler"', "may change whether", '"Scar, Brawler" has no effect')
    },
    "fma-leaders/a-leader-card-of-unknown-text-on-a-character-line-leaves-a-play-open.rq": {
        1: ('no text for "Scar, Harbinger of Chaos"', "may change whether")
    },
    "fma-loyal/an-unaligned-leader-of-unknown-text-leaves-a-loyal-play-open.rq": {
        1: ('no text for "Loner"', '"Loner" has no effect')
    },
    "fma-unknown-text/a-card-said-to-change-no-values-may-still-bar-a-play.rq": {
        1: ('no text for "Roy Mustang, Administrator"', "may change whether")
    },
    "fma-goals/a-card-of-unknown-text-in-play-leaves-the-goals-open.rq": {
        1: ('no text for "Scar, Brawler"', "may change the goals", "has no effect"),
        4: ('no text for "Hakuro, General"', "!has no effect"),
    },
    "fma-unknown-text/a-card-of-unknown-text-in-play-leaves-an-attack-open.rq": {
        1: ('no text for "Scar, Brawler"', 'whether "Shade" can attack "Sleeper"')
    },
    "fma-unknown-text/a-card-of-unknown-text-in-play-leaves-a-react-open.rq": {
        1: ('no text for "Watcher"', 'whether "Plain React" can react to "Light Swing"')
    },
    "fma-leaders/a-replaced-leader-of-unknown-text-opens-nothing.rq": {
        1: ('"Roy Mustang, Administrator"',)
    },
    "fma-unknown-text/a-faction-a-card-of-unknown-text-may-grant-leaves-a-no-open.rq": {
        1: ('no text for "Odd Place"', 'the factions and keywords of "Soldier"', "has no effect"),
        2: ('no text for "Odd Place"', 'the factions and keywords of "Soldier"', "has no effect"),
    },
    "fma-unknown-text/an-attachment-of-unknown-text-attached-is-a-card-in-play.rq": {
        1: ('no text for "Odd Charm"', "it is in play", '"Odd Charm" has no effect'),
        2: ('no text for "Odd Charm"', "the goals"),
    },
    "fma-loyal/a-faction-a-card-of-unknown-text-may-grant-leaves-a-loyal-no-open.rq": {
        1: ('no text for "Odd Place"', "the factions of the characters", "has no effect")
    },
    "fma-unknown-text/a-requirement-a-card-of-unknown-text-may-meet-leaves-a-no-open.rq": {
        1: ('no text for "Odd Place"', 'factions and keywords of "Soldier"', "has no effect"),
        2: ('no text for "Odd Place"', 'factions and keywords of "Soldier"', "has no effect"),
    },
    "fma-out-of-play/my-leader-is-out-of-play-names-the-leader-of-its-moment.rq": {
        1: ('"New Boss" is in play',),
        2: ('"Old Boss" is out of play',),
        3: ('does not say where "New Boss" is',),
    },
    "fma-defeats/a-card-said-to-have-no-effect-defeats-no-one-moved-home.rq": {
        1: ('no text for "Odd Place"', '"Odd Place" has no effect')
    },
    "fma-targets/a-job-well-done-targets-only-the-current-location.rq": {
        2: ("more than one location in play",),
        3: ('"Quiet Town" has left play',),
    },
    "fma-setup/a-leader-of-unknown-text-leaves-a-start-open.rq": {
        1: ('no text for "Boss"', "which allies can start", '"Boss" has no effect'),
        2: ('no text for "Boss"', "which allies can start", '"Boss" has no effect'),
        3: ('"Scar, Brawler"', "which allies can start", '"Scar, Brawler" has no effect'),
    },
    "fma-goals/a-card-of-unknown-text-played-after-the-goals-leaves-them-open.rq": {
        2: ('no text for "Odd Event"', "played after the goals", '"Odd Event" has no effect')
    },
    "fma-unknown-text/a-cost-a-card-of-unknown-text-may-change-is-settled-by-no-effect.rq": {
        1: ('no text for "Odd Place"', 'the attribute cost of "Zap"', '"Odd Place" has no effect')
    },
    "fma-unknown-text/a-power-up-beside-a-card-of-unknown-text-is-open.rq": {
        1: ('no text for "Odd Place"', "the power-up phase", '"Odd Place" has no effect')
    },
    "fma-unknown-text/a-card-said-to-have-no-effect-reveals-no-draw-and-gives-no-turn-effect.rq": {
        1: ('no text for "Odd Place"', "reveals the cards drawn", '"Odd Place" has no effect'),
        2: ('no text for "Odd Place"', "start-of-turn effects", '"Odd Place" has no effect'),
    },
    "fma-unknown-text/a-card-of-unread-text-in-play-leaves-a-play-open.rq": {
        1: ('all of the text of "Mystery Man"', "give its text on a card line")
    },
    "fma-removed/a-card-that-left-play-is-affected-by-nothing-because-it-left.rq": {
        2: ('"Y" has left play', '!"Y" is not one'),
    },
    "play/a-named-dragon-decides-a-dragon-requirement-1.rq": {
        1: ('"Red Gem" requires the red dragon', "the red dragon is on my side")
    },
    "play/a-named-dragon-decides-a-dragon-requirement-5.rq": {
        1: ('"Red Gem" requires the red dragon', "the red dragon is on your side")
    },
    "play/a-cost-of-two-discards-needs-two-other-cards-in-hand-2.rq": {
        1: ('"Tutu Zip" can be played by discarding 2 cards',)
    },
    "play/we-in-a-condition-is-not-read-as-one-player.rq": {1: ('"we"',)},
    "mixed/an-instruction-applied-to-a-card-the-opponent-then-ignores-may-move.rq": {
        3: ("(2, 4)", "influenced by the opponent since")
    },
    "mixed/an-opposing-reduction-that-ends-also-frees-the-instruction.rq": {3: ("(7, 9)",)},
    "values/total-power-effects-whose-order-matters-cannot-be-answered-1.rq": {1: ("order",)},
    "values/total-power-effects-whose-order-matters-cannot-be-answered-2.rq": {1: ("order",)},
    "hands/a-take-into-hand-text-is-shown-beside-the-draw-count-not-counted.rq": {
        1: ('"Shaman of the Holy Sacrifice" takes cards into the hand without drawing them',)
    },
    "hands/a-retreat-resting-on-the-hand-follows-what-it-states-10.rq": {
        1: ("starting the fight, declines instead",)
    },
    "hands/a-retreat-resting-on-the-hand-follows-what-it-states-1.rq": {
        1: ('a character card to replace the one "Shame on you!" cancelled', "does not say")
    },
    "hands/a-retreat-resting-on-the-hand-follows-what-it-states-2.rq": {
        1: ("a replacement character card can still be played",)
    },
    "hands/a-retreat-resting-on-the-hand-follows-what-it-states-4.rq": {
        1: ('the cards "Baku But" asks for', "does not say")
    },
    "hands/a-retreat-resting-on-the-hand-follows-what-it-states-6.rq": {
        1: ("holding a character card to play", "does not say")
    },
    "values/a-shield-spares-matching-and-the-retreat-reason-says-so.rq": {
        1: ("shield", "!not below")
    },
    "values/an-increase-to-the-sum-of-printed-values-needs-both-of-them-1.rq": {
        1: ("earth value",)
    },
    "values/an-ignored-dragon-prohibition-is-named-as-beaten-by-the-ignore.rq": {
        1: ('"Some Guard"', "ignored")
    },
    "values/a-value-given-for-one-element-leaves-the-other-unknown-1.rq": {1: ("fire value",)},
    "values/a-value-given-for-one-element-leaves-the-other-unknown-3.rq": {1: ("fire value",)},
    "values/an-instruction-applied-to-a-card-it-cannot-name-is-not-followed.rq": {
        1: ("cannot apply",)
    },
    "values/the-printed-value-is-the-contested-elements-after-printed-value-effects-3.rq": {
        1: ("element",)
    },
    "values/no-contested-element-is-the-reason-not-missing-values-1.rq": {
        1: ("element is contested", "!sources give no")
    },
    "values/an-announcement-in-the-other-element-is-no-power-to-reach.rq": {
        1: ("announced in earth",)
    },
    "values/a-value-text-on-several-chosen-cards-is-not-applied-to-all.rq": {
        1: ("two of my character cards",)
    },
    "values/a-value-text-with-a-time-the-judge-does-not-follow-is-not-always-on.rq": {
        1: ("during my leadership phase",)
    },
    "warhammer-resources/an-action-triggered-after-a-payment-names-what-remained.rq": {
        2: ("only 1 remained when it was triggered", "2 stated, less 1", "!are stated")
    },
    "warhammer-damage/assigning-before-defenders-are-declared-is-open.rq": {
        1: ('no defenders are declared, and the attacked battlefield holds "Longbeards"',)
    },
    "warhammer-cancel/a-lasting-cancel-resolved-this-turn-leaves-a-later-action-open.rq": {
        1: ('"Iron Discipline" resolved earlier this turn',)
    },
    "warhammer-scout/scout-before-defenders-are-declared-is-open.rq": {
        1: ("no defenders are declared",)
    },
    "warhammer-moving/a-move-with-no-moving-card-named-is-open.rq": {
        1: ("moved only by a card effect",)
    },
    "warhammer-counterstrike/counterstrike-not-stated-with-two-attackers-is-open.rq": {
        1: ("chooses which attacker takes it", 'if "Chaos Knights" takes it')
    },
    "warhammer/copies-of-the-restricted-card-are-left-to-the-regular-rules-1.rq": {
        1: ("!rules allow",)
    },
    "fields/a-call-prohibition-checks-its-time-3.rq": {1: ("at the end of my turn",)},
    "fields/a-load-text-with-a-number-not-followed-is-cannot-answer.rq": {1: ("at least two",)},
    "fields/a-phase-other-than-leadership-in-a-selector-is-cannot-answer.rq": {
        1: ("Character phase",)
    },
    "fields/a-beginning-of-turn-attraction-the-player-may-take-is-cannot-answer.rq": {
        1: ('"may"',)
    },
    "fields/an-or-i-attract-text-with-a-time-or-mode-not-followed-is-cannot-answer-1.rq": {
        1: ("your Character phase",)
    },
    "fields/an-or-i-attract-text-with-a-time-or-mode-not-followed-is-cannot-answer-2.rq": {
        1: ("my Booster/Support phase",)
    },
    "fields/an-or-i-attract-text-with-a-time-or-mode-not-followed-is-cannot-answer-3.rq": {
        1: ("I may attract",)
    },
    "fields/a-retrieve-text-with-no-upper-bound-is-cannot-answer.rq": {1: ("at least two",)},
    "fields/an-obligation-to-discard-follows-its-time-3.rq": {
        1: ("by the end of my booster/support phase",)
    },
    "fields/an-obligation-to-discard-follows-its-time-4.rq": {1: ("at the end of your turn",)},
    "fields/a-ban-on-taking-cards-in-a-phase-is-cannot-answer.rq": {
        1: ("during your Leadership phase",)
    },
    "fields/a-condition-on-a-total-printed-value-is-cannot-answer.rq": {
        1: ("total printed value",)
    },
    "fields/a-lasting-hand-limit-is-cannot-answer.rq": {1: ("lasting hand limit",)},
    "fields/a-discard-text-at-the-end-of-a-turn-acts-then-3.rq": {
        1: ("during my Booster/Support phase",)
    },
    # A card's text quoted in a reason is in double quotes, as everywhere else in the output
    # (it was a Python repr: single quotes, or double ones when the text held an apostrophe).
    "play/an-on-my-turn-discard-text-acts-once-on-each-turn-1.rq": {
        2: ('"On my turn, I may discard one of your active booster/support cards." was already',)
    },
    "time/immediately-after-a-phase-does-not-come-after-a-retreat.rq": {
        1: ('"Immediately after my Booster/Support phase, I search through my draw deck',)
    },
}

#: Reasons compared case-blind (the Python check lowered them).
CASE_BLIND = {
    "values/a-value-text-with-a-time-the-judge-does-not-follow-is-not-always-on.rq",
    "fields/an-obligation-to-discard-follows-its-time-3.rq",
    "fields/an-obligation-to-discard-follows-its-time-4.rq",
}

#: Cases with no call an ``expect`` line can make: the verdict may be either of two.
EITHER: dict[str, tuple[str, str]] = {
    # never no: the judge does not count support-area plays yet
    "play/a-limit-on-another-area-is-not-read-as-the-combat-area.rq": ("yes", "-"),
    # a penalty-only text may leave the bonus (4) or not be followed (cannot answer)
    "fma/a-narrower-no-bonus-text-does-not-stop-every-attachment-bonus-1.rq": ("4", "-"),
    "fma/a-narrower-no-bonus-text-does-not-stop-every-attachment-bonus-2.rq": ("4", "-"),
    "fma/a-narrower-no-bonus-text-does-not-stop-every-attachment-bonus-3.rq": ("4", "-"),
}

#: Cases with no ``expect`` line: every question has either of two verdicts.
NO_CALL = frozenset(EITHER)


@cache
def answers(name: str) -> tuple[Answer, ...]:
    """The answers of an invented case, by its path under tests/cases."""
    return tuple(evaluate(read_situation(INVENTED / name)))


def shown(answer: Answer) -> str:
    """The verdict as shown, or "-" when there is none."""
    return answer.verdict.show() if answer.verdict else "-"


def labels(answer: Answer, kind: str, assumed: bool = False) -> list[str]:
    """The labels of the answer's derivation nodes of one kind (only assumed ones if asked)."""
    return [
        str(data.get("label"))
        for _, data in answer.graph.graph.nodes(data=True)
        if data.get("kind") == kind and (not assumed or data.get("assumed"))
    ]


@pytest.mark.parametrize("name", sorted(STATUS))
def test_status(name: str) -> None:
    """The answers have the status the probe pinned (definite: no ladder step decided)."""
    got = {n: answers(name)[n - 1].status.key for n in STATUS[name]}
    assert got == STATUS[name]


#: Cases whose reason words are read in the whole reason: a reason with many ways shows them
#: grouped by verdict, a few each, and its gap keeps every way (``--json``).
WHOLE = frozenset({"choices/a-choice-opened-by-a-way-of-another-is-asked-each-way-too.rq"})


def whole_reason(answer: Answer) -> str:
    """The reason with every way it names: the gap's, when the reason shows them grouped."""
    gaps = [g["reason"] for g in answer.graph.gaps() if g["label"] == answer.reason]
    return gaps[0] if gaps else answer.reason


@pytest.mark.parametrize("name", sorted(REASON))
def test_reason_words(name: str) -> None:
    """The reason names what decided (or what the judge does not follow), not something else."""
    for number, words in REASON[name].items():
        answer = answers(name)[number - 1]
        reason = whole_reason(answer) if name in WHOLE else answer.reason
        if name in CASE_BLIND:
            reason, words = reason.lower(), tuple(w.lower() for w in words)
        for word in words:
            if word.startswith("!"):
                assert word[1:] not in reason, (number, reason)
            else:
                assert word in reason, (number, reason)


@pytest.mark.parametrize("name", sorted(EITHER))
def test_either_verdict(name: str) -> None:
    """A case whose verdict may be either of two, never a third."""
    (answer,) = answers(name)
    assert shown(answer) in EITHER[name], answer.reason


def test_a_prohibition_beats_only_the_permissions_for_that_card() -> None:
    """A permission for booster cards did not argue for a support card: it is not listed as
    an alternative beaten by "you may not play support cards"."""
    answer = answers("play/a-prohibition-beats-only-the-permissions-for-that-card.rq")[0]
    lost = [str(data.get("label", "")) for data, _ in answer.graph.alternatives()]
    assert any("Support Fan" in label for label in lost)
    assert not any("Booster Fan" in label for label in lost)


def test_a_protected_prohibition_says_why_the_ignore_missed_it() -> None:
    """The verdict relies on PROTECTED shielding the prohibition from my ignore effect."""
    answer = answers("play/a-protected-prohibition-says-why-the-ignore-missed-it.rq")[0]
    assert any("PROTECTED" in text and "Hush" in text for text in labels(answer, "absence"))


def test_an_answer_on_the_limits_states_the_icons_it_assumes() -> None:
    """A corpus card whose icons the sources never give is taken to have none, and the answer
    says so; an inline card's icons are as given."""
    answer = answers("play/an-answer-on-the-limits-states-the-icons-it-assumes.rq")[0]
    assumed = labels(answer, "absence", assumed=True)
    assert any("icons" in text and '"Blaze"' in text for text in assumed)
    assert not any('"Plod"' in text for text in assumed)


@pytest.mark.parametrize(
    "name",
    [
        "defaults/a-card-stated-to-have-no-icons-is-answered.rq",
        "defaults/a-card-stated-to-have-an-icon-flips-the-answer.rq",
        "defaults/a-card-stated-to-lack-an-icon-is-answered.rq",
    ],
)
def test_icons_the_situation_states_are_not_assumed(name: str) -> None:
    """A card whose icons (or the one icon read) the situation states assumes nothing of them."""
    (answer,) = answers(name)
    assert not [text for text in answer.graph.assumptions() if "icons" in text]


def test_a_phase_that_does_not_decide_is_shown_and_one_reached_is_not_assumed() -> None:
    """An unstated phase the verdict does not rest on is listed under assumes; a phase a play
    reached is no default asked again, but shown (the rules say a card is played in its phase,
    not that the turn stays there); a game with no default phase assumes none."""
    (shown_phase,) = answers("defaults/an-unstated-phase-that-does-not-decide-is-shown.rq")
    assert shown_phase.verdict == YesNo(False)
    assert (
        "no phase is stated: it is taken to be the beginning of my turn (no phase over)"
        in shown_phase.graph.assumptions()
    )
    (reached,) = answers("defaults/a-phase-reached-by-a-play-is-not-asked-for.rq")
    assert reached.answered, reached.reason
    phased = [a for a in reached.graph.assumptions() if "phase" in a]
    assert phased == [
        'no phase is stated since "Some Hero" was played: ' + phased[0].split(": ", 1)[1]
    ]
    assert "the Character phase still" in phased[0]
    (tactic,) = answers("warhammer/a-tactic-needs-no-phase.rq")
    assert tactic.answered, tactic.reason
    assert not any("phase" in a for a in tactic.graph.assumptions())


def test_sending_a_unit_questing_with_no_phase_shows_the_phase_is_not_given() -> None:
    """Q&A 37's yes with no phase stated says so under assumes, citing the Turn Sequence."""
    answer = answers("warhammer-questing/a-stated-phase-leaves-sending-a-unit-questing-open.rq")[0]
    assert answer.verdict == YesNo(True)
    assert any("no phase is stated: Q&A 37" in text for text in answer.graph.assumptions())
    assert "warhammer/faq/turn-sequence/phase-3" in [c.get("clause_id") for c in answer.citations()]


def test_a_value_counted_as_none_is_shown_as_an_assumption() -> None:
    """A support card the sources give no values for counts 0, and the answer says so."""
    answer = answers("values/a-value-counted-as-none-is-shown-as-an-assumption.rq")[-1]
    assert answer.verdict == Number(7)
    assumed = answer.graph.assumptions()
    assert any('"Some Lift"' in text and "none" in text for text in assumed), assumed


def test_an_end_of_fight_draw_counted_in_the_next_turns_hand_is_shown_as_an_assumption() -> None:
    """Octak's optional draw at the fight-end refresh is taken, and the answer says so."""
    answer = answers("hands/an-end-of-fight-draw-to-a-number-counts-in-the-next-turns-hand-1.rq")[0]
    assert answer.verdict == Number(8)
    assumed = answer.graph.assumptions()
    assert any('"Octak" draws to 8' in text and "optional" in text for text in assumed), assumed


def test_an_optional_draw_of_a_played_card_is_shown_as_an_assumption() -> None:
    """Water Spirit's optional draw is taken in the hand count and the draws, shown as Octak's."""
    for answer in answers("hands/an-optional-draw-of-a-played-card-is-shown-as-an-assumption.rq"):
        assumed = answer.graph.assumptions()
        assert any('"Water Spirit" draws 2' in text and "optional" in text for text in assumed), (
            assumed
        )


def test_an_unstated_optional_discard_that_changes_nothing_is_shown_as_an_assumption() -> None:
    """Asked with and without the use of Provoke Earthquake, the same verdict: it is given,
    with the use taken as not made shown."""
    name = "choices/an-unstated-optional-discard-that-changes-nothing-is-answered.rq"
    for answer in answers(name):
        assert answer.answered
        assumed = answer.graph.assumptions()
        assert any(
            '"Provoke Earthquake" was played' in text and "not to be used" in text
            for text in assumed
        ), assumed


def test_a_value_given_without_its_element_is_shown_as_an_assumption() -> None:
    """The sources' "Value 2" counted in an earth fight: the answer says it takes it so."""
    answer = answers(
        "values/a-value-given-without-its-element-is-an-assumption-in-a-stated-element.rq"
    )[0]
    assert answer.verdict == Number(5)
    assumed = answer.graph.assumptions()
    assert any('"Battling Boomerang" value 2' in text and "earth value" in text for text in assumed)


def test_a_value_given_in_its_questions_element_is_no_assumption() -> None:
    """BM-Q271's "Value 3" in a fire fight is the fire value: counted in fire, nothing assumed."""
    answer = answers(
        "values/a-value-given-in-the-element-of-its-question-is-that-elements-value-2.rq"
    )[0]
    assert answer.verdict == Number(7)
    assert not any("value 3" in text for text in answer.graph.assumptions())


def test_fewer_than_six_named_cards_in_open_areas_leave_the_dragons_open() -> None:
    """Five named cards, the areas open: a sixth would bring the additional dragon, and the
    reason says what to write; said to hold no other cards, it is 1 with nothing assumed about
    the areas; six named cards need no such line."""
    five = answers(
        "bluemoon-areas/fewer-than-six-named-cards-in-areas-left-unstated-leaves-the-dragons-open.rq"
    )[-1]
    assert five.verdict is None
    assert "1 if they hold no other cards; 2 if they hold 6 cards more" in five.reason
    assert "my combat and support areas hold no other cards" in five.reason
    said = answers(
        "bluemoon-areas/fewer-than-six-named-cards-in-areas-said-to-hold-no-other-cards-attract-one-dragon.rq"
    )[-1]
    assert said.verdict == Number(1)
    assert not any("situation names" in a for a in said.graph.assumptions())
    six = answers("bluemoon-areas/six-named-cards-attract-the-additional-dragon.rq")[-1]
    assert not any("situation names" in a for a in six.graph.assumptions())


#: The open case of each count: Neth-sur-Pot's (active cards) with no active list stated, as a
#: stated list is read whole (a-count-of-active-cards-takes-the-listed-active-cards-whole).
_OPEN_COUNT = {
    1: "a-count-of-active-cards-with-no-active-list-stated-stays-open",
    3: "a-count-condition-on-areas-left-unstated-leaves-the-answer-open-3",
    4: "a-count-condition-on-areas-left-unstated-leaves-the-answer-open-4",
}


@pytest.mark.parametrize("number", [1, 3, 4])
def test_a_count_condition_on_open_areas_leaves_the_answer_open(number: int) -> None:
    """Neth-sur-Pot, Fel-nar-Gan, B.P. Unity: a verdict more cards in the areas would change has
    no answer, the reason naming the areas; said to hold no other cards, it is answered and
    assumes nothing about them; with the count stated too."""
    open_ = answers(f"bluemoon-areas/{_OPEN_COUNT[number]}.rq")[-1]
    assert open_.verdict is None
    assert "combat and support areas hold besides the cards the situation names" in open_.reason
    said = answers(
        f"bluemoon-areas/a-count-condition-on-areas-said-to-hold-no-other-cards-answers-{number}.rq"
    )[-1]
    assert said.verdict is not None
    assert not any("situation names" in a for a in said.graph.assumptions())
    stated = answers("bluemoon-areas/a-count-condition-on-areas-stated-answers-2.rq")[-1]
    assert not any("situation names" in a for a in stated.graph.assumptions())


def test_an_open_area_count_that_decides_nothing_is_shown_as_an_assumption() -> None:
    """A dragon count banned either way stands with the areas open, and says what it took."""
    for count in answers(
        "hands/a-count-of-draws-from-a-discard-pile-of-unstated-size-shows-what-it-takes.rq"
    ):
        assert any(
            "pile is taken to hold enough" in text and "my discard pile has 3 cards" in text
            for text in count.graph.assumptions()
        ), count.graph.assumptions()
    banned = answers("fields/you-may-not-attract-dragons-checks-its-condition-and-time-2.rq")[-1]
    assert banned.verdict == Number(0)
    assert any(
        "your combat and support areas hold only the cards the situation names" in a
        for a in banned.graph.assumptions()
    ), banned.graph.assumptions()


def test_an_older_printing_cites_only_the_most_recent_printing_clause() -> None:
    """The older printing's text in force rests on "the most recent printing" alone."""
    answer = answers("warhammer/an-older-printing-reads-as-the-most-recent-one.rq")[-1]
    assert [c["clause_id"] for c in answer.citations()] == [
        "warhammer/faq/errata/most-recent-printing"
    ]


def test_copies_of_the_restricted_card_are_left_to_the_regular_rules() -> None:
    """Five copies is open, the reason quoting the list; one copy is yes, assuming nothing."""
    five = answers("warhammer/copies-of-the-restricted-card-are-left-to-the-regular-rules-1.rq")
    assert five[-1].verdict is None and not five[-1].graph.assumptions()
    assert 'to "the regular game rules"' in five[-1].reason
    assert "whether 5 copies are allowed is not known" in five[-1].reason
    one = answers("warhammer/copies-of-the-restricted-card-are-left-to-the-regular-rules-2.rq")
    assert one[-1].verdict == YesNo(True) and one[-1].graph.assumptions() == []


@pytest.mark.parametrize(
    ("broken", "kept", "erratum"),
    [
        (1, 2, "warhammer/faq/errata/core-set/116"),
        (3, 4, "warhammer/faq/errata/eternal-war-cycle/20"),
    ],
)
def test_a_limit_per_deck_cites_the_erratum_that_adds_it(
    broken: int, kept: int, erratum: str
) -> None:
    """Text "Limit 1 per deck" comes from a "Should read": the deck answer cites it, whether the
    limit is broken or kept, and a kept limit is a negative fact relied on."""
    stem = "warhammer/a-limit-per-deck-cites-the-erratum-that-adds-it"
    for number in (broken, kept):
        answer = answers(f"{stem}-{number}.rq")[-1]
        assert erratum in [c["clause_id"] for c in answer.citations()]
    kept_answer = answers(f"{stem}-{kept}.rq")[-1]
    assert "no more than 1 copy of" in " ".join(kept_answer.graph.negatives())


def test_every_named_case_exists() -> None:
    """A renamed or deleted case is not silently dropped from these checks."""
    names = set(STATUS) | set(REASON) | set(EITHER)
    missing = sorted(name for name in names if not (INVENTED / name).is_file())
    assert missing == []


def test_status_keys_are_statuses() -> None:
    """The statuses named here are statuses the judge gives."""
    keys = {status.key for status in Status}
    assert {s for pins in STATUS.values() for s in pins.values()} <= keys


def test_a_card_placed_nowhere_is_active_only_where_an_area_may_hold_it() -> None:
    """ "Is it active?" of a card no line places: no answer while an area may hold it unnamed
    (the reason says where to place it); every area named, no, the answer stating that it takes
    the card to be out of play."""
    open_ = answers("bluemoon-placing/a-card-placed-nowhere-may-lie-unnamed-in-an-open-area.rq")[0]
    assert open_.verdict is None
    assert 'the situation does not place "Blaze"' in open_.reason
    assert "hold no other cards" in open_.reason
    named = answers(
        "bluemoon-placing/a-card-placed-nowhere-is-out-of-play-when-every-area-is-named.rq"
    )[0]
    assert named.verdict == YesNo(False)
    assumed = labels(named, "absence", assumed=True)
    assert any('does not place "Blaze"' in text and "out of play" in text for text in assumed)


def test_a_draw_from_the_discard_pile_relies_on_the_pile_not_the_deck() -> None:
    """Open Lucky Bag of Life's draw from the discard pile rests on the pile holding the cards,
    and is not held to an empty draw deck."""
    answer = answers("hands/a-draw-from-the-discard-pile-takes-no-card-from-the-draw-deck-2.rq")[0]
    assert answer.verdict == YesNo(True)
    relied = " ".join(answer.graph.negatives())
    assert "discard pile is taken to hold enough" in relied
    assert "draw deck" not in relied


def test_a_draw_from_a_discard_pile_of_unstated_size_shows_the_pile_taken_to_hold_enough() -> None:
    """``can I draw 3 cards?`` from a pile no line sizes says the pile is taken to hold enough,
    and names the line to write; with the size stated, it assumes nothing of the pile."""
    (shown_pile, _) = answers(
        "hands/a-draw-from-the-discard-pile-takes-no-card-from-the-draw-deck-1.rq"
    )
    assert any(
        "discard pile is taken to hold enough" in text and "my discard pile has 3 cards" in text
        for text in shown_pile.graph.assumptions()
    ), shown_pile.graph.assumptions()
    stated = answers(
        "hands/a-draw-from-a-discard-pile-of-stated-size-takes-as-many-as-it-holds-2.rq"
    )
    assert not [t for a in stated for t in a.graph.assumptions() if "pile is taken" in t]


def test_a_reason_with_many_ways_shows_them_grouped_and_keeps_every_way() -> None:
    """Entreat Favor's 17 ways: the reason counts each verdict's ways and shows the one way
    that gives yes (what decides) and a few of the others; the gap keeps all 17."""
    (answer,) = answers("choices/a-choice-opened-by-a-way-of-another-is-asked-each-way-too.rq")
    assert "17 ways: no in 16 ways (" in answer.reason, answer.reason
    assert 'yes if it plays "Reappearance" and "Reappearance" is not used' in answer.reason
    assert "and 13 more" in answer.reason
    whole = whole_reason(answer)
    assert whole != answer.reason and whole.count("; no if") == 15, whole


def test_a_discard_with_no_turn_stated_shows_the_turn_it_is_taken_on() -> None:
    """My discards with no turn stated are taken on my turn, and the answer says so."""
    for answer in answers("time/a-discard-with-no-turn-stated-is-taken-on-its-players-turn.rq"):
        assert any(
            text.startswith("no turn is stated: ") and "taken to happen on my turn" in text
            for text in answer.graph.assumptions()
        ), answer.graph.assumptions()


def test_a_winner_by_cards_with_the_other_players_cards_unknown_has_no_answer() -> None:
    """One player ran out, the other's cards unknown: no winner, the reason saying what to
    write; stated to hold cards, he wins, taking nothing (nor does the FAQ case)."""
    (open_,) = answers(
        "bluemoon-game-end/a-winner-by-cards-with-the-other-players-cards-unstated-is-open.rq"
    )
    assert open_.verdict is None
    assert "I have not run out of cards, or I run out of cards" in open_.reason
    (said,) = answers(
        "bluemoon-game-end/a-winner-by-cards-with-the-other-player-stated-to-hold-cards.rq"
    )
    assert said.verdict is not None and said.verdict.show() == "me"
    assert not [t for t in said.graph.assumptions() if "run out" in t]
    faq = read_situation(
        INVENTED.parent.parent / "corpus/bluemoon/cases/end-of-game/q452-shame-on-you-last-cards.rq"
    )
    (stated,) = evaluate(faq)
    assert not [t for t in stated.graph.assumptions() if "run out" in t]


def test_a_total_power_of_listed_active_cards_shows_the_list_taken_whole() -> None:
    """An active list stands for the player's active cards (shown); played cards alone do not."""
    (listed,) = answers(
        "bluemoon-areas/a-total-power-of-listed-active-cards-shows-the-list-taken-whole.rq"
    )
    assert listed.verdict == Number(4)
    assert any(
        'taken to be those "I have active" lists' in text for text in listed.graph.assumptions()
    ), listed.graph.assumptions()
    (played,) = answers(
        "bluemoon-areas/a-total-power-of-cards-played-with-the-support-area-open-is-open-q262.rq"
    )[-1:]
    assert played.verdict is None
    assert "what my combat and support areas hold besides the cards" in played.reason
    assert "my combat and support areas hold no other cards" in played.reason
    (said,) = answers(
        "bluemoon-areas/a-total-power-after-a-character-play-reads-only-the-support-area.rq"
    )
    assert not [t for t in said.graph.assumptions() if "have active" in t or "names" in t]


def test_a_retrieve_beside_an_opponent_of_unnamed_cards_says_what_settles_it() -> None:
    """The retrieve left open names the opponent's areas and the statement that settles it."""
    (open_,) = answers(
        "bluemoon-areas/a-retrieve-beside-an-opponent-of-unnamed-cards-is-open-q188.rq"
    )
    assert open_.verdict is None
    assert "your combat and support areas hold no other cards" in open_.reason
    (counted,) = answers(
        "bluemoon-areas/a-retrieve-beside-an-opponent-of-more-cards-than-named-is-open.rq"
    )
    assert "whether any of them depicts the RETRIEVE icon" in counted.reason
    (listed,) = answers(
        "bluemoon-areas/a-retrieve-beside-an-opponent-whose-active-cards-are-listed-answers.rq"
    )
    assert any('"you have active" lists' in text for text in listed.graph.assumptions())


def test_a_count_of_active_cards_shows_the_list_taken_whole() -> None:
    """A count of active cards reads "you have active" as the total does: whole, and shown;
    with no list stated it stays open, and a count of every card (covered too) is not settled."""
    (listed,) = answers(
        "bluemoon-areas/a-count-of-active-cards-takes-the-listed-active-cards-whole.rq"
    )
    assert listed.verdict is not None and listed.verdict.show() == "no"
    assert any(
        'taken to be those "you have active" lists' in text for text in listed.graph.assumptions()
    ), listed.graph.assumptions()
    (unlisted,) = answers(
        "bluemoon-areas/a-count-of-active-cards-with-no-active-list-stated-stays-open.rq"
    )
    assert unlisted.verdict is None
    (every,) = answers(
        "bluemoon-areas/a-count-condition-on-areas-left-unstated-leaves-the-answer-open-4.rq"
    )
    assert every.verdict is None


def test_a_card_placed_nowhere_beside_both_active_lists_shows_them_taken_whole() -> None:
    """'is X active?' reads the stated active lists as every reader of active cards does."""
    (listed,) = answers(
        "bluemoon-areas/a-card-placed-nowhere-beside-both-active-lists-is-not-active.rq"
    )
    assert listed.verdict is not None and listed.verdict.show() == "no"
    texts = listed.graph.assumptions()
    assert any('"I have active" lists' in text for text in texts), texts
    assert any('"you have active" lists' in text for text in texts), texts


def test_an_influence_area_is_read_as_listed_stated_or_open() -> None:
    """A stated list of a player's influence (or active) cards is the whole area, shown; an
    area said to hold no other cards assumes nothing of it; one never stated has no answer."""
    stem = "bluemoon/influence/"
    listed = "my influence area is taken to hold only the cards the situation lists there"
    for name in (
        "old-goo-with-my-influence-list-stated-takes-it-whole.rq",
        "old-goo-with-my-active-list-stated-takes-the-influence-area-whole.rq",
        "a-total-power-with-an-influence-list-stated-takes-it-whole.rq",
    ):
        answer = answers(stem + name)[-1]
        assert answer.verdict is not None
        assert any(listed in a for a in answer.graph.assumptions()), answer.graph.assumptions()
    whole = answers(stem + "old-goo-with-my-influence-area-holding-no-other-cards-answers.rq")[0]
    assert whole.verdict == YesNo(True)
    assert not any("influence area" in a for a in whole.graph.assumptions())
    open_ = answers(stem + "old-goo-with-my-influence-area-never-stated-is-open.rq")[0]
    assert open_.verdict is None
    assert "yes if it holds no other cards; no if it holds a card more" in open_.reason


def test_a_text_of_a_card_placed_nowhere_reads_both_players_places() -> None:
    """Out of play wherever every area that could hold it is named or listed (the lists shown,
    the place taken shown); else asked again with it active for each player who may hold it."""
    stem = "bluemoon/text-places/"
    listed = answers(
        stem + "a-text-of-a-card-placed-nowhere-beside-both-active-lists-has-no-effect.rq"
    )
    assumed = listed[0].graph.assumptions()
    assert any("my active cards are taken to be those" in a for a in assumed), assumed
    assert any("your active cards are taken to be those" in a for a in assumed), assumed
    assert any("it is taken to be out of play" in a for a in assumed), assumed
    named = answers(stem + "a-text-of-a-card-placed-nowhere-with-every-area-named-has-no-effect.rq")
    assumed = named[0].graph.assumptions()
    assert not any("active cards are taken" in a for a in assumed), assumed
    assert any("as no area may hold it unnamed" in a for a in assumed), assumed
    open_ = answers(stem + "a-text-of-a-card-placed-nowhere-with-the-areas-open-is-open.rq")[0]
    assert open_.verdict is None
    assert "yes if it is my active card; yes if it is your active card" in open_.reason


def test_a_hand_refreshed_from_a_draw_deck_of_unstated_size_shows_what_it_takes() -> None:
    """The refresh's draws from a deck of unstated size are counted as made, as the FAQ's draw
    counts are (BM-Q250), and the hand count says so with the line that would state the deck."""
    for name, drawn in (
        ("hands/a-hand-size-stated-before-my-refresh-is-not-carried-past-it.rq", 4),
        ("time/sequence-after-a-question-the-other-players-play-is-on-his-own-turn-2.rq", 3),
    ):
        after = [a for a in answers(name) if a.verdict == Number(6)]
        assert after, name
        assumed = after[0].graph.assumptions()
        assert any(
            "draw deck is taken to hold enough cards" in a
            and f"my draw deck has {drawn} cards" in a
            for a in assumed
        ), assumed
    stated = answers("hands/a-hand-size-stated-before-my-refresh-is-not-carried-past-it.rq")[-1]
    assert stated.verdict == Number(5)
    assert not any("draw deck is taken" in a for a in stated.graph.assumptions())
