"""Texts in force that tax or forbid targeting, as they bear on playing a card that targets.

A constant "Opponents cannot target your units with card effects unless they pay an
additional N resource(s) per effect" is read as a tax on targeting its controller's units.
An Action resolved this turn that cancels "any other action that targets this unit unless the
action's controller pays an additional N resources" is read as the same tax on its unit. Any
other text in force that restricts targeting (in play, or played this turn: stated, or
its chain resolved), when it can reach what the card targets, is a gap: the answer is
*cannot answer*, never a silent yes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import texts
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.places import blanked, controller, in_play
from rulesq.games.warhammer.turn_plays import plays_this_turn
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board

#: A text that restricts targeting: cannot target / be targeted, or targets ... unless.
_RESTRICTS = compiled(r"\bcannot (?:be )?target(?:ed)?\b|\btargets? [^.]*\bunless\b", re.IGNORECASE)
#: The tax read: on the units of the text's controller, paid by his opponents.
_TAX = compiled(
    r"^opponents cannot target your units with card effects unless they pay an additional "
    r"(?P<n>\d+) resources? per effect\.?$",
    re.IGNORECASE,
)
#: A lasting tax from an Action resolved this turn: on the unit it targeted, paid by anyone.
_LASTING = compiled(
    r"cancel any other action that targets this unit unless the action's controller pays an "
    r"additional (?P<n>\d+) resources?(?: \(per action\))?",
    re.IGNORECASE,
)
#: What a card's text targets: "target [Trait] unit", "target support card", "target card".
_TARGETS = compiled(r"\btarget\b(?P<what>[^.,:;]*)", re.IGNORECASE)
#: The kinds of card a phrase names.
_KINDS = ("unit", "support", "legend", "development", "quest", "attachment", "tactic")


@dataclass
class Taxes:
    """The additional resources targeting may cost, with the texts, and the gaps."""

    amount: int = 0
    texts: list[Text] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)


def _kinds(words: str) -> set[str]:
    """The kinds of card the words name; every kind when they name only "card(s)"."""
    low = words.casefold()
    found = {kind for kind in _KINDS if re.search(rf"\b{kind}s?\b", low)}
    if not found and re.search(r"\bcards?\b|\bthis card\b", low):
        return set(_KINDS)
    return found


def targeted_kinds(card: Card) -> set[str]:
    """The kinds of card a card's text targets (empty: it targets no card)."""
    kinds: set[str] = set()
    for found in _TARGETS.finditer(card.text or ""):
        what = found.group("what")
        if re.match(r"\s*(?:opponent|player)s?\b", what, re.IGNORECASE):
            continue  # a player, not a card
        kinds |= _kinds(what) or set(_KINDS)
    return kinds


def taxes(board: Board, card: Card, player: str) -> Taxes:
    """What the texts in force do to ``player`` targeting with ``card``."""
    found = Taxes()
    aimed = targeted_kinds(card)
    if not aimed:
        return found
    for placed, text in board.faceup_texts():
        if not in_play(board, placed) or blanked(board, placed) is not None:
            continue
        for constant in texts.constants(text):
            quote = constant.quote.strip()
            if not _RESTRICTS.search(quote):
                continue
            if not texts.active_in(constant.zones, placed.zone):
                continue
            tax = _TAX.match(quote)
            if tax is not None:
                if controller(placed) == player or "unit" not in aimed:
                    continue
                amount = int(tax.group("n"))
                found.amount += amount
                found.texts.append(Text(placed.name, quote))
                found.steps.append(
                    f'"{placed.name}" taxes targeting its controller\'s units: {amount} more '
                    f'to target one with "{card.name}", paid on top of this cost'
                )
                continue
            subject = quote.split("cannot", 1)[0]
            if re.fullmatch(r"\s*this card\s*", subject, re.IGNORECASE):
                subject = (placed.card.type if placed.card else None) or "card"
            protected = _kinds(subject) or set(_KINDS)
            if protected & aimed:
                found.gaps.append(
                    f'"{placed.name}" restricts targeting ("{quote}"), and "{card.name}" '
                    "targets: whether a legal target is left is not read by rulesq"
                )
    seen: set[str] = set()
    for play in plays_this_turn(board):
        played, said = play.card, play.card.text
        if play.link is not None and not play.resolved or played.id in seen:
            continue  # a tactic still on the chain has not acted
        seen.add(played.id)
        if not said or (played.type or "").lower() != "tactic":
            continue
        lasting = _LASTING.search(said)
        if lasting is not None and "unit" in aimed and play.maybe:
            found.gaps.append(
                f'"{played.name}" resolved before the same player\'s turn was stated again, '
                f'which may be a later turn: whether its "{lasting.group(0)}" still lasts is not '
                "known"
            )
            continue
        if lasting is not None and "unit" in aimed:
            amount = int(lasting.group("n"))
            found.amount += amount
            found.texts.append(Text(played.name, lasting.group(0)))
            found.steps.append(
                f'"{played.name}", resolved this turn, cancels an action that targets its unit '
                f'unless {amount} more is paid: {amount} more to target it with "{card.name}"'
            )
            continue
        if _RESTRICTS.search(said):
            when = " (its chain has resolved)" if play.resolved else ""
            found.gaps.append(
                f'"{played.name}", played this turn{when}, restricts targeting, and '
                f'"{card.name}" targets: what it leaves legal is not read by rulesq'
            )
    return found
