"""Texts that ask a player to discard from hand: which apply, when, and which discards are theirs.

Five kinds of text ask a player to discard cards from hand: an opposing obligation ("By the end of
your Booster/Support phase, you must discard …, or retreat"), the player's own offer ("Now I may
discard … to attract one dragon"), an opposing card forcing the discard ("Now I may force you to
discard two cards from your hand"), a hand limit ("you may not have more than five cards in your
hand and you must discard any additional cards") and the "I must discard … to play this card"
requirement of a card being played. Each discard from hand belongs to one of them (or to declining
to start a fight): the one asked for by the play just before it, or else the obligations of the
player's own turn. An obligation is met in the player's own turn up to the end of the phase it
names; a play's text only as that play is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.cards import UNNAMED
from rulesq.games.bluemoon.judge.claims import not_followed
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.state import Event, Instance, State, Step
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, CardsExpr, Q
from rulesq.games.bluemoon.times import W

#: Steps of a turn a "… phase" of a text names.
PHASE_STEPS = {
    "Leadership": Step.LEADERSHIP,
    "Character": Step.CHARACTER,
    "Booster/Support": Step.BOOSTER_SUPPORT,
}


class Kind(StrEnum):
    """What kind of text asks for the discard."""

    OBLIGATION = "obligation"  # an opposing "you must discard …, or …"
    OFFER = "offer"  # the player's own "I may discard … to …"
    FORCED = "forced"  # an opposing "I may force you to discard …"
    TO_PLAY = "to play"  # "I must discard … to play this card"
    LIMIT = "limit"  # "you may not have more than five cards in your hand and you
    #                               must discard any additional cards"


@dataclass(frozen=True)
class Requirement:
    """One text asking one player to discard from hand."""

    source: Source
    act: a.Discard
    who: str
    kind: Kind
    play: Event | None = None
    #: "Now I may force you to discard …": the text's player may leave it unused.
    optional: bool = False

    @property
    def cards(self) -> CardsExpr:
        """The cards the text asks for."""
        return self.act.cards

    @property
    def name(self) -> str:
        """The card whose text it is."""
        return self.source.card.name


def _discards(do: a.Do) -> list[a.Discard]:
    return [act for act in do.acts if isinstance(act, a.Discard)]


def _from_hand(act: a.Discard) -> bool:
    """Whether a discard act takes cards from a hand (not from play)."""
    cards = act.cards
    options = getattr(cards, "options", None) or getattr(cards, "parts", None) or (cards,)
    for option in options:
        place = getattr(option, "place", None)
        if place is not None and any(z.value == "hand" for z in getattr(place, "zones", ())):
            return True
    return False


def obligation_texts(forces: Forces, who: str) -> list[tuple[Source, a.Discard, bool]]:
    """The obligations of live cards asking ``who`` to discard from hand, and whether in force."""
    _no_lasting_limits(forces, who)
    found = []
    for card in forces.state.cards:
        if not forces.live(card):
            continue
        acting = forces.in_force(card)
        for source in effects_of(card):
            effect = source.effect
            if not isinstance(effect, fx.Obligation) or effect.do.mode is not a.Mode.MUST:
                continue
            if who not in players_of(effect.do.actor, source.controller):
                continue
            for act in _discards(effect.do):
                if _from_hand(act):
                    found.append((source, act, source in acting))
    return found


def play_requirements(forces: Forces, event: Event) -> list[Requirement]:
    """The discards from hand a play asks for: its offers, forced discards and play costs."""
    card = event.cards[0]
    player = event.who or card.owner
    out: list[Requirement] = []
    for source in effects_of(card):
        effect = source.effect
        if isinstance(effect, fx.MustToPlay) and isinstance(effect.requirement, a.Discard):
            out.append(Requirement(source, effect.requirement, player, Kind.TO_PLAY, event))
    if card.cancelled:
        return out
    acting = forces.in_force(card, in_hand=True)
    for source in acting:
        effect = source.effect
        if isinstance(effect, fx.Prohibition):
            if effect.condition is not None and not holds(
                effect.condition, source.controller, forces, card
            ):
                continue
            out += _limits(source, effect, event)
            continue
        if not isinstance(effect, fx.ActionEffect):
            continue
        if effect.when is not None and effect.when.kind is not W.NOW:
            continue
        if effect.condition is not None and not holds(
            effect.condition, source.controller, forces, card
        ):
            continue  # "If you have no cards in your hand, now I may discard …"
        for do in effect.dos:
            if do.mode is a.Mode.DO_NOT:
                continue
            for act in do.acts:
                if isinstance(act, a.Discard) and _from_hand(act):
                    for who in players_of(do.actor, source.controller):
                        out.append(Requirement(source, act, who, Kind.OFFER, event))
                elif isinstance(act, a.Force):
                    for inner in act.acts:
                        if isinstance(inner, a.Discard) and _from_hand(inner):
                            for who in players_of(act.who, source.controller):
                                out.append(
                                    Requirement(
                                        source,
                                        inner,
                                        who,
                                        Kind.FORCED,
                                        event,
                                        optional=do.mode is a.Mode.MAY,
                                    )
                                )
    return out


def _limits(source: Source, effect: fx.Prohibition, event: Event) -> list[Requirement]:
    """“You may not have more than N cards in your hand and you must discard any additional”."""
    remedy = effect.remedy
    if remedy is None or not isinstance(effect.act, a.Have):
        return []
    if effect.when is not None and effect.when.kind is not W.NOW:
        return []
    return [
        Requirement(source, act, who, Kind.LIMIT, event)
        for act in remedy.acts
        if isinstance(act, a.Discard)
        for who in players_of(remedy.actor, source.controller)
    ]


def excess(forces: Forces, req: Requirement) -> int:
    """How many cards a hand limit still makes the player discard."""
    effect = req.source.effect
    assert isinstance(effect, fx.Prohibition) and isinstance(effect.act, a.Have)
    what = effect.act.what
    if (
        not isinstance(what, Cards)
        or what.quantity.n is None
        or what.quantity.kind not in (Q.MORE_THAN, Q.NO_MORE_THAN)
    ):
        raise CannotAnswer(f'rulesq cannot read the hand limit of "{req.name}"')
    limit = what.quantity.n
    hand = forces.state.hand_size(req.who)
    if hand is None:
        raise CannotAnswer(
            f"the situation does not say how many cards "
            f"{'I hold' if req.who == 'me' else 'you hold'} in hand"
        )
    return max(0, hand - limit)


def purpose(forces: Forces, event: Event) -> Event | None:
    """The play (or the decline) a discard from hand answers; None: the turn's obligations."""
    state = forces.state
    earlier = [e for e in state.events if e.seq < event.seq and e.turn == event.turn]
    for before in reversed(earlier):
        if before.kind == "discard":
            continue
        if before.kind == "decline" and before.who == event.who:
            return before
        if before.kind == "play":
            if any(r.who == event.who for r in play_requirements(forces, before)):
                return before
            if before.who == event.who:
                return None
            continue
        if before.kind in ("phase", "turn", "use_icon", "retrieve", "land", "load", "announce"):
            return None
    return None


def hand_discards(state: State, who: str, turn: int | None = None) -> list[Event]:
    """The discard events from ``who``'s hand (on one turn)."""
    return [
        e
        for e in state.events_of("discard", who)
        if e.data.get("where") == "hand" and (turn is None or e.turn == turn)
    ]


def discarded_for(forces: Forces, req: Requirement) -> list[Instance]:
    """The cards already discarded for a requirement.

    For a play's text, the discards that answer that play; for an obligation, the discards of the
    obligated player's latest own turn that answer no play and no decline.
    """
    state = forces.state
    if req.play is not None:
        done = [
            c
            for e in hand_discards(state, req.who, req.play.turn)
            if e.seq > req.play.seq and purpose(forces, e) is req.play
            for c in e.cards
        ]
    else:
        done = turn_pool(forces, req.who)
    named(done, [req])
    return done


def named(cards: list[Instance], reqs: list[Requirement]) -> None:
    """Cannot answer when a discard that would count towards these texts was not named."""
    if any(c.info.name == UNNAMED for c in cards):
        names = " or ".join(f'"{r.name}"' for r in reqs)
        raise CannotAnswer(
            f"cards were discarded without being named, and whether they count "
            f"towards {names} depends on which cards they were; name them "
            '(I discard "A", "B")'
        )


def own_turn(state: State, who: str) -> int | None:
    """The number of the player's current or latest own turn."""
    turns = [e.turn for e in state.events_of("turn", who)]
    if state.turn_owner == who:
        return state.turn
    return max(turns) if turns else None


def obligations(forces: Forces, who: str) -> list[Requirement]:
    """The obligations in force asking ``who`` to discard from hand."""
    return [
        Requirement(source, act, who, Kind.OBLIGATION)
        for source, act, acting in obligation_texts(forces, who)
        if acting
    ]


def turn_pool(forces: Forces, who: str) -> list[Instance]:
    """The discards of the player's latest own turn made for no play and no decline."""
    state = forces.state
    turn = own_turn(state, who)
    if turn is None:
        return []
    return [
        c for e in hand_discards(state, who, turn) if purpose(forces, e) is None for c in e.cards
    ]


def window(forces: Forces, req: Requirement) -> str | None:
    """Why the player may not discard for this requirement now, or None if they may.

    An obligation is met in the player's own turn, up to the end of the phase it names; a play's
    text when that play is the player's latest.
    """
    state = forces.state
    who = req.who
    if req.play is not None:
        later = [
            e
            for e in state.events
            if e.seq > req.play.seq
            and e.turn == req.play.turn
            and (e.kind == "play" and e.who in (who, req.play.who) or e.kind == "phase")
        ]
        if later or req.play.turn != state.turn or state.turn_over and req.kind is not Kind.TO_PLAY:
            return f'"{req.name}" asked for its discard when it was played, and play has moved on'
        return None
    if state.turn_owner != who or state.turn_over:
        return "the discard is made in the discarding player's own turn, and it is not their turn"
    effect = req.source.effect
    condition = fx.condition_of(effect)
    if condition is not None and not holds(
        condition, req.source.controller, forces, req.source.card
    ):
        return f"its condition does not hold ({condition.render()})"
    when = fx.time_of(effect)
    controller = req.source.controller
    if when is None:
        return None
    if when.kind is W.ON_TURN and when.role is not None:
        if state.turn_owner not in players_of(when.role, controller):
            return f"the text asks for it {when.render()}, and it is not that turn"
        return None
    if (
        when.kind is W.BY_END_OF_PHASE
        and when.phase is not None
        and when.phase.value in PHASE_STEPS
        and who in players_of(when.role, controller)
    ):
        last = PHASE_STEPS[when.phase.value]
        if state.current_phase > last:
            return f"the {last.title} phase, by whose end the discard is made, is over"
        return None
    raise not_followed(req.source, f'the time "{when.render()}" of a discard')


def requirement_texts(forces: Forces, who: str) -> list[Requirement]:
    """Every requirement in force asking ``who`` to discard from hand, plays of this turn first."""
    state = forces.state
    out: list[Requirement] = []
    for event in state.events_of("play", this_turn=True):
        out.extend(r for r in play_requirements(forces, event) if r.who == who)
    for source, act, acting in obligation_texts(forces, who):
        if acting:
            out.append(Requirement(source, act, who, Kind.OBLIGATION))
    return out


def _no_lasting_limits(forces: Forces, who: str) -> None:
    """Stop at a lasting hand limit with a remedy, which the judge does not follow yet.

    "[On your turn,] you may not have more than N cards in your hand and you must discard any
    additional cards" is followed only as a "now" text of a card just played.
    """
    for source in forces.effects(fx.Prohibition):
        effect = source.effect
        assert isinstance(effect, fx.Prohibition)
        remedy = effect.remedy
        if remedy is None or not isinstance(effect.act, a.Have):
            continue
        if effect.when is not None and effect.when.kind is W.NOW:
            continue
        if who in players_of(remedy.actor, source.controller):
            raise not_followed(source, "a lasting hand limit with its discard")
