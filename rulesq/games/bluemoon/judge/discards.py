"""Discarding to satisfy a text: totals, card counts and the discard rules.

Totals are of printed values or moons; the rules that go with them are rulebook p.17's:
satisfy each card independently, and no extra cards.

Printed values are read in hand after the effects on printed values; an ignored
card's values have no effect. A set of discards is allowed only if no card in it could be
left out while still satisfying the text.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.cards import UNNAMED
from rulesq.games.bluemoon.judge.dragons import Packet, banned
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.selectors import CardChoice, Cards, CardSet, Measure, Q, Total

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from rulesq.games.bluemoon.judge.dragons import Packet
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Event, Instance
    from rulesq.games.bluemoon.selectors import CardsExpr

#: A selector with nothing in it (immutable): probes are made from it, without ``__init__``.
_NO_FILTER = Cards()


def _printed(forces: Forces, card: Instance, element: str) -> int:
    return forces.printed(card, element)


def meets_total(forces: Forces, total: Total, cards: list[Instance], factor: int = 1) -> bool:
    """Whether discarded cards reach a total of printed values or moons.

    Totals read like "at least 3 Fire", "2 Fire and 2 Earth (on different cards)", "5 Fire or
    5 Earth", "at least two moons".
    """
    if total.measure is Measure.MOONS:
        need = total.amounts[0].n * factor
        moons = 0
        for card in cards:
            if card.info.moons is None:
                raise CannotAnswer(f'the sources give no moons for "{card.name}"')
            moons += card.info.moons
        return moons >= need
    needs = [
        (amount.element.lower() if amount.element else "fire", amount.n * factor)
        for amount in total.amounts
    ]
    if total.either:
        return _settled(forces, cards, needs, any)
    if total.on_different_cards and len(needs) > 1:
        unknown = ""  # the first gap's reason: a kept exception would hold this frame in a cycle
        for split in _splits(cards, len(needs)):
            try:
                if all(
                    sum(_printed(forces, c, e) for c in group) >= n
                    for group, (e, n) in zip(split, needs, strict=True)
                ):
                    return True
            except CannotAnswer as missing:  # a value this split needs is unknown
                unknown = unknown or str(missing)
        if unknown:
            raise CannotAnswer(unknown)
        return False
    return _settled(forces, cards, needs, all)


def _settled(
    forces: Forces,
    cards: list[Instance],
    needs: list[tuple[str, int]],
    join: Callable[[Iterable[bool]], bool],
) -> bool:
    """Each element's total against its need, joined by ``any`` or ``all``.

    An element whose printed value is unknown on some card decides nothing when the known ones
    settle it ("5 Fire or 5 Earth" met in Earth; "… and …" missed in one): only then is it asked.
    """
    found: list[bool] = []
    unknown: CannotAnswer | None = None
    for element, n in needs:
        try:
            found.append(sum(_printed(forces, c, element) for c in cards) >= n)
        except CannotAnswer as missing:
            unknown = unknown or missing
    settled = join(found)
    if unknown is None or settled is (join is any):
        return settled
    raise unknown


def _splits(cards: list[Instance], parts: int) -> list[list[list[Instance]]]:
    """Every way to give each card to one of ``parts`` groups."""
    if parts == 1:
        return [[list(cards)]]
    out: list[list[list[Instance]]] = []
    n = len(cards)
    for mask in range(parts**n):
        groups: list[list[Instance]] = [[] for _ in range(parts)]
        m = mask
        for card in cards:
            groups[m % parts].append(card)
            m //= parts
        out.append(groups)
    return out


def satisfies(
    forces: Forces, expr: CardsExpr, cards: list[Instance], controller: str, factor: int = 1
) -> bool:
    """Whether a set of discarded cards is what a text asks to discard."""
    if not cards:
        return False
    if isinstance(expr, CardChoice):
        return any(satisfies(forces, o, cards, controller, factor) for o in expr.options)
    if isinstance(expr, CardSet):
        return all(satisfies(forces, p, cards, controller, factor) for p in expr.parts)
    if not isinstance(expr, Cards):
        return False
    probe = replace(
        _NO_FILTER, owner=expr.owner, types=expr.types, family=expr.family, icon=expr.icon
    )
    if not all(matches(probe, c, controller, forces) for c in cards):
        return False
    if expr.total is not None:
        return meets_total(forces, expr.total, cards, factor)
    quantity = expr.quantity
    if quantity.kind in (Q.COUNT, Q.OF, Q.ARTICLE):
        return len(cards) == (quantity.n or 1) * factor
    if quantity.kind is Q.UP_TO:
        return len(cards) <= (quantity.n or 1) * factor
    return True


def minimal(
    forces: Forces, expr: CardsExpr, cards: list[Instance], controller: str, factor: int = 1
) -> bool:
    """Whether no card of the set could be left out (no extra discards, p.17).

    A smaller set known to satisfy the text settles it, whatever the sets with an unknown value.
    """
    unknown: CannotAnswer | None = None
    for size in range(1, len(cards)):
        for subset in combinations(cards, size):
            try:
                if satisfies(forces, expr, list(subset), controller, factor):
                    return False
            except CannotAnswer as missing:
                unknown = unknown or missing
    if unknown is not None:
        raise unknown
    return True


def discard_act(source: Source) -> a.Discard | None:
    """The discard a text asks for (or allows), if it asks for one."""
    effect = source.effect
    dos: tuple[a.Do, ...] = ()
    if isinstance(effect, fx.ActionEffect):
        dos = effect.dos
    elif isinstance(effect, fx.Obligation):
        dos = (effect.do,)
    for do in dos:
        for act in do.acts:
            if isinstance(act, a.Discard):
                return act
    return None


def discards_after(forces: Forces, who: str, play_seq: int) -> list[Instance]:
    """The cards a player discarded from hand after a play, on the same turn.

    Before any other play of theirs.
    """
    state = forces.state
    out: list[Instance] = []
    for event in state.events:
        if event.seq <= play_seq or event.turn != state.turn:
            continue
        if event.kind == "play" and event.who == who:
            break
        if event.kind == "discard" and event.who == who and event.data.get("where") == "hand":
            out.extend(event.cards)
    return out


def purpose_play(forces: Forces, event: Event) -> tuple[Source, Event] | None:
    """The "Now I may discard ..." text a discard was made for, if any.

    Either the last card the player played this turn asks for a discard from hand, or the
    last card played this turn (by either player) has both players discard ("Now we both may
    discard …").
    """
    state = forces.state
    plays = [e for e in state.events_of("play", this_turn=True) if e.seq < event.seq]
    own = [e for e in plays if e.who == event.who]
    for last in [*plays[-1:], *[e for e in own[-1:] if e is not plays[-1]]]:
        card = last.cards[0]
        for source in effects_of(card):
            act = discard_act(source)
            effect = source.effect
            if act is None or not isinstance(effect, fx.ActionEffect) or effect.when is None:
                continue
            if any(
                event.who in players_of(do.actor, card.owner) for do in effect.dos if act in do.acts
            ):
                return source, last
    return None


def discard_for_dragon(forces: Forces, event: Event) -> Packet | None:
    """The dragon a discard attracts when made for a "to attract one dragon" text."""
    found = purpose_play(forces, event)
    if found is None or event.who is None:
        return None
    source, play = found
    act = discard_act(source)
    if act is None or act.purpose is None:
        return None
    cards = discards_after(forces, event.who, play.seq)
    if any(c.info.name == UNNAMED for c in cards):
        raise CannotAnswer(
            f"cards were discarded without being named, and whether they "
            f'satisfy "{source.card.name}" depends on which cards they were; '
            'name them (I discard "A", "B")'
        )
    if not satisfies(forces, act.cards, cards, event.who):
        return None
    return banned(
        forces,
        Packet(
            event.who,
            act.purpose.dragons.n or 1,
            f'the discard satisfies "{source.card.name}": {source.quote}',
            [R.NO_EXTRA_DISCARDS],
            [source],
        ),
        cause="the discard",
    )
