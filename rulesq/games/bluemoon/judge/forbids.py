"""Prohibitions on a play: "you may not …" texts of the opponent, and what ignores them.

A player's own "I may not play …" text forbids him the play too, as ordinary card text.

Each text becomes a claim (a prohibition, an "I may not", a permission it argues against, the
ignore over its card); which wins is the ladder's to say (``claims.decide``). Counts ("more than
one card") include the cards already played this turn.
"""

from __future__ import annotations

from rulesq.errors import CannotAnswer
from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.claims import (
    Claim,
    Stance,
    effect_claim,
    ignore_claim,
    shielded,
)
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of, exempt_icons
from rulesq.games.bluemoon.judge.kept import by_identity
from rulesq.games.bluemoon.judge.limits import permissions, permits_kind
from rulesq.games.bluemoon.judge.playing import gang_joins, pushes
from rulesq.games.bluemoon.judge.ruling import Ruling, yes
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import Instance, State, Zone, other
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, Noun, Q, Quantity
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import Zone as Area

#: A selector with nothing in it, made once (immutable): compared with often.
_NO_FILTER = Cards()


class ProhibitionChecks:
    """The prohibition check of the play judge (mixed into ``PlayJudge``)."""

    state: State
    forces: Forces

    def _prohibitions(
        self, card: Instance, who: str, bluff: bool, from_deck: bool
    ) -> list[Claim | Ruling]:
        """Claims of the texts that forbid the play, of what ignores them, of what allows it."""
        forces = self.forces
        opponent = other(who)
        found: list[Claim | Ruling] = []
        for source in forces.effects(fx.SelfRestriction, controller=who):
            if self._forbids(source, card, who, bluff, from_deck):
                found.append(
                    effect_claim(
                        Stance.FORBID,
                        source,
                        f'"{source.card.name}" forbids it: {source.quote}',
                        R.SUPERSEDE,
                    )
                )
        spared: list[Ruling] = []
        unreached: list[Ruling] = []
        kind = "support" if bluff else card.info.kind
        for opposer in self.state.cards:
            if opposer.owner != opponent or not forces.live(opposer):
                continue
            for source in effects_of(opposer):
                effect = source.effect
                if not isinstance(effect, fx.Prohibition):
                    continue
                if not self._forbids(source, card, who, bluff, from_deck):
                    if self._forbids(source, card, who, bluff, from_deck, count_cancelled=True):
                        spared.append(self._cancelled_note(source, who))
                    elif self._speaks_to_play(source, who) and forces.text_ignored(opposer) is None:
                        unreached.append(
                            yes(
                                f'"{opposer.name}" does not forbid playing "{card.name}": '
                                f"{source.quote}",
                                R.YOU_MAY_NOT,
                                sources=[source],
                            )
                        )
                    continue
                why = forces.text_ignored(opposer)
                if why is None and forces.opposed(opposer) is not None:
                    continue
                ban = effect_claim(
                    Stance.FORBID,
                    source,
                    f'"{opposer.name}" forbids it: {source.quote}',
                    R.YOU_MAY_NOT,
                )
                found.append(ban)
                if why is not None:
                    found.append(ignore_claim(why.source, opposer))
                    continue
                shield = forces.shielded_from(opposer)
                if shield is not None:
                    shielded(ban, exempt_icons(opposer))
                    found.append(ignore_claim(shield, opposer))
                found += [
                    effect_claim(
                        Stance.PERMIT,
                        permission,
                        f'"{permission.card.name}" allows it: {permission.quote}',
                        R.SUPERSEDE,
                    )
                    for permission in permissions(forces, who)
                    if permits_kind(permission, kind)
                ]
        if not any(isinstance(f, Claim) for f in found):
            found += spared[:1] or unreached[:1]
        return found

    def _speaks_to_play(self, source: Source, who: str) -> bool:
        """Whether a "you may not" text of the opponent is about this player's playing cards.

        Such a text that does not forbid the play is what leaves it open: its words do not
        reach the card (BM FAQ: a Hyla card is not a leadership card, 4 is not above 4 …).
        """
        effect = source.effect
        assert isinstance(effect, fx.Prohibition)
        if who not in players_of(effect.who, source.controller):
            return False
        if self.forces.opposed(source.card) is not None:
            return False
        return isinstance(effect.act, a.Play | a.Take)

    def _cancelled_note(self, source: Source, who: str) -> Ruling:
        """A count of played cards that the cancelled cards of the turn no longer reach."""
        gone = [
            e.cards[0]
            for e in self.state.events_of("play", who, this_turn=True)
            if e.cards[0].cancelled
        ]
        names = ", ".join(f'"{c.name}"' for c in gone)
        note = yes(
            f'{names} was cancelled and does not count as played, so "{source.card.name}" '
            f"does not forbid this play ({source.quote})",
            R.CANCELLED_NOT_PLAYED,
            sources=[source],
        )
        note.negatives.append(f"{names} does not count as a played card")
        return note

    def _self_restrictions(
        self, card: Instance, who: str, bluff: bool, from_deck: bool
    ) -> list[Claim | Ruling]:
        """The player's own "I may not play …" texts in force, for any kind of card, as claims.

        A self-restriction is card text of its controller; the texts that allow the play argue
        against it, and an ignore over its card takes it away, as the ladder says.
        """
        forces = self.forces
        found: list[Claim | Ruling] = []
        for holder in self.state.cards:
            if holder.owner != who or not forces.live(holder) or forces.opposed(holder) is not None:
                continue
            for source in effects_of(holder):
                effect = source.effect
                if not isinstance(effect, fx.SelfRestriction) or not isinstance(effect.act, a.Play):
                    continue
                if not forces.window_open(source):
                    continue
                if effect.condition is not None and not holds(effect.condition, who, forces, card):
                    continue
                if not self._forbids_play(effect.act, source, card, who, bluff):
                    continue
                found.append(
                    effect_claim(
                        Stance.FORBID,
                        source,
                        f'"{holder.name}" forbids it to its own player: {source.quote}',
                    )
                )
                why = forces.text_ignored(holder)
                if why is not None:
                    found.append(ignore_claim(why.source, holder))
                    continue
                kind = "support" if bluff else card.info.kind
                found += [
                    effect_claim(Stance.PERMIT, p, f'"{p.card.name}" allows it: {p.quote}')
                    for p in permissions(forces, who)
                    if permits_kind(p, kind)
                ]
        return found

    def _forbids(
        self,
        source: Source,
        card: Instance,
        who: str,
        bluff: bool,
        from_deck: bool,
        count_cancelled: bool = False,
    ) -> bool:
        effect = source.effect
        assert isinstance(effect, fx.Prohibition | fx.SelfRestriction)
        forces = self.forces
        if who not in players_of(effect.who, source.controller):
            return False
        if effect.condition is not None and not holds(
            effect.condition, source.controller, forces, card
        ):
            return False
        act = effect.act
        when = effect.when
        if when is not None and when.kind is W.ON_TURN and when.role is not None:
            if self.state.turn_owner not in players_of(when.role, source.controller):
                return False
        if isinstance(act, a.Play):
            return self._forbids_play(act, source, card, who, bluff, count_cancelled)
        if (
            isinstance(act, a.Have)
            and isinstance(act.what, Cards)
            and card.is_character
            and not bluff
        ):
            return self._too_many_active(act.what, card, who)
        if isinstance(act, a.Take) and from_deck and isinstance(act.cards, Cards):
            place = act.cards.place
            return place is not None and "draw deck" in place.render()
        return False

    def _forbids_play(
        self,
        act: a.Play,
        source: Source,
        card: Instance,
        who: str,
        bluff: bool,
        count_cancelled: bool = False,
    ) -> bool:
        cards = act.cards
        forces = self.forces
        if not isinstance(cards, Cards):
            return matches(cards, card, source.controller, forces)
        probe = replace(
            _NO_FILTER,
            owner=cards.owner,
            types=cards.types,
            phase=cards.phase,
            family=cards.family,
            icon=cards.icon,
            with_icon=cards.with_icon,
            special_power_text=cards.special_power_text,
            printed_value_above=cards.printed_value_above,
        )
        if bluff:
            probe_ok = _bluff_matches(probe, card)
        else:
            probe_ok = matches(probe, card, source.controller, forces)
        if not probe_ok:
            return False
        if not bluff and any(matches(e, card, source.controller, forces) for e in cards.exceptions):
            return False  # "…, except PROTECTED cards": the card is spared
        unfollowed = _unfollowed(source.effect.when, act)  # type: ignore[attr-defined]
        if unfollowed is not None:
            # the text may narrow what it forbids in a way the judge does not follow
            raise CannotAnswer(
                f'rulesq cannot yet tell whether "{source.card.name}" '
                f"forbids this play: it says {unfollowed}"
            )
        if (
            act.into is not None
            and not bluff
            and card.info.kind not in ("character", "mutant", "booster")
        ):
            return False  # "into your combat area": a card that goes elsewhere is not covered
        if cards.quantity.kind is Q.MORE_THAN:
            into_combat = act.into is not None
            played = [
                e
                for e in self.state.events
                if e.turn == self.state.turn
                and e.who == who
                and e.kind in ("play", "load")
                and not e.data.get("by_text")
                and (count_cancelled or self._still_counts(e.cards[0], card))
                and (not into_combat or e.cards[0].info.kind in ("character", "mutant", "booster"))
            ]
            return len(played) + 1 > (cards.quantity.n or 0)
        return True

    def _still_counts(self, played: Instance, card: Instance) -> bool:
        """Whether an earlier play still counts as a played card when ``card`` is played.

        A cancelled card does not count as played; but an interference card answering the very
        card that cancels it comes before the cancelling takes effect, so there it still counts.
        """
        if not played.cancelled:
            return True
        if card.info.kind != "interference":
            return False
        # the cancelling card's obligation ("You must play a replacement or retreat") comes with
        # the cancelling: it is not a further action
        events = [e for e in self.state.events if e.kind != "obligation"]
        last = events[-1] if events else None
        return last is not None and last.kind == "cancel" and played in last.cards[1:]

    def _too_many_active(self, what: Cards, card: Instance, who: str) -> bool:
        """Whether a play would leave more active character cards than allowed.

        "You may not have more than one active character card" forbids a play that would leave more
        than that many.
        """
        state = self.state
        active = [
            c for c in state.owned(who, frozenset({Zone.COMBAT}), active=True) if c.is_character
        ]
        covering = not any(
            e.cards[0].is_character
            and not e.data.get("responding")
            and not e.data.get("bluff")
            and not e.cards[0].cancelled
            for e in state.events_of("play", who, this_turn=True)
        )
        if covering and pushes(self.forces, card) and not gang_joins(self.forces, card, who):
            active = [c for c in active if c.turn == state.turn]
        limit = what.quantity.n or 0
        return len(active) + 1 > limit


def _bluff_matches(probe: Cards, card: Instance) -> bool:
    """A bluff card is played as a support card (BI rulesheet), face down."""
    if probe.types and not any(t.value in ("support", "bluff") for t in probe.types):
        return False
    if probe.special_power_text is not None and card.info.has_text != probe.special_power_text:
        return False
    return not probe.phase


#: Determiners a forbidden play is read with ("support cards", "a card", "more than one card").
_FOLLOWED_QUANTITIES = (Q.GENERIC, Q.ARTICLE, Q.ANY, Q.MORE_THAN)


@by_identity
def _unfollowed(when: When | None, act: a.Play) -> str | None:
    """The words of a forbidden play the judge does not follow, or None.

    Followed: the card filters and exceptions of ``_forbids_play``, "on <whose> turn",
    "during this fight"
    (a card in play is in play during this fight only), "further", "more than N" and "into
    <the player's> combat area".
    """
    if when is not None and when.kind not in (W.ON_TURN, W.THIS_FIGHT):
        return f'"{when.render()}"'
    if act.as_if is not None or act.without_pushing:
        return f'"{act.render()}"'
    if act.into is not None and act.into.zones != (Area.COMBAT_AREA,):
        return f'"into {act.into.render()}"'
    cards = act.cards
    if not isinstance(cards, Cards):
        return None
    if cards.quantity.kind not in _FOLLOWED_QUANTITIES:
        return f'"{cards.render()}"'
    followed = replace(
        cards,
        quantity=Quantity(),
        owner=None,
        types=(),
        phase=None,
        family=None,
        icon=None,
        with_icon=False,
        special_power_text=None,
        printed_value_above=None,
        further=False,
        noun=Noun.CARD,
        exceptions=(),
    )
    if followed != _NO_FILTER:
        return f'"{cards.render()}"'
    return None
