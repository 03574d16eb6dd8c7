"""FMA calls: the clauses they rest on and the helpers every call shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import (
    out_of_play,
)
from rulesq.games.fma.claims import LIMITS, Claim
from rulesq.games.fma.state import Character, State
from rulesq.games.fma.table import Table

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef


#: The clauses the calls rest on.
DESIGNATOR = "fma/rulings/activated-abilities/1"


ONLY_CHARACTERS_PLAY = "fma/rulings/activated-abilities/2"


EVENT_OR_ABILITY = "fma/rulings/event-or-ability/1"


DEFEATED = "fma/rulings/defeated-characters/1"


DEFEATED_FACTION = "fma/rulings/defeated-characters/2"


DEFEATED_EXCEPTION = "fma/rulings/defeated-characters/3"


BLOCK_STEP = "fma/rulings/blocking/1"


#: The one place the rulings put a battle: the search phase, in the example of a character
#: that "enters battle" there (fma/rulings/changing-attributes/example-1). A battle, and so
#: its maneuver step, may be under way in that phase.
BATTLE_PHASE = "search phase"


BLOCK_IS_REACT = "fma/rulings/blocking/2"


BLOCK_OWN_ATTACK = "fma/rulings/blocking/3"


STEALTH = "fma/rulings/stealth/1"


JOIN = "fma/rulings/join/1"


LEADERS = "fma/rulings/leaders/1"


SETUP_ALLIES = "fma/rulings/setup/2"


REACT_PLAYER = "fma/rulings/reacts/2"


REACT_TWO = "fma/rulings/reacts/3"


REACT_OCCURRENCE = "fma/rulings/reacts/4"


LOCATION_AFFECTED = "fma/rulings/locations/2"


GLOBAL = "fma/rulings/global-effects/1"


PASSIVE_HOME = "fma/rulings/passive-abilities/1"


REQUIREMENTS = "fma/rulings/requirements/1"


EVENTS = "fma/rulings/events/1"


OTHER = {"me": "you", "you": "me"}


#: Why a play no requirement decides is not answered: the rest of the rules of playing.
_UNCHECKED = (
    'no requirement of "{}" decides it, and rulesq does not check the timing and '
    "the attribute cost of a play"
)


def known_card(ref: CardRef) -> Card:
    """The card a reference names; *cannot answer* if the sources give none."""
    if ref.card is None:
        raise CannotAnswer(f'"{ref.name}" is not a card the sources give')
    return ref.card


def character_of(ctx: Context, state: State, ref: CardRef) -> Character:
    """The character of the situation a reference names; *cannot answer* if none."""
    found = state.find(ref.card.name if ref.card is not None else ref.name)
    if found is not None:
        return found
    raise CannotAnswer(
        f'"{ref.name}" is not a character of this situation (introduce it: '
        f'my character "{ref.name}" (strength 3))'
    )


def defeat_node(ctx: Context, state: State, character: Character) -> str | None:
    """The graph node of the fact that defeated the character, or None."""
    fact = state.defeated_by(character.name)
    return ctx.fact(fact) if fact is not None else None


def settle(missing: str | None, name: str, claims: list[Claim]) -> None:
    """*cannot answer* unless a claim says no, or (the text read whole) a requirement is met."""
    if any(not c.allows for c in claims):
        return
    if missing is not None:
        raise CannotAnswer(missing)
    if not claims:
        raise CannotAnswer(_UNCHECKED.format(name))


def unless_limited(reason: str, claims: list[Claim]) -> None:
    """*cannot answer* unless a limitation (declaring first, uniqueness) already says no.

    A limitation is on the top step of the ladder: no text left unread could lift it.
    """
    if not any(not c.allows and c.kind in LIMITS for c in claims):
        raise CannotAnswer(reason)


def leave_open(reason: str, claims: list[Claim]) -> None:
    """*cannot answer* unless some claim already says no (a no that nothing unread can lift)."""
    if not any(not c.allows for c in claims):
        raise CannotAnswer(reason)


def is_ally(table: Table, character: Character) -> bool | None:
    """Whether a character is an ally (not a leader); None when its player's leader is unnamed."""
    name = normalise_name(character.name)
    if name in {table.leader_key(p) for p in table.leaders}:
        return False
    owner = character.owner or table.owners.get(name)
    return True if owner is not None and owner in table.leaders else None


def out_of_play_open(ctx: Context, who: Character, verb: str) -> None:
    """*Cannot answer* whether a card may ``verb`` a character out of play (not in play)."""
    outside = out_of_play.still_out(ctx).get(normalise_name(who.name))
    if outside is not None:
        raise CannotAnswer(
            f'"{who.name}" is out of play (line {outside.span.line}), and the rulings say of a '
            "card out of play only that an out-of-play leader cannot recruit and keeps his "
            f"attachments, not whether a card in play may {verb} it"
        )
