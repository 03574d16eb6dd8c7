"""The Warhammer board a situation describes: capitals, zones, cards in play, the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer.turns import ended
from rulesq.games.warhammer.vocab import Zone

if TYPE_CHECKING:
    from collections.abc import Iterator

    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.claims import Ruling
    from rulesq.situation.model import CardRef, Fact

#: What a card that acted this turn did (:meth:`Board.acted_this_turn`), as an answer says it.
PLAYED_THIS_TURN = "was played this turn"
TRIGGERED_THIS_TURN = "was triggered this turn"

#: The phases of a turn, 0 to 5 (the FAQ's Updated Turn Sequence Diagram), by number.
PHASES = ("beginning", "kingdom", "quest", "capital", "battlefield", "end")
#: The words a situation may write for each phase ("phase 3", "phase capital phase").
PHASE_WORDS = {
    **{str(n): n for n in range(len(PHASES))},
    **{name: n for n, name in enumerate(PHASES)},
    "beginning of the turn": 0,
    "end of the turn": 5,
}
PHASE_CLAUSE = "warhammer/faq/turn-sequence/phase-{n}"


@dataclass
class InPlay:
    """A card in play: where, whose, its damage, resource tokens and state."""

    ref: CardRef
    card: Card | None
    owner: str
    zone: Zone | None
    fact: Fact
    damage: int = 0
    tokens: int = 0
    corrupted: bool = False
    facedown: bool = False
    legend: bool = False
    attached_to: InPlay | None = None
    questing_on: InPlay | None = None
    #: The player who played an attachment, when the situation says (he controls it).
    played_by: str | None = None
    #: Whether the situation states the card entering play (developed from the hand, or
    #: "X enters play"): a new card, with no damage or resource tokens on it unless stated.
    entered: bool = False

    @property
    def name(self) -> str:
        """The card's name."""
        return self.card.name if self.card is not None else self.ref.name

    @property
    def shown_text(self) -> str | None:
        """The card's text in force while it is faceup (a development shows none), else None."""
        if self.card is None or not self.card.text or self.facedown:
            return None
        return self.card.text


@dataclass
class Capital:
    """A player's capital and play area: the three zones, the pool and the hand."""

    burning: dict[Zone, Fact] = field(default_factory=dict)
    developments: dict[Zone, int] = field(default_factory=dict)
    #: The pool: as stated, then (``pool.settle``) less what is paid after the statement.
    resources: int | None = None
    resources_fact: Fact | None = None
    #: How the pool left was reached, or why it is not known (a payment not followed).
    pool_note: str = ""
    pool_gap: str = ""
    #: The most the pool may hold when only the least of a payment after it is known.
    pool_most: int | None = None
    #: The least the pool may hold when a payment may have been made beside it (a card
    #: letting its player spend damage or tokens as resources), and how many of those were
    #: spent, least and most.
    pool_least: int | None = None
    beside_spent: tuple[int, int] = (0, 0)
    #: The damage spent as resources off each card (by the card's id), least and most.
    damage_spent: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: The cards (by id) whose damage may have been spent only if it was their controller's
    #: capital phase, which the situation does not say.
    spent_if_capital: set[int] = field(default_factory=set)
    #: The cards (by id) whose damage may have paid a play between the pool line and the
    #: first question after it: the pool stated is what the play left, not how it was paid.
    spent_before_read: set[int] = field(default_factory=set)
    #: The pool just before a link paid after the pool was read (by the link's id).
    pool_before: dict[int, int] = field(default_factory=dict)
    #: The links paid after the pool was read (by id): a link before it is paid in the pool.
    paid_after: set[int] = field(default_factory=set)
    settled: bool = False
    played: list[tuple[Card | None, Fact]] = field(default_factory=list)
    #: Damage already on each zone (its section of the capital).
    damage: dict[Zone, int] = field(default_factory=dict)
    #: Why a development count stated before is no longer known (an effect it cannot follow).
    unsure: dict[Zone, str] = field(default_factory=dict)
    #: The loyalty icons the capital shows, all of them, by race, as stated (None: not
    #: stated); a race not in it shows none.
    icons: dict[str, int] | None = None

    def pool_unknown(self) -> str:
        """Why the pool is not known: not stated, or a payment after it not followed."""
        return self.pool_gap or "the situation does not say how many resources the player has"

    def pool_shown(self) -> str:
        """How the pool was reached when paid from, as an answer says it after the count."""
        return f" ({self.pool_note})" if self.pool_note else ""


@dataclass(frozen=True)
class Assigned:
    """Damage assigned to a card in play or to a zone of a capital, not yet applied."""

    amount: int
    fact: Fact
    combat: bool = False
    card: InPlay | None = None
    owner: str | None = None
    zone: Zone | None = None
    #: The resolved link whose effect assigned it (its damage meets the waiting effects in
    #: the order its chain resolves), or None: stated assigned.
    link: Link | None = None


@dataclass(frozen=True)
class Link:
    """A link of the action chain: who added it, the card, its targets, what was paid for X."""

    who: str
    card: Card | None
    name: str
    fact: Fact
    source: InPlay | None = None
    targets: tuple[InPlay, ...] = ()
    paid: int | None = None
    #: How the link was added: an Action triggered, a card played from the hand (a tactic or
    #: another card), or a card played by an effect as the chain resolves.
    kind: str = "trigger"
    #: The link a "cancel ... just played/triggered" effect names (its name).
    cancelling: str | None = None
    #: The cards its Action discarded (from the deck) or revealed (from the hand), by the
    #: word the situation used ("discarding" / "revealing"); X may count them.
    shown: tuple[Card | None, ...] = ()
    shown_as: str | None = None
    #: The player its text made its controller choose ("choosing you"), where stated.
    chosen: str | None = None
    #: The zone its text made its controller choose ("choosing my battlefield"): whose, which.
    chosen_zone: tuple[str, Zone] | None = None


@dataclass(frozen=True)
class Move:
    """A card moved by an effect: to whose zone, which zone (None: out of play, the pile)."""

    card: InPlay
    side: str
    zone: Zone | None
    fact: Fact


@dataclass
class Attack:
    """An attack: who attacks, the zone attacked, the attackers and the defenders declared."""

    attacker: str
    defender: str
    zone: Zone | None
    fact: Fact
    #: The legend attacked (then no zone is).
    legend: InPlay | None = None
    attackers: list[InPlay] = field(default_factory=list)
    defenders: list[InPlay] = field(default_factory=list)
    #: The (last) fact that declares defenders.
    declared: Fact | None = None
    #: The attacker each defender's Counterstrike is stated dealt to (the defender's name,
    #: casefolded), with the fact.
    struck: dict[str, tuple[InPlay, Fact]] = field(default_factory=dict)
    #: The ruling that it cannot be made, read as it was declared (None: it may be, or open).
    unmade: Ruling | None = None


@dataclass(frozen=True)
class Event:
    """Something a situation states happened: a card destroyed, entering play, moving.

    ``kind`` is one of :data:`rulesq.games.warhammer.happenings.EVENT_KINDS`; ``by`` is the
    card whose effect made it happen, ``zone`` where a card moved to (``origin``: from).
    """

    kind: str
    card: InPlay
    fact: Fact
    by: CardRef | None = None
    zone: Zone | None = None
    origin: Zone | None = None


@dataclass
class Board:
    """Both players' capitals, the cards in play, whose turn it is and the phase."""

    capitals: dict[str, Capital] = field(default_factory=dict)
    cards: list[InPlay] = field(default_factory=list)
    turn: str | None = None
    turn_fact: Fact | None = None
    phase: int | None = None
    phase_fact: Fact | None = None
    #: Every turn and phase statement, in order (a later one may be a later turn or phase).
    turns: list[tuple[str | None, Fact]] = field(default_factory=list)
    phases: list[tuple[int, Fact]] = field(default_factory=list)
    assigned: list[Assigned] = field(default_factory=list)
    #: Combat damage stated assigned in an attack that cannot be made: none is assigned.
    unmade_damage: list[tuple[Assigned, Ruling]] = field(default_factory=list)
    #: Combat damage stated assigned in an attack that may not be possible (why it may not).
    unsure_damage: list[tuple[Assigned, list[str]]] = field(default_factory=list)
    attack: Attack | None = None
    #: Cards sacrificed, by the fact that says so.
    sacrificed: list[tuple[InPlay, Fact]] = field(default_factory=list)
    #: Statements that name a card of which the board holds several copies (which one?).
    ambiguous: list[str] = field(default_factory=list)
    #: The action chain, in the order its links were added.
    chain: list[Link] = field(default_factory=list)
    #: The fact that says the chain is resolving (no action may be added then).
    resolving: Fact | None = None
    #: Additional resources paid for a link (by its name, casefolded); None: declined.
    payments: dict[str, int | None] = field(default_factory=dict)
    #: The same payments in order: the link's name (casefolded), the amount, the fact.
    paid_more: list[tuple[str, int, Fact]] = field(default_factory=list)
    #: The links of chains stated resolved, in order (their effects have happened).
    resolved: list[Link] = field(default_factory=list)
    #: Cards whose Action was triggered earlier this turn, with who triggered them.
    triggered: list[tuple[str, str, Fact]] = field(default_factory=list)
    #: The number of cards in each player's hand, where stated.
    hands: dict[str, int] = field(default_factory=dict)
    #: The cards stated in each player's discard pile.
    discard: dict[str, list[Card]] = field(default_factory=dict)
    #: Where each player's discard pile was last stated (the fact's index).
    discard_at: dict[str, int] = field(default_factory=dict)
    #: How many units each player's discard pile holds, where stated (all of them).
    pile_units: dict[str, int] = field(default_factory=dict)
    #: What the situation states happened, in order (rulesq/games/warhammer/happenings.py).
    events: list[Event] = field(default_factory=list)
    #: Cards moved between zones, in order.
    moves: list[Move] = field(default_factory=list)
    #: Cards played from hand as developments (they enter play facedown), by the fact.
    developed: list[tuple[InPlay, Fact]] = field(default_factory=list)
    #: Cards that left play (destroyed, discarded), by the fact that says so.
    left: list[tuple[InPlay, Fact]] = field(default_factory=list)
    #: Cards stated still in play, with the ids of the links resolved before the statement.
    stayed: list[tuple[InPlay, frozenset[int]]] = field(default_factory=list)
    #: Traits the situation states for cards (by name, casefolded): all of each card's traits.
    stated_traits: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Whether a card is Limited, where the situation states it (by name, casefolded).
    stated_limited: dict[str, bool] = field(default_factory=dict)

    def capital(self, player: str) -> Capital:
        """A player's capital (created empty on first use)."""
        return self.capitals.setdefault(player, Capital())

    def find(self, name: str) -> InPlay | None:
        """The card in play called ``name`` (the first one), or None."""
        key = name.casefold()
        return next((c for c in self.cards if c.name.casefold() == key), None)

    def only(self, name: str, in_play: bool = False) -> InPlay | None:
        """The one card on the board called ``name``, or None; two or more copies are open.

        A question that names a card of which the board holds several copies does not say
        which copy it asks about: *cannot answer*, the copies named, with those stated gone
        since. A question only a card in play answers (``in_play``: its damage, whether it is
        corrupted) names the one copy still in play, where one alone is.
        """
        from rulesq.errors import CannotAnswer

        key = name.casefold()
        copies = [c for c in self.cards if c.name.casefold() == key]
        staying = [c for c in copies if not self.stated_gone(c)]
        kept = {id(c) for c in staying}
        if len(copies) > 1 and in_play and len(staying) == 1:
            return staying[0]
        if len(copies) > 1:
            where = ", ".join(
                f"{'my' if c.owner == 'me' else 'your'} "
                + (c.zone.value if c.zone else "legend" if c.legend else "play area")
                + ("" if id(c) in kept else f" ({self._departure(c)} since)")
                for c in copies
            )
            now = "" if len(staying) == len(copies) else f", {len(staying)} of them still in play"
            verb = "are" if len(staying) == len(copies) else "were put"
            raise CannotAnswer(
                f'{len(copies)} copies of "{copies[0].name}" {verb} on the board '
                f"({where}){now}: the question does not say which one it asks about"
            )
        return copies[0] if copies else None

    def stated_gone(self, placed: InPlay) -> bool:
        """Whether a card stated in play is stated gone since (it, or the card it is on)."""
        if self._departure(placed):
            return True
        host = placed.attached_to
        return host is not None and self.stated_gone(host)

    def _departure(self, placed: InPlay) -> str:
        """How a card stated in play is stated gone ("" while it is not)."""
        if any(gone is placed for gone, _ in self.sacrificed):
            return "sacrificed"
        if any(gone is placed for gone, _ in self.left):
            return "left play"
        if any(m.card is placed and m.zone is None for m in self.moves):
            return "moved out of play"
        return ""

    def faceup_texts(self) -> Iterator[tuple[InPlay, str]]:
        """Each faceup card in play that has a text, with that text, in the order stated."""
        for placed in self.cards:
            text = placed.shown_text
            if text is not None:
                yield placed, text

    def acted_this_turn(self, ever: bool = False) -> list[tuple[Card, str]]:
        """The cards played, then those triggered, this turn, each with what it did.

        What it did reads ``was played this turn`` or ``was triggered this turn``; a card
        triggered that is no longer in play (or has no known card) is not among them. One
        stated so before a turn of the other player is of a turn now over, and left out
        (``ever``: kept, for what it did that lasts, a cost paid); the same player's turn
        restated may be the same turn, so it stays.
        """
        acted: list[tuple[Card, str]] = [
            (card, PLAYED_THIS_TURN)
            for capital in self.capitals.values()
            for card, fact in capital.played
            if card is not None and (ever or ended(self, fact.index) is not True)
        ]
        for name, _who, fact in self.triggered:
            placed = self.find(name)
            if placed is not None and placed.card is not None:
                if ever or ended(self, fact.index) is not True:
                    acted.append((placed.card, TRIGGERED_THIS_TURN))
        return acted

    def dealt_by(self, link: Link) -> Assigned | None:
        """The damage a resolved link assigned, where it is read (``resolved_damage``)."""
        return next((a for a in self.assigned if a.link is link), None)

    def in_zone(self, player: str, zone: Zone) -> list[InPlay]:
        """The cards a player has in one zone (attachments included)."""
        return [c for c in self.cards if c.owner == player and c.zone is zone]

    def attached_to(self, target: InPlay) -> list[InPlay]:
        """The cards attached to a card in play."""
        return [c for c in self.cards if c.attached_to is target]


def resolution_order(chain: list[Link]) -> list[Link]:
    """The links in the order they resolve: the last added first (Q&A 18).

    The one place that orders a chain: the chain's judge, the damage its links deal and the
    question what resolves first all read it.
    """
    return list(reversed(chain))
