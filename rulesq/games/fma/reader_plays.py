"""FMA situation reader: cards played, and the doubling of a bonus just received."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma import attributes as at
from rulesq.games.fma import effects as fx
from rulesq.games.fma.state import (
    ORIGIN_WORDS,
    Bonus,
    Entry,
    card_clauses,
    line_of,
    match_subject,
    text_given,
)

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.situation.model import CardRef, Fact
from rulesq.games.fma.reader_base import ReaderBase, bearing, ref_key, ref_name


class PlayReader(ReaderBase):
    """Reads the statements of cards played (by a player, by a character, as a react)."""

    def _fact_play(self, fact: Fact) -> None:
        for ref in fact.cards:
            self._play_one(fact, ref)

    def _play_one(self, fact: Fact, ref: CardRef) -> None:
        """What a card played does to the values (a react played to another card too)."""
        card = ref.card
        if card is None or (fact.span.line, ref_key(ref)) in self._canceled:
            return  # canceled since: none of its effects happens
        if not text_given(card):
            if ref_key(ref) not in self.state.unchanging:  # else: said to change no values
                self.gap(
                    None,
                    None,
                    f'"{card.name}" was played',
                    f'the text of "{card.name}" is not known, so what it does is not known',
                )
            return
        parsed = self.parse(card)
        why = parsed.not_understood(card.name)
        if why is not None:
            self.gap(None, None, f'"{card.name}" was played', why)
            return
        units = [
            e
            for top in parsed.effects
            for e in (top.body if isinstance(top, fx.Ability) else (top,))
        ]
        for effect in units:
            if (
                isinstance(effect, fx.Trigger)
                and isinstance(effect.event, fx.ReceivesBonus)
                and any(isinstance(e, fx.DoubleBonus) for e in effect.effects)
            ):
                self._double(fact, ref, card, effect)
            elif bearing(effect):
                self._cannot_apply(card)

    def _cannot_apply(self, card: Card) -> None:
        self.gap(
            None,
            None,
            f'"{card.name}" was played',
            f'rulesq cannot tell which characters "{card.name}" changes; write what it '
            'does, e.g. "X" gets +2 strength from an event',
        )

    def _double(self, fact: Fact, ref: CardRef, card: Card, trigger: fx.Trigger) -> None:
        event = trigger.event
        assert isinstance(event, fx.ReceivesBonus)
        if not self.state.received:
            self.gap(
                None,
                None,
                f'"{card.name}" was played',
                f'"{card.name}" doubles a bonus just received, but no character has '
                "received a bonus",
            )
            return
        bonus = self.state.bonuses[self.state.received[-1]]
        character = self.state.characters[normalise_name(bonus.character)]
        late = self._not_just_received(bonus)
        if late is not None:
            self._undoubled(
                card, fact, f'"{card.name}" reacts to a bonus just received, and {late}'
            )
            return
        try:
            attribute, _ = at.bonus_amount(self.state.timeline(), bonus.id)
        except at.TimelineError:
            self.gap(
                None,
                None,
                f'"{card.name}" was played',
                f"the last bonus received ({bonus.label}) is no longer in force",
            )
            return
        why = None
        if bonus.origin not in ORIGIN_WORDS:
            why = (
                f"the situation does not say whether the bonus {bonus.label} came from an "
                "event or an activated ability"
            )
        elif bonus.origin not in event.sources:
            why = (
                f"the last bonus received ({bonus.label}) came from "
                f'{ORIGIN_WORDS[bonus.origin]}, and "{card.name}" reacts to a bonus from '
                + " or ".join(ORIGIN_WORDS[s] for s in event.sources)
            )
        else:
            fits = match_subject(event.who, character, ref_key(ref), controller=fact.who)
            if fits is None:
                why = (
                    f'the situation does not say whether "{character.name}" is '
                    f"{event.who.render() if isinstance(event.who, fx.Selector) else 'it'}"
                    f' (write: my character "{character.name}")'
                )
            elif not fits:
                why = f'"{character.name}" is not {event.who.render()}'
        if why is not None:
            self._undoubled(card, fact, why, event.who, ref_key(ref))
            return
        label = f'"{card.name}" ({line_of(fact)})'
        self._add(
            Entry(
                at.DoubleBonus(bonus.id, source=label),
                fact,
                {(character.name, attribute)},
                card_clauses(card),
                (card, trigger.render()),
            )
        )
        bonus.origin = "event"  # a played card is an event: the doubled bonus is received again
        self.state.received.append(bonus.id)

    def _undoubled(
        self, card: Card, fact: Fact, why: str, whose: object = None, own: str = ""
    ) -> None:
        """A doubling card played when rulesq cannot tell which bonus it doubles.

        Every character holding a bonus in force might be the one it doubled, so questions
        about them are open; other characters are not touched, nor one the card's own words
        (``whose``: "one of your characters") surely do not describe.
        """
        timeline = self.state.timeline()
        holders = []
        for bonus in self.state.bonuses.values():
            try:
                at.bonus_amount(timeline, bonus.id)
            except at.TimelineError:
                continue
            holders.append(bonus.character)
        for name in dict.fromkeys(holders):
            character = self.state.characters.get(normalise_name(name))
            if (
                whose is not None
                and character is not None
                and match_subject(whose, character, own, controller=fact.who) is False
            ):
                continue
            self.gap(name, None, f'"{card.name}" was played ({line_of(fact)})', why)

    def _not_just_received(self, bonus: Bonus) -> str | None:
        """Why ``bonus`` is not the one thing that just happened (None: it is).

        A react follows what it reacts to: a bonus received before other changes, or one
        of several bonuses one statement gave at once (the player may react to any of
        them), does not say which bonus the react doubles.
        """
        entries = self.state.entries
        last = entries[-1] if entries else None
        event = last.event if last is not None else None
        ours = (isinstance(event, at.Modifier) and event.id == bonus.id) or (
            isinstance(event, at.DoubleBonus) and event.bonus == bonus.id
        )
        if last is None or not ours:
            where = line_of(last.fact) if last is not None and last.fact else "later"
            return (
                f"the last bonus received ({bonus.label}) was followed by another "
                f"change ({where}), so which bonus it doubles is not known"
            )
        if any(p.start >= len(entries) for p in self.state.passives):
            return (
                f"a card came into play after the last bonus received ({bonus.label}), so "
                "which bonus it doubles is not known"
            )
        if isinstance(event, at.Modifier):
            together = [
                e
                for e in entries
                if e.fact is last.fact and isinstance(e.event, at.Modifier) and e.event.amount > 0
            ]
            if len(together) > 1:
                return (
                    f"{line_of(last.fact)} gives {len(together)} bonuses at once; the "
                    "player chooses which one to double, and the situation does not say"
                )
        return None

    def _fact_character_plays(self, fact: Fact) -> None:
        self._play_one(fact, fact.cards[-1])  # a character's play: the card acts as any played

    def _fact_plays_as_react(self, fact: Fact) -> None:
        react, target = fact.cards[0], fact.cards[-1]
        if ref_key(react) == ref_key(target):
            raise self.error(
                f'"{ref_name(react)}" cannot be played as a react to itself',
                fact,
                target,
                suggestion="Name the card it reacts to, e.g. "
                f'I play "{ref_name(react)}" as a react to "Some Event"',
            )
        self._play_one(fact, react)  # a react played is played: its text acts as any card's
