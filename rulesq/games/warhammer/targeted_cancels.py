"""A cancel that reaches only an Action that targets some card ("… that targets X").

Read: "Cancel an Action just triggered that targets an opponent's card." and "… that targets
a damaged unit you control.". Who "you" is comes from the board
(the canceller on the chain or in play); where it is not stated, an answer is given only when
both players' answers agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.warhammer.places import controller, place
from rulesq.regexcache import compiled
from rulesq.situation.model import ME, YOU

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay, Link

_SHAPE = compiled(
    r"^Cancel an Action just triggered that targets "
    r"(?P<whom>an opponent's card|a damaged unit you control)\.?$"
)
_OTHER = {ME: YOU, YOU: ME}


def whom(sentence: str) -> str | None:
    """The cards the cancelled Action must target, or None when the sentence is not this shape."""
    found = _SHAPE.match(sentence.strip())
    return found.group("whom") if found else None


def player_of(board: Board, canceller: Card) -> str | None:
    """Who uses the canceller: its link's player, else its controller in play (None: unstated)."""
    link = next((lk for lk in board.chain if lk.card is canceller), None)
    if link is not None:
        return link.who
    placed = board.find(canceller.name)
    return controller(placed) if placed is not None else None


def _reaches(board: Board, target: InPlay, wanted: str, player: str) -> bool | None:
    """Whether one target is a card the sentence names, for ``player`` (None: not stated)."""
    held = place(board, target).controller
    if wanted == "an opponent's card":
        return held != player
    unit = target.card is not None and (target.card.type or "").lower() == "unit"
    if not unit or held != player:
        return False
    if any(a.card is target for a in board.assigned):
        return None  # damage assigned in the situation: whether it is on the unit yet
    from rulesq.games.warhammer.spendable import bears_damage

    return bears_damage(board, target)


def targets_named(board: Board, link: Link, wanted: str, player: str) -> bool | None:
    """Whether the link targets a card the sentence names, for ``player`` (None: open)."""
    found = [_reaches(board, t, wanted, player) for t in link.targets]
    if any(f is True for f in found):
        return True
    return None if any(f is None for f in found) else False


def verdict(board: Board, link: Link, wanted: str, player: str | None) -> tuple[bool | None, str]:
    """Whether the link targets what the sentence names: (verdict, why); None: open."""
    if not link.targets:
        return None, f'the targets of "{link.name}" are not stated'
    players = [player] if player is not None else [ME, YOU]
    found = {p: targets_named(board, link, wanted, p) for p in players}
    answers = set(found.values())
    if None in answers:
        return None, f'whether "{link.name}" targets {wanted} is not stated (its damage)'
    if len(answers) > 1:
        return None, "who plays the cancel is not stated, and the answer depends on it"
    named = ", ".join(f'"{t.name}"' for t in link.targets)
    yes = answers.pop()
    return yes, f'"{link.name}" targets {named}: {"" if yes else "not "}{wanted}'
