"""Discarding cards in play by a card's text ("Now I may discard all of your active support cards").

A text discards the cards its words name, read now: "FREE cards" are cards with a FREE icon that
is not ignored (an icon added while a card was played is gone once it is in play), "active" cards
are in play and not covered (cards on ships and interference cards once applied are not). The
opponent's cards with an effective PROTECTED icon cannot be discarded (rulebook p.15). "One of"
takes one card (two PAIR cards still count as two); an exception of "one active character card"
is a card the text's player chooses to leave, so any other card may go. "Now" texts act when
their card is played, "On my turn" texts on their player's turn only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.conditions import Having
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import Instance, Step, Zone
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.kinds import Group
from rulesq.games.bluemoon.selectors import CardChoice, Cards, CardSet, Q, Quantity, Ref
from rulesq.games.bluemoon.selectors import R as RefKind
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.selectors import CardsExpr


#: The phase at which a moment of a text falls ("at the end of my turn": End of Turn).
PHASE_OF_MOMENT = {W.END_OF_TURN: Step.END_OF_TURN, W.BEGINNING_OF_TURN: Step.BEGINNING_OF_TURN}
#: How ``_closed`` marks a time it does not follow (the time's words follow).
UNFOLLOWED = "unfollowed time: "


@dataclass
class Offer:
    """A text of the player's that discards cards in play, and whether it may act now."""

    source: Source
    act: a.Discard
    closed: str | None = None
    #: "I may ...": its player chooses whether to act (FAQ: 'if it uses "may" you may choose
    #: not to take any action').
    optional: bool = False


def play_discard(act: a.Act) -> bool:
    """Whether a discard act names cards in play rather than in a hand."""
    if not isinstance(act, a.Discard):
        return False
    options = options_of(act.cards)
    if not options:
        return False
    for option in options:
        place = option.place
        zones = getattr(place, "zones", ())
        if any(z.value == "hand" for z in zones):
            return False
    return True


def them_of(act: a.Act, effect: fx.ActionEffect | fx.Obligation) -> a.Act:
    """A discard of "one of them" read as the cards its condition counts, or the act as it is.

    "If you have more than one active character card, I may now discard one of them."
    """
    condition = getattr(effect, "condition", None)
    if not (
        isinstance(act, a.Discard)
        and isinstance(act.cards, Ref)
        and act.cards.kind is RefKind.PART_OF_THEM
        and isinstance(condition, Having)
        and isinstance(condition.have.what, Cards)
    ):
        return act
    them = replace(
        condition.have.what, quantity=Quantity(Q.OF, act.cards.n or 1), owner=condition.who
    )
    return replace(act, cards=them)


def options_of(expr: CardsExpr) -> list[Cards]:
    """The alternatives or parts of a card selector ("X or Y", "X and Y"), or itself."""
    if isinstance(expr, CardChoice):
        return list(expr.options)
    if isinstance(expr, CardSet):
        return list(expr.parts)
    return [expr] if isinstance(expr, Cards) else []


#: The modes in which a clause lets its player discard ("I may", "I must", plain "I discard").
PERMITTING = {a.Mode.PLAIN, a.Mode.MAY, a.Mode.MUST}


def offers(forces: Forces, who: str) -> list[Offer]:
    """The texts of ``who``'s cards that discard cards in play, with their time."""
    state = forces.state
    out: list[Offer] = []
    for card in state.cards:
        if card.owner != who:
            continue
        gone = card.zone is Zone.GONE
        if not gone and not forces.live(card):
            continue
        sources = with_interference_effects(forces, forces.in_force(card, in_hand=gone))
        out += offers_of(forces, sources)
    return out


def offers_of(forces: Forces, sources: list[Source]) -> list[Offer]:
    """The texts among ``sources`` that let their player discard cards in play."""
    out: list[Offer] = []
    for source in sources:
        effect = source.effect
        if not isinstance(effect, fx.ActionEffect | fx.Obligation):
            continue
        dos = effect.dos if isinstance(effect, fx.ActionEffect) else (effect.do,)
        for do in dos:
            if do.actor.value != "controller" or do.mode not in PERMITTING:
                continue
            for act in (them_of(act, effect) for act in do.acts):
                if play_discard(act):
                    assert isinstance(act, a.Discard)
                    offer = Offer(source, act, optional=do.mode is a.Mode.MAY)
                    offer.closed = _closed(forces, source, effect)
                    out.append(offer)
    return out


def with_interference_effects(forces: Forces, sources: list[Source]) -> list[Source]:
    """The sources, with the effects of interference cards played in answer this turn."""
    out: list[Source] = []
    for source in sources:
        effect = source.effect
        if not isinstance(effect, fx.InterferenceTrigger):
            out.append(source)
            continue
        played = any(
            e.cards and e.cards[0] is source.card
            for e in forces.state.events_of("interference_action", this_turn=True)
        )
        if played:
            out.extend(Source(source.card, inner, source.index) for inner in effect.effects)
    return out


def _closed(forces: Forces, source: Source, effect: fx.ActionEffect | fx.Obligation) -> str | None:
    """Why a text cannot act now, or None."""
    state = forces.state
    who = source.controller
    when = effect.when
    if effect.condition is not None and not holds(effect.condition, who, forces, source.card):
        return f'"{source.card.name}" acts only if {effect.condition.render()}'
    if when is None or when.kind is W.NOW:
        events = [
            e
            for e in state.events
            if e.turn == state.turn
            and e.who == who
            and e.kind in ("play", "interference_action")
            and e.cards
            and e.cards[0] is source.card
        ]
        if not events:
            return f'"{source.card.name}" acts when it is played ("now"), not later'
        later = [
            e
            for e in state.events
            if e.seq > events[-1].seq
            and e.turn == state.turn
            and (e.kind == "phase" or e.kind == "play" and e.who == who)
        ]
        if later or state.turn_over:
            return f'"{source.card.name}" acted when it was played ("now"); play has moved on since'
        return None
    if when.kind is W.ON_TURN:
        owners = players_of(when.role, who) if when.role is not None else (who,)
        if state.turn_owner not in owners or state.turn_over:
            return f'"{source.card.name}" acts only {when.render()}, and it is not that turn'
        card = source.card
        uses = [
            e.seq
            for e in state.events_of("use_text", who, this_turn=True)
            if e.cards and e.cards[0] is card and e.seq > card.seq
        ]
        if uses and any(
            e.seq > uses[0] and e.data.get("where") == "play" and e.data.get("owner") != who
            for e in state.events_of("discard", who, this_turn=True)
        ):
            # "On my turn, I may discard one of …": used, its discard made.
            return f'"{card.name}" was already used on this turn; it acts once on each turn'
        return None
    step = PHASE_OF_MOMENT.get(when.kind)
    if step is not None and when.role is not None:
        if (
            state.turn_owner not in players_of(when.role, who)
            or state.turn_over
            or state.current_phase != step
        ):
            return f'"{source.card.name}" acts only {when.render()}, and it is not that moment'
        return None
    return UNFOLLOWED + when.render()


def counted_exception(exception: CardsExpr) -> bool:
    """An exception that spares some cards the text's player picks ("one active character")."""
    return isinstance(exception, Cards) and (
        exception.last_remaining or exception.quantity.kind in (Q.COUNT, Q.OF)
    )


def fits(forces: Forces, offer: Offer, cards: list[Instance]) -> Ruling | None:
    """Why the text cannot discard these cards together (a ruling), or None if it can."""
    who = offer.source.controller
    reasons: list[Ruling] = []
    for option in options_of(offer.act.cards):
        why = _fits_option(forces, option, cards, who)
        if why is None:
            return None
        why.reason = f'"{offer.source.card.name}": {why.reason}'
        why.sources.insert(0, offer.source)
        reasons.append(why)
    return reasons[0] if reasons else no("the text names no cards in play", sources=[offer.source])


#: Numbers that are the most cards a text discards ("one of", "up to two").
UPPER_BOUNDS = {Q.OF, Q.COUNT, Q.ARTICLE, Q.UP_TO, Q.NO_MORE_THAN, Q.EXACTLY}
#: Numbers that are the fewest cards a text discards ("at least two", "exactly two").
LOWER_BOUNDS = {Q.AT_LEAST, Q.EXACTLY}
#: Numbers that name no bound ("all of", "any number of", "your … cards").
UNBOUNDED = {Q.GENERIC, Q.ALL, Q.EACH, Q.ANY_NUMBER, Q.ANY, Q.DEFINITE}


def _fits_option(forces: Forces, option: Cards, cards: list[Instance], who: str) -> Ruling | None:
    base = replace(
        option,
        quantity=Quantity(),
        exceptions=tuple(e for e in option.exceptions if not counted_exception(e)),
    )
    for card in cards:
        if not matches(base, card, who, forces):
            return _not_named(forces, option, card, who)
    for exception in option.exceptions:
        if not counted_exception(exception):
            continue
        assert isinstance(exception, Cards)
        spare = 1 if exception.last_remaining else exception.quantity.n or 1
        kind = replace(exception, quantity=Quantity(), last_remaining=False)
        named = replace(option, quantity=Quantity(), exceptions=())
        pool = [
            c
            for c in forces.state.cards
            if c.in_play
            and matches(kind, c, who, forces)
            and (exception.last_remaining or matches(named, c, who, forces))
        ]
        left = [c for c in pool if c not in cards]
        if len(left) < spare and any(c in pool for c in cards):
            return no(
                f"the text leaves {exception.render()}, and no other card could be the one left",
                R.READER_CHOOSES,
            )
    quantity = option.quantity
    limit = quantity.n or 1
    if (
        quantity.kind in LOWER_BOUNDS
        and len(cards) < limit
        or quantity.kind is Q.MORE_THAN
        and len(cards) <= limit
    ):
        return no(
            f"the text discards {quantity.render()} card(s), and these are {len(cards)}",
            R.SUPERSEDE,
        )
    if quantity.kind not in UPPER_BOUNDS | LOWER_BOUNDS | UNBOUNDED | {Q.MORE_THAN}:
        raise CannotAnswer(f'rulesq does not follow "{quantity.render()}" in "{option.render()}"')
    if quantity.kind in UPPER_BOUNDS and len(cards) > limit:
        ruling = no(
            f"the text discards {limit} card{'s' if limit > 1 else ''}, and these are "
            f"{len(cards)} cards",
            R.SUPERSEDE,
        )
        if any(c.info.icons & {"PAIR"} for c in cards):
            ruling.reason += " (PAIR cards still count as two cards)"
            ruling.cite(R.PAIR_CARDS_COUNT_TWO)
        return ruling
    return None


def _not_named(forces: Forces, option: Cards, card: Instance, who: str) -> Ruling:
    """Why a card is not one of those a text names, with what ignores its icon."""
    ruling = no(f'"{card.name}" is not one of the cards it names ({option.render()})')
    icon = option.icon
    if icon is None or forces.has_icon(card, icon):
        return ruling
    ruling.cite(R.ICON_CARDS_NOT_IGNORED)
    why = forces.icon_ignored(card, icon)
    if icon.upper() in card.info.icons and why is not None:
        ruling.reason += f'; its {icon} icon is ignored (by "{why.source.card.name}")'
        ruling.sources.append(why.source)
        ruling.cite(R.IGNORING)
        return ruling
    played = [e for e in forces.state.events_of("play") if e.cards and e.cards[0] is card]
    if played and (
        icon.upper() in played[-1].data.get("as_if", frozenset()) or played[-1].data.get("free")
    ):
        ruling.reason += (
            f"; it was played as if it had the {icon} icon, which lasted only while it was played"
        )
        ruling.cite(R.ADDED_ICON_WHILE_PLAYED)
        return ruling
    ruling.reason += f"; it has no {icon} icon once in play"
    if any(isinstance(s.effect, fx.PlayAsIf) for s in effects_of(card)):
        ruling.cite(R.BP_NOT_FREE)
    return ruling


def discard_in_play(forces: Forces, who: str, cards: list[Instance]) -> Ruling:
    """May ``who`` discard these cards in play by a text of theirs now?"""
    for card in cards:
        if not (card.in_play and card.active):
            where = "loaded on a ship, not in play" if card.zone is Zone.CARGO else card.zone.value
            if card.zone is Zone.GONE:
                where = "an interference card, on the discard pile once applied"
            ruling = no(f'"{card.name}" is not an active card in play ({where})', R.CARD_LOCATIONS)
            if card.zone is Zone.CARGO:
                ruling.cite(R.CARGO_NOT_IN_PLAY)
            if card.zone is Zone.GONE:
                ruling.cite(R.INTERFERENCE_PLACE)
            return ruling
    found = offers(forces, who)
    if not found:
        return no(
            "no text of the player's permits this discard: discarding is allowed only "
            "where specifically permitted",
            R.DISCARD_ONLY_WHEN_PERMITTED,
        )
    reasons: list[Ruling] = []
    unknown: list[Offer] = []
    for offer in found:
        if offer.closed is not None and offer.closed.startswith(UNFOLLOWED):
            unknown.append(offer)
            continue
        if offer.closed is not None:
            reasons.append(no(offer.closed, R.VOLUNTARY_ACTIONS_OWN_TURN, sources=[offer.source]))
            continue
        protected = [c for c in cards if c.owner != who and forces.protected(c)]
        if protected:
            names = ", ".join(f'"{c.name}"' for c in protected)
            reasons.append(
                no(
                    f"{names} has an effective PROTECTED icon: the opponent's cards "
                    "cannot discard it",
                    R.PROTECTED_NOT_REDUCED,
                )
            )
            continue
        why = fits(forces, offer, cards)
        if why is not None:
            reasons.append(why)
            continue
        names = ", ".join(f'"{c.name}"' for c in cards)
        ruling = yes(
            f'"{offer.source.card.name}" discards {names}: {offer.source.quote}',
            R.SUPERSEDE,
            sources=[offer.source],
        )
        if any(
            isinstance(e, Cards) and not e.last_remaining and counted_exception(e)
            for o in options_of(offer.act.cards)
            for e in o.exceptions
        ):
            ruling.cite(R.READER_CHOOSES, R.CHOOSING_WHAT_STAYS)
        if any(c.owner != who and "PROTECTED" in c.info.icons for c in cards):
            ignored = [forces.icon_ignored(c, "PROTECTED") for c in cards]
            ruling.sources += [i.source for i in ignored if i is not None]
            ruling.cite(R.PROTECTED_NOT_REDUCED)
        return ruling
    if unknown:
        offer = unknown[0]
        assert offer.closed is not None
        raise CannotAnswer(
            f"rulesq cannot yet tell whether the time "
            f'"{offer.closed.removeprefix(UNFOLLOWED)}" of '
            f'"{offer.source.card.name}" is now ({offer.source.quote})'
        )
    return reasons[0]


#: Numbers that name every card of a kind ("all of your …", "your active FREE cards").
WHOLE = {Q.ALL, Q.GENERIC, Q.EACH}


def discarded_by_use(forces: Forces, card: Instance) -> list[Instance]:
    """The cards in play a used "Now I may discard all of …" text of this card discards.

    Only a text that leaves its player no choice of cards (all of them, no exception he picks)
    says which; the opponent's effectively PROTECTED cards stay.
    """
    who = card.owner
    found: list[Instance] = []
    for offer in offers(forces, who):
        if offer.source.card is not card or offer.closed is not None:
            continue
        options = options_of(offer.act.cards)
        if len(options) != 1 or options[0].quantity.kind not in WHOLE:
            return []
        if any(counted_exception(e) for e in options[0].exceptions):
            return []
        found += [
            c
            for c in forces.state.cards
            if c.in_play
            and c.active
            and c not in found
            and not (c.owner != who and forces.protected(c))
            and fits(forces, offer, [c]) is None
        ]
    return found


def implied_use(forces: Forces, who: str, card: Instance) -> Instance | None:
    """The card whose "On my turn, I may discard …" text a discard with no use stated must be.

    ``who`` discards the opponent's ``card`` in play on his own turn and no use of a text is
    pending: only a text lets him (discarding is allowed only where specifically permitted). When
    the one open text that fits is used once on each turn, the discard is its use; a
    "now" text of a card just played is that play's; several that fit are cannot answer.
    """
    state = forces.state
    discards = [
        e.seq
        for e in state.events_of("discard", who, this_turn=True)
        if e.data.get("where") == "play" and e.data.get("owner") != who
    ]
    last = max(discards, default=-1)
    if any(e.seq > last for e in state.events_of("use_text", who, this_turn=True)):
        return None  # a stated use whose discard this is
    if not any(
        _per_turn_discard(source)
        for c in state.cards
        if c.owner == who and c.in_play
        for source in effects_of(c)
    ):
        return None  # no "On my turn, I may discard" text: nothing to count the use of
    fitting = [
        o for o in offers(forces, who) if o.closed is None and fits(forces, o, [card]) is None
    ]
    users = {id(o.source.card): o.source.card for o in fitting}
    if len(users) > 1:
        names = " or ".join(f'"{c.name}"' for c in users.values())
        raise CannotAnswer(
            f'the discard of "{card.name}" is made by the text of {names}, and the situation '
            'does not say which (write: I use the special power text of "…")'
        )
    effect = fitting[0].source.effect if len(fitting) == 1 else None
    if isinstance(effect, fx.BlueMoonEffect) and effect.group is Group.PER_TURN_OR_EVENT:
        return fitting[0].source.card
    return None


def _per_turn_discard(source: Source) -> bool:
    """Whether a text discards cards in play once on each turn ("On my turn, I may discard")."""
    effect = source.effect
    return (
        isinstance(effect, fx.ActionEffect)
        and effect.group is Group.PER_TURN_OR_EVENT
        and any(play_discard(act) for do in effect.dos for act in do.acts)
    )
