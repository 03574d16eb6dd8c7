"""A ruling's note that an active PROTECTED card's icons are kept from an opposing ignore effect.

PROTECTED (rulebook p.15): active cards "cannot be ignored ... by the opponent". An effect that
ignores icons but spares the PROTECTED icon ("except STOP and PROTECTED") leaves that protection
standing, so it does not reach the card's other icons either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.bluemoon.judge import rules as R

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces
    from rulesq.games.bluemoon.judge.ruling import Ruling
    from rulesq.games.bluemoon.judge.state import Instance


def shield(forces: Forces, card: Instance, ruling: Ruling) -> None:
    """Add to a ruling the opposing icon-ignoring effects the card's PROTECTED icon keeps off."""
    kept = forces.icons_shielded(card)
    if not kept:
        return
    names = ", ".join(f'"{s.card.name}"' for s in kept)
    ruling.reason += (
        f"; {names} would ignore its icons, but its PROTECTED icon is spared and "
        "protects the active card from opposing effects"
    )
    ruling.cite(R.PROTECTED, R.IGNORING)
    for source in kept:
        ruling.beaten.append((f"no ({source.quote})", R.PROTECTED))
        ruling.sources.append(source)
