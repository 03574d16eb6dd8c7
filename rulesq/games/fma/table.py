"""What an FMA situation says of the table: leaders, places, zones, readiness, plays.

Read straight from the facts before a question (the attribute timeline is
``rulesq.games.fma.situation``'s); a thing the facts do not say stays None, so the rules
that need it answer *cannot answer*.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer

if TYPE_CHECKING:
    from rulesq.situation.model import CardRef, Fact

HOME, PARTY = "home", "search party"
#: Characters are returned to play at a player's home (a card ruling states it generally).
RETURNED_HOME = "fma/cards/claire-nurse/ruling"
#: The zone each shared statement puts cards in ("my discard pile has …", "my hand holds …").
ZONES = {"pile": "discard pile", "hand": "hand"}


@dataclass
class Play:
    """A card played: by whom (a player or a character), and what it reacts to."""

    card: str
    player: str | None
    fact: Fact
    by: str | None = None
    reacts_to: str | None = None


@dataclass
class Table:
    """The table as the facts leave it."""

    #: Each player's leader and the statement that names him (read through ``leader``).
    leaders: dict[str, CardRef] = field(default_factory=dict)
    leader_facts: dict[str, Fact] = field(default_factory=dict)
    #: Why a player's leader is not known: two leaders stated for him (``leader`` raises it).
    doubts: dict[str, str] = field(default_factory=dict)
    #: The cards stated on a character or in-play line: a leader among them stays in play
    #: when a later leader line replaces him.
    stated: set[str] = field(default_factory=set)
    places: dict[str, tuple[str, Fact]] = field(default_factory=dict)
    readiness: dict[str, tuple[str, Fact]] = field(default_factory=dict)
    #: The readiness a return to play voided (cards back from the discard pile have no
    #: "memory"): the readiness stated before, and the return, by key.
    forgotten: dict[str, tuple[tuple[str, Fact], Fact]] = field(default_factory=dict)
    experience: dict[str, tuple[int, Fact]] = field(default_factory=dict)
    #: The X chosen for a card's cost ("X is 3 for …").
    x_values: dict[str, tuple[int, Fact]] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    plays: list[Play] = field(default_factory=list)
    canceled: dict[str, Fact] = field(default_factory=dict)
    step: tuple[str, Fact] | None = None
    zones: dict[str, tuple[str, str, Fact]] = field(default_factory=dict)
    #: Cards discarded because of an event or ability: the card's key to the event's and the fact.
    discarded_to: dict[str, tuple[str, Fact]] = field(default_factory=dict)
    #: Cards announced whose targets and costs are not yet declared.
    announced: dict[str, tuple[str | None, Fact]] = field(default_factory=dict)
    turn: tuple[str, Fact] | None = None

    def place(self, name: str) -> tuple[str, Fact] | None:
        """Where a character is (home or the search party) and the fact that says so."""
        return self.places.get(normalise_name(name))

    def place_rules(self, name: str) -> tuple[str, ...]:
        """The clauses that put the character where it is (none: a fact says it outright)."""
        found = self.place(name)
        return (RETURNED_HOME,) if found is not None and found[1].kind == "returned" else ()

    def leader(self, player: str) -> CardRef | None:
        """A player's leader, if the facts name one; *cannot answer* if they state two."""
        if player in self.doubts:
            raise CannotAnswer(self.doubts[player])
        return self.leaders.get(player)

    def leader_key(self, player: str) -> str | None:
        """The key of a player's leader, if the facts name one (``leader``)."""
        ref = self.leader(player)
        return key(ref) if ref is not None else None

    def name_leader(self, player: str, ref: CardRef, fact: Fact) -> str | None:
        """Take ``ref`` as ``player``'s leader; the key of a leader who leaves play, if any.

        A player has one leader, in play from the setup on (Setup: "after the leader comes into
        play and before any other starting cards"). A leader line of another card than his
        earlier leader line says who he is from that line on: the earlier leader, in play by his
        line alone, leaves play (returned), one stated on a character or in-play line stays.
        Two leaders of his stated otherwise (a leader card beside a leader line, or two leader
        cards) are a situation the rulings never describe, and which is his leader is not known.
        """
        before = self.leaders.get(player)
        if before is None and player not in self.doubts:
            self.leaders[player], self.leader_facts[player] = ref, fact
            return None
        if before is not None and key(before) == key(ref):
            if fact.kind == "leader" or self.leader_facts[player].kind != "leader":
                self.leaders[player], self.leader_facts[player] = ref, fact
            return None
        if before is not None:
            if fact.kind == "leader" and self.leader_facts[player].kind == "leader":
                self.leaders[player], self.leader_facts[player] = ref, fact  # replaced
                return None if key(before) in self.stated else key(before)
            earlier = self.leader_facts[player]
            self.doubts[player] = doubt(player, (before, earlier), (ref, fact))
            del self.leaders[player], self.leader_facts[player]
        return None

    def read(self, fact: Fact) -> list[str]:
        """Read one statement onto the table; the keys of the leaders who leave play with it.

        The one reading of who leads and who a leader line keeps in play: ``read_table``, the
        situation reader and the cards in play (``still_in_play``) all walk the facts through it.
        """
        kind = fact.kind
        if kind in ("character", "in_play"):
            self.stated.update(key(ref) for ref in fact.cards)
        leaving = [
            old
            for ref in stated_leaders(fact)
            if (old := self.name_leader(fact.who or "", ref, fact)) is not None
        ]
        if kind == "leader" and fact.who:
            self.owners[key(fact.cards[0])] = fact.who
        elif kind == "character" and fact.who:
            for ref in fact.cards:
                self.owners[key(ref)] = fact.who
        else:
            self._read_rest(fact)
        return leaving

    def _read_rest(self, fact: Fact) -> None:
        """Read a statement that names no leader: places, readiness, experience, plays, zones."""
        kind = fact.kind
        if kind == "place":
            where = HOME if "home" in str(fact.param("place")) else PARTY
            for ref in fact.cards:
                self.places[key(ref)] = (where, fact)
        elif kind in ("moved_home", "sent_home", "returned"):  # home; returned: comes back home
            for ref in fact.cards:
                self.places[key(ref)] = (HOME, fact)
                if kind == "returned" and key(ref) in self.readiness:  # set or ready: not said
                    self.forgotten[key(ref)] = (self.readiness.pop(key(ref)), fact)
        elif kind == "readiness":
            for ref in fact.cards:
                self.readiness[key(ref)] = (str(fact.param("readiness")), fact)
                self.forgotten.pop(key(ref), None)
        elif kind == "experience":
            named = self.leaders.get(fact.who or "")  # two stated: ``leader`` says so when read
            holder = key(fact.cards[0]) if fact.cards else key(named) if named else None
            if holder is None and fact.who:  # "my leader has 2 experience", the leader not named
                holder = _unnamed_leader(fact.who)
            if holder is not None:
                self.experience[holder] = (int(fact.param("number")), fact)
        elif kind == "x_value":
            self.x_values[key(fact.cards[0])] = (int(fact.param("number")), fact)
        elif kind == "play":
            for ref in fact.cards:
                self.plays.append(Play(key(ref), fact.who, fact))
        elif kind == "plays_as_react":
            self.plays.append(
                Play(key(fact.cards[0]), fact.who, fact, reacts_to=key(fact.cards[1]))
            )
        elif kind == "discards_to":
            for ref in fact.cards[:-1]:
                self.discarded_to[key(ref)] = (key(fact.cards[-1]), fact)
        elif kind == "character_plays":
            by = key(fact.cards[0])
            self.plays.append(Play(key(fact.cards[1]), self.owners.get(by), fact, by=by))
        elif kind == "canceled":
            for ref in fact.cards:
                self.canceled[key(ref)] = fact
        elif kind in ("pile", "hand") and fact.who:  # the shared statements
            for ref in fact.cards:
                self.zones[key(ref)] = (ZONES[kind], fact.who, fact)
        elif kind == "announce":
            self.announced[key(fact.cards[0])] = (fact.who, fact)
        elif kind == "declared":
            for ref in fact.cards:
                if key(ref) in self.announced:
                    who, _ = self.announced.pop(key(ref))
                    self.plays.append(Play(key(ref), who, fact))
        elif kind == "phase":  # the shared "it is the main phase"
            self.step = (f"{str(fact.param('phase')).lower()} phase", fact)
        elif kind == "step":
            self.step = (str(fact.param("step_name")), fact)
        elif kind == "turn" and fact.who:
            self.turn = (fact.who, fact)

    def leader_experience(self, player: str) -> tuple[int, Fact] | None:
        """The experience a player's leader has, named or not, and the fact that says so."""
        leader = self.leader_key(player)
        found = self.experience.get(leader) if leader is not None else None
        return found if found is not None else self.experience.get(_unnamed_leader(player))

    def play_of(self, name: str) -> Play | None:
        """The last play of a card."""
        return next((p for p in reversed(self.plays) if p.card == normalise_name(name)), None)


def _unnamed_leader(player: str) -> str:
    """The key the experience of a leader the facts do not name is kept under."""
    return f"leader of {player}"


def key(ref: CardRef) -> str:
    """A card reference's key."""
    return normalise_name(ref.card.name if ref.card is not None else ref.name)


def stated_leaders(fact: Fact) -> list[CardRef]:
    """The leaders a statement names for its player: a leader line's, or his leader cards in play.

    A leader card stated in play on a player's side (``my character "X"``, ``my "X" is in
    play``) is his leader: a player has one, and it is the character in play first (Setup:
    "after the leader comes into play and before any other starting cards (such as allies)
    come into play"; "At that time, leaders are the only characters in play").
    """
    if not fact.who or not fact.cards:
        return []
    if fact.kind == "leader":
        return [fact.cards[0]]
    if fact.kind in ("character", "in_play"):
        return [r for r in fact.cards if r.card is not None and r.card.type == "leader"]
    return []


def doubt(player: str, first: tuple[CardRef, Fact], second: tuple[CardRef, Fact]) -> str:
    """Why a player's leader is not known: two leaders stated for him, each on its line."""
    whose, his, poss = ("yours", "your", "my") if player == "me" else ("his", "his", "your")
    named = " and ".join(
        f'"{ref.card.name if ref.card is not None else ref.name}" (line {fact.span.line})'
        for ref, fact in (first, second)
    )
    return (
        f"the situation states two leaders of {whose}, {named}, and a player has one leader "
        f'(Setup: "after the leader comes into play"): which is {his} leader is not known (state '
        f'one alone: {poss} leader is "…")'
    )


def read_table(facts: list[Fact]) -> Table:
    """The table the facts establish, read in order (``Table.read``)."""
    table = Table()
    for fact in facts:
        table.read(fact)
    return table
