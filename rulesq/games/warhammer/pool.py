"""The resources left in a player's pool: the count stated, less what is paid after it.

``I have 5 resources`` states the pool as it stands at the first question after the line:
the plays written between the line and that question are already paid (the corpus's Q&A 26
case reads a pool, then a tactic paid, then ``can I respond with …?`` against the pool as
stated). What the player pays after that
question comes out of it for the questions after: a card played from the hand (its price, X
as paid), an Action triggered (its "Spend N resources" cost), an attachment played (``I
attach``) and the additional resources paid for a link (``you pay 4 more resources for
"X"``). A payment whose amount is not followed leaves the pool unknown, the reason naming it;
one whose least only is known (a loyalty the sources do not give) leaves the most it may hold.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer import spendable
from rulesq.games.warhammer.turns import new_turns, phases_in
from rulesq.regexcache import compiled
from rulesq.situation.model import ME, YOU

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, Capital, InPlay, Link
    from rulesq.situation.model import Situation

#: An Action's cost paid in resources ("Spend 2 resources").
_SPEND = compiled(r"^Spend (?P<n>\d+|X) resources?$", re.IGNORECASE)
#: A cost that may take resources in words not read.
_RESOURCE_WORDS = compiled(r"\bresour\w*", re.IGNORECASE)


def settle(board: Board, situation: Situation) -> None:
    """Take what each player paid after his pool was read out of it (once per board)."""
    for player in (ME, YOU):
        board.capital(player)  # a player with nothing stated of his capital pays too
    for player, capital in board.capitals.items():
        if capital.settled:
            continue
        if capital.resources_fact is None:
            capital.settled = True
            asked = [q.index for q in situation.questions]
            if asked:  # no pool stated: what each payment took off a card is not known
                _spent_unknown(board, player, capital, -1)
            continue
        capital.settled = True
        stated = capital.resources_fact.index
        earlier = [q.index for q in situation.questions if q.index < stated]
        if earlier:  # paid between a question and the pool restated: the split is not known
            _spent_unknown(board, player, capital, min(earlier), stated)
        asked = [q.index for q in situation.questions if q.index > stated]
        if not asked:
            continue
        # paid between the pool line and the first question: the pool stated is what it left,
        # so how each payment was split between the pool and damage spent is not known
        before = dict(capital.damage_spent)
        _spent_unknown(board, player, capital, stated, min(asked))
        capital.spent_before_read |= {
            key for key, spent in capital.damage_spent.items() if before.get(key) != spent
        }
        reset = _kingdom_between(board, player, stated, None)
        if reset is not None:  # the board ends at the question
            # what was paid before that turn came out of the pool as stated: read exactly
            _settle(board, player, capital, min(asked), end=reset)
            capital.pool_least = capital.pool_most = None
            capital.beside_spent = (0, 0)
            capital.resources = None
            capital.pool_gap = (
                "the resources are stated before a later turn of that player, whose Kingdom "
                "phase resets the pool and collects resources: how many it holds now is not "
                "stated"
            )
            _spent_unknown(board, player, capital, max(min(asked), reset))
            continue
        _settle(board, player, capital, min(asked))


def _kingdom_between(board: Board, player: str, start: int, end: int | None) -> int | None:
    """Where a new turn of the player, past phase 0 (or at no phase stated), begins between.

    None when none does. The player's own turn stated again, after a statement made on his
    turn, may be a later turn (``turns.restated``): it counts too.
    """
    turns = new_turns(board, start, end)
    before = [who for who, fact in board.turns if fact.index < start]
    if before and before[-1] == player:
        turns += [
            fact
            for who, fact in board.turns
            if who == player and start < fact.index and (end is None or fact.index < end)
        ]
    for turn in sorted(turns, key=lambda fact: fact.index):
        if turn.who == player:
            phases = phases_in(board, turn)
            if not phases or max(phases) >= 1:
                return turn.index
    return None


def _settle(
    board: Board, player: str, capital: Capital, after: int, end: int | None = None
) -> None:
    """Take out what is paid after ``after``, the index of the question the pool is read at.

    ``end``: only what is paid before that line (a new turn of the player resets the pool).
    """

    def before_end(index: int) -> bool:
        return end is None or index < end

    stated = capital.resources
    assert stated is not None
    paid: list[tuple[int, str]] = []
    gaps: list[str] = []
    #: Each payment's place in the timeline: (index, amount, exact), for the pool before a link.
    placed_at: list[tuple[int, int, bool]] = []
    counted: list[Link] = []
    #: What each payment might have taken beside the pool (damage or tokens spent as resources).
    beside: list[tuple[int, spendable.Spendable]] = []

    def pay(index: int, name: str, how: str, amount: Cost, why: str) -> bool:
        """Count one payment; False (the pool left unknown) when its amount is not followed."""
        if amount:
            there = spendable.beside_pool(board, player, how != "triggered", at=index)
            if there.unknown:  # any part of it may have been paid beside the pool
                for card in there.unsure:  # and its damage with it, up to all of it
                    capital.damage_spent[id(card)] = (0, card.damage)
                    capital.spent_if_capital.add(id(card))
                capital.resources = None
                capital.pool_gap = (
                    f'{stated} resources are stated before "{name}" was {how}, and it may have '
                    "been paid beside the pool: " + "; ".join(there.unknown)
                )
                return False
            most = there.amount if isinstance(amount, tuple) else amount  # a least: up to all
            beside.append((min(most, there.amount), there))
        if isinstance(amount, tuple):  # only its least is known
            placed_at.append((index, amount[0], False))
            paid.append((amount[0], f'at least {amount[0]} for "{name}"'))
            gaps.append(f'"{name}" was {how} after it, and {why}')
        elif amount is None:
            capital.resources = None
            capital.pool_gap = f'{stated} resources are stated before "{name}" was {how}, and {why}'
            _spent_unpriced(board, player, capital, index, how)
            return False
        elif amount:
            placed_at.append((index, amount, True))
            paid.append((amount, f'{amount} for "{name}"'))
        return True

    for link in [*board.resolved, *board.chain]:
        if link.who != player or link.fact.index <= after or link.fact.supposed is not None:
            continue
        if not before_end(link.fact.index):
            continue
        amount, why = _link_cost(board, link, player)
        counted.append(link)
        capital.paid_after.add(id(link))
        if not pay(link.fact.index, link.name, _how(link), amount, why):
            return
    for name, amount, fact in board.paid_more:
        owner = next(
            (lk for lk in [*board.resolved, *board.chain] if lk.name.casefold() == name), None
        )
        if owner is None or owner.who != player or fact.index <= after or fact.supposed is not None:
            continue
        if not before_end(fact.index):
            continue
        placed_at.append((fact.index, amount, True))
        paid.append((amount, f'{amount} more for "{owner.name}"'))
        there = spendable.beside_pool(board, player, True, at=fact.index)
        beside.append((min(amount, there.amount), there))
    for placed in board.cards:
        if placed.played_by != player or placed.fact.index <= after or placed.card is None:
            continue
        if not before_end(placed.fact.index):
            continue
        if placed.fact.supposed is not None:
            continue
        amount, why = _price(board, placed.card, player, None, placed.fact.index)
        if not pay(placed.fact.index, placed.name, "attached", amount, why):
            return
    for link in counted:
        before = [(a, exact) for i, a, exact in placed_at if i < link.fact.index]
        if all(exact for _, exact in before):
            capital.pool_before[id(link)] = stated - sum(a for a, _ in before)
    if not paid:
        return
    spent = sum(amount for amount, _ in paid)
    flex = min(max(b.amount for _, b in beside), sum(n for n, _ in beside)) if beside else 0
    if flex:
        _beside(capital, stated, spent, flex, paid, gaps, [b for _, b in beside if b.amount])
        return
    if gaps and spent <= stated:
        capital.resources, capital.pool_most = None, stated - spent
        capital.pool_gap = f"{stated} resources are stated, " + "; ".join(gaps)
        capital.pool_note = (
            f"{stated} stated, less " + ", ".join(why for _, why in paid) + " paid after it"
        )
        return
    if spent > stated:
        capital.resources = None
        capital.pool_gap = (
            f"{stated} resources are stated, and what is paid after it ("
            + ", ".join(why for _, why in paid)
            + f") comes to {spent}: more than the pool holds"
        )
        return
    capital.resources = stated - spent
    capital.pool_note = (
        f"{stated} stated, less " + ", ".join(why for _, why in paid) + " paid after it"
    )


def _beside(
    capital: Capital,
    stated: int,
    spent: int,
    flex: int,
    paid: list[tuple[int, str]],
    gaps: list[str],
    sources: list[spendable.Spendable],
) -> None:
    """Settle a pool whose payments after it may have been made in part beside it.

    Up to ``flex`` of what was spent may have come from what a card lets the player spend as
    resources (damage on a unit in his capital phase, tokens "as though they were in your
    pool"); what was so spent is gone, and the situation does not say how each payment was
    split: the pool holds a range, and pool and beside together what is left of both.
    """
    capital.pool_before.clear()  # what remained before a link depends on the split
    lo, hi = max(0, spent - stated), min(flex, spent)
    steps = "; ".join(dict.fromkeys(step for b in sources for step in b.steps))
    what = ", ".join(why for _, why in paid)
    capital.pool_note = (
        f"{stated} stated, less {what} paid after it, from the pool or from what may be spent "
        f"beside it ({steps})"
    )
    if lo > hi:
        capital.resources = None
        capital.pool_gap = (
            f"{stated} resources are stated, and what is paid after it ({what}) comes to "
            f"{spent}: more than the pool and the {flex} beside it ({steps}) hold"
        )
        _spent_off(capital, 0, flex, sources)  # what the damage gave is not known either
        return
    if gaps:
        capital.resources, capital.pool_most = None, stated - spent + hi
        capital.pool_gap = f"{stated} resources are stated, " + "; ".join(gaps)
        _spent_off(capital, 0, flex, sources)
        return
    capital.beside_spent = (lo, hi)
    _spent_off(capital, lo, hi, sources)
    capital.pool_least, capital.pool_most = stated - spent + lo, stated - spent + hi
    if lo == hi:
        capital.resources = stated - spent + lo
        return
    capital.resources = None
    capital.pool_gap = (
        f"{stated} resources are stated, and what is paid after it ({what}) may have been paid "
        f"in part beside the pool ({steps}): how it was split is not stated, so the pool holds "
        f"{capital.pool_least} to {capital.pool_most}"
    )


def _spent_unpriced(board: Board, player: str, capital: Capital, index: int, how: str) -> None:
    """A payment of an amount not known: each card's damage it may have taken, none to all."""
    there = spendable.beside_pool(board, player, how != "triggered", at=index)
    for placed, held, is_damage in there.held:
        if is_damage and held:
            before = capital.damage_spent.get(id(placed), (0, 0))[1]
            capital.damage_spent[id(placed)] = (0, max(held, before))
    for card in there.unsure:
        if card.damage:
            capital.damage_spent[id(card)] = (0, card.damage)
            capital.spent_if_capital.add(id(card))


def _spent_unknown(
    board: Board, player: str, capital: Capital, after: int, before: int | None = None
) -> None:
    """Damage each payment after ``after`` (and before ``before``) may have taken off a card.

    With no pool stated, a new turn's pool not stated, or the pool stated only after the
    payment, how each payment was split is not known: each card gave from none to what it held
    then (a range, ``spendable.damage_now``).
    """
    payments: list[tuple[int, Link | InPlay]] = [
        (link.fact.index, link)
        for link in [*board.resolved, *board.chain]
        if link.who == player
        and link.fact.index > after
        and link.fact.supposed is None
        and (before is None or link.fact.index < before)
    ]
    payments += [
        (placed.fact.index, placed)
        for placed in board.cards
        if placed.played_by == player
        and placed.fact.index > after
        and (before is None or placed.fact.index < before)
        and placed.card is not None
        and placed.fact.supposed is None
    ]
    for index, paid in payments:
        triggered = getattr(paid, "kind", "") == "trigger"
        there = spendable.beside_pool(board, player, not triggered, at=index)
        held_damage = [(placed, held) for placed, held, is_damage in there.held if is_damage]
        held_damage += [(placed, placed.damage) for placed in there.unsure if placed.damage]
        capital.spent_if_capital |= {id(placed) for placed in there.unsure if placed.damage}
        if not held_damage:
            continue  # no card's damage to spend: the cost need not be read
        amount = _cost_of(board, paid, player)
        for placed, held in held_damage:
            most = held if not isinstance(amount, int) else min(held, amount)
            least, before = capital.damage_spent.get(id(placed), (0, 0))
            if most:  # what was spent before stays spent
                capital.damage_spent[id(placed)] = (least, min(held, before + most))


def _cost_of(board: Board, paid: Link | InPlay, player: str) -> Cost:
    """What a link added or a card attached cost its player (None or a least when not known)."""
    from rulesq.games.warhammer.board import Link

    if isinstance(paid, Link):
        return _link_cost(board, paid, player)[0]
    assert paid.card is not None
    return _price(board, paid.card, player, None, paid.fact.index)[0]


def _spent_off(capital: Capital, lo: int, hi: int, sources: list[spendable.Spendable]) -> None:
    """What each card's damage gave of the ``lo`` to ``hi`` spent beside the pool, least and most.

    A card gives at most what it held when paid from; at least what the others could not give.
    """
    held: dict[int, tuple[InPlay, int, bool]] = {}
    for source in sources:
        for placed, amount, is_damage in source.held:
            before = held.get(id(placed))
            if before is None or before[1] < amount:
                held[id(placed)] = (placed, amount, is_damage)
    whole = sum(amount for _, amount, _ in held.values())
    for key, (_placed, amount, is_damage) in held.items():
        if is_damage:  # widened by what a payment before the pool was stated may have taken
            earlier = capital.damage_spent.get(key, (0, 0))[1]
            least = max(0, lo - (whole - amount))
            capital.damage_spent[key] = (least, min(amount, hi + earlier))


def _how(link: Link) -> str:
    return "triggered" if link.kind == "trigger" else "played"


#: What a payment cost: the amount, only its least (a one-tuple), or None (not known).
Cost = int | tuple[int] | None


def _link_cost(board: Board, link: Link, player: str) -> tuple[Cost, str]:
    """What adding a link cost its player in resources, or None with why it is not known."""
    if link.card is None:
        return None, "the card is not known"
    if link.kind == "by-effect":
        return None, "what a card played by an effect costs is not followed by rulesq"
    if link.kind == "trigger":
        action, why = ab.action_of(link.card)
        if action is None:
            return None, f"what triggering it cost is not read ({why})"
        cost = action.cost or ""
        spend = _SPEND.match(cost)
        if spend is not None and spend.group("n").upper() == "X":
            if link.paid is None:
                return None, f'its cost "{cost}" and what was paid for X is not stated'
            return link.paid, ""
        if spend is not None:
            return int(spend.group("n")), ""
        if _RESOURCE_WORDS.search(cost):
            return None, f'its cost "{cost}" is not read by rulesq'
        return 0, ""
    if link.targets:
        from rulesq.games.warhammer.target_taxes import taxes

        taxed = taxes(board, link.card, player)
        if taxed.amount or taxed.gaps:
            return None, "what targeting cost it in taxes is not followed by rulesq"
    return _price(board, link.card, player, link.paid, link.fact.index)


def _price(
    board: Board, card: Card, player: str, paid: int | None, since: int = -1
) -> tuple[Cost, str]:
    """What playing a card from the hand cost: its price, X as paid (its least: loyalty unknown).

    Priced as it was played: a copy of it stated in play from ``since`` on (the card itself,
    entered) lends no loyalty icons to its own price.
    """
    from rulesq.games.warhammer import plays, xvalue

    kept = board.cards
    board.cards = [c for c in kept if not (c.card is card and c.fact.index >= since >= 0)]
    try:
        cost = plays.price(board, card, card.text or "", player)
    finally:
        board.cards = kept
    extra = 0
    if card.fields.get("cost") == "X" and xvalue.definition(card) is None:
        if paid is None:
            return None, "its cost is X and what was paid for X is not stated (write paying N)"
        extra = paid
    why = "what it cost is not known: " + "; ".join(cost.gaps)
    if cost.gaps and cost.bounds is not None and set(cost.gaps) == set(cost.bounded):
        return (cost.bounds[0] + extra,), why
    if cost.value is None or cost.gaps:
        return None, why
    return cost.value + extra, ""
