"""The attractions of dragons on the current turn, each with why it happens.

Each event that makes a player attract dragons brings its own attractions (``dragons.Packet``): a
text acting at the beginning of the turn, a discard made "to attract one dragon", the call of a
bluff, a retreat (with the dragons due "even if you retreat"), the end of the Booster/Support phase
for a "you must discard …, or I attract" text, and the attractions a situation states. Before any
turn, the texts acting at the start of the game attract in game preparation. The attractions are
separate, so an interference card answering "exactly one dragon" takes one of them away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.bluffs import call_packets
from rulesq.games.bluemoon.judge.discards import discard_for_dragon
from rulesq.games.bluemoon.judge.dragons import (
    Packet,
    _phase_packets,
    _preparation_packets,
    retreat_packets,
    sirens_packets,
)
from rulesq.games.bluemoon.judge.forces import Forces, effects_of
from rulesq.games.bluemoon.judge.select import player_of
from rulesq.games.bluemoon.judge.state import MOST_DRAGONS, Step, new_event, state_after

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Source
    from rulesq.games.bluemoon.judge.state import Event, State


def turn_packets(forces: Forces) -> list[Packet]:
    """Every attraction of the current turn (and after its end), in the order they happen."""
    state = forces.state
    if state.turn_owner is None:
        return _preparation_packets(forces)
    found: list[Packet] = []
    last: list[Packet] = []
    used: set[Source] = set()
    phase_over = False
    cleared = [e for e in state.events_of("fight_ends") if e.seq in state.snapshots]
    began = any(
        e.kind == "phase" and e.turn == state.turn and e.data.get("step") == Step.BEGINNING_OF_TURN
        for e in state.events
    )
    for event in state.events:
        if event.turn != state.turn:
            continue
        # Dragons come before the areas are cleared at the end of the fight (rulebook p.9).
        later = [e for e in cleared if e.seq > event.seq]
        at = Forces(state.snapshots[later[0].seq]) if later else forces
        if event.kind in ("phase", "turn"):
            # A phase's texts act on the cards as the phase begins, not on those played since.
            at = Forces(state_after(state, event))
        try:
            made = _made_by(at, event, last)
            if not began and event.kind == "turn" and event.who == state.turn_owner:
                # A turn begins with its Beginning of Turn phase (rulebook p.6), stated or not:
                # its texts act on the cards as the turn begins.
                made += _phase_packets(at, _beginning(event))
        except CannotAnswer:
            if _won(state, found):
                break  # a fourth dragon won the game at once: nothing after it happens
            raise
        if not phase_over and _booster_support_over(event):
            phase_over = True
            made += sirens_packets(forces, None)
        made = [p for p in made if _first_time(p, used)]
        if event.kind == "attract":
            found = [p for p in found if p.who != event.who or not any(p is q for q in last)]
        elif event.kind == "interference_action":
            _answered(forces, event, found)
        for packet in made:
            packet.seq = event.seq
        found += made
        if made:
            last = made
    return found


def _beginning(turn: Event) -> Event:
    """The Beginning of Turn phase of a turn no line states it of, at the turn's start."""
    step = Step.BEGINNING_OF_TURN
    return new_event("phase", turn.who, turn.turn, step, turn.seq, data={"step": step})


def _won(state: State, found: list[Packet]) -> bool:
    """Whether the attractions so far give a player with three dragons a fourth (a win)."""
    for who, player in state.players.items():
        if player.dragons is None:
            continue
        since = player.dragons_seq or 0
        gained = sum(p.count for p in found if p.who == who and p.count and p.seq > since)
        if player.dragons + gained > MOST_DRAGONS:
            return True
    return False


def _first_time(packet: Packet, used: set[Source]) -> bool:
    """Whether a card text's attraction is new this turn (each text attracts once)."""
    if packet.usual != 0 or not packet.sources:
        return True
    if packet.sources[0] in used:
        return False
    used.add(packet.sources[0])
    return True


def _made_by(forces: Forces, event: Event, last: list[Packet]) -> list[Packet]:
    """The attractions one event brings about."""
    if event.kind == "retreat" and event.who is not None:
        return retreat_packets(forces, event.who) + sirens_packets(forces, event.who)
    if event.kind == "call_bluff":
        return call_packets(forces, event)
    if event.kind == "phase":
        return _phase_packets(forces, event)
    if event.kind == "discard":
        packet = _discard_purpose(forces, event)
        if packet is None:
            return []
        packet.usual = 0
        return [packet]
    if event.kind == "attract" and event.who is not None:
        stated = int(event.data.get("number", 1))
        earlier = [p for p in last if p.who == event.who]
        if not earlier:
            return [Packet(event.who, stated, "the situation says so", [], [])]
        packet = earlier[0]
        return [
            Packet(
                event.who,
                stated,
                f"{packet.reason} (the attraction the situation states)",
                list(packet.rules),
                list(packet.sources),
                packet.step,
                list(packet.beaten),
                packet.usual,
            )
        ]
    return []


def _booster_support_over(event: Event) -> bool:
    """Whether this event takes the turn past its Booster/Support phase."""
    if event.kind == "phase":
        step = event.data.get("step")
        return isinstance(step, Step) and step > Step.BOOSTER_SUPPORT
    return event.kind in ("announce", "turn_ends")


def _answered(forces: Forces, event: Event, found: list[Packet]) -> None:
    """An interference card saying "You do not attract the dragon" takes one attraction away."""
    effect = event.data.get("effect")
    if not isinstance(effect, fx.ActionEffect) or event.who is None or not event.cards:
        return
    card = event.cards[0]
    trigger = [s for s in effects_of(card) if isinstance(s.effect, fx.InterferenceTrigger)]
    for do in effect.dos:
        if do.mode is not a.Mode.DO_NOT or not any(isinstance(x, a.Attract) for x in do.acts):
            continue
        target = player_of(do.actor, event.who)
        for packet in reversed(found):
            if packet.who == target and packet.count == 1:
                packet.count = 0
                packet.usual = 0
                packet.reason += f'; but "{card.name}" takes that dragon away'
                packet.sources += trigger
                break


def packets_now(forces: Forces) -> list[Packet]:
    """The attractions the latest event of the situation brings about."""
    state = forces.state
    for event in reversed(state.fight_events()):
        if event.kind == "retreat":
            assert event.who is not None
            return retreat_packets(forces, event.who) + sirens_packets(forces, event.who)
        if event.kind == "call_bluff":
            return call_packets(forces, event)
        if event.kind == "attract":
            assert event.who is not None
            return [
                Packet(
                    event.who,
                    int(event.data.get("number", 1)),
                    event.text or "the situation says so",
                )
            ]
        if event.kind == "discard":
            found = _discard_purpose(forces, event)
            if found is not None:
                return [found]
            continue
        if event.kind == "phase":
            found_packets = _phase_packets(forces, event)
            if found_packets:
                return found_packets
            continue
        if event.kind in ("turn", "element", "ship_discarded", "turn_ends"):
            continue
        break
    return _preparation_packets(forces)


def _discard_purpose(forces: Forces, event: Event) -> Packet | None:
    """A discard made "to attract one dragon" ("Now I may discard … to attract one dragon")."""
    return discard_for_dragon(forces, event)


def single_dragon_pending(state: State, who: str) -> bool:
    """Whether ``who`` is attracting exactly one dragon in one attraction just now.

    The attractions are separate (one for a retreat, one for an unmet "or I attract" text), so
    any one of them of exactly one dragon counts.
    """
    forces = Forces(state)
    return any(p.who == who and p.count == 1 for p in packets_now(forces))
