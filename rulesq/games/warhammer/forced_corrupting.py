"""Whether a Forced effect in play that corrupts has acted on a unit this turn, by its shape.

A Forced effect acts only once its trigger condition is met (Trigger Conditions: "the unit
must leave play before the Forced Effect can trigger"). The situation states the board and
what happened this turn; a corruption from an earlier turn is part of the board it states.
Read: "At the beginning of your turn," (met this turn only on its controller's turn, by a card
in play then), "When this unit enters play," (met when the situation shows it entering play
this turn) and "When an opponent's unit is dealt combat damage," (met for a unit of its
controller's opponent with combat damage assigned to it), with whom the effect reaches (this
unit, a unit in this corresponding zone, that unit). Where the condition was met, which unit it
corrupted is left open, named; any other trigger leaves it open, naming the trigger.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

CONDITIONS = "warhammer/faq/rules-clarifications/trigger-conditions"
CONDITIONS_EXAMPLE = CONDITIONS + "/part-2"
ZONES = "warhammer/faq/terminology-clarifications/zones-of-play"

_FORCED = compiled(r"^Forced: (?P<when>(?:When|At) [^,]+), (?P<effect>.+?)\.?$", re.IGNORECASE)
_BEGINNING = compiled(r"^At the beginning of your turn$", re.IGNORECASE)
_ENTERS = compiled(r"^When this unit enters play$", re.IGNORECASE)
#: A whole Forced sentence that triggers only as its own unit enters play.
ENTERS_FORCED = compiled(r"^Forced: When this unit enters play, ", re.IGNORECASE)
_DEALT = compiled(r"^When an opponent's unit is dealt combat damage$", re.IGNORECASE)
_ITSELF = compiled(r"^corrupt this unit$", re.IGNORECASE)
_CORRESPONDING = compiled(r"\bin (?:this|any player's) corresponding zone\b", re.IGNORECASE)
#: Words of a text that put a card into play (then what entered play this turn is unknown).
_INTO_PLAY = compiled(r"\binto play\b", re.IGNORECASE)


@dataclass(frozen=True)
class Outcome:
    """What a Forced text did to the unit: ``acted`` (open, named) or not, and why."""

    acted: bool
    why: str
    rules: tuple[str, ...] = ()


def read(board: Board, holder: InPlay, placed: InPlay, sentence: str, zone: str) -> Outcome | None:
    """What a Forced sentence of ``holder`` did to ``placed`` this turn (None: not a Forced one).

    ``zone`` is the zone word its text is active in ("Kingdom"), or "".
    """
    from rulesq.games.warhammer import places as P

    found = _FORCED.match(sentence)
    if found is None:
        return None
    when, effect = found.group("when"), found.group("effect")
    said = f'"{holder.name}" reads "{sentence}"'
    if _ITSELF.match(effect) and placed is not holder:
        return Outcome(False, f"{said}: it corrupts only itself")
    source, target = P.place(board, holder), P.place(board, placed)
    if _CORRESPONDING.search(effect) and source.zone is not target.zone:
        return Outcome(False, f"{said}: it reaches only units in its corresponding zone")
    if zone and (source.zone is None or source.zone.value != zone.casefold()):
        return Outcome(
            False,
            f"{said}: it is not in its {zone.casefold()}, and its text is not active",
            (ZONES,),
        )
    if _BEGINNING.match(when):
        return _beginning(board, holder, said, source.controller)
    if _ENTERS.match(when):
        shown = entered(board, holder)
        if shown is False:
            return Outcome(
                False,
                f"{said}: the situation does not show it entering play this turn",
                (CONDITIONS,),
            )
        if shown is True:
            shown = "it entered play this turn, and which unit it corrupted is not stated"
        return Outcome(True, f"{said}, and {shown}")
    if _DEALT.match(when):
        if target.controller == source.controller:
            return Outcome(False, f"{said}: it corrupts only its controller's opponent's units")
        if any(a.card is placed and a.combat for a in board.assigned):
            return Outcome(
                True,
                f"{said}, and combat damage is assigned to it, not yet stated dealt",
            )
        return Outcome(
            False, f"{said}: no combat damage is stated dealt to it this turn", (CONDITIONS,)
        )
    return Outcome(True, f'{said}, and whether "{when}" happened this turn is not read')


def _beginning(board: Board, holder: InPlay, said: str, controller: str) -> Outcome:
    """An "At the beginning of your turn": met this turn on its controller's turn only."""
    if board.turn is None:
        return Outcome(True, f"{said}, and whose turn it is is not stated (write it is my turn)")
    if board.turn != controller:
        return Outcome(
            False,
            f"{said}: it is not its controller's turn, so its trigger condition was last met "
            "before this turn (the board stated holds what it did then)",
            (CONDITIONS_EXAMPLE,),
        )
    shown = entered(board, holder)
    if shown is True:
        return Outcome(
            False,
            f"{said}: it entered play this turn, after the beginning of the turn",
            (CONDITIONS_EXAMPLE,),
        )
    if shown:
        return Outcome(
            True, f"{said}, and {shown}: whether it was in play as the turn began is not known"
        )
    return Outcome(
        True,
        f"{said}: its controller's turn began this turn, so it triggered, and which unit it "
        "corrupted is not stated (write the unit CORRUPTED)",
    )


def entered(board: Board, holder: InPlay) -> bool | str:
    """Whether the situation shows ``holder`` entering play this turn (a str: it may have)."""
    key = holder.name.casefold()
    if any(
        card is not None and card.name.casefold() == key
        for capital in board.capitals.values()
        for card, _ in capital.played
    ):
        return True
    if any(e.kind == "enters_play" and e.card is holder for e in board.events):
        return True
    links = [*board.chain, *board.resolved]
    if any(link.name.casefold() == key and link.kind != "trigger" for link in links):
        return True
    for link in links:
        if link.card is not None and _INTO_PLAY.search(link.card.text or ""):
            return f'"{link.name}" puts a card into play this turn'
    return False
