"""A card's "Play only if you control a [kind] unit." checked against the units in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import traits
from rulesq.games.warhammer.places import place
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board

#: "Play only if you control a Lizardmen unit." / "… at least 1 unit." (lower case, no stop).
_CONTROL_UNIT = compiled(
    r"^play only if you control (?:a|an|at least (?:1|one)) (?:(?P<kind>[a-z][\w' -]*?) )?unit$"
)


def reads(sentence: str) -> bool:
    """Whether a play restriction is the shape this module checks."""
    return _CONTROL_UNIT.match(sentence.lower().rstrip(".")) is not None


def met(board: Board, sentence: str, player: str) -> tuple[bool | None, str]:
    """Whether the player controls a unit the sentence asks for: (verdict, why); None: open."""
    found = _CONTROL_UNIT.match(sentence.lower().rstrip("."))
    assert found is not None
    kind = found.group("kind")
    what = f"a {kind.title() if kind else ''} unit".replace("  ", " ")
    for placed in board.cards:
        if placed.legend or placed.facedown or placed.card is None:
            continue
        here = place(board, placed)
        if here.gaps:
            return None, here.gaps[0]
        if here.zone is None or "unit" not in here.kinds or here.controller != player:
            continue
        if kind is None:
            return True, f'the player controls "{placed.name}", a unit'
        try:
            if traits.of_kind(board, placed.card, kind):
                return True, f'the player controls "{placed.name}", {what}'
        except CannotAnswer as gap:
            return None, str(gap)
    return False, f"the player controls no {what.removeprefix('a ')} in play"
