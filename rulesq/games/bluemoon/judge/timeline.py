"""Replay a situation's facts, in order, into the game state a question sees.

Each fact kind (``fact_<kind>`` in the situation grammar) has a method ``on_<kind>``; the moves that
change where cards are (playing, discarding, retrieving, loading …) are in
``rulesq.games.bluemoon.judge.moves``. A fact the judge does not know is an error of the game
module, never silently skipped.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from rulesq.engine.defaults import turn_default
from rulesq.errors import CannotAnswer, line_named
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.area_statements import Said, check_counts
from rulesq.games.bluemoon.judge.area_statements import check as check_areas
from rulesq.games.bluemoon.judge.bluffs import UNKNOWN as UNKNOWN_BLUFF
from rulesq.games.bluemoon.judge.cards import (
    CardInfo,
    Catalog,
    start_noting_unknown_icons,
    stop_noting_unknown_icons,
)
from rulesq.games.bluemoon.judge.forces import Forces
from rulesq.games.bluemoon.judge.iconuse import new_use
from rulesq.games.bluemoon.judge.lending import LENT
from rulesq.games.bluemoon.judge.moves import Moves
from rulesq.games.bluemoon.judge.phase_reads import PhaseReads, noted
from rulesq.games.bluemoon.judge.state import (
    ME,
    NO_COUNTS,
    Event,
    Instance,
    State,
    Step,
    Zone,
    counts_with,
    fork_value,
    new_event,
    new_instance,
    new_state,
    other,
)
from rulesq.games.bluemoon.judge.work import WORK
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Source
    from rulesq.situation.model import CardRef, Fact, Situation


#: The zone of landed ships (discarded as their player reaches the Announce Power phase).
_LANDED = frozenset({Zone.LANDED})
_PILE = frozenset({Zone.DISCARD})
#: Nothing said of a player's areas yet (what is said is replaced, never changed in place).
NO_SAID: Mapping[Any, Any] = MappingProxyType({})
#: Both areas known card by card: a fight's end empties them.
_BOTH_WHOLE = frozenset({"combat and support areas"})


class Timeline(Moves):
    """Reads facts into a ``State``; ``state`` is the moment after the last fact read."""

    def __init__(self, situation: Situation, catalog: Catalog | None = None) -> None:
        self.situation = situation
        self.catalog = catalog or Catalog(situation)
        self.state = new_state()
        self._uid = 0
        self._first_turn_pending = False
        self.fact: Fact | None = None
        self.applied: tuple[tuple[Instance, Instance], ...] = ()
        self.applied_influence: tuple[frozenset[tuple[int, str]] | None, ...] = ()
        #: The cards of unknown icons whose icons the replay read, with the icons asked.
        self.icons_read: dict[str, set[str] | None] = {}
        #: What the replay's reads of unknown icons were for (re-asks it spares).
        self.icon_use = new_use()
        #: The phase statement whose phase is read noted (a phase re-ask's), and the record.
        self.noted_phase: Fact | None = None
        self.phase_reads: PhaseReads | None = None
        #: What the situation's lines say of each player's areas (area_statements).
        self.area_said: Mapping[str, Said] = NO_SAID
        #: How many events there were when each area count was stated (a moment's mark).
        self.area_said_at: Mapping[tuple[str, str], int] = NO_SAID

    def read(self, facts: list[Fact]) -> State:
        """Apply each fact in order; returns the state after the last one."""
        started = start_noting_unknown_icons(self.icons_read, self.icon_use)
        try:
            for fact in facts:
                WORK.replayed += 1
                self.fact = fact
                handler = getattr(self, f"on_{fact.kind}", None)
                if handler is None:
                    raise CannotAnswer(
                        "the Blue Moon judge does not know the statement "
                        + line_named(fact.text, fact.span.line)
                    )
                handler(fact)
                self.note_cards_left()
        finally:
            stop_noting_unknown_icons(started)
        self.fact = None
        return self.state

    def fork(self) -> Timeline:
        """An independent copy, to read on from or to judge in (this one stays as it is).

        A loan (``rulesq.games.bluemoon.judge.lending``) is not copied: the copy is lent to
        no one.
        """
        memo: dict[int, Any] = {}
        new = object.__new__(type(self))
        for name, value in self.__dict__.items():
            if name != LENT:
                new.__dict__[name] = fork_value(value, memo)
        return new

    def note_cards_left(self) -> None:
        """A player whose hand and draw deck are both known empty has run out of cards.

        A player who holds cards again no longer counts as out of cards; the moment of the last
        running out is kept (only the last one counts when the game ends).
        """
        state = self.state
        for who, player in state.players.items():
            if player.hand_count is not None:  # as ``State.hand_size`` finds it
                size = player.hand_count
            elif player.hand_exact:
                size = len(state.hand(who))
            else:
                continue
            if size == 0 and player.deck_count == 0:
                if not player.out_of_cards:
                    player.out_of_cards = True
                    player.ran_out = state.next_seq()
            elif size > 0:
                player.out_of_cards = False

    # ------------------------------------------------------------------ helpers
    def new_card(
        self, ref: CardRef | CardInfo, owner: str, zone: Zone, active: bool = False
    ) -> Instance:
        """A new physical card in a zone."""
        info = ref if isinstance(ref, CardInfo) else self.catalog.info(ref)
        self._uid += 1
        card = new_instance(
            self._uid,
            info,
            owner,
            zone,
            active=active,
            turn=self.state.turn,
            seq=self.state.next_seq(),
        )
        self.state.cards.append(card)
        return card

    def record(
        self, kind: str, who: str | None, cards: tuple[Instance, ...] = (), **data: Any
    ) -> Event:
        """Add an event at the current turn and phase."""
        state = self.state
        fact = self.fact
        state.seq += 1  # ``State.next_seq``
        line, text = (None, "") if fact is None else (fact.span.line, fact.text)
        event = new_event(kind, who, state.turn, state.phase, state.seq, cards, data, line, text)
        state.events.append(event)
        return event

    def locate(
        self, ref: CardRef, who: str | None = None, zones: frozenset[Zone] | None = None
    ) -> Instance | None:
        """The card a reference names (a player's first, then anyone's)."""
        found = self.state.find(ref.name, who, zones)
        if found is None and who is not None:
            found = self.state.find(ref.name, None, zones)
        return found

    def ensure_turn(self, who: str) -> None:
        """A play with no turn stated happens on the player's own turn (an assumption shown).

        After the other player's turn is over, with the fight going on, the next turn is this
        player's (the players take turns): it begins, though no line states it.
        """
        state = self.state
        if state.turn_owner is None:
            fact = self.fact
            event = line_named(fact.text, fact.span.line) if fact is not None else "the event"
            state.assumed += (
                turn_default(f"{event} is taken to happen on {'my' if who == ME else 'your'} turn"),
            )
            self.start_turn(who)
        elif (
            state.turn_over
            and state.turn_owner != who
            and not state.fight_over
            and not state.player(state.turn_owner).retreated
        ):
            self.start_turn(who)

    def start_turn(self, who: str) -> None:
        """A new turn begins (the previous one, if any, is over)."""
        state = self.state
        if state.turn_owner is not None and not state.turn_over:
            self.end_turn(state.turn_owner)
        if not state.fight_over and state.player(who).retreated:
            self.end_fight()  # his retreat ended the fight (rulebook p.7); he starts the next
        if state.fight_over:
            for player in state.players:
                self.refresh_hand(player)  # at the end of any fight (rulebook p.9)
                self.draw_at_fight_end(player)
            self.start_fight()
        state.turn += 1
        state.turn_owner = who
        state.set_phase(None)
        state.turn_over = False
        if self._first_turn_pending:
            state.first_turn_of = state.turn
            self._first_turn_pending = False
        self.record("turn", who)

    def refresh_changes(self, who: str) -> bool:
        """Whether a refresh of the player's hand now changes anything (:meth:`refresh_hand`).

        Not with six cards or more in hand, nor with none to draw; nor when both the hand
        and the draw deck are already of unknown size (the refresh leaves them unknown).
        """
        size = self.state.hand_size(who)
        if size is not None and size >= 6:
            return False
        deck = self.state.player(who).deck_count
        return deck != 0 and (size is not None or deck is not None)

    def refresh_hand(self, who: str) -> None:
        """A refresh now past: the hand is drawn up to six, known only from a known draw deck."""
        state = self.state
        player = state.player(who)
        size = state.hand_size(who)
        if size is not None and size >= 6:
            return
        if player.deck_count == 0:
            return  # nothing to draw
        player.hand_exact = False
        if size is None or player.deck_count is None:
            player.hand_count = None  # an unknown number drawn from the draw deck
            if player.deck_count is not None:  # it held that many: no more now, six fewer at most
                player.deck_least = max(0, player.deck_count - 6)
                player.deck_most = player.deck_count
            player.deck_count = None
            return
        drawn = min(6 - size, player.deck_count)
        player.hand_count = size + drawn
        player.deck_count -= drawn

    def draw_at_fight_end(self, who: str) -> None:
        """After the fight-end refresh, "at the end of each fight … I may draw to N" (taken)."""
        state = self.state
        player = state.player(who)
        for target, source in end_of_fight_targets(Forces(state), who):
            size = state.hand_size(who)
            if size is None or size >= target or player.deck_count == 0:
                continue
            state.assumed += (
                f'"{source.card.name}" draws to {target} cards at the end of the fight (an '
                f"optional draw, taken to be made): {source.quote}",
            )
            player.hand_exact = False
            if player.deck_count is None:
                player.hand_count = None
                continue
            drawn = min(target - size, player.deck_count)
            player.hand_count = size + drawn
            player.deck_count -= drawn

    def start_fight(self) -> None:
        """After a fight has ended, the next turn begins a new fight (rulebook p.9).

        What belonged to the fight that ended does not carry over: retreats, declines,
        announcements, its contested element and who was due to start it. The new turn is the
        first turn of the new fight.
        """
        state = self.state
        retreated = [who for who, player in state.players.items() if player.retreated]
        state.fight_over = False
        state.element = None
        for player in state.players.values():
            player.retreated = False
            player.declined = False
            player.announced = None
            player.announced_turn = None
            player.due_to_start = False
        self._first_turn_pending = True
        self.record("fight_starts", None)
        for who in retreated:  # the player who retreated starts the next fight (FAQ)
            state.player(who).due_to_start = True
            self.record("due_to_start", who)

    def end_turn(self, who: str) -> None:
        """The end of a turn: leadership cards go onto the leader (rulebook p.7, p.9)."""
        state = self.state
        if (state.phase or Step.BEGINNING_OF_TURN) <= Step.REFRESH_HAND and not state.player(
            who
        ).retreated:
            self.refresh_hand(who)  # the Refresh Hand phase (or a decline's refresh) is passed
        for card in state.owned(who, frozenset({Zone.LEADERSHIP})):
            card.zone = Zone.LEADER
            card.active = False
        self.discard_landed_ships(who)
        state.turn_over = True

    # ------------------------------------------------------------------ time facts
    def on_turn(self, fact: Fact) -> None:
        """It is a player's turn (a new turn, unless it is already that turn)."""
        who = fact.who or ME
        state = self.state
        if state.turn_owner == who and not state.turn_over:
            return
        self.start_turn(who)

    def on_turn_ends(self, fact: Fact) -> None:
        """A player's turn ends (after its End of Turn phase)."""
        who = fact.who or ME
        self.ensure_turn(who)
        self.record("turn_ends", who)
        self.end_turn(who)

    def on_phase(self, fact: Fact) -> None:
        """The turn reaches a phase."""
        name = str(fact.param("phase", ""))
        step = Step.named(name)
        if step is None:
            raise CannotAnswer(f'"{name}" is not a phase of a Blue Moon turn')
        if fact is self.noted_phase:
            self.phase_reads = PhaseReads(step)
            step = noted(step, self.phase_reads)
        if step == Step.GAME_PREPARATION:
            self.state.set_phase(step)
            return
        if self.state.turn_owner is None:
            line = fact.span.line
            turns = (f for f in self.situation.facts if f.kind == "turn" and f.span.line > line)
            later = next(turns, None)
            if later is not None:
                raise CannotAnswer(
                    f"the phase (line {line}) is stated before whose turn it is "
                    f'(line {later.span.line}): write "{later.text.strip()}" first, then the phase'
                )
            raise CannotAnswer(
                "the situation names a phase but not whose turn it is (write: it is my turn)"
            )
        reached = self.state.phase
        if reached is not None and step < reached:
            raise CannotAnswer(
                f"the situation goes back to the {step.title} phase after the turn "
                f"reached its {reached.title} phase: a turn's phases come in order"
            )
        # What reaching the phase does is asked first, the phase only if it would do anything
        # (a phase re-ask's phase is noted where it is read: not where it could change nothing).
        owner = self.state.turn_owner
        if self.state.owned(owner, _LANDED) and step >= Step.ANNOUNCE_POWER:
            self.discard_landed_ships(owner)
        if (
            self.refresh_changes(owner)
            and (self.state.phase or Step.BEGINNING_OF_TURN) <= Step.REFRESH_HAND < step
        ):
            self.refresh_hand(owner)
        self.state.set_phase(step)
        self.record("phase", self.state.turn_owner, step=step)

    def on_first_turn(self, fact: Fact) -> None:
        """The turn (or the next one stated) is the first turn of the fight."""
        if self.state.turn_owner is None:
            self._first_turn_pending = True
        else:
            self.state.first_turn_of = self.state.turn

    def on_element(self, fact: Fact) -> None:
        """The contested element of the fight."""
        self.state.element = str(fact.param("element")).lower()
        self.record("element", None, element=self.state.element)

    def on_due_to_start(self, fact: Fact) -> None:
        """The player who is due to start the fight."""
        who = fact.who or ME
        self.state.player(who).due_to_start = True
        # A fight not yet started: its first turn is this player's turn, now or the next one.
        if self.state.first_turn_of is None and not self._first_turn_pending:
            if self.state.turn_owner == who and not self.state.turn_over:
                self.state.first_turn_of = self.state.turn
            elif self.state.turn_owner is None or self.state.turn_over:
                self._first_turn_pending = True
        self.record("due_to_start", who)

    def on_run_out(self, fact: Fact) -> None:
        """A player runs out of cards (none in hand, none in the draw deck)."""
        who = fact.who or ME
        player = self.state.player(who)
        player.hand_count = 0
        player.hand_exact = True
        player.deck_count = 0
        player.out_of_cards = True
        player.holds_cards = False
        player.ran_out = self.record("run_out", who).seq

    def on_not_run_out(self, fact: Fact) -> None:
        """A player holds cards now, in hand or in the draw deck (he has not run out)."""
        player = self.state.player(fact.who or ME)
        player.out_of_cards = False
        player.holds_cards = True

    # ------------------------------------------------------------------ counts
    def on_hand_size(self, fact: Fact) -> None:
        """How many cards a player holds."""
        player = self.state.player(fact.who or ME)
        player.hand_count = int(fact.param("number"))
        player.hand_seq = self.state.next_seq()
        self.note_whole_hand(fact.who or ME)

    def on_deck_size(self, fact: Fact) -> None:
        """How many cards a player's draw deck holds."""
        player = self.state.player(fact.who or ME)
        player.deck_count, player.deck_least, player.deck_most = int(fact.param("number")), 0, None

    def on_pile_size(self, fact: Fact) -> None:
        """How many cards a player's discard pile holds (its known cards among them)."""
        who = fact.who or ME
        player = self.state.player(who)
        player.pile_count = int(fact.param("number"))
        player.pile_cards = frozenset(c.uid for c in self.state.owned(who, _PILE))
        player.pile_unsure = False

    def on_dragons_held(self, fact: Fact) -> None:
        """How many dragons a player has on his side."""
        player = self.state.player(fact.who or ME)
        player.dragons = int(fact.param("number"))
        player.dragons_seq = self.state.next_seq()

    def on_dragon_named(self, fact: Fact) -> None:
        """A named dragon is on a player's side (and so on no other side)."""
        side = fact.param("players", (fact.who or ME,))[-1]
        colour = str(fact.param("dragon_colour")).lower()
        for who, player in self.state.players.items():
            if who == side:
                player.named_dragons = player.named_dragons | {colour}
                player.dragons = max(player.dragons or 0, len(player.named_dragons))
                player.dragons_seq = self.state.next_seq()
            else:
                player.named_dragons = player.named_dragons - {colour}

    def on_area_size(self, fact: Fact) -> None:
        """How many cards a player's combat and/or support areas hold."""
        area = str(fact.param("area", "combat and support areas"))
        who = fact.who or ME
        player = self.state.player(who)
        earlier = self.area_said.get(who, {}).get(("count", area))
        if earlier is not None and self.area_said_at.get((who, area)) == len(self.state.events):
            # nothing happened since the last count of the area: both speak of one moment
            number = int(fact.param("number"))
            check_counts(self.situation, earlier, fact, player.area_counts[area], number)
        player.area_counts = counts_with(player.area_counts, area, int(fact.param("number")))
        self.area_said_at = MappingProxyType(
            {**self.area_said_at, (who, area): len(self.state.events)}
        )
        self._said_of_areas(fact, ("count", area))

    def on_area_whole(self, fact: Fact) -> None:
        """A player's combat and/or support areas hold no card the situation does not name."""
        area = str(fact.param("area", "combat and support areas"))
        player = self.state.player(fact.who or ME)
        player.areas_whole = player.areas_whole | {area}
        self._said_of_areas(fact, ("whole", area))

    def _said_of_areas(self, fact: Fact, what: tuple[str, str] | None = None) -> None:
        """Note what a line says of a player's areas; all it says must hold at once."""
        who = fact.who or ME
        if what is not None:
            said_now = MappingProxyType({**self.area_said.get(who, NO_SAID), what: fact})
            self.area_said = MappingProxyType({**self.area_said, who: said_now})
        said = self.area_said.get(who)
        if said:
            check_areas(self.situation, self.state, who, said, fact)

    def on_hand_lacks(self, fact: Fact) -> None:
        """A player holds no card of a type."""
        player = self.state.player(fact.who or ME)
        player.hand_lacks = player.hand_lacks | {str(fact.param("card_type")).lower()}
        player.hand_seq = self.state.next_seq()

    # ------------------------------------------------------------------ where cards are
    def on_active(self, fact: Fact) -> None:
        """Cards active in play when the situation starts."""
        who = fact.who or ME
        for ref in fact.cards:
            card = self.put_in_play(ref, who)
            if card.zone in (Zone.COMBAT, Zone.SUPPORT):
                self.state.player(who).active_listed = True
        self._said_of_areas(fact)

    def on_inactive(self, fact: Fact) -> None:
        """Covered cards still in the combat area."""
        who = fact.who or ME
        for ref in fact.cards:
            card = self.new_card(ref, who, Zone.COMBAT, active=False)
            card.turn = 0

    def on_hand(self, fact: Fact) -> None:
        """Cards known to be in a player's hand."""
        who = fact.who or ME
        for ref in fact.cards:
            if self.state.find(ref.name, who, frozenset({Zone.HAND})) is None:
                self.new_card(ref, who, Zone.HAND)
        self.note_whole_hand(who)

    def note_whole_hand(self, who: str) -> None:
        """A hand counted with as many cards named is known card by card, as one stated whole."""
        state, player = self.state, self.state.player(who)
        if (
            player.hand_count is not None
            and player.hand_count > 0
            and len(state.hand(who)) >= player.hand_count
        ):
            player.hand_exact = True

    def on_hand_only(self, fact: Fact) -> None:
        """A player's whole hand."""
        who = fact.who or ME
        hand = set(map(id, self.state.hand(who)))
        self.state.cards = [c for c in self.state.cards if id(c) not in hand]
        for ref in fact.cards:
            self.new_card(ref, who, Zone.HAND)
        player = self.state.player(who)
        player.hand_exact = True
        player.hand_count = len(fact.cards)
        player.hand_seq = self.state.next_seq()

    def on_pile(self, fact: Fact) -> None:
        """Cards on a player's discard pile."""
        who = fact.who or ME
        player = self.state.player(who)
        for ref in fact.cards:
            card = self.new_card(ref, who, Zone.DISCARD)
            if player.pile_count is not None:  # a card of the pile whose size is stated
                player.pile_cards |= {card.uid}
                player.pile_count = max(player.pile_count, len(player.pile_cards))

    def on_influence(self, fact: Fact) -> None:
        """Cards in a player's influence area (Hyla, ships not landed)."""
        who = fact.who or ME
        for ref in fact.cards:
            if self.state.find(ref.name, who, frozenset({Zone.INFLUENCE})) is None:
                self.new_card(ref, who, Zone.INFLUENCE, active=True).turn = 0

    def on_cargo(self, fact: Fact) -> None:
        """The cards loaded onto a ship."""
        ship_ref, *loaded = fact.cards
        ship = self.locate(ship_ref, None, frozenset({Zone.INFLUENCE, Zone.LANDED}))
        if ship is None:
            ship = self.new_card(ship_ref, ME, Zone.INFLUENCE, active=True)
            ship.turn = 0
        for ref in loaded:
            card = self.new_card(ref, ship.owner, Zone.CARGO)
            card.ship = ship

    def on_bluff_card(self, fact: Fact) -> None:
        """A known card lying face down as a bluff card."""
        who = fact.who or ME
        for ref in fact.cards:
            card = self.new_card(ref, who, Zone.SUPPORT, active=True)
            card.face_down = True
            card.turn = 0

    def on_bluff_count(self, fact: Fact) -> None:
        """Face-down bluff cards whose cards the situation does not name."""
        who = fact.who or ME
        number = fact.param("number")
        count = int(number) if number is not None else 1
        for _ in range(count):
            card = self.new_card(
                CardInfo(name=UNKNOWN_BLUFF, kind="character", given_icons=frozenset({"BLUFF"})),
                who,
                Zone.SUPPORT,
                active=True,
            )
            card.face_down = True
            card.turn = 0
        self.state.player(who).unknown_bluffs += count

    def on_shield(self, fact: Fact) -> None:
        """A card shows a shield in an element."""
        key = self.catalog.info(fact.card).key
        shields = self.state.stated_shields
        element = str(fact.param("element")).lower()
        self.state.stated_shields = MappingProxyType(
            {**shields, key: shields.get(key, frozenset()) | {element}}
        )

    def on_icons(self, fact: Fact) -> None:
        """The icons a card has: read with the card (``Catalog``), nothing moves."""

    def on_no_icons(self, fact: Fact) -> None:
        """A card has no icons: read with the card (``Catalog``), nothing moves."""

    def on_no_shields(self, fact: Fact) -> None:
        """A card shows no shield: read with the card (``Catalog``), nothing moves."""

    def on_lacks_icon(self, fact: Fact) -> None:
        """A card lacks an icon: read with the card (``Catalog``), nothing moves."""

    def on_inquisitor(self, fact: Fact) -> None:
        """A player's inquisitor."""
        who = fact.who or ME
        card = self.new_card(fact.card, who, Zone.INQUISITOR, active=True)
        card.turn = 0
        self.state.player(who).inquisitor = card

    def on_leader(self, fact: Fact) -> None:
        """A player's leader card (deck building)."""
        self.state.player(fact.who or ME).leader = self.catalog.info(fact.card)

    def on_deck_people(self, fact: Fact) -> None:
        """The people whose deck a player builds."""
        self.state.player(fact.who or ME).deck_people = str(fact.param("people"))

    def on_deck(self, fact: Fact) -> None:
        """The cards of a deck being built."""
        player = self.state.player(fact.who or ME)
        for ref in fact.cards:
            player.deck += ((self.catalog.info(ref), ref.count or 1),)

    # ------------------------------------------------------------------ fights
    def on_announce(self, fact: Fact) -> None:
        """A player announces his total power."""
        who = fact.who or ME
        self.ensure_turn(who)
        self.discard_landed_ships(who)
        number = fact.param("number")
        player = self.state.player(who)
        player.announced = int(number) if number is not None else None
        player.announced_turn = self.state.turn
        if (
            self.state.turn_owner == who
            and (self.state.phase or Step.BEGINNING_OF_TURN) < Step.ANNOUNCE_POWER
        ):
            self.state.set_phase(Step.ANNOUNCE_POWER)
        self.record("announce", who, number=player.announced, element=self.state.element)

    def on_retreat(self, fact: Fact) -> None:
        """A player retreats from the fight."""
        who = fact.who or ME
        self.ensure_turn(who)
        self.state.player(who).retreated = True
        self.record("retreat", who)
        self.discard_landed_ships(who)

    def on_decline(self, fact: Fact) -> None:
        """A player declines to start the fight."""
        who = fact.who or ME
        self.ensure_turn(who)
        self.state.player(who).declined = True
        self.record("decline", who)
        self.discard_landed_ships(who)
        # The fight has not started: the other player is due to start it, and his next turn
        # is its first turn ('If you are due to start a fight, but this is your first turn,
        # then, and only then, you must decline to start a fight', FAQ, Start of Fight).
        self._first_turn_pending = True

    def on_fight_ends(self, fact: Fact) -> None:
        """The fight ends: the areas are cleared (rulebook p.9)."""
        self.end_fight()

    def end_fight(self) -> None:
        """The end of the fight: the areas are cleared (rulebook p.9)."""
        state = self.state
        before = state.mark()
        event = self.record("fight_ends", None)
        state.snapshots[event.seq] = before  # the areas as they were when dragons came
        for card in list(state.cards):
            if card.zone in (Zone.COMBAT, Zone.SUPPORT, Zone.LANDED):
                self.to_discard(card)
            elif card.zone is Zone.LEADERSHIP:
                card.zone = Zone.LEADER
                card.active = False
        for player in state.players.values():
            if player.area_counts:  # unnamed cards of the areas join the pile
                player.pile_unsure = True
            player.area_counts = NO_COUNTS  # the areas are empty now, unnamed cards too
            player.areas_whole = _BOTH_WHOLE  # and nothing unnamed enters them unstated
        self.area_said = NO_SAID  # what was said of them is said of the last fight
        state.fight_over = True
        state.turn_over = True

    def on_attract(self, fact: Fact) -> None:
        """A player attracts dragons."""
        who = fact.who or ME
        number = fact.param("number")
        self.record("attract", who, number=int(number) if number is not None else 1)

    def on_call_bluff(self, fact: Fact) -> None:
        """A call reveals the bluff cards; they are discarded whatever the outcome.

        The state just before the call is kept (``snapshots``): the bluff is judged as the cards lay
        face down.
        """
        caller = fact.who or ME
        players = fact.param("players") or (caller, other(caller))
        bluffer = players[1] if len(players) > 1 else other(caller)
        before = self.state.mark()
        revealed = tuple(
            c for c in self.state.owned(bluffer, frozenset({Zone.SUPPORT})) if c.face_down
        )
        self.record("bluff_revealed", bluffer, revealed)
        for card in revealed:
            self.to_discard(card)
        event = self.record("call_bluff", caller, revealed, bluffer=bluffer)
        self.state.snapshots[event.seq] = before


def end_of_fight_targets(forces: Forces, who: str) -> list[tuple[int, Source]]:
    """The "at the end of each fight … draw to N cards" texts of the player's live cards."""
    out = []
    for source in forces.effects(fx.ActionEffect, controller=who):
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect)
        if effect.when is None or effect.when.kind is not W.END_OF_EACH_FIGHT:
            continue
        for do in effect.dos:
            for act in do.acts:
                if isinstance(act, a.DrawTo) and act.n is not None:
                    out.append((act.n, source))
    return out
