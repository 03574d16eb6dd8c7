"""Which characters a player has in play: the one rule for reading a side of the table.

The rulings judge a play by the characters a player has in play, and their examples name those
characters and read them as all there are (Loyal: "a Rebel/Homunculus character with Loyal: 2
can come into play if you have two Rebel characters, two Homunculus characters, or a Rebel and
a Homunculus character in play. A character with multiple factions, however, only counts as
one character"). So, once the situation states a character of a player (his leader, by "my
leader is" alone, included; defeated or gone, stated all the same), his characters in play are
the ones it states (``closed``), and an answer that rests on his having no other shows it as an
assumption (``assume_named``). A player of whom the situation states no character has a side
that is not known: what needs one of his characters is *cannot answer* (or, where any
character of his would do, the answer assumes his leader, and says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name

if TYPE_CHECKING:
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.state import State
    from rulesq.games.fma.table import Table


def closed(stated: int) -> bool:
    """Whether a side with ``stated`` characters stated is read as those alone (the one rule)."""
    return stated > 0


def stated_count(state: State, table: Table, player: str) -> int:
    """How many characters of ``player`` the situation states (his named leader counts)."""
    leader = table.leader_key(player)
    names = {
        normalise_name(c.name)
        for c in state.characters.values()
        if (c.owner or table.owners.get(normalise_name(c.name))) == player
    }
    return len(names | ({leader} if leader is not None else set()))


def side_closed(state: State, table: Table, player: str) -> bool:
    """Whether ``player``'s characters in play are read as those the situation states."""
    return closed(stated_count(state, table, player))


def assume_named(ctx: Context, whose: str, consequence: str) -> None:
    """Show that the answer rests on the situation naming every character of ``whose``.

    ``whose`` is `` of yours``, `` of his`` or empty (every side).
    """
    ctx.derivation().absence(
        f"the situation names every character{whose} in play, the leader included: {consequence}",
        assumed=True,
    )
