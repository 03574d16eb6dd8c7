"""Texts that ask a player to discard from hand: which apply, when, and what the discards met.

Four kinds of text ask a player to discard cards from hand: an opposing obligation ("By the end of
your Booster/Support phase, you must discard …, or retreat"), the player's own offer ("Now I may
discard … to attract one dragon"), an opposing card forcing the discard ("Now I may force you to
discard two cards from your hand") and the "I must discard … to play this card" requirement of a
card being played. Each discard from hand belongs to one of them (or to declining to start a
fight): the one asked for by the play just before it, or else the obligations of the player's own
turn (rulebook p.17: satisfy each card independently).

The printed values of discarded cards are read as they were in hand, after the effects on printed
values; an ignored card's values have no effect. "The effect of one of my … cards doubles" doubles
the numbers of the text it reaches.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from itertools import product

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.discards import minimal, satisfies
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.holds import holds
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import Event, Instance, State, Step, Zone
from rulesq.games.bluemoon.selectors import Cards, CardsExpr, Measure, Q
from rulesq.games.bluemoon.times import W

#: Steps of a turn a "… phase" of a text names.
PHASE_STEPS = {"Leadership": Step.LEADERSHIP, "Character": Step.CHARACTER,
               "Booster/Support": Step.BOOSTER_SUPPORT}


class Kind(StrEnum):
    """What kind of text asks for the discard."""

    OBLIGATION = "obligation"     # an opposing "you must discard …, or …"
    OFFER = "offer"               # the player's own "I may discard … to …"
    FORCED = "forced"             # an opposing "I may force you to discard …"
    TO_PLAY = "to play"           # "I must discard … to play this card"
    LIMIT = "limit"               # "you may not have more than five cards in your hand and you
    #                               must discard any additional cards"


@dataclass(frozen=True)
class Requirement:
    """One text asking one player to discard from hand."""

    source: Source
    act: a.Discard
    who: str
    kind: Kind
    play: Event | None = None

    @property
    def cards(self) -> CardsExpr:
        """The cards the text asks for."""
        return self.act.cards

    @property
    def name(self) -> str:
        """The card whose text it is."""
        return self.source.card.name


def in_hand(card: Instance) -> Instance:
    """The card as it was in hand (where discards for a text are checked)."""
    if card.zone is Zone.HAND:
        return card
    return Instance(card.uid, card.info, card.owner, Zone.HAND, seq=card.seq)


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
            out += _limits(source, effect, event)
            continue
        if not isinstance(effect, fx.ActionEffect):
            continue
        if effect.when is not None and effect.when.kind is not W.NOW:
            continue
        for do in effect.dos:
            for act in do.acts:
                if isinstance(act, a.Discard) and _from_hand(act):
                    for who in players_of(do.actor, source.controller):
                        out.append(Requirement(source, act, who, Kind.OFFER, event))
                elif isinstance(act, a.Force):
                    for inner in act.acts:
                        if isinstance(inner, a.Discard) and _from_hand(inner):
                            for who in players_of(act.who, source.controller):
                                out.append(Requirement(source, inner, who, Kind.FORCED, event))
    return out


def _limits(source: Source, effect: fx.Prohibition, event: Event) -> list[Requirement]:
    """"You may not have more than N cards in your hand and you must discard any additional"."""
    remedy = effect.remedy
    if remedy is None or not isinstance(effect.act, a.Have):
        return []
    if effect.when is not None and effect.when.kind is not W.NOW:
        return []
    return [Requirement(source, act, who, Kind.LIMIT, event)
            for act in remedy.acts if isinstance(act, a.Discard)
            for who in players_of(remedy.actor, source.controller)]


def excess(forces: Forces, req: Requirement) -> int:
    """How many cards a hand limit still makes the player discard."""
    effect = req.source.effect
    assert isinstance(effect, fx.Prohibition) and isinstance(effect.act, a.Have)
    what = effect.act.what
    if not isinstance(what, Cards) or what.quantity.n is None \
            or what.quantity.kind not in (Q.MORE_THAN, Q.NO_MORE_THAN):
        raise CannotAnswer(f'rulesq cannot read the hand limit of "{req.name}"')
    limit = what.quantity.n
    hand = forces.state.hand_size(req.who)
    if hand is None:
        raise CannotAnswer(f"the situation does not say how many cards "
                           f"{'I hold' if req.who == 'me' else 'you hold'} in hand")
    return max(0, hand - limit)


def turn_owner_of(state: State, turn: int) -> str | None:
    """Whose turn a turn (by number) was."""
    for event in state.events_of("turn"):
        if event.turn == turn:
            return event.who
    return state.turn_owner if turn == state.turn else None


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
    return [e for e in state.events_of("discard", who)
            if e.data.get("where") == "hand" and (turn is None or e.turn == turn)]


def discarded_for(forces: Forces, req: Requirement) -> list[Instance]:
    """The cards already discarded for a requirement.

    For a play's text, the discards that answer that play; for an obligation, the discards of the
    obligated player's latest own turn that answer no play and no decline.
    """
    state = forces.state
    if req.play is not None:
        return [c for e in hand_discards(state, req.who, req.play.turn)
                if e.seq > req.play.seq and purpose(forces, e) is req.play for c in e.cards]
    return turn_pool(forces, req.who)


def own_turn(state: State, who: str) -> int | None:
    """The number of the player's current or latest own turn."""
    turns = [e.turn for e in state.events_of("turn", who)]
    if state.turn_owner == who:
        return state.turn
    return max(turns) if turns else None


def factors(forces: Forces, req: Requirement) -> tuple[set[int], list[Source]]:
    """How many times a text's numbers count: doubled by "the effect of … doubles".

    A doubling of "one of my … cards" that could go to several cards is the player's choice, so
    either factor is possible.
    """
    card = req.source.card
    options = {1}
    used: list[Source] = []
    for source in forces.effects(fx.ValueChange):
        effect = source.effect
        assert isinstance(effect, fx.ValueChange)
        if effect.stage is not fx.Stage.EFFECT or effect.op is not fx.Op.DOUBLE:
            continue
        if effect.cards is None or not matches(effect.cards, card, source.controller, forces):
            continue
        used.append(source)
        sel = effect.cards
        limit = sel.quantity.n or 1 if isinstance(sel, Cards) \
            and sel.quantity.kind in (Q.OF, Q.COUNT) else None
        candidates = [c for c in forces.state.cards if forces.live(c)
                      and matches(sel, c, source.controller, forces)]
        if limit is not None and len(candidates) > limit:
            options = options | {f * 2 for f in options}
        else:
            options = {f * 2 for f in options}
    return options, used


def met(forces: Forces, req: Requirement, cards: list[Instance], factor: int) -> bool:
    """Whether these discards (read in hand) meet the requirement."""
    return satisfies(forces, req.cards, [in_hand(c) for c in cards], req.source.controller,
                     factor)


def contributes(forces: Forces, req: Requirement, cards: list[Instance], factor: int) -> bool:
    """Whether discards short of the requirement each still count towards it.

    Whether discards that do not yet meet the requirement each count towards it (a partial
    discard, to be completed later): every card fits the text's cards, and each adds to a
    total the others have not yet reached.
    """
    cards = [in_hand(c) for c in cards]
    expr = req.cards
    options = getattr(expr, "options", None) or (expr,)
    for option in options:
        if not isinstance(option, Cards):
            continue
        probe = Cards(owner=option.owner, types=option.types, family=option.family,
                      icon=option.icon)
        controller = req.source.controller
        if not all(matches(probe, c, controller, forces) for c in cards):
            continue
        if option.total is None:
            n = (option.quantity.n or 1) * factor
            if option.quantity.kind in (Q.COUNT, Q.OF, Q.ARTICLE, Q.UP_TO) and len(cards) < n:
                return True
            continue
        if option.total.measure is Measure.MOONS:
            return all((c.info.moons or 0) > 0 for c in cards)
        needs = [((x.element or "fire").lower(), x.n * factor) for x in option.total.amounts]
        if all(_adds(forces, c, [d for d in cards if d is not c], needs) for c in cards):
            return True
    return False


def _adds(forces: Forces, card: Instance, others: list[Instance],
          needs: list[tuple[str, int]]) -> bool:
    for element, n in needs:
        reached = sum(forces.printed(o, element) for o in others)
        if reached < n and forces.printed(card, element) > 0:
            return True
    return False


def _groups(cards: list[Instance], slots: int) -> Iterator[list[list[Instance]]]:
    """Every way to share the cards out among ``slots`` groups."""
    for shares in product(range(slots), repeat=len(cards)):
        groups: list[list[Instance]] = [[] for _ in range(slots)]
        for card, slot in zip(cards, shares, strict=True):
            groups[slot].append(card)
        yield groups


def jointly_met(forces: Forces, reqs: list[Requirement], cards: list[Instance],
                factor_of: dict[int, int]) -> bool:
    """Whether the discards can be shared out so that each requirement is met on its own."""
    if not reqs:
        return True
    for groups in _groups(cards, len(reqs) + 1):    # the last group: cards no text needs
        if all(met(forces, req, groups[i], factor_of[i]) for i, req in enumerate(reqs)):
            return True
    return False


def jointly_allowed(forces: Forces, reqs: list[Requirement], cards: list[Instance],
                    factor_of: dict[int, int]) -> bool:
    """Whether every one of these discards goes towards one of the requirements.

    Each card counts for one text only; a text's cards either meet it with none to spare (no
    extra discards, p.17) or, not yet meeting it, each still count towards it.
    """
    for groups in _groups(cards, len(reqs)):
        if all(_allowed_group(forces, req, groups[i], factor_of[i])
               for i, req in enumerate(reqs)):
            return True
    return False


def _allowed_group(forces: Forces, req: Requirement, cards: list[Instance], factor: int) -> bool:
    if not cards:
        return True
    if met(forces, req, cards, factor):
        if not by_total(req.cards):
            return True
        return minimal(forces, req.cards, [in_hand(c) for c in cards], req.source.controller,
                       factor)
    return contributes(forces, req, cards, factor)


def by_total(expr: CardsExpr) -> bool:
    """Whether a text asks for a total of values or moons (where no extra cards may go)."""
    options = getattr(expr, "options", None) or getattr(expr, "parts", None) or (expr,)
    return any(isinstance(o, Cards) and o.total is not None for o in options)


def factor_choices(forces: Forces, reqs: list[Requirement]) -> tuple[list[dict[int, int]],
                                                                     list[Source]]:
    """Every combination of the doubling factors the requirements may have, and the doublers."""
    per: list[list[int]] = []
    used: list[Source] = []
    for req in reqs:
        options, sources = factors(forces, req)
        per.append(sorted(options))
        used += [s for s in sources if s not in used]
    return [dict(enumerate(combo)) for combo in product(*per)], used


def obligations(forces: Forces, who: str) -> list[Requirement]:
    """The obligations in force asking ``who`` to discard from hand."""
    return [Requirement(source, act, who, Kind.OBLIGATION)
            for source, act, acting in obligation_texts(forces, who) if acting]


def turn_pool(forces: Forces, who: str) -> list[Instance]:
    """The discards of the player's latest own turn made for no play and no decline."""
    state = forces.state
    turn = own_turn(state, who)
    if turn is None:
        return []
    return [c for e in hand_discards(state, who, turn) if purpose(forces, e) is None
            for c in e.cards]


def window(forces: Forces, req: Requirement) -> str | None:
    """Why the player may not discard for this requirement now, or None if they may.

    An obligation is met in the player's own turn, up to the end of the phase it names; a play's
    text when that play is the player's latest.
    """
    state = forces.state
    who = req.who
    if req.play is not None:
        later = [e for e in state.events if e.seq > req.play.seq and e.turn == req.play.turn
                 and (e.kind == "play" and e.who in (who, req.play.who) or e.kind == "phase")]
        if later or req.play.turn != state.turn or state.turn_over and req.kind is not Kind.TO_PLAY:
            return f'"{req.name}" asked for its discard when it was played, and play has moved on'
        return None
    if state.turn_owner != who or state.turn_over:
        return "the discard is made in the discarding player's own turn, and it is not their turn"
    effect = req.source.effect
    condition = getattr(effect, "condition", None)
    if condition is not None and not holds(condition, req.source.controller, forces,
                                           req.source.card):
        return f"its condition does not hold ({condition.render()})"
    when = getattr(effect, "when", None)
    if when is not None and when.kind is W.BY_END_OF_PHASE and when.phase is not None:
        last = PHASE_STEPS.get(when.phase.value, Step.BOOSTER_SUPPORT)
        if state.current_phase > last:
            return f"the {last.title} phase, by whose end the discard is made, is over"
    return None


def unknown_factor(options: set[int], req: Requirement) -> CannotAnswer:
    """The error when a doubling's choice decides the answer."""
    return CannotAnswer(f'whether "{req.name}" is doubled is its player\'s choice, and the '
                        f"answer depends on it ({sorted(options)})")


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
