"""FMA: the one reading of who is in play, defeated, gone or out of play, statement by statement.

Every reader of the cards in play (the situation reader, ``still_in_play``, ``out_of_play``,
``uniqueness``, ``memory``, ``named_targets``, ``spared``, ``moved_home``, ``created_phase`` and
the battle answers) walks the facts through ``Presence.read`` (``walk``, ``where_at``): what each
statement does to the cards in play is decided here, once. Who leads is ``Table.read``'s, which
it walks in turn. So is whether an attachment's text acts once its bearer leaves it
(``Presence.unsure``, ``UNSAID``): the values reader, the cards in play (``still_in_play.in_doubt``:
costs, draws, plays, reacts, Play-or-Pass, the unknown-text doubts) and uniqueness read it here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.fma.table import Table, key

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from rulesq.situation.model import Fact

#: What a card is, by the statements read so far (a card never named away is in play).
IN_PLAY, DEFEATED, GONE, OUT = "in play", "defeated", "gone", "out of play"
#: The statements that take cards away, and where each puts them.
AWAY = {"defeated": DEFEATED, "removed": GONE, "out_of_play": OUT}
#: The statements that state cards in play: a card gone and stated in play again is back.
STATED = ("in_play", "character")
#: Why an attachment's text may or may not act (``Presence.unsure``): its bearer left play (the
#: rulings never say whether it goes too), its bearer is out of play ("A leader does not lose
#: his attachments when he is out of play", not whether their text acts), or it returned to play
#: itself (the rulings never say which character it bears).
BEARER_LEFT, BEARER_OUT, UNBORNE = "bearer left play", "bearer out of play", "returned unborne"
#: Where a bearer goes that leaves what its attachments do unsaid (defeated, their passive text
#: stops: "Passive abilities on attachments do not function if the character bearing the
#: attachment is defeated").
UNSAID = {GONE: BEARER_LEFT, OUT: BEARER_OUT}


@dataclass
class Moves:
    """What one statement does to the cards in play, each by key."""

    #: The leaders a later leader line replaces: they leave play (``Table.name_leader``).
    leaving: list[str] = field(default_factory=list)
    #: The cards the statement takes away ("my leader is out of play": his leader's key).
    away: list[str] = field(default_factory=list)
    #: Where they go: defeated, gone or out of play (None: nowhere).
    status: str | None = None
    #: The attachments that go with their bearer (defeated or gone; not out of play: "A leader
    #: does not lose his attachments when he is out of play"). Defeated, the bearer still bears
    #: them, their text stopped ("Passive abilities on attachments do not function if the
    #: character bearing the attachment is defeated"); gone, the rulings never say whether they
    #: went too: what their text gives is open (the values reader) and so is a unique copy
    #: (uniqueness), until the attachment is attached again or leaves play itself.
    borne: list[str] = field(default_factory=list)
    #: The cards returned to play.
    returned: list[str] = field(default_factory=list)
    #: The attachments whose text the statement leaves unsure (``Presence.unsure``).
    unsure: list[str] = field(default_factory=list)


@dataclass
class Presence:
    """Who is in play, defeated, gone or out of play, as the statements read so far leave it."""

    table: Table = field(default_factory=Table)
    #: Each card taken away and not returned since: where it is, and the statement that says so.
    status: dict[str, tuple[str, Fact]] = field(default_factory=dict)
    #: Each attachment attached and its bearer, by key.
    bearers: dict[str, str] = field(default_factory=dict)
    #: Every card attached so far, by key (a card attached is an attachment).
    attachments: set[str] = field(default_factory=set)
    #: Each attachment whose text may or may not act, by key: why (``BEARER_LEFT``,
    #: ``BEARER_OUT``, ``UNBORNE``) and the statement that left it so. Attached again, or taken
    #: away itself, it is settled; so is it when a bearer out of play returns. Left by its
    #: bearer or returned unborne, it has no bearer known (``bearers``) until attached again.
    unsure: dict[str, tuple[str, Fact]] = field(default_factory=dict)

    def read(self, fact: Fact) -> Moves:
        """Read one statement: what it does to the cards in play."""
        moves = Moves(leaving=self.table.read(fact))
        kind = fact.kind
        if kind == "attach" and len(fact.cards) > 1:
            self.attachments.add(key(fact.cards[0]))
            self.bearers[key(fact.cards[0])] = key(fact.cards[1])
            self.status.pop(key(fact.cards[0]), None)  # attached again: in play again
            self.unsure.pop(key(fact.cards[0]), None)  # and its bearer is said
        elif kind in STATED:  # stated in play again (a character so stated is an input error)
            for ref in fact.cards:
                self.status.pop(key(ref), None)
        elif kind in AWAY:
            moves.status = AWAY[kind]
            moves.away = [key(r) for r in fact.cards]
            leader = self.table.leaders.get(fact.who or "")
            if kind == "out_of_play" and not fact.cards and leader is not None:
                moves.away = [key(leader)]  # "my leader is out of play": the leader of its moment
            kept = [a for a, b in self.bearers.items() if b in moves.away]
            if kind != "out_of_play":
                moves.borne = kept
            self.status.update(dict.fromkeys(moves.away + moves.borne, (moves.status, fact)))
            self._unsettled(moves, kept, fact)
        elif kind == "returned":
            moves.returned = [key(r) for r in fact.cards]
            for name in moves.returned:
                self.status.pop(name, None)
                if name in self.attachments:  # an attachment back: which character bears it?
                    self.bearers.pop(name, None)
                    self.unsure[name] = (UNBORNE, fact)
            for name, (why, _) in list(self.unsure.items()):
                if why == BEARER_OUT and self.bearers.get(name) in moves.returned:
                    del self.unsure[name]  # its bearer is back from out of play
        return moves

    def _unsettled(self, moves: Moves, kept: list[str], fact: Fact) -> None:
        """Which attachments a statement that takes cards away leaves unsure, or settles."""
        for name in moves.away:
            self.unsure.pop(name, None)  # taken away itself: it acts no more
        for name in kept:
            why = UNSAID.get(moves.status or "")
            if why is None:  # defeated, its passive text stops: "do not function"
                self.unsure.pop(name, None)
            elif name not in moves.away:
                self.unsure[name] = (why, fact)
                moves.unsure.append(name)
                if why == BEARER_LEFT:  # whether it went too is not said: no bearer of it is
                    del self.bearers[name]  # known, nor what his later moves do to it

    def unsure_why(self, name: str) -> str | None:
        """Why the attachment ``name`` may or may not act, in words (None: it is not unsure)."""
        found = self.unsure.get(name)
        return None if found is None else said_unsure(*found)

    def where(self, name: str) -> tuple[str, Fact | None]:
        """Where a card is by the statements read so far (in play unless taken away), and why."""
        return self.status.get(name, (IN_PLAY, None))


def said_unsure(why: str, fact: Fact) -> str:
    """Why an attachment's text may or may not act (``Presence.unsure``), as an answer says it."""
    line = fact.span.line
    if why == BEARER_LEFT:
        return (
            f"its bearer left play (line {line}), and the rulings never say whether an "
            "attachment leaves play with the character bearing it"
        )
    if why == BEARER_OUT:
        return (
            f'its bearer is out of play (line {line}), and the rulings say only that "A leader '
            'does not lose his attachments when he is out of play", not whether their text acts'
        )
    return (
        f"it returned to play (line {line}), and the rulings never say which character an "
        "attachment returned to play bears"
    )


def walk(facts: Iterable[Fact], before: int | None = None) -> Iterator[tuple[Fact, Moves]]:
    """Each statement (those before line ``before`` alone, if given) with what it does."""
    presence = Presence()
    for fact in facts:
        if before is not None and fact.span.line >= before:
            return
        yield fact, presence.read(fact)


def where_at(
    facts: Iterable[Fact], name: str, before: int | None = None
) -> tuple[str, Fact | None]:
    """Where the card ``name`` is once the statements (before line ``before``) are read, and why."""
    presence = Presence()
    for fact in facts:
        if before is not None and fact.span.line >= before:
            break
        presence.read(fact)
    return presence.where(name)


def taken(moves: Moves, name: str, statuses: tuple[str, ...] = (GONE,)) -> bool:
    """Whether the statement takes the card ``name`` (or with its bearer) to one of ``statuses``."""
    return moves.status in statuses and name in (*moves.away, *moves.borne)
