"""Where a card the situation places nowhere may be: out of play, or active for either player.

A question about a card's text (``does the special power text of "X" take effect?``, ``can I
use the special power text of "X"?``) hangs on where the card is. Out of play (a hand, a draw
deck or a discard pile) its text neither takes effect nor is used; active, it may. The answer
takes it out of play and asks again with the card active for each player whose areas may hold
it unnamed (:func:`rulesq.games.bluemoon.judge.open_areas.may_be_active_for`): the same verdict
every way stands, shown; verdicts that differ leave no answer, each way named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.answer import Choice
from rulesq.games.bluemoon.judge.open_areas import (
    AREA_KINDS,
    areas_open,
    influence_may_hold,
    may_be_active_for,
    note_influence,
    note_read,
    whose,
)
from rulesq.games.bluemoon.judge.placing import place_decides
from rulesq.games.bluemoon.judge.state import ME, YOU, Zone

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.state import Instance, State
    from rulesq.games.bluemoon.judge.view import View
    from rulesq.situation.model import Situation

#: The kinds of card that lie in the influence area.
_INFLUENCE_KINDS = frozenset({"hyla", "ship"})
#: The areas a card of the combat or support area may lie in unnamed.
_AREAS = frozenset({Zone.COMBAT, Zone.SUPPORT})


def place_ways(
    state: State, situation: Situation, card: Instance
) -> tuple[str, Choice | None] | None:
    """The assumption a text question about ``card`` takes, and the choice of its other places.

    None where rulesq cannot list the places a card of its kind may be active unnamed (a
    leadership card, an interference card …): there the place stays for the situation to say.
    With no place but out of play (every area that could hold it named, or its player's active
    cards listed), the assumption alone.
    """
    kind = card.info.kind
    name = card.name
    first = situation.facts or situation.questions
    at = first[0].span.line if first else 1
    ways: list[tuple[int, str, str]] = []
    for who in (ME, YOU):
        player = "I" if who == ME else "you"
        if kind in AREA_KINDS and may_be_active_for(state, who):
            line = f'{player} have active "{name}"'
        elif kind in _INFLUENCE_KINDS and influence_may_hold(state, who):
            line = f'{player} have "{name}" in {whose(who)} influence area'
        elif kind in AREA_KINDS:
            if areas_open(state, who, _AREAS):
                note_read(state, who, active=True)  # his active list taken whole, shown
            continue
        elif kind in _INFLUENCE_KINDS:
            note_influence(state, who)  # his influence list taken whole, shown
            continue
        else:
            return None
        ways.append((at, line, f"if it is {whose(who)} active card"))
    taken = (
        f'the situation does not place "{name}": it is taken to be out of play (a hand, a draw '
        "deck or a discard pile)"
    )
    if not ways:
        return f"{taken}, as no area may hold it unnamed", None
    hint = f'say where it is, e.g. I have in hand "{name}", or {ways[0][1]}'
    choice = Choice(
        assumption=f"{taken} (asked again with it active where an area may hold it unnamed, "
        "the answer is the same)",
        reason=(
            f'the situation does not place "{name}", and where it is decides the answer: '
            f"{{verdicts}} ({hint})"
        ),
        taken="if it is out of play",
        branches=tuple(ways),
        what=f'where "{name}" is',
        hint=hint,
    )
    return choice.assumption, choice


def placed_out_of_play(view: View, card: Instance, rule: str) -> str:
    """The assumption a text question about a card placed nowhere takes: out of play.

    Asked again with the card active for each player whose areas may hold it unnamed
    (:mod:`rulesq.games.bluemoon.judge.place_ways`); where rulesq cannot list those places,
    the place decides (cannot answer).
    """
    found = place_ways(view.state, view.ctx.situation, card)
    if found is None:
        place_decides(card, rule)
        raise AssertionError("unreachable: the card is placed nowhere")
    assumption, choice = found
    if choice is not None:
        view.own_choices.append(choice)
    return assumption
