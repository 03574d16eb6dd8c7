"""Questions about what a text asks for: is it satisfied, how much is left, who chooses.

``is "X" satisfied?`` / ``are "X" and "Y" satisfied?``, ``how much fire must I still discard?``,
``who chooses the cards for "X"?``. The player who reads out a card (its "I") decides how it is
applied, except where the text has the other player discard ("force you to discard", "you must
discard"): the player who discards chooses. A draw from the other player's hand is at random,
unless cards of it are disclosed (also a hand known only by its count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number, Word
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.disclosure import counted_disclosure, disclosed
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.placing import place_decides
from rulesq.games.bluemoon.judge.requirements import (
    Kind,
    Requirement,
    discarded_for,
    excess,
    obligation_texts,
    own_turn,
    play_requirements,
    requirement_texts,
    turn_pool,
)
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.sharing import (
    factor_choices,
    factors,
    in_hand,
    jointly_met,
    met,
    unknown_factor,
)
from rulesq.games.bluemoon.judge.state import ME, YOU, Instance, other
from rulesq.games.bluemoon.judge.values import printed_value
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.selectors import Cards, Place

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context


# ---------------------------------------------------------------------- how much?
def discard_value(ctx: Context) -> Answer:
    """Answer ``how much fire must I still discard?``."""
    view = View(ctx)
    forces = view.forces
    who = view.who
    element = str(ctx.question.param("element", "fire")).lower()
    found: list[tuple[int, Ruling]] = []
    for req in requirement_texts(forces, who):
        amounts = _amounts(req, element)
        if amounts is None:
            continue
        options, doubling = factors(forces, req)
        done = [in_hand(c) for c in discarded_for(forces, req)]
        have = sum(forces.printed(c, element) for c in done)
        left = {max(0, amounts * f - have) for f in options}
        if len(left) > 1:
            raise unknown_factor(options, req)
        value = left.pop()
        ruling = yes(
            f'"{req.name}" asks for {amounts * max(options)} {element} in all; '
            f"{have} has been discarded for it",
            R.DISCARD_INDEPENDENTLY,
            R.REQUIREMENT_CHECKED_AT_END,
            sources=[req.source, *doubling],
        )
        if doubling:
            ruling.cite(R.SUPERSEDE)
        found.append((value, ruling))
    if not found:
        return view.answer(
            Number(0),
            no(
                f"no text in force asks the player to discard {element}",
                R.DISCARD_ONLY_WHEN_PERMITTED,
            ),
        )
    if len(found) > 1:
        raise CannotAnswer(
            f"several texts ask the player to discard {element}; each is satisfied independently"
        )
    value, ruling = found[0]
    return view.answer(Number(value), ruling)


def _amounts(req: Requirement, element: str) -> int | None:
    cards = req.cards
    if not isinstance(cards, Cards) or cards.total is None:
        return None
    for amount in cards.total.amounts:
        if (amount.element or "").lower() == element:
            return amount.n
    return None


# ---------------------------------------------------------------------- satisfied?
def satisfied(ctx: Context) -> Answer:
    """Answer ``is "X" satisfied?`` / ``are "X" and "Y" satisfied?`` (each on its own)."""
    view = View(ctx)
    forces = view.forces
    pools: dict[str, list[Requirement]] = {}
    rulings: list[Ruling] = []
    for ref in ctx.question.cards:
        card = view.card(ref)
        reqs = _requirements_of(forces, card)
        plays = _play_obligations(forces, card)
        if not reqs and not plays:
            raise CannotAnswer(f'"{card.name}" asks for no discard or play the situation shows')
        for req in reqs:
            if req.kind is Kind.OBLIGATION:
                pools.setdefault(req.who, []).append(req)
            else:
                rulings.append(_one(forces, req))
        rulings += plays
    for who, reqs in pools.items():
        rulings.append(_jointly(forces, reqs, turn_pool(forces, who)))
    failed = [r for r in rulings if not r.allowed]
    if failed:
        return view.yes_no(failed[0])
    out = rulings[0]
    for extra in rulings[1:]:
        out.cite(*extra.rules)
        out.sources += extra.sources
    return view.yes_no(out)


def _requirements_of(forces: Forces, card: Instance) -> list[Requirement]:
    """The discard requirements a card's text makes (its play's, or its obligations)."""
    state = forces.state
    out: list[Requirement] = []
    plays = [e for e in state.events_of("play") if e.cards[0] is card]
    if plays:
        out += [r for r in play_requirements(forces, plays[-1]) if r.kind is not Kind.FORCED]
    for who in (card.owner, other(card.owner)):
        for source, act, acting in obligation_texts(forces, who):
            if source.card is not card:
                continue
            if not acting:
                raise CannotAnswer(f'the text of "{card.name}" is not in force now')
            out.append(Requirement(source, act, who, Kind.OBLIGATION))
    return out


def _one(forces: Forces, req: Requirement) -> Ruling:
    if req.kind is Kind.LIMIT:
        extra = excess(forces, req)
        if extra:
            return no(
                f'"{req.name}": {extra} card(s) over its limit', R.YOU_MAY_NOT, sources=[req.source]
            )
        return yes(
            f'"{req.name}": the hand is within its limit', R.YOU_MAY_NOT, sources=[req.source]
        )
    done = discarded_for(forces, req)
    options, doubling = factors(forces, req)
    results = {f: met(forces, req, done, f) for f in options}
    if len(set(results.values())) > 1:
        raise unknown_factor(options, req)
    names = _shown(forces, done)
    sources = [req.source, *doubling]
    if next(iter(results.values())):
        return yes(
            f'"{req.name}" is satisfied by {names}', R.DISCARD_INDEPENDENTLY, sources=sources
        )
    by = _value_sources(forces, done)
    return no(
        f'"{req.name}" is not satisfied: discarded for it: {names} (printed values as '
        f"in hand{_made_by(by)})",
        R.DISCARD_INDEPENDENTLY,
        sources=by + sources,
    )


def _made_by(sources: list[Source]) -> str:
    """The cards whose texts made (or took away) the printed values counted, in words."""
    return "".join(f', as "{s.card.name}" makes them: {s.quote}' for s in sources)


def _value_sources(forces: Forces, cards: list[Instance]) -> list[Source]:
    """The effects that changed (or ignored) the printed values of discarded cards."""
    out = []
    for card in cards:
        probe = in_hand(card)
        why = forces.card_ignored(probe)
        if why is not None:
            out.append(why.source)
        for element in ("fire", "earth"):
            try:
                valued = printed_value(forces, probe, element)
            except CannotAnswer:
                continue
            out += [s for s, _, _ in valued.changes]
    return list(dict.fromkeys(out))


def _jointly(forces: Forces, reqs: list[Requirement], pool: list[Instance]) -> Ruling:
    choices, doubling = factor_choices(forces, reqs)
    results = {jointly_met(forces, reqs, pool, choice) for choice in choices}
    if len(results) > 1:
        raise unknown_factor({f for c in choices for f in c.values()}, reqs[0])
    sources = [r.source for r in reqs] + doubling
    names = " and ".join(f'"{r.name}"' for r in reqs)
    each = "each is" if len(reqs) > 1 else "it is"
    discarded = _shown(forces, pool)
    if results.pop():
        return yes(
            f"{names}: {each} satisfied on its own by the discards of the turn ({discarded})",
            R.DISCARD_INDEPENDENTLY,
            sources=sources,
        )
    by = _value_sources(forces, pool)
    ruling = no(
        f"{names}: the discards of the turn ({discarded}, printed values as in hand"
        f"{_made_by(by)}) do not satisfy "
        f"{'each text on its own' if len(reqs) > 1 else 'it'}",
        R.DISCARD_INDEPENDENTLY,
        sources=by + sources,
    )
    if doubling:
        ruling.cite(R.REQUIREMENT_CHECKED_AT_END)
    if any(forces.card_ignored(in_hand(c)) is not None for c in pool):
        ruling.cite(R.IGNORED_CARD)
    return ruling


def _shown(forces: Forces, cards: list[Instance]) -> str:
    """The cards with their printed values as they were in hand: ``"A" (fire 0, earth 3)``."""
    if not cards:
        return "nothing"
    out = []
    for card in cards:
        probe = in_hand(card)
        values = []
        for element in ("fire", "earth"):
            try:
                values.append(f"{element} {forces.printed(probe, element)}")
            except CannotAnswer:
                continue
        out.append(f'"{card.name}"' + (f" ({', '.join(values)})" if values else ""))
    return ", ".join(out)


def _play_obligations(forces: Forces, card: Instance) -> list[Ruling]:
    """Text "You must play a booster card, or retreat": met by a play of the obligated player."""
    state = forces.state
    out: list[Ruling] = []
    for source in effects_of(card):
        effect = source.effect
        if not isinstance(effect, fx.Obligation):
            continue
        plays = [act for act in effect.do.acts if isinstance(act, a.Play)]
        if not plays:
            continue
        for who in players_of(effect.do.actor, source.controller):
            turn = own_turn(state, who)
            made = [
                e.cards[0]
                for e in state.events_of("play", who)
                if e.turn == turn
                and not e.data.get("bluff")
                and not e.cards[0].cancelled
                and any(matches(p.cards, e.cards[0], source.controller, forces) for p in plays)
            ]
            if made:
                out.append(
                    yes(f'"{made[0].name}" was played this turn: {source.quote}', sources=[source])
                )
            else:
                ruling = no(
                    f"no card it asks for was played this turn: {source.quote}",
                    R.TEXT_GROUP_PER_TURN,
                    sources=[source],
                )
                ruling.negatives.append("no other card was played this turn")
                out.append(ruling)
    return out


# ---------------------------------------------------------------------- who chooses?
def who_chooses(ctx: Context) -> Answer:
    """Answer ``who chooses the cards for "X"?``: its player, the forced player, or chance."""
    view = View(ctx)
    card = view.card()
    if not card.info.text_known:
        raise CannotAnswer(f'the sources give no special power text for "{card.name}"')
    word, ruling = _chooser(view, card)
    if word.value in (ME, YOU):
        # Placed nowhere: whose card it is (the "I" of its text) is not known, and the
        # player who chooses is named from it (chance is nobody's, whoever's card it is).
        place_decides(
            card,
            'whose card it is, the "I" of its text, decides who chooses',
            f'you have active "{card.name}"',
        )
    return view.answer(word, ruling)


def _chooser(view: View, card: Instance) -> tuple[Word, Ruling]:
    """Who chooses the cards for the card's text, and why, the card its owner's."""
    controller = card.owner
    for source in effects_of(card):
        for do in _dos_of(source.effect):
            actors = players_of(do.actor, controller)
            for act in do.acts:
                if isinstance(act, a.Force):
                    forced = players_of(act.who, controller)
                    if len(forced) == 1:
                        (player,) = forced
                        return Word(player), yes(
                            f'"{card.name}" makes the other player discard ("{source.quote}"): '
                            "the card's player is not mentioned, so the player who discards "
                            "chooses",
                            R.FORCED_PLAYER_CHOOSES,
                            sources=[source],
                        )
                if isinstance(act, a.Draw) and len(actors) == 1:
                    owner = _other_hand(act, controller, actors)
                    if owner is not None:
                        return _drawn_at_random(view, source, owner)
                if isinstance(act, a.Discard) and len(actors) == 1 and controller not in actors:
                    (player,) = actors
                    return Word(player), yes(
                        f'"{card.name}" has the other player discard ("{source.quote}"): the '
                        "card's player is not mentioned as choosing, so the player who "
                        "discards chooses",
                        R.FORCED_PLAYER_CHOOSES,
                        sources=[source],
                    )
    ruling = yes(
        f'"{card.name}" is read out by its player, the "I" of the text, who decides '
        "how it is applied",
        R.READ_OUT,
        R.APPLY_INSTRUCTION,
        R.READER_CHOOSES,
    )
    return Word(controller), ruling


def _dos_of(effect: object) -> list[a.Do]:
    """The players' actions a text names: its acts, an obligation's alternative, a remedy."""
    if isinstance(effect, fx.ActionEffect):
        return list(effect.dos)
    if isinstance(effect, fx.Obligation):
        return [d for d in (effect.do, effect.otherwise) if d is not None]
    if isinstance(effect, fx.Prohibition) and effect.remedy is not None:
        return [effect.remedy]
    return []


def _other_hand(act: a.Draw, controller: str, actors: frozenset[str]) -> str | None:
    """The player from whose hand the act's player draws, when it is not his own hand."""
    cards = act.cards
    place = cards.place if isinstance(cards, Cards) else None
    if not isinstance(place, Place) or not any(z.value == "hand" for z in place.zones):
        return None
    owners = players_of(place.owner, controller)
    if len(owners) != 1 or owners == actors:
        return None
    (owner,) = owners
    return owner


def _drawn_at_random(view: View, source: object, owner: str) -> tuple[Word, Ruling]:
    assert isinstance(source, Source)
    state = view.state
    open_cards = [c for c in state.hand(owner) if disclosed(state, view.forces, c) is not None]
    if open_cards:
        return Word(source.controller), yes(
            "the drawing player may select the disclosed cards of the hand",
            R.DRAW_DISCLOSED,
            R.DRAW_RANDOMLY,
            sources=[source],
        )
    played = [e.seq for e in state.events_of("play") if source.card in e.cards]
    unnamed = counted_disclosure(state, view.forces, owner, played[-1] if played else None)
    if unnamed is not None:
        return Word(source.controller), yes(
            f'the drawing player may select the disclosed cards of the hand ("{unnamed.name}" '
            "disclosed it, and none of its cards has been used since)",
            R.DRAW_DISCLOSED,
            R.DRAW_RANDOMLY,
            sources=[source],
        )
    ruling = yes(
        "the cards are drawn at random from a hand none of whose cards are "
        "disclosed: nobody chooses",
        R.DRAW_RANDOMLY,
        R.DRAW_DISCLOSED,
        sources=[source],
    )
    ruling.negatives.append("no card of the hand is disclosed")
    return Word("nobody"), ruling
