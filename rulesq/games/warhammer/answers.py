"""Warhammer question handlers: plays, values on the board, and the state of cards and zones.

Can a card be played; its cost, power and hit points on the board; whether it is unique,
limited or corrupted; whether a zone burns.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number, YesNo
from rulesq.errors import CannotAnswer
from rulesq.explain.graph import BEATS, SUPPORTS
from rulesq.games.warhammer import plays
from rulesq.games.warhammer import values as V
from rulesq.games.warhammer.damage import destroyed_at_once  # also: "damaged" reads dealt damage
from rulesq.games.warhammer.situation import read_board
from rulesq.games.warhammer.vocab import Zone
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.engine.verdict import Verdict
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.claims import Ruling, Text

UNIQUE_SOURCES = "the FAQ's keyword errata (the card data marks no other card unique)"


def _board(ctx: Context) -> Board:
    from rulesq.games.warhammer import pool

    board = read_board(ctx.situation, ctx.facts)
    if board.ambiguous:
        raise CannotAnswer("; ".join(board.ambiguous))
    unplaced = _unplaced_texts(board) if ctx.question.kind not in _PLAYS else []
    if unplaced:
        raise CannotAnswer("; ".join(unplaced))
    if ctx.question.kind not in _OWN_FIELDS:
        graph = ctx.derivation()
        said = {data.get("label") for _node, data in graph.absence_nodes()}
        for note in _unknown_texts(board):
            if note not in said:
                graph.absence(note, assumed=True)
    pool.settle(board, ctx.situation)
    return board


#: Questions on playing a card: a card played this turn and placed nowhere is read there by
#: what bears on a play (its icons, its copy, a cost it changes), not by its whole text.
_PLAYS = ("can_play", "can_play_in", "limited", "unique")


#: Questions a card's own printed fields answer: no other card's text reaches them.
_OWN_FIELDS = ("unique", "limited")


def _unknown_texts(board: Board) -> list[str]:
    """The assumption an answer rests on beside a faceup card whose text the sources lack.

    Its text is taken to have no effect on the answer, as the FAQ answers its questions beside
    such cards (two of its damage cases have one in play); the answer says so under
    ``assumes:``, with the line that would give the text (a card line may give a text the
    sources do not).
    """
    from rulesq.games.warhammer.places import in_play

    return [
        f'the sources do not give the text of "{placed.name}", in play: it is taken to do '
        f'nothing that bears on the answer (give its text: card "{placed.name}" '
        f'{(placed.card.type or "card").lower()}: "…")'
        for placed in board.cards
        if placed.card is not None
        and placed.card.text is None
        and not placed.facedown
        and in_play(board, placed)
    ]


def _unplaced_texts(board: Board) -> list[str]:
    """Cards stated played this turn and placed nowhere whose texts act while in play.

    Such a card may be in play (its chain resolved, nothing stated took it out): a constant
    text or a Forced ability of it may bear on any answer, and where it is is not stated.
    Keywords, zone restrictions, "Attach to …" and Actions (they act when triggered) do not.
    """
    from rulesq.games.warhammer import effects as fx
    from rulesq.games.warhammer import texts
    from rulesq.games.warhammer.turn_plays import played_unplaced
    from rulesq.games.warhammer.vocab import Header

    quiet = (fx.Keyword, fx.Only, fx.Limit, fx.ZoneText, fx.Reminder, fx.AttachTo, fx.XIs)
    gaps = []
    for player in list(board.capitals):
        for card in played_unplaced(board, player):
            text = card.text or ""
            for effect in texts.parsed(text).effects:
                if isinstance(effect, quiet):
                    continue
                if isinstance(effect, fx.Ability) and effect.header is Header.ACTION:
                    continue
                gaps.append(
                    f'"{card.name}" is stated played this turn and placed nowhere: it may be in '
                    f'play, and "{effect.span.of(text).strip()}" may bear on the answer (state '
                    f'where it is, e.g., my battlefield has "{card.name}")'
                )
                break
    return gaps


def _card(ctx: Context) -> Card:
    ref = ctx.question.card
    if ref.card is None:
        raise CannotAnswer(f'"{ref.name}" is not a card rulesq knows')
    return ref.card


def _two_cards(ctx: Context) -> tuple[Card, Card]:
    """The first two cards a question names; an unknown one is cannot answer, named."""
    refs = ctx.question.cards[:2]
    for ref in refs:
        if ref.card is None:
            raise CannotAnswer(f'"{ref.name}" is not a card rulesq knows')
    first, second = (ref.card for ref in refs)
    assert first is not None and second is not None
    return first, second


def _conclude(
    ctx: Context,
    verdict: Verdict,
    reason: str,
    rules: list[str] | tuple[str, ...],
    quoted: list[Text] | tuple[Text, ...] = (),
    decided_by: str | None = None,
    assumed: list[str] | tuple[str, ...] = (),
    beaten: list[tuple[str, tuple[str, ...]]] | None = None,
) -> Answer:
    """The answer, its verdict supported by the texts quoted, then the rules and the facts.

    The texts are quoted in the order the reasoning met them, so the text that decided is the
    LAST of ``quoted``: each is put before the others, and the answer lists (and names as its
    deciding card) the first effect of its support. A builder whose deciding text is not the
    last it met moves it there (``wounds``, ``damage``).
    """
    graph = ctx.derivation()
    nodes = [ctx.clause(r, role="rule") for r in dict.fromkeys(rules)]
    for text in quoted:
        card = ctx.corpus.cards.get(text.card.casefold())
        nodes.insert(0, graph.effect(text.card, text.quote, card))
    for loser, loser_rules in beaten or ():
        alternative = graph.alternative(loser)
        if nodes:
            graph.link(nodes[0], alternative, BEATS, note="takes precedence")
        for rule in loser_rules:
            graph.link(ctx.clause(rule, role="rule"), alternative, SUPPORTS)
    for note in assumed:
        graph.absence(note, assumed=True)
    for fact in ctx.facts:
        nodes.append(ctx.fact(fact))
    return ctx.conclude(verdict, reason, decided_by=decided_by, supported_by=tuple(nodes))


def _value(ctx: Context, value: V.Value, what: str, name: str) -> Answer:
    if value.gaps or value.value is None:
        return ctx.cannot(
            f'the {what} of "{name}" is not known: ' + "; ".join(value.gaps),
            gaps=tuple((g, g) for g in value.gaps),
        )
    reason = "; ".join(value.steps) or f"the {what}"
    return _conclude(ctx, Number(value.value), reason, value.rules, value.texts)


def value(ctx: Context) -> Answer:
    """Answer ``what is the cost / power / loyalty of "X"?``."""
    card = _card(ctx)
    attribute = str(ctx.question.param("attribute", "")).lower()
    if attribute == "cost":
        from rulesq.games.warhammer import xvalue

        if card.fields.get("cost") == "X" and xvalue.definition(card) is not None:
            board = _board(ctx)
            placed = board.only(card.name)
            if placed is None:
                raise CannotAnswer(
                    f'"{card.name}" defines X by its player\'s opponent, and it is not in play: '
                    f'whose card it is is not stated (ask: can I put "{card.name}" into play '
                    "with …?)"
                )
            return _value(ctx, xvalue.defined_x(board, card, placed.owner), "cost", card.name)
        return _value(ctx, V.printed_cost(card), "cost", card.name)
    if attribute == "loyalty":
        loyalty = card.fields.get("loyalty")
        if not isinstance(loyalty, int):
            raise CannotAnswer(f'the sources do not give the loyalty of "{card.name}"')
        return _conclude(
            ctx,
            Number(loyalty),
            f"the printed loyalty is {loyalty}; it can add "
            "to the cost of playing the card, but is not part of its cost",
            [V.LOYALTY],
        )
    return _board_value(ctx, card, "power", V.power, V.printed_power)


def _board_value(
    ctx: Context,
    card: Card,
    what: str,
    in_play: Callable[[Board, InPlay], V.Value],
    printed: Callable[[Card], V.Value],
) -> Answer:
    """A card's value: in play, with the constant effects on it; else its printed one."""
    board = _board(ctx)
    placed = board.only(card.name)
    if placed is None:
        _maybe_in_play(board, card, what)
        found = printed(card)
    elif _left_play(board, placed):
        found = _out_of_play(printed(card), card.name)
    else:
        found = _maybe_left(board, placed, in_play(board, placed), printed(card))
    return _value(ctx, found, what, card.name)


def _maybe_left(board: Board, placed: InPlay, found: V.Value, printed: V.Value) -> V.Value:
    """A value read in play, where the card may have left play since (its printed one there).

    Gone to pay a cost (its payer's only unit), it has its printed value; where it may be gone
    (another card's leaving-play Forced effect, damage since a turn began) and the values
    differ, open. (A link resolved on it is read by the value itself.)
    """
    from rulesq.games.warhammer import places as P

    here = P.place(board, placed)
    if here.zone is None and not here.gaps and not here.pile_unknown:
        return _out_of_play(printed, placed.name)
    why = P.left_forced(board, placed)
    if "unit" in here.kinds and (since := damaged_since(board, placed)):
        why.append(since)
    if why and (found.value != printed.value or found.gaps):
        found.gaps += [g for g in why if g not in found.gaps]
    found.gaps += [g for g in _damaged_by_assignment(board, placed) if g not in found.gaps]
    return found


#: "damaged" or "undamaged" in a text: what it reaches rests on the damage on a unit.
_DAMAGED = compiled(r"\b(?:un)?damaged\b", re.IGNORECASE)


def _damaged_by_assignment(board: Board, placed: InPlay) -> list[str]:
    """Why a text reading "damaged" may reach a unit that damage is assigned to (or nothing).

    Once applied (outside combat, at once) the damage makes it damaged, and the value read
    with the damage stated would miss it.
    """
    from rulesq.games.warhammer.terms import applied

    if not any(a.card is placed and a.amount > 0 for a in board.assigned):
        return []
    if applied(board, placed) is not None:
        return []  # the damage a resolved link dealt it is followed
    return [
        f'damage is assigned to "{placed.name}", and "{other.name}" reads "damaged": whether it '
        "reaches it once that damage is applied is not followed"
        for other, text in board.faceup_texts()
        if _DAMAGED.search(text)
    ][:1]


def _left_play(board: Board, placed: InPlay) -> bool:
    """Whether a card stated in play has left it since (sacrificed, destroyed, discarded)."""
    from rulesq.games.warhammer.places import in_play

    return not in_play(board, placed)


def _out_of_play(printed: V.Value, name: str) -> V.Value:
    """The value of a card that left play: its printed one, no constant effect applying."""
    printed.steps.append(
        f'"{name}" has left play, and constant effects only apply to cards in play'
    )
    printed.rules.append(V.CONSTANT)
    return printed


def _maybe_in_play(board: Board, card: Card, what: str) -> None:
    """A card stated played this turn and placed nowhere may be in play: its value there is open.

    Its printed value is the answer only out of play; in play, constant texts may change it.
    """
    from rulesq.games.warhammer.turn_plays import played_unplaced

    for player in list(board.capitals):
        if any(c is card or c.name == card.name for c in played_unplaced(board, player)):
            raise CannotAnswer(
                f'"{card.name}" is stated played this turn and placed nowhere: it may be in '
                f"play, where its {what} may not be the printed one (state where it is, e.g., "
                f'my battlefield has "{card.name}")'
            )


def hit_points(ctx: Context) -> Answer:
    """Answer ``what are the hit points of "X"?``: printed, with constant modifiers."""
    return _board_value(ctx, _card(ctx), "hit points", V.hit_points, V.printed_hit_points)


def remaining_hit_points(ctx: Context) -> Answer:
    """Answer ``what are the remaining hit points of "X"?``: hit points minus damage."""
    card = _card(ctx)
    board = _board(ctx)
    placed = board.only(card.name, in_play=True)
    if placed is None:
        raise CannotAnswer(f'"{card.name}" is not on the board: only a unit in play has damage')
    if _left_play(board, placed):
        raise CannotAnswer(f'"{card.name}" has left play: only a unit in play has damage')
    from rulesq.games.warhammer.spendable import damage_now

    found = V.hit_points(board, placed)
    now = damage_now(board, placed).below(V.steady_hit_points(placed, found))
    if now.known is None:
        found.gaps.append(f'"{card.name}": {now.step}, so it holds {now.held()}')
    taken = _dealt_since(board, placed)
    found.gaps += [g for g in taken.gaps if g not in found.gaps]
    if found.value is not None and not found.gaps and now.most is not None:
        spent = f" ({now.step})" if now.step else ""
        found.add(-now.most, f"less {now.most} damage{spent}", None, V.HIT_POINTS)
        found.texts += now.texts
        found.rules += [r for r in now.rules if r not in found.rules]
        if taken.value:
            found.add(-taken.value, f"less {taken.value} dealt ({'; '.join(taken.steps)})")
            found.rules += [r for r in taken.rules if r not in found.rules]
        if found.value is not None and found.value <= 0:
            raise CannotAnswer(
                f'"{card.name}" is destroyed by the damage on it ({"; ".join(found.steps)}): only '
                "a unit in play has remaining hit points"
            )
    return _value(ctx, found, "remaining hit points", card.name)


def _dealt_since(board: Board, placed: InPlay) -> V.Value:
    """The damage dealt to a unit besides that stated on it, where some is assigned or acted.

    Damage assigned outside combat is applied at once; a card that acted this turn and speaks
    of damage is not followed (a gap); combat damage assigned to it is applied when the
    assignment is over, and whether the question is asked before or after is not told (a gap).
    """
    from rulesq.games.warhammer import combat_plays
    from rulesq.games.warhammer import damage as D

    later = turn_since(board, placed)
    if later and (texts := D.unfollowed(board)):
        return V.Value(None, gaps=[f"{later}, and {texts[0]} (it may have dealt damage since)"])
    if (
        not any(a.card is placed for a in board.assigned)
        and not combat_plays.played(board)
        and not board.resolved
    ):
        return V.Value(0)
    if any(a.card is placed and a.combat for a in board.assigned):
        return V.Value(
            None,
            gaps=[
                f'combat damage is assigned to "{placed.name}": its remaining hit points before '
                "that damage is applied, or after, are not told apart"
            ],
        )
    return D.dealt(board, placed)


def turn_since(board: Board, placed: InPlay) -> str:
    """How a turn began, or may have, after the card's damage was stated ("" when none did).

    The same player's turn stated again may be a later one (``turns.restated``).
    """
    at = placed.fact.index
    whose = next((who for who, fact in reversed(board.turns) if fact.index < at), None)
    for who, fact in board.turns:
        if fact.index > at and who != whose:
            line = fact.span.line
            return f'a turn began (line {line}) after the damage on "{placed.name}" was stated'
        if fact.index > at:
            # the same player's turn stated again: maybe a later turn (``turns.restated``)
            line = fact.span.line
            return (
                f"the same player's turn is stated again (line {line}) after the damage on "
                f'"{placed.name}" was stated, maybe a later turn'
            )
    return ""


def damaged_since(board: Board, placed: InPlay) -> str:
    """Why a unit may have been destroyed since it was stated ("" when nothing says so).

    A turn began after it was stated, and a text in play that speaks of damage is not followed
    ("Forced: At the beginning of your turn, attached unit takes 1 uncancellable damage."): the
    damage it may have taken since may have destroyed it.
    """
    from rulesq.games.warhammer import damage as D

    later = turn_since(board, placed)
    texts = D.unfollowed(board) if later else []
    if not texts:
        return ""
    return f"{later}, and {texts[0]} (damage it may have taken since may have destroyed it)"


def can_play(ctx: Context) -> Answer:
    """Answer ``can I play "X"?`` (into any zone)."""
    return _play(ctx, None)


def can_play_in(ctx: Context) -> Answer:
    """Answer ``can I play "X" into my battlefield?``."""
    if ctx.question.param("players", (ME, ME))[-1] != (ctx.question.who or ME):
        raise CannotAnswer("a player plays cards into his own zones")
    return _play(ctx, Zone(ctx.question.param("zone")))


def _hand(ctx: Context, player: str) -> list[str] | None:
    held = [f for f in ctx.facts if f.kind == "hand" and (f.who or ME) == player]
    if not held:
        return None
    return [r.card.name.casefold() if r.card else r.name.casefold() for f in held for r in f.cards]


def _play(ctx: Context, zone: Zone | None) -> Answer:
    card = _card(ctx)
    player = ctx.question.who or ME
    board = _board(ctx)
    ruling, check = plays.can_play(board, card, player, zone, _hand(ctx, player))
    if ruling is None or ruling.allowed is None:
        gaps = [g for g, _ in check.gaps] or [r.reason for r in (ruling.conflict if ruling else [])]
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    reason = ruling.reason
    rules = list(ruling.rules)
    price = check.price
    if ruling.allowed and price is not None and price.value is not None:
        steps = "; ".join(price.steps)
        if price.bounds is not None:  # only loyalty icons not known: the most it may cost
            unknown = "; ".join(price.bounded)
            reason += f"; it costs at most {price.value} ({steps}; {unknown}: they only lower it)"
        else:
            reason += f"; it costs {price.value} ({steps})"
        rules += price.rules
    return _concluded(ctx, ruling, reason, rules)


def _concluded(
    ctx: Context, ruling: Ruling, reason: str | None = None, rules: list[str] | None = None
) -> Answer:
    """A yes or no the ladder decided, with its reason, rules, texts, step and beaten claims."""
    return _conclude(
        ctx,
        YesNo(bool(ruling.allowed)),
        ruling.reason if reason is None else reason,
        list(ruling.rules) if rules is None else rules,
        list(ruling.texts),
        decided_by=ruling.step,
        beaten=[(b.label or b.reason, b.rules) for b in ruling.beaten],
    )


def unique(ctx: Context) -> Answer:
    """Answer ``is "X" unique?``."""
    card = _card(ctx)
    if card.fields.get("unique"):
        return _conclude(
            ctx, YesNo(True), f'an erratum makes "{card.name}" Unique', list(card.errata)
        )
    raise CannotAnswer(
        f'whether "{card.name}" is unique is not in the sources: only {UNIQUE_SOURCES}'
    )


def limited(ctx: Context) -> Answer:
    """Answer ``is "X" limited?``."""
    card = _card(ctx)
    from rulesq.games.warhammer import traits

    flag = traits.limited(_board(ctx), card)
    if flag is None:
        raise CannotAnswer(traits.unknown_limited(card))
    if card.fields.get("limited") is None:
        return _conclude(
            ctx,
            YesNo(flag),
            f'the situation states that "{card.name}" is{"" if flag else " not"} limited',
            [],
        )
    if flag:
        from rulesq.games.warhammer.texts import limited_text

        sentence = limited_text(card.text or "")
        from rulesq.games.warhammer.claims import Text as Quote

        quoted = [Quote(card.name, sentence)] if sentence else []
        return _conclude(
            ctx,
            YesNo(True),
            f'"{card.name}" has the Limited keyword' + (" (by erratum)" if not sentence else ""),
            list(card.errata),
            quoted,
        )
    from rulesq.games.warhammer.claims import Text as Quote

    return _conclude(
        ctx,
        YesNo(False),
        f'the text in force of "{card.name}" has no Limited keyword',
        list(card.errata),
        [Quote(card.name, card.text or "")],  # the whole text in force decides: no keyword
    )


def burning(ctx: Context) -> Answer:
    """Answer ``is your quest zone burning?``."""
    board = _board(ctx)
    player = ctx.question.who or ME
    zone = Zone(ctx.question.param("zone"))
    fact = board.capital(player).burning.get(zone)
    rules = [V.ZONES]
    if fact is not None:
        return _conclude(
            ctx, YesNo(True), f"the situation states that the {zone.value} zone burns", rules
        )
    graph = ctx.derivation()
    graph.absence(f"the situation does not state that the {zone.value} zone burns")
    return _conclude(ctx, YesNo(False), f"no statement burns the {zone.value} zone", rules)


def corrupted(ctx: Context) -> Answer:
    """Answer ``is "X" corrupted?``."""
    card = _card(ctx)
    board = _board(ctx)
    placed = board.only(card.name, in_play=True)
    if placed is None:
        raise CannotAnswer(
            f'"{card.name}" is not on the board: only a card in play is '
            "corrupted or not (a card leaving play is a new card)"
        )
    from rulesq.games.warhammer import corruption
    from rulesq.games.warhammer.places import in_play

    if not in_play(board, placed):
        raise CannotAnswer(
            f'"{card.name}" has left play: only a card in play is corrupted or not (a card '
            "leaving play is a new card)"
        )
    gone, why = destroyed_at_once(board, placed)
    if gone is not False:
        raise CannotAnswer(f"{why}: only a card in play is corrupted or not")

    acted = corruption.read(board, placed, now=True)
    if placed.corrupted or acted.by:
        if acted.may_restore:
            raise CannotAnswer(
                f'"{card.name}" was corrupted, and '
                + "; ".join(acted.may_restore)
                + ": whether it restored it is not followed by rulesq"
            )
        kingdom = corruption.kingdom_since(board, placed) if placed.corrupted else None
        if kingdom:
            raise CannotAnswer(
                f'"{card.name}" was stated corrupted, and {kingdom}, where its controller may '
                "restore one corrupt unit (Phase 1: Kingdom Phase): whether it was restored is "
                "not stated"
            )
        if placed.corrupted:
            why = "; ".join([f'"{card.name}" is in play corrupted', *acted.pending])
            rules = [V.ZONES, *dict.fromkeys(acted.rules)]
            from rulesq.games.warhammer.places import QA_REVERTS, place

            if QA_REVERTS in place(board, placed).rules:
                # An attachment made it a development, or has left it: Q&A 41 keeps it corrupt.
                why += (
                    "; a corrupted unit becomes a corrupted development, and reverts back to a "
                    "corrupted unit when the attachment is removed"
                )
                rules = [QA_REVERTS, *rules]
            return _conclude(ctx, YesNo(True), why, rules, acted.waiting)
        return _conclude(
            ctx,
            YesNo(True),
            f'"{card.name}" is corrupted: ' + "; ".join(acted.by),
            list(dict.fromkeys(acted.rules)),
            acted.texts,
        )
    if acted.may_corrupt:
        raise CannotAnswer(
            f'"{card.name}" is not stated corrupted, but '
            + "; ".join(acted.may_corrupt)
            + ": whether it corrupts it is not followed by rulesq"
        )
    from rulesq.games.warhammer.places import (
        QA_ENTERS_AS_DEVELOPMENT,
        QA_ENTERS_IN_A_STATE,
        entered_corrupted,
    )

    entered = entered_corrupted(board, placed)
    if entered is not None and entered[1]:
        _, steps, quoted = entered
        rules = [QA_ENTERS_AS_DEVELOPMENT, QA_ENTERS_IN_A_STATE]
        return _conclude(ctx, YesNo(False), "; ".join(steps), rules, quoted)
    ctx.derivation().absence(f'the situation does not state that "{card.name}" is corrupted')
    why = "; ".join([f'"{card.name}" is in play, and not corrupted', *acted.pending, *acted.steps])
    rules = [V.ZONES, *dict.fromkeys(acted.rules)]
    return _conclude(ctx, YesNo(False), why, rules, acted.waiting)
