"""FMA situation reader: cards in play, texts of no effect, cards leaving and coming back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations
from rulesq.games.fma import effects as fx
from rulesq.games.fma.state import (
    CHARACTER_TYPES,
    OWN_CHANGES,
    RULE,
    Entry,
    Gap,
    text_given,
)
from rulesq.games.fma.vocab import Attribute

if TYPE_CHECKING:
    from rulesq.situation.model import CardRef, Fact
from rulesq.games.fma.reader_base import ReaderBase, ref_key, ref_name


class InPlayReader(ReaderBase):
    """Reads the statements of cards in play, leaving play, out of play and returning."""

    def _fact_in_play(self, fact: Fact) -> None:
        """``"X" is in play``: a character card (an ally, a leader) is a character in play.

        Built as a character line builds it (``character``), with the statement's player: every
        reader of the characters in play (Loyal's count, a side of the table, values) knows it.
        A card said in play again while in play is the same card: its text acts once.
        """
        for ref in fact.cards:
            if ref_key(ref) in self._again:
                continue  # in play already: said again, it is the same card (one passive text)
            self._in_play.add(ref_key(ref))
            card = ref.card
            if card is None:
                continue
            if card.type in CHARACTER_TYPES:
                self.character(ref, fact, owner=fact.who)
                continue
            self._placed[ref_key(ref)] = fact.who
            if not text_given(card):  # its text may change values: open (``State.blocking``)
                self.state.unread_in_play[ref_key(ref)] = (card, fact.span.line)
                continue
            self._passive_text(card, fact, owner_key=ref_key(ref), controller=fact.who)

    def _fact_no_changes(self, fact: Fact) -> None:
        """``"X" changes no values``: its text, never given, changes no character's values.

        Only of a card whose text the sources leave unknown: of any other it is an input error.
        """
        self._unknown_text_only(fact, "that could change values")

    def _fact_no_effect(self, fact: Fact) -> None:
        """``"X" has no effect``: its text, never given, changes nothing (values, plays, goals).

        Only of a card whose text the sources leave unknown, or give only in part: of any
        other it is an input error. Plays and goals read it from the facts
        (``unknown_texts.inert``); values, as ``"X" changes no values``.
        """
        for ref in fact.cards:
            if ref.card is not None and ref.card.fields.get("text_parts"):
                raise self.error(
                    f'the sources give part of the text of "{ref.card.name}": a situation '
                    "cannot say the whole of it has no effect",
                    fact,
                    ref,
                    suggestion="Leave the line out.",
                )
        self._unknown_text_only(fact, "that could have an effect")

    def _unknown_text_only(self, fact: Fact, could: str) -> None:
        """Each card named is one of unknown text (else an input error): it changes no values."""
        for ref in fact.cards:
            card = ref.card
            if card is None:
                raise self.error(
                    f'"{ref.name}" is no card of the corpus or of a card line: it has no text '
                    f"{could}",
                    fact,
                    ref,
                    suggestion="Leave the line out.",
                )
            said = any(card.fields.get(f) for f in ("text_changes_in_play", *OWN_CHANGES))
            if text_given(card) or said:
                given = (
                    f'the text of "{card.name}"'
                    if text_given(card)
                    else f'that the text of "{card.name}" changes values'
                )
                raise self.error(
                    f"the sources give {given}: a situation states only what the sources leave "
                    "unknown",
                    fact,
                    ref,
                    suggestion="Leave the line out.",
                )
            self.state.unchanging[ref_key(ref)] = fact
            unread = f'the text of "{card.name}" is not known'
            self.state.gaps = [  # played before, its text not known: it changed no values
                g
                for g in self.state.gaps
                if not (g.text == f'"{card.name}" was played' and g.reason.startswith(unread))
            ]

    def _fact_removed(self, fact: Fact) -> None:
        for ref in self._taken(fact):
            key = ref_key(ref)
            copies = self._moves.ambiguous.get(key)
            if copies:  # ``Presence.read``: several copies of it in play
                lines = ", ".join(str(f.span.line) for f in copies)
                raise self.error(
                    f'{len(copies)} copies of "{ref_name(ref)}" are attached (lines {lines}): '
                    "which of them leaves play is not known",
                    fact,
                    ref,
                    suggestion="A situation names a card, not one of its copies: attach one "
                    f'copy of "{ref_name(ref)}" only, or state its bearer leaving play',
                )
            for gap in self._unborne.pop(key, []):  # it has left play: it gives nothing now
                self.state.gaps.remove(gap)
            self._bearer_left(key, fact)
            ended = self._end_given(key, fact) + self._end_passives(key, fact)
            character = self.state.characters.get(key)
            if character is not None and not character.gone:
                character.gone = True
                self._copied_gone(character.name, "has left play")
                ended += 1
            if key in self._in_play:
                self._in_play.discard(key)
                self.state.unread_in_play.pop(key, None)
                ended += 1
            if not ended:
                raise self.error(f'"{ref_name(ref)}" is not attached or in play here', fact, ref)

    def _bearer_left(self, key: str, fact: Fact) -> None:
        """The texts of the attachments a character that left play bore: open until attached.

        The rulings never say whether an attachment leaves play with its bearer: only that "A
        leader does not lose his attachments when he is out of play", and that its passive
        abilities "do not function if the character bearing the attachment is defeated". What
        its text gives is open (as uniqueness reads a copy so borne) until it is attached again
        or leaves play itself. Which attachments are so left is ``Presence.read``'s
        (``Moves.unsure``), the one reading the cards in play, costs and draws read too.
        """
        for passive in self.state.passives:
            if passive.owner_key not in self._moves.unsure or passive.end is not None:
                continue  # not one ``Presence.read`` leaves unsure (one defeated with it ends)
            if passive.bearer_key != key:
                continue
            passive.end = len(self.state.entries)
            passive.end_fact = fact
            name = passive.card.name
            attribute = (
                passive.effect.attribute if isinstance(passive.effect, fx.AttributeBonus) else None
            )
            gap = Gap(
                f'"{name}" was attached to a card that left play',
                f'"{name}" was attached to a card that left play (line {fact.span.line}), and '
                "the rulings never say whether an attachment leaves play with the character "
                'bearing it (only that "A leader does not lose his attachments when he is out '
                f'of play"): write "{name}" leaves play, or attach "{name}" to "…"',
                None,
                attribute,
                line=self._line,
            )
            self.state.gaps.append(gap)
            self._unborne.setdefault(passive.owner_key, []).append(gap)

    def _fact_out_of_play(self, fact: Fact) -> None:
        """A card out of play: its own passive text stops (a card acts while it is in play).

        An attachment it keeps (a card ruling: "A leader does not lose his attachments when he is
        out of play") may or may not act: the values its text reaches are open until he returns
        (which it keeps so is ``Presence.read``'s: ``Moves.unsure``).
        """
        keys = self._moves.away  # "my leader is out of play": his leader (``Presence.read``)
        if not fact.cards:
            poss = "your" if fact.who == "you" else "my"
            try:
                self._presence.table.leader_key(fact.who or "")
            except CannotAnswer as doubt:  # two leaders of his stated: which is out of play?
                hint = 'Write: "…" is out of play'
                raise self.error(str(doubt), fact, suggestion=hint) from None
            if not keys:  # which character is out of play is not known: no answer may guess
                raise self.error(
                    f"the situation does not name {poss} leader: which character is out of "
                    "play is not known",
                    fact,
                    suggestion=f'Name him first: {poss} leader is "…" (or write: "…" is out of '
                    "play)",
                )
        for key in keys:
            character = self.state.characters.get(key)
            if character is not None:
                self._copied_gone(character.name, "is out of play")
            # a card of a text not known, out of play: it acts no more (it may still leave play)
            self.state.unread_in_play.pop(key, None)
            for passive in self.state.passives:
                if passive.end is not None:
                    continue
                if passive.owner_key == key:
                    passive.end = len(self.state.entries)
                    passive.end_fact = fact
                elif passive.bearer_key == key and passive.owner_key in self._moves.unsure:
                    attribute = (
                        passive.effect.attribute
                        if isinstance(passive.effect, fx.AttributeBonus)
                        else None
                    )
                    name = passive.card.name
                    gap = Gap(
                        f'"{name}" is attached to a card out of play',
                        f'"{name}" is attached to a card out of play (line {fact.span.line}), '
                        'and the rulings say only that "A leader does not lose his attachments '
                        'when he is out of play", not whether their text still acts',
                        None,
                        attribute,
                        line=self._line,
                    )
                    self.state.gaps.append(gap)
                    self._out_gaps.setdefault(key, []).append(gap)

    def _fact_returned(self, fact: Fact) -> None:
        """A character returned to play: no longer defeated or gone; its earlier values unknown.

        Cards sent to the discard pile have no "memory" (the rulings, Activated abilities 3):
        what of its earlier bonuses and settings it keeps is not followed. A card back from out
        of play gives its passive text again, and its attachments' texts act as before.
        """
        for ref in [r for r in fact.cards if ref_key(r) in self._moves.returned]:
            key = ref_key(ref)
            for gap in self._out_gaps.pop(key, []):
                self.state.gaps.remove(gap)
            self._bearer_back(key, fact)
            character = self.state.characters.get(key)
            if character is None:
                self._back_in_play(ref, fact)
                continue
            earlier = character.gone or any(
                character.name in {name for name, _ in entry.touches}
                for entry in self.state.entries
            )
            key = ref_key(ref)
            ended = [p for p in self.state.passives if p.owner_key == key and p.end is not None]
            live = [p for p in self.state.passives if p.owner_key == key and p.end is None]
            character.gone = False
            character.returned = fact
            card = character.card
            if ended and not live and card is not None and card.text:
                # back in play, its passive text acts again (it had ended with the card)
                self._passive_text(card, fact, owner_key=key, controller=character.owner)
            if earlier:
                self.gap(
                    character.name,
                    None,
                    fact.text,
                    f'"{character.name}" returned to play (line {fact.span.line}): rulesq does '
                    "not follow which of its values from before then it keeps",
                )

    def _bearer_back(self, key: str, fact: Fact) -> None:
        """The texts of the attachments a defeated character bore, once he returns: open.

        Cards sent to the discard pile have no "memory", and the rulings never say whether an
        attachment stays with such a character (``Presence.read``: ``Moves.unsure``).
        """
        for passive in self.state.passives:
            if passive.bearer_key != key or passive.owner_key not in self._moves.unsure:
                continue
            name = passive.card.name
            attribute = (
                passive.effect.attribute if isinstance(passive.effect, fx.AttributeBonus) else None
            )
            gap = Gap(
                f'"{name}" was attached to a card that returned to play',
                f'"{name}" was attached to a character who was defeated and returned to play '
                f"(line {fact.span.line}), and the rulings never say whether an attachment stays "
                f'with a character sent to the discard pile and back: write "{name}" leaves '
                f'play, or attach "{name}" to "…"',
                None,
                attribute,
                line=self._line,
            )
            self.state.gaps.append(gap)
            self._unborne.setdefault(passive.owner_key, []).append(gap)

    def _back_in_play(self, ref: CardRef, fact: Fact) -> None:
        """A card stated in play (not a character) back in play: its text acts again, or is open.

        Its passive text had ended with it (``_fact_removed``, ``_fact_out_of_play``); back, the
        card is in play as the cards in play read it (``still_in_play``).
        """
        key, card = ref_key(ref), ref.card
        attached = self._attached.get(key)
        if attached is not None:
            self._in_play.add(key)  # in play again: it can leave play again
            self._unborne_back(attached, fact)
            return
        if key not in self._placed or card is None:
            return
        self._in_play.add(key)
        if not text_given(card):
            self.state.unread_in_play.setdefault(key, (card, fact.span.line))
        elif not any(p.owner_key == key and p.end is None for p in self.state.passives):
            self._passive_text(card, fact, owner_key=key, controller=self._placed[key])

    def _unborne_back(self, attachment: CardRef, fact: Fact) -> None:
        """An attachment returned to play: what it gives is open until it is attached again.

        It is in play again (``Presence.read``), but the rulings never say which character an
        attachment returned to play bears: the values its line or its text may reach are open.
        """
        name = ref_name(attachment)
        reason = (
            f'"{name}" returned to play (line {fact.span.line}), and the rulings never say which '
            f'character an attachment returned to play bears (write: attach "{name}" to "…")'
        )
        attributes: list[Attribute | None] = []
        for value_name in attachment.values:
            try:
                attributes.append(Attribute.named(value_name))
            except Exception:  # refused when it was attached
                continue
        card = attachment.card
        if not attributes and card is not None and text_given(card) and not card.text:
            return  # a card of no text gives nothing, wherever it is attached
        if not attributes:
            attributes = [None]
        gaps = [
            Gap(f'"{name}" returned to play', reason, None, attribute, line=self._line)
            for attribute in attributes
        ]
        self.state.gaps.extend(gaps)
        self._unborne.setdefault(ref_key(attachment), []).extend(gaps)

    def _end_given(self, key: str, fact: Fact) -> int:
        ids = self.state.given_by.pop(key, [])
        timeline = self.state.timeline()
        count = 0
        for ident in ids:
            try:
                at.bonus_amount(timeline, ident)
            except at.TimelineError:
                continue
            touched = {
                t
                for e in self.state.entries
                if getattr(e.event, "id", None) == ident
                for t in e.touches
            }
            self._add(Entry(at.EffectEnds(ident), fact, touched))
            count += 1
        return count

    def _end_passives(self, key: str, fact: Fact, defeated: bool = False) -> int:
        """End the passive texts of a card that left play or was defeated (or of its bearer).

        A defeat ends them by a rule: the card's own, or, for an attachment, its bearer's.
        """
        count = 0
        for passive in self.state.passives:
            if key in (passive.owner_key, passive.bearer_key) and passive.end is None:
                passive.end = len(self.state.entries)
                passive.end_fact = fact
                if defeated:
                    rule = (
                        citations.PASSIVE_PLACES
                        if key == passive.bearer_key
                        else citations.PASSIVE_DEFEATED
                    )
                    passive.ended = ((rule, RULE),)
                count += 1
        return count
