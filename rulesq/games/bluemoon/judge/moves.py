"""The facts that move cards: playing, discarding, retrieving, drawing, loading, landing.

A card played goes from the hand (or a landed ship) straight into play; the first
character card a player plays on a turn covers the cards of earlier turns in the combat area
(rulebook p.7), unless it joins an active gang (p.16) or its own text says it does not push them.
Icons such as FREE are checked in hand, just before the play, and an icon a card is
"treated as if it had" lasts only while it is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.errors import CannotAnswer, line_named
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.bluffs import UNKNOWN as UNKNOWN_BLUFF
from rulesq.games.bluemoon.judge.cards import LEADERSHIP_PHASE_KINDS, UNNAMED, CardInfo
from rulesq.games.bluemoon.judge.choices import hand_taken_by_use, shuffled_by_use
from rulesq.games.bluemoon.judge.claims import require_followed
from rulesq.games.bluemoon.judge.deck_plays import deck_loading_texts, deck_playing_texts
from rulesq.games.bluemoon.judge.forces import Forces, effects_of, has_effect
from rulesq.games.bluemoon.judge.icon_flags import icon_flag
from rulesq.games.bluemoon.judge.interference import answers, last_action
from rulesq.games.bluemoon.judge.open_areas import AREA_WORDS, BOTH_AREAS
from rulesq.games.bluemoon.judge.playing import as_if_icons, gang_joins, pushes
from rulesq.games.bluemoon.judge.removals import discarded_by_use, implied_use
from rulesq.games.bluemoon.judge.searches import exchanged_for
from rulesq.games.bluemoon.judge.ship_texts import load_text_for
from rulesq.games.bluemoon.judge.state import IN_PLAY, ME, Instance, Step, Zone, counts_with, other
from rulesq.games.bluemoon.judge.values import opposing_influence

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.cards import Catalog
    from rulesq.games.bluemoon.judge.forces import Source
    from rulesq.games.bluemoon.judge.state import Event, State
    from rulesq.situation.model import CardRef, Fact

#: Where each kind of card goes when it comes into play.
PLAY_ZONES: dict[str, Zone] = {
    "character": Zone.COMBAT,
    "mutant": Zone.COMBAT,
    "booster": Zone.COMBAT,
    "support": Zone.SUPPORT,
    "leadership": Zone.LEADERSHIP,
    "hyla": Zone.INFLUENCE,
    "ship": Zone.INFLUENCE,
    "crystal": Zone.ACHIEVEMENT,
    "inquisitor": Zone.INQUISITOR,
    "interference": Zone.GONE,
}

#: Enum members and zone sets read on hot paths, held as plain names: on Python 3.11 reading
#: a member off its class goes through the enum metaclass's ``__getattr__`` hook (several
#: hundred instructions a read, ten times a plain class attribute).
_COMBAT, _GONE, _LEADERSHIP, _INQUISITOR = Zone.COMBAT, Zone.GONE, Zone.LEADERSHIP, Zone.INQUISITOR
_HAND, _LANDED, _SUPPORT, _INFLUENCE = Zone.HAND, Zone.LANDED, Zone.SUPPORT, Zone.INFLUENCE
_IN_HAND, _ON_SHIPS = frozenset({Zone.HAND}), frozenset({Zone.CARGO})
_LEADERSHIP_PHASE, _CHARACTER_PHASE = Step.LEADERSHIP, Step.CHARACTER
_BOOSTER_SUPPORT = Step.BOOSTER_SUPPORT


def phase_of(kind: str) -> Step | None:
    """The phase in which a card of this kind is played (interference cards: none)."""
    if kind in LEADERSHIP_PHASE_KINDS:
        return _LEADERSHIP_PHASE
    if kind in ("character", "mutant"):
        return _CHARACTER_PHASE
    if kind in ("booster", "support"):
        return _BOOSTER_SUPPORT
    return None


class Moves:
    """The card-moving part of the timeline (mixed into ``Timeline``)."""

    state: State
    catalog: Catalog
    #: The interference cards applied, each with its target (replaced, never changed in place).
    applied: tuple[tuple[Instance, Instance], ...]
    #: For each application, the opponent's effects then influencing the target (None: unknown).
    applied_influence: tuple[frozenset[tuple[int, str]] | None, ...]
    #: The fact being read (None between facts).
    fact: Fact | None

    def new_card(
        self, ref: CardRef | CardInfo, owner: str, zone: Zone, active: bool = False
    ) -> Instance:
        """A new physical card in a zone (the timeline provides it)."""
        raise NotImplementedError

    def record(
        self, kind: str, who: str | None, cards: tuple[Instance, ...] = (), **data: Any
    ) -> Event:
        """Add an event (the timeline provides it)."""
        raise NotImplementedError

    def locate(
        self, ref: CardRef, who: str | None = None, zones: frozenset[Zone] | None = None
    ) -> Instance | None:
        """The card a reference names (the timeline provides it)."""
        raise NotImplementedError

    def ensure_turn(self, who: str) -> None:
        """Start the player's turn if none is stated (the timeline provides it)."""
        raise NotImplementedError

    def end_turn(self, who: str) -> None:
        """End a player's turn (the timeline provides it)."""
        raise NotImplementedError

    def start_turn(self, who: str) -> None:
        """Begin a player's turn, the one going on over (the timeline provides it)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ helpers
    def put_in_play(self, ref: CardRef, who: str) -> Instance:
        """A card already active when the situation starts (``I have active "X"``)."""
        found = self.state.find(ref.name, who)
        if found is not None and found.in_play:
            found.active = True
            return found
        info = self.catalog.info(ref)
        zone = PLAY_ZONES.get(info.kind, _COMBAT)
        if zone is _GONE:
            zone = _LEADERSHIP
        card = self.new_card(ref, who, zone, active=True)
        card.turn = self.state.turn if zone is _LEADERSHIP else 0
        if zone is _INQUISITOR:
            self.state.player(who).inquisitor = card
        return card

    def take_from_hand(self, ref: CardRef, who: str) -> Instance:
        """The card leaves the hand (or a landed ship): the known copy, or a new one."""
        state = self.state
        card = state.find(ref.name, who, _IN_HAND)
        if card is not None:
            card.source = "hand"
        else:
            card = self._from_landed_ship(ref, who)
        if card is None:
            if state.player(who).hand_exact:
                fact = self.fact
                where = f"{line_named(fact.text, fact.span.line)}: " if fact else ""
                raise CannotAnswer(
                    f'{where}"{ref.name}" is not in the hand, which the situation gives card by '
                    "card: name it in the hand, or write the draw that brings it there"
                )
            card = self.new_card(ref, who, _HAND)
            card.source = "hand"
        if card.source == "hand":
            player = state.player(who)
            if player.hand_count is not None and player.hand_count > 0:
                player.hand_count -= 1
        return card

    def _from_landed_ship(self, ref: CardRef, who: str) -> Instance | None:
        card = self.state.find(ref.name, who, _ON_SHIPS)
        if card is None or card.ship is None or card.ship.zone is not _LANDED:
            return None
        card.source = "ship"
        return card

    def recount(self, card: Instance, step: int) -> None:
        """A stated area count kept as a card enters (+1) or leaves (-1) the area after it."""
        word = AREA_WORDS.get(card.zone)
        player = self.state.player(card.owner)
        for key in () if word is None else (word, BOTH_AREAS):
            counts = player.area_counts
            if key in counts:
                player.area_counts = counts_with(counts, key, max(0, counts[key] + step))

    def to_discard(self, card: Instance) -> None:
        """A card leaves play (or the hand) for its discard pile (leadership: the leader)."""
        self.recount(card, -1)
        zone = Zone.LEADER if card.info.kind == "leadership" else Zone.DISCARD
        card.change(zone=zone, active=False, face_down=False)
        if card.info.kind == "ship":
            for loaded in self.state.cards:
                if loaded.ship is card and loaded.zone is Zone.CARGO:
                    loaded.zone = Zone.DISCARD

    def discard_landed_ships(self, who: str) -> None:
        """Landed ships are discarded immediately before their player announces power."""
        for ship in self.state.owned(who, frozenset({Zone.LANDED})):
            self.to_discard(ship)
            self.record("ship_discarded", who, (ship,))

    # ------------------------------------------------------------------ playing
    def on_play(self, fact: Fact) -> None:
        """A player plays cards, in order."""
        who = fact.who or ME
        for ref in fact.cards:
            self.play(ref, who)

    def on_play_without_icon(self, fact: Fact) -> None:
        """A card is played without the help of one of its icons."""
        self.play(fact.card, fact.who or ME, without=str(fact.param("icon")).upper())

    def on_play_from_deck(self, fact: Fact) -> None:
        """A card a text in force selects from the draw deck and plays: its player plays it."""
        who = fact.who or ME
        card = self.new_card(fact.card, who, Zone.DECK)
        texts = deck_playing_texts(Forces(self.state), card, who)
        if not texts:
            raise CannotAnswer(
                f"{line_named(fact.text, fact.span.line)}: no card text in force has "
                f'its player play "{card.name}" from the draw deck'
            )
        card.source = "deck"
        player = self.state.player(who)
        if player.deck_count is not None and player.deck_count > 0:
            player.deck_count -= 1
        if player.deck_most is not None:
            player.deck_most = max(0, player.deck_most - 1)
            player.deck_least = max(0, player.deck_least - 1)
        self.play(fact.card, who, from_deck=(card, texts[-1]))

    def on_play_bluff(self, fact: Fact) -> None:
        """Cards played face down as bluff cards (the play of a support card)."""
        who = fact.who or ME
        for ref in fact.cards:
            self.play(ref, who, bluff=True)

    def play(
        self,
        ref: CardRef,
        who: str,
        *,
        bluff: bool = False,
        without: str | None = None,
        from_deck: tuple[Instance, Source] | None = None,
    ) -> Instance:
        """Play a card: checked in hand, then into play, covering earlier cards.

        ``from_deck``: the card, taken from the draw deck, and the text in force that plays it.
        """
        state = self.state
        before = state.mark()
        info = self.catalog.info(ref)
        responding = info.kind == "interference" and state.turn_owner not in (None, who)
        if not responding:
            self.ensure_turn(who)
            if state.turn_owner not in (None, who) and not state.turn_over and from_deck is None:
                # Cards are played on their player's own turn: the other player's play (the
                # input check admits one only after a question) begins his turn, as it reads it.
                self.start_turn(who)
        card = self.take_from_hand(ref, who) if from_deck is None else from_deck[0]
        step = _BOOSTER_SUPPORT if bluff else phase_of(card.info.kind)
        if (
            not responding
            and step is not None
            and state.turn_owner == who
            and (state.phase is None or state.phase < step)
        ):
            state.set_phase(step, card.info.name)
        card.as_if = frozenset() if bluff else as_if_icons(self, card, who)
        forces = Forces(state)
        free = not bluff and icon_flag(forces, card, "FREE")  # kept in the record alone
        stop = not bluff and icon_flag(forces, card, "STOP")
        joins = not bluff and without != "GANG" and gang_joins(forces, card, who)
        covered: list[Instance] | None = None
        if (
            card.is_character
            and not bluff
            and state.turn_owner == who
            and not joins
            and pushes(forces, card)
        ):
            covered = self._cover(who)
        zone = _SUPPORT if bluff else PLAY_ZONES.get(card.info.kind, _COMBAT)
        if zone is _INFLUENCE and card.info.kind == "hyla":
            # "If you play a Hyla, then any active Hyla (mine or yours) is discarded." (FAQ)
            for old in [c for c in state.cards if c.zone is _INFLUENCE and c is not card]:
                if old.info.kind == "hyla":
                    self.to_discard(old)
        card.change(
            zone=zone,
            active=zone is not _GONE,
            face_down=bluff,
            turn=state.turn,
            seq=state.next_seq(),
            played=True,
            used_gang=joins,
        )
        self.recount(card, +1)
        event = self.record(
            "play",
            who,
            (card,),
            free=free,
            stop=stop,
            gang=joins,
            without=without,
            bluff=bluff,
            responding=responding,
            covered=tuple(covered or ()),
            # It covered the combat area's earlier cards, named or not (open_areas reads it).
            pushed=covered is not None,
            as_if=card.as_if,
            source=card.source,
            by_text=None if from_deck is None else from_deck[1],
        )
        state.snapshots[event.seq] = before
        card.as_if = frozenset()
        self._on_played(card, who, event)
        return card

    def _cover(self, who: str) -> list[Instance] | None:
        """The first character card of a turn covers the combat area's earlier cards.

        The named cards it covered (None when it is not the turn's first: the first covered them,
        or, when it did not, as it joined a gang or its text says so, nothing covers them this
        turn).
        """
        state = self.state
        if any(
            e.cards[0].is_character
            and not e.data.get("responding")
            and not e.data.get("bluff")
            and not e.cards[0].cancelled
            for e in state.events_of("play", who, this_turn=True)
        ):
            return None
        covered = [
            c
            for c in state.owned(who, frozenset({Zone.COMBAT}), active=True)
            if c.turn < state.turn
        ]
        for card in covered:
            card.active = False
        return covered

    def _on_played(self, card: Instance, who: str, event: Event) -> None:
        """What a card does as it is played: element changes, interference effects."""
        if not has_effect(card, (fx.ElementChange, fx.InterferenceTrigger)):
            return  # nothing acts as it is played: whether its text is ignored does not matter
        forces = Forces(self._moment_answered(card, who, event))
        sources = forces.in_force(card, in_hand=True)
        for source in sources:
            effect = source.effect
            if isinstance(effect, fx.ElementChange) and self.state.element is not None:
                require_followed(source)  # a time or condition of its own is not followed
                if effect.to is not None:
                    self.state.element = effect.to.value.lower()
                else:
                    self.state.element = "earth" if self.state.element == "fire" else "fire"
                self.record("element", who, (card,), element=self.state.element)
            elif isinstance(effect, fx.InterferenceTrigger):
                for inner in effect.effects:
                    self._interfere(card, who, inner)

    def _moment_answered(self, card: Instance, who: str, event: Event) -> State:
        """The state a card's text is read in as it is played.

        An interference card answering a play acts before that play takes effect (E&I
        rulesheet), so its text is read as things stood just before the play; any other card
        is read now.
        """
        state = self.state
        if not event.data.get("responding"):
            return state
        before = state.snapshots.get(event.seq, state)
        answered = last_action(before, other(who))
        if answered is None or answered.kind != "play":
            return state
        triggers = [
            s.effect for s in effects_of(card) if isinstance(s.effect, fx.InterferenceTrigger)
        ]
        if not any(answers(t.event, answered, before, who) for t in triggers):
            return state
        return state.snapshots.get(answered.seq, state)

    def _interfere(self, card: Instance, who: str, effect: object) -> None:
        """An interference card's effect, applied to the event it answers."""
        state = self.state
        if isinstance(effect, fx.CancelCard):
            target = self._last_play(other(who))
            if target is not None:
                if target.info.kind == "interference":
                    self._undo_cancels(target)
                before = {"zone": target.zone, "active": target.active}
                covered = self._covered_by(target, other(who))
                target.cancelled = True
                self.to_discard(target)
                self._uncover(target, other(who))
                self.record("cancel", who, (card, target), covered=covered, **before)
        elif isinstance(effect, fx.EndTurn):
            self.record("turn_ends", other(who), (card,), by=who)
            self.end_turn(other(who))
            state.turn_over = True
        elif isinstance(effect, fx.Obligation):
            self.record("obligation", other(who), (card,), effect=effect)
        elif isinstance(effect, fx.ActionEffect):
            self.record("interference_action", who, (card,), effect=effect)

    def _undo_cancels(self, interference: Instance) -> None:
        """A cancelled interference card cancelled nothing: the card it cancelled stays played.

        FAQ (Interference Cards): had the cancelling card made the character card not count as
        played before the card cancelling it could be played, the character card "would be
        played, become not played, and then, if [it] were played, become played again".
        """
        for event in self.state.events_of("cancel"):
            if len(event.cards) < 2 or event.cards[0] is not interference:
                continue
            card = event.cards[1]
            card.cancelled = False
            card.change(zone=event.data["zone"], active=event.data["active"])
            self.recount(card, +1)
            for covered in event.data.get("covered", ()):
                covered.active = False
            for play in self.state.events_of("play", card.owner, this_turn=True):
                if play.cards and play.cards[0] is card:
                    play.data = {**play.data, "covered": event.data.get("covered", ())}

    def _covered_by(self, card: Instance, who: str) -> tuple[Instance, ...]:
        """The cards the play of this card covered (none once cancelled)."""
        for event in self.state.events_of("play", who, this_turn=True):
            if event.cards and event.cards[0] is card:
                return tuple(event.data.get("covered", ()))
        return ()

    def _uncover(self, cancelled: Instance, who: str) -> None:
        """A cancelled card never covered anything: the cards its play covered stay active."""
        for event in self.state.events_of("play", who, this_turn=True):
            if event.cards and event.cards[0] is cancelled:
                for card in event.data.get("covered", ()):
                    if card.zone is Zone.COMBAT:
                        card.active = True
                event.data = {**event.data, "covered": ()}

    def _last_play(self, who: str) -> Instance | None:
        plays = list(self.state.events_of("play", who, this_turn=True))
        return plays[-1].cards[0] if plays else None

    # ------------------------------------------------------------------ other moves
    def on_discard(self, fact: Fact) -> None:
        """A player discards cards (with no turn stated, on his own turn: an assumption shown)."""
        who = fact.who or ME
        self.ensure_turn(who)
        for ref in fact.cards:
            self.discard(ref, who)

    def on_discard_count(self, fact: Fact) -> None:
        """A player discards cards from hand that the situation does not name."""
        who = fact.who or ME
        self.ensure_turn(who)
        number = fact.param("number")
        count = int(number) if number is not None else 1
        self.discard_unnamed(who, count, line_named(fact.text, fact.span.line))

    def discard_unnamed(self, who: str, count: int, what: str = "") -> None:
        """``count`` cards the situation does not name leave the player's hand for the pile."""
        state = self.state
        player = state.player(who)
        what = what or f"the discard of {count} card(s) of the hand"
        if player.hand_exact and state.hand(who):
            raise CannotAnswer(f"{what}: the hand is known card by card; name the cards discarded")
        size = state.hand_size(who)
        if size is not None and size < count:
            raise CannotAnswer(f"{what}: the player holds only {size} card(s)")
        for _ in range(count):
            card = self.new_card(
                CardInfo(name=UNNAMED, kind="unknown", icons_known=False), who, Zone.HAND
            )
            if player.hand_count is not None and player.hand_count > 0:
                player.hand_count -= 1
            self.to_discard(card)
            self.record("discard", who, (card,), where="hand", owner=who)

    def discard(self, ref: CardRef, who: str) -> Instance:
        """A player discards a card: from the hand, or from play (own or opposing)."""
        state = self.state
        hand = frozenset({Zone.HAND})
        card = state.find(ref.name, who, hand)
        if card is not None:
            where = "hand"
            player = state.player(who)
            if player.hand_count is not None and player.hand_count > 0:
                player.hand_count -= 1
        else:
            card = self.locate(ref, other(who), state_in_play()) or self.locate(
                ref, who, state_in_play()
            )
            where = "play"
            if card is not None and card.owner != who and state.turn_owner == who:
                user = implied_use(Forces(state), who, card)
                if user is not None:
                    self.record("use_text", who, (user,), implied=True)
        if card is None:
            card = self.take_from_hand(ref, who)
            where = "hand"
        self.to_discard(card)
        self.record("discard", who, (card,), where=where, owner=card.owner)
        return card

    def on_retrieve(self, fact: Fact) -> None:
        """A player takes cards from play (or the discard pile) back into hand."""
        who = fact.who or ME
        for ref in fact.cards:
            card = self.locate(ref, who, state_in_play())
            if card is None:
                card = self.locate(ref, who, frozenset({Zone.DISCARD}))
            if card is None:
                card = self.new_card(ref, who, Zone.HAND)
            elif card.info.kind == "ship":
                self.to_discard(card)
            self.recount(card, -1)
            card.zone = Zone.HAND
            card.active = False
            player = self.state.player(who)
            if player.hand_count is not None:
                player.hand_count += 1
            self.record("retrieve", who, (card,))

    def on_draw(self, fact: Fact) -> None:
        """A player draws these cards into hand."""
        who = fact.who or ME
        cards = tuple(self.new_card(ref, who, Zone.HAND) for ref in fact.cards)
        player = self.state.player(who)
        if player.hand_count is not None:
            player.hand_count += len(cards)
        self.record("draw", who, cards)

    def on_use_text(self, fact: Fact) -> None:
        """A player uses an optional ("I may") text of a card."""
        who = fact.who or ME
        card = self.locate(fact.card, who) or self.put_in_play(fact.card, who)
        self.record("use_text", who, (card,))
        for gone in discarded_by_use(Forces(self.state), card):
            # "Now I may discard all of your active support cards", used: every one of them.
            self.to_discard(gone)
            self.record("discard", who, (gone,), where="play", owner=gone.owner)
        for gone in shuffled_by_use(Forces(self.state), card):
            # "Now I may force you to shuffle all cards from your combat and support areas into
            # your draw deck", used: they leave play for the draw deck.
            self.recount(gone, -1)
            gone.zone, gone.active = Zone.DECK, False
            deck = self.state.player(gone.owner)
            if deck.deck_count is not None:
                deck.deck_count += 1
            if deck.deck_most is not None:
                deck.deck_most += 1
                deck.deck_least += 1
        taken = hand_taken_by_use(card)
        if taken is not None:
            # "Now I may draw one card from your hand and discard it", "force you to discard
            # two cards from your hand", used: that many of the other player's cards.
            self.discard_unnamed(other(who), min(taken, self.state.hand_size(other(who)) or taken))

    def on_use_icon(self, fact: Fact) -> None:
        """A player uses an icon of a card (REPLACE: a discard without effect)."""
        who = fact.who or ME
        icon = str(fact.param("icon")).upper()
        card = self.take_from_hand(fact.card, who)
        if icon == "REPLACE":
            self.to_discard(card)
            if self.state.turn_owner == who and (
                self.state.phase is None or self.state.phase < Step.LEADERSHIP
            ):
                self.state.set_phase(Step.LEADERSHIP, card.info.name)
        self.record("use_icon", who, (card,), icon=icon)

    def on_apply(self, fact: Fact) -> None:
        """A player applies the text of one card to another card."""
        first, second = fact.cards[0], fact.cards[1]
        source = self.locate(first, fact.who or ME)
        target = self.locate(second)
        if source is not None and target is not None:
            self.applied += ((source, target),)
            self.applied_influence += (opposing_influence(Forces(self.state), target),)
            self.record("apply", fact.who or ME, (source, target))

    def on_land(self, fact: Fact) -> None:
        """A player lands ships."""
        who = fact.who or ME
        self.ensure_turn(who)
        for ref in fact.cards:
            ship = self.locate(ref, who, frozenset({Zone.INFLUENCE}))
            if ship is None:
                ship = self.new_card(ref, who, Zone.INFLUENCE, active=True)
            ship.zone = Zone.LANDED
            ship.active = True
            ship.landed_turn = self.state.turn
            self.record("land", who, (ship,))

    def on_load(self, fact: Fact) -> None:
        """A player loads cards onto a ship.

        By a card text loading cards just now (not counted as the play of a support card), or
        instead of playing a support card.
        """
        who = fact.who or ME
        *refs, ship_ref = fact.cards
        ship = self._ship(ship_ref, who)
        for ref in refs:
            self._load(self.take_from_hand(ref, who), ship, who)

    def on_load_count(self, fact: Fact) -> None:
        """A player loads cards from hand that the situation does not name onto a ship."""
        who = fact.who or ME
        number = fact.param("number")
        count = int(number) if number is not None else 1
        state, player = self.state, self.state.player(who)
        what = line_named(fact.text, fact.span.line)
        size, held = state.hand_size(who), state.hand(who)
        if held and (player.hand_exact or (size is not None and len(held) >= size)):
            # Known card by card (stated whole, or counted with every card named): the cards
            # loaded are some of those named, not known which.
            raise CannotAnswer(f"{what}: the hand is known card by card; name the cards loaded")
        if size is not None and size < count:
            raise CannotAnswer(f"{what}: the player holds only {size} card(s)")
        ship = self._ship(fact.cards[-1], who)
        for _ in range(count):
            card = self.new_card(
                CardInfo(name=UNNAMED, kind="unknown", icons_known=False), who, Zone.HAND
            )
            if player.hand_count is not None and player.hand_count > 0:
                player.hand_count -= 1
            self._load(card, ship, who)

    def on_load_from_deck(self, fact: Fact) -> None:
        """A card a text in force selects from the draw deck and loads onto a ship.

        The card never passes through the hand (the hand keeps its count); the draw deck,
        when its size is known, holds one card fewer.
        """
        who = fact.who or ME
        *refs, ship_ref = fact.cards
        what = line_named(fact.text, fact.span.line)
        if refs:
            card = self.new_card(refs[0], who, Zone.DECK)
        else:
            info = CardInfo(name=UNNAMED, kind="unknown", icons_known=False)
            card = self.new_card(info, who, Zone.DECK)
        texts = deck_loading_texts(Forces(self.state), card, who)
        if not texts:
            raise CannotAnswer(
                f"{what}: no card text in force has its player load "
                + (f'"{card.name}"' if refs else "a card")
                + " from the draw deck onto a ship"
            )
        ship = self._ship(ship_ref, who)
        player = self.state.player(who)
        if player.deck_count is not None and player.deck_count > 0:
            player.deck_count -= 1
        if player.deck_most is not None:
            player.deck_most = max(0, player.deck_most - 1)
            player.deck_least = max(0, player.deck_least - 1)
        card.source = "deck"
        card.zone, card.ship = Zone.CARGO, ship
        self.record(
            "load", who, (card, ship), by_text=True, from_deck=True, text_of=texts[-1].card.uid
        )

    def on_discard_bluff(self, fact: Fact) -> None:
        """One face-down bluff card the situation does not name is discarded."""
        players = fact.param("players", (fact.who or ME,))
        who, owner = players[0], players[-1]
        card = next(
            (
                c
                for c in self.state.owned(owner, frozenset({Zone.SUPPORT}))
                if c.face_down and c.name == UNKNOWN_BLUFF
            ),
            None,
        )
        if card is None:
            raise CannotAnswer(
                f"{line_named(fact.text, fact.span.line)}: the situation gives that player "
                "no face-down bluff card it does not name"
            )
        self.to_discard(card)
        self.state.player(owner).unknown_bluffs -= 1
        self.record("discard", who, (card,), where="play", owner=owner)

    def on_exchange(self, fact: Fact) -> None:
        """A card in play exchanged with one of its player's discard pile (by its text).

        The first goes onto the discard pile; the second, from there, takes its place in play.
        """
        who = fact.who or ME
        first_ref, second_ref = fact.cards[:2]
        first = self.locate(first_ref, who, state_in_play())
        if first is None:
            raise CannotAnswer(
                f'{line_named(fact.text, fact.span.line)}: "{first_ref.name}" is not '
                "in play, so nothing puts it on the discard pile in exchange"
            )
        if not any(
            exchanged_for(act) is not None
            for source in effects_of(first)
            if isinstance(source.effect, fx.ActionEffect)
            for do in source.effect.dos
            for act in do.acts
        ):
            raise CannotAnswer(
                f"{line_named(fact.text, fact.span.line)}: no text of "
                f'"{first_ref.name}" exchanges it with a card of the discard pile'
            )
        second = self.locate(second_ref, who, frozenset({Zone.DISCARD}))
        if second is None:
            second = self.new_card(second_ref, who, Zone.DISCARD)
        zone = first.zone
        self.to_discard(first)
        second.change(zone=zone, active=True, turn=self.state.turn, seq=self.state.next_seq())
        self.recount(second, +1)
        self.record("exchange", who, (first, second))

    def on_no_use(self, fact: Fact) -> None:
        """A player does not use the optional text of a card played: it is stated."""
        who = fact.who or ME
        card = self.locate(fact.card, who) or self.put_in_play(fact.card, who)
        self.record("no_use", who, (card,))

    def _ship(self, ref: CardRef, who: str) -> Instance:
        """The ship a player loads cards onto (in his influence area, or landed)."""
        ship = self.locate(ref, who, frozenset({Zone.INFLUENCE, Zone.LANDED}))
        return ship if ship is not None else self.new_card(ref, who, Zone.INFLUENCE, active=True)

    def _load(self, card: Instance, ship: Instance, who: str) -> None:
        """A card of the hand goes onto a ship (by a card text loading cards just now, or not)."""
        text = load_text_for(Forces(self.state), card, ship, who)
        card.zone = Zone.CARGO
        card.ship = ship
        if text is not None:
            self.record("load", who, (card, ship), by_text=True, text_of=text.source.card.uid)
        else:
            self.record("load", who, (card, ship))


def state_in_play() -> frozenset[Zone]:
    """The zones of cards in play."""
    return IN_PLAY
