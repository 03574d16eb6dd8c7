"""The damage a chain stated resolved assigned: its links that deal N damage to target units.

A link whose Action deals damage in sentences "Deal N damage to one target unit." (or "X
damage", X paid and stated; a later one "to another target unit", "to a third target unit"),
its targets stated, units, one per such sentence in their order, and whose other sentences say
nothing of damage, destruction, hit points or X ("That unit loses [Power] until the end of
the turn."), assigned that damage when its chain resolved: damage outside
combat is applied as soon as it is assigned (p.17 erratum; Non-combat Damage). It is read only
where nothing else on its chain may have cancelled it or made a target illegal before it
resolved: every link resolving before it must be a redirect or cancel of damage that is
followed (they meet its damage in order) or another such damage link on other units, no link
names it to cancel, and no text in play restricts targeting. Any other link is left as it was
(its damage not followed: the answers that rest on it are *cannot answer*).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer.board import Assigned
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link
    from rulesq.situation.model import Fact

#: The ways a link was added whose Action or text resolves as a damage effect.
_KINDS = ("trigger", "tactic")


#: A sentence that deals damage to one target unit: the first ("target unit", "one target
#: unit") or a later one ("another target unit", "a second target unit", "a third …").
_DEAL = compiled(
    r"^deal (?P<n>\d+|X) damage to (?:one |another |a (?:second|third) )?target unit\.?$",
    re.IGNORECASE,
)
#: Words of a sentence that may change what the damage sentences do (X defined, damage,
#: destruction, hit points, cancels, heals): a text holding one is not followed here.
_UNREAD = compiled(
    r"\b(?:X|damage|destroy\w*|cancel\w*|redirect\w*|toughness|hit points?|heal\w*|"
    r"sacrific\w*|instead)\b",
    re.IGNORECASE,
)


def amounts(link: Link) -> list[tuple[InPlay, int]] | None:
    """The targets and the damage a link's Action deals them, one per damage sentence.

    Each sentence "Deal N damage to (one / another / a second / a third) target unit." deals
    its damage to the link's stated targets in the order the sentences name them; every other
    sentence of the text must say nothing of damage, destruction, hit points or X ("That unit
    loses [Power] until the end of the turn.": its power is read apart).
    X is what was paid, for a card whose cost is X. None: not followed.
    """
    from rulesq.games.warhammer.places import base_kinds

    card = link.card
    if card is None or link.kind not in _KINDS or link.cancelling is not None:
        return None
    action, _why = ab.action_of(card)
    if action is None or action.trigger is not None or not action.sentences:
        return None
    deals = [_DEAL.match(sentence.words.strip()) for sentence in action.sentences]
    if not deals[0] or any(
        found is None and _UNREAD.search(sentence.words)
        for found, sentence in zip(deals, action.sentences, strict=True)
    ):
        return None
    text = card.text or ""
    if _UNREAD.search(text.replace(action.quote, "")):
        return None  # another part of its text speaks of damage
    said = [found.group("n") for found in deals if found is not None]
    if len(said) != len(link.targets) or len(set(map(id, link.targets))) != len(said):
        return None
    read: list[tuple[InPlay, int]] = []
    for target, n in zip(link.targets, said, strict=True):
        if target.facedown or base_kinds(target) != {"unit"}:
            return None
        if n.isdigit():
            read.append((target, int(n)))
        elif str(card.fields.get("cost")) == "X" and link.paid is not None:
            read.append((target, link.paid))
        else:
            return None
    return read


def _harmless(link: Link, target: InPlay) -> bool:
    """Whether a link resolving first leaves another's damage to ``target`` as it is."""
    from rulesq.games.warhammer.shields import followed

    if followed(link):
        return True  # a redirect or cancel: it meets the damage in order
    read = amounts(link)
    return read is not None and all(unit is not target for unit, _ in read)


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
        read = amounts(link)
        if read is None:
            continue
        if any(board.stated_gone(t) or _maybe_destroyed(board, t) for t, _ in read):
            continue  # a target illegal as it resolves: what the action does then is not read
        if any(
            (other.cancelling or "").casefold() == link.name.casefold() for other in chain
        ) or not all(_harmless(other, t) for other in chain[index + 1 :] for t, _ in read):
            continue
        found += [Assigned(dealt, fact, False, card=t, link=link) for t, dealt in read]
    return found
