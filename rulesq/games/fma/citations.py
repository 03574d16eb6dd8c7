"""The clause ids of the FMA rulings that the battle and attribute rules rest on."""

from __future__ import annotations

#: "A character with toughness is not defeated during battle resolution unless his side
#: loses in a battle by an amount equal to or greater than his toughness."
TOUGHNESS = "fma/rulings/toughness/1"

#: The multi-character battle: side totals, the winner defeats opposing characters with a
#: lower total, the other side chooses characters with a total equal to or less than its own.
BATTLE_RESOLUTION = "fma/rulings/battles/example-1"

#: "If a card is sent home during a battle … the battle continues as normal".
SENT_HOME = "fma/rulings/battles/1"

#: "Cards drawn or played after battle resolution … cannot have an effect on the battle".
AFTER_THE_BATTLE = "fma/rulings/battles/2"

#: A value set to a number wipes the modifiers applied before it, while it lasts.
SET_VALUE = "fma/rulings/changing-attributes/1"

#: Later effects still modify a set value; when the set value expires the old one returns.
SET_VALUE_EXAMPLE = "fma/rulings/changing-attributes/example-1"

#: The order of a modifier and a set value matters.
SET_VALUE_ORDER = "fma/rulings/changing-attributes/example-2"

#: Defeated characters have no attributes.
DEFEATED = "fma/rulings/defeated-characters/1"

#: An effect that changes attribute goals changes all of them; copies do not stack.
GOAL_CHANGE = "fma/rulings/changing-attribute-goals/1"

#: Non-attribute goals are unaffected; an effect on the entire goal erases the others.
GOAL_OTHER = "fma/rulings/changing-attribute-goals/2"

#: "Printed" attributes are only the numbers printed on the card.
PRINTED = "fma/rulings/printed/1"

#: "Passive abilities on defeated cards do not have any effect."
PASSIVE_DEFEATED = "fma/rulings/passive-abilities/1"

#: Passive abilities on locations are active the whole turn; on attachments they stop when
#: the bearer is defeated.
PASSIVE_PLACES = "fma/rulings/passive-abilities/2"

ALL = (
    TOUGHNESS,
    BATTLE_RESOLUTION,
    SENT_HOME,
    AFTER_THE_BATTLE,
    SET_VALUE,
    SET_VALUE_EXAMPLE,
    SET_VALUE_ORDER,
    DEFEATED,
    GOAL_CHANGE,
    GOAL_OTHER,
    PRINTED,
    PASSIVE_DEFEATED,
    PASSIVE_PLACES,
)
