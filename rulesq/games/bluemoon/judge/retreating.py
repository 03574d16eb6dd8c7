"""Whether a player must retreat now, or may (rulebook p.7, Retreat from Fight; FAQ).

The checks that force a retreat are in ``retreats``: card texts first (they may force a retreat
outside the Retreat from Fight? phase and on the first turn of a fight), then the game rules; a
starting player who cannot play a character card declines instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.fight import (
    attack_again,
    attacked,
    fight_started,
    lacks_character,
    no_more_cards,
    play_ruling,
    power_short,
    shield,
    starter,
)
from rulesq.games.bluemoon.judge.permits import by_text, permitted
from rulesq.games.bluemoon.judge.retreats import (
    FORCED_BY_RULES,
    FORCED_BY_TEXT,
    done,
    no_character,
    replacement_due,
    retreat_obligations,
    supplied,
)
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.state import Step

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces


def must_retreat(forces: Forces, who: str) -> Ruling:
    """Whether the player must retreat now."""
    state = forces.state
    player = state.player(who)
    if player.retreated or state.fight_over:
        return no("the player has already retreated: the fight is over", R.ANNOUNCE_RETREAT)
    for check in FORCED_BY_TEXT:
        found = check(forces, who)
        if found is not None:
            return found
    if state.turn_owner != who or state.turn_over:
        return no(
            "a player retreats on his own turn, in his Retreat from Fight? phase, and "
            "no card text forces this player to retreat now",
            R.RETREAT_PHASE_ONLY,
        )
    if starter(state) == who and state.is_first_turn and fight_started(state, who) is None:
        forced = no_character(forces, who)
        if forced is not None:
            ruling = no(
                "the player is starting the fight: without a character card to play, "
                f"he declines to start it instead ({forced.reason})",
                R.NO_CHARACTER_RETREAT,
                R.STARTER_DECLINES,
                sources=forced.sources,
            )
            ruling.cite(*forced.rules)
            return ruling
    for check in FORCED_BY_RULES:
        found = check(forces, who)
        if found is not None:
            return found
    return _not_forced(forces, who)


def _not_forced(forces: Forces, who: str) -> Ruling:
    """Why nothing forces the player to retreat now: what he can still do, what he has met."""
    state = forces.state
    parts: list[str] = []
    ruling = no("", R.ANNOUNCE_RETREAT)
    again = attack_again(forces, who)
    if again is not None:
        parts.append(
            f'"{again.card.name}" lets the active cards attack again without a character card'
        )
        ruling.sources.append(again)
        ruling.cite(R.ATTACK_AGAIN, R.SUPERSEDE)
    elif attacked(forces, who):
        parts.append("a character card has been played this turn")
    elif (started := _first_turn_started(forces, who)) is not None:
        # Past the Character phase of the fight's first turn, its starter played a character
        # card (or he would have declined instead): no rule has him retreat on that turn (a
        # text that does, such as a replacement due, is read before).
        parts.append(
            f"the player started the fight on this, its first turn ({started}): the rules "
            "do not usually allow a retreat on the first turn of a fight"
        )
        ruling.cite(R.FIGHT_STARTED, R.FIRST_TURN_RETREAT)
    else:
        if state.current_phase > Step.CHARACTER:
            # No character card played this turn, and its Character phase is over: a player
            # who plays none retreats then, unless the situation left the play out.
            raise CannotAnswer(
                f"the turn is past its Character phase ({state.current_phase.title}) and the "
                "situation plays no character card on it: a player who plays none retreats, "
                "unless one was played and the situation does not say so (write the play, "
                'e.g. I play "…", before the phase)'
            )
        can = play_ruling(state, who, "character")
        replacing = "a replacement " if replacement_due(forces, who) is not None else "a "
        parts.append(f"{replacing}character card can still be played")
        ruling.cite(R.MUST_PLAY_CHARACTER, *can.rules)
        ruling.sources += can.sources
        if any(
            e.data.get("icon") == "REPLACE"
            for e in state.events_of("use_icon", who, this_turn=True)
        ):
            parts.append(
                "discarding a card with its REPLACE icon is not playing it (its text "
                "is not read out)"
            )
            ruling.cite(R.REPLACE, R.READ_OUT)
        if lacks_character(state, who) is None:
            if starter(state) == who and state.is_first_turn and fight_started(state, who) is None:
                # Without a character card he declines to start the fight instead: no either way.
                parts[-1] += ", or else the player, starting the fight, declines instead"
                ruling.cite(R.STARTER_DECLINES)
            else:
                raise CannotAnswer(_hand_decides(forces, who, "a character card to play"))
    for source in retreat_obligations(forces, who):
        met = done(forces, who, source)
        ruling.sources.append(source)
        if met is not None:
            parts.append(f'"{source.card.name}" is satisfied: {met.reason}')
            ruling.cite(*met.rules)
        elif not supplied(forces, who, source):
            raise CannotAnswer(
                _hand_decides(
                    forces, who, f'the cards "{source.card.name}" asks for ({source.quote})'
                )
            )
        else:
            parts.append(f'"{source.card.name}" can still be satisfied this turn')
            ruling.cite(R.OBLIGATION_CHECKED)
    if attacked(forces, who) and state.player(who).announced_turn == state.turn:
        parts.append("the total power matched the opponent's when announced")
        ruling.cite(R.CURRENT_TOTAL_POWER)
    elif attacked(forces, who) and no_more_cards(state, who) is not None:
        guard = shield(forces, who, state.element) if state.element else None
        if guard is not None:
            parts.append(
                f'"{guard.name}" has a shield in {state.element}, the contested '
                "element: the opponent's total power need not be matched"
            )
            ruling.cite(R.SHIELD)
        else:
            parts.append("the total power is not below the opponent's")
            ruling.cite(R.MATCH_OPPONENT)
    elif attacked(forces, who):
        short = power_short(forces, who)
        if short is not None:
            mine, theirs, element = short
            raise CannotAnswer(
                f"his total power in {element} is {mine}, below the opponent's {theirs}, and he "
                "must match it when he announces his power or retreat: whether he must "
                "rests on the cards he can still play this turn, which the situation does not "
                "give (say that he has no cards in hand, or give the cards he plays)"
            )
    ruling.reason = "nothing forces a retreat: " + "; ".join(parts)
    return ruling


def _first_turn_started(forces: Forces, who: str) -> str | None:
    """Why the fight the player starts on this, its first turn, is past its Character phase.

    None when it is not (a replacement a text asks for may still be due in it).
    """
    state = forces.state
    if starter(state) != who or not state.is_first_turn or state.current_phase <= Step.CHARACTER:
        return None
    return fight_started(state, who)


def _hand_decides(forces: Forces, who: str, what: str) -> str:
    """Why a retreat resting on the hand is not answered: the situation does not say it holds it."""
    due = replacement_due(forces, who)
    if due is not None and what.startswith("a character card"):
        what = f'a character card to replace the one "{due[0].card.name}" cancelled'
    return (
        f"whether the player must retreat rests on his hand holding {what}, which the situation "
        "does not say (name the card in his hand, or say that he has none)"
    )


def can_retreat(forces: Forces, who: str) -> Ruling:
    """Whether the player may retreat now: the texts on retreating, then the rules."""
    return permitted(forces, who, a.Retreat(), base=lambda: _retreat_rules(forces, who))


def _retreat_rules(forces: Forces, who: str) -> Ruling:
    """What the rules (and the texts that force a retreat) say of retreating now."""
    state = forces.state
    player = state.player(who)
    if player.retreated or state.fight_over:
        return no("the player has already retreated: the fight is over", R.ANNOUNCE_RETREAT)
    if player.declined and state.turn_owner == who:
        return no(
            "the player declined to start the fight: there is no fight to retreat from",
            R.DECLINE_OR_RETREAT,
            R.DECLINE_NOT_FIGHT_END,
        )
    for check in FORCED_BY_TEXT:
        found = check(forces, who)
        if found is not None:
            return found
    due = replacement_due(forces, who)
    if due is not None:
        source = due[0]
        ruling = by_text(
            source, f'"{source.card.name}" lets the player retreat: {source.quote}', R.SUPERSEDE
        )
        if state.is_first_turn:
            ruling.cite(R.FIRST_TURN_RETREAT)
        elif state.current_phase > Step.RETREAT_FROM_FIGHT:
            ruling.cite(R.RETREAT_PHASE_ONLY)
        return ruling
    if state.turn_owner != who or state.turn_over:
        return no(
            "a player retreats on his own turn, in his Retreat from Fight? phase",
            R.RETREAT_PHASE_ONLY,
            R.ALTERNATE_TURNS,
        )
    if state.is_first_turn and starter(state) == who:
        return no(
            "the player is starting the fight: on its first turn he may decline to "
            "start it, not retreat",
            R.DECLINE_OR_RETREAT,
            R.STARTER_DECLINES,
        )
    started = _past_retreat_phase(forces, who)
    if started is None:
        ruling = yes(
            "the player's Retreat from Fight? phase has not passed: a retreat may be announced",
            R.ANNOUNCE_RETREAT,
            R.RETREAT_PHASE_ONLY,
        )
        if no_more_cards(state, who) is not None:
            ruling.cite(R.STOP_DOES_NOT_PREVENT_RETREAT)
        return ruling
    for check in FORCED_BY_RULES:
        found = check(forces, who)
        if found is not None:
            found.reason = f"{started}, but the player must retreat: {found.reason}"
            found.cite(R.OBLIGATION_BACKTRACK)
            if any(e.data.get("stop") for e in state.events_of("play", who, this_turn=True)):
                found.cite(R.STOP_DOES_NOT_PREVENT_RETREAT)
            return found
    return no(
        f"{started}: a player retreats only in his Retreat from Fight? phase",
        R.RETREAT_PHASE_ONLY,
        R.ANNOUNCE_RETREAT,
    )


def _past_retreat_phase(forces: Forces, who: str) -> str | None:
    """Why the player's Retreat from Fight? phase is over this turn, or None."""
    state = forces.state
    for event in state.events_of("play", who, this_turn=True):
        if event.cards[0].is_character and not event.data.get("responding"):
            return f'"{event.cards[0].name}" has been played in the Character phase'
    if state.current_phase > Step.RETREAT_FROM_FIGHT:
        return f"the turn has reached its {state.current_phase.title} phase"
    return None
