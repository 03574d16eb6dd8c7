"""Interference cards: played from hand in answer to the opponent's action.

The card's own "I may play this card when …" names the action it answers (E&I rulesheet).

The trigger is a text read while the card is in hand, so an effect ignoring the player's special
power texts at that moment stops the card; the moment is just before the action it
answers.
"""

from __future__ import annotations

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.attractions import single_dragon_pending
from rulesq.games.bluemoon.judge.cards import LEADERSHIP_PHASE_KINDS
from rulesq.games.bluemoon.judge.claims import Stance, effect_claim, rule_claim
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.overruled import ignoring, settle
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches
from rulesq.games.bluemoon.judge.state import Event, Instance, State, Zone, new_instance, other
from rulesq.games.bluemoon.selectors import Cards, DragonCount, Dragons, Q, Quantity
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import CardType, Role


def trigger_ruling(forces: Forces, card: Instance, who: str) -> Ruling:
    """May ``who`` play the interference card ``card`` now?"""
    state = forces.state
    triggers = [s for s in effects_of(card) if isinstance(s.effect, fx.InterferenceTrigger)]
    if not triggers:
        return no(
            f'"{card.name}" has no "I may play this card when ..." text', R.INTERFERENCE_RESPOND
        )
    source = triggers[0]
    effect = source.effect
    assert isinstance(effect, fx.InterferenceTrigger)
    event = last_action(state, other(who))
    check_trigger(effect.event)
    if any(isinstance(act, a.Attract) for act in effect.event.acts):
        if not single_dragon_pending(state, other(who)):
            return no(
                f'"{card.name}" answers only this: {trigger_words(source)}; no such '
                "attraction is due now",
                R.INTERFERENCE_RESPOND,
                sources=[source],
            )
    elif event is None or not answers(effect.event, event, state, who):
        return no(
            f'"{card.name}" answers only this: {trigger_words(source)}; that has not just happened',
            R.INTERFERENCE_RESPOND,
            sources=[source],
        )
    before = (
        state.snapshots.get(event.seq, state)
        if event is not None and event.kind == "play"
        else state
    )
    probe = new_instance(card.uid, card.info, who, Zone.HAND)
    why = Forces(before).text_ignored(probe)
    reason = f'"{card.name}" answers this action: {trigger_words(source)}'
    by_text = played_by_text(event)
    if why is None and by_text is not None:
        played = event.cards[0].name if event is not None else ""
        return yes(
            f'"{by_text.card.name}" has its player play "{played}" ({by_text.quote}), so ' + reason,
            R.INTERFERENCE_RESPOND,
            sources=[by_text, source],
        )
    if why is None:
        return yes(reason, R.INTERFERENCE_RESPOND, sources=[source])
    answer = effect_claim(Stance.PERMIT, source, reason, R.INTERFERENCE_RESPOND)
    fallback = rule_claim(
        Stance.FORBID,
        f'"{card.name}"\'s text is ignored (by '
        f'"{why.source.card.name}") when the action happens, so it gives no '
        "permission to play it",
        R.IGNORING,
        R.INTERFERENCE_RESPOND,
        default=True,
    )
    return settle([answer, ignoring(why, card), fallback]).ruling


def played_by_text(event: Event | None) -> Source | None:
    """The card text that had its player play the card of a play event, if one did."""
    if event is None or event.kind != "play":
        return None
    found = event.data.get("by_text")
    return found if isinstance(found, Source) else None


def trigger_words(source: Source) -> str:
    """The trigger part of the card text."""
    return source.quote.split(":")[0]


def last_action(state: State, who: str) -> Event | None:
    """The most recent action of a player that an interference card could answer.

    The effects of the player's own interference card (the card it cancels, the obligation it
    makes) apply only after the window to answer its play (BM FAQ, Interference Cards): the
    play is still the action answered.
    """
    applying: set[int] = set()
    for event in reversed(state.events):
        if event.kind in ("phase", "turn", "element", "ship_discarded"):
            continue
        if _effect_of_interference(event, who):
            applying.add(event.cards[0].uid)
            continue
        if applying and event.kind == "play" and event.cards[0].uid in applying:
            return event
        if event.kind == "play" and event.who != who:
            return None
        if event.kind in ("call_bluff",) or (event.kind == "play" and event.who == who):
            return event
        if event.who == who and event.kind in ("announce", "retreat", "attract"):
            return event
        if event.kind == "cancel":
            return None
        if event.who != who:
            return None
    return None


def _effect_of_interference(event: Event, who: str) -> bool:
    """Whether an event is what a player's interference card does (cancel, obligation)."""
    if event.kind not in ("cancel", "obligation") or not event.cards:
        return False
    source = event.cards[0]
    return source.info.kind == "interference" and source.owner == who


#: "your first character card on your turn": the one "first" card a trigger can name.
FIRST_CHARACTER = Cards(
    Quantity(Q.DEFINITE),
    owner=Role.OPPONENT,
    types=(CardType.CHARACTER,),
    first=True,
    turn=When(W.ON_TURN, Role.OPPONENT),
)


def check_trigger(trigger: a.Do) -> None:
    """Raise ``CannotAnswer`` for a trigger whose action the judge does not follow."""
    for act in trigger.acts:
        if (
            isinstance(act, a.Play)
            and isinstance(act.cards, Cards)
            and act.cards.first
            and act.cards != FIRST_CHARACTER
        ):
            raise CannotAnswer(f'rulesq cannot yet follow the trigger "{trigger.render()}"')
        if isinstance(act, a.Attract) and act.dragons != Dragons(DragonCount.EXACTLY, 1):
            raise CannotAnswer(f'rulesq cannot yet follow the trigger "{trigger.render()}"')
        if not isinstance(act, a.Play | a.AnnouncePower | a.Attract | a.Retreat):
            raise CannotAnswer(f'rulesq cannot yet follow the trigger "{trigger.render()}"')


def answers(trigger: a.Do, event: Event, state: State, controller: str) -> bool:
    """Whether an action is the one a trigger names (``controller`` plays the card)."""
    check_trigger(trigger)
    who = other(controller)
    for act in trigger.acts:
        if isinstance(act, a.Play) and event.kind == "play":
            card = event.cards[0]
            if event.data.get("bluff"):
                return False
            if isinstance(act.cards, Cards) and act.cards.first:
                return _first_character(state, event, who)
            if matches(act.cards, card, controller, None):
                return True
        if isinstance(act, a.AnnouncePower) and event.kind == "announce":
            return True
        if isinstance(act, a.Retreat) and event.kind == "retreat":
            return True
        if isinstance(act, a.Attract):
            return single_dragon_pending(state, who)
    return False


def _first_character(state: State, event: Event, who: str) -> bool:
    """Text "your first character card on your turn": the turn's first character play."""
    card = event.cards[0]
    if not card.is_character or state.turn_owner != who:
        return False
    for other_event in state.events_of("play", who, this_turn=True):
        if other_event.cards[0].is_character and not other_event.data.get("bluff"):
            return other_event is event
    return False


def cancelled_leadership(state: State, who: str) -> Instance | None:
    """The Leadership phase card ``who`` played this turn that an interference card cancelled."""
    for event in state.events_of("play", who, this_turn=True):
        card = event.cards[0]
        if card.info.kind in LEADERSHIP_PHASE_KINDS and card.cancelled:
            return card
    return None


def cancelled_leadership_note(card: Instance) -> Ruling:
    """Why a cancelled Leadership phase card leaves the turn's Leadership phase card unused."""
    return yes(
        f'"{card.name}" was cancelled: a cancelled Leadership phase card does not count as played',
        R.CANCELLED_LEADERSHIP_NOT_PLAYED,
        R.ONE_LEADERSHIP_PHASE_CARD,
    )
