"""An Action an attachment gives its unit while it attacks or defends: held now, and its cost.

Read: 'While attached unit is attacking or defending, it gains: "Action: discard an [Race]
unit from your hand to …"'. The unit holds the Action only while the attack stated has it
among the attackers or defenders; its cost needs a card of that race in the hand, so an empty
hand cannot pay it, and a hand whose cards are not stated leaves it open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

#: The grant read, with when it holds and the granted Action's text.
_GRANT = compiled(
    r"While attached unit is (?P<when>attacking or defending|attacking|defending), it "
    r"gains:?\s*[\"“](?P<action>Action:[^\"”]+)[\"”]"
)
#: The granted Action's cost read: a card of a race discarded from the hand.
_DISCARD = compiled(r"^Action:\s*discard an? \[(?P<race>[^\]]+)\] unit from your hand to\b")


@dataclass
class Granted:
    """What the grants on a unit say of triggering it: refused (why), or open (gaps)."""

    quote: str = ""
    source: str = ""
    refused: str | None = None
    gaps: list[str] = field(default_factory=list)


def granted(board: Board, placed: InPlay, player: str) -> Granted | None:
    """The one Action an attachment on the unit gives it, read; None: no such grant read."""
    found: list[tuple[InPlay, re.Match[str]]] = []
    for attachment in board.attached_to(placed):
        match = _GRANT.search(attachment.shown_text or "")
        if match is not None:
            found.append((attachment, match))
    if len(found) != 1:
        return None
    attachment, match = found[0]
    out = Granted(match.group(0), attachment.name)
    when = match.group("when")
    attack = board.attack
    if attack is None:
        out.gaps.append(
            f'"{attachment.name}" gives "{placed.name}" an Action only while it is {when}, '
            "and no attack is stated"
        )
        return out
    doing = []
    if "attacking" in when and placed in attack.attackers:
        doing.append("attacking")
    if "defending" in when and placed in attack.defenders:
        doing.append("defending")
    if not doing:
        out.refused = (
            f'"{attachment.name}" gives "{placed.name}" its Action only while it is {when}, '
            f'and "{placed.name}" is neither attacking nor defending in the attack stated'
            if when == "attacking or defending"
            else f'"{attachment.name}" gives "{placed.name}" its Action only while it is '
            f"{when}, and it is not"
        )
        return out
    cost = _DISCARD.match(match.group("action"))
    if cost is None:
        out.gaps.append(f'the Action "{attachment.name}" gives is not read by rulesq')
        return out
    race = cost.group("race")
    unit = f"{'an' if race[:1].upper() in 'AEIOU' else 'a'} [{race}] unit"
    held = board.hands.get(player)
    if held == 0:
        out.refused = (
            f'the Action "{attachment.name}" gives costs {unit} discarded from the hand, '
            "and the hand is empty"
        )
    else:
        out.gaps.append(
            f'the Action "{attachment.name}" gives costs {unit} discarded from the hand, '
            "and whether the hand holds one is not stated"
        )
    return out
