"""FMA: the cards the facts put in play and keep there, each with its controller.

A card defeated, gone or out of play since has no effect ("Passive abilities on defeated cards
do not have any effect"; defeated characters have no abilities); returned to play, it is back.
Draws, Play-or-Pass and attribute costs read the cards in play through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma.table import key, stated_leaders

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.situation.model import Fact


def in_play(facts: list[Fact]) -> list[tuple[Card, str | None, Fact]]:
    """The cards with a text that the facts put in play and keep there: each with its controller.

    A card defeated, gone or out of play since has no effect ("Passive abilities on defeated
    cards do not have any effect"; defeated characters have no abilities); returned to play, it
    is back. A player's leader named by a leader line that a later line replaces is no longer
    in play (a player has one leader).
    """
    out: list[tuple[Card, str | None, Fact]] = []
    away: dict[str, tuple[Card, str | None, Fact]] = {}
    leaders: dict[str, str] = {}  # each player's leader, by key ("my leader is out of play")
    for fact in facts:
        for ref in stated_leaders(fact):
            before = leaders.get(fact.who or "")
            if fact.kind == "leader" and before is not None and before != key(ref):
                out = [e for e in out if not (e[2].kind == "leader" and _keyed(e, {before}))]
            leaders[fact.who or ""] = key(ref)
        if fact.kind in ("in_play", "leader", "character"):
            out += [(r.card, fact.who, fact) for r in fact.cards if r.card is not None]
        elif fact.kind in ("defeated", "removed", "out_of_play"):
            names = {key(r) for r in fact.cards}
            if fact.kind == "out_of_play" and not fact.cards and fact.who in leaders:
                names = {leaders[fact.who]}
            away.update(
                {normalise_name(e[0].name): e for e in out if e[0].name and _keyed(e, names)}
            )
            out = [e for e in out if not _keyed(e, names)]
        elif fact.kind == "returned":
            for ref in fact.cards:
                back = away.pop(key(ref), None)
                if back is not None:
                    out.append(back)
    return out


def _keyed(entry: tuple[Card, str | None, Fact], names: set[str]) -> bool:
    """Whether an entry of ``in_play`` is one of the cards named (by key)."""
    return normalise_name(entry[0].name) in names
