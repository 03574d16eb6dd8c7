"""The state of a Blue Moon game at one moment: turns, phases, zones and what happened."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import IntEnum, StrEnum
from operator import attrgetter, itemgetter
from types import MappingProxyType
from typing import Any, overload
from weakref import ref

from rulesq.games.bluemoon.judge.cards import CHARACTER_KINDS, CardInfo
from rulesq.games.bluemoon.judge.history import CLOCK, OWN, Remembering, new_epoch, remember
from rulesq.games.bluemoon.judge.work import WORK

ME, YOU = "me", "you"
#: The dragons of a game (rulebook p.10: "all three dragons").
MOST_DRAGONS = 3


def other(who: str) -> str:
    """The other player."""
    return YOU if who == ME else ME


class Step(IntEnum):
    """The phases of a turn, in order (rulebook p.6), with game preparation before them."""

    GAME_PREPARATION = 0
    BEGINNING_OF_TURN = 1
    LEADERSHIP = 2
    RETREAT_FROM_FIGHT = 3
    CHARACTER = 4
    BOOSTER_SUPPORT = 5
    ANNOUNCE_POWER = 6
    REFRESH_HAND = 7
    END_OF_TURN = 8

    @property
    def title(self) -> str:
        """The phase as the rulebook names it."""
        return PHASE_TITLES[self]

    @classmethod
    def named(cls, text: str) -> Step | None:
        """The phase a situation names (``Booster/Support``, ``Refresh``), or None."""
        known = _NAMED.get(text)
        if known is None:
            key = " ".join(text.lower().replace("?", "").split())
            if len(_NAMED) >= 1024:  # bounded: cleared when full
                _NAMED.clear()
            known = _NAMED[text] = (PHASE_NAMES.get(key),)
        return known[0]


#: The phase each text names, found once per text (a phase a situation names again).
_NAMED: dict[str, tuple[Step | None]] = {}

PHASE_TITLES = {
    Step.GAME_PREPARATION: "Game Preparation",
    Step.BEGINNING_OF_TURN: "Beginning of Turn",
    Step.LEADERSHIP: "Leadership",
    Step.RETREAT_FROM_FIGHT: "Retreat from Fight?",
    Step.CHARACTER: "Character",
    Step.BOOSTER_SUPPORT: "Booster/Support",
    Step.ANNOUNCE_POWER: "Announce Power",
    Step.REFRESH_HAND: "Refresh Hand",
    Step.END_OF_TURN: "End of Turn",
}
PHASE_NAMES = {
    "game preparation": Step.GAME_PREPARATION,
    "beginning of turn": Step.BEGINNING_OF_TURN,
    "beginning of the turn": Step.BEGINNING_OF_TURN,
    "leadership": Step.LEADERSHIP,
    "retreat from fight": Step.RETREAT_FROM_FIGHT,
    "retreat": Step.RETREAT_FROM_FIGHT,
    "character": Step.CHARACTER,
    "booster/support": Step.BOOSTER_SUPPORT,
    "booster / support": Step.BOOSTER_SUPPORT,
    "announce power": Step.ANNOUNCE_POWER,
    "refresh hand": Step.REFRESH_HAND,
    "refresh": Step.REFRESH_HAND,
    "end of turn": Step.END_OF_TURN,
}


class Zone(StrEnum):
    """Where a card is."""

    HAND = "hand"
    DECK = "draw deck"
    COMBAT = "combat area"
    SUPPORT = "support area"
    INFLUENCE = "influence area"
    LANDED = "landed"
    CARGO = "on a ship"
    LEADERSHIP = "played this turn"  # a leadership card in play for the turn
    INQUISITOR = "inquisitor"
    LEADER = "leader"  # leadership cards discarded onto the leader
    ACHIEVEMENT = "achievement area"
    DISCARD = "discard pile"
    GONE = "resolved"  # an interference card once applied


#: Zones whose cards are in play (and active unless covered).
IN_PLAY = frozenset(
    {
        Zone.COMBAT,
        Zone.SUPPORT,
        Zone.INFLUENCE,
        Zone.LANDED,
        Zone.LEADERSHIP,
        Zone.INQUISITOR,
        Zone.ACHIEVEMENT,
    }
)


@dataclass(eq=False)
class Instance(Remembering):
    """One physical card of the situation: whose it is, where it is and how it got there."""

    uid: int
    info: CardInfo
    owner: str
    zone: Zone
    active: bool = False
    #: The turn (number) on which it came into play; 0 before the situation's first turn.
    turn: int = 0
    seq: int = 0
    face_down: bool = False  # a bluff card
    played: bool = False  # played during the situation (not just "active")
    source: str = "hand"  # where it was played from: hand, ship, deck
    cancelled: bool = False
    as_if: frozenset[str] = frozenset()  # icons it was played as if it had (FREE, …)
    used_gang: bool = False
    ship: Instance | None = None  # the ship a loaded card is on
    landed_turn: int | None = None  # ships: the turn they were landed
    in_hand_since: int | None = None  # seq when it was taken into hand

    def __post_init__(self) -> None:
        self.start_history()

    def __setattr__(self, name: str, value: Any) -> None:
        fields = self.__dict__
        if "_saved" not in fields:  # being made: nothing to remember or to watch yet
            fields[name] = value
            return
        if name == "zone":
            watching = fields.get("_watcher")
            watcher = None if watching is None else watching()
            if watcher is not None:
                watcher.moved(self, value)
        remember(fields)
        fields[name] = value

    def change(self, **changes: Any) -> None:
        """Set several fields at once, as setting each in turn would (saved once, moves watched)."""
        fields = self.__dict__
        if "_saved" in fields:
            zone = changes.get("zone")
            if zone is not None:
                watching = fields.get("_watcher")
                watcher = None if watching is None else watching()
                if watcher is not None:
                    watcher.moved(self, zone)
            remember(fields)
        fields.update(changes)

    @property
    def name(self) -> str:
        """The card's name."""
        return self.info.name

    @property
    def in_play(self) -> bool:
        """Whether the card is in play (an area, the influence area, a landed ship …)."""
        return self.zone in IN_PLAY

    @property
    def is_character(self) -> bool:
        """A character card (mutants included), not a face-down bluff card."""
        return self.info.kind in CHARACTER_KINDS and not self.face_down

    def __repr__(self) -> str:
        state = "active" if self.active else "inactive"
        return f"<{self.owner} {self.name!r} {self.zone.value} {state}>"


@dataclass
class Event(Remembering):
    """Something that happened: a fact of the situation, at a turn and a phase.

    Its data is replaced, never changed in place, so that a mark remembers it.
    """

    kind: str
    who: str | None
    turn: int
    phase: Step | None
    seq: int
    cards: tuple[Instance, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    line: int | None = None
    text: str = ""

    def __post_init__(self) -> None:
        self.start_history()


def _defaults(cls: type) -> dict[str, Any]:
    """The fields of a dataclass in order, each with its default (required ones left out)."""
    return {f.name: f.default for f in fields(cls) if f.default is not MISSING}


#: Every field of a card, in order, with its default (the required ones come first, unset).
_CARD_FIELDS = {"uid": None, "info": None, "owner": None, "zone": None, **_defaults(Instance)}


def new_instance(uid: int, info: CardInfo, owner: str, zone: Zone, **given: Any) -> Instance:
    """``Instance(uid, info, owner, zone, **given)``, made without a call per field set."""
    card: Instance = object.__new__(Instance)
    made = card.__dict__
    made.update(_CARD_FIELDS)
    made.update(uid=uid, info=info, owner=owner, zone=zone)
    made.update(given)
    made["_history"] = []
    made["_saved"] = CLOCK[0]  # as ``start_history`` sets them
    return card


def new_event(
    kind: str,
    who: str | None,
    turn: int,
    phase: Step | None,
    seq: int,
    cards: tuple[Instance, ...] = (),
    data: dict[str, Any] | None = None,
    line: int | None = None,
    text: str = "",
) -> Event:
    """``Event(kind, who, turn, phase, seq, …)``, its fields set at once (not one call each)."""
    event: Event = object.__new__(Event)
    fields: dict[str, Any] = {
        "kind": kind,
        "who": who,
        "turn": turn,
        "phase": phase,
        "seq": seq,
        "cards": cards,
        "data": {} if data is None else data,
        "line": line,
        "text": text,
        "_history": [],
        "_saved": CLOCK[0],  # as ``start_history`` sets them
    }
    object.__setattr__(event, "__dict__", fields)
    return event


#: No area count stated (a player's ``area_counts`` before any).
NO_COUNTS: Mapping[str, int] = MappingProxyType({})
#: No shield stated (a state's ``stated_shields`` before any).
NO_SHIELDS: Mapping[str, frozenset[str]] = MappingProxyType({})


def counts_with(counts: Mapping[str, int], area: str, count: int) -> Mapping[str, int]:
    """``counts`` with the count of ``area`` set: a new mapping (never changed in place)."""
    return MappingProxyType({**counts, area: count})


@dataclass
class Player:
    """One player's side: counts the situation states and the game-level facts.

    Its containers are never changed in place, but replaced (frozen sets, a tuple, a read-only
    mapping): a mark or a loan of the state (``rulesq.games.bluemoon.judge.lending``) keeps
    them as they are, without a copy.
    """

    who: str
    hand_count: int | None = None
    hand_exact: bool = False  # the known cards are the whole hand
    hand_lacks: frozenset[str] = frozenset()
    deck_count: int | None = None
    #: At least and at most this many cards in the draw deck, its count lost: a refresh drew
    #: from it as many cards as an unstated hand lacked of six, up to six (None: no bound).
    deck_least: int = 0
    deck_most: int | None = None
    #: The cards the situation says the discard pile holds (None: unstated), the pile's known
    #: cards then (by uid, counted in it), and whether unnamed cards may have joined it since.
    pile_count: int | None = None
    pile_cards: frozenset[int] = frozenset()
    pile_unsure: bool = False
    dragons: int | None = None
    #: The dragons the situation names on this side, by colour ("the red dragon").
    named_dragons: frozenset[str] = frozenset()
    area_counts: Mapping[str, int] = field(default_factory=lambda: NO_COUNTS)
    #: The areas the situation says hold no card it does not name ("combat area", "support
    #: area", "combat and support areas"): their counts are the named cards'.
    areas_whole: frozenset[str] = frozenset()
    #: Whether an ``X have active "A", …`` statement lists cards of his combat or support area:
    #: the list is read as his active cards there (open_areas.read_as_named).
    active_listed: bool = False
    unknown_bluffs: int = 0
    announced: int | None = None
    announced_turn: int | None = None
    retreated: bool = False
    declined: bool = False
    due_to_start: bool = False
    ran_out: int | None = None  # seq of the last time the player ran out of cards
    out_of_cards: bool = False  # no card in hand nor in the draw deck, now
    holds_cards: bool = False  # stated to hold cards now ("you have not run out of cards")
    hand_seq: int | None = None  # seq of the last statement of the hand (size or cards)
    dragons_seq: int | None = None  # seq of the last statement of the dragons on his side
    deck_people: str | None = None
    leader: CardInfo | None = None
    inquisitor: Instance | None = None
    deck: tuple[tuple[CardInfo, int], ...] = ()


#: Every field of a player, in order, with its default (its containers are never changed).
_PLAYER_FIELDS = {f.name: None if f.default is MISSING else f.default for f in fields(Player)}


def new_player(who: str) -> Player:
    """``Player(who)``, made without a call per field set (a state starts with two)."""
    made: Player = object.__new__(Player)
    made.__dict__.update(_PLAYER_FIELDS, who=who, area_counts=NO_COUNTS)
    return made


@dataclass
class State:
    """The whole game at one moment of a situation's timeline."""

    element: str | None = None
    players: dict[str, Player] = field(
        default_factory=lambda: {ME: new_player(ME), YOU: new_player(YOU)}
    )
    cards: list[Instance] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    turn_owner: str | None = None
    turn: int = 0
    phase: Step | None = None
    turn_over: bool = False
    fight_over: bool = False
    seq: int = 0
    #: Whether a rule read the phase of a turn whose phase no statement gives (a default).
    phase_defaulted: bool = field(default=False, compare=False)
    #: The card whose play brought the turn to its phase, no phase stated since (the rules
    #: say a card is played in its phase, not that the turn stays there): None when a
    #: statement gave the phase.
    phase_played: str | None = field(default=None, compare=False)
    #: Whether a rule read the phase while a play gave it (``phase_played``): shown then.
    phase_play_read: bool = field(default=False, compare=False)
    #: The state just before each play (by the play event's sequence number): interference
    #: cards answer a play, so their texts are read as things stood before it.
    snapshots: Snapshots = field(default_factory=lambda: Snapshots(), repr=False)
    first_turn_of: int | None = None
    #: Shields the situation states on cards ("X" has an earth shield), by card key (never
    #: changed in place: replaced, as ``assumed`` is).
    stated_shields: Mapping[str, frozenset[str]] = field(default_factory=lambda: NO_SHIELDS)
    #: The defaults the timeline took where the situation is silent (whose turn it is).
    assumed: tuple[str, ...] = ()
    _index: CardIndex | None = field(default=None, repr=False, compare=False)

    def index(self) -> CardIndex:
        """The cards grouped by what never changes about them (kept up to date)."""
        if self._index is None or self._index.cards is not self.cards:
            self._index = CardIndex(self.cards)
        return self._index

    def snapshot(self) -> State:
        """A deep copy of the state (without the earlier snapshots)."""
        saved, self.snapshots = self.snapshots, Snapshots()
        try:
            return self.fork()
        finally:
            self.snapshots = saved

    def fork(self) -> State:
        """An independent copy of this moment, for a question that may change it.

        Unlike ``snapshot`` it is not a generic deep copy: cards, events and players are copied
        field by field (what they hold that never changes is shared, as a fresh reading of the
        facts would share it). The earlier moments stay marks of the original objects, whose
        history keeps them as they were.
        """
        forked: State = fork_value(self, {})
        return forked

    def mark(self) -> Mark:
        """This moment, kept cheaply: ``Snapshots`` rebuilds the state from it when asked.

        The cards list is only appended to or replaced, never changed in place, so its
        length now is enough to find it again.
        """
        players = {who: _player_now(p) for who, p in self.players.items()}
        fields = self.__dict__
        scalars = dict(zip(_SCALARS, _scalars_of(fields), strict=True))
        scalars["stated_shields"] = self.stated_shields  # (replaced, never changed in place)
        scalars["assumed"] = self.assumed
        made = object.__new__(Mark)  # without the frozen class's __init__ (a call a field)
        made.__dict__.update(
            epoch=new_epoch(),
            cards=self.cards,
            card_count=len(self.cards),
            events=self.events,
            event_count=len(self.events),
            players=players,
            scalars=scalars,
        )
        return made

    @property
    def is_first_turn(self) -> bool:
        """Whether the current turn is the first turn of the fight."""
        return self.first_turn_of is not None and self.first_turn_of == self.turn

    def next_seq(self) -> int:
        """A fresh, increasing sequence number."""
        self.seq += 1
        return self.seq

    def player(self, who: str) -> Player:
        """A player's side."""
        return self.players[who]

    # ------------------------------------------------------------------ cards
    def shields(self, card: Instance) -> frozenset[str]:
        """The elements of a card's shields (printed, or stated by the situation)."""
        return card.info.shields | self.stated_shields.get(card.info.key, frozenset())

    def owned(
        self,
        who: str | None = None,
        zones: frozenset[Zone] | None = None,
        active: bool | None = None,
    ) -> list[Instance]:
        """Cards of a player (or both) in some zones, optionally only (in)active ones."""
        WORK.cards += len(self.cards)
        return [
            c
            for c in self.cards
            if (who is None or c.owner == who)
            and (zones is None or c.zone in zones)
            and (active is None or c.active == active)
        ]

    def in_play(self, who: str | None = None) -> list[Instance]:
        """Cards in play (active or not)."""
        return self.owned(who, IN_PLAY)

    def active(self, who: str | None = None) -> list[Instance]:
        """Active cards in play."""
        return [c for c in self.in_play(who) if c.active]

    def hand(self, who: str) -> list[Instance]:
        """The cards known to be in a player's hand."""
        return self.owned(who, frozenset({Zone.HAND}))

    def find(
        self, name: str, who: str | None = None, zones: frozenset[Zone] | None = None
    ) -> Instance | None:
        """The most recent card of that name (of a player, in some zones), or None."""
        key = _FOLDED.get(name)
        if key is None:
            if len(_FOLDED) >= _FOLDED_KEPT:
                _FOLDED.clear()
            key = _FOLDED[name] = " ".join(name.replace("\u2019", "'").casefold().split())
        if zones is None:
            found = self.named(key) if who is None else self.named(key, who)
        else:
            found = self.index().placed(key, (ME, YOU) if who is None else (who,), zones)
        if len(found) < 2:
            return found[0] if found else None
        return max(found, key=_seq)

    def named(self, key: str, who: str | None = None) -> list[Instance]:
        """The cards (of a player) whose folded name is ``key``, in the state's order."""
        if who is None:
            return self.index().group("key", _keys).get(key, [])
        return self.index().group("key and owner", _owned_keys).get((key, who), [])

    def hand_size(self, who: str) -> int | None:
        """How many cards a player holds, when the situation says or the hand is known."""
        player = self.player(who)
        if player.hand_count is not None:
            return player.hand_count
        if player.hand_exact:
            return len(self.hand(who))
        return None

    # ------------------------------------------------------------------ time
    def events_of(
        self, kind: str | None = None, who: str | None = None, this_turn: bool = False
    ) -> Iterator[Event]:
        """The events of a kind (of a player), optionally only those of the current turn."""
        for event in self.events:
            WORK.events += 1
            if kind is not None and event.kind != kind:
                continue
            if who is not None and event.who != who:
                continue
            if this_turn and event.turn != self.turn:
                continue
            yield event

    def fight_events(self, kind: str | None = None, who: str | None = None) -> list[Event]:
        """The events of the current fight (after the last new fight began), in order."""
        # One pass over the events (counted as the two looks it stands for: its kind's, and
        # the fight's starts).
        events = self.events
        WORK.events += 2 * len(events)
        start = None
        for event in events:
            if event.kind == "fight_starts":
                start = event.seq
        return [
            e
            for e in events
            if (kind is None or e.kind == kind)
            and (who is None or e.who == who)
            and (start is None or e.seq > start)
        ]

    def played_this_turn(self, who: str) -> list[Instance]:
        """The cards a player played on the current turn, in order (cancelled ones too)."""
        return [
            card for event in self.events_of("play", who, this_turn=True) for card in event.cards
        ]

    def is_turn_of(self, who: str) -> bool:
        """Whether it is this player's turn (and the turn is not over)."""
        return self.turn_owner == who and not self.turn_over

    @property
    def current_phase(self) -> Step:
        """The phase now; a turn whose phase is not stated starts at its beginning."""
        if self.phase is not None:
            if self.phase_played is not None:
                self.phase_play_read = True
            return self.phase
        if self.turn_owner:
            self.phase_defaulted = True
            return Step.BEGINNING_OF_TURN
        return Step.GAME_PREPARATION

    def set_phase(self, step: Step | None, played: str | None = None) -> None:
        """The turn reaches ``step``: stated (``played`` None), or by the play of that card."""
        self.phase = step
        if played != self.phase_played:
            self.phase_played = played
            self.phase_play_read = False


#: Names as ``State.find`` folds them, folded once per name (bounded: cleared when full).
_FOLDED: dict[str, str] = {}
_FOLDED_KEPT = 4096


_seq = attrgetter("seq")


def _keys(card: Instance) -> list[str]:
    return [card.info.key]


def _owned_keys(card: Instance) -> list[tuple[str, str]]:
    return [(card.info.key, card.owner)]


class CardIndex:
    """Cards grouped by what never changes for a card (its name, the kinds of its effects).

    Groups are extended as cards are added, so finding cards costs no scan of them all.
    A state's cards list is only appended to or replaced, so a group is valid up to the
    length it has reached.
    """

    def __init__(self, cards: list[Instance]) -> None:
        self.cards = cards
        self._groups: dict[str, tuple[list[int], dict[Hashable, list[Instance]]]] = {}
        #: Cards by name, owner and zone (kept as cards move), with their place in ``cards``.
        self._placed: dict[tuple[str, str, Zone], dict[int, Instance]] = {}
        self._order: dict[int, int] = {}

    def _watch(self) -> None:
        if len(self._order) == len(self.cards):
            return
        watcher = ref(self)  # the cards do not keep their index alive: no cycle through it
        for at in range(len(self._order), len(self.cards)):
            card = self.cards[at]
            self._order[id(card)] = at
            card.__dict__["_watcher"] = watcher
            self._placed.setdefault((card.info.key, card.owner, card.zone), {})[id(card)] = card

    def moved(self, card: Instance, zone: Zone) -> None:
        """A card this index watches goes to another zone."""
        if id(card) not in self._order:
            return
        self._placed.get((card.info.key, card.owner, card.zone), {}).pop(id(card), None)
        self._placed.setdefault((card.info.key, card.owner, zone), {})[id(card)] = card

    def placed(self, key: str, owners: Iterable[str], zones: Iterable[Zone]) -> list[Instance]:
        """The cards named ``key`` of these owners in these zones, in the order of ``cards``."""
        self._watch()
        found = [
            card
            for who in owners
            for zone in zones
            for card in self._placed.get((key, who, zone), {}).values()
        ]
        if len(found) > 1:
            found.sort(key=lambda card: self._order[id(card)])
        return found

    def group(
        self, name: str, keys: Callable[[Instance], Iterable[Hashable]]
    ) -> dict[Hashable, list[Instance]]:
        """The cards by each key ``keys`` gives them (``name`` names the grouping)."""
        entry = self._groups.get(name)
        if entry is None:
            entry = self._groups[name] = ([0], {})
        done, found = entry
        if done[0] == len(self.cards):
            return found
        WORK.cards += len(self.cards) - done[0]
        for card in self.cards[done[0] :]:
            for key in keys(card):
                found.setdefault(key, []).append(card)
        done[0] = len(self.cards)
        return found


#: The fields of a state a mark copies as they are (the others are rebuilt).
_SCALARS = (
    "element",
    "turn_owner",
    "turn",
    "phase",
    "turn_over",
    "fight_over",
    "seq",
    "first_turn_of",
)
_scalars_of = itemgetter(*_SCALARS)


def pile_size(state: State, who: str) -> tuple[int, bool]:
    """How many cards a player's discard pile holds at least, and whether that is all of them.

    A stated size follows the known cards moved onto the pile or off it since; with none
    stated, the pile holds at least the cards the situation places there.
    """
    player = state.player(who)
    now = {c.uid for c in state.owned(who, _PILE)}
    if player.pile_count is None:
        return len(now), False
    size = player.pile_count + len(now - player.pile_cards) - len(player.pile_cards - now)
    return max(size, len(now)), not player.pile_unsure


_PILE = frozenset({Zone.DISCARD})


def _player_now(player: Player) -> Player:
    """A copy of a player's side (its containers, never changed in place, shared)."""
    out = object.__new__(Player)
    out.__dict__.update(player.__dict__)
    return out


#: Every field of a state, in order, with its default (the containers are made anew for each).
_STATE_FIELDS = {f.name: None if f.default is MISSING else f.default for f in fields(State)}


def new_state() -> State:
    """``State()``, made without a call per field set (a timeline starts with one)."""
    made: State = object.__new__(State)
    made.__dict__.update(
        _STATE_FIELDS,
        players={ME: new_player(ME), YOU: new_player(YOU)},
        cards=[],
        events=[],
        snapshots=Snapshots(),
        stated_shields=NO_SHIELDS,
    )
    return made


#: Values a fork shares: they never change (cards' infos, effects and enums are shared too).
_ATOMIC: frozenset[type] = frozenset({str, int, bool, float, type(None), Zone, Step})
#: Containers a fork copies empty at once when they are empty (a state holds many).
_EMPTIED: frozenset[type] = frozenset({list, dict, set})


def fork_value(value: Any, memo: dict[int, Any], epoch: int | None = None) -> Any:
    """A copy of ``value`` for ``State.fork``: each mutable object of a state copied once.

    ``memo`` maps the objects copied so far to their copies (one memo: one consistent copy);
    with ``epoch``, cards and events are copied as they were at the mark of that epoch.
    Card infos, effects, marks and the situation are shared: never changed once made.
    """
    kind = type(value)
    if kind in _ATOMIC:
        return value
    known = memo.get(id(value))
    if known is not None:
        return known
    return _forked_one(value, kind, memo, epoch)


def _forked_items(
    values: Iterable[Any], memo: dict[int, Any], epoch: int | None
) -> tuple[list[Any], bool]:
    """Each value of a container forked, and whether any is a copy (``fork_value`` inlined)."""
    out = []
    changed = False
    for value in values:
        kind = type(value)
        if kind not in _ATOMIC:
            known = memo.get(id(value))
            if known is None:
                forker = _FORKERS.get(kind)
                if forker is None:
                    known = value
                elif kind in _EMPTIED and not value:
                    known = _forked_empty(value, kind, memo)
                else:
                    known = forker(value, memo, epoch)
            if known is not value:
                value = known
                changed = True
        out.append(value)
    return out, changed


def _forked_one(value: Any, kind: type, memo: dict[int, Any], epoch: int | None) -> Any:
    """``fork_value`` of a value neither atomic nor in the memo."""
    forker = _FORKERS.get(kind)
    if forker is None:
        return value
    if kind in _EMPTIED and not value:
        return _forked_empty(value, kind, memo)
    return forker(value, memo, epoch)


def _forked_empty(value: Any, kind: type, memo: dict[int, Any]) -> Any:
    """An empty list, dict or set copied as its forker copies it, with no items to go through.

    A list or a dict is noted in the memo, a set is not (as their forkers do).
    """
    copied = kind()
    if kind is not set:
        memo[id(value)] = copied
    return copied


def _fork_tuple(value: tuple[Any, ...], memo: dict[int, Any], epoch: int | None) -> Any:
    items, changed = _forked_items(value, memo, epoch)
    return tuple(items) if changed else value  # immutable: shared when nothing in it is copied


def _fork_list(value: list[Any], memo: dict[int, Any], epoch: int | None) -> Any:
    out: list[Any] = []
    memo[id(value)] = out
    out.extend(_forked_items(value, memo, epoch)[0])
    return out


def _fork_dict(value: dict[Any, Any], memo: dict[int, Any], epoch: int | None) -> Any:
    copied: dict[Any, Any] = {}
    memo[id(value)] = copied
    copied.update(zip(value, _forked_items(value.values(), memo, epoch)[0], strict=True))
    return copied


def _fork_set(value: set[Any] | frozenset[Any], memo: dict[int, Any], epoch: int | None) -> Any:
    items, changed = _forked_items(value, memo, epoch)
    if not changed and type(value) is frozenset:
        return value  # immutable: shared when nothing in it is copied
    return type(value)(items)


def _fork_snapshots(value: Snapshots, memo: dict[int, Any], epoch: int | None) -> Any:
    moments = Snapshots()
    memo[id(value)] = moments
    moments._marks.update(value._marks)  # a mark never changes: shared
    for seq, built in value._built.items():  # a state made from one may have: copied
        moments._built[seq] = fork_value(built, {}, epoch)
    return moments


def _fork_card(card: Instance, memo: dict[int, Any], epoch: int | None) -> Instance:
    new = object.__new__(Instance)
    memo[id(card)] = new
    fields = new.__dict__
    fields.update(card.__dict__ if epoch is None else card.fields_at(epoch))
    for name in OWN:
        fields.pop(name, None)
    ship = fields.get("ship")
    if ship is not None:
        fields["ship"] = fork_value(ship, memo, epoch)
    kinds = card.__dict__.get("_kinds")
    if kinds is not None:
        fields["_kinds"] = kinds  # the classes of its effects: the card's text, shared
    fields["_history"] = []  # as ``start_history`` sets them
    fields["_saved"] = CLOCK[0]
    return new


def _fork_event(event: Event, memo: dict[int, Any], epoch: int | None) -> Event:
    new = object.__new__(Event)
    memo[id(event)] = new
    fields = new.__dict__
    fields.update(event.__dict__ if epoch is None else event.fields_at(epoch))
    fields.pop("_saved", None)
    fields.pop("_history", None)
    cards = fields["cards"]
    if cards:
        # its cards are the state's, most often copied already: looked up in the memo at once
        copies = [memo.get(id(card)) for card in cards]
        if None in copies:
            copies = _forked_items(cards, memo, epoch)[0]
        fields["cards"] = tuple(copies)
    data = fields["data"]
    if data:
        # An event's data is replaced, never changed in place: shared unless it holds cards.
        items, changed = _forked_items(data.values(), memo, epoch)
        if changed:
            fields["data"] = dict(zip(data, items, strict=True))
    fields["_history"] = []  # as ``start_history`` sets them
    fields["_saved"] = CLOCK[0]
    return new


def _fork_fields(value: Any, memo: dict[int, Any], epoch: int | None) -> Any:
    new = object.__new__(type(value))
    memo[id(value)] = new
    fields = new.__dict__
    for name, item in value.__dict__.items():
        kind = type(item)
        if kind in _ATOMIC:
            fields[name] = item
        elif name == "_index":
            fields[name] = None  # rebuilt for the copy's own cards when first asked
        else:
            known = memo.get(id(item))
            if known is None:
                forker = _FORKERS.get(kind)
                if forker is None:
                    known = item
                elif kind in _EMPTIED and not item:
                    known = _forked_empty(item, kind, memo)
                else:
                    known = forker(item, memo, epoch)
            fields[name] = known
    return new


#: A class's field names, and those that may hold a mutable value (:func:`_field_plan`).
Plan = tuple[frozenset[str], tuple[str, ...]]
#: The declared types of a field that hold no mutable value (``_fork_fields`` shares them).
_PLAIN_TYPES = frozenset({"int", "str", "bool", "None", "Step"})


def _field_plan(cls: type) -> Plan:
    """A class's field names, and those whose declared type may hold a mutable value.

    The others are declared numbers, words, flags, phases or None: a fork shares them.
    """
    names = frozenset(f.name for f in fields(cls))
    mutable = tuple(
        f.name
        for f in fields(cls)
        if not set(str(f.type).replace(" ", "").split("|")) <= _PLAIN_TYPES
    )
    return names, mutable


_PLAYER_PLAN = _field_plan(Player)
_STATE_PLAN = _field_plan(State)


def _fork_planned(value: Any, memo: dict[int, Any], epoch: int | None, plan: Plan) -> Any:
    """``_fork_fields`` of a player or a state, through its fields that may hold a mutable value.

    A state's forks went through about thirty fields each, most of them numbers. One with a
    field its class does not declare is forked the long way.
    """
    old = value.__dict__
    names, mutable = plan
    if old.keys() != names:
        return _fork_fields(value, memo, epoch)
    new = object.__new__(type(value))
    memo[id(value)] = new
    fields = new.__dict__
    fields.update(old)
    for name in mutable:
        item = old[name]
        kind = type(item)
        if kind in _ATOMIC:
            continue
        if name == "_index":
            fields[name] = None  # rebuilt for the copy's own cards when first asked
            continue
        known = memo.get(id(item))
        fields[name] = known if known is not None else _forked_one(item, kind, memo, epoch)
    return new


def _fork_player(value: Player, memo: dict[int, Any], epoch: int | None) -> Any:
    return _fork_planned(value, memo, epoch, _PLAYER_PLAN)


def _fork_state(value: State, memo: dict[int, Any], epoch: int | None) -> Any:
    return _fork_planned(value, memo, epoch, _STATE_PLAN)


#: How ``fork_value`` copies each kind of mutable value a state holds.
_FORKERS: dict[type, Callable[[Any, dict[int, Any], int | None], Any]] = {
    Instance: _fork_card,
    Event: _fork_event,
    tuple: _fork_tuple,
    list: _fork_list,
    dict: _fork_dict,
    set: _fork_set,
    frozenset: _fork_set,
    Player: _fork_player,
    State: _fork_state,
}


@dataclass(frozen=True)
class Mark:
    """A moment of a state, taken in constant time (see ``rulesq...judge.history``)."""

    epoch: int
    cards: list[Instance]
    card_count: int
    events: list[Event]
    event_count: int
    players: dict[str, Player]
    scalars: dict[str, Any]

    def state(self) -> State:
        """The state as it was at this mark (a new, independent copy)."""
        memo: dict[int, Any] = {}
        epoch = self.epoch
        # both slices live until both are copied: the memo goes by the objects' ids
        were = self.cards[: self.card_count], self.events[: self.event_count]
        cards = fork_value(were[0], memo, epoch)
        events = fork_value(were[1], memo, epoch)
        players = fork_value(self.players, memo, epoch)
        scalars = fork_value(self.scalars, memo, epoch)
        return State(players=players, cards=cards, events=events, **scalars)


class Snapshots:
    """Earlier moments of a state by event sequence number, rebuilt from marks when read."""

    def __init__(self) -> None:
        self._marks: dict[int, Mark] = {}
        #: The states made from the marks read, each made once (read again: the same state).
        self._built: dict[int, State] = {}

    def __setitem__(self, seq: int, moment: Mark) -> None:
        self._marks[seq] = moment
        self._built.pop(seq, None)

    def __getitem__(self, seq: int) -> State:
        built = self._built.get(seq)
        if built is None:
            built = self._built[seq] = self._marks[seq].state()
        return built

    @overload
    def get(self, seq: int) -> State | None: ...
    @overload
    def get(self, seq: int, default: State) -> State: ...

    def get(self, seq: int, default: State | None = None) -> State | None:
        """The state at ``seq``, or ``default``."""
        return self[seq] if seq in self._marks else default

    def __contains__(self, seq: object) -> bool:
        return seq in self._marks

    def __iter__(self) -> Iterator[int]:
        return iter(self._marks)

    def __len__(self) -> int:
        return len(self._marks)


_FORKERS[Snapshots] = _fork_snapshots


def hand_current(state: State, who: str) -> bool:
    """Whether what the situation said of the hand still holds.

    Whether what the situation said of the player's hand still holds: said on the current turn, or
    before any turn (of the first turn stated), or his draw deck is empty (a refresh draws
    nothing).
    """
    player = state.player(who)
    if player.hand_seq is None:
        return False
    if player.deck_count == 0:
        return True
    turns = [e.seq for e in state.events_of("turn")]
    later = sum(1 for seq in turns if seq > player.hand_seq)
    # Stated before any turn, it is the hand of the first turn stated: nothing between them
    # (no phase of a turn, no end of a fight) changes a hand.
    return later == 0 or (later == 1 and len(turns) == 1)


def state_after(state: State, event: Event) -> State:
    """The state just after an event: the snapshot before the next play, or now."""
    later = sorted(seq for seq in state.snapshots if seq > event.seq)
    return state.snapshots[later[0]] if later else state
