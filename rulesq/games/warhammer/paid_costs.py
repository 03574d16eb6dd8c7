"""Warhammer Action costs read on the board: hand discards, sacrifices, self-development, X.

A discard from the hand (of a card "with X loyalty" too), a unit sacrificed, a unit turned into
a development, "Spend X resources" with X as the card defines it, and a choice between two
costs. A hand is read by its size (``you have 3 cards in hand``): a discard of any card is paid
from a hand that holds one (a tactic paying it is played from that hand: it is not one of
them); what kind of card a hand holds is never stated, so a discard of a quest, or of a card
with a stated loyalty, is open unless the hand is empty. "Sacrifice a unit" is paid with a unit
its payer controls, his choice; with none it cannot be paid. "Or" between two costs is a choice
the payer makes (The Word "Or": "he must choose an option that he can resolve completely").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.warhammer import cost_sacrifices as S
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.terms import count_term, counted, x_definition
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay

WORD_OR = "warhammer/faq/terminology-clarifications/the-word-or"
TRIGGERING = S.TRIGGERING
LETTER_X = "warhammer/faq/terminology-clarifications/the-letter-x"

#: "Discard a card from your hand", "Discard a quest from hand", "a quest or Grudge support card",
#: "Discard a card from your hand with X loyalty" (any card: X is the loyalty it shows).
_FROM_HAND = compiled(
    r"^discard (?:a|an|one) (?P<what>.+?) from (?:your )?hand"
    r"(?: with (?P<loyalty>X|\d+(?: or (?:more|less|fewer|higher|lower))?) loyalty)?$",
    re.IGNORECASE,
)

_SELF_DEVELOPMENT = compiled(r"^turn this unit into a development$", re.IGNORECASE)
_SPEND_X = compiled(r"^spend X resources?$", re.IGNORECASE)
#: The verbs a cost of an "or" choice begins with.
_COST_VERB = compiled(r"^(?:discard|turn|spend|sacrifice|corrupt|remove|pay)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Paid:
    """Whether a cost can be paid (None: not known) and why."""

    payable: bool | None
    why: str


def options(cost: str) -> list[str] | None:
    """The costs an "or" choice offers ("Discard a quest from hand or turn this unit …")."""
    parts = [p.strip() for p in re.split(r"\s+or\s+", cost)]
    if len(parts) < 2 or not all(_COST_VERB.match(p) for p in parts):
        return None
    return parts


def parts(cost: str) -> list[str] | None:
    """The costs paid together ("Spend 1 resource and discard a card from your hand")."""
    found = [p.strip() for p in re.split(r"\s+and\s+", cost)]
    if len(found) < 2 or not all(_COST_VERB.match(p) for p in found):
        return None
    return found


def from_hand(board: Board, cost: str, player: str, played: Card | None = None) -> Paid | None:
    """A discard from the hand, read against the hand's size (None: not such a cost).

    ``played``: the card paying it is played from that hand (a tactic), so it is not one of the
    cards that may pay.
    """
    found = _FROM_HAND.match(cost)
    if found is None:
        return None
    what, loyalty = found.group("what"), found.group("loyalty")
    held = board.hands.get(player)
    if held is None:
        return Paid(
            None,
            f'"{cost}": the cards in hand are not stated (write, e.g., I have 3 cards in hand)',
        )
    own = ""
    if played is not None and held > 0:
        held -= 1
        own = f' besides "{played.name}", played from it'
    if held == 0:
        return Paid(False, f'"{cost}" cannot be paid: the hand holds no cards{own}')
    if what.casefold() == "card" and (loyalty is None or loyalty.upper() == "X"):
        shows = ", X the loyalty of the card discarded" if loyalty else ""
        return Paid(True, f'"{cost}" can be paid: the hand holds {held} cards{own}{shows}')
    which = f"a {what}" if loyalty is None else f"a {what} with {loyalty} loyalty"
    return Paid(
        None,
        f'"{cost}": the hand holds {held} cards{own}, and whether one is {which} is not stated '
        "(a hand is stated by its size)",
    )


def sacrifice(board: Board, cost: str, player: str) -> Paid | None:
    """A unit sacrificed, its payer's choice: paid while he controls one (None: not such a cost).

    A unit whose place a statement leaves open, or one stated played and placed nowhere, may
    pay it; a race named ("an [Orc] unit") is read from the card's race.
    """
    found = S.SACRIFICE_UNIT.match(cost)
    if found is None:
        return None
    race = S.race_of(found)
    sure: list[str] = []
    maybe: list[str] = []
    for placed in board.cards:
        if placed.card is None or placed.facedown:
            continue
        here = P.place(board, placed)
        if here.zone is None or here.controller != player or "unit" not in here.kinds:
            if here.gaps and P.controller(placed) == player:
                maybe.append(placed.name)
            continue
        shown = str(placed.card.fields.get("race") or "").casefold()
        if race and shown != race:
            continue
        (maybe if here.gaps else sure).append(placed.name)
    from rulesq.games.warhammer.turn_plays import played_unplaced

    maybe += [
        c.name
        for c in played_unplaced(board, player)
        if (c.type or "").lower() == "unit"
        and (not race or str(c.fields.get("race") or "").casefold() == race)
    ]
    if sure:
        said = ", ".join(f'"{n}"' for n in sure)
        return Paid(True, f'"{cost}" can be paid (its payer chooses the unit): he controls {said}')
    if maybe:
        said = ", ".join(f'"{n}"' for n in maybe)
        return Paid(None, f'"{cost}": whether {said} is a unit he controls in play is not known')
    kind = f"[{found.group('race').strip('[]')}] unit" if race else "unit"
    return Paid(False, f'"{cost}" cannot be paid: the player controls no {kind} in play')


def tactic_cost(board: Board, card: Card, cost: str, player: str) -> list[Paid]:
    """The costs of a tactic's Action, each read ("Spend 1 resource and …": each apart).

    A cost not read is open (``payable`` None), never taken as paid.
    """
    out: list[Paid] = []
    for part in parts(cost) or [cost]:
        read = from_hand(board, part, player, card) or sacrifice(board, part, player)
        out.append(
            read
            if read is not None
            else Paid(None, f'whether the cost "{part}" can be paid is not followed by rulesq')
        )
    return out


def self_development(board: Board, cost: str, placed: InPlay | None) -> Paid | None:
    """Turning the card's own unit into a development: paid while it is a unit in play."""
    if _SELF_DEVELOPMENT.match(cost) is None:
        return None
    if placed is None:
        return Paid(None, f'"{cost}": the unit is not on the board')
    here = P.place(board, placed)
    if here.gaps:
        return Paid(None, f'"{cost}": ' + "; ".join(here.gaps))
    if here.zone is None or "unit" not in here.kinds:
        return Paid(False, f'"{cost}" cannot be paid: "{placed.name}" is not a unit in play')
    return Paid(True, f'"{cost}" can be paid: "{placed.name}" is a unit in play')


def spend_x(board: Board, cost: str, card: Card, placed: InPlay | None) -> tuple[int | None, str]:
    """X of a "Spend X resources" cost as the card defines it: (X or None, why); not such: ""."""
    if _SPEND_X.match(cost) is None:
        return None, ""
    what = x_definition(card.text or "")
    if what is None:  # The Letter X: with no definition, X is 0
        return 0, f'"{card.name}" does not define X: it is 0'
    what = what if what.startswith("the ") else f"the {what}"
    term = count_term(what)
    if term is None:
        return None, f'the cost is "{cost}", and "X is {what}" is not read by rulesq'
    if placed is None:
        return None, f'the cost is "{cost}", X is {what}, and "{card.name}" is not on the board'
    amount = counted(board, placed, placed, term)
    if amount is None:
        return None, (
            f'the cost is "{cost}", X is {what}, and the situation does not state it'
            + (f" ({P.tokens_gap(placed)})" if term.kind == "tokens" else "")
        )
    return amount, f'"{card.name}" defines X as {what}: {amount}'
