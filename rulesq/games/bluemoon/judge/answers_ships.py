"""Questions about ships.

``can I load "A" onto "Ship"?``, ``can I load a card onto "Ship"?``, ``can I land "Ship"?``, ``is
"X" in my discard pile?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.answers_play import assume_turn
from rulesq.games.bluemoon.judge.permits import permitted
from rulesq.games.bluemoon.judge.placing import place_decides
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.ships import ShipJudge
from rulesq.games.bluemoon.judge.state import Instance, State, Zone
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.selectors import Cards, ShipPlace, Which
from rulesq.games.bluemoon.vocab import Role

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: A selector with nothing in it (immutable): selectors made here are copies of it with their
#: fields given, made without ``__init__`` (``rulesq.frozen.replace``).
_NO_FILTER = Cards()


def judge(view: View) -> ShipJudge:
    """The ship judge at the question's moment (with no turn stated, the asker's turn)."""
    assume_turn(view)
    return ShipJudge(view.state, first_turn=view.state.is_first_turn)


def can_load(ctx: Context) -> Answer:
    """Answer ``can I load "A" onto "Ship"?``."""
    view = View(ctx)
    card_ref, ship_ref = ctx.question.cards[0], ctx.question.cards[-1]
    ship = view.card(ship_ref, who=view.who)
    card = view.card(card_ref, who=view.who)
    if card.owner != view.who:
        card = view.hypothetical(card.info, view.who)
    return view.yes_no(_load(view, card, ship))


def can_load_any(ctx: Context) -> Answer:
    """Answer ``can I load a card onto "Ship"?`` (a card of a kind that may be loaded)."""
    view = View(ctx)
    ship = view.card(ctx.question.card, who=view.who)
    ships = judge(view)
    ruling = _load(view, None, ship, ships)
    if ruling.allowed and ruling.step is None:
        ruling.negatives.append(
            "the player is taken to hold a character, booster or support card to load"
        )
    return view.yes_no(ruling)


def can_land(ctx: Context) -> Answer:
    """Answer ``can I land "Ship"?``."""
    view = View(ctx)
    ship = view.card(ctx.question.card, who=view.who)
    ships = judge(view)
    return view.yes_no(
        permitted(ships.forces, view.who, a.Land(), base=lambda: ships.can_land(ship, view.who))
    )


def _load(
    view: View, card: Instance | None, ship: Instance, ships: ShipJudge | None = None
) -> Ruling:
    """Whether the player may load a card (one he holds, or any) onto a ship now."""
    ships = ships or judge(view)
    who = view.who
    if ship.zone is Zone.LANDED:
        onto = ShipPlace(Which.LANDED)
    else:
        onto = ShipPlace(Which.ONE_OF, Role.CONTROLLER if ship.owner == who else Role.OPPONENT)
    act = a.Load(cards=_NO_FILTER, onto=onto)
    return permitted(ships.forces, who, act, base=lambda: ships.can_load(card, ship, who))


def in_discard_pile(ctx: Context) -> Answer:
    """Answer ``is "X" in my discard pile?``."""
    view = View(ctx)
    card = view.card(ctx.question.card, who=view.who)
    return view.yes_no(discard_ruling(view.state, card, view.who))


def discard_ruling(state: State, card: Instance, who: str) -> Ruling:
    """Whether a card is on a player's discard pile, and what put it there."""
    # Placed nowhere: it may be in the hand, the draw deck or the discard pile.
    place_decides(
        card,
        "it may be in the hand, the draw deck or the discard pile",
        f'my discard pile has "{card.name}"',
    )
    if card.owner != who:
        return no(f'"{card.name}" is not the player\'s card', R.CARD_LOCATIONS)
    if card.zone is not Zone.DISCARD:
        return no(f'"{card.name}" is not on the discard pile ({card.zone.value})', R.CARD_LOCATIONS)
    for event in reversed(state.events):
        if card not in event.cards and not (card.ship is not None and card.ship in event.cards):
            continue
        if event.kind == "ship_discarded":
            ship = event.cards[0]
            if ship is card:
                return yes(
                    f'"{card.name}" was landed, and landed ships are discarded '
                    "immediately before their player announces power (or retreats, or "
                    "the turn ends)",
                    R.LANDED_DISCARDED,
                )
            return yes(
                f'"{card.name}" was loaded on "{ship.name}", which was discarded with its cards',
                R.LANDED_DISCARDED,
                R.SHIP_DISCARDED,
            )
        if event.kind == "retrieve" and card.ship is not None and card.ship in event.cards:
            return yes(
                f'"{card.name}" was loaded on "{card.ship.name}", which was retrieved; '
                "the cards on a retrieved ship are discarded",
                R.SHIP_DISCARDED,
            )
        if event.kind == "bluff_revealed":
            return yes(
                f'"{card.name}" was a bluff card; a called bluff reveals the bluff cards '
                "and they are discarded, whatever the outcome",
                R.BLUFF_CALL,
                R.FAILED_CALL_DISCARDS_BLUFFS,
                R.BLUFF_REVEAL,
            )
        if event.kind in ("discard", "cancel"):
            return yes(f'"{card.name}" was discarded', R.CARD_LOCATIONS)
    if card.info.kind == "hyla" and any(
        e.kind == "play"
        and e.cards[0].info.kind == "hyla"
        and e.cards[0] is not card
        and e.seq > card.seq
        for e in state.events
    ):
        return yes(
            f'"{card.name}" was the Hyla card in play: a Hyla card played discards the '
            "previous one at once",
            R.HYLA_DISPLAY,
        )
    return yes(f'"{card.name}" is on the discard pile', R.CARD_LOCATIONS)
