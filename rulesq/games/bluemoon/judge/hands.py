"""Hands: taking cards into hand, drawing, refreshing and disclosed cards.

Refreshing draws the hand up to six cards from the draw deck (rulebook p.8) in the player's
Refresh Hand phase; at the end of a fight both players refresh, after declining to start a fight
only the decliner does (p.9). "You may not" texts that stop taking cards into the hand, or from the
draw deck, take precedence over every other instruction (p.17), and a player who cannot follow an
instruction completely acts as far as possible: cards are drawn one by one until a prohibition
stops the next one. "Additional cards at the end of your turn" names only texts worded that way.
A hand is disclosed by a "now" text as it is played: the cards then in hand stay disclosed until
used; cards taken into the hand later are not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesq.errors import CannotAnswer
from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.forces import Forces, Source
from rulesq.games.bluemoon.judge.prohibits import BANS, forbidding
from rulesq.games.bluemoon.judge.requirements import hand_discards, purpose
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.state import Event, State, Step, Zone, other, pile_size
from rulesq.games.bluemoon.judge.timeline import end_of_fight_targets
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, Place, Q
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import Role
from rulesq.games.bluemoon.vocab import Zone as TextZone

REFRESH_TO = 6

#: A selector with nothing in it (immutable): selectors made here are copies of it with their
#: fields given, made without ``__init__`` (``rulesq.frozen.replace``).
_NO_FILTER = Cards()


# ---------------------------------------------------------------------- prohibitions
def _zones(place: object) -> set[str]:
    return {z.value for z in getattr(place, "zones", ())}


#: Where drawn cards come from: the player's draw deck, or a pile a text names.
FROM_DECK = Place(owner=Role.CONTROLLER, zones=(TextZone.DRAW_DECK,))
FROM_PILE = Place(owner=Role.CONTROLLER, zones=(TextZone.DISCARD_PILE,))
AT_END_OF_TURN = When(W.END_OF_TURN, role=Role.CONTROLLER)


class Taking:
    """The "you may not" texts in force that stop a player taking cards into hand."""

    def __init__(self, forces: Forces, who: str) -> None:
        self.forces = forces
        self.who = who

    @property
    def prohibitions(self) -> list[Source]:
        """The prohibitions in force on the player about taking or drawing cards."""
        return [
            s
            for s in self.forces.effects(BANS)
            if isinstance(s.effect, BANS)
            and isinstance(s.effect.act, a.Take | a.Draw)
            and self.who in players_of(s.effect.who, s.controller)
        ]

    def blocks(
        self, hand: int | None, *, from_deck: bool = True, additional_end: bool = False
    ) -> Source | None:
        """The prohibition that stops the next card, holding ``hand`` cards; None if none.

        The next card is drawn from the draw deck (or a pile), as an "additional card at the end
        of the turn" or not; a condition on the hand is read with ``hand`` cards in it.
        """
        act = a.Draw(
            cards=replace(
                _NO_FILTER,
                additional=additional_end,
                place=FROM_DECK if from_deck else FROM_PILE,
            )
        )
        when = AT_END_OF_TURN if additional_end else None
        player = self.forces.state.player(self.who)
        saved = player.hand_count
        if hand is not None:
            player.hand_count = hand
        try:
            return forbidding(self.forces, self.who, act, when=when)
        finally:
            player.hand_count = saved


# ---------------------------------------------------------------------- drawing
@dataclass
class Drawn:
    """One instruction's draws: what it asked, what was drawn and what stopped the rest."""

    label: str
    wanted: int | None
    drawn: int
    source: Source | None = None
    stopped_by: Source | None = None
    #: A text's "I may draw": counted as made, an assumption the answer shows.
    optional: bool = False
    #: Held to the cards of a discard pile of known size (as many as it holds).
    pile_out: int | None = None


@dataclass
class Plan:
    """The draws of one player from a moment on, one card at a time."""

    forces: Forces
    who: str
    hand: int | None
    taking: Taking
    steps: list[Drawn] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    assumed_deck: bool = False
    #: The cards drawn from a draw deck of unknown count past what it surely holds: the
    #: count rests on the deck holding them (0: it does not).
    past_deck: int = 0
    deck: int | None = None
    #: The cards drawn from a draw deck of unknown count so far (against ``deck_least``).
    from_deck: int = 0
    #: The discard pile's cards: at least ``pile``, all of them when ``pile_exact``.
    pile: int = 0
    pile_exact: bool = False
    #: A draw from the pile that needs more cards than it is known to hold (its size unstated).
    pile_unknown: Drawn | None = None
    #: Texts that take cards into the hand without drawing them (not counted as draws).
    taken: list[Source] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.deck = self.forces.state.player(self.who).deck_count
        self.pile, self.pile_exact = pile_size(self.forces.state, self.who)

    @property
    def total(self) -> int:
        """The cards drawn in all."""
        return sum(s.drawn for s in self.steps)

    @property
    def stopped(self) -> list[Source]:
        """The prohibitions that stopped some draw."""
        return [s.stopped_by for s in self.steps if s.stopped_by is not None]

    def take(
        self,
        n: int,
        label: str,
        source: Source | None = None,
        *,
        from_deck: bool = True,
        additional_end: bool = False,
        optional: bool = False,
    ) -> Drawn:
        """Draw up to ``n`` cards one by one, as far as the prohibitions allow."""
        step = Drawn(label, n, 0, source, optional=optional)
        for _ in range(n):
            stop = self.taking.blocks(self.hand, from_deck=from_deck, additional_end=additional_end)
            if stop is not None:
                step.stopped_by = stop
                break
            if from_deck and self.deck is None:
                player = self.forces.state.player(self.who)
                if self.from_deck >= player.deck_least:  # it may hold no more
                    deck_lost(player.deck_most)
                    self.past_deck = self.from_deck + 1
                self.from_deck += 1
            if from_deck and self.deck is not None:
                if self.deck <= 0:
                    break
                self.deck -= 1
            elif not from_deck:  # a pile: as many cards as it holds (rulebook p.17, rule 4)
                if self.pile <= 0 and self.pile_exact:
                    step.pile_out = step.drawn
                    break
                if self.pile <= 0 and self.pile_unknown is None:
                    self.pile_unknown = step
                self.pile = max(0, self.pile - 1)
            step.drawn += 1
            if self.hand is not None:
                self.hand += 1
        if from_deck and self.deck is None and step.drawn:
            self.assumed_deck = True
        self.steps.append(step)
        return step

    def take_to(
        self, target: int, label: str, source: Source | None = None, *, optional: bool = False
    ) -> Drawn:
        """Draw up to a hand of ``target`` cards.

        The hand size is asked for only when it matters: a prohibition that stops every draw,
        whatever the hand holds, settles the count without it.
        """
        if self.hand is None:
            if self._stops_any_hand() is None:
                raise CannotAnswer(
                    f"the situation does not say how many cards "
                    f"{'I hold' if self.who == 'me' else 'you hold'} in hand"
                )
            return self.take(1, label, source, optional=optional)
        return self.take(max(0, target - self.hand), label, source, optional=optional)

    def _stops_any_hand(self) -> Source | None:
        """A prohibition that stops the next draw from the deck, whatever the hand holds."""
        try:
            return self.taking.blocks(None)
        except CannotAnswer:
            return None

    def refresh(self, label: str = "refresh", source: Source | None = None) -> Drawn:
        """Refresh the hand to six cards from the draw deck."""
        return self.take_to(REFRESH_TO, label, source)


def draw_place_ok(act: a.Draw, who: str, controller: str) -> tuple[bool, bool]:
    """Whether a draw goes into ``who``'s hand, and whether it is from the draw deck."""
    cards = act.cards
    place = cards.place if isinstance(cards, Cards) else None
    if isinstance(place, Place) and "hand" in _zones(place):
        return False, False
    if isinstance(place, Place) and "discard pile" in _zones(place):
        return True, False
    if place is not None and not isinstance(place, Place):
        return True, False  # "from it": the pile just named (a shuffled discard pile)
    return True, True


def apply_effect(
    plan: Plan, source: Source, *, hand_only: bool = False, play: Event | None = None
) -> None:
    """Carry out the hand part of an action text for ``plan.who`` ("may" taken as done)."""
    effect = source.effect
    assert isinstance(effect, fx.ActionEffect)
    who = plan.who
    controller = source.controller
    if effect.condition is not None and not _holds_now(plan, source):
        return
    for do in effect.dos:
        if who not in players_of(do.actor, controller):
            continue
        for act in do.acts:
            if isinstance(act, a.Shuffle):
                if isinstance(act.what, Place) and "hand" in _zones(act.what):
                    into_deck = "draw deck" in _zones(act.into)
                    plan.deck = (
                        plan.deck + plan.hand
                        if into_deck and plan.deck is not None and plan.hand is not None
                        else None
                        if into_deck
                        else plan.deck
                    )
                    plan.hand = 0
                elif (
                    isinstance(act.what, Cards)
                    and "hand" in _zones(act.what.place)
                    and plan.hand is not None
                ):
                    plan.hand = max(0, plan.hand - (act.what.quantity.n or 1))
            elif isinstance(act, a.Refresh):
                plan.rules.append(R.REFRESH_SIX)
                plan.refresh(f'"{source.card.name}": refresh', source)
            elif isinstance(act, a.Draw) and not hand_only:
                into, deck = draw_place_ok(act, who, controller)
                if not into or not isinstance(act.cards, Cards):
                    continue
                n = _how_many(plan, source, act.cards, play)
                end = effect.when is not None and effect.when.kind is W.END_OF_TURN
                plan.take(
                    n,
                    f'"{source.card.name}"',
                    source,
                    from_deck=deck,
                    additional_end=act.cards.additional and end,
                    optional=do.mode is a.Mode.MAY,
                )
            elif isinstance(act, a.Take) and not hand_only and source not in plan.taken:
                # "take the others into my hand": taking cards, not drawing them (noted only).
                plan.taken.append(source)
            elif isinstance(act, a.DrawTo) and not hand_only:
                target = act.n if act.n is not None else _same_number(plan, source)
                plan.take_to(
                    target, f'"{source.card.name}"', source, optional=do.mode is a.Mode.MAY
                )


def _how_many(plan: Plan, source: Source, cards: Cards, play: Event | None) -> int:
    """How many cards a draw takes ("may" and "up to": as many as it allows)."""
    quantity = cards.quantity
    if quantity.kind in (Q.COUNT, Q.UP_TO, Q.ARTICLE, Q.OF):
        return quantity.n or 1
    if quantity.kind in (Q.SAME_NUMBER, Q.UP_TO_SAME_NUMBER) and play is not None:
        return discarded_for(plan.forces, plan.who, play)
    raise CannotAnswer(
        f'rulesq cannot count the cards "{source.card.name}" draws ({cards.render()})'
    )


def discarded_for(forces: Forces, who: str, play: Event) -> int:
    """How many cards the player discarded from his hand for a play's text ("the same number")."""
    return sum(
        len(e.cards)
        for e in hand_discards(forces.state, who, play.turn)
        if e.seq > play.seq and purpose(forces, e) is play
    )


def _same_number(plan: Plan, source: Source) -> int:
    """Text "Draw to the same number of cards": as many as the other player holds."""
    size = plan.forces.state.hand_size(other(source.controller))
    if size is None:
        raise CannotAnswer("the situation does not say how many cards the other player holds")
    return size


def _holds_now(plan: Plan, source: Source) -> bool:
    effect = source.effect
    condition = fx.condition_of(effect)
    assert condition is not None
    player = plan.forces.state.player(plan.who)
    saved = player.hand_count
    if plan.hand is not None:
        player.hand_count = plan.hand
    try:
        return holds(condition, source.controller, plan.forces, source.card)
    finally:
        player.hand_count = saved


def pending_play(state: State, forces: Forces) -> tuple[Event, list[Source]] | None:
    """The latest play of the turn and its "now" texts, not yet carried out by a later draw."""
    plays = list(state.events_of("play", this_turn=True))
    if not plays:
        return None
    last = plays[-1]
    card = last.cards[0]
    if (
        card.cancelled
        or state.turn_over
        or any(e.kind in ("draw", "phase") and e.seq > last.seq for e in state.events)
    ):
        return None
    now = [
        s
        for s in forces.in_force(card, in_hand=card.zone is Zone.GONE)
        if isinstance(s.effect, fx.ActionEffect)
        and s.effect.when is not None
        and s.effect.when.kind is W.NOW
    ]
    return (last, now) if now else None


def replacement_pending(state: State, who: str) -> Event | None:
    """The REPLACE discard of this turn whose replacement card has not been drawn yet."""
    for event in state.events_of("use_icon", who, this_turn=True):
        if event.data.get("icon") != "REPLACE" or state.turn_over:
            continue
        if not any(e.kind == "draw" and e.who == who and e.seq > event.seq for e in state.events):
            return event
    return None


def turn_cut(state: State, who: str) -> str | None:
    """Why the player's turn ends without its remaining phases, or None."""
    player = state.player(who)
    if state.turn_owner != who:
        return "it is not the player's turn"
    if state.turn_over:
        return "the turn is over"
    if player.retreated:
        return "the player retreated, which ends the turn without any further phases"
    if player.declined:
        return "the player declined to start the fight"
    return None


def rest_of_turn(forces: Forces, who: str) -> Plan:
    """Every draw of ``who`` from now to the end of the current turn (refresh included)."""
    state = forces.state
    plan = Plan(forces, who, state.hand_size(who), Taking(forces, who))
    if replacement_pending(state, who) is not None:
        plan.rules += [R.REPLACE, R.REPLACE_TWO_OPTIONS]
        plan.take(1, "the replacement card after a REPLACE discard")
    pending = pending_play(state, forces)
    if pending is not None:
        plan.rules.append(R.TEXT_AFTER_PLAY)
        for source in pending[1]:
            apply_effect(plan, source, play=pending[0])
    moment = refresh_moment(state, who)
    if moment is not None and moment.kind != "phase":
        plan.rules += moment.rules
        plan.refresh()
        if moment.kind == "fight":
            # "At the end of each fight … I may draw to eight cards" follows the refresh.
            for _, source in end_of_fight_targets(forces, who):
                apply_effect(plan, source)
        return plan
    owner = state.turn_owner
    if owner is None or turn_cut(state, owner) is not None:
        return plan
    phase = state.current_phase
    for source in timed(forces, who, W.AFTER_PHASE):
        when = fx.time_of(source.effect)
        named = Step.named(when.phase.value) if when is not None and when.phase else None
        if named is None:
            raise CannotAnswer(f'rulesq cannot tell which phase "{source.quote}" follows')
        if phase <= named:
            apply_effect(plan, source)
    if who == owner and phase <= Step.REFRESH_HAND:
        plan.rules += [R.REFRESH_SIX, R.REFRESH_FROM_DECK]
        plan.refresh()
    for kind in (W.END_OF_TURN, W.TURN_ABOUT_TO_END):
        for source in timed(forces, who, kind):
            plan.rules.append(R.END_OF_TURN_DRAW_ORDER)
            apply_effect(plan, source)
    return plan


def timed(forces: Forces, who: str, kind: W) -> list[Source]:
    """The action texts that act at one time of the current turn and have ``who`` act.

    The time's player ("at the end of your turn") must be the player whose turn it is; the
    texts of either player's cards count ("At the end of my turn, you may draw one card").
    """
    state = forces.state
    out = []
    for source in forces.effects(fx.ActionEffect):
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect)
        when = effect.when
        if when is None or when.kind is not kind:
            continue
        if state.turn_owner not in players_of(when.role, source.controller):
            continue
        if any(who in players_of(do.actor, source.controller) for do in effect.dos):
            out.append(source)
    return out


# ---------------------------------------------------------------------- refreshing
@dataclass
class Moment:
    """A moment at which a player refreshes the hand, and the rules that say so."""

    kind: str  # "phase", "fight", "decline"
    reason: str
    rules: list[str]


def refresh_moment(state: State, who: str) -> Moment | None:
    """The refresh the player makes now, if any."""
    if state.fight_over:
        return Moment(
            "fight",
            "at the end of a fight both players refresh their hands",
            [R.FIGHT_END_REFRESH, R.REFRESH_MOMENTS],
        )
    declined = list(state.events_of("decline", this_turn=True))
    if any(e.who == who for e in declined):
        return Moment(
            "decline",
            "the player declined to start the fight, and then refreshes the hand to six cards",
            [R.DECLINE_REFRESH, R.DECLINER_REFRESHES],
        )
    if declined:
        return None
    if state.turn_owner == who and not state.turn_over and state.current_phase == Step.REFRESH_HAND:
        return Moment(
            "phase",
            "it is the player's Refresh Hand phase",
            [R.REFRESH_FROM_DECK, R.REFRESH_MOMENTS],
        )
    return None


def no_refresh_reason(state: State, who: str) -> tuple[str, list[str]]:
    """Why the player does not refresh now."""
    declined = [e for e in state.events_of("decline", this_turn=True) if e.who != who]
    if declined:
        return (
            "the other player declined to start the fight: only the player who declines "
            "refreshes the hand",
            [R.DECLINE_REFRESH, R.DECLINER_REFRESHES, R.DECLINE_NOT_END_OF_FIGHT],
        )
    return (
        "a hand is refreshed in the Refresh Hand phase of its player's own turn, at the end "
        "of a fight, or after declining to start a fight",
        [R.REFRESH_MOMENTS, R.FIGHT_END_REFRESH],
    )


def deck_lost(most: int | None) -> None:
    """Cannot answer a draw from a draw deck whose count a refresh lost (``Player.deck_most``).

    It held ``most`` cards, and a refresh drew as many as an unstated hand lacked of six: it
    may hold too few now. With no such bound (None), the deck is taken to hold enough.
    """
    if most is not None:
        raise CannotAnswer(
            f"the draw deck held {most} card(s) before a refresh drew from it as many as the "
            "hand lacked of six, and the situation does not say how many the hand held: how "
            "many the deck holds now is not known (write, e.g., my draw deck has 1 card)"
        )
