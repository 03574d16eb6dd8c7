"""FMA situation reader: attachments, bonuses, settings, copies and moves of attributes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import did_you_mean, suggest, typed
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations
from rulesq.games.fma.presence import OUT
from rulesq.games.fma.state import (
    DURATIONS,
    ORIGINS,
    PERIODS,
    PRECEDENT,
    RULE,
    Bonus,
    Character,
    Cited,
    Entry,
    card_clauses,
    line_of,
)
from rulesq.games.fma.vocab import Attribute, Duration

if TYPE_CHECKING:
    from rulesq.situation.model import CardRef, Fact
from rulesq.games.fma.reader_base import OWN_TEXT, ReaderBase, ref_key, ref_name

#: The sentence of the Defeated characters ruling that refuses an attachment.
NO_ATTACH_TO_DEFEATED = "You cannot attach a card to a defeated character."


class AttributeReader(ReaderBase):
    """Reads the statements that change attributes: attachments, bonuses, sets, copies, moves."""

    def _fact_attach(self, fact: Fact) -> None:
        attachment, holder_ref = fact.cards[0], fact.cards[1]
        holder = self.known(holder_ref, fact)
        name = ref_name(attachment)
        defeated = self.state.defeated_by(holder.name)
        if defeated is not None:
            raise self.error(
                f'"{name}" cannot be attached to "{holder.name}": "{holder.name}" is defeated '
                f'({line_of(defeated)}), and "{NO_ATTACH_TO_DEFEATED}" '
                f"({citations.DEFEATED})",
                fact,
                holder_ref,
                suggestion="Attach it before the character is defeated, or ask: "
                f'can I attach "{name}" to "{holder.name}"?',
            )
        self._attached[ref_key(attachment)] = attachment
        still = [c for c in self._presence.copies if c.name == ref_key(attachment) and c.why]
        if not still:  # attached: its bearer is said (no other copy of it left unsure)
            for gap in self._unborne.pop(ref_key(attachment), []):
                self.state.gaps.remove(gap)
        ids = self.state.given_by.setdefault(ref_key(attachment), [])
        for value_name in attachment.flags:
            raise self.error(
                f'an attachment\'s bonus is an attribute and a number, not "{value_name}"',
                fact,
                attachment,
                expected=["(strength +1)", "(wits -1)"],
            )
        for value_name, amount in attachment.values.items():
            try:
                attribute = Attribute.named(value_name)
            except Exception:
                raise self.error(
                    f'"{value_name}" is not an attribute',
                    fact,
                    attachment,
                    expected=typed(a.value for a in Attribute),
                    suggestion=did_you_mean(suggest(value_name, list(Attribute))),
                ) from None
            ident = self._next("attach")
            ids.append(ident)
            label = f'"{name}" (attached, {line_of(fact)})'
            event = at.Modifier(
                holder.name, attribute, amount, source=label, id=ident, origin="attachment"
            )
            clauses = card_clauses(attachment.card) if attachment.card else ()
            self._add(Entry(event, fact, {(holder.name, attribute)}, clauses, origin="attachment"))
            if amount > 0:
                self._bonus(ident, holder.name, "attachment", label)
        self._in_play.add(ref_key(attachment))  # so that it can be said to leave play, whatever
        if attachment.values:  # its text and its values
            return
        card = attachment.card
        if card is not None and card.text:
            # The attachment's own text: a passive bonus reaches every character its
            # subject describes (the bearer is "this character"); any other text that
            # bears on attributes is a gap for every character, not only the bearer.
            self._passive_text(
                card, fact, owner_key=ref_key(attachment), bearer_key=ref_key(holder_ref)
            )
        else:
            self.gap(
                holder.name,
                None,
                f'"{name}" attached to "{holder.name}"',
                f'the bonuses "{name}" gives are not known (give them, e.g. '
                f'attach "{name}" (strength +1) to "{holder.name}")',
                attachment=True,
            )

    def _fact_bonus(self, fact: Fact) -> None:
        holder = self.known(fact.cards[0], fact)
        amount = int(str(fact.param("signed_number")))
        attribute = fact.param("attribute")
        attributes = [Attribute.named(str(attribute))] if attribute else list(Attribute)
        duration = self._duration(fact)
        origin, label, clauses = self._origin(fact)
        if origin == "text":  # what its own text gives is stated: no longer a gap
            own = OWN_TEXT.format(name=holder.name)
            self.state.gaps = [
                g
                for g in self.state.gaps
                if not (g.text == own and g.character == holder.name and g.attribute in attributes)
            ]
        for each in attributes:
            ident = self._next("bonus")
            event = at.Modifier(
                holder.name, each, amount, duration, source=label, id=ident, origin=origin or ""
            )
            self._add(Entry(event, fact, {(holder.name, each)}, clauses, origin=origin))
            if len(fact.cards) > 1 and duration is Duration.CONSTANT:
                self.state.given_by.setdefault(ref_key(fact.cards[1]), []).append(ident)
            if amount > 0:
                self._bonus(ident, holder.name, origin, label)

    def _origin(self, fact: Fact) -> tuple[str | None, str, tuple[Cited, ...]]:
        written = fact.param("bonus_source")
        if written:
            origin = ORIGINS[str(written)]
            return origin, f"{written} ({line_of(fact)})", ()
        if len(fact.cards) > 1:
            source = fact.cards[1]
            clauses = card_clauses(source.card) if source.card else ()
            return "card", f'"{ref_name(source)}" ({line_of(fact)})', clauses
        return None, f"an effect ({line_of(fact)})", ()

    def _bonus(self, ident: str, character: str, origin: str | None, label: str) -> None:
        self.state.bonuses[ident] = Bonus(ident, character, origin, label)
        self.state.received.append(ident)

    def _duration(self, fact: Fact) -> Duration:
        written = fact.param("duration")
        return DURATIONS[PERIODS[str(written)]] if written else Duration.CONSTANT

    def _fact_set(self, fact: Fact) -> None:
        target = self.known(fact.cards[-1], fact)
        actor = fact.cards[0] if len(fact.cards) > 1 else None
        attribute = Attribute.named(str(fact.param("attribute")))
        value = int(fact.param("number"))
        self._set(fact, target, attribute, value, actor)

    def _set(
        self,
        fact: Fact,
        target: Character,
        attribute: Attribute,
        value: int,
        actor: CardRef | None,
        extra: tuple[Cited, ...] = (),
        copied: str = "",
    ) -> None:
        duration = self._duration(fact)
        label = (
            f'"{ref_name(actor)}"{copied} ({line_of(fact)})'
            if actor is not None
            else f"an effect ({line_of(fact)})"
        )
        ident = self._next("set")
        event = at.SetValue(target.name, attribute, value, duration, source=label, id=ident)
        clauses = (
            (citations.SET_VALUE, RULE),
            (citations.SET_VALUE_EXAMPLE, PRECEDENT),
            *extra,
            *(card_clauses(actor.card) if actor is not None and actor.card else ()),
        )
        self._add(Entry(event, fact, {(target.name, attribute)}, clauses))
        if actor is not None and duration is Duration.CONSTANT:
            self.state.given_by.setdefault(ref_key(actor), []).append(ident)

    def _fact_copy(self, fact: Fact) -> None:
        actor, source_ref = fact.cards[0], fact.cards[1]
        onto = fact.cards[2] if len(fact.cards) > 2 else None
        target = self.known(onto if onto is not None else actor, fact)
        source = self.known(source_ref, fact)
        attribute = Attribute.named(str(fact.param("attribute")))
        gaps = self.state.blocking(source.name, attribute)
        reading = at.attribute_value(self.state.timeline(), source.name, attribute)
        away = self._away(source)
        if gaps or reading.value is None or away:
            why = away or (gaps[0].reason if gaps else reading.render())
            self.gap(
                target.name,
                attribute,
                fact.text,
                f'"{target.name}" copies the {attribute.value} of "{source.name}", '
                f"which is not known here ({why})",
            )
            return
        self._set(
            fact,
            target,
            attribute,
            reading.value,
            actor,
            ((citations.SET_VALUE_ORDER, PRECEDENT),),
            copied=f' copying the {attribute.value} of "{source.name}"',
        )
        if source.name != target.name:
            label = f'"{ref_name(actor)}" copying the {attribute.value} of "{source.name}"'
            label += f" ({line_of(fact)})"
            copy = (target.name, attribute, source.name, reading.value, fact.text, label)
            for earlier in [c for c in self._copies if (c[0], c[1]) == (target.name, attribute)]:
                self._copies.remove(earlier)  # a later copy replaces an earlier one's value
                opened = self._copy_gaps.pop(earlier[5], None)
                if opened is not None:
                    self.state.gaps.remove(opened)
            self._copies.append(copy)

    def _away(self, who: Character) -> str:
        """Why a character's values are not known where it is: left play, or out of play ("")."""
        if who.gone:
            return f'"{who.name}" has left play'
        where, fact = self._presence.where(normalise_name(who.name))
        if where == OUT and fact is not None:
            return (
                f'"{who.name}" is out of play (line {fact.span.line}), and the rulings say only '
                "that an "
                "out-of-play leader cannot recruit and keeps his attachments, not what his "
                "attributes are"
            )
        return ""

    def _copies_followed(self, added: list[Entry]) -> None:
        """A copy whose source's value has changed since: the copier's value is open.

        The rulings say a copy "sets" the value (``fma/rulings/changing-attributes/example-2``:
        a copy of a character with 5 strength sets the copier's strength to 5), never whether
        the copy follows a later change of the character copied. Only the entries a statement
        ``added`` are weighed: a copy is looked at again when one touches its source (or, its
        gap open, to see whether it has ended), so the reading stays linear.
        """
        for copy in list(self._copies):
            target, attribute, source, value, line, label = copy
            opened = self._copy_gaps.get(label)
            if opened is None and not any((source, attribute) in e.touches for e in added):
                continue
            try:
                timeline = self.state.timeline()
                now = at.attribute_value(timeline, source, attribute).value
                steps = at.attribute_value(timeline, target, attribute).steps
            except at.TimelineError:
                now, steps = None, ()
            if not any(s.source == label and s.counts for s in steps):
                self._copies.remove(copy)  # the copy has ended: nothing of it is left open
                if opened is not None:
                    self.state.gaps.remove(opened)
                continue
            if opened is not None or now == value:
                continue
            shown = "is no longer known" if now is None else f"is now {now}"
            self.gap(
                target,
                attribute,
                line,
                f'"{target}" copied the {attribute.value} of "{source}" ({value}), whose '
                f"{attribute.value} {shown}: the rulings say a copy sets the value, not whether "
                "it follows a later change of the character copied",
            )
            self._copy_gaps[label] = self.state.gaps[-1]

    def _fact_move(self, fact: Fact) -> None:
        actor, holder_ref = fact.cards[0], fact.cards[1]
        holder = self.known(holder_ref, fact)
        attribute = Attribute.named(str(fact.param("attribute")))
        to = Attribute.named(str(fact.param("to_attribute")))
        timeline = self.state.timeline()
        found = []
        for bonus in self.state.bonuses.values():
            if bonus.character != holder.name:
                continue
            try:
                now, amount = at.bonus_amount(timeline, bonus.id)
            except at.TimelineError:
                continue
            if now is attribute and amount > 0:
                found.append(bonus)
        if not found:
            raise self.error(
                f'"{holder.name}" has no {attribute.value} bonus to move here', fact, holder_ref
            )
        if len(found) > 1:
            labels = "; ".join(b.label for b in found)
            raise self.error(
                f'"{holder.name}" has {len(found)} {attribute.value} bonuses here '
                f"({labels}); a move takes one, and this does not say which",
                fact,
                holder_ref,
            )
        if to is attribute:
            raise self.error(f"the bonus is already on {to.value}", fact, holder_ref)
        bonus = found[0]
        label = f'"{ref_name(actor)}" ({line_of(fact)})'
        clauses = card_clauses(actor.card) if actor.card else ()
        self._add(
            Entry(
                at.MoveBonus(bonus.id, to, source=label),
                fact,
                {(holder.name, attribute), (holder.name, to)},
                clauses,
            )
        )
        for entry in self.state.entries:
            if isinstance(entry.event, at.Modifier) and entry.event.id == bonus.id:
                entry.touches.add((holder.name, to))
