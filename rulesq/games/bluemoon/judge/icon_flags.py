"""A play's flags made from a card's icons (FREE, STOP), kept with what their reading rests on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.bluemoon.judge.iconuse import Kept, kept, start_keeping, stop_keeping, was_read

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces
    from rulesq.games.bluemoon.judge.state import Instance


def icon_flag(forces: Forces, card: Instance, icon: str) -> bool | Kept:
    """Whether the card has ``icon`` not ignored, as a play's record keeps it.

    Made from a card of unknown icons, the flag notes when a step tests it
    (:class:`rulesq.games.bluemoon.judge.iconuse.Kept`); the ignore step is looked at only then.
    """
    cell, token = start_keeping(card.info.name, icon.upper())
    try:
        value = forces.has_icon(card, icon)
    finally:
        stop_keeping(token)
    return kept(cell, value, was_read(cell) and not forces.out_of_reach(card))
