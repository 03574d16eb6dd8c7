"""Read an FMA situation's facts, in order: characters, an attribute timeline, battle, goals.

The reader turns each statement of ``grammar/situation_fma.lark`` into events of the pure
attribute library (``rulesq.games.fma.attributes``), keeping for each event the fact that
wrote it and the clauses it rests on, so that handlers can cite them. Card text matters
where a card acts on its own: the passive text of a card in play (or of a character card)
gives its bonuses to the characters it describes; a played card that doubles a bonus just
received doubles it; a card that stops attachments from giving bonuses stops them. What
the reader cannot decide (a text it does not understand, a value the sources never give,
a faction the situation does not state) becomes a ``Gap``: the questions it touches are
answered *cannot answer*, with the gap's reason.

Inconsistent input (a character given two different strengths, a bonus moved that does not
exist) is an ``InputError`` at the statement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer, InputError, did_you_mean, suggest, typed
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations
from rulesq.games.fma import effects as fx
from rulesq.games.fma.goals import Goal, change_attribute_goals, read_goal, replace_goal
from rulesq.games.fma.state import (
    CHARACTER_TYPES,
    CHARACTER_VALUES,
    DURATIONS,
    ORIGIN_WORDS,
    ORIGINS,
    OWN_CHANGES,
    PERIODS,
    PRECEDENT,
    RULE,
    UNDEFEATABLE,
    BattleSetup,
    Bonus,
    Character,
    Cited,
    Entry,
    Gap,
    Passive,
    State,
    card_clauses,
    line_of,
    match_subject,
    text_given,
)
from rulesq.games.fma.table import Table
from rulesq.games.fma.vocab import PHASES, Attribute, Duration, Side

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.base import Game
    from rulesq.situation.model import CardRef, Fact, Situation

#: The sentence of the Defeated characters ruling that refuses an attachment.
NO_ATTACH_TO_DEFEATED = "You cannot attach a card to a defeated character."


def _key(ref: CardRef) -> str:
    return normalise_name(ref.card.name if ref.card is not None else ref.name)


def _name(ref: CardRef) -> str:
    return ref.card.name if ref.card is not None else ref.name


#: Statements of the shared language the FMA judge has no place for: an input error saying
#: what to write instead, never a statement silently left out.
NOT_READ = {
    "hand_size": "The judge does not count a hand: say which cards it holds, e.g., "
    '{poss} hand holds "{name}"',
    "discard": 'Write, e.g., "{name}" leaves play, or {poss} discard pile has "{name}"',
    "retrieve": 'State where the card is now, e.g., {poss} hand holds "{name}"',
    "deck": "The judge does not build FMA decks: state the cards in play and in hand",
}


class Reader:
    """Reads facts in order into a ``State``; one reader per question."""

    def __init__(self, situation: Situation, game: Game) -> None:
        self.situation = situation
        self.game = game
        self.state = State()
        self._counter = 0
        #: The line of the statement being read (where a gap arises).
        self._line = 0
        #: Cards stated in play and not yet stated gone (a text the state does not follow,
        #: such as a cost increase, may still leave play).
        self._in_play: set[str] = set()
        #: The gaps of the attachments a card out of play keeps, by its key (lifted on return).
        self._out_gaps: dict[str, list[Gap]] = {}
        #: The cards out of play and not returned since, by key: the line that put each out.
        self._outside: dict[str, int] = {}
        #: Copies made (copier, attribute, source, value copied, the line of the copy): a later
        #: change of the source leaves the copier's value open (``_copies_followed``).
        self._copies: list[tuple[str, Attribute, str, int, str, str]] = []
        #: The plays a later statement cancels (``canceled_plays``).
        self._canceled: set[tuple[int, str]] = set()
        #: The gap each copy left open, by the copy's label (lifted when the copy ends).
        self._copy_gaps: dict[str, Gap] = {}
        #: Each player's leader as the table reads him (a leader line, or a leader card stated):
        #: the one reading of who leads (``Table.read``), statement by statement.
        self._table = Table()
        #: The leaders who leave play with the statement being read (a later leader line).
        self._leaving: list[str] = []

    # ------------------------------------------------------------------ helpers
    def error(
        self,
        message: str,
        at_fact: Fact | None = None,
        ref: CardRef | None = None,
        expected: list[str] | None = None,
        suggestion: str | None = None,
    ) -> InputError:
        """An input error at a card reference, else at a statement."""
        span = ref.span if ref is not None else at_fact.span if at_fact is not None else None
        line, column = (span.line, span.column) if span is not None else (1, 1)
        return InputError(
            message,
            self.situation.source,
            self.situation.text,
            line,
            column,
            expected=expected or [],
            suggestion=suggestion,
        )

    def _next(self, prefix: str) -> str:
        self._counter += 1
        return f"{prefix}{self._counter}"

    def _add(self, entry: Entry) -> Entry:
        entry.key = (len(self.state.entries), 1, 0)
        self.state.entries.append(entry)
        return entry

    def parse(self, card: Card) -> fx.FmaParsedText:
        """A card's text in force, parsed (the caller checks that it has one)."""
        parsed = self.game.parse_card_text(card.text or "")
        assert isinstance(parsed, fx.FmaParsedText)
        return parsed

    # ------------------------------------------------------------------ reading
    def read(self, facts: list[Fact]) -> State:
        """Read the facts, in order."""
        self._canceled = canceled_plays(facts)
        for fact in facts:
            self._line = fact.span.line
            self._leaving = self._table.read(fact)
            handler = getattr(self, f"_fact_{fact.kind}", None)
            if handler is not None:
                before = len(self.state.entries)
                handler(fact)
                if self._copies and len(self.state.entries) > before:
                    self._copies_followed(self.state.entries[before:])
            elif fact.kind == "active":
                raise self.error(
                    "FMA has no active cards; say which cards are in play",
                    fact,
                    suggestion='Write, e.g., "Some Location" is in play',
                )
            elif fact.kind in NOT_READ:
                name = fact.cards[0].name if fact.cards else "Card"
                raise self.error(
                    "the line is not an FMA statement",
                    fact,
                    suggestion=NOT_READ[fact.kind].format(
                        name=name, poss="your" if fact.who == "you" else "my"
                    )
                    + ". Every form: rulesq forms --game fma",
                )
        return self.state

    def character(
        self, ref: CardRef, fact: Fact, owner: str | None = None, introduce: bool = True
    ) -> Character:
        """The character a reference names, introduced (with its values) if new."""
        key = _key(ref)
        existing = self.state.characters.get(key)
        values, words = self._values(ref, fact)
        if existing is None and not introduce and ref.card is None:
            known = [c.name for c in self.state.characters.values()]
            raise self.error(
                f'"{ref.name}" is not a character of this situation',
                fact,
                ref,
                suggestion=did_you_mean(suggest(ref.name, known))
                or f'Introduce it first: character "{ref.name}" (strength 3)',
            )
        if existing is None:
            existing = self._new_character(ref, fact, owner)
        self._merge(existing, ref, fact, values, words, owner)
        return existing

    def known(self, ref: CardRef, fact: Fact) -> Character:
        """A character named earlier (a corpus card is introduced with its printed values)."""
        return self.character(ref, fact, introduce=False)

    def introduce(self, ref: CardRef) -> Character:
        """A card of the corpus named only in a question: a character with its printed values."""
        found = self.state.characters.get(_key(ref))
        return found if found is not None else self._new_character(ref, None, None)

    def _new_character(self, ref: CardRef, fact: Fact | None, owner: str | None) -> Character:
        card = ref.card
        printed: dict[Attribute, int | None] = dict.fromkeys(Attribute)
        sources: list[Cited] = []
        if card is not None:
            given = card.fields.get("attributes") or {}
            for attribute in Attribute:
                value = given.get(attribute.value, card.fields.get(attribute.value))
                printed[attribute] = value if isinstance(value, int) else None
            source = (card.fields.get("field_sources") or {}).get("attributes")
            if source:
                sources.append((str(source), RULE))
        character = Character(
            _name(ref), printed, owner=owner, card=card, fact=fact, sources=tuple(sources)
        )
        if card is not None and card.fields.get("inline"):
            icons = card.fields.get("icons") or []
            character.undefeatable = any(str(i).lower() == UNDEFEATABLE for i in icons)
            traits = tuple(str(i) for i in icons if str(i).lower() != UNDEFEATABLE)
            character.traits = traits or None
            toughness = card.fields.get("toughness")
            character.toughness = toughness if isinstance(toughness, int) else None
        self.state.characters[_key(ref)] = character
        self.state.revision += 1
        if card is not None:
            self._text_changes(character, card)
        # a card stated in play and now named as a character: the character reads its text
        self.state.unread_in_play.pop(_key(ref), None)
        if card is not None and card.text:
            self._passive_text(card, fact, owner_key=_key(ref), controller=owner)
        return character

    def _text_changes(self, character: Character, card: Card) -> None:
        """A gap on each attribute a ruling says the card's own text (never given) changes.

        It is lifted once the situation states what that text gives (``_fact_bonus``).
        """
        source = (card.fields.get("field_sources") or {}).get("text_changes", "a ruling")
        for written in card.fields.get("text_changes") or ():
            attribute = Attribute.named(str(written))
            self.gap(
                character.name,
                attribute,
                _OWN_TEXT.format(name=character.name),
                f'{source} says the game text of "{character.name}" changes its '
                f"{attribute.value}, and the sources never give that text (write what it gives: "
                f'"{character.name}" gets +1 {attribute.value} from its own text)',
            )

    def _values(self, ref: CardRef, fact: Fact) -> tuple[dict[str, int], tuple[str, ...]]:
        for name in ref.values:
            if name not in CHARACTER_VALUES:
                raise self.error(
                    f'"{name}" is not a value of an FMA character',
                    fact,
                    ref,
                    expected=typed(CHARACTER_VALUES),
                    suggestion=did_you_mean(suggest(name, CHARACTER_VALUES)),
                )
            if ref.values[name] < 0:
                raise self.error(
                    f'"{ref.name}" cannot have {name} {ref.values[name]}: a '
                    f"character's printed {name} is 0 or more",
                    fact,
                    ref,
                    suggestion=(
                        f'Write a penalty as an effect, e.g. "{ref.name}" gets -1 {name}.'
                        if name not in ("toughness", "cost")
                        else f"Give the {name} as 0 or more: no statement lowers a {name}."
                    ),
                )
        return dict(ref.values), ref.flags

    def _merge(
        self,
        character: Character,
        ref: CardRef,
        fact: Fact,
        values: dict[str, int],
        words: tuple[str, ...],
        owner: str | None,
    ) -> None:
        for name, value in values.items():
            if name == "toughness":
                old = character.toughness
            elif name == "cost":
                old = character.cost
            else:
                old = character.printed[Attribute(name)]
            if old is not None and old != value:
                corpus = (character.card.fields.get("attributes") or {}) if character.card else {}
                where = (
                    f"the corpus gives {old}"
                    if corpus.get(name) == old
                    else f"{line_of(character.fact)} gives {old}"
                )
                raise self.error(
                    f'"{character.name}" cannot have {name} {value}: {where}', fact, ref
                )
            if name == "toughness":
                character.toughness = value
            elif name == "cost":
                character.cost = value
            elif old is None:
                character.printed[Attribute(name)] = value
                self.state.revision += 1
        if words:
            character.undefeatable = character.undefeatable or any(
                w.lower() == UNDEFEATABLE for w in words
            )
            traits = tuple(w for w in words if w.lower() != UNDEFEATABLE)
            if traits:
                character.traits = tuple(dict.fromkeys((*(character.traits or ()), *traits)))
        if owner is not None:
            if character.owner is not None and character.owner != owner:
                raise self.error(
                    f'"{character.name}" already belongs to the other player', fact, ref
                )
            character.owner = owner

    # ------------------------------------------------------------------ characters, battles
    def _fact_phase(self, fact: Fact) -> None:
        """``it is the main phase``: one of the phases the rulings name, else an input error."""
        word = str(fact.param("phase", "")).strip()
        if word.lower() in PHASES:
            return
        at = fact.text.lower().find(word.lower()) if word else -1
        span = fact.span
        column = span.column + at if at >= 0 else span.column
        raise InputError(
            f'"{word}" is not a phase of an FMA turn the rulings name',
            self.situation.source,
            self.situation.text,
            span.line,
            column,
            expected=typed(f"{phase} phase" for phase in PHASES),
            suggestion=did_you_mean(suggest(word, PHASES))
            or "Write, e.g., it is the search phase (a battle's steps: it is the maneuver step).",
        )

    def _fact_leader(self, fact: Fact) -> None:
        """``my leader is "X"``: a character of the situation from this line on.

        A leader is in play from the setup on (Setup: "after the leader comes into play"), and
        a character (Setup: "leaders are the only characters in play"): built here, the one
        place that builds the cards in play, every reader (statements, targets, values,
        affects, attacks and blocks) knows him, with his line's words and values, as if he
        were stated on a character line; his card's passive text acts from this line. The
        leader this line replaces (``Table.read``) leaves the situation: Loyal no longer counts
        him and his card's passive text stops.
        """
        for old in self._leaving:
            self.state.characters.pop(old, None)
            self._end_passives(old, fact)
        if fact.cards and fact.who:
            ref = fact.cards[0]
            if _key(ref) not in self.state.characters:
                leader = self._new_character(ref, fact, fact.who)
                values = {n: v for n, v in ref.values.items() if n in CHARACTER_VALUES}
                self._merge(leader, ref, fact, values, ref.flags, fact.who)  # not his level

    def _fact_character(self, fact: Fact) -> None:
        for ref in fact.cards:
            self.character(ref, fact, owner=fact.who)

    def _fact_battle(self, fact: Fact) -> None:
        battle = self.state.battle
        if battle.ended_at is not None:
            self.state.battle = battle = BattleSetup()
        battle.attribute = Attribute.named(str(fact.param("attribute")))
        battle.facts.append(fact)

    def _fact_attackers(self, fact: Fact) -> None:
        self._side(fact, Side.ATTACKERS)

    def _fact_defenders(self, fact: Fact) -> None:
        self._side(fact, Side.DEFENDERS)

    def _side(self, fact: Fact, side: Side) -> None:
        battle = self.state.battle
        if battle.ended_at is not None:
            attribute = battle.attribute
            self.state.battle = battle = BattleSetup(attribute=attribute)
        names = []
        for ref in fact.cards:
            character = self.character(ref, fact)
            if character.name in battle.sides[side.other]:
                raise self.error(
                    f'"{character.name}" is already on the {side.other.value}\' side', fact, ref
                )
            names.append(character.name)
        battle.sides[side] = list(dict.fromkeys(names))
        battle.facts.append(fact)

    def _fact_sent_home(self, fact: Fact) -> None:
        battle = self.state.battle
        for ref in fact.cards:
            character = self.known(ref, fact)
            in_battle = any(character.name in names for names in battle.sides.values())
            if battle.open and in_battle:
                battle.sent_home[character.name] = fact

    def _fact_period_ends(self, fact: Fact) -> None:
        period = PERIODS[str(fact.param("period"))]
        if self.state.battle.open:
            self.state.battle.ended_at = len(self.state.entries)
            self.state.battle.ended_line = fact.span.line
        self._add(Entry(at.PeriodEnds(period), fact))

    def _fact_defeated(self, fact: Fact) -> None:
        for ref in fact.cards:
            character = self.known(ref, fact)
            entry = Entry(
                at.Defeated(character.name, clause=citations.DEFEATED),
                fact,
                {(character.name, a) for a in Attribute},
                ((citations.DEFEATED, RULE),),
            )
            self._add(entry)
            self._end_passives(_key(ref), fact, defeated=True)

    # ------------------------------------------------------------------ attributes
    def _fact_attach(self, fact: Fact) -> None:
        attachment, holder_ref = fact.cards[0], fact.cards[1]
        holder = self.known(holder_ref, fact)
        name = _name(attachment)
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
        ids = self.state.given_by.setdefault(_key(attachment), [])
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
        if attachment.values:
            return
        card = attachment.card
        if card is not None and card.text:
            # The attachment's own text: a passive bonus reaches every character its
            # subject describes (the bearer is "this character"); any other text that
            # bears on attributes is a gap for every character, not only the bearer.
            self._passive_text(card, fact, owner_key=_key(attachment), bearer_key=_key(holder_ref))
            self._in_play.add(_key(attachment))  # so that it can be removed, whatever its text
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
            own = _OWN_TEXT.format(name=holder.name)
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
                self.state.given_by.setdefault(_key(fact.cards[1]), []).append(ident)
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
            return "card", f'"{_name(source)}" ({line_of(fact)})', clauses
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
            f'"{_name(actor)}"{copied} ({line_of(fact)})'
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
            self.state.given_by.setdefault(_key(actor), []).append(ident)

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
            label = f'"{_name(actor)}" copying the {attribute.value} of "{source.name}"'
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
        line = self._outside.get(normalise_name(who.name))
        if line is not None:
            return (
                f'"{who.name}" is out of play (line {line}), and the rulings say only that an '
                "out-of-play leader cannot recruit and keeps his attachments, not what his "
                "attributes are"
            )
        return ""

    def _copied_gone(self, source: str, where: str) -> None:
        """A copy of a character that left play or is out of play: the copier's value is open.

        Its value is no longer known (as when it changes, ``_copies_followed``), and the
        rulings never say whether a copy follows the character copied.
        """
        for target, attribute, copied, value, line, label in self._copies:
            if copied != source or label in self._copy_gaps:
                continue
            self.gap(
                target,
                attribute,
                line,
                f'"{target}" copied the {attribute.value} of "{source}" ({value}), which {where}: '
                "the rulings say a copy sets the value, not whether it follows the character "
                "copied",
            )
            self._copy_gaps[label] = self.state.gaps[-1]

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
        label = f'"{_name(actor)}" ({line_of(fact)})'
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

    # ------------------------------------------------------------------ cards that act
    def _fact_play(self, fact: Fact) -> None:
        for ref in fact.cards:
            self._play_one(fact, ref)

    def _play_one(self, fact: Fact, ref: CardRef) -> None:
        """What a card played does to the values (a react played to another card too)."""
        card = ref.card
        if card is None or (fact.span.line, _key(ref)) in self._canceled:
            return  # canceled since: none of its effects happens
        if not text_given(card):
            if _key(ref) not in self.state.unchanging:  # else: said to change no values
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
            elif _bearing(effect):
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
            fits = match_subject(event.who, character, _key(ref), controller=fact.who)
            if fits is None:
                why = (
                    f'the situation does not say whether "{character.name}" is '
                    f"{event.who.render() if isinstance(event.who, fx.Selector) else 'it'}"
                    f' (write: my character "{character.name}")'
                )
            elif not fits:
                why = f'"{character.name}" is not {event.who.render()}'
        if why is not None:
            self._undoubled(card, fact, why, event.who, _key(ref))
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
        if _key(react) == _key(target):
            raise self.error(
                f'"{_name(react)}" cannot be played as a react to itself',
                fact,
                target,
                suggestion=f'Name the card it reacts to, e.g. I play "{_name(react)}" as a react '
                'to "Some Event"',
            )
        self._play_one(fact, react)  # a react played is played: its text acts as any card's

    def _fact_in_play(self, fact: Fact) -> None:
        """``"X" is in play``: a character card (an ally, a leader) is a character in play.

        Built as a character line builds it (``character``), with the statement's player: every
        reader of the characters in play (Loyal's count, a side of the table, values) knows it.
        """
        for ref in fact.cards:
            self._in_play.add(_key(ref))
            card = ref.card
            if card is None:
                continue
            if card.type in CHARACTER_TYPES:
                self.character(ref, fact, owner=fact.who)
                continue
            if not text_given(card):  # its text may change values: open (``State.blocking``)
                self.state.unread_in_play[_key(ref)] = (card, fact.span.line)
                continue
            self._passive_text(card, fact, owner_key=_key(ref), controller=fact.who)

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
            self.state.unchanging[_key(ref)] = fact
            unread = f'the text of "{card.name}" is not known'
            self.state.gaps = [  # played before, its text not known: it changed no values
                g
                for g in self.state.gaps
                if not (g.text == f'"{card.name}" was played' and g.reason.startswith(unread))
            ]

    def _passive_text(
        self,
        card: Card,
        fact: Fact | None,
        owner_key: str,
        bearer_key: str = "",
        controller: str | None = None,
    ) -> None:
        parsed = self.parse(card)
        why = parsed.not_understood(card.name)
        if why is not None:
            self.gap(
                None,
                None,
                f'"{card.name}" is in play',
                why,
            )
            return
        for effect in parsed.effects:
            start = len(self.state.entries)
            if isinstance(effect, fx.AttributeBonus) and effect.duration is None:
                self.state.passives.append(
                    Passive(
                        card,
                        effect,
                        fact,
                        start,
                        owner_key=owner_key,
                        bearer_key=bearer_key,
                        controller=controller,
                    )
                )
            elif (
                isinstance(effect, fx.NoGrants)
                and effect.source == fx.Selector("attachment", plural=True)
                and {"attribute bonuses", "attribute penalties"} <= set(effect.grants)
            ):
                # every attachment's bonuses and penalties stop (the one form the state
                # follows: "Elric faction attachments" or "bonuses" alone would stop less)
                self.state.passives.append(
                    Passive(card, effect, fact, start, owner_key=owner_key, bearer_key=bearer_key)
                )
            elif isinstance(effect, fx.Ability):
                continue  # an activated ability acts only when a statement says it is used
            elif _bearing(effect):
                self.gap(
                    None,
                    None,
                    f'"{card.name}" is in play',
                    f'rulesq cannot yet apply "{effect.render()}" ("{card.name}")',
                )

    def _fact_removed(self, fact: Fact) -> None:
        for ref in fact.cards:
            key = _key(ref)
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
                raise self.error(f'"{_name(ref)}" is not attached or in play here', fact, ref)

    def _fact_out_of_play(self, fact: Fact) -> None:
        """A card out of play: its own passive text stops (a card acts while it is in play).

        An attachment it keeps (a card ruling: "A leader does not lose his attachments when he is
        out of play") may or may not act: the values its text reaches are open until he returns.
        """
        keys = [_key(r) for r in fact.cards]
        if not fact.cards:
            poss = "your" if fact.who == "you" else "my"
            try:
                leader = self._table.leader_key(fact.who or "")
            except CannotAnswer as doubt:  # two leaders of his stated: which is out of play?
                hint = 'Write: "…" is out of play'
                raise self.error(str(doubt), fact, suggestion=hint) from None
            keys = [leader] if leader is not None else []
            if not keys:  # which character is out of play is not known: no answer may guess
                raise self.error(
                    f"the situation does not name {poss} leader: which character is out of "
                    "play is not known",
                    fact,
                    suggestion=f'Name him first: {poss} leader is "…" (or write: "…" is out of '
                    "play)",
                )
        for key in keys:
            self._outside[key] = fact.span.line
            character = self.state.characters.get(key)
            if character is not None:
                self._copied_gone(character.name, "is out of play")
            for passive in self.state.passives:
                if passive.end is not None:
                    continue
                if passive.owner_key == key:
                    passive.end = len(self.state.entries)
                    passive.end_fact = fact
                elif passive.bearer_key == key:
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
        for ref in fact.cards:
            key = _key(ref)
            self._outside.pop(key, None)
            for gap in self._out_gaps.pop(key, []):
                self.state.gaps.remove(gap)
            character = self.state.characters.get(key)
            if character is None:
                continue
            earlier = character.gone or any(
                character.name in {name for name, _ in entry.touches}
                for entry in self.state.entries
            )
            key = _key(ref)
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

    # ------------------------------------------------------------------ goals
    def _fact_goals(self, fact: Fact) -> None:
        written = [self._goal(text, fact) for text in fact.param("goal", ())]
        self.state.goals = list(dict.fromkeys(written))
        self.state.goal_facts = [fact]
        self.state.goal_clauses = []
        if len(self.state.goals) < len(written):
            # "Multiple copies of the same attribute goal do not stack."
            self.state.goal_clauses.append((citations.GOAL_CHANGE, RULE))

    def _goal(self, text: str, fact: Fact) -> Goal:
        try:
            return read_goal(text)
        except InputError as error:
            raise self.error(error.message, fact) from None

    def _fact_goal_change(self, fact: Fact) -> None:
        goals = self._goals_before(fact)
        change = change_attribute_goals(goals, Attribute.named(str(fact.param("attribute"))))
        self._goal_done(fact, change.goals, change.clauses)

    def _fact_goal_replace(self, fact: Fact) -> None:
        goals = self._goals_before(fact)
        new = [self._goal(text, fact) for text in fact.param("goal", ())]
        change = replace_goal(goals, new)
        self._goal_done(fact, change.goals, change.clauses)

    def _goals_before(self, fact: Fact) -> list[Goal]:
        if self.state.goals is None:
            raise self.error(
                "no goal has been given before this change",
                fact,
                suggestion="Give the goals first: the location has goals "
                '"Wits +1" and "Alchemy +1"',
            )
        return self.state.goals

    def _goal_done(self, fact: Fact, goals: tuple[Goal, ...], clauses: tuple[str, ...]) -> None:
        self.state.goals = list(goals)
        self.state.goal_facts.append(fact)
        actor = fact.cards[0] if fact.cards else None
        extra = card_clauses(actor.card) if actor is not None and actor.card else ()
        for cited in ((c, RULE) for c in clauses):
            if cited not in self.state.goal_clauses:
                self.state.goal_clauses.append(cited)
        self.state.goal_clauses += [c for c in extra if c not in self.state.goal_clauses]

    # ------------------------------------------------------------------ gaps
    def gap(
        self,
        character: str | None,
        attribute: Attribute | None,
        text: str,
        reason: str,
        attachment: bool = False,
    ) -> None:
        """Record what stops some answers (``attachment``: an attachment's unknown bonuses)."""
        self.state.gaps.append(
            Gap(text, reason, character, attribute, line=self._line, attachment=attachment)
        )


#: The gap of a character whose own text, never given, changes an attribute (a ruling says so).
_OWN_TEXT = '"{name}" has a game text that changes its values'

#: Effects that can change attributes, defeat characters or change a battle.
_BEARING = (
    fx.AttributeBonus,
    fx.AttributeSet,
    fx.DoubleBonus,
    fx.Defeat,
    fx.DefeatedWhenMoved,
    fx.Move,
    fx.GainFaction,
    fx.BattleClosed,
    fx.NoGrants,
)


def _bearing(effect: Any) -> bool:
    """Whether an effect bears on attributes, defeat or battles."""
    if isinstance(effect, fx.Trigger | fx.Conditional):
        return any(_bearing(e) for e in effect.effects)
    if isinstance(effect, fx.Ability):
        return any(_bearing(e) for e in effect.body)
    return isinstance(effect, _BEARING)


#: The statements that play a card (the card played is the last one they name).
_PLAYS = ("play", "plays_as_react", "character_plays")


def canceled_plays(facts: list[Fact]) -> set[tuple[int, str]]:
    """The plays a later statement cancels, as (line of the play, key of the card played).

    ``"X" is canceled`` cancels the last play of X before it: its effects never happen.
    """
    found: set[tuple[int, str]] = set()
    for at_index, fact in enumerate(facts):
        if fact.kind != "canceled":
            continue
        for ref in fact.cards:
            for earlier in reversed(facts[:at_index]):
                if any(_key(played) == _key(ref) for played in played_cards(earlier)):
                    found.add((earlier.span.line, _key(ref)))
                    break
    return found


def played_cards(fact: Fact) -> list[CardRef]:
    """The cards a statement plays (none: it plays none)."""
    if fact.kind not in _PLAYS or not fact.cards:
        return []
    if fact.kind == "plays_as_react":
        return [fact.cards[0]]
    return list(fact.cards) if fact.kind == "play" else [fact.cards[-1]]


def read_state(situation: Situation, game: Game, facts: list[Fact]) -> State:
    """The state the facts establish, read in order."""
    return Reader(situation, game).read(facts)
