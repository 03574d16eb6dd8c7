"""Whether a player can use a card's special power text now.

A text is used by its card's player, on his own turn (voluntary actions are taken only on your
turn) or at the event it names ("At the end of each fight"); only while its card is active and
its text is not ignored. Its persistence group says how often: a "now" text acts once, as its card
is played (a card retrieved and played again is a new card); an "On my turn" text once on each of
my turns; a continuous text while its card is active. A permission to play cards is usable only in
the phase those cards are played in. A text whose acts a "you may not" text forbids cannot be used
(revealing cards to take them into the hand is part of taking them, and what follows depends on
it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.effects.base import Unparsed
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.interference import played_by_text
from rulesq.games.bluemoon.judge.moves import phase_of
from rulesq.games.bluemoon.judge.open_areas import may_be_in_play
from rulesq.games.bluemoon.judge.permits import by_text, ignored_away, permitted
from rulesq.games.bluemoon.judge.placing import place_decides
from rulesq.games.bluemoon.judge.prohibits import acts_with_places
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.state import Step, Zone
from rulesq.games.bluemoon.judge.timing import turn_cut_short
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.kinds import Group
from rulesq.games.bluemoon.selectors import Cards
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance

END_OF_TURN_TIMES = frozenset({W.END_OF_TURN, W.TURN_ABOUT_TO_END})
PHASE_TIMES = frozenset(
    {W.IN_PHASE, W.DURING_PHASE, W.END_OF_PHASE, W.BY_END_OF_PHASE, W.AFTER_PHASE}
)


def not_live(forces: Forces, card: Instance, *, placed_out: bool = False) -> Ruling | None:
    """Why a card's text cannot act now (covered, not in play, of an earlier turn), or None.

    ``placed_out``: a card placed nowhere, taken out of play by the answer (its other places
    asked again): no place decides here.
    """
    if forces.live(card):
        return None
    if card.zone is Zone.COMBAT:
        return no(
            f'"{card.name}" is covered: inactive cards have no effect',
            R.MOST_RECENT_ACTIVE,
            R.UNCOVERED_NOT_ACTIVE,
            R.INACTIVE_NO_EFFECT,
        )
    if card.zone is Zone.LEADER:
        return no(f'"{card.name}" is a leadership card of an earlier turn', R.LEADERSHIP_THIS_TURN)
    if card.zone is Zone.CARGO:
        return no(
            f'"{card.name}" is loaded on a ship: it is not in play and has no effect',
            R.CARGO_NOT_IN_PLAY,
        )
    if card.face_down:
        return no(f'"{card.name}" lies face down as a bluff card', R.BLUFF_ACTIVE_SUPPORT)
    if not placed_out and may_be_in_play(forces.state, card):  # placed nowhere: unnamed in play?
        place_decides(card, "only active cards have an effect")
    return no(
        f'"{card.name}" is not in play ({card.zone.value}): only active cards have an effect',
        R.INACTIVE_NO_EFFECT,
        R.CARD_LOCATIONS,
    )


def text_usable(forces: Forces, card: Instance, who: str, *, placed_out: bool = False) -> Ruling:
    """Whether ``who`` can use the special power text of ``card`` now.

    ``placed_out``: a card placed nowhere, taken out of play by the answer (:func:`not_live`).
    """
    if not card.info.text_known:
        raise CannotAnswer(f'the sources give no special power text for "{card.name}"')
    if not card.info.has_text:
        return no(f'"{card.name}" has no special power text')
    if card.owner != who:
        return no(
            f'"{card.name}" is not the asking player\'s card: the original player of a '
            "card determines how it is applied",
            R.APPLY_INSTRUCTION,
        )
    if not forces.live(card) and not placed_out:
        place_decides(card, "a text is used from a card in play")
    dead = not_live(forces, card, placed_out=placed_out)
    if dead is not None:
        return dead
    why = forces.text_ignored(card)
    if why is not None:
        gone = f'"{card.name}"' if why.what == "card" else f'the text of "{card.name}"'
        return ignored_away(
            "the text",
            card,
            why.source,
            gone,
            f'"{why.source.card.name}" ignores it: {why.source.quote}',
            R.IGNORED_CARD,
        )
    opposed = forces.opposed(card)
    if opposed is not None:
        return by_text(opposed, f'"{card.name}" has no effect: {opposed.quote}', allowed=False)
    sources = [s for s in effects_of(card) if not isinstance(s.effect, fx.NoEffectIfOpposed)]
    unread = [s for s in sources if isinstance(s.effect, Unparsed)]
    if unread:
        raise CannotAnswer(
            f'rulesq does not understand the text of "{card.name}": {unread[0].quote}'
        )
    findings = [effect_usable(forces, s, who) for s in sources]
    usable = [f for f in findings if f.allowed]
    if usable:
        return usable[0]
    if findings:
        return findings[0]
    return no(f'"{card.name}" has no special power text that can be used')


def effect_usable(forces: Forces, source: Source, who: str) -> Ruling:
    """Whether one effect of an active card of ``who`` can be used now."""
    effect = source.effect
    assert isinstance(effect, fx.BlueMoonEffect)
    group = effect.group
    if group is Group.ONCE:
        ruling = _once(forces, source, who)
    elif group is Group.PER_TURN_OR_EVENT:
        ruling = _per_turn(forces, source, who)
    else:
        ruling = _continuous(forces, source, who)
    if not ruling.allowed:
        return ruling
    banned = _forbidden(forces, source, who)
    if banned is not None:
        return banned
    return _condition(forces, source, who, ruling)


def uses_this_turn(forces: Forces, card: Instance) -> int:
    """How often the card's text was used since it last came into play, this turn."""
    state = forces.state
    return sum(
        1
        for e in state.events_of("use_text", card.owner, this_turn=True)
        if e.cards and e.cards[0] is card and e.seq > card.seq
    )


def _once(forces: Forces, source: Source, who: str) -> Ruling:
    """A "now" text: once, as its card is played (a replayed card is a new card)."""
    state = forces.state
    card = source.card
    if not (card.played and card.turn == state.turn and state.is_turn_of(card.owner)):
        return no(
            f'"{source.quote}" took effect when its card was played and has no effect thereafter',
            R.TEXT_GROUPS,
            R.TEXT_GROUP_ONCE,
            sources=[source],
        )
    if uses_this_turn(forces, card):
        return no(
            f'"{source.quote}" was already used when its card was played',
            R.TEXT_GROUP_ONCE,
            sources=[source],
        )
    reason = f'"{card.name}" was played this turn: "{source.quote}" can be used as it is played'
    sources = [source]
    player = next(
        (
            found
            for e in state.events_of("play", card.owner, this_turn=True)
            if e.cards and e.cards[0] is card and (found := played_by_text(e)) is not None
        ),
        None,
    )
    if player is not None:
        reason = f'"{player.card.name}" has its player play "{card.name}", so ' + reason
        sources.insert(0, player)
    return replayed(forces, card, yes(reason, R.TEXT_GROUP_ONCE, sources=sources))


def replayed(forces: Forces, card: Instance, ruling: Ruling) -> Ruling:
    """Note on a ruling that a card which left play and was played again is a new card."""
    if any(
        e.cards and e.cards[0] is card and e.seq < card.seq
        for e in forces.state.events_of("retrieve", card.owner)
    ):
        ruling.reason += "; it was retrieved and played again, so it is treated as a new card"
        ruling.cite(R.REPLAYED_NEW_CARD)
    return ruling


def _per_turn(forces: Forces, source: Source, who: str) -> Ruling:
    """A text used once on each of my turns, or each time its event happens."""
    state = forces.state
    effect = source.effect
    when = fx.time_of(effect)
    kind = when.kind if when is not None else None
    if kind is W.END_OF_EACH_FIGHT:
        if not state.fight_over:
            return no(
                f'"{source.quote}" is used at the end of a fight, and the fight has not ended',
                R.TEXT_GROUP_PER_TURN,
                sources=[source],
            )
        return yes(
            f"the fight has ended: the combat and support areas are cleared before hands "
            f'are refreshed, and then "{source.quote}" is used',
            R.TEXT_GROUP_PER_TURN,
            R.FIGHT_END_REMOVE,
            R.FIGHT_END_REFRESH,
            R.FIGHT_END_ORDER,
            sources=[source],
        )
    turn = _own_turn(forces, source, who)
    if turn is not None:
        return turn
    if kind in END_OF_TURN_TIMES:
        cut = turn_cut_short(state, who)
        if cut is not None:
            return no(
                f'"{source.quote}" acts at the end of its player\'s turn, and {cut}',
                R.ANNOUNCE_RETREAT,
                sources=[source],
            )
        if state.current_phase < Step.END_OF_TURN:
            return no(
                f'"{source.quote}" is used at the end of the turn; it is the '
                f"{state.current_phase.title} phase",
                R.TEXT_GROUP_PER_TURN,
                sources=[source],
            )
        return yes(
            f'it is the end of the turn: "{source.quote}" can be used',
            R.TEXT_GROUP_PER_TURN,
            sources=[source],
        )
    if kind is W.BEGINNING_OF_TURN and state.current_phase != Step.BEGINNING_OF_TURN:
        return no(
            f'"{source.quote}" is used at the beginning of the turn; it is the '
            f"{state.current_phase.title} phase",
            R.TEXT_GROUP_PER_TURN,
            sources=[source],
        )
    phase = _phase_ruling(forces, source)
    if phase is not None:
        return phase
    if uses_this_turn(forces, source.card):
        return no(
            f'"{source.quote}" was already used on this turn: such texts can be used '
            "once on each of my turns",
            R.TEXT_GROUP_PER_TURN,
            sources=[source],
        )
    return replayed(
        forces,
        source.card,
        yes(
            f'"{source.quote}" can be used once on each of its player\'s turns while its card is '
            "active, and it has not been used on this turn since its card came into play",
            R.TEXT_GROUP_PER_TURN,
            sources=[source],
        ),
    )


def _continuous(forces: Forces, source: Source, who: str) -> Ruling:
    """A continuous text: it acts while its card is active; "I may" texts on my turn."""
    if not voluntary(source.effect):
        return yes(
            f'"{source.quote}" acts as long as its card is active',
            R.TEXT_GROUP_CONTINUOUS,
            sources=[source],
        )
    turn = _own_turn(forces, source, who)
    if turn is not None:
        return turn
    phase = _phase_ruling(forces, source)
    if phase is not None:
        return phase
    return yes(
        f'"{source.quote}" can be used while its card is active',
        R.TEXT_GROUP_CONTINUOUS,
        sources=[source],
    )


def voluntary(effect: object) -> bool:
    """Whether an effect is something its player may choose to do ("I may …")."""
    if isinstance(effect, fx.PlayPermission | fx.PlayAsIf | fx.PlayWithoutPushing):
        return True
    if isinstance(effect, fx.ActionEffect):
        return any(do.mode is a.Mode.MAY for do in effect.dos)
    return False


def _own_turn(forces: Forces, source: Source, who: str) -> Ruling | None:
    """A voluntary text is used only on its player's own turn (None: it is that turn)."""
    state = forces.state
    when = fx.time_of(source.effect)
    role = when.role if when is not None else None
    players = players_of(role, source.controller) if role is not None else frozenset({who})
    if state.turn_owner in players and not state.turn_over:
        return None
    whose = "its player's" if who in players else "the other player's"
    return no(
        f'"{source.quote}" is used on {whose} turn, and it is not that turn now',
        R.VOLUNTARY_OWN_TURN,
        R.ALTERNATE_TURNS,
        sources=[source],
    )


def implied_phase(effect: object) -> Step | None:
    """The phase a text's words imply ("one additional support card": Booster/Support)."""
    when = fx.time_of(effect)
    if when is not None and when.kind in PHASE_TIMES and when.phase is not None:
        return Step.named(when.phase.value)
    if (
        isinstance(effect, fx.PlayPermission)
        and isinstance(effect.cards, Cards)
        and effect.cards.types
    ):
        steps = {phase_of(t.value) for t in effect.cards.types}
        if len(steps) == 1:
            return steps.pop()
    return None


def _phase_ruling(forces: Forces, source: Source) -> Ruling | None:
    """No when the phase a text's words imply is not the current phase (None: it is)."""
    step = implied_phase(source.effect)
    now = forces.state.current_phase
    if step is None or now == step:
        return None
    when = fx.time_of(source.effect)
    if when is not None and when.kind is W.AFTER_PHASE and now > step:
        return None
    return no(
        f'"{source.quote}" is usable only in the {step.title} phase; it is the {now.title} phase',
        R.PERMISSION_IN_ITS_PHASE,
        sources=[source],
    )


def _forbidden(forces: Forces, source: Source, who: str) -> Ruling | None:
    """No when a "you may not" text forbids one of the acts the text would have its player do."""
    effect = source.effect
    if not isinstance(effect, fx.ActionEffect):
        return None
    time = effect.when
    for do in effect.dos:
        if who not in players_of(do.actor, source.controller):
            continue
        for act, place in acts_with_places(do):
            ruling = permitted(
                forces,
                who,
                act,
                base=yes(source.quote, sources=[source]),
                when=time,
                place=place,
                permits=False,
            )
            if ruling.allowed:
                continue
            ruling.sources.append(source)
            if len(do.acts) > 1:
                ruling.reason += "; the text's acts go together, so none of them can be done"
            if any(isinstance(x, a.Reveal) for x in do.acts):
                ruling.cite(R.REVEAL_PART_OF_TAKING)
            return ruling
    return None


def _condition(forces: Forces, source: Source, who: str, ruling: Ruling) -> Ruling:
    """A text whose condition is false does nothing; an unstated one is reported, not guessed."""
    condition = fx.condition_of(source.effect)
    if condition is None:
        return ruling
    try:
        met = holds(condition, source.controller, forces, source.card)
    except CannotAnswer as unknown:
        ruling.reason += (
            f"; what it does then depends on its condition "
            f"({condition.render()}), which the situation does not settle: "
            f"{unknown}"
        )
        ruling.negatives.append(f'the condition of "{source.quote}" is not settled')
        return ruling
    if not met:
        return no(f"its condition does not hold: {source.quote}", sources=[source])
    return ruling
