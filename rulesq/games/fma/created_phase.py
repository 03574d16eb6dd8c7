"""A search phase a card creates: where the characters are, and who acts, once it has ended.

After the created search phase has ended, all characters move home, neither set nor reset, and
the main phase continues with the player to the left of the one who played the card taking the
next action or passing (the card ruling that says so, cited by its clause id). What the end of
a search phase no card created does is not in the sources: *cannot answer*.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.engine.verdict import Word, YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import out_of_play, presence, readiness_changes
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.situation import canceled_plays
from rulesq.games.fma.table import HOME, RETURNED_HOME, key, read_table

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef, Fact

CREATED = "fma/cards/catch-the-train/ruling"
#: "All characters move home naturally during the cleanup phase" (a card ruling says so).
CLEANUP = "fma/cards/arid-desert/ruling"
OTHER = {"me": "you", "you": "me"}


@dataclass(frozen=True)
class Ended:
    """A search phase that ended, with the play and the card that created it (None: none did)."""

    end: Fact
    play: Fact | None = None
    card: Card | None = None
    player: str | None = None


def _creates(card: Card) -> bool:
    effects, _ = effects_of(card)
    return any(isinstance(e, fx.BeginPhase) for e in effects)


def last_end(facts: list[Fact]) -> Ended | None:
    """The last search phase the facts end, and the card played before it that created it."""
    ends = [f for f in facts if f.kind == "period_ends" and f.param("period") == "search phase"]
    if not ends:
        return None
    end = ends[-1]
    since = ends[-2].span.line if len(ends) > 1 else 0
    canceled = canceled_plays(facts)
    for fact in reversed(facts):
        line = fact.span.line
        if (
            fact.kind not in ("play", "character_plays", "declared")
            or not since < line < end.span.line
        ):
            continue
        refs = fact.cards[1:] if fact.kind == "character_plays" else fact.cards
        for ref in refs:
            if (line, key(ref)) in canceled:
                continue  # canceled, it created no search phase
            if ref.card is not None and _creates(ref.card):
                player = fact.who
                if player is None:
                    player = read_table(facts).owners.get(key(fact.cards[0]))
                return Ended(end, fact, ref.card, player)
    return Ended(end)


def _created(ctx: Context, ended: Ended, asked: str) -> tuple[Card, tuple[str, ...]]:
    """The card that created the phase, and the nodes of its facts and rule (or *cannot answer*)."""
    if ended.card is None or ended.play is None:
        raise CannotAnswer(
            f"no card the situation plays created the search phase that ended; the sources say "
            f"{asked} only after a search phase a card created"
        )
    card = ended.card
    effects, _ = effects_of(card)
    begin = next(e for e in effects if isinstance(e, fx.BeginPhase))
    node = ctx.derivation().effect(card.name, begin.render(), card)
    nodes = (node, ctx.fact(ended.play), ctx.fact(ended.end), ctx.clause(CREATED, "rule"))
    return card, nodes


def at_home(ctx: Context) -> Answer:
    """``is "X" at home?``: as the facts place it, and home once a created search phase ends."""
    ref = ctx.question.card
    table = read_table(ctx.facts)
    place = table.place(ref.card.name if ref.card is not None else ref.name)
    left = _left_since(ctx.facts, ref, place[1] if place is not None else None)
    if left is not None:
        return ctx.conclude(
            YesNo(False),
            f'"{ref.name}" has left play ({_line(left)}) and has not returned: it is at no '
            "home (characters are returned to play at a player's home)",
            supported_by=(ctx.fact(left), ctx.clause(RETURNED_HOME, "rule")),
        )
    _out(ctx, ref, "where such a card is (characters are returned to play at a player's home)")
    ended = last_end(ctx.facts)
    if ended is not None and (place is None or place[1].span.line < ended.end.span.line):
        card, nodes = _created(ctx, ended, "where the characters go")
        return ctx.conclude(
            YesNo(True),
            f'the search phase "{card.name}" created has ended: all characters move home',
            supported_by=nodes,
        )
    if place is None:
        raise CannotAnswer(
            f'the situation does not say where "{ref.name}" is (write: "{ref.name}" is in the '
            "search party)"
        )
    cleanup = _cleanup_since(ctx.facts, place[1])
    if cleanup is not None and place[0] != HOME:
        if cleanup.kind != "period_ends":
            raise CannotAnswer(
                f"it is the cleanup phase ({_line(cleanup)}), in which all characters move home, "
                f'and the situation does not say whether "{ref.name}" has moved home yet'
            )
        return ctx.conclude(
            YesNo(True),
            f"the turn ended ({_line(cleanup)}) after the situation placed "
            f'"{ref.name}": all characters move home during the cleanup phase',
            supported_by=(ctx.fact(place[1]), ctx.fact(cleanup), ctx.clause(CLEANUP, "rule")),
        )
    rules = table.place_rules(ref.card.name if ref.card is not None else ref.name)
    return ctx.conclude(
        YesNo(place[0] == HOME),
        f'"{ref.name}" is {"at home" if place[0] == HOME else "in the search party"}'
        + (" (characters are returned to play at a player's home)" if rules else ""),
        supported_by=(ctx.fact(place[1]), *(ctx.clause(rule, "rule") for rule in rules)),
    )


def _out(ctx: Context, ref: CardRef, what: str) -> None:
    """*Cannot answer* for a card out of play: the rulings never say ``what``."""
    outside = out_of_play.still_out(ctx).get(key(ref))
    if outside is not None:
        raise CannotAnswer(
            f'"{ref.name}" is out of play ({_line(outside)}), and the rulings never say {what}'
        )


def _left_since(facts: list[Fact], ref: CardRef, place: Fact | None) -> Fact | None:
    """The statement that took the card out of play after it was placed, not returned since.

    Read through ``Presence.read``, the one reading of who is in play.
    """
    where, why = presence.where_at(facts, key(ref))
    if where != presence.GONE or why is None:
        return None
    return why if place is None or why.span.line > place.span.line else None


def _cleanup_since(facts: list[Fact], since: Fact) -> Fact | None:
    """The first turn end after ``since``, else the first cleanup phase (None: neither)."""
    cleanup: Fact | None = None
    for fact in facts:
        if fact.span.line <= since.span.line:
            continue
        if fact.kind == "period_ends" and fact.param("period") == "turn":
            return fact
        if fact.kind == "phase" and str(fact.param("phase")).lower() == "cleanup":
            cleanup = cleanup or fact
    return cleanup


def _line(fact: Fact) -> str:
    return f"line {fact.span.line}"


def readiness(ctx: Context) -> Answer:
    """``is "X" set?`` / ``… ready?``: as stated; the end of a created search phase keeps it."""
    ref = ctx.question.card
    asked = str(ctx.question.param("readiness"))
    table = read_table(ctx.facts)
    found = table.readiness.get(key(ref))
    lost = table.forgotten.get(key(ref))  # a readiness stated before a return to play
    since = found[1] if found else lost[1] if lost else None
    paid = readiness_changes.set_by_cost(ctx.facts, ref, since.span.line if since else 0)
    if paid is not None:
        found = ("set", paid.play)
    left = _left_since(ctx.facts, ref, found[1] if found is not None else None)
    if left is not None:  # set and ready are said of characters in play
        raise CannotAnswer(
            f'"{ref.name}" has left play ({_line(left)}) and has not returned, and the rulings '
            "never say whether such a card is set or ready"
        )
    _out(ctx, ref, "whether such a card is set or ready")
    if found is None and lost is not None:  # ``Table.read`` voids it on the return
        (said, stated), back = lost
        raise CannotAnswer(
            f'"{ref.name}" returned to play ({_line(back)}) after the situation said it was '
            f'{said} ({_line(stated)}): cards sent to the discard pile have no "memory", '
            "and the rulings never say whether a card returned to play is set or ready"
        )
    if found is None:
        raise CannotAnswer(
            f'the situation does not say whether "{ref.name}" is set or ready (write: '
            f'"{ref.name}" is set)'
        )
    state, fact = found
    ended = last_end(ctx.facts)
    if ended is not None and fact.span.line < ended.end.span.line:
        card, nodes = _created(ctx, ended, "what the end of a search phase does to readiness")
        return ctx.conclude(
            YesNo(state == asked),
            f'"{ref.name}" was {state}; when the search phase "{card.name}" created ends, the '
            f"characters move home without being set or reset: it is still {state}",
            supported_by=(ctx.fact(fact), *nodes),
        )
    if paid is not None and paid.bonus is not None:
        node = ctx.derivation().effect(paid.card.name, paid.ability.render(), paid.card)
        return ctx.conclude(
            YesNo(state == asked),
            f'"{paid.card.name}" was played (line {paid.play.span.line}) right after "{ref.name}" '
            f"received an attribute bonus (line {paid.bonus.span.line}), and it sets that "
            "character: it is set",
            supported_by=(ctx.fact(fact), ctx.fact(paid.bonus), node),
        )
    if paid is not None:
        cost = paid.ability.extra_cost.render() if paid.ability.extra_cost else ""
        node = ctx.derivation().effect(paid.card.name, paid.ability.render(), paid.card)
        return ctx.conclude(
            YesNo(state == asked),
            f'"{ref.name}" played "{paid.card.name}", whose cost "{cost}" sets it: it is set',
            supported_by=(ctx.fact(fact), node, ctx.clause(readiness_changes.DECLARE_COST, "rule")),
        )
    unpaid = [
        (play, cancel, card)
        for play, cancel, card in readiness_changes.canceled_unpaid(ctx.facts, fact.span.line)
        if play.kind != "character_plays" or key(play.cards[0]) == key(ref)
    ]
    if unpaid:
        play, cancel, card = unpaid[-1]
        source = (card.fields.get("field_sources") or {}).get("canceled_unset")
        return ctx.conclude(
            YesNo(state == asked),
            f'"{card.name}" was played (line {play.span.line}) and canceled (line '
            f"{cancel.span.line}): canceled, it does not set the character playing it; "
            f'"{ref.name}" is still {state}',
            supported_by=(
                ctx.fact(fact),
                ctx.fact(play),
                ctx.fact(cancel),
                *((ctx.clause(str(source), "rule"),) if source else ()),
            ),
        )
    return ctx.conclude(
        YesNo(state == asked), f'"{ref.name}" is {state}', supported_by=(ctx.fact(fact),)
    )


def next_after(ctx: Context, ended: Ended) -> Answer:
    """Who acts once a created search phase ends: the player to the left of who played the card."""
    card, nodes = _created(ctx, ended, "who acts next")
    if ended.player is None:
        raise CannotAnswer(f'the situation does not say who played "{card.name}"')
    who = "I" if ended.player == "me" else "you"
    return ctx.conclude(
        Word(OTHER[ended.player]),
        f'the search phase "{card.name}" created has ended and the main phase continues: the '
        f"player to the left of the one who played it ({who}) takes the next action or passes; "
        "in a two-player game, the other player",
        supported_by=nodes,
    )
