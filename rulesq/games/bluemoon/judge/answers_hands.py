"""Questions about hands: drawing, refreshing, shuffling back and disclosed cards.

``how many cards do I draw?``, ``how many cards do I have in hand?``, ``can I draw 2 cards?``,
``must I draw 1 card?``, ``can I refresh my hand [at the end of the turn]?``, ``must I refresh my
hand?``, ``to how many cards do I refresh my hand?``, ``can I shuffle "A" and "B" into my draw
deck?``, ``is "X" disclosed?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.answers_play import assume_turn
from rulesq.games.bluemoon.judge.claims import Claim, Gather
from rulesq.games.bluemoon.judge.disclosure import disclosed as disclosing_play
from rulesq.games.bluemoon.judge.disclosure import disclosures
from rulesq.games.bluemoon.judge.forces import Forces, Source
from rulesq.games.bluemoon.judge.hands import (
    AT_END_OF_TURN,
    FROM_DECK,
    FROM_PILE,
    REFRESH_TO,
    Moment,
    Plan,
    Taking,
    apply_effect,
    deck_lost,
    discarded_for,
    draw_place_ok,
    no_refresh_reason,
    pending_play,
    refresh_moment,
    replacement_pending,
    rest_of_turn,
    timed,
    turn_cut,
)
from rulesq.games.bluemoon.judge.permits import forbid_claims, permitted, stopped
from rulesq.games.bluemoon.judge.placing import placed_nowhere
from rulesq.games.bluemoon.judge.requirements import Kind as Need
from rulesq.games.bluemoon.judge.requirements import excess, play_requirements
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.state import (
    ASSUMED_DECK,
    ME,
    YOU,
    State,
    Step,
    Zone,
    pile_size,
)
from rulesq.games.bluemoon.judge.timeline import end_of_fight_targets
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.kinds import Kind
from rulesq.games.bluemoon.selectors import Cards, Place, Q, Quantity
from rulesq.games.bluemoon.times import W
from rulesq.games.bluemoon.vocab import Role
from rulesq.games.bluemoon.vocab import Zone as TextZone

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

ASSUMED_PILE = "the discard pile is taken to hold enough cards for these draws"
#: A text's optional draw counted as made ({name}: the card, quoted): shown as the
#: end-of-fight draw to a number is (``Timeline.draw_at_fight_end``).
OPTIONAL_TAKEN = "{name} draws {n} card(s) (an optional draw, taken to be made): {quote}"
#: A hand counted while its refresh is due now: the count is the one before it.
BEFORE_REFRESH = (
    "counted before the refresh due now ({reason}); "
    '"to how many cards do I refresh my hand?" gives the count after it'
)


def deck_assumed(who: str, drawn: int) -> str:
    """The assumption that a draw deck of unstated size holds the ``drawn`` cards taken from it.

    Shown with the answer, as the pile's is: with fewer cards in the deck, fewer are drawn (as
    far as possible), so the count rests on it.
    """
    poss = "my" if who == ME else "your"
    return (
        f"{ASSUMED_DECK}: the situation does not say how many cards {poss} draw deck holds, "
        f"and {drawn} card(s) are drawn from it (write, e.g., {poss} draw deck has {drawn} cards)"
    )


def pile_assumed(plan: Plan) -> str | None:
    """The assumption a plan's draws from a discard pile of unstated size rest on, or None.

    The FAQ counts such draws as made (an answer held to one card by a prohibition on the hand
    is "One", the pile's size never given), so the count stands, and the answer says what it
    takes the pile to hold and the line that would state it.
    """
    step = plan.pile_unknown
    if step is None or step.source is None:
        return None
    poss = "my" if plan.who == ME else "your"
    known, _ = pile_size(plan.forces.state, plan.who)
    return (
        f'{ASSUMED_PILE}: "{step.source.card.name}" draws from {poss} discard pile as many '
        f"cards as it holds, and the situation does not say how many it holds ({known} placed "
        f"there; write, e.g., {poss} discard pile has {step.wanted} cards)"
    )


def _plan_ruling(plan: Plan, what: str) -> Ruling:
    """The ruling that explains a plan of draws."""
    parts = []
    for step in plan.steps:
        text = f"{step.label}: {step.drawn}"
        if step.pile_out is not None:
            text += f" (the discard pile holds {step.pile_out} card(s): as many as it holds)"
            plan.rules.append(R.AS_FAR_AS_POSSIBLE)
        if step.stopped_by is not None:
            text += f' (then "{step.stopped_by.card.name}" stops it: {step.stopped_by.quote})'
        parts.append(text)
    reason = f"{what}: " + ("; ".join(parts) if parts else "no draws")
    ruling = yes(reason)
    if plan.stopped:
        stop = stopped(plan.forces, plan.stopped[0], reason)
        ruling.cite(*stop.rules, R.AS_FAR_AS_POSSIBLE, R.DRAW_ONE_BY_ONE)
        ruling.sources += plan.stopped
        ruling.step = stop.step
    ruling.cite(*plan.rules)
    ruling.sources += [s.source for s in plan.steps if s.source is not None]
    for step in plan.steps:
        if step.stopped_by is not None and step.wanted is not None:
            ruling.beaten.append((f"{step.wanted} card(s) for {step.label}", step.stopped_by))
    if plan.assumed_deck:
        ruling.negatives.append(ASSUMED_DECK)
    if plan.past_deck:
        ruling.assumptions.append(deck_assumed(plan.who, plan.past_deck))
    pile = pile_assumed(plan)
    if pile is not None:
        ruling.negatives.append(ASSUMED_PILE)
        ruling.assumptions.append(pile)
    for step in plan.steps:
        if step.optional and step.source is not None and step.drawn:
            name, quote = f'"{step.source.card.name}"', step.source.quote
            ruling.assumptions.append(OPTIONAL_TAKEN.format(name=name, n=step.drawn, quote=quote))
    for source in plan.taken:
        # The FAQ calls it taking cards into the hand, gained by other wording than a draw:
        # shown beside the count, not counted.
        ruling.reason += (
            f'; "{source.card.name}" takes cards into the hand without drawing them: {source.quote}'
        )
        ruling.sources.append(source)
    return ruling


def draw_count(ctx: Context) -> Answer:
    """Answer ``how many cards do I draw?`` (from now to the end of the turn)."""
    view = View(ctx)
    forces = after_retreat(view)
    plan = rest_of_turn(forces, view.who)
    ruling = _plan_ruling(plan, f"{plan.total} card(s) drawn to the end of the turn")
    ruling.negatives.append("no further cards are taken to be played this turn")
    return view.answer(Number(plan.total), ruling)


def after_retreat(view: View) -> Forces:
    """The cards in force now, or once the fight a retreat ended is over (its end unstated).

    A retreat ends the fight (rulebook p.7) on this turn, and its end refreshes the hands.
    """
    state = view.state
    if not state.fight_over and any(p.retreated for p in state.players.values()):
        return Forces(fight_ended(state))
    return view.forces


def hand_count(ctx: Context) -> Answer:
    """Answer ``how many cards do I have in hand?`` (once the latest play's text is done)."""
    view = View(ctx)
    forces = view.forces
    state = view.state
    plan = Plan(forces, view.who, state.hand_size(view.who), Taking(forces, view.who))
    pending = pending_play(state, forces)
    if pending is not None:
        plan.rules.append(R.TEXT_AFTER_PLAY)
        for source in pending[1]:
            apply_effect(plan, source, play=pending[0])
    if plan.hand is None:
        raise CannotAnswer("the situation does not say how many cards the player holds")
    limited = _limit_pending(forces, view.who)
    if limited is not None:
        plan.hand -= limited[0]
        plan.rules.append(R.TEXT_AFTER_PLAY)
    ruling = _plan_ruling(plan, f"{plan.hand} card(s) in hand")
    if limited is not None and limited[0]:
        ruling.reason += f'; "{limited[1].card.name}" makes the player discard {limited[0]}'
        ruling.sources.append(limited[1])
    moment = refresh_moment(state, view.who)
    if moment is not None:
        ruling.assumptions.append(BEFORE_REFRESH.format(reason=moment.reason))
    return view.answer(Number(plan.hand), ruling)


def _limit_pending(forces: Forces, who: str) -> tuple[int, Source] | None:
    """The cards a hand limit the latest play sets now still takes, and its text.

    "Now you may not have more than five cards in your hand and you must discard any additional
    cards": the count once the play's text is done leaves them out.
    """
    state = forces.state
    plays = list(state.events_of("play", this_turn=True))
    if not plays or state.turn_over:
        return None
    last = plays[-1]
    if any(e.kind in ("draw", "phase") and e.seq > last.seq for e in state.events):
        return None
    for req in play_requirements(forces, last):
        if req.who == who and req.kind is Need.LIMIT:
            return excess(forces, req), req.source
    return None


# ---------------------------------------------------------------------- refreshing
#: The act of refreshing one's own hand.
REFRESH = a.Refresh(place=Place(owner=Role.CONTROLLER, zones=(TextZone.HAND,)))


def fight_ended(state: State) -> State:
    """The state once the fight ends: the combat and support areas (and landed ships) cleared."""
    after = state.snapshot()
    for card in after.cards:
        if card.zone in (Zone.COMBAT, Zone.SUPPORT, Zone.LANDED):
            card.zone = Zone.DISCARD
            card.active = False
    after.fight_over = True
    return after


def _refresh_ruling(view: View, period: str | None) -> Ruling:
    """Whether the player refreshes the hand now (or at the end of the turn or fight)."""
    state = view.state
    who = view.who
    forces = None
    if period == "turn":
        cut = turn_cut(state, who)
        if cut is not None:
            return no(
                f"the turn reaches no Refresh Hand phase for the player: {cut}",
                R.REFRESH_MOMENTS,
                R.ANNOUNCE_RETREAT,
            )
        if state.current_phase > Step.REFRESH_HAND:
            return no("the Refresh Hand phase of this turn is over", R.REFRESH_MOMENTS)
        moment = Moment(
            "phase",
            "the turn reaches its Refresh Hand phase",
            [R.REFRESH_FROM_DECK, R.REFRESH_MOMENTS],
        )
    elif period == "fight":
        moment = Moment(
            "fight", "at the end of a fight both players refresh their hands", [R.FIGHT_END_REFRESH]
        )
        forces = Forces(fight_ended(state))
    elif period is None:
        forces = after_retreat(view)
        found = refresh_moment(forces.state, who)
        if found is None:
            reason, rules = no_refresh_reason(state, who)
            return no(reason, *rules)
        moment = found
    else:
        raise CannotAnswer(
            f"rulesq cannot tell whether hands are refreshed at the end of the {period}"
        )
    ruling = permitted(
        forces or view.forces,
        who,
        REFRESH,
        base=yes(moment.reason, *moment.rules),
        why="; refreshing takes cards from the draw deck into the hand",
        cite=(R.REFRESH_TAKES_FROM_DECK,),
        permits=False,
    )
    if ruling.allowed and ruling.step is None:
        ruling.negatives.append("no active card forbids taking cards into the hand")
    return ruling


def can_refresh(ctx: Context) -> Answer:
    """Answer ``can I refresh my hand [at the end of the turn]?``."""
    view = View(ctx)
    assume_turn(view, REFRESHES_ON_OWN_TURN)  # no turn stated: re-asked on the other
    period = ctx.question.param("period")
    return view.yes_no(_refresh_ruling(view, str(period) if period else None))


#: Why a question about refreshing, with no turn stated, is asked on the asker's turn first.
REFRESHES_ON_OWN_TURN = "a player refreshes his hand on his own turn"


def must_refresh(ctx: Context) -> Answer:
    """Answer ``must I refresh my hand?``: refreshing is not optional."""
    view = View(ctx)
    assume_turn(view, REFRESHES_ON_OWN_TURN)
    ruling = _refresh_ruling(view, None)
    if ruling.allowed:
        ruling.reason += "; refreshing is not optional"
        ruling.cite(R.REFRESH_NOT_OPTIONAL, R.REFRESH_FROM_DECK)
    return view.yes_no(ruling)


def refresh_size(ctx: Context) -> Answer:
    """Answer ``to how many cards do I refresh my hand?``."""
    view = View(ctx)
    who = view.who
    forces = after_retreat(view)
    state = forces.state
    moment = refresh_moment(state, who)
    target = REFRESH_TO
    ruling = yes(f"a hand is refreshed to {REFRESH_TO} cards", R.REFRESH_SIX)
    texts = end_of_fight_targets(forces, who)
    if moment is not None and moment.kind == "fight":
        for n, source in texts:
            if n > target:
                target = n
                ruling.sources.append(source)
                ruling.reason = (
                    f'at the end of the fight "{source.card.name}" lets the '
                    f"player draw to {n} cards: {source.quote}"
                )
                ruling.cite(R.SUPERSEDE)
    elif moment is not None:
        ruling.reason = f"{moment.reason}, to {REFRESH_TO} cards"
        ruling.cite(*moment.rules)
        for n, source in texts:
            ruling.beaten.append((f"{n} (not the end of a fight)", R.DECLINE_NOT_END_OF_FIGHT))
            ruling.cite(R.DECLINE_NOT_END_OF_FIGHT)
            del n, source
    hand = state.hand_size(who)
    taking = Taking(forces, who)
    if hand is not None:
        plan = Plan(forces, who, hand, taking)
        plan.take_to(target, "refresh")
        if plan.stopped:
            ruling.reason += f'; "{plan.stopped[0].card.name}" stops it at {plan.hand} cards'
            ruling.sources += plan.stopped
            stop = stopped(forces, plan.stopped[0], ruling.reason)
            ruling.cite(*stop.rules, R.AS_FAR_AS_POSSIBLE)
            ruling.step = stop.step
            assert plan.hand is not None
            target = plan.hand
    elif taking.prohibitions:
        raise CannotAnswer(
            "the situation does not say how many cards the player holds, and a "
            "card limits taking cards into the hand"
        )
    return view.answer(Number(target), ruling)


# ---------------------------------------------------------------------- drawing now
def _draw_offers(view: View) -> list[tuple[range, Ruling, bool]]:
    """What the player may draw now: (how many, why, whether it is optional)."""
    state = view.state
    forces = view.forces
    who = view.who
    out: list[tuple[range, Ruling, bool]] = []
    event = replacement_pending(state, who)
    if event is not None:
        out.append(
            (
                range(1, 2),
                yes(
                    f'"{event.cards[0].name}" was discarded with its REPLACE '
                    "icon: a replacement card may be drawn",
                    R.REPLACE,
                    R.REPLACE_TWO_OPTIONS,
                ),
                True,
            )
        )
    moment = refresh_moment(state, who)
    hand = state.hand_size(who)
    if moment is not None and hand is None:
        # A refresh draws as many as the hand lacks of six: none, or up to six.
        raise CannotAnswer(
            f"{moment.reason}, drawing up to six cards, and the situation does not say how many "
            "cards the player holds (write, e.g., I have 4 cards in hand)"
        )
    if moment is not None and hand is not None:
        need = max(0, REFRESH_TO - hand)
        out.append((range(need, need + 1), yes(moment.reason, *moment.rules), False))
    sources: list[Source] = []
    if (
        state.turn_owner is not None
        and not state.turn_over
        and state.current_phase == Step.END_OF_TURN
    ):
        sources += timed(forces, who, W.END_OF_TURN) + timed(forces, who, W.TURN_ABOUT_TO_END)
    pending = pending_play(state, forces)
    if pending is not None and pending[0].who == who:
        sources += pending[1]
    for source in sources:
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect)
        for do in effect.dos:
            if who not in players_of(do.actor, source.controller):
                continue
            for act in do.acts:
                if isinstance(act, a.DrawTo) and act.n is not None:
                    # "I may draw to nine cards": as many as the hand lacks of it.
                    if hand is None:
                        raise CannotAnswer(
                            f'"{source.card.name}" draws to {act.n} cards ({source.quote}), '
                            "and the situation does not say how many cards the player holds"
                        )
                    need = max(0, act.n - hand)
                    text = yes(f'"{source.card.name}": {source.quote}', sources=[source])
                    out.append((range(need, need + 1), text, do.mode is a.Mode.MAY))
                if isinstance(act, a.Draw) and isinstance(act.cards, Cards):
                    quantity = act.cards.quantity
                    same = quantity.kind in (Q.SAME_NUMBER, Q.UP_TO_SAME_NUMBER)
                    if same and pending is not None and source in pending[1]:
                        # "draw up to the same number of cards": as many as discarded for it
                        n = discarded_for(forces, who, pending[0])
                        if n == 0:
                            raise CannotAnswer(
                                f'"{source.card.name}" draws as many cards as were discarded '
                                f"for it ({source.quote}), and the situation states no discard "
                                "for it (write, e.g., I discard 2 cards)"
                            )
                        low = 0 if quantity.kind is Q.UP_TO_SAME_NUMBER else n
                    elif quantity.kind not in (Q.COUNT, Q.UP_TO, Q.ARTICLE, Q.OF):
                        raise CannotAnswer(
                            f'rulesq does not follow "{quantity.render()}" in '
                            f'"{source.card.name}" ({source.quote})'
                        )
                    else:
                        n = quantity.n or 1
                        low = 0 if quantity.kind is Q.UP_TO else n
                    optional = do.mode is a.Mode.MAY
                    out.append(
                        (
                            range(low, n + 1),
                            yes(
                                f'"{source.card.name}": {source.quote}',
                                R.SUPERSEDE,
                                sources=[source],
                            ),
                            optional,
                        )
                    )
    return out


def can_draw(ctx: Context) -> Answer:
    """Answer ``can I draw 2 cards?``: the texts in force, then what lets the player draw."""
    view = View(ctx)
    n = int(ctx.question.param("number", 1))
    offers = _held_offers(view)
    fitting = [ruling for r, ruling, _ in offers if n in r]
    # Drawn only by texts' "additional cards at the end of my turn" (words a prohibition names).
    additional = bool(fitting) and all(_additional_end(r) for r in fitting)
    # Drawn only from a (shuffled) discard pile: no card is taken from the draw deck (with
    # none fitting, every offer is from the pile: a pile too small, not the deck, says no).
    drawn = fitting or [ruling for _, ruling, _ in offers]
    from_pile = bool(drawn) and all(_from_pile(r, view.who) for r in drawn)
    place = FROM_PILE if from_pile else FROM_DECK
    act = a.Draw(cards=Cards(quantity=Quantity(Q.COUNT, n), place=place, additional=additional))
    stops = Gather(
        frozenset({Kind.YOU_MAY_NOT, Kind.CARD_TEXT}),
        lambda: _stops(view, n, additional, from_deck=not from_pile),
    )
    ruling = permitted(
        view.forces,
        view.who,
        act,
        when=AT_END_OF_TURN if additional else None,
        base=lambda: _draw_base(view, n),
        extra=[stops],
        cite=(R.AS_FAR_AS_POSSIBLE,),
        permits=False,
    )
    return view.yes_no(ruling)


def _draw_base(view: View, n: int) -> Ruling:
    """What lets the player draw ``n`` cards now, by the rules or a text's own words."""
    offers = _held_offers(view)
    if not offers:
        _no_moment(view.state)
        return no("no rule or text lets the player draw cards now", R.REFRESH_MOMENTS)
    deck = view.state.player(view.who).deck_count
    pile, pile_exact = pile_size(view.state, view.who)
    fitting = [(r, ruling) for r, ruling, _ in offers if n in r]
    if not fitting:
        sizes = ", ".join(
            f"{r.start}" if len(r) == 1 else f"{r.start}-{r.stop - 1}" for r, _, _ in offers
        )
        out = no(
            f"the player may draw {sizes} card(s) now, not {n}",
            *offers[0][1].rules,
            sources=offers[0][1].sources,
        )
        if deck is not None and n > deck:
            out.reason += f" (the draw deck holds {deck})"
            out.cite(R.AS_FAR_AS_POSSIBLE)
        elif pile_exact and n > pile and all(_from_pile(o[1], view.who) for o in offers):
            out.reason += f" (the discard pile holds {pile})"
            out.cite(R.AS_FAR_AS_POSSIBLE)
        elif any(opt and len(r) == 1 and n < r.start and got.sources for r, got, opt in offers):
            # "I may draw two cards": two or none; only "up to" lets a player draw fewer.
            out.reason += ': the text gives a number of cards, not "up to" a number'
            out.cite(R.UP_TO_ANY_NUMBER)
            if deck is None:
                out.negatives.append(ASSUMED_DECK)
        return out
    _, ruling = fitting[0]
    if _from_pile(ruling, view.who):
        if n > pile and not pile_exact:  # shown: the pile's size is not stated
            poss = "my" if view.who == ME else "your"
            ruling.negatives.append(ASSUMED_PILE)
            ruling.assumptions.append(
                f'{ASSUMED_PILE}: "{ruling.sources[0].card.name}" draws from {poss} discard '
                f"pile as many cards as it holds, and the situation does not say how many it "
                f"holds ({pile} placed there; write, e.g., {poss} discard pile has {n} cards)"
            )
        return ruling
    plan = Plan(
        view.forces, view.who, view.state.hand_size(view.who), Taking(view.forces, view.who)
    )
    plan.take(n, "draw")
    if plan.assumed_deck:
        ruling.negatives.append(ASSUMED_DECK)
    if plan.past_deck:
        ruling.assumptions.append(deck_assumed(plan.who, plan.past_deck))
    return ruling


def _held_offers(view: View) -> list[tuple[range, Ruling, bool]]:
    """The draw offers as the cards there allow: a pile's (size stated) or the draw deck's."""
    deck = view.state.player(view.who).deck_count
    pile, pile_exact = pile_size(view.state, view.who)
    offers = _draw_offers(view)
    player = view.state.player(view.who)
    if deck is None and any(
        o[0].stop - 1 > player.deck_least and not _from_pile(o[1], view.who) for o in offers
    ):
        deck_lost(player.deck_most)
    return [
        (_within(o, pile, "discard pile") if pile_exact else o)
        if _from_pile(o[1], view.who)
        else (o if deck is None else _within(o, deck, "draw deck"))
        for o in offers
    ]


def _within(offer: tuple[range, Ruling, bool], deck: int, where: str) -> tuple[range, Ruling, bool]:
    """A draw offer as the deck's (or pile's) cards allow: as many as possible if fewer."""
    r, ruling, optional = offer
    if r.start <= deck:
        return range(r.start, min(r.stop, deck + 1)), ruling, optional
    ruling.reason += f" (the {where} holds {deck} card(s): as many as possible)"
    ruling.cite(R.AS_FAR_AS_POSSIBLE)
    return range(deck, deck + 1), ruling, optional


def _additional_end(ruling: Ruling) -> bool:
    """Whether a draw offer is a text's "additional cards" drawn at the end of the turn."""
    for source in ruling.sources:
        effect = source.effect
        if not isinstance(effect, fx.ActionEffect) or effect.when is None:
            continue
        if effect.when.kind is W.END_OF_TURN and any(
            isinstance(act, a.Draw) and isinstance(act.cards, Cards) and act.cards.additional
            for do in effect.dos
            for act in do.acts
        ):
            return True
    return False


def _from_pile(ruling: Ruling, who: str) -> bool:
    """Whether a draw offer is a text's draw from a pile, not from the draw deck."""
    return any(_draws_from_pile(source, who) for source in ruling.sources)


def _draws_from_pile(source: Source, who: str) -> bool:
    """Whether ``source``'s text has ``who`` draw from a pile, not from the draw deck."""
    effect = source.effect
    return isinstance(effect, fx.ActionEffect) and any(
        isinstance(act, a.Draw) and not draw_place_ok(act, who, source.controller)[1]
        for do in effect.dos
        for act in do.acts
    )


def _stops(view: View, n: int, additional: bool = False, *, from_deck: bool = True) -> list[Claim]:
    """The texts that stop one of the ``n`` cards drawn one by one (as the hand grows)."""
    plan = Plan(
        view.forces, view.who, view.state.hand_size(view.who), Taking(view.forces, view.who)
    )
    plan.take(n, "draw", additional_end=additional, from_deck=from_deck)
    return forbid_claims(view.forces, plan.stopped[0]) if plan.stopped else []


def must_draw(ctx: Context) -> Answer:
    """Answer ``must I draw 1 card?``."""
    view = View(ctx)
    n = int(ctx.question.param("number", 1))
    for r, ruling, optional in _draw_offers(view):
        if n not in r:
            continue
        if optional:
            ruling.allowed = False
            ruling.reason = f"the draw is optional: {ruling.reason}"
            return view.yes_no(ruling)
        ruling.cite(R.REFRESH_NOT_OPTIONAL)
        return view.yes_no(ruling)
    _no_moment(view.state)
    return view.yes_no(
        no(f"no rule or text requires the player to draw {n} card(s) now", R.REFRESH_MOMENTS)
    )


def _no_moment(state: State) -> None:
    """Cannot answer that no rule lets a player draw when no turn is stated at all.

    A draw comes at a moment of a turn (a refresh, the end of a turn, a text played as it
    acts): with none stated, whether it is such a moment is not known.
    """
    if state.turn_owner is None and state.phase is None and not state.fight_over:
        raise CannotAnswer(
            "no turn is stated, and whether a player may draw now rests on whose turn and "
            "which phase it is (say it: it is my turn, phase End of Turn)"
        )


# ---------------------------------------------------------------------- shuffling back
def can_shuffle(ctx: Context) -> Answer:
    """Answer ``can I shuffle "A" and "B" into my draw deck?``."""
    view = View(ctx)
    state = view.state
    who = view.who
    cards = [view.card(ref, who) for ref in ctx.question.cards]
    outside = [c for c in cards if c.zone is not Zone.HAND or c.owner != who]
    if outside:
        return view.yes_no(
            no(f'"{outside[0].name}" is not in the player\'s hand', R.CARD_LOCATIONS)
        )
    used = {e.cards[0].uid for e in state.events_of("use_text", who, this_turn=True)}
    for card in state.owned(who):
        if card.uid not in used and not (
            state.current_phase == Step.END_OF_TURN and view.forces.live(card)
        ):
            continue
        for source in view.forces.in_force(card):
            ruling = _shuffle_text(source, len(cards))
            if ruling is not None:
                return view.yes_no(ruling)
    return view.yes_no(
        no(
            "no text lets the player shuffle cards from the hand into the draw deck now",
            R.DISCARD_ONLY_WHEN_PERMITTED,
        )
    )


def _shuffle_text(source: Source, n: int) -> Ruling | None:
    effect = source.effect
    if not isinstance(effect, fx.ActionEffect):
        return None
    for do in effect.dos:
        for i, act in enumerate(do.acts):
            if not isinstance(act, a.Shuffle) or not isinstance(act.what, Cards):
                continue
            if "hand" not in {z.value for z in getattr(act.what.place, "zones", ())}:
                continue
            quantity = act.what.quantity
            limit = quantity.n or 1
            ok = n <= limit if quantity.kind is Q.UP_TO else n == limit
            if not ok:
                return no(
                    f'"{source.card.name}" shuffles {act.what.render()}, not {n} cards',
                    sources=[source],
                )
            ruling = yes(f'"{source.card.name}": {source.quote}', R.SUPERSEDE, sources=[source])
            if i > 0:
                ruling.reason += (
                    '; the part before "then" (the draw) is finished first, so '
                    "the cards just drawn are in the hand"
                )
                ruling.cite(R.THEN_FINISHES_FIRST)
            return ruling
    return None


# ---------------------------------------------------------------------- disclosure
def disclosed(ctx: Context) -> Answer:
    """Answer ``is "X" disclosed?``."""
    view = View(ctx)
    card = view.card()
    state = view.state
    if card.zone is not Zone.HAND:
        return view.yes_no(
            no(f'"{card.name}" is not in a hand ({card.zone.value})', R.DISCLOSED_REMAIN)
        )
    if placed_nowhere(card):  # placed nowhere: in a hand a text disclosed, or anywhere else
        opened = [s for who in (ME, YOU) for _, s in disclosures(state, view.forces, who)]
        if opened:
            raise CannotAnswer(
                f'the situation does not say where "{card.name}" is, and "{opened[0].card.name}" '
                f"disclosed a hand: it is disclosed if it was in that hand then (say where it "
                f'is: you have in hand "{card.name}")'
            )
    event = disclosing_play(state, view.forces, card)
    if event is not None:
        ruling = yes(
            f'"{event.cards[0].name}" disclosed the hand as it was played, with '
            f'"{card.name}" in it; disclosed cards stay open until used',
            R.DISCLOSED_REMAIN,
            R.NOW_WHEN_PLAYED,
        )
        ruling.sources = [s for e, s in disclosures(state, view.forces, card.owner) if e is event]
        return view.yes_no(ruling)
    earlier = disclosures(state, view.forces, card.owner)
    if earlier:
        event, source = earlier[-1]
        ruling = no(
            f'"{source.card.name}" disclosed the hand when it was played ("now"); '
            f'"{card.name}" was taken into the hand afterwards',
            R.NOW_WHEN_PLAYED,
            R.DISCLOSED_REMAIN,
            sources=[source],
        )
        return view.yes_no(ruling)
    ruling = no("no text has disclosed the hand", R.DISCLOSED_REMAIN)
    ruling.negatives.append("no card text disclosing the hand was played")
    return view.yes_no(ruling)
