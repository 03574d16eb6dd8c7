"""A card's own texts read in hand before it is played: conditions, "I must" costs.

"I may only play this card if …" must hold (unless the card's text is ignored, or a text allows
any mutant); "I must … to play this card" must be possible; a text letting the active cards
attack again replaces the need for a character card.
"""

from __future__ import annotations

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.claims import Stance, decide, effect_claim, rule_claim
from rulesq.games.bluemoon.judge.forces import Forces, Ignored, Source, effects_of
from rulesq.games.bluemoon.judge.limits import permissions
from rulesq.games.bluemoon.judge.overruled import ignoring, settle
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import player_of
from rulesq.games.bluemoon.judge.state import ME, MOST_DRAGONS, Instance, State, Step, Zone
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, Dragon, Q


class OwnTextChecks:
    """The own-text check of the play judge (mixed into ``PlayJudge``)."""

    state: State
    forces: Forces

    def _own_text(self, card: Instance, who: str, bluff: bool, from_deck: bool) -> Ruling | None:
        if bluff:
            return None
        forces = self.forces
        again = [
            s for s in forces.in_force(card, in_hand=True) if isinstance(s.effect, fx.AttackAgain)
        ]
        texts = [
            s for s in effects_of(card) if isinstance(s.effect, fx.PlayCondition | fx.MustToPlay)
        ]
        if not texts and again:
            rule = rule_claim(
                Stance.FORBID,
                "a character card must be played to continue the fight",
                R.MUST_PLAY_CHARACTER,
                label="a character card must be played to continue the fight",
            )
            ruling = decide(
                [
                    rule,
                    *(
                        effect_claim(
                            Stance.PERMIT,
                            s,
                            f'"{card.name}" lets the active cards attack again: the fight '
                            "goes on without a new character card (card instructions supersede "
                            "the game rules)",
                            R.SUPERSEDE,
                            R.MUST_PLAY_CHARACTER,
                        )
                        for s in again
                    ),
                ]
            )
            ruling.sources += [s for s in again if s not in ruling.sources]
            return ruling
        if not texts:
            return None
        why = forces.text_ignored(card)
        notes: list[Ruling] = []
        for source in texts:
            effect = source.effect
            if isinstance(effect, fx.PlayCondition):
                if why is not None:
                    ruling = _condition_ignored(card, source, why)
                    if ruling.allowed:
                        notes.append(ruling)
                        continue
                bypass = self._mutant_permission(card, who)
                if bypass is not None:
                    notes.append(
                        decide(
                            [
                                rule_claim(
                                    Stance.FORBID,
                                    "a card is played only as the rules allow",
                                    default=True,
                                ),
                                effect_claim(
                                    Stance.PERMIT,
                                    bypass,
                                    f'"{bypass.card.name}" allows '
                                    "playing any mutant, whatever its condition",
                                    R.SUPERSEDE,
                                ),
                            ]
                        )
                    )
                    continue
                if not holds(effect.condition, who, forces, card):
                    return no(
                        f'the condition of "{card.name}" is not met: {source.quote}',
                        R.TEXT_IN_HAND,
                        sources=[source],
                    )
                notes.append(
                    yes(
                        f'the condition of "{card.name}" is met: {source.quote}',
                        R.TEXT_IN_HAND,
                        sources=[source],
                    )
                )
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
            if (
                isinstance(cards, Cards)
                and any(t.value == "mutant" for t in cards.types)
                and self.state.current_phase <= Step.CHARACTER
            ):
                return source
        return None

    def _dragon_requirement(
        self, source: Source, card: Instance, who: str, dragon: Dragon
    ) -> Ruling:
        """``I must have the red dragon on my side to play this card``."""
        holder = player_of(dragon.side, who)
        held, why = _named_dragon(self.state, holder, dragon.colour)
        if held is None:
            raise CannotAnswer(
                f'the situation does not say whether "{card.name}"\'s requirement holds '
                f"({source.quote}): say which dragon is on that side (e.g. I have the "
                f"{dragon.colour or 'red'} dragon on my side)"
            )
        whose = "my" if holder == ME else "your"
        shown = f'"{card.name}" requires {dragon.render()}, and {why}'.replace(
            "on that side", f"on {whose} side"
        )
        if held:
            return yes(shown, R.I_MUST, sources=[source])
        return no(shown, R.I_MUST, sources=[source])

    def _requirement(self, source: Source, card: Instance, who: str) -> Ruling:
        effect = source.effect
        assert isinstance(effect, fx.MustToPlay)
        act = effect.requirement
        if isinstance(act, a.Discard):
            needed = _discard_count(act)
            if needed is None:
                raise CannotAnswer(
                    f'rulesq cannot tell how many cards "{card.name}" must discard ({source.quote})'
                )
            size = self.state.hand_size(who)
            if size is None:
                raise CannotAnswer(
                    f"the situation does not say how many cards "
                    f"{'I hold' if who == 'me' else 'you hold'} in hand, and "
                    f'"{card.name}" must discard {needed} to be played'
                )
            others = size - (1 if card.zone is Zone.HAND else 0)
            if others < needed:
                left = max(others, 0)
                return no(
                    f'"{card.name}" must discard {_cards(needed)} from the hand to be '
                    f"played, and the hand holds {_cards(left)} besides it",
                    R.I_MUST,
                    sources=[source],
                )
            return yes(
                f'"{card.name}" can be played by discarding {_cards(needed)}',
                R.I_MUST,
                sources=[source],
            )
        if isinstance(act, a.Have) and isinstance(act.what, Dragon):
            return self._dragon_requirement(source, card, who, act.what)
        if isinstance(act, a.Have):
            raise CannotAnswer(
                f'the situation does not say whether "{card.name}"\'s '
                f"requirement holds ({source.quote})"
            )
        return yes(source.quote, R.I_MUST, sources=[source])


def _named_dragon(state: State, holder: str, colour: str | None) -> tuple[bool | None, str]:
    """Whether the dragon of ``colour`` is on ``holder``'s side (None: not known), and why."""
    side = state.player(holder)
    if side.dragons == 0:
        return False, "no dragon is on that side"
    if colour is None:
        return None, ""
    if colour in side.named_dragons:
        return True, f"the {colour} dragon is on that side"
    # The game's three dragons are told apart by colour, one crystal card each (FAQ, About
    # Emissaries and Inquisitors): all three on a side hold the one named, none leave it out.
    if side.dragons == MOST_DRAGONS:
        return True, f"all {MOST_DRAGONS} dragons, the {colour} one among them, are on that side"
    if any(p.dragons == MOST_DRAGONS for p in state.players.values()):
        return (
            False,
            f"all {MOST_DRAGONS} dragons, the {colour} one among them, are on the other side",
        )
    if any(colour in p.named_dragons for p in state.players.values()):
        return False, f"the {colour} dragon is on the other side"
    if side.dragons is not None and side.dragons == len(side.named_dragons):
        named = ", ".join(f"the {c}" for c in sorted(side.named_dragons))
        return False, f"the dragons on that side are {named} dragon" + (
            "s" if len(side.named_dragons) > 1 else ""
        )
    return None, ""


def _condition_ignored(card: Instance, source: Source, why: Ignored) -> Ruling:
    """The card's "I may only play this card if …" against the ignore over its text (ladder)."""
    condition = effect_claim(
        Stance.FORBID, source, f'the condition of "{card.name}": {source.quote}', R.TEXT_IN_HAND
    )
    condition.label = f"the condition: {source.quote}"
    fallback = rule_claim(
        Stance.PERMIT,
        f'the condition of "{card.name}" is ignored (by '
        f'"{why.source.card.name}"), so it does not stop the play',
        R.IGNORING,
        R.IGNORED_CARD,
        default=True,
    )
    return settle([condition, ignoring(why, card, what="its condition"), fallback]).ruling


def _discard_count(act: a.Discard) -> int | None:
    """How many cards a discard names ("one card", "a card", "two cards"), or None."""
    cards = act.cards
    if not isinstance(cards, Cards):
        return None
    quantity = cards.quantity
    if quantity.kind in (Q.COUNT, Q.OF, Q.ANY) and quantity.n is not None:
        return quantity.n
    if quantity.kind in (Q.ARTICLE, Q.DEFINITE):
        return 1
    return None


def _cards(n: int) -> str:
    """Text "1 card", "2 cards"."""
    return f"{n} card" if n == 1 else f"{n} cards"
