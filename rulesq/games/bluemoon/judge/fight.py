"""The state of the current fight: who starts it, whether it has started, the attack, the hand.

Shared by the rulings on retreating, declining and the end of a fight or game: who is due to start
the fight (the starting player, passed on by a decline), whether the starting player has entered
his Character phase, whether a player has attacked this turn (a character card, or a text letting
his active cards attack again), what his hand is known to lack, and whether his current total
power falls short of the opponent's when he can play no further card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.cards import CHARACTER_KINDS, CardInfo
from rulesq.games.bluemoon.judge.limits import character_units
from rulesq.games.bluemoon.judge.plays import PlayJudge
from rulesq.games.bluemoon.judge.state import (
    Instance,
    Step,
    Zone,
    hand_current,
    new_instance,
    other,
)
from rulesq.games.bluemoon.judge.values import POWER_ZONES, Values, announced_only

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Ignored, Source
    from rulesq.games.bluemoon.judge.ruling import Ruling
    from rulesq.games.bluemoon.judge.state import State

#: The kinds a card text or the rules mean by "a character card".
CHARACTER = CHARACTER_KINDS


def probe(kind: str, who: str) -> Instance:
    """A card of a kind, without text or icons, supposed to be in the player's hand.

    Its uid, -2, tells it from a named card the situation does not place (-1): it stands for any
    card of the kind, so a hand known card by card does not rule it out by name.
    """
    info = CardInfo(name=f"a {kind} card", kind=kind, text="")
    return new_instance(-2, info, who, Zone.HAND, seq=10**9)


def play_ruling(state: State, who: str, kind: str) -> Ruling:
    """Whether the rules and the cards in force let the player play a card of a kind now.

    A card of the kind from the hand, or else one loaded on a ship he has landed (cards on landed
    ships are played as if they were in the hand).
    """
    judge = PlayJudge(state, first_turn=state.is_first_turn)
    ruling = judge.can_play(probe(kind, who), who)
    if ruling.allowed:
        return ruling
    for card in state.owned(who, frozenset({Zone.CARGO})):
        if card.info.kind == kind and card.ship is not None and card.ship.zone is Zone.LANDED:
            from_ship = judge.can_play(card, who)
            if from_ship.allowed:
                return from_ship
    return ruling


# ---------------------------------------------------------------------- the hand


def hand_lacks(state: State, who: str, kinds: frozenset[str]) -> bool | None:
    """Whether the hand (and the cargo of landed ships) is known to hold no card of these kinds.

    True: known to hold none; False: known to hold one; None: the situation does not say.
    """
    cargo = [
        c
        for c in state.owned(who, frozenset({Zone.CARGO}))
        if c.ship is not None and c.ship.zone is Zone.LANDED and c.info.kind in kinds
    ]
    if cargo or any(c.info.kind in kinds for c in state.hand(who)):
        return False
    if not hand_current(state, who):
        return None
    player = state.player(who)
    if player.hand_exact or state.hand_size(who) == 0:
        return True
    if any(kind in player.hand_lacks for kind in kinds):
        return True
    return None


# ---------------------------------------------------------------------- the attack
def attack_again(forces: Forces, who: str) -> Source | None:
    """A text played this turn that lets the player's active cards attack again."""
    state = forces.state
    for event in state.events_of("play", who, this_turn=True):
        card = event.cards[0]
        if card.cancelled:
            continue
        for source in forces.in_force(card):
            if isinstance(source.effect, fx.AttackAgain):
                return source
    return None


def attacked(forces: Forces, who: str) -> bool:
    """Whether the player has attacked this turn: a character card, or an attack again."""
    return bool(character_units(forces.state, who)) or attack_again(forces, who) is not None


def no_more_cards(state: State, who: str) -> str | None:
    """Why the player can play no further card this turn (a STOP icon, the phase), or None."""
    for event in state.events_of("play", who, this_turn=True):
        if event.data.get("stop") and not event.cards[0].cancelled:
            return f'"{event.cards[0].name}" was played with a STOP icon'
    if state.current_phase >= Step.ANNOUNCE_POWER:
        return f"the turn has reached its {state.current_phase.title} phase"
    return None


def total(forces: Forces, who: str, element: str, *, at_least: bool = False) -> int:
    """A player's total power in an element (the same for every open choice, else cannot).

    ``at_least``: the least it is, his cards the situation does not name left out.
    """
    values = Values(forces)
    found = {
        values.total(who, element, chosen, at_least=at_least)[0].value
        for chosen in values.assignments()
    }
    if len(found) != 1:
        raise CannotAnswer("the total power depends on choices the situation does not state")
    return found.pop()


def shield(forces: Forces, who: str, element: str) -> Instance | None:
    """An active character or booster card of the player with an effective shield in the element.

    Shields are icons: an ignored card's icons, or ignored icons, have no effect.
    """
    found = shielded(forces, who, element)
    return found[0] if found and found[1] is None else None


def shielded(forces: Forces, who: str, element: str) -> tuple[Instance, Ignored | None] | None:
    """An active character or booster card with a shield in the element, and what ignores it.

    The card whose shield is effective first; else one whose shield is ignored, with the ignore
    effect; None when no such card shows a shield.
    """
    state = forces.state
    ignored: tuple[Instance, Ignored | None] | None = None
    for card in state.active(who):
        if (
            card.zone in POWER_ZONES
            and (card.is_character or card.info.kind == "booster")
            and element in state.shields(card)
        ):
            why = forces.icon_ignored(card, "SHIELD")
            if why is None:
                return card, None
            ignored = ignored or (card, why)
    return ignored


def unknown_shield(forces: Forces, who: str, element: str) -> None:
    """Cannot answer when a shield in the element, on a card that may show one, would decide.

    Called where no active card of the player shows one (``shield``): an active character or
    booster card of his whose icons, shields among them, the sources do not give (nor the
    situation) may show one, and its icons are not ignored.
    """
    for card in forces.state.active(who):
        info = card.info
        if (
            card.zone in POWER_ZONES
            and (card.is_character or info.kind == "booster")
            and not card.face_down
            and not info.shields_known
            and forces.icon_ignored(card, "SHIELD") is None
        ):
            name = card.name.replace('"', '\\"')
            raise CannotAnswer(
                f'the sources give no shields for "{card.name}": a shield in {element} on it '
                "would spare its player matching the opponent's total power (a shield is an "
                f'icon); say which it shows ("{name}" has no shields, or "{name}" has an '
                f"{element} shield)"
            )


def power_short(forces: Forces, who: str) -> tuple[int, int, str] | None:
    """The player's and the opponent's total power when his falls short, else None.

    The player's and the opponent's current total power in the contested element, when his is the
    lower and no shield spares him matching it; with the element unknown, when it is the lower in
    both elements.
    """
    state = forces.state
    opponent = other(who)
    elements = [state.element] if state.element else ["fire", "earth"]
    short: list[tuple[int, int, str]] = []
    for element in elements:
        if shield(forces, who, element) is not None:
            continue
        theirs = _opponent_total(forces, opponent, element)
        if theirs <= 0:
            continue
        # His cards the situation does not name could only raise his total: its least decides
        # when it is enough.
        if total(forces, who, element, at_least=True) >= theirs:
            continue
        mine = total(forces, who, element)
        if mine < theirs:
            unknown_shield(forces, who, element)
            short.append((mine, theirs, element))
    if len(short) == len(elements):
        return short[0]
    if short:
        raise CannotAnswer(
            "whether the total power falls short depends on the contested "
            "element, which the situation does not state"
        )
    return None


def _opponent_total(forces: Forces, opponent: str, element: str) -> int:
    """The opponent's current total power (an announcement when no card is stated)."""
    announced = announced_only(forces.state, opponent)
    if announced is not None:
        return announced
    return total(forces, opponent, element)


# ---------------------------------------------------------------------- the start
def starter(state: State) -> str | None:
    """The player due to start the current fight (a decline passes it to the opponent)."""
    found: str | None = None
    for event in state.fight_events():
        if event.kind == "due_to_start":
            found = event.who
        elif event.kind == "decline" and event.who is not None:
            found = other(event.who)
        elif event.kind == "turn" and event.turn == state.first_turn_of and found is None:
            found = event.who  # no one stated or known due: the first turn's player
    return found


def fight_started(state: State, who: str) -> str | None:
    """Why the fight the player is due to start has started, or None.

    Why the fight has started: he has played a character card (cancelled or not), entering the
    Character phase, or his turn has gone past the Character phase. (A starting player in his
    Character phase without a character card to play declines instead.)
    """
    if state.turn_owner != who:
        return None
    earlier = _earlier_turn(state, who)
    if earlier is not None:
        return f"the player had a turn of this fight (line {earlier}) and did not decline"
    for event in state.events_of("play", who, this_turn=True):
        card = event.cards[0]
        if (
            card.info.kind in CHARACTER
            and not event.data.get("bluff")
            and not event.data.get("responding")
        ):
            return f'"{card.name}" was played as a character card'
    if state.current_phase > Step.CHARACTER:
        return f"the turn has reached its {state.current_phase.title} phase"
    return None


def _earlier_turn(state: State, who: str) -> int | None:
    """The line of an earlier turn of the player in this fight, on which he did not decline."""
    first = state.first_turn_of
    if first is None:
        return None
    declined = {e.turn for e in state.fight_events("decline", who)}
    for event in state.fight_events("turn", who):
        if first <= event.turn < state.turn and event.turn not in declined:
            return event.line
    return None


def lacks_character(state: State, who: str) -> bool | None:
    """Whether the player is known to hold no character card he could play."""
    return hand_lacks(state, who, frozenset(CHARACTER))
