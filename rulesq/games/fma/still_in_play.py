"""FMA: the cards the facts put in play and keep there, each with its controller.

A card defeated, gone or out of play since has no effect ("Passive abilities on defeated cards
do not have any effect"; defeated characters have no abilities); returned to play, it is back.
Draws, Play-or-Pass and attribute costs read the cards in play through it. An attachment whose
text may or may not act (``Presence.unsure``: its bearer left play or is out of play, or it
returned to play unborne) is in neither list for sure: ``in_doubt`` gives it, with why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma.presence import Presence, said_unsure

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.situation.model import Fact


Entry = tuple["Card", str | None, "Fact"]


@dataclass(frozen=True)
class Doubt:
    """An attachment whose text may or may not act: its entry and why (``Presence.unsure``)."""

    card: Card
    owner: str | None
    fact: Fact
    #: Why, as an answer says it (``presence.said_unsure``), and the statement that left it so.
    why: str
    since: Fact

    def reason(self, what: str) -> str:
        """Why ``what`` is not known beside it: where it is, and the statements that settle it."""
        name = self.card.name
        return (
            f'"{name}" was attached (line {self.fact.span.line}), but {self.why}: its text may '
            f'change {what} (write: "{name}" leaves play, or attach "{name}" to "…")'
        )


def in_play(facts: list[Fact]) -> list[Entry]:
    """The cards with a text that the facts put in play and keep there: each with its controller.

    A card defeated, gone or out of play since has no effect ("Passive abilities on defeated
    cards do not have any effect"; defeated characters have no abilities); returned to play, it
    is back. A player's leader named by a leader line alone that a later leader line replaces
    is no longer in play (a player has one leader: ``Table.read`` says who leads). Who is
    defeated, gone, out of play or back is ``Presence.read``'s, the one reading of it. An
    attachment attached is in play until it or its bearer is defeated or gone ("Passive
    abilities on attachments do not function if the character bearing the attachment is
    defeated"); a bearer out of play keeps it ("A leader does not lose his attachments when he
    is out of play"), but whether its text acts then is not said: it is one of ``in_doubt``'s.
    """
    return _read(facts)[0]


def in_doubt(facts: list[Fact]) -> list[Doubt]:
    """The attachments whose text may or may not act (``Presence.unsure``), each with why."""
    return _read(facts)[1]


def maybe_in_play(facts: list[Fact]) -> list[Entry]:
    """The cards surely in play and the attachments whose text may act (``in_doubt``) alike.

    For the readers a card that may act leaves open as one in play does: a text unknown or
    unread, one that raises costs.
    """
    sure, doubts = _read(facts)
    return [*sure, *((d.card, d.owner, d.fact) for d in doubts)]


def _read(facts: list[Fact]) -> tuple[list[Entry], list[Doubt]]:
    """The cards surely in play (``in_play``) and the attachments unsure (``in_doubt``).

    The attachments are ``Presence.read``'s copies: those that act, and those that may not.
    """
    out: list[tuple[Card, str | None, Fact]] = []
    away: dict[str, tuple[Card, str | None, Fact]] = {}
    presence = Presence()  # who leads, who is taken away and who returns (``Presence.read``)
    for fact in facts:
        moves = presence.read(fact)
        if moves.leaving:
            out = [e for e in out if not _keyed(e, set(moves.leaving))]
        if fact.kind in ("in_play", "leader", "character"):  # said again: the same card, once
            said = {normalise_name(r.card.name) for r in fact.cards if r.card is not None}
            out = [e for e in out if not _keyed(e, said)]
            out += [(r.card, fact.who, fact) for r in fact.cards if r.card is not None]
        elif moves.status is not None:
            names = set(moves.away)
            away.update(
                {normalise_name(e[0].name): e for e in out if e[0].name and _keyed(e, names)}
            )
            out = [e for e in out if not _keyed(e, names)]
        for name in moves.returned:
            back = away.pop(name, None)
            if back is not None:
                out.append(back)
    doubts: list[Doubt] = []
    for copy in presence.copies:
        card = copy.fact.cards[0].card
        if card is None:
            continue  # a card the situation makes up: only the bonus it is given
        if copy.stopped:
            continue  # its bearer is defeated: "do not function"
        if copy.why is None:
            out.append((card, copy.owner, copy.fact))
        else:
            doubts.append(Doubt(card, copy.owner, copy.fact, said_unsure(*copy.why), copy.why[1]))
    return out, doubts


def _keyed(entry: tuple[Card, str | None, Fact], names: set[str]) -> bool:
    """Whether an entry of ``in_play`` is one of the cards named (by key)."""
    return normalise_name(entry[0].name) in names
