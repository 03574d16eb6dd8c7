"""The end of a turn, a fight and the game; who wins and what he scores (rulebook p.9-10; FAQ).

A retreat ends the fight (and the turn); declining to start a fight ends neither the fight nor the
game, nor does running out of cards during a fight. The game ends when a player with three dragons
would attract another (he wins at once), or when, after a fight or a declined start, a player has
run out of cards (none in hand, none in the draw deck). The player with dragons wins; with all
three in the centre, the player who most recently held cards wins. The winner scores one crystal
plus one per dragon on his side, never for a fourth dragon.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.attractions import turn_packets
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.retreats import called
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.state import ME, MOST_DRAGONS, YOU, Zone, other
from rulesq.games.bluemoon.judge.timing import turn_cut_short

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import State


def _name(who: str) -> str:
    return "I" if who == ME else "you"


@dataclass
class Win:
    """A decided winner: who, with how many dragons at the end, and the ruling."""

    who: str
    dragons: int
    ruling: Ruling


# ---------------------------------------------------------------------- turn and fight
def turn_ends(forces: Forces) -> Ruling:
    """Whether the current turn has ended."""
    state = forces.state
    owner = state.turn_owner
    if owner is None:
        raise CannotAnswer("the situation does not say whose turn it is")
    why = turn_cut_short(state, owner)
    if why is not None:
        return yes(
            f"the turn ends: {why}",
            R.ANNOUNCE_RETREAT if "retreat" in why else R.ALTERNATE_TURNS,
            sources=_end_turn_sources(forces),
        )
    if state.turn_over:
        return yes("the turn has ended", R.ALTERNATE_TURNS)
    return no("nothing has ended the turn yet", R.ALTERNATE_TURNS)


def _end_turn_sources(forces: Forces) -> list[Source]:
    """The interference texts that ended the turn immediately."""
    state = forces.state
    out = []
    for event in state.events_of("turn_ends", this_turn=True):
        if event.data.get("by") and event.cards:
            out += [
                s
                for s in effects_of(event.cards[0])
                if isinstance(s.effect, fx.InterferenceTrigger)
            ]
    return out


def fight_ended(forces: Forces) -> Ruling | None:
    """What ended the fight (a retreat, a lost bluff, the fight's end), or None."""
    state = forces.state
    for event in reversed(state.fight_events()):
        if event.kind == "retreat" and event.who is not None:
            return yes(f"{_name(event.who)} retreated, which ends the fight", R.ANNOUNCE_RETREAT)
        if event.kind == "fight_ends":
            return yes("the fight has ended", R.FIGHT_END_REMOVE)
    for who in (ME, YOU):
        lost = called(forces, who)
        if lost is not None:
            lost.reason += ", which ends the fight"
            return lost
    return None


def fight_ends(forces: Forces) -> Ruling:
    """Whether the fight ends at this point."""
    state = forces.state
    ended = fight_ended(forces)
    if ended is not None:
        return ended
    win = instant_win(forces)
    if win is not None:
        return yes(f"the game ends, so the fight does: {win.ruling.reason}", *win.ruling.rules)
    if any(state.player(p).declined for p in (ME, YOU)):
        return no(
            "declining to start a fight does not end a fight: the fight has not started",
            R.DECLINE_NOT_FIGHT_END,
        )
    ruling = no("no player has retreated: the fight goes on", R.FIGHT_CONTINUES)
    out = [p for p in (ME, YOU) if state.player(p).out_of_cards]
    if out:
        ruling.reason = (
            f"{_name(out[0])} ran out of cards, but that does not end the fight; "
            "no player has retreated"
        )
    return ruling


# ---------------------------------------------------------------------- the game
def instant_win(forces: Forces) -> Win | None:
    """A player with three dragons who attracts more wins the game at once."""
    state = forces.state
    packets = turn_packets(forces)
    for who in (ME, YOU):
        player = state.player(who)
        if player.dragons is None:
            continue
        after = [
            p for p in packets if p.who == who and p.count and p.seq > (player.dragons_seq or 0)
        ]
        gained = sum(p.count for p in after)
        if player.dragons + gained > MOST_DRAGONS:
            why = "; ".join(p.reason for p in after)
            ruling = yes(
                f"{_name(who)} had {player.dragons} dragons and would attract "
                f"{gained} more ({why}): a fourth dragon wins the game at once",
                R.INSTANT_WIN,
                R.FOURTH_DRAGON,
            )
            for packet in after:
                ruling.cite(*packet.rules)
                ruling.sources += packet.sources
            return Win(who, MOST_DRAGONS, ruling)
    return None


def game_ends(forces: Forces) -> Ruling:
    """Whether the game ends at this point."""
    state = forces.state
    win = instant_win(forces)
    if win is not None:
        return win.ruling
    ended = fight_ended(forces)
    declined = [p for p in (ME, YOU) if state.player(p).declined]
    if ended is None and not declined:
        ruling = no(
            "the game ends only after a fight or a declined start, or when a player "
            "would attract a fourth dragon; the fight goes on",
            R.GAME_END_OUT_OF_CARDS,
            R.FIGHT_CONTINUES,
            R.FOURTH_DRAGON,
        )
        return ruling
    after = "the fight" if ended is not None else "the declined start of the fight"
    out = [p for p in (ME, YOU) if state.player(p).out_of_cards]
    if out:
        ruling = yes(
            f"after {after}, {_name(out[0])} ran out of cards (none in hand, none in "
            "the draw deck)",
            R.GAME_END_OUT_OF_CARDS,
        )
        if any(c.ship is not None and c.zone is Zone.CARGO for c in state.owned(out[0])):
            ruling.cite(R.SHIP_GAME_END)
            ruling.reason += "; cards loaded on ships do not count"
        return ruling
    unknown = [
        p for p in (ME, YOU) if state.hand_size(p) is None or state.player(p).deck_count is None
    ]
    if unknown:
        raise CannotAnswer(
            f"the game ends after {after} if a player has run out of cards; the "
            f"situation does not say how many cards {_name(unknown[0])} "
            "hold in hand and in the draw deck"
        )
    return no(f"after {after} both players still have cards", R.GAME_END_OUT_OF_CARDS)


def winner(forces: Forces) -> Win:
    """Who wins the game, with the dragons on his side at the end."""
    state = forces.state
    win = instant_win(forces)
    if win is not None:
        return win
    ended = game_ends(forces)
    if not ended.allowed:
        raise CannotAnswer(f"the game has not ended: {ended.reason}")
    packets = turn_packets(forces)
    dragons: dict[str, int] = {}
    for who in (ME, YOU):
        player = state.player(who)
        if player.dragons is None:
            raise CannotAnswer(
                f"the situation does not say how many dragons {_name(who)} "
                "have at the end of the game"
            )
        if any(p.who == who and p.count and p.seq > (player.dragons_seq or 0) for p in packets):
            raise CannotAnswer(
                f"the situation does not say where the dragons stand after "
                f"{_name(who)} attracted more"
            )
        dragons[who] = player.dragons
    if dragons[ME] != dragons[YOU]:
        who = ME if dragons[ME] > dragons[YOU] else YOU
        win = Win(
            who,
            dragons[who],
            yes(
                f"{_name(who)} have {dragons[who]} dragon{'' if dragons[who] == 1 else 's'} on "
                f"{'my' if who == ME else 'your'} "
                f"side and {_name(other(who))} {dragons[other(who)]}: running out of cards does "
                "not decide it",
                R.WINNER_DRAGONS,
            ),
        )
    else:
        win = _by_cards(forces, dragons[ME])
    win.ruling.reason = f"the game ends ({ended.reason}); {win.ruling.reason}"
    win.ruling.cite(*ended.rules)
    return win


def _by_cards(forces: Forces, dragons: int) -> Win:
    """With no dragon on either side, the player who most recently held cards wins."""
    state = forces.state
    if dragons:
        raise CannotAnswer(
            f"both players have {dragons} dragon{'' if dragons == 1 else 's'} on their side (the "
            "third in the centre): the sources say who wins when one player has more dragons, or "
            'none has any ("Whichever of us has attracted one or more dragons"), not when they tie'
        )
    out = {p: state.player(p).ran_out for p in (ME, YOU) if state.player(p).out_of_cards}
    if not out:
        raise CannotAnswer(
            "all three dragons are in the centre, and the situation does not "
            "say which player ran out of cards"
        )
    if len(out) == 1:
        loser = next(iter(out))
        why = f"{_name(loser)} ran out of cards"
    else:
        loser = min(out, key=lambda p: out[p] or 0)
        why = f"both ran out of cards, {_name(loser)} first (only the last running out counts)"
    who = other(loser)
    ruling = yes(
        f"all three dragons are in the centre and {why}: {_name(who)} held cards most recently",
        R.WINNER_DRAGONS,
        R.WINNER_LAST_CARDS,
    )
    if len(out) == 1 and not _holds_cards(state, who):
        # Whether the other player ran out too (and first) decides: his cards are not known.
        raise CannotAnswer(
            f"all three dragons are in the centre and {why}; whether {_name(who)} ran out of "
            f"cards too, before {_name(loser)} did, decides the winner, and the situation does "
            f"not say how many cards {_name(who)} hold in hand and in the draw deck (write, e.g., "
            f"{_name(who)} have not run out of cards, or {_name(who)} run out of cards)"
        )
    return Win(who, 0, ruling)


def _holds_cards(state: State, who: str) -> bool:
    """Whether the player is known to have cards now, in hand or in the draw deck."""
    if state.player(who).holds_cards:
        return True
    hand = state.hand_size(who)
    deck = state.player(who).deck_count
    return (hand is not None and hand > 0) or (deck is not None and deck > 0)


def score(forces: Forces) -> tuple[int, Win]:
    """The crystals the winner scores: one, plus one per dragon on his side."""
    state = forces.state
    crystals = [c for c in state.in_play() if c.info.kind == "crystal" and c.info.has_text]
    if crystals:
        raise CannotAnswer(
            f'crystal card "{crystals[0].name}" may change the score, and '
            "rulesq does not apply crystal texts to the score yet"
        )
    win = winner(forces)
    points = 1 + min(win.dragons, MOST_DRAGONS)
    return points, win
