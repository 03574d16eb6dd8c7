"""Characters a ruling makes undefeatable in a battle, read from the cards' corpus fields.

A card ruling names undefeatable characters: one card when it attacks, and any character of a
name while another card is in play. The corpus gives the first card ``undefeatable_when =
"attacking"`` and the second ``makes_undefeatable``, the name (before its comma) of the
characters it protects while it is in play. No card name is written here: the fields say it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma.vocab import Side

if TYPE_CHECKING:
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.state import Character, State


def why_undefeatable(ctx: Context, state: State, character: Character, side: Side) -> str | None:
    """The clause id that makes ``character`` undefeatable on ``side`` (None: none does)."""
    card = character.card
    if card is not None and card.fields.get("undefeatable_when") == "attacking":
        if side is Side.ATTACKERS:
            return _source(card.fields, "undefeatable_when")
    own = normalise_name(character.name.split(",", 1)[0])
    for fields in _in_play(ctx, state):
        named = fields.get("makes_undefeatable")
        if named and normalise_name(str(named)) == own:
            return _source(fields, "makes_undefeatable")
    return None


def _source(fields: Mapping[str, object], name: str) -> str:
    sources = fields.get("field_sources")
    found = sources.get(name) if isinstance(sources, dict) else None
    return str(found or "")


def _in_play(ctx: Context, state: State) -> list[dict[str, object]]:
    """The fields of the cards in play: the cards the facts keep in play, and stated characters.

    A card defeated, gone or out of play is not counted (``still_in_play``: passive abilities on
    defeated cards have no effect, and a card out of play is not "out"), nor a character
    defeated, gone or out of play that a battle line alone names.
    """
    from rulesq.games.fma import out_of_play
    from rulesq.games.fma.still_in_play import in_play

    out = [dict(card.fields) for card, _, _ in in_play(ctx.facts)]
    outside = out_of_play.still_out(ctx)
    for who in state.characters.values():
        if (
            who.card is not None
            and not who.gone
            and state.defeated_by(who.name) is None
            and normalise_name(who.name) not in outside
        ):
            out.append(dict(who.card.fields))
    return out
