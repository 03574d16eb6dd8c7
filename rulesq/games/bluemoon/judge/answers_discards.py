"""Questions about discarding: may, must, how many, how much, is a text satisfied, who chooses.

``can I discard "A", "B"?``, ``must I discard [a card]?``, ``how many cards must I discard?``,
``how much fire must I still discard?``, ``is "X" satisfied?``, ``who chooses the cards for
"X"?``.

Discarding is allowed only where specifically permitted: when declining to start a fight, with a
REPLACE icon, for a text that requires or allows it, in answer to an opposing text that forces
it, and a player's own bluff cards in the Beginning of Turn phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number
from rulesq.errors import CannotAnswer
from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.bluffs import bluff_discard, bluff_icons
from rulesq.games.bluemoon.judge.forces import Forces
from rulesq.games.bluemoon.judge.open_areas import may_hold_unnamed
from rulesq.games.bluemoon.judge.permits import by_text, ignored_away, permitted
from rulesq.games.bluemoon.judge.placing import place_decides, placed_nowhere
from rulesq.games.bluemoon.judge.removals import discard_in_play
from rulesq.games.bluemoon.judge.replacing import can_replace
from rulesq.games.bluemoon.judge.requirements import (
    Kind,
    Requirement,
    discarded_for,
    excess,
    named,
    obligation_texts,
    obligations,
    own_turn,
    play_requirements,
    purpose,
    requirement_texts,
    turn_pool,
    window,
)
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.sharing import (
    factor_choices,
    jointly_allowed,
    jointly_met,
    met,
    unknown_factor,
)
from rulesq.games.bluemoon.judge.state import ME, YOU, Instance, Zone, new_instance
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.selectors import Cards, Place, Q
from rulesq.games.bluemoon.vocab import Role
from rulesq.games.bluemoon.vocab import Zone as TextZone

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: A selector with nothing in it (immutable): selectors made here are copies of it with their
#: fields given, made without ``__init__`` (``rulesq.frozen.replace``).
_NO_FILTER = Cards()
#: Discarding one's own cards from hand, and from the combat and support areas (made once).
_DISCARD_FROM_HAND, _DISCARD_IN_PLAY = (
    a.Discard(cards=replace(_NO_FILTER, place=Place(owner=Role.CONTROLLER, zones=zones)))
    for zones in ((TextZone.HAND,), (TextZone.COMBAT_AREA, TextZone.SUPPORT_AREA))
)


# ---------------------------------------------------------------------- may I discard?
def can_discard(ctx: Context) -> Answer:
    """Answer ``can I discard "A", "B"?`` (from hand, or cards in play by a text)."""
    view = View(ctx)
    who = view.who
    cards = [view.card(ref, who) for ref in ctx.question.cards]
    hand = all(c.zone is Zone.HAND for c in cards)
    act = _DISCARD_FROM_HAND if hand else _DISCARD_IN_PLAY
    return view.yes_no(
        permitted(
            view.forces, who, act, permits=False, base=lambda: _discard_rules(view, who, cards)
        )
    )


def _discard_rules(view: View, who: str, cards: list[Instance]) -> Ruling:
    """What the rules and the texts that ask for discards say of discarding these cards."""
    if all(c.owner == who and c.face_down and c.in_play for c in cards):
        rulings = [bluff_discard(view.state, c, who) for c in cards]
        first = rulings[0]
        if first is not None and all(r is not None for r in rulings):
            return first
        return no(
            "face-down bluff cards are discarded by their player only in his "
            "Beginning of Turn phase",
            R.BLUFF_DISCARD,
            R.DISCARD_ONLY_WHEN_PERMITTED,
        )
    if all(c.in_play or c.zone in (Zone.CARGO, Zone.GONE) for c in cards):
        return discard_in_play(view.forces, who, cards)
    if all(c.owner == who and c.zone is Zone.HAND for c in cards):
        missing = [c for c in cards if placed_nowhere(c)]
        if missing and view.state.player(who).hand_exact:
            return no(f'"{missing[0].name}" is not in the player\'s hand', R.CARD_LOCATIONS)
        ruling = from_hand(view.forces, who, cards)
        if missing and not ruling.allowed and _in_play_allows(view, who, cards):
            place_decides(missing[0], "a text that discards cards in play may take it there")
        return ruling
    names = ", ".join(f'"{c.name}" ({c.zone.value})' for c in cards)
    return no(
        f"the cards are neither all in the player's hand nor all in play: {names}", R.CARD_LOCATIONS
    )


def _in_play_allows(view: View, who: str, cards: list[Instance]) -> bool:
    """Whether the cards placed nowhere, were they in play (either player's), could go.

    Each player whose areas may hold a card the situation does not name (open_areas) may hold
    one: active in its area (a support card in the support area, another in the combat area),
    or, a card depicting a BLUFF icon, face down as a bluff card in the support area (an
    active support card, bluemoon/bi-rulesheet/bluffing/active-support).
    """
    for owner in (ME, YOU):
        if not may_hold_unnamed(view.state, owner):
            continue
        for bluff in (False, True):
            if bluff and not any(bluff_icons(c) for c in cards if placed_nowhere(c)):
                continue
            placed = [c if not placed_nowhere(c) else _placed(c, owner, bluff=bluff) for c in cards]
            if all(c.in_play for c in placed) and discard_in_play(view.forces, who, placed).allowed:
                return True
    return False


def _placed(card: Instance, owner: str, *, bluff: bool) -> Instance:
    """A card placed nowhere, supposed active in ``owner``'s area (face down: a bluff card)."""
    zone = Zone.SUPPORT if bluff or card.info.kind == "support" else Zone.COMBAT
    placed = new_instance(-1, card.info, owner, zone, active=True, seq=10**9)
    if bluff:
        placed.face_down = True
    return placed


def from_hand(forces: Forces, who: str, cards: list[Instance]) -> Ruling:
    """May ``who`` discard these cards from hand now?"""
    state = forces.state
    names = " and ".join(f'"{c.name}"' for c in cards)
    declined = list(state.events_of("decline", who, this_turn=True))
    if declined:
        done = [
            c
            for e in state.events_of("discard", who, this_turn=True)
            if e.data.get("where") == "hand" and purpose(forces, e) is declined[-1]
            for c in e.cards
        ]
        if len(done) + len(cards) <= 3:
            return yes(
                f"the player declined to start the fight and discards one to three cards: {names}",
                R.DECLINE_DISCARD,
            )
        return no(
            "after declining to start a fight a player discards one to three cards, no more",
            R.DECLINE_DISCARD,
        )
    if len(cards) == 1:
        replacing = can_replace(forces, cards[0], who)
        if replacing.allowed:
            return replacing.cite(R.DISCARD_ONLY_WHEN_PERMITTED)
    findings: list[Ruling] = []
    for req in requirement_texts(forces, who):
        if req.kind is Kind.OBLIGATION:
            continue
        finding = _for_requirement(forces, req, cards)
        if finding.allowed:
            return finding
        findings.append(finding)
    reqs = obligations(forces, who)
    if reqs:
        finding = _for_obligations(forces, reqs, cards)
        if finding.allowed:
            return finding
        findings.append(finding)
    for source, _, acting in obligation_texts(forces, who):
        if acting:
            continue
        why = forces.text_ignored(source.card)
        if why is None:
            continue
        ruling = ignored_away(
            f'"{source.card.name}"',
            source.card,
            why.source,
            "its text",
            f'the only text that would justify it, "{source.card.name}", is '
            f'ignored (by "{why.source.card.name}")',
            R.IGNORED_TEXT_NO_DISCARD,
        )
        ruling.sources.append(source)
        findings.append(ruling)
    if findings:
        return findings[0].cite(R.DISCARD_ONLY_WHEN_PERMITTED)
    ruling = no(
        "no rule or card text permits this discard: discarding is allowed only where "
        "specifically permitted",
        R.DISCARD_ONLY_WHEN_PERMITTED,
    )
    ruling.negatives.append("no active card text asks or allows the player to discard")
    return ruling


def _for_requirement(forces: Forces, req: Requirement, cards: list[Instance]) -> Ruling:
    """Whether discarding these cards now goes towards the text of a play."""
    closed = window(forces, req)
    if closed is not None:
        return no(f'"{req.name}": {closed}', R.NOW_WHEN_PLAYED, sources=[req.source])
    if req.kind is Kind.LIMIT:
        extra = excess(forces, req)
        if len(cards) <= extra:
            return by_text(
                req.source,
                f'"{req.name}" makes the player discard down to its '
                f"limit ({extra} more): {req.source.quote}",
                R.YOU_MAY_NOT,
            )
        return no(
            f'"{req.name}" asks for {extra} more card(s) only', R.YOU_MAY_NOT, sources=[req.source]
        )
    prior = discarded_for(forces, req)
    return _judged(forces, [req], prior, cards)


def _for_obligations(forces: Forces, reqs: list[Requirement], cards: list[Instance]) -> Ruling:
    """Whether discarding these cards now goes towards the obligations of the turn."""
    open_reqs = [r for r in reqs if window(forces, r) is None]
    if not open_reqs:
        req = reqs[0]
        return no(
            f'"{req.name}": {window(forces, req)}',
            R.DISCARD_IN_OWN_TURN,
            R.OPTIONAL_DISCARD_OWN_TURN,
            sources=[req.source],
        )
    return _judged(forces, open_reqs, turn_pool(forces, reqs[0].who), cards)


def _judged(
    forces: Forces, reqs: list[Requirement], prior: list[Instance], cards: list[Instance]
) -> Ruling:
    """Whether the earlier discards and these cards each go towards one of the texts."""
    together = prior + cards
    named(together, reqs)
    choices, doubling = factor_choices(forces, reqs)
    results = {jointly_allowed(forces, reqs, together, choice) for choice in choices}
    if len(results) > 1:
        raise unknown_factor({f for c in choices for f in c.values()}, reqs[0])
    names = " or ".join(f'"{r.name}"' for r in reqs)
    sources = [r.source for r in reqs] + doubling
    if results.pop():
        quotes = "; ".join(r.source.quote for r in reqs)
        return yes(
            f"the discard goes towards {names}: {quotes}",
            R.DISCARD_ONLY_WHEN_PERMITTED,
            R.NO_EXTRA_DISCARDS,
            sources=sources,
        )
    met_all = any(jointly_met(forces, reqs, together, choice) for choice in choices)
    rules = [R.NO_EXTRA_DISCARDS, R.DISCARD_INDEPENDENTLY]
    if met_all:
        already = " (with the cards already discarded for it)" if prior else ""
        why = (
            f"fewer cards would satisfy it{already}, and cards that do not contribute may "
            "not be discarded"
        )
        if prior:
            rules.append(R.NO_EFFECTIVE_INSTRUCTION)
    else:
        asked = "; ".join(r.cards.render() for r in reqs)
        why = f"the cards are not what it asks for ({asked})"
    return no(f"{names}: {why}", *rules, sources=sources)


def _forced_unless_unused(forces: Forces, req: Requirement) -> None:
    """An optional "I may force you to discard" forces only if its player uses it."""
    if not req.optional or req.play is None:
        return
    after = req.play.seq
    state = forces.state
    used = any(
        e.seq > after and e.cards and e.cards[0] is req.source.card
        for e in state.events_of("use_text")
    ) or any(e.seq > after for e in state.events_of("discard", req.who))
    if not used:
        raise CannotAnswer(
            f'"{req.name}" lets its player force the discard ({req.source.quote}), and the '
            f'situation does not say he does: say I use the special power text of "{req.name}"'
        )


# ---------------------------------------------------------------------- must I discard?
def must_discard(ctx: Context) -> Answer:
    """Answer ``must I discard [a card]?``."""
    view = View(ctx)
    return view.yes_no(must(view.forces, view.who))


def must(forces: Forces, who: str) -> Ruling:
    """Whether a rule or text requires ``who`` to discard now."""
    state = forces.state
    for event in state.events_of("play", this_turn=True):
        for req in play_requirements(forces, event):
            if req.who != who or req.kind is Kind.OFFER:
                continue
            if req.kind is Kind.FORCED:
                if window(forces, req) is not None or state.hand_size(who) == 0:
                    continue
                _forced_unless_unused(forces, req)
            if req.kind is Kind.LIMIT:
                if excess(forces, req) > 0:
                    return by_text(req.source, f'"{req.name}": {req.source.quote}', R.YOU_MAY_NOT)
                continue
            done = discarded_for(forces, req)
            named(done, [req])
            if met(forces, req, done, 1):
                continue
            if req.kind is Kind.TO_PLAY:
                ruling = by_text(
                    req.source,
                    f'"{req.name}": {req.source.quote} — "I must" text, '
                    "applied in hand before the card is played",
                    R.I_MUST,
                    R.TEXT_IN_HAND,
                )
                if event.cards[0].cancelled:
                    ruling.reason += "; cancelling the card afterwards does not undo it"
                return ruling
            return yes(
                f'"{req.name}" forces the discard: {req.source.quote}',
                R.FORCED_PLAYER_CHOOSES,
                sources=[req.source],
            )
    declined = list(state.events_of("decline", who, this_turn=True))
    if declined:
        after = [
            e for e in state.events_of("discard", who, this_turn=True) if e.seq > declined[-1].seq
        ]
        if after:
            return no("the player has already discarded after declining", R.DECLINE_DISCARD)
        size = state.hand_size(who)
        if size == 0:
            return no(
                "the player declined with no cards left in hand: he declines without a "
                "discard, as far as possible",
                R.DECLINE_WITHOUT_CARDS,
                R.AS_FAR_AS_POSSIBLE,
            )
        if size is None and not state.hand(who):
            # With no card left in hand he declines without a discard: the hand decides.
            raise CannotAnswer(
                "whether a discard is due after declining rests on the player's hand holding a "
                "card, which the situation does not say (name a card in the hand, or say how "
                "many it holds: I have 2 cards in hand)"
            )
        return yes(
            "a player who declines to start a fight discards one to three cards (not none)",
            R.DECLINE_DISCARD,
        )
    silenced: list[Ruling] = []
    for source, _, acting in obligation_texts(forces, who):
        why = None if acting else forces.text_ignored(source.card)
        if why is not None:
            gone = ignored_away(
                f'"{source.card.name}"',
                source.card,
                why.source,
                "its text",
                f'"{source.card.name}" would require it, but its text is '
                f'ignored by "{why.source.card.name}" when it is checked',
                R.REQUIREMENT_CHECKED_AT_END,
                R.IGNORING,
            )
            gone.sources.append(source)
            silenced.append(gone)
    reqs = obligations(forces, who)
    if reqs:
        done = turn_pool(forces, who) if own_turn(state, who) == state.turn else []
        named(done, reqs)
        choices, doubling = factor_choices(forces, reqs)
        results = {jointly_met(forces, reqs, done, choice) for choice in choices}
        if len(results) > 1:
            raise unknown_factor({f for c in choices for f in c.values()}, reqs[0])
        if not results.pop():
            names = " and ".join(f'"{r.name}"' for r in reqs)
            quotes = "; ".join(r.source.quote for r in reqs)
            return yes(
                f"{names} requires it (each text satisfied on its own): {quotes}",
                R.TEXT_GROUP_PER_TURN,
                R.REQUIREMENT_CHECKED_AT_END,
                R.DISCARD_INDEPENDENTLY,
                sources=[r.source for r in reqs] + doubling,
            )
    if silenced:
        return silenced[0]
    ruling = no("no rule or card text requires a discard now", R.DISCARD_ONLY_WHEN_PERMITTED)
    ruling.negatives.append("no active card text requires the player to discard")
    return ruling


# ---------------------------------------------------------------------- how many?
def discard_count(ctx: Context) -> Answer:
    """Answer ``how many cards must I discard?`` (0 when nothing requires a discard)."""
    view = View(ctx)
    ruling = must(view.forces, view.who)
    if not ruling.allowed:
        return view.answer(Number(0), ruling)
    return view.answer(Number(_how_many(view.forces, view.who, ruling)), ruling)


def _how_many(forces: Forces, who: str, ruling: Ruling) -> int:
    """How many cards the discard ``must`` found required takes, when it is one number."""
    if R.DECLINE_DISCARD in ruling.rules:
        raise CannotAnswer(
            "a player who declines to start a fight discards one to three "
            "cards, as he chooses: the rules give no single number"
        )
    source = next(iter(ruling.sources), None)
    reqs = [
        req
        for req in requirement_texts(forces, who) + obligations(forces, who)
        if source is not None and req.source.card is source.card
    ]
    if not reqs:
        raise CannotAnswer("rulesq cannot tell how many cards the discard takes")
    req = reqs[0]
    if req.kind is Kind.LIMIT:
        return excess(forces, req)
    expr = req.cards
    if not isinstance(expr, Cards) or expr.total is not None:
        raise CannotAnswer(
            f'"{req.name}" asks for {expr.render()}: the number of cards '
            "depends on which cards are discarded"
        )
    quantity = expr.quantity
    if quantity.kind not in (Q.COUNT, Q.ARTICLE):
        raise CannotAnswer(f'"{req.name}" asks for {expr.render()}: no single number of cards')
    done = discarded_for(forces, req) if req.kind is not Kind.OBLIGATION else turn_pool(forces, who)
    owed = max(0, (quantity.n or 1) - len(done))
    if req.kind is Kind.FORCED:
        # Forced to discard more cards than the hand holds: all of them (as far as possible).
        hand = forces.state.hand_size(who)
        if hand is None:
            raise CannotAnswer(
                f'"{req.name}" asks for {owed} card(s), and the situation does not say how '
                "many cards the player holds: with fewer, he discards them all"
            )
        if hand < owed:
            ruling.reason += f" (the player holds only {hand}: he discards as far as possible)"
            ruling.cite(R.AS_FAR_AS_POSSIBLE)
        return min(owed, hand)
    return owed
