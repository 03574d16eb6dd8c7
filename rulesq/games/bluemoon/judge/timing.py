"""When a card's special power text acts, by its opening words.

"Now …" when played, "At the end of my turn" when the turn ends normally, "Immediately after my
Booster/Support phase" after that phase, texts without a time while active.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.claims import Stance, decide, effect_claim, rule_claim
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.overruled import ignoring, sentence_claims, settle
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.state import ME, State, Step, Zone
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance
    from rulesq.games.bluemoon.times import When

END_OF_TURN_TIMES = frozenset({W.END_OF_TURN, W.TURN_ABOUT_TO_END})


def turn_cut_short(state: State, who: str) -> str | None:
    """Why a player's turn does not reach its End of Turn phase, or None."""
    player = state.player(who)
    if player.retreated:
        return "the player retreated, which ends the fight without any further phases"
    if player.declined:
        return "the player declined to start the fight"
    for event in state.events_of("turn_ends", who):
        if event.data.get("by") and event.turn == state.turn:
            return f'"{event.cards[0].name}" ended the turn immediately'
    if state.fight_over:
        return "the fight ended"
    return None


def acts_at_fight_end(source: Source) -> bool:
    """Whether an effect acts at the end of each fight."""
    when = fx.time_of(source.effect)
    return when is not None and when.kind is W.END_OF_EACH_FIGHT


def takes_effect(forces: Forces, card: Instance) -> Ruling:
    """Whether a card's special power text has (or will have, this turn) its effect."""
    if not card.info.has_text:
        return no(f'"{card.name}" has no special power text')
    texts = [
        s
        for s in effects_of(card)
        if isinstance(s.effect, fx.BlueMoonEffect)
        and not isinstance(s.effect, fx.NoEffectIfOpposed)
    ]
    why = forces.text_ignored(card)
    if why is not None:
        fallback = rule_claim(
            Stance.FORBID,
            f'its text is ignored by "{why.source.card.name}": {why.source.quote}',
            R.IGNORING,
            default=True,
        )
        decided = settle(
            [*sentence_claims(texts, Stance.PERMIT, "{quote}"), ignoring(why, card), fallback]
        )
        if not decided.ruling.allowed:
            return decided.ruling
        texts = [s for s in texts if s not in decided.removed()]
    opposed = forces.opposed(card)
    if opposed is not None:
        return decide(
            [
                rule_claim(Stance.PERMIT, "an active card's text has its effect", default=True),
                effect_claim(
                    Stance.FORBID, opposed, f'"{card.name}" has no effect: {opposed.quote}'
                ),
            ]
        )
    if not forces.live(card):
        if card.zone is Zone.COMBAT:
            return no(
                f'"{card.name}" is covered: inactive cards have no effect',
                R.MOST_RECENT_ACTIVE,
                R.UNCOVERED_NOT_ACTIVE,
            )
        if card.zone is Zone.LEADER:
            return no(
                f'"{card.name}" is a leadership card of an earlier turn', R.LEADERSHIP_THIS_TURN
            )
        if card.zone is not Zone.GONE:
            return no(f'"{card.name}" is not active', R.INACTIVE_NO_EFFECT)
    findings = [effect_acts(forces, s) for s in texts]
    acting = [f for f in findings if f.allowed]
    if acting:
        return acting[0]
    if findings:
        return findings[0]
    return yes(f'"{card.name}" is active and its text is not ignored')


def effect_acts(forces: Forces, source: Source) -> Ruling:
    """Whether one effect of an active card acts now or later this turn."""
    state = forces.state
    effect = source.effect
    card = source.card
    controller = source.controller
    when = fx.time_of(effect)
    condition = fx.condition_of(effect)
    if when is not None and when.kind in END_OF_TURN_TIMES:
        cut = turn_cut_short(state, controller)
        if cut is not None or state.turn_owner != controller:
            reason = cut or "it is not the card's player's turn"
            return no(
                f'"{source.quote}" acts at the end of its player\'s turn, and {reason}',
                R.ANNOUNCE_RETREAT,
                sources=[source],
            )
        return yes(f'"{source.quote}" acts at the end of this turn', sources=[source])
    if when is not None and when.kind is W.END_OF_EACH_FIGHT:
        if not state.fight_over:
            why = (
                "declining to start a fight is not the end of a fight"
                if any(p.declined for p in state.players.values())
                else "the fight has not ended"
            )
            return no(
                f'"{source.quote}" acts only at the end of a fight, and {why}',
                R.FIGHT_END_REFRESH,
                sources=[source],
            )
        if condition is not None and not holds(condition, controller, forces, card):
            return no(f"its condition is not met: {source.quote}", sources=[source])
        return yes(
            f'"{source.quote}" acts at the end of the fight', R.FIGHT_END_REFRESH, sources=[source]
        )
    if when is not None and when.kind is W.AFTER_PHASE:
        named = Step.named(when.phase.value) if when.phase is not None else None
        passed = (
            named is not None and state.turn_owner == controller and state.current_phase > named
        )
        cut = None if passed else turn_cut_short(state, controller)
        if cut is not None or state.turn_owner != controller:
            reason = cut or "it is not the card's player's turn"
            return no(
                f'"{source.quote}" acts only after that phase of its player\'s turn, and {reason}',
                R.ANNOUNCE_RETREAT,
                sources=[source],
            )
        stops = [
            e for e in state.events_of("play", controller, this_turn=True) if e.data.get("stop")
        ]
        if stops:
            stop = rule_claim(
                Stance.FORBID,
                "the STOP icon ends the card play of the turn",
                R.STOP,
                label="the STOP icon ends the card play",
            )
            return decide(
                [
                    stop,
                    effect_claim(
                        Stance.PERMIT,
                        source,
                        f'"{source.quote}": the card\'s instruction supersedes the '
                        "STOP rule that skips the rest of the turn's card play",
                        R.SUPERSEDE,
                        R.STOP,
                    ),
                ]
            )
        return yes(f'"{source.quote}" acts after that phase', sources=[source])
    if (
        when is not None
        and when.kind is W.NOW
        or isinstance(effect, fx.ActionEffect)
        and when is None
    ):
        if condition is not None and not holds(condition, controller, forces, card):
            return no(f"its condition is not met: {source.quote}", sources=[source])
        if card.turn != state.turn and card.zone is not Zone.GONE:
            return no(
                f'"{source.quote}" acted when the card was played; it does not act again',
                R.TEXT_GROUP_ONCE,
                sources=[source],
            )
        return yes(f'"{source.quote}" acts as the card is played', sources=[source])
    if when is not None and when.kind in _TURN_BOUND and not forces.window_open(source):
        # "On my turn, ...": a text of the second group, applied on its player's turns only
        return no(f'"{source.quote}" {_off_turn(state, when, controller)}', R.TEXT_GROUP_PER_TURN)
    if condition is not None:
        if not holds(condition, controller, forces, card):
            return no(f"its condition is not met: {source.quote}", sources=[source])
    return yes(
        f'"{card.name}" is active and its text is not ignored: {source.quote}',
        R.TEXT_GROUP_ONCE,
        sources=[source],
    )


#: The times a text names that hold only on some turns ("On my turn", "On this turn").
_TURN_BOUND = frozenset({W.ON_TURN, W.THIS_TURN})


def _off_turn(state: State, when: When, controller: str) -> str:
    """Why a turn-bound text does not act now, in words (the situation's I and you)."""
    if when.kind is W.THIS_TURN:
        return "acts only on the turn its card was played, and that turn is over"
    owners = players_of(when.role, controller)
    named = " or ".join(sorted("my turn" if p == ME else "your turn" for p in owners))
    if state.turn_over:
        return f"acts only on {named}, and the turn is over"
    now = "my turn" if state.turn_owner == ME else "your turn"
    return f"acts only on {named}, and it is {now}"
