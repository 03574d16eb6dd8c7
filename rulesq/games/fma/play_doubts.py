"""What keeps a character's play from a sure yes: its attribute below the cost, the phase, set.

Only characters play events and abilities; a requirement met lifts only itself. The sources
never state the general rules of an ability's attribute cost against the playing character's
attribute (a card clarification shows it once, fma/cards/follow-me/clarification: "you must
play it on one of your characters with alchemy 5 ...") or of the phase a Main
ability is played in. When the situation shows either may stand in the way, a yes is
*cannot answer*, with the reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import attributes as at
from rulesq.games.fma import effects as fx
from rulesq.games.fma.readiness_changes import set_by_cost
from rulesq.games.fma.table import key
from rulesq.games.fma.vocab import Attribute, Timing

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rulesq.corpus.models import Card
    from rulesq.games.fma.state import Character, State
    from rulesq.games.fma.table import Table
    from rulesq.situation.model import Fact

MAIN_PHASE = "main phase"


def play_doubt(
    card: Card,
    effects: list[Any],
    who: Character,
    state: State,
    table: Table,
    raisers: list[Card],
    free: bool = False,
    facts: Sequence[Fact] = (),
) -> str | None:
    """Why "yes, the character may play it" is not sure (None: nothing the situation shows).

    ``raisers`` are the cards in play whose text increases attribute costs; ``free``, that a
    permission lets the player play it without paying its cost (only its timing is left to
    doubt); ``facts``, the situation's statements (a play after a stated readiness may have
    set the character).
    """
    abilities = [e for e in effects if isinstance(e, fx.Ability)]
    if len(abilities) != 1:
        return None
    ability = abilities[0]
    header = ability.header()
    if free:
        return _timing(card, ability, table)
    if raisers and ability.cost is not None:
        return (
            f'"{raisers[0].name}" increases attribute costs, and rulesq does not check the cost '
            f'of "{card.name}" against the attribute of the character that plays it'
        )
    if isinstance(ability.cost, int) and ability.cost > 0:
        found = state.find(who.name)
        gaps = state.unread_changes(found, ability.attribute, None) if found else []
        if gaps:  # a card of unknown text in play may change the value
            return (
                f'{gaps[0].reason}, and "{card.name}" has an attribute cost ("{header}"): '
                "whether he can pay it is not known"
            )
        value = _value(who, ability.attribute, state)
        if value is None:
            return (
                f'the situation does not give the {ability.attribute.value} of "{who.name}", '
                f'and "{card.name}" has an attribute cost ("{header}"): whether he can pay it '
                "is not known"
            )
        if value < ability.cost:
            return (
                f'"{who.name}" has {ability.attribute.value} {value}, below the '
                f'attribute cost of "{card.name}" ("{header}"), and rulesq does not check '
                "whether a character may play a card that costs more than its attribute"
            )
    doubt = _set_cost(card, ability, who, table, facts)
    if doubt is not None:
        return doubt
    return _timing(card, ability, table)


def _set_cost(
    card: Card, ability: fx.Ability, who: Character, table: Table, facts: Sequence[Fact]
) -> str | None:
    """Why a ``Set this character`` cost is no sure payment (None: the character is ready).

    Set, it is not known whether he can pay it (the sources never say); so a character whose
    readiness is not stated, or may have changed since it was, is no sure payer either.
    """
    extra = ability.extra_cost
    if not extra or extra.action != "set" or not isinstance(extra.what, fx.This):
        return None
    name = normalise_name(who.name)
    readiness = table.readiness.get(name)
    costs = f'"{card.name}" costs "{extra.render()}"'
    if readiness is None:
        return (
            f'the situation does not say whether "{who.name}" is ready, and {costs} (a set '
            f'character may not pay it; say which it is: "{who.name}" is ready)'
        )
    state, fact = readiness
    ref = next(r for r in fact.cards if key(r) == name)
    try:
        paid = set_by_cost(list(facts), ref, fact.span.line)
    except CannotAnswer as open_:
        return f"{open_}, and {costs}"
    if paid is not None:
        return (
            f'"{who.name}" was set by the cost of "{paid.card.name}" (line {paid.play.span.line}), '
            f"and {costs}: rulesq does not check whether a set character can pay it"
        )
    if state == "set":
        return (
            f'"{who.name}" is set (line {fact.span.line}), and {costs}: rulesq does not check '
            "whether a set character can pay it"
        )
    return None


def phase_assumed(effects: list[Any], table: Table) -> str | None:
    """What a yes to playing a Main ability takes for granted with no phase stated (None: nothing).

    The question is put as the rulings put theirs ("may only be played by ..."), of a time the
    card may be played: the answer shows that it is taken to be the main phase.
    """
    abilities = [e for e in effects if isinstance(e, fx.Ability)]
    if len(abilities) != 1 or abilities[0].timing is not Timing.MAIN or table.step is not None:
        return None
    return (
        f'no phase is stated: it is taken to be the main phase, where a "{abilities[0].header()}" '
        "ability is played (rulesq does not check the timing of a play)"
    )


def _timing(card: Card, ability: fx.Ability, table: Table) -> str | None:
    """Why a Main ability asked about outside the main phase is no sure yes (None: it is not)."""
    if ability.timing is Timing.MAIN and table.step is not None and table.step[0] != MAIN_PHASE:
        return (
            f'"{card.name}" is played as "{ability.header()}" and it is the {table.step[0]}: '
            "rulesq does not check the timing of a play"
        )
    return None


def _value(who: Character, attribute: Attribute, state: State) -> int | None:
    """The character's current value of the attribute, as the timeline reads it (None: not known).

    Every character of the situation is one of the timeline's (a leader given by "my leader
    is" alone too, with the values his line gives): the cards in play that change his value are
    read there, through ``presence``; one it does not hold has no value known.
    """
    if who.name not in state.timeline().printed:
        return None
    reading = at.attribute_value(state.timeline(), who.name, attribute)
    return reading.value if reading.status is at.Status.KNOWN else None
