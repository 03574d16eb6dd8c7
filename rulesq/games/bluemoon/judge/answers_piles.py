"""Questions about discard piles: where a discarded card goes, what lies there, exchanges.

``where does "X" go when I discard it?``, ``is "X" in my discard pile?``, ``can I exchange "A"
with "B"?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Text
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.forces import Source
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, zones_of
from rulesq.games.bluemoon.judge.state import Instance, State, Zone
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.selectors import Cards, Place, Ref
from rulesq.games.bluemoon.selectors import R as RefKind

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: Why a card reached the discard pile, by the event that moved it.
MOVED_BY = {
    "bluff_revealed": ("a called bluff's cards are discarded, whatever the outcome",
                       [R.BLUFF_REVEAL]),
    "ship_discarded": ("landed ships are discarded immediately before their player announces "
                       "power", [R.LANDED_DISCARDED]),
    "discard": ("it was discarded", [R.CARD_LOCATIONS]),
    "cancel": ("it was cancelled and discarded", [R.INTERFERENCE_CANCELLED]),
    "fight_ends": ("at the end of a fight the cards of the combat and support areas go to the "
                   "discard piles", [R.FIGHT_END_REMOVE]),
}


def destination(ctx: Context) -> Answer:
    """Answer ``where does "X" go when I discard it?``."""
    view = View(ctx)
    card = view.card()
    if card.info.kind == "leadership":
        ruling = yes("leadership cards are placed on top of the leader card, in a separate "
                     "stack, never on the discard pile", R.LEADERSHIP_STACK)
        return view.answer(Text("on top of the leader (never the discard pile)"), ruling)
    ruling = yes("a discarded card goes face up onto its player's discard pile",
                 R.CARD_LOCATIONS)
    return view.answer(Text("the discard pile"), ruling)


def in_discard_pile(ctx: Context) -> Answer:
    """Answer ``is "X" in my discard pile?``."""
    view = View(ctx)
    who = view.who
    card = view.card(who=who)
    state = view.state
    if card.zone is Zone.DISCARD and card.owner == who:
        reason, rules = _how(state, card)
        return view.yes_no(yes(f'"{card.name}" is on the discard pile: {reason}', *rules))
    if card.zone is Zone.DISCARD:
        return view.yes_no(no(f'"{card.name}" is on the other player\'s discard pile',
                              R.CARD_LOCATIONS))
    if card.zone is Zone.LEADER:
        return view.yes_no(no(f'"{card.name}" is a leadership card: it lies on the leader, '
                              "never on the discard pile", R.LEADERSHIP_STACK))
    return view.yes_no(no(f'"{card.name}" is not on the discard pile ({card.zone.value})',
                          R.CARD_LOCATIONS))


def _how(state: State, card: Instance) -> tuple[str, list[str]]:
    """The event that put a card on the discard pile, in words, with its rules."""
    for event in reversed(state.events):
        if event.kind == "retrieve" and event.cards and event.cards[0].info.kind == "ship" \
                and card.ship is event.cards[0]:
            return ("the ship it was loaded on was retrieved, and the cards on it are "
                    "discarded", [R.SHIP_DISCARDED])
        if event.kind == "play" and event.cards and event.cards[0].info.kind == "hyla" \
                and card.info.kind == "hyla" and event.cards[0] is not card \
                and event.seq > card.seq:
            return ("a newly played Hyla card discards the previous one", [R.HYLA_DISPLAY])
        if card in event.cards and event.kind in MOVED_BY:
            return MOVED_BY[event.kind][0], list(MOVED_BY[event.kind][1])
        if event.kind == "fight_ends":
            return MOVED_BY["fight_ends"][0], list(MOVED_BY["fight_ends"][1])
    return "it lies there", [R.CARD_LOCATIONS]


def can_exchange(ctx: Context) -> Answer:
    """Answer ``can I exchange "A" with "B"?`` (by the first card's text)."""
    view = View(ctx)
    who = view.who
    first, second = (view.card(ref, who) for ref in ctx.question.cards[:2])
    state = view.state
    forces = view.forces
    plays = list(state.events_of("play", who, this_turn=True))
    if not plays or plays[-1].cards[0] is not first:
        return view.yes_no(no(f'"{first.name}" has not just been played: its text acts when '
                              "it is played", R.NOW_WHEN_PLAYED))
    for source in forces.in_force(first, in_hand=True):
        effect = source.effect
        if not isinstance(effect, fx.ActionEffect):
            continue
        searched: Place | None = None
        for do in effect.dos:
            for act in do.acts:
                if isinstance(act, a.Search) and isinstance(act.place, Place):
                    searched = act.place
                if not isinstance(act, a.Exchange):
                    continue
                ruling = _exchange(view, source, act, searched, first, second)
                if ruling is not None:
                    return view.yes_no(ruling)
    return view.yes_no(no(f'no text of "{first.name}" lets it be exchanged with '
                          f'"{second.name}"', R.DISCARD_ONLY_WHEN_PERMITTED))


def _exchange(view: View, source: Source, act: a.Exchange, searched: Place | None,
              first: Instance, second: Instance) -> Ruling | None:
    if not (isinstance(act.cards, Ref) and act.cards.kind is RefKind.THIS_CARD):
        return None
    other = act.other
    if not isinstance(other, Cards):
        return None
    place = searched if isinstance(other.place, Ref) and other.place.kind is RefKind.THERE \
        else other.place
    if isinstance(place, Place) and second.zone not in zones_of(place):
        return no(f'"{second.name}" is not in {place.render()} ({second.zone.value})',
                  R.CARD_LOCATIONS, sources=[source])
    bare = Cards(types=other.types, family=other.family, icon=other.icon)
    if not matches(bare, second, source.controller, view.forces):
        return no(f'"{second.name}" is not {other.render()}', sources=[source])
    ruling = yes(f'"{first.name}": {source.quote}; "{second.name}" is there, as the text is '
                 "read only once the card is in play", R.READ_OUT, sources=[source])
    if second.info.kind == "hyla" and first.info.kind == "hyla":
        ruling.reason += " (a Hyla card played discards the previous one at once)"
        ruling.cite(R.HYLA_DISPLAY)
    return ruling
