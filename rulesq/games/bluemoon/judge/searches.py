"""The cards an optional search of a pile could take: an exchange from the discard pile, a pick.

"Now I search through my discard pile and may exchange this card with any Hyla card from
there", "Now I search through my draw deck and may select either one influence card and play
it, or one character/booster/support card and load it onto one of my ships". A pile the
situation does not give card by card may hold any card of the game that fits and that the
situation places nowhere else (a situation names a card once): each is a way the choice could
have gone, stated as the situation would say it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import load_corpus, normalise_name
from rulesq.engine.defaults import quoted
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.cards import CardInfo, corpus_info
from rulesq.games.bluemoon.judge.prohibits import forbidding
from rulesq.games.bluemoon.judge.select import matches
from rulesq.games.bluemoon.judge.state import ME, Zone, new_instance
from rulesq.games.bluemoon.selectors import Cards, Place, Ref
from rulesq.games.bluemoon.selectors import R as RefKind
from rulesq.games.bluemoon.vocab import Role
from rulesq.games.bluemoon.vocab import Zone as TextZone

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance

#: A way: the statement that says so, and how a reason names it.
Way = tuple[str, str]
#: The kinds of card no pile holds: they are never in a deck (set beside the game).
NOT_IN_PILES = frozenset({"emissary", "inquisitor", "leader"})


def exchanged_for(act: a.Act) -> Cards | None:
    """The cards a text may exchange its own card with ("this card with any Hyla card")."""
    if (
        isinstance(act, a.Exchange)
        and isinstance(act.cards, Ref)
        and act.cards.kind is RefKind.THIS_CARD
        and isinstance(act.other, Cards)
    ):
        return act.other
    return None


def selected_from_deck(source: Source, act: a.Act) -> a.SelectEither | None:
    """A pick from the draw deck the text's player searches ("select either …"), or None."""
    effect = source.effect
    if not isinstance(act, a.SelectEither) or not isinstance(effect, fx.ActionEffect):
        return None
    searched = any(
        isinstance(x, a.Search) and TextZone.DRAW_DECK in x.place.zones
        for do in effect.dos
        for x in do.acts
    )
    return act if searched else None


#: The corpus cards (name folded, info) a selector of types and a family, with no icon,
#: fits, in corpus order, by the corpus and the selector: fitting one reads the card's info
#: alone (neither its player nor the texts in force). A search goes through every card of
#: the game once per answer and re-ask. Bounded: cleared when full.
_FITTING: dict[tuple[object, ...], tuple[object, list[tuple[str, CardInfo]]]] = {}
_FITTING_KEPT = 256


def _fitting(forces: Forces, who: str, bare: Cards, source: Source) -> list[tuple[str, CardInfo]]:
    """The corpus cards ``bare`` fits (no icon in it), found once per selector."""
    corpus = load_corpus("bluemoon")
    key = (id(corpus), bare.types, bare.family)
    found = _FITTING.get(key)
    if found is not None and found[0] is corpus:
        return found[1]
    fits = []
    for card in corpus.cards.values():
        info = corpus_info(card)
        if info.kind in NOT_IN_PILES:
            continue
        made = new_instance(-1, info, who, Zone.DISCARD, seq=10**9)
        if matches(bare, made, who, forces, source.card):
            fits.append((normalise_name(card.name), info))
    if len(_FITTING) >= _FITTING_KEPT:
        _FITTING.clear()
    _FITTING[key] = (corpus, fits)
    return fits


def _unplaced(forces: Forces, who: str, selector: Cards, source: Source) -> list[Instance]:
    """The cards of the game that fit ``selector`` and that the situation places nowhere."""
    placed = {normalise_name(c.name) for c in forces.state.cards}
    bare = Cards(types=selector.types, family=selector.family, icon=selector.icon)
    if bare.icon is None:  # fitting reads the card alone: the cards found once
        return [
            new_instance(-1, info, who, Zone.DISCARD, seq=10**9)
            for name, info in _fitting(forces, who, bare, source)
            if name not in placed
        ]
    out = []
    for card in load_corpus("bluemoon").cards.values():
        if normalise_name(card.name) in placed:
            continue
        info = corpus_info(card)
        if info.kind in NOT_IN_PILES:
            continue
        made = new_instance(-1, info, who, Zone.DISCARD, seq=10**9)
        if matches(bare, made, who, forces, source.card):
            out.append(made)
    return out


def exchange_candidates(forces: Forces, source: Source, other: Cards) -> list[Instance]:
    """The cards the exchange could take: those of its pile that fit, stated or not."""
    who = source.controller
    bare = Cards(types=other.types, family=other.family, icon=other.icon)
    stated = [
        c
        for c in forces.state.cards
        if c.zone is Zone.DISCARD
        and c.owner == who
        and c is not source.card
        and c.name != source.card.name
        and matches(bare, c, who, forces, source.card)
    ]
    return stated + [c for c in _unplaced(forces, who, other, source) if c.name != source.card.name]


def exchange_ways(player: str, source: Source, candidates: list[Instance]) -> list[Way]:
    """Each way of the exchange: the statement, and its label."""
    this = quoted(source.card.name)
    return [
        (
            f"{player} exchange {this} with {quoted(c.name)}",
            f"if it exchanges it for {quoted(c.name)}",
        )
        for c in candidates
    ]


#: Taking a card out of one's own draw deck (what a pick from it does, played or loaded).
TAKE_FROM_DECK = a.Take(
    cards=Cards(place=Place(owner=Role.CONTROLLER, zones=(TextZone.DRAW_DECK,)))
)


def selection_ways(forces: Forces, source: Source, pick: a.SelectEither, player: str) -> list[Way]:
    """Each way of a pick from the draw deck: a card played, or a card loaded onto a ship.

    None when a "you may not" text in force forbids taking cards from the draw deck: the text
    may search it but not take a card from it (FAQ, Special Power Texts: Buka Cards).
    """
    who = source.controller
    if forbidding(forces, who, TAKE_FROM_DECK) is not None:
        return []
    poss = "my" if who == ME else "your"
    ways: list[Way] = []
    for branch in pick.options:
        if not isinstance(branch.cards, Cards):
            continue
        if any(isinstance(x, a.Play) for x in branch.acts):
            for card in _unplaced(forces, who, branch.cards, source):
                if card.name == source.card.name:
                    continue
                name = quoted(card.name)
                ways.append((f"{player} play {name} from {poss} draw deck", f"if it plays {name}"))
        if any(isinstance(x, a.Load) for x in branch.acts):
            ships = [
                c
                for c in forces.state.cards
                if c.owner == who
                and c.info.kind == "ship"
                and c.zone in (Zone.INFLUENCE, Zone.LANDED)
            ]
            for ship in ships:
                name = quoted(ship.name)
                ways.append(
                    (
                        f"{player} load a card from {poss} draw deck onto {name}",
                        f"if it loads a card onto {name}",
                    )
                )
    return ways
