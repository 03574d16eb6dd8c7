"""Warhammer trigger questions: does "X" trigger, how often, how many cards it searches.

Also whether a card can target a card that entered a discard pile (by the events stated), and
whether a card is sacrificed because a Forced effect must move it where it cannot go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number, YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import damage as D
from rulesq.games.warhammer import texts
from rulesq.games.warhammer import trigger_texts as T
from rulesq.games.warhammer import triggers as G
from rulesq.games.warhammer.answers import _board, _card, _conclude
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.turns import ended
from rulesq.situation.model import ME, YOU

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.warhammer.board import Board, InPlay

COST = "warhammer/faq/terminology-clarifications/cost"
SEARCH_MORE = "warhammer/faq/terminology-clarifications/search/part-3"
QA_ANY_WAY = "warhammer/faq/qa/4"
QA_ILLEGAL_STATE = "warhammer/faq/qa/49"
_OTHER = {ME: YOU, YOU: ME}


def _placed(ctx: Context, board: Board, index: int = 0) -> InPlay:
    ref = ctx.question.cards[index]
    placed = board.find(ref.name)
    if placed is None:
        raise CannotAnswer(f'"{ref.name}" is not on the board: only a card in play triggers')
    return placed


def _count(ctx: Context) -> tuple[G.Count, InPlay]:
    """The times every copy of the card in play triggers (each copy triggers on its own)."""
    board = _board(ctx)
    source = _placed(ctx, board)
    copies = [c for c in board.cards if c.name.casefold() == source.name.casefold()]
    total = G.Count()
    paid = 0
    for copy in copies:
        count = G.times(board, copy, paid)
        paid = count.paid
        total.value += count.value
        if len(copies) > 1 and copy.attached_to is not None and count.steps:
            total.steps.append(f'the copy on "{copy.attached_to.name}": ' + ", ".join(count.steps))
        else:
            total.steps += [s for s in count.steps if s not in total.steps]
        total.cite(*count.rules)
        total.texts += [t for t in count.texts if t not in total.texts]
        total.gaps += count.gaps
        total.header = count.header
    if len(copies) > 1 and total.header == "Action" and total.value:
        total.steps.append(f"a Triggered Action triggers once per copy: {len(copies)} copies")
        total.cite(G.TRIGGERED_ACTIONS)
    return total, source


def _gaps(ctx: Context, gaps: list[str]) -> Answer:
    return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))


def triggers(ctx: Context) -> Answer:
    """Answer ``does "X" trigger?`` on the events stated."""
    count, source = _count(ctx)
    if count.value == 0 and count.gaps:
        return _gaps(ctx, count.gaps)
    verdict = count.value > 0
    reason = "; ".join(count.steps)
    reason += (
        f': its trigger condition is met, so "{source.name}" triggers'
        if verdict
        else f': its trigger condition is not met, so "{source.name}" does not trigger'
    )
    return _conclude(ctx, YesNo(verdict), reason, count.rules, count.texts)


def trigger_count(ctx: Context) -> Answer:
    """Answer ``how many times does "X" trigger?``: once for each event meeting it."""
    count, source = _count(ctx)
    if count.gaps:
        return _gaps(ctx, count.gaps)
    reason = "; ".join(count.steps) + f': "{source.name}" triggers once for each'
    return _conclude(ctx, Number(count.value), reason, count.rules, count.texts)


def search_count(ctx: Context) -> Answer:
    """Answer ``how many cards does "X" search?``: its number plus one per "additional card"."""
    board = _board(ctx)
    source = _placed(ctx, board)
    card = _card(ctx)
    found = T.SEARCH.search(card.text or "")
    amount = T.number(found.group("n")) if found else None
    if found is None or amount is None:
        raise CannotAnswer(f'"{card.name}" states no search of a number of cards rulesq reads')
    quotes = [Text(card.name, found.group(0))]
    steps = [f'"{card.name}" searches the top {amount} cards']
    for other, text in board.faceup_texts():
        if other.owner != source.owner:
            continue
        for _header, zone, quote, body in T.sentences(other.name, text):
            if not T.SEARCH_MORE.match(body):
                continue
            if not texts.active_in(zone, other.zone):
                steps.append(f'"{other.name}" is not in its {texts.zone_names(zone)} zone')
                continue
            amount += 1
            quotes.append(Text(other.name, quote))
            steps.append(f'"{other.name}" adds one card')
    return _conclude(ctx, Number(amount), "; ".join(steps), [SEARCH_MORE], quotes)


def can_target(ctx: Context) -> Answer:
    """Answer ``can I target "Y" with "X"?``: a unit that entered your discard pile this turn.

    The target is read from "one target [<race>] unit that entered your discard pile this turn"
    and checked against the events stated.
    """
    board = _board(ctx)
    player = ctx.question.who or ME
    target_ref, source_ref = ctx.question.cards
    card = source_ref.card
    if card is None or not card.text:
        raise CannotAnswer(f'the text of "{source_ref.name}" is not known')
    import re

    wanted = re.search(
        r"\bone target \[(?P<race>[^\]]+)\] unit that entered your discard pile this turn\b",
        card.text,
    )
    if wanted is None:
        raise CannotAnswer(f'the target of "{card.name}" is not read by rulesq')
    target = board.find(target_ref.name)
    if target is None or target.card is None:
        raise CannotAnswer(f'"{target_ref.name}" is not on the board: how it left play is unknown')
    how = G._left_play(board, target)
    if how is None or how == "left play":
        raise CannotAnswer(
            f'the situation does not say that "{target.name}" entered a discard pile'
        )
    race = wanted.group("race")
    steps = [
        f'"{target.name}" is {how}: it is placed into its owner\'s discard pile, as its printed '
        f"type, a {(target.card.type or '').lower()}"
    ]
    rules = [D.DESTROY if how == "destroyed" else D.SACRIFICE, QA_ANY_WAY]
    ok = True
    gone = [f for victim, f in board.sacrificed if victim is target]
    gone += [e.fact for e in board.events if e.card is target and e.kind == "destroyed"]
    over = ended(board, gone[0].index) if gone else False
    if over is None:
        raise CannotAnswer(
            f'"{target.name}" is {how}, and a turn is stated after it: whether it entered the '
            "discard pile this turn is not stated"
        )
    if over:
        steps.append("it entered the discard pile on a turn now over, not this turn")
        ok = False
    if target.owner != player:
        steps.append("it enters the opponent's discard pile, not yours")
        ok = False
    if (target.card.type or "").lower() != "unit":
        steps.append("it is not a unit card")
        ok = False
    if (target.card.fields.get("race") or "").casefold() != race.casefold():
        steps.append(f"it is not a {race} card")
        ok = False
    if ok:
        steps.append(
            f"a {race} unit card that entered your discard pile this turn, however it got there"
        )
    quote = Text(card.name, wanted.group(0))
    return _conclude(ctx, YesNo(ok), "; ".join(steps), rules, [quote])


def sacrificed(ctx: Context) -> Answer:
    """Answer ``is "X" sacrificed?``: stated, or a Forced move it cannot make (Q&A 49)."""
    board = _board(ctx)
    placed = _placed(ctx, board)
    if any(victim is placed for victim, _ in board.sacrificed):
        return _conclude(
            ctx, YesNo(True), f'the situation states "{placed.name}" is sacrificed', [D.SACRIFICE]
        )
    if placed.card is None or placed.facedown:
        raise CannotAnswer(f'"{placed.name}" has no text rulesq reads')
    count = G.times(board, placed)
    if count.gaps:
        return _gaps(ctx, count.gaps)
    if count.value == 0:
        raise CannotAnswer("; ".join(count.steps) + ": no effect read here sacrifices it")
    move = next(
        (
            (header, quote, body)
            for header, _zone, quote, body in T.sentences(placed.name, placed.card.text or "")
            if T.CONTROL_MOVE.search(body.split(",", 1)[-1].strip())
        ),
        None,
    )
    if move is None:
        raise CannotAnswer(f'what the effect of "{placed.name}" does is not read by rulesq')
    opponent = _OTHER[placed.owner]
    loyalty = placed.card.fields.get("loyalty")
    bars: list[tuple[InPlay, str, int]] = []
    for other, text in board.faceup_texts():  # a facedown development bars nothing
        if other.owner != opponent or other.zone is not placed.zone:
            continue
        for _h, _z, quote, body in T.sentences(other.name, text):
            found = T.LOYALTY_BAR.match(body)
            if found is not None:
                bars.append((other, quote, int(found.group("n"))))
            elif "cannot enter this zone" in body.lower():
                raise CannotAnswer(f'"{other.name}": "{quote}" is not read by rulesq')
    zone = placed.zone.value if placed.zone else "corresponding"
    steps = [
        *count.steps,
        f"its Forced effect moves it to the opponent's {zone} zone",
    ]
    texts = [*count.texts]
    rules = [*count.rules]
    for other, quote, least in bars:
        texts.append(Text(other.name, quote))
        if not isinstance(loyalty, int):
            raise CannotAnswer(f'the loyalty of "{placed.name}" is not known')
        if loyalty < least:
            steps.append(
                f'"{placed.name}" has {loyalty} loyalty and cannot enter the zone of '
                f'"{other.name}", but must move there: an illegal game state, so it is sacrificed'
            )
            return _conclude(
                ctx, YesNo(True), "; ".join(steps), [*rules, QA_ILLEGAL_STATE, D.SACRIFICE], texts
            )
    steps.append("nothing stops it entering that zone: it moves, and is not sacrificed")
    return _conclude(ctx, YesNo(False), "; ".join(steps), [*rules, QA_ILLEGAL_STATE], texts)


def can_put(ctx: Context) -> Answer:
    """Answer ``can "X" put "Y" into play?``: a card searched for, by its printed cost.

    Read from "search … for a support card with cost N or lower. You may put that card into
    this zone": the cost is the printed number, never the loyalty (FAQ, Cost).
    """
    board = _board(ctx)
    source_ref, wanted_ref = ctx.question.cards
    source, wanted = source_ref.card, wanted_ref.card
    if source is None or wanted is None:
        raise CannotAnswer("a card asked about is not one rulesq knows")
    found = T.SEARCH_FOR.search(source.text or "")
    if found is None:
        raise CannotAnswer(f'"{source.name}" puts no card into play that rulesq reads')
    kind, most = found.group("type").lower(), int(found.group("n"))
    cost = wanted.fields.get("cost")
    if not isinstance(cost, int):
        raise CannotAnswer(f'the printed cost of "{wanted.name}" is not a number')
    steps = [
        f'"{wanted.name}" is a {(wanted.type or "").lower()} card with printed cost {cost} '
        f"(its loyalty is not part of its cost)"
    ]
    ok = (wanted.type or "").lower() == kind and cost <= most
    steps.append(
        f"it is a {kind} card with cost {most} or lower"
        if ok
        else f"it is not a {kind} card with cost {most} or lower"
    )
    placed = board.find(source.name)
    only = texts.zone_only(wanted.text or "")
    if ok and only is not None:
        if placed is None or placed.zone is None:
            raise CannotAnswer(
                f'"{wanted.name}" says "{only[1]}" and the zone of "{source.name}" is not stated'
            )
        if placed.zone is not only[0]:
            steps.append(f'"{only[1]}": it cannot go into the {placed.zone.value} zone')
            ok = False
    quotes = [Text(source.name, found.group(0))]
    return _conclude(ctx, YesNo(ok), "; ".join(steps), [COST], quotes)
