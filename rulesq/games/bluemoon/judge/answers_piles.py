"""Questions about discard piles: where a discarded card goes, and exchanges with it.

``where does "X" go when I discard it?``, ``can I exchange "A" with "B"?`` (``is "X" in my discard
pile?`` is answered with the ships' questions, which know what discards ships and their cargo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Text
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.forces import Source
from rulesq.games.bluemoon.judge.placing import place_decides
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, zones_of
from rulesq.games.bluemoon.judge.state import Instance
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.selectors import Cards, Place, Ref
from rulesq.games.bluemoon.selectors import R as RefKind

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context


def destination(ctx: Context) -> Answer:
    """Answer ``where does "X" go when I discard it?``."""
    view = View(ctx)
    card = view.card()
    if card.info.kind == "leadership":
        ruling = yes(
            "leadership cards are placed on top of the leader card, in a separate "
            "stack, never on the discard pile",
            R.LEADERSHIP_STACK,
        )
        return view.answer(Text("on top of the leader (never the discard pile)"), ruling)
    ruling = yes("a discarded card goes face up onto its player's discard pile", R.CARD_LOCATIONS)
    return view.answer(Text("the discard pile"), ruling)


def can_exchange(ctx: Context) -> Answer:
    """Answer ``can I exchange "A" with "B"?`` (by the first card's text)."""
    view = View(ctx)
    who = view.who
    first, second = (view.card(ref, who) for ref in ctx.question.cards[:2])
    state = view.state
    forces = view.forces
    plays = list(state.events_of("play", who, this_turn=True))
    if not plays or plays[-1].cards[0] is not first:
        return view.yes_no(
            no(
                f'"{first.name}" has not just been played: its text acts when it is played',
                R.NOW_WHEN_PLAYED,
            )
        )
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
    return view.yes_no(
        no(
            f'no text of "{first.name}" lets it be exchanged with "{second.name}"',
            R.DISCARD_ONLY_WHEN_PERMITTED,
        )
    )


def _exchange(
    view: View,
    source: Source,
    act: a.Exchange,
    searched: Place | None,
    first: Instance,
    second: Instance,
) -> Ruling | None:
    if not (isinstance(act.cards, Ref) and act.cards.kind is RefKind.THIS_CARD):
        return None
    other = act.other
    if not isinstance(other, Cards):
        return None
    place = (
        searched
        if isinstance(other.place, Ref) and other.place.kind is RefKind.THERE
        else other.place
    )
    if isinstance(place, Place) and second.zone not in zones_of(place):
        # A card the situation places nowhere may lie there: its place decides.
        place_decides(
            second,
            f"the text takes a card from {place.render()} ({source.quote})",
            f'my discard pile has "{second.name}"',
        )
        return no(
            f'"{second.name}" is not in {place.render()} ({second.zone.value})',
            R.CARD_LOCATIONS,
            sources=[source],
        )
    bare = Cards(types=other.types, family=other.family, icon=other.icon)
    if not matches(bare, second, source.controller, view.forces):
        return no(f'"{second.name}" is not {other.render()}', sources=[source])
    ruling = yes(
        f'"{first.name}": {source.quote}; "{second.name}" is there, as the text is '
        "read only once the card is in play",
        R.READ_OUT,
        sources=[source],
    )
    if second.info.kind == "hyla" and first.info.kind == "hyla":
        ruling.reason += " (a Hyla card played discards the previous one at once)"
        ruling.cite(R.HYLA_DISPLAY)
    return ruling
