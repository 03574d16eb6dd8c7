"""FMA: the cards the facts put in play and keep there, each with its controller.

A card defeated, gone or out of play since has no effect ("Passive abilities on defeated cards
do not have any effect"; defeated characters have no abilities); returned to play, it is back.
Draws, Play-or-Pass and attribute costs read the cards in play through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma.table import Table, key

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.situation.model import Fact


def in_play(facts: list[Fact]) -> list[tuple[Card, str | None, Fact]]:
    """The cards with a text that the facts put in play and keep there: each with its controller.

    A card defeated, gone or out of play since has no effect ("Passive abilities on defeated
    cards do not have any effect"; defeated characters have no abilities); returned to play, it
    is back. A player's leader named by a leader line alone that a later leader line replaces
    is no longer in play (a player has one leader: ``Table.read`` says who leads). An
    attachment attached is in play until it or its bearer is defeated or gone ("Passive
    abilities on attachments do not function if the character bearing the attachment is
    defeated"); a bearer out of play keeps it ("A leader does not lose his attachments when he
    is out of play").
    """
    out: list[tuple[Card, str | None, Fact]] = []
    away: dict[str, tuple[Card, str | None, Fact]] = {}
    borne: dict[str, str] = {}  # each attachment in play and its bearer, by key
    table = Table()  # who leads, and the leaders who leave play (``Table.read``)
    for fact in facts:
        leaving = set(table.read(fact))
        if leaving:
            out = [e for e in out if not _keyed(e, leaving)]
        if fact.kind in ("in_play", "leader", "character"):
            out += [(r.card, fact.who, fact) for r in fact.cards if r.card is not None]
        elif fact.kind == "attach" and fact.cards[0].card is not None:
            bearer = key(fact.cards[1])
            owner = fact.who or table.owners.get(bearer)
            out.append((fact.cards[0].card, owner, fact))
            borne[key(fact.cards[0])] = bearer
        elif fact.kind in ("defeated", "removed", "out_of_play"):
            names = {key(r) for r in fact.cards}
            leader = table.leaders.get(fact.who or "")
            if fact.kind == "out_of_play" and not fact.cards and leader is not None:
                names = {key(leader)}
            if fact.kind != "out_of_play":  # "A leader does not lose his attachments" out of play
                names |= {a for a, bearer in borne.items() if bearer in names}
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
