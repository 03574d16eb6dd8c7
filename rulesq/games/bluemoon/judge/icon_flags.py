"""A play's flags made from a card's icons (FREE, STOP), kept with what their reading rests on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import RulesqError
from rulesq.games.bluemoon.judge.cards import start_noting_unknown_icons, stop_noting_unknown_icons
from rulesq.games.bluemoon.judge.forces import Forces
from rulesq.games.bluemoon.judge.iconuse import (
    Kept,
    kept,
    new_use,
    start_keeping,
    stop_keeping,
    was_read,
)

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.state import Instance


def icon_flag(forces: Forces, card: Instance, icon: str) -> bool | Kept:
    """Whether the card has ``icon`` not ignored, as a play's record keeps it.

    Made from a card of unknown icons, the flag notes when a step tests it
    (:class:`rulesq.games.bluemoon.judge.iconuse.Kept`), when the card having the icon would
    not have stopped the judging there (:func:`ignored_or_not`).
    """
    cell, token = start_keeping(card.info.name, icon.upper())
    try:
        value = forces.has_icon(card, icon)
    finally:
        stop_keeping(token)
    return kept(cell, value, was_read(cell) and not ignored_or_not(forces, card, icon))


def ignored_or_not(forces: Forces, card: Instance, icon: str) -> bool:
    """Whether asking if the card's icon is ignored gives an answer, without stopping.

    So it does, had the card the icon: no ignore effect could reach the card, or the ignore
    step decides it (neither unknown nor undecided) without reading the card's icon or its
    icons as a whole. Asked aside, in forces of its own, with nothing it reads noted, it
    changes nothing of the judging.
    """
    if forces.out_of_reach(card):
        return True
    read: dict[str, set[str] | None] = {}
    started = start_noting_unknown_icons(read, new_use())
    try:
        Forces(forces.state).icon_ignored(card, icon.upper())
    except RulesqError:
        return False
    finally:
        stop_noting_unknown_icons(started)
    # Asked aside of a card without the icon: so it would go with the icon only if the asking
    # read neither that icon of the card nor its icons as a whole.
    seen = read.get(card.info.name, set())
    return seen is not None and icon.upper() not in seen
