"""Ships (Buka Invasion rulesheet): loading cards onto ships, landing them, and their cargo.

A ship is played in the Leadership phase into the influence area. In the Booster/Support phase a
card from hand may be loaded onto one of the player's ships in the influence area instead of
playing a support card (so not when no support card could be played at all), up to the ship's
capacity, which is neither text nor icon. Ships are landed, one or more, in the Beginning of Turn
phase; their cards are then played as if from hand, the characters of one people as if FREE. A
card's own text ("Now I may load …") loads cards beyond these rules: card instructions supersede
the game rules.
"""

from __future__ import annotations

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.cards import CardInfo
from rulesq.games.bluemoon.judge.claims import Stance, decide, effect_claim, rule_claim
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.permits import ignored_away
from rulesq.games.bluemoon.judge.placing import place_decides, placed_nowhere
from rulesq.games.bluemoon.judge.plays import PlayJudge
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.ship_texts import just_played, load_texts, loads
from rulesq.games.bluemoon.judge.state import Instance, State, Step, Zone, new_instance, other

#: The kinds of card that may be loaded onto a ship.
LOADABLE = frozenset({"character", "mutant", "booster", "support"})

#: The two support cards that stand for all of them (one with special power text, one
#: without), made once: an info is immutable, and its text is read once.
_SUPPORT_PROBES = tuple(
    CardInfo(name="a support card", kind="support", text=text)
    for text in ("", "(a special power text)")
)


def cargo(state: State, ship: Instance) -> list[Instance]:
    """The cards loaded onto a ship."""
    return [c for c in state.cards if c.ship is ship and c.zone is Zone.CARGO]


# ---------------------------------------------------------------------- the judge
class ShipJudge:
    """Decides whether a player may load a card onto a ship, or land a ship, now."""

    def __init__(self, state: State, first_turn: bool = False) -> None:
        self.state = state
        self.forces = Forces(state)
        self.first_turn = first_turn

    # ------------------------------------------------------------------ loading
    def can_load(self, card: Instance | None, ship: Instance, who: str) -> Ruling:
        """The ruling on loading ``card`` (any card: None) onto ``ship`` now."""
        for check in (self._ship, self._loadable, self._turn, self._capacity):
            ruling = check(card, ship, who)
            if ruling is not None:
                return ruling
        by_text = self._by_text(card, ship, who)
        if by_text is not None:
            return by_text
        return self._by_rule(card, ship, who)

    def _ship(self, card: Instance | None, ship: Instance, who: str) -> Ruling | None:
        if ship.info.kind != "ship":
            return no(f'"{ship.name}" is not a ship', R.SHIP_ACTIONS)
        if ship.owner != who:
            return no(f'"{ship.name}" is not one of the player\'s ships', R.LOAD_INSTEAD)
        place_decides(ship, "a card is loaded onto a ship in play", _in_influence(ship))
        if ship.zone not in (Zone.INFLUENCE, Zone.LANDED):
            return no(f'"{ship.name}" is not in play ({ship.zone.value})', R.LOAD_INSTEAD)
        return None

    def _loadable(self, card: Instance | None, ship: Instance, who: str) -> Ruling | None:
        if card is None:
            return None
        if card.info.kind not in LOADABLE:
            kind = card.info.kind
            article = "an" if kind[:1] in "aeiou" else "a"
            return no(
                f'"{card.name}" is {article} {kind} card: only character, booster and '
                "support cards are loaded onto ships",
                R.LOADABLE_TYPES,
            )
        if card.zone is Zone.CARGO:
            return no(
                f'"{card.name}" is already on a ship; cards on ships are not part of the hand',
                R.CARGO_NOT_HAND,
            )
        unknown = placed_nowhere(card) and self.state.player(who).hand_exact
        if card.in_play or card.zone not in (Zone.HAND, Zone.DECK) or unknown:
            where = "it is not among the cards of the hand" if unknown else card.zone.value
            return no(
                f'"{card.name}" is not in the hand ({where})', R.LOAD_INSTEAD, R.CARD_LOCATIONS
            )
        return None

    def _turn(self, card: Instance | None, ship: Instance, who: str) -> Ruling | None:
        state = self.state
        if state.fight_over:
            return no("the fight is over", R.FIGHT_END_REMOVE)
        if state.turn_owner != who:
            return no(
                "ships are loaded only on their player's own turn", R.LOAD_INSTEAD, R.OWN_TURN
            )
        if state.turn_over:
            return no("the turn is over", R.ALTERNATE_TURNS)
        player = state.player(who)
        if player.retreated or player.declined:
            return no("the player has retreated from the fight", R.ANNOUNCE_RETREAT)
        return None

    def _capacity(self, card: Instance | None, ship: Instance, who: str) -> Ruling | None:
        capacity = ship.info.capacity
        if capacity is None:
            raise CannotAnswer(f'the sources give no capacity for "{ship.name}"')
        held = len(cargo(self.state, ship))
        if held >= capacity:
            return no(
                f'"{ship.name}" is full: it holds {held} cards, its capacity is '
                f"{capacity} (capacity is neither text nor an icon)",
                R.SHIP_CAPACITY,
            )
        return None

    def _by_text(self, card: Instance | None, ship: Instance, who: str) -> Ruling | None:
        """A text loading cards now, superseding the rules it breaks."""
        for text in load_texts(self.forces, who):
            if not text.fits(card, ship, self.forces):
                continue
            source = text.source
            ruling = yes(f'"{source.card.name}" loads cards now: {source.quote}', sources=[source])
            broken = []
            if ship.zone is Zone.LANDED:
                broken.append("onto a landed ship")
            now = self.state.current_phase
            if now != Step.BOOSTER_SUPPORT:
                broken.append(f"in the {now.title} phase")
            if broken:
                ruling.reason += (
                    " (card instructions supersede the game rules: no loading "
                    f"{' nor '.join(broken)})"
                )
                ruling.cite(R.SUPERSEDE, R.NO_LOAD_LANDED_OR_LEADERSHIP)
                ruling.step = decide(
                    [
                        rule_claim(
                            Stance.FORBID,
                            f"no loading {' nor '.join(broken)}",
                            R.NO_LOAD_LANDED_OR_LEADERSHIP,
                        ),
                        effect_claim(Stance.PERMIT, source, ruling.reason, R.SUPERSEDE),
                    ]
                ).step
                ruling.beaten.append(
                    (f"no (no loading {' nor '.join(broken)})", R.NO_LOAD_LANDED_OR_LEADERSHIP)
                )
            prevented = self.support_play(who)[0]
            if not prevented.allowed:
                ruling.reason += (
                    "; the rule that stops loading when support cards cannot be "
                    "played applies only in the Booster/Support phase"
                )
                ruling.cite(R.LOAD_PREVENTED, R.LOAD_PREVENTION_BOOSTER_SUPPORT)
                ruling.beaten.append(
                    (f"no ({prevented.reason})", R.LOAD_PREVENTION_BOOSTER_SUPPORT)
                )
            return ruling
        return None

    def _by_rule(self, card: Instance | None, ship: Instance, who: str) -> Ruling:
        """Loading instead of playing a support card (Booster/Support phase)."""
        if ship.zone is Zone.LANDED:
            return no(
                f'"{ship.name}" has landed: cards are loaded only onto ships in the influence area',
                R.LOAD_INSTEAD,
                R.SHIP_ACTIONS_IN_A_TURN,
            )
        now = self.state.current_phase
        if now < Step.BOOSTER_SUPPORT:
            ruling = no(
                "a card is loaded instead of playing a support card, in the "
                f"Booster/Support phase (it is the {now.title} phase)",
                R.LOAD_INSTEAD,
                R.NO_LOAD_LANDED_OR_LEADERSHIP,
            )
            self._silenced_load_text(ruling, who)
            return ruling
        if now > Step.BOOSTER_SUPPORT:
            return no(
                f"the Booster/Support phase is over (it is the {now.title} phase)",
                R.LOAD_INSTEAD,
                R.ALTERNATE_TURNS,
            )
        if card is not None and card.zone is not Zone.HAND:
            return no(
                f'"{card.name}" is not in the hand: a card is loaded from the hand '
                "instead of playing a support card",
                R.LOAD_INSTEAD,
                R.CARD_LOCATIONS,
            )
        if card is None and self.state.hand_size(who) == 0:
            return no("the player holds no card to load", R.LOAD_INSTEAD, R.CARGO_NOT_HAND)
        ruling, refused = self.support_play(who)
        if not ruling.allowed:
            out = no(
                f"a card is loaded instead of playing a support card, and {ruling.reason}",
                R.LOAD_PREVENTED,
                R.LOAD_INSTEAD,
                *ruling.rules,
                sources=ruling.sources,
                step=ruling.step,
            )
            out.beaten = list(ruling.beaten)
            return out
        out = yes(
            "a card is loaded instead of playing a support card, and a support card could "
            "be played now",
            R.LOAD_INSTEAD,
            *ruling.rules,
            sources=ruling.sources,
            step=ruling.step,
        )
        if ruling.sources:
            out.reason += f" ({ruling.reason})"
        if any(e.data.get("by_text") for e in self.state.events_of("load", who, this_turn=True)):
            out.reason += "; the cards a text loaded this turn do not count against this"
            out.cite(R.TEXT_LOADS_ADDITIONAL)
        out.negatives += ruling.negatives
        for refusal in refused:
            out.reason += (
                f"; {refusal.reason.rstrip('.')} (loading is not playing, and only "
                "a complete inability to play support cards prevents it)"
            )
            out.cite(R.LOAD_PREVENTION_COMPLETE)
            for source in refusal.sources:
                out.beaten.append(("no (a prohibition on playing some support cards)", source))
        return out

    def _silenced_load_text(self, ruling: Ruling, who: str) -> None:
        """Add to a refusal the ignored text of a card just played that would load cards now."""
        state = self.state
        for card in state.played_this_turn(who):
            why = self.forces.text_ignored(card)
            if why is None or not just_played(state, card):
                continue
            loaders = [
                s
                for s in effects_of(card)
                if isinstance(s.effect, fx.ActionEffect | fx.Obligation)
                and any(True for _ in loads(s.effect))
            ]
            if not loaders:
                continue
            ruling.reason += (
                f'; the text of "{card.name}" that would load cards now is ignored '
                f'(by "{why.source.card.name}": {why.source.quote})'
            )
            ruling.cite(R.IGNORING)
            ruling.sources.append(why.source)
            ruling.step = ignored_away(
                f'"{card.name}"', card, why.source, "its text", ruling.reason
            ).step
            ruling.beaten.append((f'yes (by "{card.name}": {loaders[0].quote})', why.source))

    def support_play(self, who: str) -> tuple[Ruling, list[Ruling]]:
        """Whether some support card could be played now, and the refusals of the others.

        Two support cards stand for all of them: one with special power text and one without
        (prohibitions may name either); the place they come from does not matter.
        """
        judge = PlayJudge(self.state, first_turn=self.first_turn)
        rulings = []
        for info in _SUPPORT_PROBES:
            probe = new_instance(-1, info, who, Zone.HAND, seq=10**9)
            rulings.append(judge.can_play(probe, who, location=False))
        allowed = [r for r in rulings if r.allowed]
        if allowed:
            return allowed[0], [r for r in rulings if not r.allowed]
        return rulings[0], []

    # ------------------------------------------------------------------ landing
    def can_land(self, ship: Instance, who: str) -> Ruling:
        """The ruling on landing ``ship`` now."""
        state = self.state
        if ship.info.kind != "ship":
            return no(f'"{ship.name}" is not a ship', R.SHIP_ACTIONS)
        if ship.owner != who:
            return no(f'"{ship.name}" is not one of the player\'s ships', R.LAND_WHEN)
        player = state.player(who)
        if player.retreated or player.declined or state.fight_over:
            return self._fight_over(who)
        if state.turn_owner != who or state.turn_over:
            return no(
                "ships are landed only in their player's own Beginning of Turn phase",
                R.LAND_WHEN,
                R.OWN_TURN,
            )
        if ship.zone is Zone.LANDED:
            return no(f'"{ship.name}" has already landed', R.LAND_WHEN)
        if placed_nowhere(ship) and state.current_phase == Step.BEGINNING_OF_TURN:
            # Placed nowhere: in the influence area it could land now (in a later phase no
            # ship is landed, wherever it is).
            place_decides(ship, "ships are landed from the influence area", _in_influence(ship))
        if ship.zone is not Zone.INFLUENCE and not placed_nowhere(ship):
            return no(
                f'"{ship.name}" is not in the influence area ({ship.zone.value}): ships '
                "are landed from the influence area",
                R.LAND_WHEN,
            )
        now = state.current_phase
        if now != Step.BEGINNING_OF_TURN:
            ruling = no(
                f"ships are landed in the Beginning of Turn phase (it is the {now.title} phase)",
                R.LAND_WHEN,
            )
            if any(e.cards[0] is ship for e in state.events_of("play", who, this_turn=True)):
                ruling.reason += "; a ship played this turn cannot be landed this turn"
                ruling.cite(R.SHIP_ACTIONS_IN_A_TURN)
            return ruling
        ruling = yes(
            f'"{ship.name}" is in the influence area and it is the Beginning of Turn '
            "phase, when one or more ships may be landed",
            R.LAND_WHEN,
        )
        landed = [e.cards[0].name for e in state.events_of("land", who, this_turn=True)]
        if landed:
            ruling.reason += f' ("{landed[0]}" was landed already)'
        for source in self._play_prohibitions(ship, who):
            ruling.reason += (
                f'; "{source.card.name}" would forbid playing it ({source.quote}), '
                "but landing a ship is not playing it"
            )
            ruling.cite(R.SHIP_ACTIONS)
            ruling.beaten.append(("no (a prohibition on playing cards)", source))
        return ruling

    def _fight_over(self, who: str) -> Ruling:
        state = self.state
        ruling = no(
            "the player has left the fight (retreat or declining to start it); ships are "
            "landed in the Beginning of Turn phase of a turn of a fight",
            R.LAND_WHEN,
            R.ANNOUNCE_RETREAT,
        )
        if state.hand_size(who) == 0 and state.player(who).deck_count == 0:
            ruling.reason = (
                "the fight is over and the player has neither cards in hand nor in "
                "the draw deck: the game ends, even with loaded ships"
            )
            ruling.rules.insert(0, R.SHIP_GAME_END)
        return ruling

    def _play_prohibitions(self, ship: Instance, who: str) -> list[Source]:
        """Opposing prohibitions on playing cards that would name the ship, were it played."""
        found = []
        for source in self.forces.effects(fx.Prohibition, controller=other(who)):
            effect = source.effect
            assert isinstance(effect, fx.Prohibition)
            if (
                isinstance(effect.act, a.Play)
                and who in players_of(effect.who, source.controller)
                and matches(effect.act.cards, ship, source.controller, self.forces)
            ):
                found.append(source)
        return found


def _in_influence(ship: Instance) -> str:
    """The line that places a ship in its player's influence area."""
    return f'I have "{ship.name}" in my influence area'
