"""Disclosed cards: a hand disclosed by a "now" text as it is played.

The cards in the hand when the text acts stay disclosed until they are used (rulebook p.18); cards
taken into the hand later are not ("now" texts act only when played). An opponent allowed to draw
from a disclosed hand may select the disclosed cards.
"""

from __future__ import annotations

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.forces import Forces, Source
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.state import Event, Instance, State, Zone, state_after
from rulesq.games.bluemoon.times import W


def disclosures(state: State, forces: Forces, owner: str) -> list[tuple[Event, Source]]:
    """The plays whose "now" text disclosed the owner's hand."""
    out = []
    for event in state.events_of("play"):
        card = event.cards[0]
        if card.cancelled:
            continue
        after = state_after(state, event)
        acting = Forces(after).in_force(_twin(after, card), in_hand=True)
        for source in acting:
            effect = source.effect
            if (
                not isinstance(effect, fx.ActionEffect)
                or effect.when is None
                or effect.when.kind is not W.NOW
            ):
                continue
            for do in effect.dos:
                for act in do.acts:
                    if isinstance(act, a.Disclose) and owner in players_of(
                        act.place.owner, source.controller
                    ):
                        out.append((event, Source(card, source.effect, source.index)))
    return out


def _twin(state: State, card: Instance) -> Instance:
    for candidate in state.cards:
        if candidate.uid == card.uid:
            return candidate
    return card


def disclosed(state: State, forces: Forces, card: Instance) -> Event | None:
    """The disclosing play that left this card in hand disclosed, if any.

    A card taken into the hand (drawn, retrieved) after the disclosure is not disclosed; a card the
    situation first mentions in hand only after it may have been there all along: *cannot answer*.
    """
    if card.zone is not Zone.HAND:
        return None
    for event, _ in disclosures(state, forces, card.owner):
        taken = [
            e
            for e in state.events
            if e.seq > event.seq and card in e.cards and e.kind in ("draw", "retrieve")
        ]
        if taken:
            continue
        if card.seq < event.seq:
            return event
        raise CannotAnswer(
            f'the situation names "{card.name}" in hand only after the hand was '
            "disclosed; whether it was in the hand then is not stated"
        )
    return None


#: What a player does that may take disclosed cards out of his hand.
HAND_USES = frozenset({"play", "discard", "load", "use_icon", "turn"})


def counted_disclosure(
    state: State, forces: Forces, owner: str, until: int | None = None
) -> Instance | None:
    """The card that disclosed a hand known only by its count, its cards still in it; or None.

    Disclosed cards stay disclosed until used (rulebook p.18). Looks at disclosures before the
    moment ``until`` (an event's seq; None: now). When the owner may have used some since (a play,
    a discard, a turn of his), or the hand's size then is not stated, whether any is left is not
    known: *cannot answer*. A hand whose cards are all named is read card by card instead.
    """
    if state.player(owner).hand_exact:
        return None
    end = state.seq + 1 if until is None else until
    for event, _ in reversed(disclosures(state, forces, owner)):
        if event.seq >= end:
            continue
        size = state.snapshots.get(event.seq, state).hand_size(owner)
        if size == 0:
            continue
        used = [
            e
            for e in state.events
            if event.seq < e.seq < end and e.who == owner and e.kind in HAND_USES
        ]
        card = event.cards[0]
        if size is None or used:
            raise CannotAnswer(
                f'"{card.name}" disclosed the hand earlier; the situation does '
                "not say whether any of the disclosed cards is still in it"
            )
        return card
    return None
