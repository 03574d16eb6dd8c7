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
#: Its bearer, defeated, returned to play: cards sent to the discard pile have no "memory", and
#: the rulings never say whether an attachment stays with such a character.
BEARER_BACK = "bearer returned"
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
    #: The attachments the statement takes away while several copies of each are in play:
    #: which copy it takes is not known (the situation reader refuses the line).
    ambiguous: dict[str, list[Fact]] = field(default_factory=dict)


@dataclass
class Copy:
    """One copy of an attachment attached: its bearer, and why its text may not act (if so)."""

    name: str
    #: The statement that attached it (last), and its player then.
    fact: Fact
    owner: str | None
    #: Its bearer by key (None: not known: he left play, or it returned to play unborne).
    bearer: str | None
    #: Why its text may or may not act (``BEARER_LEFT``, ``BEARER_OUT``, ``BEARER_BACK``,
    #: ``UNBORNE``) and the
    #: statement that left it so; None: it acts (unless stopped).
    why: tuple[str, Fact] | None = None
    #: Its bearer is defeated: still attached (a copy for uniqueness), its text acts no more.
    stopped: bool = False


@dataclass
class Presence:
    """Who is in play, defeated, gone or out of play, as the statements read so far leave it."""

    table: Table = field(default_factory=Table)
    #: Each card taken away and not returned since: where it is, and the statement that says so.
    status: dict[str, tuple[str, Fact]] = field(default_factory=dict)
    #: Each copy of an attachment attached and in play (or unsure), in the order attached.
    copies: list[Copy] = field(default_factory=list)
    #: Every card attached so far, by key (a card attached is an attachment).
    attachments: set[str] = field(default_factory=set)
    #: The last copy of each attachment taken away, by key (returned, it is back unborne).
    left: dict[str, Copy] = field(default_factory=dict)

    @property
    def unsure(self) -> dict[str, tuple[str, Fact]]:
        """Each attachment a copy of which may or may not act, by key: why, and the statement.

        Its bearer left play (the rulings never say whether it goes too), is out of play, or it
        returned to play unborne. Attached again, or taken away itself, it is settled; so is it
        when a bearer out of play returns.
        """
        return {c.name: c.why for c in self.copies if c.why is not None}

    def read(self, fact: Fact) -> Moves:
        """Read one statement: what it does to the cards in play."""
        moves = Moves(leaving=self.table.read(fact))
        kind = fact.kind
        if kind == "attach" and len(fact.cards) > 1:
            self._attach(fact)
        elif kind in STATED:  # stated in play again (a character so stated is an input error)
            for ref in fact.cards:
                self.status.pop(key(ref), None)
        elif kind in AWAY:
            moves.status = AWAY[kind]
            moves.away = [key(r) for r in fact.cards]
            leader = self.table.leaders.get(fact.who or "")
            if kind == "out_of_play" and not fact.cards and leader is not None:
                moves.away = [key(leader)]  # "my leader is out of play": the leader of its moment
            self._away(moves, fact)
        elif kind == "returned":
            moves.returned = [key(r) for r in fact.cards]
            for name in moves.returned:
                self.status.pop(name, None)
                gone = self.left.pop(name, None)
                if gone is not None:
                    gone.bearer, gone.why = None, (UNBORNE, fact)  # which character bears it?
                    gone.stopped = False
                    self.copies.append(gone)
            for copy in self.copies:
                if copy.why and copy.why[0] == BEARER_OUT and copy.bearer in moves.returned:
                    copy.why = None  # its bearer is back from out of play
                elif copy.stopped and copy.bearer in moves.returned:  # defeated, and back
                    copy.stopped, copy.bearer, copy.why = False, None, (BEARER_BACK, fact)
                    moves.unsure.append(copy.name)
        return moves

    def _attach(self, fact: Fact) -> None:
        """An attachment attached: an unsure copy of it attached again, or a new copy."""
        name, bearer = key(fact.cards[0]), key(fact.cards[1])
        self.attachments.add(name)
        self.status.pop(name, None)  # attached again: in play again
        owner = fact.who or self.table.owners.get(bearer)
        again = [c for c in self.copies if c.name == name and c.why is not None]
        if again:  # the copy whose bearer is not sure is the one attached: its bearer is said
            again[-1].fact, again[-1].owner, again[-1].bearer, again[-1].why = (
                fact,
                owner,
                bearer,
                None,
            )
        else:
            self.copies.append(Copy(name, fact, owner, bearer))

    def _away(self, moves: Moves, fact: Fact) -> None:
        """What a statement that takes cards away does to the copies of the attachments.

        Taken away itself, a copy acts no more (with several copies of the name in play, which
        one is not known: ``Moves.ambiguous``). Its bearer defeated, its passive text stops
        ("Passive abilities on attachments do not function if the character bearing the
        attachment is defeated"); gone or out of play, it is as ``UNSAID`` reads it.
        """
        mine = [c for c in self.copies if c.name in moves.away]
        for copy in mine:
            moves.ambiguous.setdefault(copy.name, []).append(copy.fact)
        moves.ambiguous = {n: fs for n, fs in moves.ambiguous.items() if len(fs) > 1}
        self.left.update({c.name: c for c in mine})
        self.copies = [c for c in self.copies if c.name not in moves.away]
        why = UNSAID.get(moves.status or "")
        stopped: list[Copy] = []
        for copy in [c for c in self.copies if c.bearer in moves.away and not c.stopped]:
            if why is None and moves.status == OUT:  # (perturbed) it acts while he is out
                continue
            if why is None:  # defeated (or, perturbed, gone with its bearer): it acts no more
                stopped.append(copy)
                copy.stopped, copy.why = True, None
                continue
            copy.why = (why, fact)
            moves.unsure.append(copy.name)
            if why == BEARER_LEFT:  # whether it went too is not said: no bearer of it is known
                copy.bearer = None
        if moves.status != DEFEATED:  # gone with its bearer (perturbed), it is no copy in play
            self.copies = [c for c in self.copies if c not in stopped]
        if moves.status != OUT:  # the names no copy of which is surely in play go with him
            left = {c.name for c in self.copies if c.why is None and not c.stopped}
            moves.borne = sorted(({c.name for c in stopped} | set(moves.unsure)) - left)
        where = moves.status or GONE
        self.status.update(dict.fromkeys(moves.away + moves.borne, (where, fact)))

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
    if why == BEARER_BACK:
        return (
            f"its bearer, defeated, returned to play (line {line}), and the rulings never say "
            "whether an attachment stays with a character sent to the discard pile and back"
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
