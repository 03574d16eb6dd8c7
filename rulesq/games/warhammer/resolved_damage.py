"""The damage a chain stated resolved assigned: its links that deal N damage to one target unit.

A link whose Action is one sentence "Deal N damage to one target unit." (or "X damage", X paid
and stated), with its one target stated, a unit, assigned that damage when its chain resolved:
damage outside combat is applied as soon as it is assigned (p.17 erratum; Non-combat Damage).
It is read only where nothing else on its chain may have cancelled it or made its target
illegal before it resolved: every link resolving before it must be a redirect or cancel of
damage that is followed (they meet its damage in order) or another such damage link on another
unit, no link names it to cancel, and no text in play restricts targeting. Any other link is
left as it was (its damage not followed: the answers that rest on it are *cannot answer*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer.board import Assigned

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link
    from rulesq.situation.model import Fact

#: The ways a link was added whose Action or text resolves as a damage effect.
_KINDS = ("trigger", "tactic")


def amount(link: Link) -> tuple[InPlay, int] | None:
    """The one target and the damage of a plain "deal N damage to one target unit" link."""
    from rulesq.games.warhammer.places import base_kinds
    from rulesq.games.warhammer.shields import _DAMAGE_WORDS

    card = link.card
    if card is None or link.kind not in _KINDS or link.cancelling is not None:
        return None
    action, _why = ab.action_of(card)
    if action is None or action.trigger is not None or len(action.sentences) != 1:
        return None
    sentence = action.sentences[0]
    if sentence.form != "deal" or sentence.match is None or len(link.targets) != 1:
        return None
    text = card.text or ""
    if _DAMAGE_WORDS.search(text.replace(action.quote, "")):
        return None  # another sentence of its text speaks of damage
    (target,) = link.targets
    if target.facedown or base_kinds(target) != {"unit"}:
        return None
    said = sentence.match.group("n")
    if said.isdigit():
        return target, int(said)
    if str(card.fields.get("cost")) == "X" and link.paid is not None:
        return target, link.paid
    return None


def _harmless(link: Link, target: InPlay) -> bool:
    """Whether a link resolving first leaves another's damage to ``target`` as it is."""
    from rulesq.games.warhammer.shields import followed

    if followed(link):
        return True  # a redirect or cancel: it meets the damage in order
    read = amount(link)
    return read is not None and read[0] is not target


def _maybe_destroyed(board: Board, target: InPlay) -> bool:
    """Whether damage assigned to the target before may have destroyed it (the link cancelled).

    A target no longer in play is illegal: only one known to survive that damage is read.
    """
    from rulesq.games.warhammer.damage import destroyed

    if not any(a.card is target for a in board.assigned):
        return False
    gone, _value = destroyed(board, target)
    return gone is not False


def assigned(board: Board, chain: list[Link], fact: Fact) -> list[Assigned]:
    """The damage the links of ``chain`` (resolved at ``fact``) assigned, where read."""
    from rulesq.games.warhammer.shields import target_restrictions

    if target_restrictions(board):
        return []
    found: list[Assigned] = []
    for index, link in enumerate(chain):
        read = amount(link)
        if read is None:
            continue
        target, dealt = read
        if board.stated_gone(target) or _maybe_destroyed(board, target):
            continue
        if any(
            (other.cancelling or "").casefold() == link.name.casefold() for other in chain
        ) or not all(_harmless(other, target) for other in chain[index + 1 :]):
            continue
        found.append(Assigned(dealt, fact, False, card=target, link=link))
    return found
