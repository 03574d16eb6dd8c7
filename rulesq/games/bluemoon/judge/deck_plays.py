"""The card texts in force that have a player search the draw deck, play or load a card of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.vocab import Zone as TextZone

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance


def deck_playing_texts(forces: Forces, card: Instance, who: str) -> list[Source]:
    """The texts in force that have ``who`` play a card like ``card`` from his draw deck.

    A text searches the draw deck and selects a card of the kind it names to play it; whether
    it can be used now (its moment) is the caller's question.
    """
    return _deck_texts(forces, card, who, a.Play)


def deck_loading_texts(forces: Forces, card: Instance, who: str) -> list[Source]:
    """The texts in force that have ``who`` load a card like ``card`` from his draw deck.

    A card the situation does not name (its kind unknown) may be any the text selects.
    """
    return _deck_texts(forces, card, who, a.Load)


def _deck_texts(forces: Forces, card: Instance, who: str, kind: type[a.Act]) -> list[Source]:
    """The texts in force that search ``who``'s draw deck and ``kind`` (play, load) ``card``."""
    found = []
    for source in forces.effects(fx.ActionEffect, controller=who):
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect)
        searches = any(
            isinstance(x, a.Search) and TextZone.DRAW_DECK in x.place.zones
            for do in effect.dos
            for x in do.acts
        )
        if searches and any(_plays(do, card, who, forces, source, kind) for do in effect.dos):
            found.append(source)
    return found


def _plays(
    do: a.Do,
    card: Instance,
    who: str,
    forces: Forces,
    source: Source,
    kind: type[a.Act] = a.Play,
) -> bool:
    """Whether a clause of the text has ``who`` select and play (or load) a card like ``card``."""
    if who not in players_of(do.actor, source.controller):
        return False
    for act in do.acts:
        branches = act.options if isinstance(act, a.SelectEither) else ()
        for branch in branches:
            plays = any(isinstance(x, kind) for x in branch.acts)
            unknown = kind is a.Load and card.info.kind == "unknown"  # a card not named
            if plays and (unknown or matches(branch.cards, card, who, forces)):
                return True
    return False
