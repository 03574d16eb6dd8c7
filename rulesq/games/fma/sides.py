"""Which characters a player has in play: the one rule for reading a side of the table.

The rulings judge a play by the characters a player has in play, and their examples name those
characters and read them as all there are (Loyal: "a Rebel/Homunculus character with Loyal: 2
can come into play if you have two Rebel characters, two Homunculus characters, or a Rebel and
a Homunculus character in play. A character with multiple factions, however, only counts as
one character"). A player's leader is always among them: he comes into play first (Setup:
"after the leader comes into play and before any other starting cards"; "At that time,
leaders are the only characters in play"), stays in play defeated ("Defeated leaders also
retain their level") and is out of play only by a card ("An out-of-play leader cannot
recruit"). So, once the situation names a player's leader (by "my leader is", or a stated
character whose card is a leader) and states his characters (defeated or gone, stated all the
same), his characters in play are the ones it states (``side_closed``), and an answer that
rests on his having no other shows it as an assumption (``assume_named``). A side whose
leader is not named is not known, however many characters of it are stated: the leader is one
more character of it, of words and values not given. What needs one of his characters is then
*cannot answer* (or, where any character of his would do, the answer assumes his leader, and
says so).
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


def leader_named(table: Table, player: str) -> bool:
    """Whether the situation names ``player``'s leader (a leader line, or a leader card stated).

    Two leaders stated for him are *cannot answer* (``Table.leader``).
    """
    return table.leader(player) is not None


def side_closed(state: State, table: Table, player: str) -> bool:
    """Whether ``player``'s characters in play are read as those the situation states.

    Only when his leader is named: an unnamed leader is a character of his not stated.
    """
    return closed(stated_count(state, table, player)) and leader_named(table, player)


def unknown_reason(state: State, table: Table, player: str) -> str:
    """Why ``player``'s side is not known: none of his characters stated, or his leader unnamed."""
    whose, has = ("yours", "you have") if player == "me" else ("his", "he has")
    if not closed(stated_count(state, table, player)):
        return f"no character of {whose} is stated: the characters {has} in play are not known"
    poss, named = ("my", "your") if player == "me" else ("your", "his")
    return (
        f"{named} leader is not named, and a leader is in play with the characters stated: "
        f'the characters {has} in play are not known (write: {poss} leader is "…")'
    )


def assume_named(ctx: Context, whose: str, consequence: str) -> None:
    """Show that the answer rests on the situation naming every character of ``whose``.

    ``whose`` is `` of yours``, `` of his`` or empty (every side).
    """
    ctx.derivation().absence(
        f"the situation names every character{whose} in play, the leader included: {consequence}",
        assumed=True,
    )
