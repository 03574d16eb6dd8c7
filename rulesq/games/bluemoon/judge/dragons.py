"""Dragons: who attracts how many, and why (rulebook p.9-10; FAQ, End of Fight).

A retreat gives the other player one dragon, and one more when that player has at least six cards in
the combat and support areas (covered cards count; bluff cards, leadership cards and the influence
area do not). Card texts then add or take away dragons, and caps ("no more than one") apply
after them; "you may not attract dragons" takes precedence over them all. Dragons that are
not due to the retreat ("you must discard …, or I attract", a called bluff, "to attract one
dragon") are separate attractions.
"""

from __future__ import annotations

from copy import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.conditions import Retreats
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.cards import UNNAMED
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.open_areas import areas_open, note_read
from rulesq.games.bluemoon.judge.permits import ignored_away, stopped
from rulesq.games.bluemoon.judge.select import matches, player_of, players_of
from rulesq.games.bluemoon.judge.state import Event, State, Step, Zone, other
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, DragonCount, Q
from rulesq.games.bluemoon.times import W
from rulesq.games.bluemoon.vocab import Phase

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.state import Instance


@dataclass
class Packet:
    """One attraction of dragons: by whom, how many, why, and what changed the number."""

    who: str
    count: int
    reason: str
    rules: list[str] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    step: str | None = None
    beaten: list[tuple[str, Source | str]] = field(default_factory=list)
    #: How many of the dragons the game rules give (the rest come from card texts); None: all.
    usual: int | None = None
    #: The sequence number of the event that brought the attraction about.
    seq: int = 0
    #: What the number rests on that the situation does not state.
    negatives: list[str] = field(default_factory=list)
    #: What the number takes for granted because the situation is silent.
    assumptions: list[str] = field(default_factory=list)

    @property
    def extra(self) -> int:
        """The dragons beyond those the game rules give."""
        return 0 if self.usual is None else max(0, self.count - self.usual)


def six_cards(state: State, who: str) -> int:
    """How many cards count towards the additional dragon.

    Cards counting towards the additional dragon: combat and support areas, covered cards too, bluff
    cards not.
    """
    counts = state.player(who).area_counts
    # A stated count holds the face-down bluff cards of the support area too: they are left out.
    bluffs = sum(1 for c in state.owned(who, frozenset({Zone.SUPPORT})) if c.face_down)
    if "combat and support areas" in counts:
        return max(0, counts["combat and support areas"] - bluffs)
    total = 0
    for zone, word in ((Zone.COMBAT, "combat area"), (Zone.SUPPORT, "support area")):
        if word in counts:
            total += counts[word] - (bluffs if zone is Zone.SUPPORT else 0)
        else:
            total += sum(1 for c in state.owned(who, frozenset({zone})) if not c.face_down)
    return max(0, total)


def _six_cards_dragon(state: State, base: Packet) -> None:
    """One more dragon for six or more cards in the combat and support areas."""
    winner = base.who
    cards = six_cards(state, winner)
    base.rules.append(R.SIX_CARDS_DRAGON)
    if cards < 6 and areas_open(state, winner, _BOTH):
        note_read(state, winner, active=False)  # covered cards count too: asked again
    if cards >= 6:
        base.count += 1
        base.reason += (
            f", and one more for {cards} cards (six or more, covered ones too) in "
            "the combat and support areas"
        )
    else:
        base.reason += (
            f"; with {cards} cards in the combat and support areas, fewer than six, "
            "no additional dragon"
        )
    if any(c.face_down for c in state.owned(winner, frozenset({Zone.SUPPORT}))):
        base.rules.append(R.BLUFF_ACTIVE_SUPPORT)
        base.reason += " (bluff cards do not count)"


#: The two areas whose cards count towards the additional dragon.
_BOTH = frozenset({Zone.COMBAT, Zone.SUPPORT})


def _ignored_modifiers(forces: Forces, base: Packet, retreating: str) -> None:
    """Texts that would change the number of dragons, but are ignored."""
    for card in forces.state.cards:
        if not forces.live(card):
            continue
        why = forces.text_ignored(card)
        if why is None:
            continue
        for source in effects_of(card):
            effect = source.effect
            changes = (
                isinstance(effect, fx.DragonModifier)
                and player_of(effect.retreating, source.controller) == retreating
            )
            forbids = (
                isinstance(effect, fx.Prohibition)
                and isinstance(effect.act, a.Attract)
                and base.who in players_of(effect.who, source.controller)
            )
            if changes or forbids:
                base.reason += (
                    f'; "{card.name}" would change it ({source.quote}), but its text '
                    f'is ignored by "{why.source.card.name}"'
                )
                base.beaten.append((f'a different number (by "{card.name}")', why.source))
                base.sources.append(why.source)
                base.rules.append(R.IGNORING)
                base.step = ignored_away(
                    f'"{card.name}"', card, why.source, "its text", base.reason, allowed=True
                ).step


def retreat_packets(forces: Forces, retreating: str) -> list[Packet]:
    """The dragons the other player attracts because ``retreating`` retreats."""
    state = forces.state
    winner = other(retreating)
    base = Packet(winner, 1, "the retreat gives the other player one dragon", [R.ANNOUNCE_RETREAT])
    _six_cards_dragon(state, base)
    base.usual = base.count
    _ignored_modifiers(forces, base, retreating)
    caps: list[Source] = []
    change = 0
    for source in forces.effects(fx.DragonModifier):
        effect = source.effect
        assert isinstance(effect, fx.DragonModifier)
        if player_of(effect.retreating, source.controller) != retreating:
            continue
        if player_of(effect.attracting, source.controller) != winner:
            continue
        if effect.now and source.card.turn != state.turn:
            continue
        n = effect.dragons.n or 0
        if effect.dragons.kind is DragonCount.ADDITIONAL:
            change += n
        elif effect.dragons.kind is DragonCount.FEWER:
            change -= n
        elif effect.dragons.kind is DragonCount.NO_MORE_THAN:
            caps.append(source)
            continue
        else:
            continue
        base.sources.append(source)
        base.reason += f'; "{source.card.name}": {source.quote}'
    # The modifiers add up before the number is floored at none, so the order of the cards
    # never matters (FAQ, End of Fight: the usual number, then the modifiers, then the caps).
    if base.count + change < 0:
        base.reason += (
            f"; together the modifiers give {base.count + change} dragons, fewer than none: none"
        )
        base.rules.append(R.CAP_APPLIED_LAST)
    base.count = max(0, base.count + change)
    if caps:
        base.rules.append(R.CAP_APPLIED_LAST)
    for source in caps:
        effect = source.effect
        assert isinstance(effect, fx.DragonModifier)
        n = effect.dragons.n or 0
        if base.count > n:
            base.count = n
            base.sources.insert(0, source)  # the cap that binds decides the number
        else:
            base.sources.append(source)
        base.reason += f'; then "{source.card.name}" caps it: {source.quote}'
    return [banned(forces, base, retreating, "the retreat")]


def attraction_ban(forces: Forces, who: str, retreating: str | None) -> Source | None:
    """The "you may not attract dragons" text in force that forbids ``who`` dragons now.

    ``retreating`` is the player whose retreat brings the dragons (None: not a retreat). The
    text's own time and condition must hold; "if I retreat" holds only for that retreat.
    """
    for source in forces.effects(fx.Prohibition):
        effect = source.effect
        assert isinstance(effect, fx.Prohibition)
        if not isinstance(effect.act, a.Attract) or who not in players_of(
            effect.who, source.controller
        ):
            continue
        if not forces.window_open(source):
            continue
        condition = effect.condition
        if isinstance(condition, Retreats):
            if retreating is None or player_of(condition.who, source.controller) != retreating:
                continue
        elif condition is not None and not holds(condition, source.controller, forces, source.card):
            continue
        return source
    return None


def banned(
    forces: Forces, packet: Packet, retreating: str | None = None, cause: str = "the text"
) -> Packet:
    """The attraction as it stands after "you may not attract dragons" texts."""
    source = attraction_ban(forces, packet.who, retreating)
    if source is None:
        return packet
    stop = stopped(forces, source, packet.reason, *packet.rules)
    lost = Packet(
        packet.who,
        0,
        stop.reason,
        stop.rules[:1],
        [source],
        step=stop.step,
        usual=0,
        seq=packet.seq,
    )
    if packet.count:
        lost.beaten.append((f"{packet.count} ({cause})", source))
        for other_source in packet.sources:
            if other_source is not source:
                lost.beaten.append((f'more dragons (by "{other_source.card.name}")', source))
    return lost


def sirens_packets(forces: Forces, retreating: str | None) -> list[Packet]:
    """Dragons due to an unmet "you must discard ..., or I attract" text.

    Dragons due to "you must discard …, or I attract 1 (additional) dragon" when the player did not
    discard by the end of the Booster/Support phase (or retreated first).
    """
    state = forces.state
    out = []
    for source in forces.effects(fx.Obligation):
        effect = source.effect
        assert isinstance(effect, fx.Obligation)
        otherwise = effect.otherwise
        if otherwise is None or not any(isinstance(x, a.Attract) for x in otherwise.acts):
            continue
        obligated = player_of(effect.do.actor, source.controller)
        _follows_obligation(source, effect, obligated)
        even_if = (
            effect.even_if is not None and player_of(effect.even_if, source.controller) == obligated
        )
        if not (retreating == obligated and even_if) and not _phase_passed(state, obligated):
            continue
        attracting = player_of(otherwise.actor, source.controller)
        if _obligation_met(state, obligated, effect, source.controller):
            out.append(
                Packet(
                    attracting,
                    0,
                    f'"{source.card.name}" was satisfied by a discard this turn: {source.quote}',
                    [],
                    [source],
                    usual=0,
                )
            )
            continue
        if effect.condition is not None and not holds(
            effect.condition, source.controller, forces, source.card
        ):
            out.append(
                Packet(
                    attracting,
                    0,
                    f'the condition of "{source.card.name}" does not hold: {source.quote}',
                    [],
                    [source],
                    usual=0,
                )
            )
            continue
        (attract,) = [x for x in otherwise.acts if isinstance(x, a.Attract)]
        out.append(
            banned(
                forces,
                Packet(
                    attracting,
                    attract.dragons.n or 1,
                    f'"{source.card.name}": {source.quote}',
                    [R.SEPARATE_DRAGONS],
                    [source],
                    usual=0,
                ),
            )
        )
    return out


def _follows_obligation(source: Source, effect: fx.Obligation, obligated: str) -> None:
    """Stop when an "…, or I attract" text has words the judge does not follow.

    The judge follows "by the end of <the obligated player's> Booster/Support phase, <he> must
    discard …, or <a player> attracts <a number of> (additional) dragons" and nothing else.
    """
    when = effect.when
    otherwise = effect.otherwise
    assert otherwise is not None
    unfollowed = []
    if (
        when is None
        or when.kind is not W.BY_END_OF_PHASE
        or when.phase is not Phase.BOOSTER_SUPPORT
        or obligated not in players_of(when.role, source.controller)
    ):
        unfollowed.append(when.render() if when is not None else "(no time)")
    if effect.do.mode is not a.Mode.MUST or not all(
        isinstance(x, a.Discard) for x in effect.do.acts
    ):
        unfollowed.append(effect.do.render())
    if otherwise.mode is not a.Mode.PLAIN or len(otherwise.acts) != 1:
        unfollowed.append(otherwise.render())
    for act in otherwise.acts:
        if isinstance(act, a.Attract) and act.dragons.kind not in (
            DragonCount.COUNT,
            DragonCount.ADDITIONAL,
        ):
            unfollowed.append(act.render())
    if unfollowed:
        words = "; ".join(f'"{w}"' for w in unfollowed)
        raise CannotAnswer(
            f'rulesq does not follow {words} in "{source.card.name}" ({source.quote})'
        )


def _phase_passed(state: State, who: str) -> bool:
    return state.turn_owner == who and state.current_phase > Step.BOOSTER_SUPPORT


def _obligation_met(state: State, who: str, effect: fx.Obligation, controller: str) -> bool:
    """Whether the player made the discard the obligation asks for, this turn."""
    wanted = [x for x in effect.do.acts if isinstance(x, a.Discard)]
    if not wanted:
        return False
    if (
        len(wanted) > 1
        or not isinstance(wanted[0].cards, Cards)
        or wanted[0].cards.quantity.kind not in (Q.COUNT, Q.ARTICLE, Q.OF, Q.ANY)
    ):
        raise CannotAnswer(
            f'rulesq does not follow "{effect.do.render()}" when it checks '
            "whether the discard was made"
        )
    needed = wanted[0].cards.quantity.n or 1
    found = 0
    for event in state.events_of("discard", who, this_turn=True):
        if event.data.get("where") != "hand":
            continue
        if any(card.info.name == UNNAMED for card in event.cards):
            raise CannotAnswer(
                "cards were discarded without being named, and whether they "
                f'are what "{effect.do.render()}" asks for depends on which '
                'cards they were; name them (I discard "A", "B")'
            )
        found += sum(
            1
            for card in event.cards
            if matches(wanted[0].cards, _as_in_hand(card), controller, None)
        )
    return found >= needed


def _as_in_hand(card: Instance) -> Instance:
    probe = copy(card)
    probe.zone = Zone.HAND
    return probe


def _phase_packets(forces: Forces, event: Event) -> list[Packet]:
    """Dragons attracted by texts acting at the beginning of a turn.

    Texts acting at the beginning of a turn ("If I have more than one active Storm support card at
    the beginning of my turn, I immediately attract one dragon"): the turn is the one the text
    names ("my turn", "your turn"), the dragons go to the player the text names, and a text the
    player "may" follow is cannot answer (the situation does not say whether he does).
    """
    if event.data.get("step") != Step.BEGINNING_OF_TURN or event.who is None:
        return []
    found: list[Packet] = []
    for source in forces.effects(fx.ActionEffect):
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect)
        when = effect.when
        if when is None or when.kind is not W.BEGINNING_OF_TURN:
            continue
        if event.who not in players_of(when.role, source.controller):
            continue
        attracts = [(do, x) for do in effect.dos for x in do.acts if isinstance(x, a.Attract)]
        if not attracts:
            continue
        if effect.condition is not None and not holds(
            effect.condition, source.controller, forces, source.card
        ):
            continue
        do, attract = attracts[0]
        if do.mode not in (a.Mode.PLAIN, a.Mode.MUST):
            raise CannotAnswer(
                f"the situation does not say whether the player follows "
                f'"{source.card.name}" ({source.quote}): rulesq does not follow '
                f'"{do.mode.value}" here'
            )
        if attract.dragons.kind not in (DragonCount.COUNT, DragonCount.ADDITIONAL):
            raise CannotAnswer(
                f'rulesq does not follow "{attract.dragons.render()}" in '
                f'"{source.card.name}" ({source.quote})'
            )
        who = player_of(do.actor, source.controller)
        merged = [p for p in found if p.who == who]
        if attract.dragons.in_total and merged:
            merged[0].sources.append(source)
            continue
        found.append(
            Packet(
                who,
                attract.dragons.n or 1,
                f'"{source.card.name}": {source.quote}',
                [],
                [source],
                usual=0,
            )
        )
    return [banned(forces, p) for p in found]


def _preparation_packets(forces: Forces) -> list[Packet]:
    """Texts acting "at the start of the game" (inquisitors), in game preparation."""
    found = []
    for source in forces.effects(fx.ActionEffect):
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect)
        if effect.when is None or effect.when.kind is not W.START_OF_GAME:
            continue
        if effect.condition is not None:
            raise CannotAnswer(
                f'rulesq does not follow the condition of "{source.card.name}" '
                f"in game preparation ({source.quote})"
            )
        for do in effect.dos:
            for act in do.acts:
                if isinstance(act, a.Attract):
                    if do.mode not in (a.Mode.PLAIN, a.Mode.MUST):
                        raise CannotAnswer(
                            f"the situation does not say whether the player "
                            f'follows "{source.card.name}" ({source.quote})'
                        )
                    found.append(
                        Packet(
                            player_of(do.actor, source.controller),
                            act.dragons.n or 1,
                            f'"{source.card.name}": {source.quote}, as early as '
                            "possible in game preparation",
                            [R.READ_OUT],
                            [source],
                            usual=0,
                        )
                    )
    return found
