"""Sharing discards among the texts that ask for them: each met on its own, none to spare.

Several texts asking for discards are each satisfied independently (rulebook p.17), so a discard
counts for one text only. A text asking for a total of printed values (or moons) takes no card
that does not contribute (p.17): the discards for it meet it with none to spare or, not yet
meeting it, each still count towards it. Printed values are read as they were in hand, after the
effects on printed values. "The effect of one of my … cards doubles" doubles the numbers of the
text it reaches; when its player may choose among several texts, either factor is possible.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.discards import minimal, satisfies
from rulesq.games.bluemoon.judge.forces import Forces, Source
from rulesq.games.bluemoon.judge.requirements import Kind, Requirement
from rulesq.games.bluemoon.judge.select import matches
from rulesq.games.bluemoon.judge.state import Instance, Zone, new_instance
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, CardsExpr, Measure, Q


def in_hand(card: Instance) -> Instance:
    """The card as it was in hand (where discards for a text are checked)."""
    if card.zone is Zone.HAND:
        return card
    return new_instance(card.uid, card.info, card.owner, Zone.HAND, seq=card.seq)


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
        if not forces.window_open(source):
            continue
        if effect.condition is not None and not holds(
            effect.condition, source.controller, forces, source.card
        ):
            continue
        used.append(source)
        sel = effect.cards
        limit = (
            sel.quantity.n or 1
            if isinstance(sel, Cards) and sel.quantity.kind in (Q.OF, Q.COUNT)
            else None
        )
        candidates = [
            c
            for c in forces.state.cards
            if forces.live(c) and matches(sel, c, source.controller, forces)
        ]
        if limit is not None and len(candidates) > limit:
            options = options | {f * 2 for f in options}
        else:
            options = {f * 2 for f in options}
    return options, used


def met(forces: Forces, req: Requirement, cards: list[Instance], factor: int) -> bool:
    """Whether these discards (read in hand) meet the requirement."""
    return satisfies(forces, req.cards, [in_hand(c) for c in cards], req.source.controller, factor)


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
        probe = Cards(
            owner=option.owner, types=option.types, family=option.family, icon=option.icon
        )
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


def _adds(
    forces: Forces, card: Instance, others: list[Instance], needs: list[tuple[str, int]]
) -> bool:
    """Whether the card adds to a total the others have not reached.

    An unknown value in one element decides nothing when the card adds in another.
    """
    unknown: CannotAnswer | None = None
    for element, n in needs:
        try:
            reached = sum(forces.printed(o, element) for o in others)
            if reached < n and forces.printed(card, element) > 0:
                return True
        except CannotAnswer as missing:
            unknown = unknown or missing
    if unknown is not None:
        raise unknown
    return False


def _groups(cards: list[Instance], slots: int) -> Iterator[list[list[Instance]]]:
    """Every way to share the cards out among ``slots`` groups."""
    for shares in product(range(slots), repeat=len(cards)):
        groups: list[list[Instance]] = [[] for _ in range(slots)]
        for card, slot in zip(cards, shares, strict=True):
            groups[slot].append(card)
        yield groups


def jointly_met(
    forces: Forces, reqs: list[Requirement], cards: list[Instance], factor_of: dict[int, int]
) -> bool:
    """Whether the discards can be shared out so that each requirement is met on its own."""
    if not reqs:
        return True
    for groups in _groups(cards, len(reqs) + 1):  # the last group: cards no text needs
        if all(met(forces, req, groups[i], factor_of[i]) for i, req in enumerate(reqs)):
            return True
    return False


def jointly_allowed(
    forces: Forces, reqs: list[Requirement], cards: list[Instance], factor_of: dict[int, int]
) -> bool:
    """Whether every one of these discards goes towards one of the requirements.

    Each card counts for one text only; a text's cards either meet it with none to spare (no
    extra discards, p.17) or, not yet meeting it, each still count towards it.
    """
    for groups in _groups(cards, len(reqs)):
        if all(_allowed_group(forces, req, groups[i], factor_of[i]) for i, req in enumerate(reqs)):
            return True
    return False


def _allowed_group(forces: Forces, req: Requirement, cards: list[Instance], factor: int) -> bool:
    if not cards:
        return True
    try:
        meets = met(forces, req, cards, factor)
    except CannotAnswer:
        # An unknown value leaves open whether they meet it: allowed if allowed either way.
        if _allowed_if_met(forces, req, cards, factor) and _allowed_if_short(
            forces, req, cards, factor
        ):
            return True
        raise
    if meets:
        return _allowed_if_met(forces, req, cards, factor)
    return _allowed_if_short(forces, req, cards, factor)


def _allowed_if_met(forces: Forces, req: Requirement, cards: list[Instance], factor: int) -> bool:
    """Discards that meet the text: for a total, only with none to spare (p.17)."""
    if not by_total(req.cards):
        return True
    return minimal(forces, req.cards, [in_hand(c) for c in cards], req.source.controller, factor)


def _allowed_if_short(forces: Forces, req: Requirement, cards: list[Instance], factor: int) -> bool:
    """Discards short of the text: allowed where each still counts towards it."""
    if req.kind is Kind.OFFER and _whole(req.cards):
        # "Now I may discard cards with a total … to attract one dragon": one discard that
        # meets it; cards short of it achieve nothing, and a discard is made only to achieve.
        return False
    return contributes(forces, req, cards, factor)


def _whole(expr: CardsExpr) -> bool:
    """Whether a text asks for one set of cards: a total, or an exact number of cards."""
    options = getattr(expr, "options", None) or getattr(expr, "parts", None) or (expr,)
    return all(
        isinstance(o, Cards) and (o.total is not None or o.quantity.kind is Q.COUNT)
        for o in options
    )


def by_total(expr: CardsExpr) -> bool:
    """Whether a text asks for a total of values or moons (where no extra cards may go)."""
    options = getattr(expr, "options", None) or getattr(expr, "parts", None) or (expr,)
    return any(isinstance(o, Cards) and o.total is not None for o in options)


def factor_choices(
    forces: Forces, reqs: list[Requirement]
) -> tuple[list[dict[int, int]], list[Source]]:
    """Every combination of the doubling factors the requirements may have, and the doublers."""
    per: list[list[int]] = []
    used: list[Source] = []
    for req in reqs:
        options, sources = factors(forces, req)
        per.append(sorted(options))
        used += [s for s in sources if s not in used]
    return [dict(enumerate(combo)) for combo in product(*per)], used


def unknown_factor(options: set[int], req: Requirement) -> CannotAnswer:
    """The error when a doubling's choice decides the answer."""
    return CannotAnswer(
        f'whether "{req.name}" is doubled is its player\'s choice, and the '
        f"answer depends on it ({sorted(options)})"
    )
