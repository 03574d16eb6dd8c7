"""Card texts that load cards onto ships now ("Now I may load up to three cards … onto this ship").

A text of a card just played loads cards, from where it says (the hand, or the draw deck it
searched), onto the ship it names, up to its number; nothing else may have happened since the card
was played ("now"). Such loads are not the play of a support card.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.forces import Forces, Source
from rulesq.games.bluemoon.judge.limits import INFINITE
from rulesq.games.bluemoon.judge.select import matches, players_of, zones_of
from rulesq.games.bluemoon.judge.state import Instance, State, Zone
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, Place, Q, Ref, ShipPlace, Which
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.selectors import CardsExpr

#: Where the cards a text loads come from (None: the text does not say).
Origin = frozenset[Zone] | None


@dataclass
class LoadText:
    """A card text that loads cards now ("Now I may load up to three cards … onto this ship")."""

    source: Source
    cards: CardsExpr
    onto: ShipPlace
    origin: Origin
    limit: int
    used: int

    def fits(self, card: Instance | None, ship: Instance, forces: Forces) -> bool:
        """Whether this text may still load ``card`` (any card: None) onto ``ship``."""
        if self.used >= self.limit or not _ship_fits(self.onto, ship, self.source):
            return False
        if card is None:
            return not _known_empty(forces.state, self.origin, self.source.controller)
        if self.origin is not None and card.zone not in self.origin:
            return False
        return matches(self.cards, card, self.source.controller, forces)


def load_texts(forces: Forces, who: str) -> list[LoadText]:
    """The texts of a player's card played just now that load cards onto ships."""
    state = forces.state
    found = []
    for source in forces.effects((fx.ActionEffect, fx.Obligation), controller=who):
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect | fx.Obligation)
        if effect.when is None or effect.when.kind is not W.NOW:
            continue
        if not just_played(state, source.card):
            continue
        mine = [
            (cards, onto, origin)
            for do, cards, onto, origin in clause_loads(effect)
            if who in players_of(do.actor, source.controller)
        ]
        if not mine:
            continue
        if effect.condition is not None and not holds(
            effect.condition, source.controller, forces, source.card
        ):
            continue
        used = sum(
            1
            for e in state.events_of("load", who, this_turn=True)
            if e.data.get("text_of") == source.card.uid
        )
        for cards, onto, origin in mine:
            found.append(LoadText(source, cards, onto, origin, _limit(cards, source), used))
    return found


def _dos(effect: fx.ActionEffect | fx.Obligation) -> tuple[a.Do, ...]:
    """The clauses of a text that may load cards ("Now I may …", "Now I must …")."""
    return effect.dos if isinstance(effect, fx.ActionEffect) else (effect.do,)


def load_text_for(forces: Forces, card: Instance, ship: Instance, who: str) -> LoadText | None:
    """The text that loads ``card`` onto ``ship`` now, if one does."""
    for text in load_texts(forces, who):
        if text.fits(card, ship, forces):
            return text
    return None


def just_played(state: State, card: Instance) -> bool:
    """Whether a card was played this turn and nothing but its own loading has happened since."""
    plays = [e for e in state.events_of("play", card.owner, this_turn=True) if e.cards[0] is card]
    if not plays or state.turn_over:
        return False
    later = [e for e in state.events if e.seq > plays[-1].seq and e.kind != "element"]
    return all(e.kind == "load" and e.data.get("text_of") == card.uid for e in later)


def loads(
    effect: fx.ActionEffect | fx.Obligation,
) -> Iterator[tuple[CardsExpr, ShipPlace, Origin]]:
    """Each load of a text: the cards, the ship and where the cards come from."""
    for _, cards, onto, origin in clause_loads(effect):
        yield cards, onto, origin


def clause_loads(
    effect: fx.ActionEffect | fx.Obligation,
) -> Iterator[tuple[a.Do, CardsExpr, ShipPlace, Origin]]:
    """Each load of a text with its clause (who loads): cards, ship, where they come from."""
    searched: frozenset[Zone] | None = None
    for do in _dos(effect):
        for act in do.acts:
            if isinstance(act, a.Search):
                searched = zones_of(act.place)
            elif isinstance(act, a.Load):
                yield do, act.cards, act.onto, _origin(act.cards, searched)
            elif isinstance(act, a.SelectEither):
                for branch in act.options:
                    for inner in branch.acts:
                        if isinstance(inner, a.Load):
                            picked = branch.cards if isinstance(inner.cards, Ref) else inner.cards
                            yield do, picked, inner.onto, _origin(picked, searched)


def _known_empty(state: State, origin: Origin, who: str) -> bool:
    """Whether the place loaded cards come from is known to hold no card."""
    if origin == frozenset({Zone.HAND}):
        return state.hand_size(who) == 0
    if origin == frozenset({Zone.DECK}):
        return state.player(who).deck_count == 0
    return False


def _origin(cards: CardsExpr, searched: Origin) -> Origin:
    if isinstance(cards, Cards) and isinstance(cards.place, Place):
        return zones_of(cards.place)
    return searched


#: Numbers of cards a load text may name whose upper bound the judge follows.
BOUNDED = {Q.COUNT, Q.UP_TO, Q.ARTICLE, Q.OF, Q.ANY}


def _limit(cards: CardsExpr, source: Source) -> int:
    """How many cards a load text loads at most; a number the judge does not follow raises."""
    if not isinstance(cards, Cards):
        return 1
    if cards.quantity.kind is Q.ANY_NUMBER:
        return INFINITE
    if cards.quantity.kind not in BOUNDED:
        raise CannotAnswer(
            f'rulesq does not follow the number of cards "{source.card.name}" '
            f'loads ("{cards.quantity.render()}": {source.quote})'
        )
    return cards.quantity.n or 1


def _ship_fits(onto: ShipPlace, ship: Instance, source: Source) -> bool:
    if onto.which is Which.THIS:
        return ship is source.card
    if onto.which is Which.LANDED and ship.zone is not Zone.LANDED:
        return False
    return onto.owner is None or ship.owner in players_of(onto.owner, source.controller)
