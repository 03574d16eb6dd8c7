"""Whether a card may be played now: turn, phase, limits, STOP, prohibitions.

First the gates that no card text speaks to: the turn, where the card is, the phase. Then every
rule on the play becomes a claim: STOP and the limits of a turn (``limits``) as game rules, the
texts that allow more as card text, the prohibitions of opposing cards and the player's own
"I may not" (``forbids``), the ignores over them; the ladder decides (``claims.decide``). Last,
once the play itself is permitted, the card's own texts read in hand (``own_text``): its
conditions and "I must" costs (the play gate: a card's text acts only once it is played).

The limits (rulebook p.7-8, p.14-16): one Leadership phase card per turn (or a REPLACE discard
instead); one character card, FREE cards not counting, two matching PAIR cards counting as
one, and GANG cards joining an active gang not counting; one booster or support card (none on the
first turn of a fight), more where a card text allows it. A card with a STOP icon ends the playing
of cards, unless a card text allows more (card instructions supersede the game rules). Ladder: "you
may not" beats other card text.
"""

from __future__ import annotations

from rulesq.errors import CannotAnswer, RulesqError
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.cards import CHARACTER_KINDS, LEADERSHIP_PHASE_KINDS
from rulesq.games.bluemoon.judge.claims import (
    Claim,
    Stance,
    decide,
    effect_claim,
    ignore_claim,
    rule_claim,
)
from rulesq.games.bluemoon.judge.forbids import ProhibitionChecks
from rulesq.games.bluemoon.judge.forces import Forces, Source
from rulesq.games.bluemoon.judge.interference import (
    cancelled_leadership,
    cancelled_leadership_note,
    trigger_ruling,
)
from rulesq.games.bluemoon.judge.limits import (
    Slots,
    Unit,
    character_units,
    extra_characters,
    ignored_permissions,
    pairs,
    permissions,
    permits_kind,
    slots,
    support_plays,
)
from rulesq.games.bluemoon.judge.moves import Moves, phase_of
from rulesq.games.bluemoon.judge.own_text import OwnTextChecks
from rulesq.games.bluemoon.judge.placing import placed_nowhere
from rulesq.games.bluemoon.judge.playing import (
    as_if_icons,
    free_from_ship,
    gang_joins,
    next_played_as_if,
    unfollowed_play_now,
)
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.state import (
    Instance,
    State,
    Step,
    Zone,
    hand_current,
    new_instance,
)
from rulesq.games.bluemoon.selectors import Cards, Q
from rulesq.games.bluemoon.times import W

#: What a check of the play judge finds: a claim on the play, or a note to cite with it.
Found = Claim | Ruling

INFINITE = 99

#: Enum members (and sets of them) read on hot paths, held as plain names: on Python 3.11
#: reading a member off its class goes through the enum metaclass's ``__getattr__`` hook
#: (several hundred instructions a read, ten times a plain class attribute).
_PERMIT = Stance.PERMIT
_CARGO, _LANDED, _DISCARD, _HAND = Zone.CARGO, Zone.LANDED, Zone.DISCARD, Zone.HAND
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


class _Probe(Moves):
    """The moves of a state, to read what a card would be played as (nothing is played)."""

    def __init__(self, state: State) -> None:
        self.state = state


class PlayJudge(ProhibitionChecks, OwnTextChecks):
    """Decides whether a player may play a card now, and why."""

    def __init__(self, state: State, first_turn: bool = False) -> None:
        self.state = state
        self.forces = Forces(state)
        self.first_turn = first_turn

    def can_play(
        self,
        card: Instance,
        who: str,
        *,
        bluff: bool = False,
        from_deck: bool = False,
        location: bool = True,
        conflict_ok: bool = False,
    ) -> Ruling:
        """The ruling on playing a card now.

        The ruling on playing ``card`` now (from hand, a landed ship or, with ``from_deck``, the
        draw deck by a card's text). With ``location`` False, where the card is does not matter:
        the play of a card of its kind, as an action done instead of one asks (loading a ship).
        A conflict of card texts is a ruling with ``conflict`` set when ``conflict_ok`` (the
        question itself asks about the play), else cannot answer.
        """
        ruling = self._can_play(card, who, bluff, from_deck, location)
        if ruling.conflict and not conflict_ok:
            raise CannotAnswer(ruling.reason)
        return ruling

    def _can_play(
        self, card: Instance, who: str, bluff: bool, from_deck: bool, location: bool
    ) -> Ruling:
        unfollowed_play_now(self.forces, card, who)
        gates = [self._turn, self._location, self._phase] if location else [self._turn, self._phase]
        notes: list[Ruling] = []
        for gate in gates:
            ruling = gate(card, who, bluff, from_deck)
            if ruling is None:
                continue
            if not ruling.allowed:
                return ruling
            notes.append(ruling)
        kind = "support" if card.face_down else card.info.kind
        claims = [
            rule_claim(
                _PERMIT,
                f'nothing stops "{card.name}" from being played this turn',
                *BASIC_RULES.get(kind, ()),
                default=True,
            )
        ]
        stop_claims: list[Claim] = []
        for gather, into in (
            (self._stop, stop_claims),
            (self._self_restrictions, claims),
            (self._limits, claims),
            (self._prohibitions, claims),
        ):
            for found in gather(card, who, bluff, from_deck):
                if isinstance(found, Ruling) and not found.allowed:
                    return found
                if isinstance(found, Ruling):
                    notes.append(found)
                else:
                    into.append(found)
        if stop_claims:
            # A text that lifts STOP lifts nothing else: the other restrictions must allow
            # the play on their own before STOP's claims join them.
            without_stop = decide(claims)
            if without_stop.conflict or not without_stop.allowed:
                return without_stop
        ruling = decide([*claims, *stop_claims])
        if ruling.conflict or not ruling.allowed:
            return ruling
        own = self._own_text(card, who, bluff, from_deck)
        if own is not None and not own.allowed:
            return own
        notes += self._ignored_once_in_play(card, who, bluff)
        return self._allowed(card, ruling, [own, *notes] if own is not None else notes)

    def _ignored_once_in_play(self, card: Instance, who: str, bluff: bool) -> list[Ruling]:
        """An ignore that will reach the card once in play: an ignored card keeps its type.

        Being ignored takes away a card's values, icons and text, not its being a card of its
        type, so it does not stop the play (rulebook p.17).
        """
        zone = {"booster": Zone.COMBAT, "support": Zone.SUPPORT}.get(card.info.kind)
        if card.is_character:
            zone = Zone.COMBAT
        if zone is None or bluff or card.face_down:
            return []
        probe = new_instance(card.uid, card.info, who, zone, active=True, turn=self.state.turn)
        try:
            why = self.forces.card_ignored(probe)
        except RulesqError:
            return []
        if why is None:
            return []
        note = yes(
            f'"{why.source.card.name}" will ignore "{card.name}" once it is in play, but an '
            f"ignored card is still a {card.info.kind} card: that does not stop its play",
            R.IGNORED_CARD,
        )
        note.negatives.append(f'being ignored does not stop the play of "{card.name}"')
        return [note]

    def _allowed(self, card: Instance, ruling: Ruling, notes: list[Ruling]) -> Ruling:
        """The permitted play's ruling, with what the other checks noted."""
        if ruling.step is None:
            decided = [r for r in notes if r.step is not None]
            if decided:
                ruling, notes = decided[0], [ruling, *(n for n in notes if n is not decided[0])]
            else:
                ruling.negatives.append(f'no active card forbids playing "{card.name}"')
                ruling.reason = _leading_text(ruling.reason, notes)
        for extra in notes:
            ruling.cite(*extra.rules)
            ruling.sources += [s for s in extra.sources if s not in ruling.sources]
            ruling.negatives += extra.negatives
        return ruling

    # ------------------------------------------------------------------ turn, place, phase
    def _turn(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        state = self.state
        if state.fight_over:
            return no("the fight is over", R.FIGHT_END_REMOVE)
        if card.info.kind == "interference":
            return trigger_ruling(self.forces, card, who)
        if card.info.kind in ("inquisitor", "leader", "emissary"):
            return no(f'"{card.name}" is not played during a fight', R.CARD_LOCATIONS)
        if state.turn_owner != who:
            return no(
                "cards are played only on their player's own turn", R.ALTERNATE_TURNS, R.OWN_TURN
            )
        if state.turn_over:
            return no("the turn is over", R.ALTERNATE_TURNS)
        if state.player(who).retreated or state.player(who).declined:
            return no("the player has retreated from the fight", R.ANNOUNCE_RETREAT)
        return None

    def _location(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        state = self.state
        if card.in_play:
            return no(f'"{card.name}" is already in play', R.CARD_LOCATIONS)
        if card.zone is _CARGO:
            ship = card.ship
            if ship is None or ship.zone is not _LANDED:
                return no(
                    f'"{card.name}" is loaded on a ship that has not landed; cards on '
                    "ships are not part of the hand",
                    R.CARGO_NOT_HAND,
                    R.CARGO_NOT_IN_PLAY,
                )
            return yes(
                f'"{card.name}" is on the landed ship "{ship.name}": cards are played from '
                "landed ships as if they were in the hand",
                R.AS_IF_IN_HAND,
            )
        if from_deck:
            return None
        if card.zone is _DISCARD:
            return no(f'"{card.name}" is in the discard pile', R.CARD_LOCATIONS)
        player = state.player(who)
        if card.zone is not _HAND and player.hand_exact:
            return no(f'"{card.name}" is not in the hand', R.CARD_LOCATIONS)
        if card.zone is _HAND and placed_nowhere(card):
            ruled_out = self._hand_rules_out(card, who, named=card.uid == -1)
            if ruled_out is not None:
                return no(ruled_out, R.CARD_LOCATIONS)
        if card.info.kind in ("character", "mutant", "booster", "support") or bluff:
            return self._landed_restriction(card, who)
        return None

    def _hand_rules_out(self, card: Instance, who: str, named: bool) -> str | None:
        """Why a card only supposed to be in the hand cannot be there, or None.

        By what the situation says of the hand, while that still holds (no new turn, draw or
        retrieval since). A ``named`` card (not a probe standing for any card of its kind) is
        also ruled out by a hand counted and named in full.
        """
        state = self.state
        player = state.player(who)
        if (
            player.hand_seq is None
            or not hand_current(state, who)
            or any(
                e.seq > player.hand_seq and e.who == who and e.kind in ("draw", "retrieve")
                for e in state.events
            )
        ):
            return None
        size = state.hand_size(who)
        if size == 0:
            return "the hand holds no cards"
        names = [c.name for c in state.hand(who) if not placed_nowhere(c)]
        if named and size is not None and names and len(names) >= size:
            # Counted and named in full: the named cards are the whole hand, not this one.
            held = ", ".join(f'"{name}"' for name in names)
            return f"the hand holds {size} card(s), all named ({held}), and not this one"
        lacking = [
            k
            for k in player.hand_lacks
            if card.info.kind == k or (k == "character" and card.is_character)
        ]
        if lacking:
            return f"the hand holds no {lacking[0]} card"
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
        allowed = [
            rule_claim(
                Stance.FORBID,
                "a ship was landed this turn: character, booster "
                "and support cards are played from the landed ships, not from the "
                "hand",
                R.AS_IF_IN_HAND,
                R.LANDED_SHIP_NOT_FROM_HAND,
            )
        ]
        for source in permissions(self.forces, who):
            effect = source.effect
            assert isinstance(effect, fx.PlayPermission)
            cards = effect.cards
            if (
                isinstance(cards, Cards)
                and effect.when is not None
                and effect.when.kind is W.LAND_TURN
            ):
                limit = cards.quantity.n or 1
                if cards.quantity.kind is Q.COUNT and self._hand_plays(who) >= limit:
                    continue
                if not cards.types or any(card.info.is_a(t) for t in cards.types):
                    allowed.append(
                        effect_claim(
                            Stance.PERMIT,
                            source,
                            "the landed ship's text allows cards from the hand",
                            R.SUPERSEDE,
                        )
                    )
        return decide(allowed)

    def _hand_plays(self, who: str) -> int:
        return sum(
            1
            for e in self.state.events_of("play", who, this_turn=True)
            if e.data.get("source") == "hand"
            and e.cards[0].info.kind in ("character", "mutant", "booster", "support")
        )

    def _phase(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        step = Step.BOOSTER_SUPPORT if bluff else phase_of(card.info.kind)
        if step is None or from_deck:
            return None
        now = self.state.current_phase
        if now > step and not (now == Step.RETREAT_FROM_FIGHT and step > now):
            return no(
                f"the {step.title} phase is over (it is the {now.title} phase)", R.ALTERNATE_TURNS
            )
        return None

    # ------------------------------------------------------------------ STOP and limits
    def _stop(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> list[Found]:
        events = [
            e
            for e in self.state.events_of("play", who, this_turn=True)
            if e.data.get("stop") and not e.cards[0].cancelled
        ]
        stops = [e.cards[0] for e in events]
        if not stops and not from_deck:
            return self._cancelled_stop(who)
        if not stops or from_deck:
            return []
        allowed = self._permission_for(card, who, bluff)
        kind = "support" if bluff else card.info.kind
        if allowed is not None and kind in ("booster", "support"):
            # After STOP only the card texts' own allowance remains, not the rules' one card.
            since = support_plays(self.state, who, after=events[0].seq)
            if not slots(self.forces, who, True).fits(since + [kind]):
                # The one text that could lift STOP is spent: no claim is left to argue.
                return [
                    no(
                        f'"{stops[0].name}" was played with a STOP icon, and the card text '
                        f'allowing further cards ("{allowed.card.name}") is used up',
                        R.STOP,
                        sources=[allowed],
                    )
                ]
        stop = rule_claim(
            Stance.FORBID,
            f'"{stops[0].name}" was played with a STOP icon: no further cards this turn',
            R.STOP,
            label="the STOP icon",
        )
        if allowed is not None:
            return [
                stop,
                effect_claim(
                    Stance.PERMIT,
                    allowed,
                    f'"{stops[0].name}" has a STOP '
                    "icon, but a card text allows this play (card "
                    "instructions supersede the game rules)",
                    R.SUPERSEDE,
                    R.STOP,
                ),
            ]
        if kind == "booster" and any(permits_kind(p, kind) for p in permissions(self.forces, who)):
            raise CannotAnswer(
                f'"{stops[0].name}" was played with a STOP icon; a card text in '
                "force allows any number of support cards, which supersedes STOP "
                "for support cards, and Special Rule 3 adds one booster card to "
                "such an instruction: whether that booster card also overrides "
                "STOP, the sources do not say"
            )
        return [stop]

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

    def _limits(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> list[Found]:
        if from_deck:
            return []  # a card a text plays from the draw deck is not the turn's card play
        kind = "support" if bluff else card.info.kind
        if kind in LEADERSHIP_PHASE_KINDS:
            return self._leadership_limit(card, who)
        if kind in CHARACTER_KINDS:
            return self._character_limit(card, who)
        if kind in ("booster", "support"):
            return self._support_limit(card, who, kind, bluff)
        return []

    def _leadership_limit(self, card: Instance, who: str) -> list[Found]:
        state = self.state
        done = [
            e
            for e in state.events_of("play", who, this_turn=True)
            if e.cards[0].info.kind in LEADERSHIP_PHASE_KINDS
            and not e.cards[0].cancelled
            and not e.data.get("by_text")
        ]
        replaced = [
            e
            for e in state.events_of("use_icon", who, this_turn=True)
            if e.data.get("icon") == "REPLACE"
        ]
        if done:
            return [
                rule_claim(
                    Stance.FORBID,
                    f'"{done[0].cards[0].name}" was already played '
                    "this turn: only one Leadership phase card per turn",
                    R.ONE_LEADERSHIP_PHASE_CARD,
                )
            ]
        if replaced:
            return [
                rule_claim(
                    Stance.FORBID,
                    "a card was discarded with its REPLACE icon this "
                    "turn, instead of playing a Leadership phase card",
                    R.ONE_LEADERSHIP_PHASE_CARD,
                    R.REPLACE,
                )
            ]
        cancelled = cancelled_leadership(state, who)
        return [cancelled_leadership_note(cancelled)] if cancelled is not None else []

    def _character_limit(self, card: Instance, who: str) -> list[Found]:
        state = self.state
        forces = self.forces
        units = character_units(state, who)
        icons = self._as_if(card, who)
        free = forces.has_icon(card, "FREE") or (
            "FREE" in icons and forces.icon_ignored(card, "FREE") is None
        )
        if free:
            if free_from_ship(card) and not forces.has_icon(card, "FREE"):
                return [
                    yes(
                        f'"{card.name}" is played from a landed ship as if '
                        "it had the FREE icon: it does not count towards the limit of "
                        "one character card",
                        R.FREE,
                        R.FREE_FROM_SHIP,
                        R.AS_IF_IN_HAND,
                    )
                ]
            if not forces.has_icon(card, "FREE"):
                return [self._treated_as_free(card, who, "one character card")]
            return [
                yes(
                    f'"{card.name}" has a FREE icon: it does not count '
                    "towards the limit of one character card",
                    R.FREE,
                )
            ]
        if gang_joins(forces, card, who):
            return [yes(f'"{card.name}" joins the active gang (GANG icon)', R.GANG)]
        last = units[-1] if units else None
        if (
            last is not None
            and last.pair_open
            and pairs(last.cards[0], card)
            and forces.has_icon(card, "PAIR")
            and forces.has_icon(last.cards[0], "PAIR")
            and last.cards[0].seq == max(c.seq for u in units for c in u.cards)
        ):
            return [
                yes(f'"{card.name}" and "{last.cards[0].name}" are a pair (PAIR icons)', R.PAIR)
            ]
        counted = [u for u in units if not u.free]
        if not counted:
            return self._kept_free_icon(units)
        names = " and ".join(f'"{c.name}"' for c in counted[0].cards)
        found: list[Found] = [
            rule_claim(
                Stance.FORBID,
                f"{names} already used this turn's one character card"
                + self._gang_missed(card, who),
                R.FREE,
                *((R.GANG,) if card.is_character and forces.has_icon(card, "GANG") else ()),
                label="one character card a turn",
            )
        ]
        extra, granting = extra_characters(forces, who, card)
        if len(counted) <= extra:
            found += [
                effect_claim(
                    Stance.PERMIT,
                    source,
                    "a card text allows this further character card",
                    R.SUPERSEDE,
                )
                for source in granting
            ]
            return found
        partner = (
            last.cards[0]
            if last is not None and last.pair_open and pairs(last.cards[0], card)
            else None
        )
        return found + (self._ignored_icon(card, who, partner) or self._spent_free_icon(counted[0]))

    def _gang_missed(self, card: Instance, who: str) -> str:
        """Why a character card's GANG icon does not lift the limit (it joins no gang), or ""."""
        if not (card.is_character and self.forces.has_icon(card, "GANG")):
            return ""
        area = [
            c for c in self.state.owned(who, frozenset({Zone.COMBAT}), active=True) if c is not card
        ]
        names = ", ".join(f'"{c.name}"' for c in area) or "none"
        return (
            f'; the GANG icon of "{card.name}" is ineffective: the active cards of the combat '
            f"area ({names}) are not all character cards of its gang with a GANG icon"
        )

    def _kept_free_icon(self, units: list[Unit]) -> list[Found]:
        """An earlier FREE card whose icon an ignore would have taken, but for an ignore over it.

        The FREE icon is checked in hand, just before the play: an ignore whose own text was
        ignored then left the icon standing, and the ignore over it is what decides.
        """
        for unit in units:
            for played in unit.cards:
                before = self._before_play(played)
                if before is None or "FREE" not in played.info.icons:
                    continue
                probe = next(
                    (c for c in before.cards if c.uid == played.uid),
                    new_instance(played.uid, played.info, played.owner, Zone.HAND),
                )
                forces = Forces(before)
                applying = forces.applying()
                for source in forces.ignore_sources:
                    if source in applying or forces._reaches(source, probe, True) is None:
                        continue
                    silenced = forces.text_ignored(source.card)
                    if silenced is None:
                        continue
                    return [
                        yes(
                            f'"{played.name}" was played with its FREE icon: '
                            f'"{source.card.name}" would have ignored it ({source.quote}), but '
                            f'its text was ignored by "{silenced.source.card.name}" '
                            f"({silenced.source.quote}); it does not count towards the limit "
                            "of one character card",
                            R.FREE,
                            R.IGNORING,
                            sources=[silenced.source],
                        )
                    ]
        return []

    def _before_play(self, played: Instance) -> State | None:
        """The state just before a card of this turn was played."""
        event = next(
            (
                e
                for e in self.state.events_of("play", played.owner, this_turn=True)
                if e.cards[0] is played
            ),
            None,
        )
        return self.state.snapshots.get(event.seq) if event is not None else None

    def _spent_free_icon(self, unit: Unit) -> list[Found]:
        """The FREE icon of the card that used the one character card, ignored as it was played.

        Its FREE icon would have kept it off the limit; the ignore that took the icon away when
        the card was played (checked in hand, just before the play) is what decides.
        """
        for played in unit.cards:
            if "FREE" not in played.info.icons:
                continue
            before = self._before_play(played)
            if before is None:
                continue
            probe = next(
                (c for c in before.cards if c.uid == played.uid),
                new_instance(played.uid, played.info, played.owner, Zone.HAND),
            )
            why = Forces(before).icon_ignored(probe, "FREE")
            if why is not None:
                return self._icon_claims("FREE", played, why.source, R.FREE)
        return []

    def _ignored_icon(
        self, card: Instance, who: str, partner: Instance | None = None
    ) -> list[Found]:
        """An icon that would lift a limit, and the ignore that takes it away, as claims.

        The card's FREE icon (printed, or one it is treated as having), or the PAIR icons of
        ``partner`` and the card.
        """
        forces = self.forces
        if "FREE" in card.info.icons or "FREE" in self._as_if(card, who):
            why = forces.icon_ignored(card, "FREE")
            if why is not None:
                return self._icon_claims("FREE", card, why.source, R.FREE)
        if partner is not None:
            for holder in (partner, card):
                why = forces.icon_ignored(holder, "PAIR")
                if why is not None:
                    return self._icon_claims("PAIR", holder, why.source, R.PAIR)
        return []

    @staticmethod
    def _icon_claims(icon: str, holder: Instance, ignorer: Source, rule: str) -> list[Found]:
        label = f'the {icon} icon of "{holder.name}"'
        return [
            rule_claim(Stance.PERMIT, f"{label} lifts the limit", rule, holder=holder, label=label),
            ignore_claim(ignorer, holder, what="it"),
        ]

    def _cancelled_stop(self, who: str) -> list[Found]:
        """A card with a STOP icon that was cancelled never became active: no STOP this turn."""
        cancelled = [
            e.cards[0]
            for e in self.state.events_of("play", who, this_turn=True)
            if e.data.get("stop") and e.cards[0].cancelled
        ]
        if not cancelled:
            return []
        return [
            yes(
                f'"{cancelled[0].name}" was cancelled and never became active: its STOP icon '
                "has no effect",
                R.INTERFERENCE_CANCELLED,
                R.STOP,
            )
        ]

    def _treated_as_free(self, card: Instance, who: str, limit: str) -> Ruling:
        """The note that a card text has the card played as if it had the FREE icon."""
        texts = next_played_as_if(_Probe(self.state), card, who)
        by = f' by "{texts[0].card.name}" ({texts[0].quote})' if texts else ""
        return yes(
            f'"{card.name}" is treated as having a FREE icon{by}: it does not count towards the '
            f"limit of {limit}",
            R.FREE,
            sources=texts[:1],
        )

    def _as_if(self, card: Instance, who: str) -> frozenset[str]:
        return as_if_icons(_Probe(self.state), card, who)

    def _support_limit(
        self, card: Instance, who: str, kind: str, bluff: bool = False
    ) -> list[Found]:
        forces = self.forces
        if not bluff and not card.face_down:  # a bluff card is played without its icons
            if forces.has_icon(card, "FREE") and not card.face_down:
                return [
                    yes(
                        f'"{card.name}" has a FREE icon: it does not count '
                        "towards the limit of one booster or support card",
                        R.FREE,
                    )
                ]
            if "FREE" in self._as_if(card, who) and forces.icon_ignored(card, "FREE") is None:
                return [self._treated_as_free(card, who, "one booster or support card")]
        first = self.first_turn
        available = slots(forces, who, first)
        played = support_plays(self.state, who)
        if first and not played:
            limit = rule_claim(
                Stance.FORBID,
                "on the first turn of a fight the starting player "
                "plays neither a booster nor a support card",
                R.FIRST_TURN,
                label="the rules' limit",
            )
        else:
            limit = rule_claim(
                Stance.FORBID,
                "this turn's booster or support card has already been played",
                R.FREE,
                label="the rules' limit",
            )
        if available.fits(played + [kind]):
            if (
                not available.fits([kind] * (len(played) + 1))
                or available.sources
                and not Slots(0 if first else 1).fits(played + [kind])
            ):
                return [
                    limit,
                    *(
                        effect_claim(
                            Stance.PERMIT,
                            source,
                            "a card text allows this further card",
                            R.SUPERSEDE,
                            R.ANY_NUMBER_OF_SUPPORT,
                        )
                        for source in available.sources
                    ),
                ]
            return []
        found: list[Found] = [limit]
        if not bluff and not card.face_down:
            found += self._ignored_icon(card, who)
        return found + self._silenced_permission(who, kind, played + [kind])

    def _silenced_permission(self, who: str, kind: str, plays: list[str]) -> list[Found]:
        """A permission that would lift the limit, and the ignore over its text, as claims."""
        for permission, ignorer in ignored_permissions(self.forces, who):
            if not permits_kind(permission, kind) or not slots(
                self.forces, who, self.first_turn, (permission,)
            ).fits(plays):
                continue
            return [
                effect_claim(
                    Stance.PERMIT, permission, f'"{permission.card.name}" allows it', R.SUPERSEDE
                ),
                ignore_claim(ignorer, permission.card),
            ]
        return []


def _leading_text(reason: str, notes: list[Ruling]) -> str:
    """The reason of a play nothing stops, led by the card text that allows it, if one does.

    An interference card's trigger met, or a card's own condition on its play met, is why the
    play is allowed now: it leads the reason, before the default that nothing stops it.
    """
    allowing = [n for n in notes if n.allowed and n.reason]
    if not allowing:
        return reason
    return f"{allowing[0].reason.rstrip('.')}, and nothing else stops it now"
