"""Declining to start a fight, and who starts the next one (rulebook p.9; FAQ, Start of Fight).

The player due to start a fight may, in his Retreat from Fight? phase, decline to start it instead
of retreating (never both); once he has played a character card the fight has started. On the first
turn of the fight a starting player without a character card to play must decline. Declining is
not the end of a fight, and passes the start to the opponent; the player who retreated from a fight
starts the next one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.fight import fight_started, lacks_character, starter
from rulesq.games.bluemoon.judge.game_end import game_ends, winner
from rulesq.games.bluemoon.judge.permits import permitted
from rulesq.games.bluemoon.judge.retreats import called, no_character
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.state import Step, other

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces
    from rulesq.games.bluemoon.judge.state import State


def _not_starting(state: State, who: str) -> Ruling | None:
    """Why the player cannot decline to start the fight now, or None."""
    due = starter(state)
    if due is None:
        raise CannotAnswer("the situation does not say who is due to start the fight")
    if due != who:
        return no(
            "only the player due to start the fight may decline to start it; the "
            "other player starts it",
            R.ONLY_LOSER_DECLINES,
            R.NEXT_STARTER,
        )
    player = state.player(who)
    if player.retreated or state.fight_over:
        return no("the player has retreated from the fight", R.DECLINE_OR_RETREAT)
    if state.turn_owner != who or state.turn_over:
        return no("a player declines on his own turn, in his Retreat from Fight? phase", R.DECLINE)
    started = fight_started(state, who)
    if started is not None:
        return no(
            f"the fight has started ({started}): it is too late to decline to start it",
            R.FIGHT_STARTED,
        )
    return None


def can_decline(forces: Forces, who: str) -> Ruling:
    """Whether the player may decline to start the fight now: texts on it, then the rules."""
    return permitted(forces, who, a.Decline(), base=lambda: _decline_rules(forces, who))


def _decline_rules(forces: Forces, who: str) -> Ruling:
    """What the rules say of declining to start the fight now."""
    state = forces.state
    for event in state.events_of("decline", who, this_turn=True):
        return no(f"the player has already declined this turn (line {event.line})", R.DECLINE)
    why = _not_starting(state, who)
    if why is not None:
        return why
    return yes(
        "the player is due to start the fight and has not started it: in his "
        "Retreat from Fight? phase he may decline to start it",
        R.DECLINE,
        R.DECLINE_OR_RETREAT,
    )


def must_decline(forces: Forces, who: str) -> Ruling:
    """Whether the player must decline to start the fight (no character card to start it)."""
    state = forces.state
    why = _not_starting(state, who)
    if why is not None:
        return why
    forced = no_character(forces, who)
    if forced is not None:
        ruling = yes(
            "the player is starting the fight and cannot play a character card, so he "
            f"declines to start it instead of retreating ({forced.reason})",
            R.NO_CHARACTER_RETREAT,
            R.STARTER_DECLINES,
            sources=forced.sources,
            step=forced.step,
        )
        ruling.cite(*forced.rules)
        return ruling
    if lacks_character(state, who) is None and state.current_phase <= Step.CHARACTER:
        raise CannotAnswer(
            "whether the player must decline depends on whether he holds a "
            "character card, which the situation does not say"
        )
    return no(
        "the player can start the fight with a character card; declining is his choice", R.DECLINE
    )


def next_starter(forces: Forces) -> tuple[str, Ruling]:
    """Who starts the next fight.

    The player who retreated from the fight (a called bluff that lost too), or the opponent of the
    player who declined to start it.
    """
    state = forces.state
    found: tuple[str, str] | None = None
    for event in state.fight_events():
        if event.kind == "retreat" and event.who is not None:
            found = event.who, "the player who retreated from the fight"
        elif event.kind == "decline" and event.who is not None:
            found = other(event.who), "the opponent of the player who declined to start it"
        elif event.kind == "call_bluff":
            bluffer = str(event.data.get("bluffer"))
            if called(forces, bluffer) is not None:
                found = bluffer, "the player who retreated when his bluff was called"
    if found is None:
        raise CannotAnswer("no player has retreated from the fight or declined to start it")
    who, why = found
    return _after_game(forces, who, yes(f"{'I' if who == 'me' else 'you'}: {why}", R.NEXT_STARTER))


def _after_game(forces: Forces, who: str, ruling: Ruling) -> tuple[str, Ruling]:
    """After the last fight of a game, the loser of the game starts the next one's first fight."""
    try:
        ended = game_ends(forces)
    except CannotAnswer as unknown:
        ruling.negatives.append(
            f"the game does not end here ({unknown}); after the last "
            "fight of a game the loser of the game starts the next"
        )
        return who, ruling
    if not ended.allowed:
        return who, ruling
    try:
        win = winner(forces)
    except CannotAnswer as unknown:
        raise CannotAnswer(
            f"the game ends ({ended.reason}), so the loser of the game starts "
            f"the next fight, and {unknown}"
        ) from unknown
    loser = other(win.who)
    out = yes(
        f"{'I' if loser == 'me' else 'you'}: {'you' if loser == 'me' else 'I'} win the "
        f"game ({win.ruling.reason}); the loser of the game starts the first fight of "
        "the next, not the loser of its last fight",
        R.NEXT_GAME_STARTER,
        R.NEXT_STARTER,
        *win.ruling.rules,
    )
    out.sources += win.ruling.sources
    return loser, out
