"""How a card is played: the icons it is treated as having, gangs and covering.

Icons such as FREE are checked in hand, just before the play; an icon a card is "treated as if
it had" lasts only while it is played; the characters of one people played from a landed ship
are played as if FREE (a game rule, Buka Invasion rulesheet). A character card joins an active
gang, or pushes the previously active cards under it unless its own text says it does not.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rulesq.corpus import load_corpus
from rulesq.errors import CannotAnswer
from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.claims import not_followed, require_followed
from rulesq.games.bluemoon.judge.forces import Forces, effects_of, has_effect
from rulesq.games.bluemoon.judge.icon_flags import ignored_or_not
from rulesq.games.bluemoon.judge.iconuse import settled, start_keeping, stop_keeping, was_read
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import Instance, Zone
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, Quantity, Ref
from rulesq.games.bluemoon.selectors import R as RefKind
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Source
    from rulesq.games.bluemoon.judge.moves import Moves

#: Enum members read on hot paths, held as plain names: on Python 3.11 reading
#: a member off its class goes through the enum metaclass's ``__getattr__`` hook (several
#: hundred instructions a read, ten times a plain class attribute).
_CARGO, _LANDED = Zone.CARGO, Zone.LANDED
_THIS_CARD, _THIS_TURN = RefKind.THIS_CARD, W.THIS_TURN


def as_if_icons(moves: Moves, card: Instance, who: str) -> frozenset[str]:
    """The icons a card is "treated as if it had" while it is played.

    By card texts, and FREE for the characters a game rule frees when played from a landed ship.
    """
    state = moves.state
    forces = Forces(state)
    icons: set[str] = {"FREE"} if free_from_ship(card) else set()
    for source in next_played_as_if(moves, card, who):
        effect = source.effect
        assert isinstance(effect, fx.NextPlayedAsIf)
        icons.add(effect.as_if.icon)
    own = (
        forces.in_force(card, in_hand=True) if has_effect(card, fx.PlayAsIf) else []
    )  # no "as if" text: nothing to read
    for source in own:
        effect = source.effect
        if (
            isinstance(effect, fx.PlayAsIf)
            and isinstance(effect.cards, Ref)
            and effect.cards.kind is _THIS_CARD
        ):
            if effect.condition is None or holds(effect.condition, who, forces, card):
                icons.add(effect.as_if.icon)
    return frozenset(icons)


def unfollowed_play_now(forces: Forces, card: Instance, who: str) -> None:
    """Cannot answer when a text played this turn lets ``who`` play this card now.

    "Now we both may play one crystal card as if we had the respective dragon on our side"
    sets aside the turn, the one Leadership phase card and the dragon a card requires: the
    judge does not follow such a play, so it gives no verdict on it.
    """
    state = forces.state
    for owner in state.players:
        for played in state.played_this_turn(owner):
            if played.cancelled or not has_effect(played, fx.ActionEffect):
                continue
            plays = [e.seq for e in state.events_of("play") if e.cards and e.cards[0] is played]
            if not plays or any(
                e.seq > plays[-1] and e.kind in ("phase", "play")
                for e in state.events_of(this_turn=True)
            ):
                continue  # "now" has passed
            for source in effects_of(played):
                effect = source.effect
                if not isinstance(effect, fx.ActionEffect) or effect.when is None:
                    continue
                if effect.when.kind is not W.NOW:
                    continue
                for do in effect.dos:
                    if who not in players_of(do.actor, source.controller):
                        continue
                    for act in do.acts:
                        if (
                            isinstance(act, a.Play)
                            and isinstance(act.cards, Cards)
                            and matches(
                                replace(act.cards, quantity=Quantity()),
                                card,
                                source.controller,
                                forces,
                            )
                        ):
                            raise CannotAnswer(
                                f'rulesq does not follow the play "{source.card.name}" allows '
                                f"now ({source.quote})"
                            )


def next_played_as_if(moves: Moves, card: Instance, who: str) -> list[Source]:
    """The texts "the next card I play ... is treated as if it had ..." that reach this card."""
    state = moves.state
    forces = Forces(state)
    found: list[Source] = []
    for source in forces.effects(fx.NextPlayedAsIf, controller=who):
        effect = source.effect
        assert isinstance(effect, fx.NextPlayedAsIf)
        require_followed(source)
        if effect.when is not None and effect.when.kind is not _THIS_TURN:
            raise not_followed(source, f'the time "{effect.when.render()}"')
        if source.card.turn != state.turn or not matches(effect.cards, card, who, forces):
            continue
        later = [
            c
            for c in state.played_this_turn(who)
            if c.seq > source.card.seq and matches(effect.cards, c, who, forces)
        ]
        if not later:
            found.append(source)
    return found


def gang_joins(forces: Forces, card: Instance, who: str) -> bool:
    """Whether a character card joins an active gang (rulebook p.16).

    It must have an effective GANG icon, and every active card of the combat area must be a
    character card of its gang. An unknown GANG icon read here is settled when the first card
    of the area is no character of its gang: the card would join no gang with the icon either.
    """
    if not card.is_character:
        return False
    cell, token = start_keeping(card.info.name, "GANG")
    try:
        has = forces.has_icon(card, "GANG")
    finally:
        stop_keeping(token)
    if not has and not was_read(cell):
        return False
    area = forces.state.owned(who, frozenset({Zone.COMBAT}), active=True)
    area = [c for c in area if c is not card]
    if was_read(cell):  # an unknown GANG icon: would the card join, had it the icon?
        first = area[0] if area else None
        apart = first is None or not first.is_character or first.info.gang != card.info.gang
        settled(cell, not has and apart and ignored_or_not(forces, card, "GANG"))
    if not has:
        return False
    return bool(area) and all(
        c.is_character and c.info.gang == card.info.gang and forces.has_icon(c, "GANG")
        for c in area
    )


def pushes(forces: Forces, card: Instance) -> bool:
    """Whether a character card pushes the previously active cards under it.

    Not when its own text says it may be played without pushing them.
    """
    return not any(
        isinstance(s.effect, fx.PlayWithoutPushing) for s in forces.in_force(card, in_hand=True)
    )


def on_landed_ship(card: Instance) -> bool:
    """Whether a card lies on a ship that has landed (it may be played from there)."""
    return card.zone is _CARGO and card.ship is not None and card.ship.zone is _LANDED


def free_from_ship(card: Instance) -> bool:
    """Whether a card is played from a landed ship as if it had the FREE icon (game rule).

    The people the rule is about is data of the rule's clause (its ``people`` field).
    """
    people = (card.info.people or "").casefold()
    return on_landed_ship(card) and card.is_character and people == _free_people()


@cache
def _free_people() -> str:
    clause = load_corpus("bluemoon").find_clause(R.FREE_FROM_SHIP)
    people = clause.extra.get("people") if clause is not None else None
    return str(people).casefold() if people else ""
