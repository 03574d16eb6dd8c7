"""What forces a player to retreat: card texts, then the game rules (rulebook p.7; FAQ).

A player retreats in his Retreat from Fight? phase, when he cannot or does not want to go on. He
must retreat when he cannot play a character card (the starting player declines instead), when a
text's "you must …, or retreat" is not met by the end of his Booster/Support phase or can no longer
be met (he backtracks to his Retreat from Fight? phase), when his total power stays below the
opponent's with no further card to play, when an interference card cancels his card and he cannot
play a replacement, when his bluff is called successfully, and right after the end of the
opponent's turn when a text says "you must immediately retreat". A text that lets or makes him
retreat does so outside the Retreat from Fight? phase and on the first turn of a fight too (card
instructions supersede the game rules).
"""

from __future__ import annotations

from copy import copy
from itertools import combinations
from typing import TYPE_CHECKING

from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.bluff_plays import play_ruling as bluff_play
from rulesq.games.bluemoon.judge.bluffs import losing
from rulesq.games.bluemoon.judge.discards import satisfies
from rulesq.games.bluemoon.judge.fight import (
    attack_again,
    attacked,
    hand_lacks,
    lacks_character,
    no_more_cards,
    play_ruling,
    power_short,
    probe,
)
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.permits import by_text
from rulesq.games.bluemoon.judge.plays import PlayJudge
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import Step, Zone, hand_current
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Event, Instance, State

#: A selector with nothing in it (immutable): selectors made here are copies of it with their
#: fields given, made without ``__init__`` (``rulesq.frozen.replace``).
_NO_FILTER = Cards()


def _retreats(do: a.Do | None) -> bool:
    return do is not None and any(isinstance(x, a.Retreat) for x in do.acts)


# ---------------------------------------------------------------------- forced by card text
def immediate(forces: Forces, who: str) -> Ruling | None:
    """Text "… after the end of my turn, then you must immediately retreat", when it holds."""
    state = forces.state
    for source in forces.effects(fx.Obligation):
        effect = source.effect
        assert isinstance(effect, fx.Obligation)
        when = effect.when
        if not _retreats(effect.do) or who not in players_of(effect.do.actor, source.controller):
            continue
        if when is None or when.kind is not W.AFTER_END_OF_TURN:
            continue
        if not state.turn_over or state.turn_owner not in players_of(when.role, source.controller):
            continue
        if effect.condition is not None and not holds(effect.condition, source.controller, forces):
            continue
        return by_text(
            source,
            f'the turn of "{source.card.name}"\'s player has ended and its '
            f"condition holds: {source.quote}",
            R.IMMEDIATE_RETREAT,
            R.SUPERSEDE,
        )
    return None


def called(forces: Forces, who: str) -> Ruling | None:
    """A call of the player's bluff that succeeds makes him retreat."""
    for event in forces.state.events_of("call_bluff", this_turn=True):
        if event.data.get("bluffer") != who:
            continue
        lost, why = losing(forces, list(event.cards), who)
        if lost:
            return yes(
                f"the bluff was called and loses ({why}): the bluffer retreats",
                R.BLUFF_LOSING,
                R.BLUFF_CALL,
            )
    return None


def replacement_due(forces: Forces, who: str) -> tuple[Source, Event, Instance | None] | None:
    """An unmet "You must play a replacement or retreat" of an interference card this turn."""
    state = forces.state
    for event in state.events_of("obligation", who, this_turn=True):
        effect = event.data.get("effect")
        if not isinstance(effect, fx.Obligation) or not _retreats(effect.otherwise):
            continue
        card = event.cards[0]
        if card.cancelled:
            continue  # the interference card was itself cancelled (by another one)
        triggers = [s for s in effects_of(card) if isinstance(s.effect, fx.InterferenceTrigger)]
        target = _cancelled_before(state.events, event)
        kind = target.info.kind if target is not None else "character"
        replaced = [
            e
            for e in state.events_of("play", who, this_turn=True)
            if e.seq > event.seq and e.cards[0].info.kind == kind and not e.cards[0].cancelled
        ]
        if triggers and not replaced:
            return triggers[0], event, target
    return None


def _cancelled_before(events: list[Event], event: Event) -> Instance | None:
    cancels = [e for e in events if e.kind == "cancel" and e.seq < event.seq]
    return cancels[-1].cards[1] if cancels and len(cancels[-1].cards) > 1 else None


def replacement(forces: Forces, who: str) -> Ruling | None:
    """He must retreat when he cannot play the replacement an interference card asks for."""
    due = replacement_due(forces, who)
    if due is None:
        return None
    source, _event, target = due
    kind = target.info.kind if target is not None else "character"
    ruling = play_ruling(forces.state, who, kind)
    lacks = hand_lacks(forces.state, who, frozenset({kind}))
    if ruling.allowed and not lacks:
        return None
    why = ruling.reason if not ruling.allowed else f"the player holds no {kind} card"
    out = by_text(
        source,
        f'"{source.card.name}": {source.quote}; the player cannot play a replacement ({why})',
        R.INTERFERENCE_RESPOND,
        R.SUPERSEDE,
    )
    out.cite(*ruling.rules)
    out.sources += ruling.sources
    return out


# ---------------------------------------------------------------------- forced by the rules
def no_character(forces: Forces, who: str) -> Ruling | None:
    """The player must retreat when he cannot play a character card (nor attack otherwise)."""
    state = forces.state
    if state.turn_owner != who or state.turn_over or attacked(forces, who):
        return None
    if state.current_phase > Step.CHARACTER:
        return None
    ruling = play_ruling(state, who, "character")
    if not ruling.allowed:
        out = yes(
            f"the player cannot play a character card: {ruling.reason}",
            R.MUST_PLAY_CHARACTER,
            R.NO_CHARACTER_RETREAT,
            sources=ruling.sources,
            step=ruling.step,
        )
        out.cite(*ruling.rules)
        out.beaten = ruling.beaten
        if any(True for _ in state.events_of("land", who, this_turn=True)):
            out.negatives.append("the landed ships hold only the cards the situation names")
        return out
    if lacks_character(state, who) and _leadership_done(forces, who):
        return yes(
            "the player holds no character card to play",
            R.MUST_PLAY_CHARACTER,
            R.NO_CHARACTER_RETREAT,
        )
    return None


def _leadership_done(forces: Forces, who: str) -> bool:
    """Whether no Leadership phase card can still bring him a character card or an attack."""
    state = forces.state
    if state.current_phase >= Step.RETREAT_FROM_FIGHT or state.hand_size(who) == 0:
        return True
    return not play_ruling(state, who, "leadership").allowed


def retreat_obligations(forces: Forces, who: str) -> list[Source]:
    """The "you must …, or retreat" texts in force that ask something of the player now."""
    state = forces.state
    if state.turn_owner != who:
        return []
    found = []
    for source in forces.effects(fx.Obligation):
        effect = source.effect
        assert isinstance(effect, fx.Obligation)
        when = effect.when
        if not _retreats(effect.otherwise) or who not in players_of(
            effect.do.actor, source.controller
        ):
            continue
        if when is not None and (
            when.kind is W.AFTER_END_OF_TURN
            or when.role is not None
            and who not in players_of(when.role, source.controller)
        ):
            continue
        if effect.condition is not None and not holds(effect.condition, source.controller, forces):
            continue
        found.append(source)
    return found


def obligations(forces: Forces, who: str) -> Ruling | None:
    """A "you must …, or retreat" text missed by the end of his Booster/Support phase."""
    state = forces.state
    for source in retreat_obligations(forces, who):
        if done(forces, who, source) is not None:
            continue
        if state.turn_over or state.current_phase > Step.BOOSTER_SUPPORT:
            return yes(
                f'"{source.card.name}" was not satisfied by the end of the '
                f"Booster/Support phase: {source.quote}",
                R.OBLIGATION_CHECKED,
                R.OBLIGATION_BACKTRACK,
                sources=[source],
            )
        blocked = _blocked(forces, who, source)
        if blocked is not None:
            out = yes(
                f'"{source.card.name}" can no longer be satisfied ({blocked.reason}): '
                f"{source.quote}",
                R.OBLIGATION_CHECKED,
                sources=[source],
            )
            out.cite(*blocked.rules)
            out.sources += blocked.sources
            return out
    return None


def done(forces: Forces, who: str, source: Source) -> Ruling | None:
    """How the player did this turn what an obligation asks (a play, a discard), or None."""
    effect = source.effect
    assert isinstance(effect, fx.Obligation)
    state = forces.state
    for act in effect.do.acts:
        if isinstance(act, a.Play):
            for event in state.events_of("play", who, this_turn=True):
                card = event.cards[0]
                if card.cancelled or event.data.get("responding"):
                    continue
                seen = copy(card)
                seen.face_down = bool(event.data.get("bluff"))
                seen.zone = Zone.HAND
                if not matches(_plain(act.cards), seen, source.controller, None):
                    continue
                if seen.face_down:
                    return yes(
                        f'"{card.name}" was played as a bluff card, which is the play '
                        "of a support card",
                        R.BLUFF_PLAY,
                    )
                ruling = yes(f'"{card.name}" was played this turn')
                if card.zone is not Zone.COMBAT and card.zone is not Zone.SUPPORT:
                    ruling.reason += " (it has been discarded since, but it was played)"
                return ruling
        elif isinstance(act, a.Discard):
            cards = [
                c
                for e in state.events_of("discard", who, this_turn=True)
                if e.data.get("where") == "hand"
                for c in e.cards
            ]
            if cards and satisfies(forces, act.cards, cards, source.controller):
                names = ", ".join(f'"{c.name}"' for c in cards)
                return yes(f"{names} discarded this turn", R.DISCARD_INDEPENDENTLY)
    return None


def _plain(cards: object) -> Cards:
    """The kind of card an obligation names, where it is aside."""
    if isinstance(cards, Cards):
        return replace(_NO_FILTER, types=cards.types, family=cards.family, icon=cards.icon)
    return _NO_FILTER


def _blocked(forces: Forces, who: str, source: Source) -> Ruling | None:
    """Why the play an obligation asks for can no longer be made this turn, or None."""
    effect = source.effect
    assert isinstance(effect, fx.Obligation)
    state = forces.state
    for act in effect.do.acts:
        whole = _whole_hand(state, who)
        if isinstance(act, a.Discard) and whole is not None:
            if not _meets(forces, act, whole, source.controller):
                return no("the cards in the player's hand cannot meet it")
            continue
        if not isinstance(act, a.Play) or not isinstance(act.cards, Cards) or not act.cards.types:
            return None
        kinds = [t.value for t in act.cards.types]
        rulings = [play_ruling(state, who, kind) for kind in kinds]
        if "support" in kinds:
            judge = PlayJudge(state, first_turn=state.is_first_turn)
            rulings.append(judge.can_play(probe("character", who), who, bluff=True))
        allowed = [r for r in rulings if r.allowed]
        if not allowed:
            return rulings[0]
        if hand_lacks(state, who, frozenset(kinds)) and (
            "support" not in kinds or state.hand_size(who) == 0
        ):
            return no(f"the player holds no {' or '.join(kinds)} card")
        if "support" in kinds and hand_lacks(state, who, frozenset(kinds)) and whole is not None:
            # The whole hand is known: a character card is the play of a support card only
            # face down, with a BLUFF icon (Buka Invasion rulesheet).
            cards = [*whole, *_landed_cargo(state, who)]
            first = state.is_first_turn
            if not any(bluff_play(state, card, who, first).allowed for card in cards):
                return no(
                    f"the player holds no {' or '.join(kinds)} card, and no card in hand can "
                    "be played face down as a bluff card"
                )
    return None


def supplied(forces: Forces, who: str, source: Source) -> bool:
    """Whether the hand (or a landed ship) is known to hold the cards an obligation asks for.

    For a play, a card of the kind it names, or for a support card one that can be played face
    down as a bluff card (the play of a support card, Buka Invasion rulesheet); for a discard,
    cards of the hand that meet it.
    """
    effect = source.effect
    assert isinstance(effect, fx.Obligation)
    state = forces.state
    for act in effect.do.acts:
        if isinstance(act, a.Discard):
            if _meets(forces, act, state.hand(who), source.controller):
                return True
            continue
        if not isinstance(act, a.Play) or not isinstance(act.cards, Cards) or not act.cards.types:
            continue
        kinds = frozenset(t.value for t in act.cards.types)
        if hand_lacks(state, who, kinds) is False:
            return True
        if "support" in kinds:
            cards = [*state.hand(who), *_landed_cargo(state, who)]
            first = state.is_first_turn
            if any(bluff_play(state, card, who, first).allowed for card in cards):
                return True
    return False


def _meets(forces: Forces, act: a.Discard, hand: list[Instance], controller: str) -> bool:
    """Whether some of these cards in hand, discarded, meet the discard a text asks for."""
    return any(
        satisfies(forces, act.cards, list(cards), controller)
        for size in range(1, len(hand) + 1)
        for cards in combinations(hand, size)
    )


def _whole_hand(state: State, who: str) -> list[Instance] | None:
    """The player's hand card by card, when the situation gives all of it (else None)."""
    player = state.player(who)
    if not hand_current(state, who):
        return None
    if player.hand_exact or state.hand_size(who) == 0:
        return state.hand(who)
    return None


def _landed_cargo(state: State, who: str) -> list[Instance]:
    """The cards on the player's landed ships (played as if from the hand)."""
    return [
        c
        for c in state.owned(who, frozenset({Zone.CARGO}))
        if c.ship is not None and c.ship.zone is Zone.LANDED
    ]


def power(forces: Forces, who: str) -> Ruling | None:
    """His total power stays below the opponent's and he can play no further card."""
    state = forces.state
    if state.turn_owner != who or state.turn_over or not attacked(forces, who):
        return None
    player = state.player(who)
    if player.announced_turn == state.turn:
        return None  # matched when announced: the current total power counts only then
    why = no_more_cards(state, who) or _nothing_to_play(state, who)
    if why is None:
        return None
    short = power_short(forces, who)
    if short is None:
        return None
    mine, theirs, element = short
    ruling = yes(
        f"{why}, so the player's total power stays {mine} in {element}, below the "
        f"opponent's {theirs}: it cannot be matched",
        R.MATCH_OPPONENT,
        R.CURRENT_TOTAL_POWER,
        R.OBLIGATION_BACKTRACK,
    )
    again = attack_again(forces, who)
    if again is not None:
        ruling.sources.append(again)
        ruling.cite(R.ATTACK_AGAIN)
    return ruling


def _nothing_to_play(state: State, who: str) -> str | None:
    """Why the player has no card left to play this turn: none in hand, none on a landed ship."""
    if state.hand_size(who) != 0 or not hand_current(state, who) or _landed_cargo(state, who):
        return None
    return "the player holds no cards in hand, nor on a landed ship, to play"


# ---------------------------------------------------------------------- all of them
FORCED_BY_TEXT: tuple[Callable[[Forces, str], Ruling | None], ...] = (
    immediate,
    called,
    replacement,
)
FORCED_BY_RULES: tuple[Callable[[Forces, str], Ruling | None], ...] = (
    no_character,
    obligations,
    power,
)
