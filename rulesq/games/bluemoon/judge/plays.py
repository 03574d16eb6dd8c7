"""Whether a card may be played now: turn, phase, limits, STOP, prohibitions.

Whether a card may be played now: the turn and phase, the limits of a turn, STOP, the prohibitions
of opposing cards and the card's own conditions checked in hand.

The limits (rulebook p.7-8, p.14-16): one Leadership phase card per turn (or a REPLACE discard
instead); one character card, FREE cards not counting, two matching PAIR cards counting as
one, and GANG cards joining an active gang not counting; one booster or support card (none on the
first turn of a fight), more where a card text allows it. A card with a STOP icon ends the playing
of cards, unless a card text allows more (card instructions supersede the game rules). Ladder: "you
may not" beats other card text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.cards import CHARACTER_KINDS, LEADERSHIP_PHASE_KINDS
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.holds import holds
from rulesq.games.bluemoon.judge.moves import phase_of
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import Instance, State, Step, Zone, other
from rulesq.games.bluemoon.selectors import Cards, Q, Ref
from rulesq.games.bluemoon.selectors import R as RefKind
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.moves import Moves

INFINITE = 99
#: The rules that allow a play of each kind of card, cited when nothing stops it.
BASIC_RULES: dict[str, tuple[str, ...]] = {
    "character": (R.MUST_PLAY_CHARACTER, R.FREE),
    "mutant": (R.MUST_PLAY_CHARACTER, R.FREE),
    "booster": (R.PLAY_BOOSTER, R.FREE),
    "support": (R.FREE,),
    "leadership": (R.ONE_LEADERSHIP_PHASE_CARD,),
    "hyla": (R.ONE_LEADERSHIP_PHASE_CARD, R.HYLA_DISPLAY),
    "crystal": (R.ONE_LEADERSHIP_PHASE_CARD,),
    "ship": (R.ONE_LEADERSHIP_PHASE_CARD, R.SHIP_LEADERSHIP_PHASE),
    "interference": (R.INTERFERENCE_RESPOND,),
}


# ---------------------------------------------------------------------- as played
def as_if_icons(moves: Moves, card: Instance, who: str) -> frozenset[str]:
    """The icons a card is "treated as if it had" while it is played.

    The icons a card is "treated as if it had" while it is played: by card texts, and FREE for the
    characters a game rule frees when played from a landed ship.
    """
    from rulesq.games.bluemoon.judge.ships import free_from_ship

    state = moves.state
    forces = Forces(state)
    icons: set[str] = {"FREE"} if free_from_ship(card) else set()
    for source in forces.effects(fx.NextPlayedAsIf, controller=who):
        effect = source.effect
        assert isinstance(effect, fx.NextPlayedAsIf)
        if source.card.turn != state.turn or not matches(effect.cards, card, who, forces):
            continue
        later = [c for c in state.played_this_turn(who)
                 if c.seq > source.card.seq and matches(effect.cards, c, who, forces)]
        if not later:
            icons.add(effect.as_if.icon)
    for source in forces.in_force(card, in_hand=True):
        effect = source.effect
        if isinstance(effect, fx.PlayAsIf) and isinstance(effect.cards, Ref) \
                and effect.cards.kind is RefKind.THIS_CARD:
            if effect.condition is None or holds(effect.condition, who, forces, card):
                icons.add(effect.as_if.icon)
    return frozenset(icons)


def gang_joins(forces: Forces, card: Instance, who: str) -> bool:
    """Whether a character card joins an active gang (rulebook p.16).

    Whether a character card joins an active gang: it has an effective GANG icon, and every active
    card of the combat area is a character card of its gang (rulebook p.16).
    """
    if not card.is_character or not forces.has_icon(card, "GANG"):
        return False
    area = forces.state.owned(who, frozenset({Zone.COMBAT}), active=True)
    area = [c for c in area if c is not card]
    return bool(area) and all(c.is_character and c.info.gang == card.info.gang
                              and forces.has_icon(c, "GANG") for c in area)


def pushes(forces: Forces, card: Instance) -> bool:
    """Whether a character card pushes the previously active cards under it.

    Whether a character card pushes the previously active cards under it (not when its own text says
    it may be played without pushing them).
    """
    return not any(isinstance(s.effect, fx.PlayWithoutPushing)
                   for s in forces.in_force(card, in_hand=True))


# ---------------------------------------------------------------------- the limits
@dataclass
class Unit:
    """A character play for the one-character limit: one card, or a PAIR played together."""

    cards: list[Instance]
    free: bool

    @property
    def pair_open(self) -> bool:
        """Whether this is a single PAIR-able card that a matching card may still join."""
        return len(self.cards) == 1


def character_units(state: State, who: str) -> list[Unit]:
    """The character plays of the turn, PAIR cards played together counted as one."""
    units: list[Unit] = []
    for event in state.events_of("play", who, this_turn=True):
        card = event.cards[0]
        if event.data.get("bluff") or not card.is_character or event.data.get("responding"):
            continue
        if card.cancelled:
            continue
        free = bool(event.data.get("free") or event.data.get("gang"))
        last = units[-1] if units else None
        if last is not None and last.pair_open and _pairs(last.cards[0], card) \
                and event.data.get("pair", True):
            last.cards.append(card)
            last.free = last.free or free
            continue
        units.append(Unit([card], free))
    return units


def _pairs(first: Instance, second: Instance) -> bool:
    return ("PAIR" in first.info.icons and "PAIR" in second.info.icons
            and first.info.first_word == second.info.first_word)


def support_plays(state: State, who: str) -> list[str]:
    """The booster/support plays of the turn that count toward the limit.

    The booster/support plays of the turn that count toward the limit (FREE ones do not; a bluff
    card is a support card play; loading a ship is instead of one).
    """
    kinds = []
    for event in state.events:
        if event.turn != state.turn or event.who != who:
            continue
        if event.kind == "load" and not event.data.get("by_text"):
            kinds.append("support")
        if event.kind != "play" or event.data.get("free") or event.data.get("responding"):
            continue
        card = event.cards[0]
        if event.data.get("bluff"):
            kinds.append("support")
        elif card.info.kind in ("booster", "support") and not card.cancelled:
            kinds.append(card.info.kind)
    return kinds


@dataclass
class Slots:
    """How many booster and support cards a turn allows, and the texts that add to it."""

    either: int
    booster: int = 0
    support: int = 0
    sources: tuple[Source, ...] = ()

    def fits(self, kinds: list[str]) -> bool:
        """Whether these booster/support plays fit the slots."""
        booster = kinds.count("booster")
        support = kinds.count("support")
        spare_b = max(0, booster - self.booster)
        spare_s = max(0, support - self.support)
        return spare_b + spare_s <= self.either


def permissions(forces: Forces, who: str) -> list[Source]:
    """The play permissions of a player's cards in force now ("I may play …")."""
    found = []
    for source in forces.effects(fx.PlayPermission, controller=who):
        if permission_window(forces, source):
            found.append(source)
    return found


def permission_window(forces: Forces, source: Source) -> bool:
    """Whether a permission's time holds now.

    Whether a permission's time holds now ("On my turn", "On this turn", "In my Character phase",
    "On the turn in which I land this ship").
    """
    effect = source.effect
    when = getattr(effect, "when", None)
    state = forces.state
    if when is None:
        return True
    if when.kind is W.LAND_TURN:
        return source.card.landed_turn == state.turn
    if when.kind is W.IN_PHASE:
        return state.turn_owner == source.controller
    return forces.window_open(source)


def slots(forces: Forces, who: str, first_turn: bool) -> Slots:
    """The booster/support slots of the turn (none on the first turn of a fight)."""
    out = Slots(either=0 if first_turn else 1)
    used: list[Source] = []
    for source in permissions(forces, who):
        effect = source.effect
        assert isinstance(effect, fx.PlayPermission)
        cards = effect.cards
        if not isinstance(cards, Cards) or not cards.types:
            continue
        kinds = {t.value for t in cards.types}
        if not kinds <= {"booster", "support"}:
            continue
        many = cards.quantity.kind is Q.ANY_NUMBER
        n = INFINITE if many else (cards.quantity.n or 1)
        if kinds == {"support"}:
            out.support += n
            if many:
                out.booster += 1      # Special Rule 3: "you may also play one booster card"
        elif kinds == {"booster"}:
            out.booster += n
        else:
            out.either += n
        used.append(source)
    out.sources = tuple(used)
    return out


# ---------------------------------------------------------------------- the judge
class PlayJudge:
    """Decides whether a player may play a card now, and why."""

    def __init__(self, state: State, first_turn: bool = False) -> None:
        self.state = state
        self.forces = Forces(state)
        self.first_turn = first_turn

    def can_play(self, card: Instance, who: str, *, bluff: bool = False,
                 from_deck: bool = False, location: bool = True) -> Ruling:
        """The ruling on playing a card now.

        The ruling on playing ``card`` now (from hand, a landed ship or, with ``from_deck``, the
        draw deck by a card's text). With ``location`` False, where the card is does not matter:
        the play of a card of its kind, as an action done instead of one asks (loading a ship).
        """
        checks = [self._turn, self._location, self._phase, self._stop, self._limits,
                  self._prohibitions, self._own_text]
        if not location:
            checks.remove(self._location)
        allowing: list[Ruling] = []
        for check in checks:
            ruling = check(card, who, bluff, from_deck)
            if ruling is None:
                continue
            if not ruling.allowed:
                return ruling
            allowing.append(ruling)
        return self._allowed(card, allowing)

    def _allowed(self, card: Instance, notes: list[Ruling]) -> Ruling:
        decided = [r for r in notes if r.step is not None]
        if decided:
            out = decided[0]
            for extra in notes:
                if extra is not out:
                    out.cite(*extra.rules)
                    out.sources += extra.sources
            return out
        out = yes(f'nothing stops "{card.name}" from being played now', *BASIC_RULES.get(
            "support" if card.face_down else card.info.kind, ()))
        out.negatives.append(f'no active card forbids playing "{card.name}"')
        for extra in notes:
            out.cite(*extra.rules)
            out.sources += extra.sources
            out.negatives += extra.negatives
        return out

    # ------------------------------------------------------------------ turn, place, phase
    def _turn(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        state = self.state
        if state.fight_over:
            return no("the fight is over", R.FIGHT_END_REMOVE)
        if card.info.kind == "interference":
            from rulesq.games.bluemoon.judge.interference import trigger_ruling

            return trigger_ruling(self.forces, card, who)
        if card.info.kind in ("inquisitor", "leader", "emissary"):
            return no(f'"{card.name}" is not played during a fight', R.CARD_LOCATIONS)
        if state.turn_owner != who:
            return no("cards are played only on their player's own turn", R.ALTERNATE_TURNS,
                      R.OWN_TURN)
        if state.turn_over:
            return no("the turn is over", R.ALTERNATE_TURNS)
        if state.player(who).retreated or state.player(who).declined:
            return no("the player has retreated from the fight", R.ANNOUNCE_RETREAT)
        return None

    def _location(self, card: Instance, who: str, bluff: bool,
                  from_deck: bool) -> Ruling | None:
        state = self.state
        if card.in_play:
            return no(f'"{card.name}" is already in play', R.CARD_LOCATIONS)
        if card.zone is Zone.CARGO:
            ship = card.ship
            if ship is None or ship.zone is not Zone.LANDED:
                return no(f'"{card.name}" is loaded on a ship that has not landed; cards on '
                          "ships are not part of the hand", R.CARGO_NOT_HAND, R.CARGO_NOT_IN_PLAY)
            return None
        if from_deck:
            return None
        if card.zone is Zone.DISCARD:
            return no(f'"{card.name}" is in the discard pile', R.CARD_LOCATIONS)
        player = state.player(who)
        if card.zone is not Zone.HAND and player.hand_exact:
            return no(f'"{card.name}" is not in the hand', R.CARD_LOCATIONS)
        if card.info.kind in ("character", "mutant", "booster", "support") or bluff:
            return self._landed_restriction(card, who)
        return None

    def _landed_restriction(self, card: Instance, who: str) -> Ruling | None:
        """A ship landed this turn keeps character, booster and support cards in hand.

        With a ship landed this turn, character, booster and support cards come from the ships, not
        the hand, unless the ship's text allows it (BI rulesheet).
        """
        state = self.state
        landed = [e.cards[0] for e in state.events_of("land", who, this_turn=True)]
        if not landed:
            return None
        for source in permissions(self.forces, who):
            effect = source.effect
            assert isinstance(effect, fx.PlayPermission)
            cards = effect.cards
            if isinstance(cards, Cards) and effect.when is not None \
                    and effect.when.kind is W.LAND_TURN:
                limit = cards.quantity.n or 1
                if cards.quantity.kind is Q.COUNT and self._hand_plays(who) >= limit:
                    continue
                if not cards.types or any(card.info.is_a(t) for t in cards.types):
                    return yes("the landed ship's text allows cards from the hand",
                               R.SUPERSEDE, sources=[source], step="card text")
        return no("a ship was landed this turn: character, booster and support cards are "
                  "played from the landed ships, not from the hand", R.AS_IF_IN_HAND,
                  R.LANDED_SHIP_NOT_FROM_HAND)

    def _hand_plays(self, who: str) -> int:
        return sum(1 for e in self.state.events_of("play", who, this_turn=True)
                   if e.data.get("source") == "hand"
                   and e.cards[0].info.kind in ("character", "mutant", "booster", "support"))

    def _phase(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        step = Step.BOOSTER_SUPPORT if bluff else phase_of(card.info.kind)
        if step is None or from_deck:
            return None
        now = self.state.current_phase
        if now > step and not (now is Step.RETREAT_FROM_FIGHT and step > now):
            return no(f"the {step.title} phase is over (it is the {now.title} phase)",
                      R.ALTERNATE_TURNS)
        return None

    # ------------------------------------------------------------------ STOP and limits
    def _stop(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        stops = [e.cards[0] for e in self.state.events_of("play", who, this_turn=True)
                 if e.data.get("stop") and not e.cards[0].cancelled]
        if not stops or from_deck:
            return None
        allowed = self._permission_for(card, who, bluff)
        if allowed is not None:
            ruling = yes(f'"{stops[0].name}" has a STOP icon, but a card text allows this '
                         "play (card instructions supersede the game rules)", R.SUPERSEDE,
                         R.STOP, sources=[allowed], step="card text")
            ruling.beaten.append(("no (the STOP icon)", allowed))
            return ruling
        return no(f'"{stops[0].name}" was played with a STOP icon: no further cards this '
                  "turn", R.STOP)

    def _permission_for(self, card: Instance, who: str, bluff: bool) -> Source | None:
        """A permission in force that lets this card be played beyond the rules."""
        for source in permissions(self.forces, who):
            effect = source.effect
            assert isinstance(effect, fx.PlayPermission)
            cards = effect.cards
            if not isinstance(cards, Cards) or not cards.types:
                continue
            kind = "support" if bluff else card.info.kind
            if any(t.value == kind for t in cards.types):
                return source
        return None

    def _limits(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        if from_deck:
            return None  # a card a text plays from the draw deck is not the turn's card play
        kind = "support" if bluff else card.info.kind
        if kind in LEADERSHIP_PHASE_KINDS:
            return self._leadership_limit(card, who)
        if kind in CHARACTER_KINDS:
            return self._character_limit(card, who)
        if kind in ("booster", "support"):
            return self._support_limit(card, who, kind, bluff)
        return None

    def _leadership_limit(self, card: Instance, who: str) -> Ruling | None:
        state = self.state
        done = [e for e in state.events_of("play", who, this_turn=True)
                if e.cards[0].info.kind in LEADERSHIP_PHASE_KINDS and not e.cards[0].cancelled
                and not e.data.get("by_text")]
        replaced = list(state.events_of("use_icon", who, this_turn=True))
        if done:
            return no(f'"{done[0].cards[0].name}" was already played this turn: only one '
                      "Leadership phase card per turn", R.ONE_LEADERSHIP_PHASE_CARD)
        if replaced:
            return no("a card was discarded with its REPLACE icon this turn, instead of "
                      "playing a Leadership phase card", R.ONE_LEADERSHIP_PHASE_CARD, R.REPLACE)
        return None

    def _character_limit(self, card: Instance, who: str) -> Ruling | None:
        state = self.state
        forces = self.forces
        for source in forces.effects(fx.SelfRestriction, controller=who):
            effect = source.effect
            assert isinstance(effect, fx.SelfRestriction)
            if isinstance(effect.act, a.Play) and matches(effect.act.cards, card, who, forces) \
                    and source.card.seq < card.seq + 10**9:
                return no(f'"{source.card.name}": {source.quote}', sources=[source])
        units = character_units(state, who)
        icons = self._as_if(card, who)
        free = forces.has_icon(card, "FREE") or ("FREE" in icons
                                                 and forces.icon_ignored(card, "FREE") is None)
        if free:
            from rulesq.games.bluemoon.judge.ships import free_from_ship

            if free_from_ship(card) and not forces.has_icon(card, "FREE"):
                return yes("the card is played from a landed ship as if it had the FREE icon: it "
                           "does not count towards the limit of one character card", R.FREE,
                           R.FREE_FROM_SHIP, R.AS_IF_IN_HAND)
            return yes("the card has a FREE icon: it does not count towards the limit of one "
                       "character card", R.FREE)
        if gang_joins(forces, card, who):
            return yes("the card joins the active gang (GANG icon)", R.GANG)
        last = units[-1] if units else None
        if last is not None and last.pair_open and _pairs(last.cards[0], card) \
                and forces.has_icon(card, "PAIR") and forces.has_icon(last.cards[0], "PAIR") \
                and last.cards[0].seq == max(c.seq for u in units for c in u.cards):
            return yes(f'"{card.name}" and "{last.cards[0].name}" are a pair (PAIR icons)',
                       R.PAIR)
        counted = [u for u in units if not u.free]
        if counted:
            names = " and ".join(f'"{c.name}"' for c in counted[0].cards)
            return no(f"{names} already used this turn's one character card", R.FREE, R.FREE)
        return None

    def _as_if(self, card: Instance, who: str) -> frozenset[str]:
        from rulesq.games.bluemoon.judge.moves import Moves

        class _Probe(Moves):
            def __init__(self, state: State) -> None:
                self.state = state

        return as_if_icons(_Probe(self.state), card, who)

    def _support_limit(self, card: Instance, who: str, kind: str,
                       bluff: bool = False) -> Ruling | None:
        forces = self.forces
        if not bluff and not card.face_down:     # a bluff card is played without its icons
            if forces.has_icon(card, "FREE") and not card.face_down:
                return yes("the card has a FREE icon: it does not count towards the limit of "
                           "one booster or support card", R.FREE)
            if "FREE" in self._as_if(card, who) and forces.icon_ignored(card, "FREE") is None:
                return yes("the card is treated as having a FREE icon", R.FREE)
        first = self.first_turn
        available = slots(forces, who, first)
        played = support_plays(self.state, who)
        if available.fits(played + [kind]):
            if not available.fits([kind] * (len(played) + 1)) or available.sources and \
                    not Slots(0 if first else 1).fits(played + [kind]):
                return yes("a card text allows this further card", R.SUPERSEDE,
                           R.ANY_NUMBER_OF_SUPPORT, sources=list(available.sources),
                           step="card text")
            return None
        if first and not played:
            return no("on the first turn of a fight the starting player plays neither a "
                      "booster nor a support card", R.FIRST_TURN)
        return no("this turn's booster or support card has already been played", R.FREE)

    # ------------------------------------------------------------------ prohibitions
    def _prohibitions(self, card: Instance, who: str, bluff: bool,
                      from_deck: bool) -> Ruling | None:
        forces = self.forces
        opponent = other(who)
        ignored: list[tuple[Source, Ruling]] = []
        for opposer in self.state.cards:
            if opposer.owner != opponent or not forces.live(opposer):
                continue
            for source in effects_of(opposer):
                effect = source.effect
                if not isinstance(effect, fx.Prohibition):
                    continue
                if not self._forbids(source, card, who, bluff, from_deck):
                    continue
                why = forces.text_ignored(opposer)
                if why is not None or forces.opposed(opposer) is not None:
                    if why is not None:
                        ignored.append((source, yes(
                            f'"{opposer.name}" would forbid it, but its text is ignored by '
                            f'"{why.source.card.name}"', R.IGNORING,
                            sources=[why.source], step="ignore")))
                    continue
                ruling = no(f'"{opposer.name}" forbids it: {source.quote}', R.YOU_MAY_NOT,
                            sources=[source], step="you may not")
                for permission in permissions(forces, who):
                    ruling.beaten.append((f'yes (by "{permission.card.name}")', source))
                    ruling.against.append(permission)
                return ruling
        if ignored:
            source, ruling = ignored[0]
            ruling.beaten.append(("no (a prohibition)", ruling.sources[0]))
            ruling.sources.append(source)
            return ruling
        return None

    def _forbids(self, source: Source, card: Instance, who: str, bluff: bool,
                 from_deck: bool) -> bool:
        effect = source.effect
        assert isinstance(effect, fx.Prohibition)
        forces = self.forces
        if who not in players_of(effect.who, source.controller):
            return False
        if effect.condition is not None and not holds(effect.condition, source.controller,
                                                      forces, card):
            return False
        act = effect.act
        when = effect.when
        if when is not None and when.kind is W.ON_TURN and when.role is not None:
            if self.state.turn_owner not in players_of(when.role, source.controller):
                return False
        if isinstance(act, a.Play):
            return self._forbids_play(act, source, card, who, bluff)
        if isinstance(act, a.Have) and isinstance(act.what, Cards) and card.is_character \
                and not bluff:
            return self._too_many_active(act.what, card, who)
        if isinstance(act, a.Take) and from_deck and isinstance(act.cards, Cards):
            place = act.cards.place
            return place is not None and "draw deck" in place.render()
        return False

    def _forbids_play(self, act: a.Play, source: Source, card: Instance, who: str,
                      bluff: bool) -> bool:
        cards = act.cards
        forces = self.forces
        if not isinstance(cards, Cards):
            return matches(cards, card, source.controller, forces)
        if act.into is not None and not bluff and card.info.kind not in (
                "character", "mutant", "booster"):
            return False
        probe = Cards(owner=cards.owner, types=cards.types, phase=cards.phase,
                      family=cards.family, icon=cards.icon, with_icon=cards.with_icon,
                      special_power_text=cards.special_power_text,
                      printed_value_above=cards.printed_value_above)
        if bluff:
            probe_ok = _bluff_matches(probe, card)
        else:
            probe_ok = matches(probe, card, source.controller, forces)
        if not probe_ok:
            return False
        if cards.quantity.kind is Q.MORE_THAN:
            into_combat = act.into is not None
            played = [e for e in self.state.events if e.turn == self.state.turn
                      and e.who == who and e.kind in ("play", "load")
                      and not e.data.get("by_text")
                      and (not into_combat or e.cards[0].info.kind in
                           ("character", "mutant", "booster"))]
            return len(played) + 1 > (cards.quantity.n or 0)
        return True

    def _too_many_active(self, what: Cards, card: Instance, who: str) -> bool:
        """Whether a play would leave more active character cards than allowed.

        "You may not have more than one active character card" forbids a play that would leave more
        than that many.
        """
        state = self.state
        active = [c for c in state.owned(who, frozenset({Zone.COMBAT}), active=True)
                  if c.is_character]
        covering = not any(e.cards[0].is_character and not e.data.get("responding")
                           and not e.data.get("bluff") and not e.cards[0].cancelled
                           for e in state.events_of("play", who, this_turn=True))
        if covering and pushes(self.forces, card) and not gang_joins(self.forces, card, who):
            active = [c for c in active if c.turn == state.turn]
        limit = what.quantity.n or 0
        return len(active) + 1 > limit

    # ------------------------------------------------------------------ the card's own text
    def _own_text(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        if bluff:
            return None
        forces = self.forces
        again = [s for s in forces.in_force(card, in_hand=True)
                 if isinstance(s.effect, fx.AttackAgain)]
        texts = [s for s in effects_of(card)
                 if isinstance(s.effect, fx.PlayCondition | fx.MustToPlay)]
        if not texts and again:
            ruling = yes(f'"{card.name}" lets the active cards attack again: the fight goes on '
                         "without a new character card (card instructions supersede the game "
                         "rules)", R.SUPERSEDE, R.MUST_PLAY_CHARACTER, sources=again,
                         step="card text")
            ruling.beaten.append(("no (a character card must be played to continue the "
                                  "fight)", again[0]))
            return ruling
        if not texts:
            return None
        why = forces.text_ignored(card)
        notes: list[Ruling] = []
        for source in texts:
            effect = source.effect
            if isinstance(effect, fx.PlayCondition):
                if why is not None:
                    ruling = yes(f'the condition of "{card.name}" is ignored (by '
                                 f'"{why.source.card.name}"), so it does not stop the play',
                                 R.IGNORING, R.IGNORED_CARD, sources=[why.source],
                                 step="ignore")
                    ruling.beaten.append((f"no (the condition: {source.quote})", why.source))
                    notes.append(ruling)
                    continue
                bypass = self._mutant_permission(card, who)
                if bypass is not None:
                    ruling = yes(f'"{bypass.card.name}" allows playing any mutant, whatever its '
                                 "condition", R.SUPERSEDE, sources=[bypass], step="card text")
                    notes.append(ruling)
                    continue
                if not holds(effect.condition, who, forces, card):
                    return no(f'the condition of "{card.name}" is not met: {source.quote}',
                              R.TEXT_IN_HAND, sources=[source])
                notes.append(yes(f'the condition of "{card.name}" is met: {source.quote}',
                                 R.TEXT_IN_HAND, sources=[source]))
            elif isinstance(effect, fx.MustToPlay):
                ruling = self._requirement(source, card, who)
                if not ruling.allowed:
                    return ruling
                notes.append(ruling)
        return notes[0] if notes else None

    def _mutant_permission(self, card: Instance, who: str) -> Source | None:
        if card.info.kind != "mutant":
            return None
        for source in permissions(self.forces, who):
            effect = source.effect
            assert isinstance(effect, fx.PlayPermission)
            cards = effect.cards
            if isinstance(cards, Cards) and any(t.value == "mutant" for t in cards.types) \
                    and self.state.current_phase <= Step.CHARACTER:
                return source
        return None

    def _requirement(self, source: Source, card: Instance, who: str) -> Ruling:
        effect = source.effect
        assert isinstance(effect, fx.MustToPlay)
        act = effect.requirement
        if isinstance(act, a.Discard):
            size = self.state.hand_size(who)
            if size is None:
                return yes(f'"{card.name}" must discard a card from hand to be played',
                           R.I_MUST, sources=[source])
            others = size - (1 if card.zone is Zone.HAND else 0)
            if others < 1:
                return no(f'"{card.name}" needs another card in hand to discard', R.I_MUST,
                          sources=[source])
            return yes(f'"{card.name}" can be played by discarding a card', R.I_MUST,
                       sources=[source])
        if isinstance(act, a.Have):
            raise CannotAnswer(f'the situation does not say whether "{card.name}"\'s '
                               f"requirement holds ({source.quote})")
        return yes(source.quote, R.I_MUST, sources=[source])


def _bluff_matches(probe: Cards, card: Instance) -> bool:
    """A bluff card is played as a support card (BI rulesheet), face down."""
    if probe.types and not any(t.value in ("support", "bluff") for t in probe.types):
        return False
    if probe.special_power_text is not None and card.info.has_text != probe.special_power_text:
        return False
    return not probe.phase
