"""What an FMA situation establishes: characters, timeline entries, passives, battle, goals.

``rulesq.games.fma.situation`` fills a ``State`` from the facts; the handlers read it. A
``Gap`` is what rulesq cannot decide (a text it does not understand, a value or a fact the
situation does not give); the questions it touches are answered *cannot answer*.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations
from rulesq.games.fma import effects as fx
from rulesq.games.fma.goals import Goal
from rulesq.games.fma.vocab import Attribute, Duration, Period, Side

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.situation.model import Fact

#: The values a character may be given in a situation; the words it may be given.
CHARACTER_VALUES = ("strength", "wits", "alchemy", "toughness", "cost")
#: The card types that are characters (the rulings: "Rebel allies", "your Rebel leader").
CHARACTER_TYPES = ("ally", "leader")
UNDEFEATABLE = "undefeatable"

PERIODS = {"battle": Period.BATTLE, "search phase": Period.SEARCH_PHASE, "turn": Period.TURN}
DURATIONS = {
    Period.BATTLE: Duration.BATTLE,
    Period.SEARCH_PHASE: Duration.SEARCH_PHASE,
    Period.TURN: Duration.TURN,
}
#: How a bonus source is written -> the kind of source (what a card's trigger names).
ORIGINS = {
    "an event": "event",
    "an activated ability": "ability",
    "a passive ability": "passive",
    "its own text": "text",
}
ORIGIN_WORDS = {
    "event": "an event",
    "ability": "an activated ability",
    "passive": "a passive ability",
    "text": "its own text",
    "attachment": "an attachment",
}

#: A clause and the role it plays in an answer (``rule`` or ``precedent``).
Cited = tuple[str, str]
RULE, PRECEDENT = "rule", "precedent"


@dataclass
class Character:
    """A character of the situation: printed values, toughness, words, owner, card."""

    name: str
    printed: dict[Attribute, int | None]
    toughness: int | None = None
    #: Its cost (an ally's recruiting cost) when the situation gives it.
    cost: int | None = None
    undefeatable: bool = False
    #: Factions and keywords the situation gives it (None: not stated, so unknown).
    traits: tuple[str, ...] | None = None
    owner: str | None = None
    card: Card | None = None
    fact: Fact | None = None
    #: Clauses that give its printed values (a corpus card's erratum).
    sources: tuple[Cited, ...] = ()
    gone: bool = False
    #: The fact that returned it to play (None: it never returned): a defeat before it ends.
    returned: Fact | None = None

    def printed_values(self) -> at.Printed:
        """The printed values as the attribute library wants them."""
        return at.Printed(
            self.printed[Attribute.STRENGTH],
            self.printed[Attribute.WITS],
            self.printed[Attribute.ALCHEMY],
        )

    def has_trait(self, word: str) -> bool | None:
        """Whether it has a faction or keyword (None when the situation does not say)."""
        if self.traits is None:
            return None
        return word.casefold() in (t.casefold() for t in self.traits)


@dataclass(frozen=True)
class Gap:
    """What stops an answer: a text not understood, a value or a fact not known."""

    text: str
    reason: str
    character: str | None = None
    attribute: Attribute | None = None
    #: The line of the statement that gave rise to it (what came after a point).
    line: int = 0
    #: An attachment's bonuses not known: none counts while a card stops attachments giving any.
    attachment: bool = False

    def blocks(self, character: str, attribute: Attribute | None) -> bool:
        """Whether the gap touches this character's attribute (None: any attribute)."""
        if self.character is not None and self.character != character:
            return False
        return self.attribute is None or attribute is None or self.attribute is attribute


@dataclass
class Entry:
    """One event of the timeline with the fact that wrote it and what it rests on."""

    event: at.Event
    fact: Fact | None
    touches: set[tuple[str, Attribute]] = field(default_factory=set)
    clauses: tuple[Cited, ...] = ()
    effect: tuple[Card, str] | None = None
    origin: str | None = None
    #: Sort key in the timeline: (position, 0 = inserted before the entry there, order).
    key: tuple[int, int, int] = (0, 1, 0)


@dataclass
class Bonus:
    """A positive modifier some later event may double or move."""

    id: str
    character: str
    origin: str | None
    label: str


@dataclass
class Passive:
    """A passive text in force from a position of the timeline (to another, if it ends)."""

    card: Card
    effect: fx.AttributeBonus | fx.NoGrants
    fact: Fact | None
    start: int
    end: int | None = None
    owner_key: str = ""
    #: The key of the character an attachment's text is on ("" for a card's own text):
    #: "this character" is the bearer, and the text stops when the bearer is defeated.
    bearer_key: str = ""
    #: The fact that ended the text (a defeat, a removal) and the rule why it stops.
    end_fact: Fact | None = None
    ended: tuple[Cited, ...] = ()
    #: The player the text's "your" means (None: not stated).
    controller: str | None = None

    @property
    def self_key(self) -> str:
        """The key "this character" of the text means (the bearer of an attachment)."""
        return self.bearer_key or self.owner_key


#: Corpus fields a ruling gives a card whose own text changes or copies its own values.
OWN_CHANGES = ("text_changes", "text_copies")


def text_given(card: Card) -> bool:
    """Whether a card's text is given (a card line's ``""``: a text of no words).

    ``""`` says the card has no text, as Blue Moon and Warhammer read it; a card line without a
    text, or a corpus card the sources give no text for, has none given.
    """
    return card.text is not None


def unread_attributes(card: Card) -> tuple[str, ...]:
    """The attributes a card's text, never given, may change in play (none: its text is read).

    A text given is read (``situation``); a ruling that says what the text changes
    (``text_changes_in_play``) names the attributes; one that says the text changes or copies
    the card's own values (``text_changes``, ``text_copies``) is followed where the values are
    stated; any other card whose text the sources never give may change every attribute.
    """
    if text_given(card):
        return ()
    named = card.fields.get("text_changes_in_play")
    if named:
        return tuple(str(a) for a in named)
    if any(card.fields.get(f) for f in OWN_CHANGES):
        return ()
    return tuple(a.value for a in Attribute)


@dataclass
class BattleSetup:
    """The battle as written so far: its attribute, its sides, who was sent home, its end."""

    attribute: Attribute | None = None
    facts: list[Fact] = field(default_factory=list)
    sides: dict[Side, list[str]] = field(
        default_factory=lambda: {Side.ATTACKERS: [], Side.DEFENDERS: []}
    )
    sent_home: dict[str, Fact] = field(default_factory=dict)
    ended_at: int | None = None
    #: The line of the statement that ended it.
    ended_line: int | None = None

    @property
    def open(self) -> bool:
        """Whether characters are in a battle that has not ended."""
        return any(self.sides.values()) and self.ended_at is None


@dataclass
class State:
    """Everything the facts before a question establish."""

    characters: dict[str, Character] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    passives: list[Passive] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    battle: BattleSetup = field(default_factory=BattleSetup)
    goals: list[Goal] | None = None
    goal_facts: list[Fact] = field(default_factory=list)
    goal_clauses: list[Cited] = field(default_factory=list)
    bonuses: dict[str, Bonus] = field(default_factory=dict)
    #: Bonus ids in the order they were received (a doubling receives it again).
    received: list[str] = field(default_factory=list)
    #: Timeline ids of the constant effects a card gives, by the card's key.
    given_by: dict[str, list[str]] = field(default_factory=dict)
    #: Counts the changes to the characters' printed values (a character added, a value
    #: given): the printed values of a timeline built before a change are read again.
    revision: int = 0
    #: Cards stated in play, not characters, whose text is not known (by key: the card and
    #: the line that put it in play); a card that leaves play is taken out.
    unread_in_play: dict[str, tuple[Card, int]] = field(default_factory=dict)
    #: Cards stated to change no character's values (``"X" changes no values``), by key.
    unchanging: dict[str, Fact] = field(default_factory=dict)
    #: The last timeline built (for all the entries), extended as entries are added.
    _built: _Built | None = field(default=None, repr=False)

    def find(self, name: str) -> Character | None:
        """The character called ``name`` (any case), or None."""
        return self.characters.get(normalise_name(name))

    def defeated_by(self, name: str) -> Fact | None:
        """The fact that defeated the character called ``name`` (None: not defeated)."""
        found = None
        for entry in self.entries:
            if isinstance(entry.event, at.Defeated) and entry.event.character == name:
                found = entry.fact
        return None if found is not None and self.defeat_undone(name) else found

    def defeat_undone(self, name: str) -> tuple[Fact, Fact] | None:
        """The last defeat of ``name`` and the return to play after it (None: no such return).

        Cards sent to the discard pile have no "memory": a return ends the defeat before it.
        """
        who = self.find(name)
        back = who.returned if who is not None else None
        defeats = [
            e.fact
            for e in self.entries
            if isinstance(e.event, at.Defeated) and e.event.character == name and e.fact
        ]
        if back is None or not defeats or defeats[-1].span.line > back.span.line:
            return None
        return defeats[-1], back

    def unread_changes(
        self,
        who: Character,
        attribute: Attribute | None,
        until: int | None,
        until_line: int | None = None,
    ) -> list[Gap]:
        """A card in play whose text, never given, may change characters' values.

        A card whose text the sources never give may change any value its text might reach,
        unless its corpus entry says what that text changes (a ruling: ``text_changes_in_play``
        names the attributes; ``text_changes`` and ``text_copies`` are its own values, read
        elsewhere). Whose values it changes is not known, so each character's is open until
        the situation states what the card gives it ("X" gets +1 strength from "Y", the card).
        A character card and a card stated in play are read alike. A defeated or gone card
        changes nothing (passive abilities on defeated cards have no effect); one that came
        into play after ``until_line`` (a battle's end) changes nothing before it. What the
        situation says it gives holds while it stays in play: returned, it acts anew.
        """
        found: list[Gap] = []
        entries = self.entries if until is None else self.entries[:until]
        cards: list[tuple[str, Card, int]] = [  # each with the line it (last) came into play
            (c.name, c.card, (c.returned or c.fact).span.line)
            for c in self.characters.values()
            if c.card is not None
            and c.fact is not None  # named only by the question: not stated in play
            and not c.gone
            and self.defeated_by(c.name) is None
        ]
        cards += [(card.name, card, line) for card, line in self.unread_in_play.values()]
        for name, card, line in cards:
            if normalise_name(name) in self.unchanging:
                continue
            changes = unread_attributes(card)
            if not changes or (until_line is not None and line > until_line):
                continue
            if attribute is not None and attribute.value not in changes:
                continue
            given = {  # the attributes of this character the situation says the card changes
                a.value  # since it (last) came into play: back, its text acts anew
                for e in entries
                if e.fact is not None
                and e.fact.span.line > line
                and len(e.fact.cards) > 1
                and normalise_name(e.fact.cards[1].name) == normalise_name(name)
                for n, a in e.touches
                if n == who.name
            }
            if (attribute.value in given) if attribute is not None else set(changes) <= given:
                continue
            hint = (
                f'(write what it gives: "{who.name}" gets +1 '
                f'{(attribute or Attribute.STRENGTH).value} from "{name}", or "{name}" changes '
                "no values)"
            )
            source = (card.fields.get("field_sources") or {}).get("text_changes_in_play")
            if card.fields.get("text_changes_in_play"):
                reason = (
                    f'{source} says the game text of "{name}" changes characters\' '
                    f"{'/'.join(changes)} while in play, and the sources never "
                    f'give that text: whether it changes "{who.name}" is not known {hint}'
                )
            else:
                reason = (
                    f'the text of "{name}" is not known, and a card\'s text may change '
                    f'characters\' values: whether it changes "{who.name}" is not known {hint}'
                )
            found.append(Gap(f'"{name}" is in play', reason, who.name, line=line))
        return found

    def blocking(
        self,
        character: str,
        attribute: Attribute | None,
        until: int | None = None,
        until_line: int | None = None,
    ) -> list[Gap]:
        """The gaps that stop a question about this character's attribute.

        Besides the recorded gaps (those from statements up to ``until_line`` when given, e.g.
        the line that ended a battle): a passive bonus in force (at position ``until`` of the
        entries; None: now) whose subject may or may not describe the character (its factions
        are not stated).
        """
        lifted = self.lifted_gaps(character, attribute, until)
        found = [
            gap
            for gap in self.gaps
            if gap.blocks(character, attribute)
            and (until_line is None or gap.line <= until_line)
            and gap not in lifted
        ]
        who = self.find(character)
        if who is not None:
            found += self.unread_changes(who, attribute, until, until_line)
        for passive in self.passives:
            effect = passive.effect
            if (
                who is None
                or not _in_force(passive, until)
                or not isinstance(effect, fx.AttributeBonus)
                or passive_reaches(effect.who, who, passive.self_key, passive.controller)
                is not None
            ):
                continue
            if effect.attribute is None or attribute is None or effect.attribute is attribute:
                subject = (
                    effect.who.render() if isinstance(effect.who, fx.Selector) else "its subject"
                )
                if some_of(effect.who):
                    found.append(
                        Gap(
                            f'"{passive.card.name}" is in play',
                            f'"{passive.card.name}" gives its bonus to "{subject}", not to every '
                            f"character it describes, and the situation does not say whether "
                            f'"{who.name}" is one of them',
                            who.name,
                        )
                    )
                    continue
                whose = isinstance(effect.who, fx.Selector) and effect.who.owner is not None
                hint = (
                    f'say whose "{passive.card.name}" is and whose "{who.name}" is (write: my '
                    f'"{passive.card.name}" is in play; my character "{who.name}")'
                    if whose and (passive.controller is None or who.owner is None)
                    else f'give its factions and keywords, e.g. character "{who.name}" '
                    "(strength 3, Elric)"
                )
                found.append(
                    Gap(
                        f'"{passive.card.name}" is in play',
                        f'the situation does not say whether "{who.name}" is one of the '
                        f'"{subject}" of "{passive.card.name}"; {hint}',
                        who.name,
                    )
                )
        return found

    def lifted_gaps(
        self, character: str, attribute: Attribute | None, until: int | None = None
    ) -> list[Gap]:
        """The gaps of attachments' unknown bonuses that a card in force settles.

        While a text "Attachments do not give abilities or attribute bonuses or penalties" is in
        force (at position ``until``; None: now), every bonus the attachment could give comes to
        the same, none.
        """
        if not self.suppressing(until):
            return []
        return [g for g in self.gaps if g.attachment and g.blocks(character, attribute)]

    def all_entries(self, until: int | None = None) -> list[Entry]:
        """The timeline's entries in order, passive bonuses included, up to a position."""
        out = list(self.entries)
        if self.suppressing(until):
            gone = {
                e.event.id
                for e in out
                if e.origin == "attachment" and isinstance(e.event, at.Modifier)
            }
            out = [e for e in out if e.origin != "attachment" and _target(e.event) not in gone]
        out += self._passive_entries(attachments=not self.suppressing(until))
        out.sort(key=lambda e: e.key)
        if until is not None:
            out = [e for e in out if e.key < (until, 1, 0)]
        return out

    def timeline(self, until: int | None = None) -> at.Timeline:
        """The attribute timeline (up to a position of the entries, all if None).

        The last one built is extended with the entries added since (each fact costs its
        own entries, not all of them again). Passive texts place their bonuses among the
        entries, before the entries added after them: the timeline is built whole again
        only when the passive texts, or the characters they may reach, change.
        """
        if until is not None:
            printed = {c.name: c.printed_values() for c in self.characters.values()}
            return at.Timeline(printed, at.Events(e.event for e in self.all_entries(until)))
        passives = self._passive_signature()
        built = self._built
        if (
            built is None
            or built.passives != passives
            or (passives and built.revision != self.revision)
        ):
            printed = {c.name: c.printed_values() for c in self.characters.values()}
            entries = self.all_entries() if passives else self.entries
            built = _Built(
                self.revision,
                passives,
                len(self.entries),
                at.Timeline(printed, at.Events(e.event for e in entries)),
                _attachment_ids(self.entries),
            )
        if built.revision != self.revision:
            printed = {c.name: c.printed_values() for c in self.characters.values()}
            built.timeline = replace(built.timeline, printed=printed)
            built.revision = self.revision
        if built.read < len(self.entries):
            added = self.entries[built.read :]
            built.gone |= _attachment_ids(added)
            if self.suppressing():
                added = [
                    e
                    for e in added
                    if e.origin != "attachment" and _target(e.event) not in built.gone
                ]
            events = built.timeline.events
            assert isinstance(events, at.Events)
            built.timeline = replace(built.timeline, events=events.extended(e.event for e in added))
            built.read = len(self.entries)
        self._built = built
        return built.timeline

    def _passive_signature(self) -> tuple[object, ...]:
        """What the passive entries rest on: the texts, their ends, the characters' words."""
        if not self.passives:
            return ()
        texts = tuple((id(p), p.end) for p in self.passives)
        characters = tuple((c.name, c.gone, c.owner, c.traits) for c in self.characters.values())
        return (texts, characters)

    def suppressing(self, at_position: int | None = None) -> list[Passive]:
        """The passive texts that stop attachments from giving bonuses, in force at a position.

        ``at_position`` is a position of the entries (None: now). A text that came into
        play after it, or had left play by then, does not count: a card played after a
        battle does not change what the battle's values were.
        """
        return [
            p
            for p in self.passives
            if isinstance(p.effect, fx.NoGrants) and _in_force(p, at_position)
        ]

    def _passive_entries(self, attachments: bool = True) -> list[Entry]:
        out: list[Entry] = []
        for number, passive in enumerate(self.passives):
            effect = passive.effect
            if not isinstance(effect, fx.AttributeBonus) or (
                passive.bearer_key and not attachments
            ):
                continue
            for character in self.characters.values():
                if not _applies(passive, character):
                    continue
                attributes = [effect.attribute] if effect.attribute else list(Attribute)
                for attribute in attributes:
                    ident = f"passive{number}:{character.name}:{attribute.value}"
                    label = f'"{passive.card.name}" ({line_of(passive.fact)})'
                    event = at.Modifier(
                        character.name,
                        attribute,
                        effect.amount,
                        source=label,
                        id=ident,
                        origin="passive",
                    )
                    out.append(
                        Entry(
                            event,
                            passive.fact,
                            {(character.name, attribute)},
                            _passive_clauses(passive.card),
                            (passive.card, effect.render()),
                            "passive",
                            (passive.start, 0, 2 * number),
                        )
                    )
                    if passive.end is not None:
                        out.append(
                            Entry(
                                at.EffectEnds(ident),
                                passive.end_fact,
                                {(character.name, attribute)},
                                passive.ended,
                                None,
                                None,
                                (passive.end, 0, 2 * number + 1),
                            )
                        )
        return out


@dataclass
class _Built:
    """A timeline of all the entries: what it was built from, and how far it has read."""

    revision: int
    passives: tuple[object, ...]
    read: int
    timeline: at.Timeline
    #: The ids of the attachments' modifiers among the entries read.
    gone: set[str | None]


def _attachment_ids(entries: list[Entry]) -> set[str | None]:
    return {
        e.event.id for e in entries if e.origin == "attachment" and isinstance(e.event, at.Modifier)
    }


def _passive_clauses(card: Card) -> tuple[Cited, ...]:
    """A passive text's clauses: its card's, and for a location the rule that it lasts all turn."""
    own = card_clauses(card)
    if card.type.casefold() == "location":
        return (*own, (citations.PASSIVE_PLACES, RULE))
    return own


def _in_force(passive: Passive, position: int | None) -> bool:
    """Whether a passive text is in force at a position of the entries (None: now)."""
    if position is None:
        return passive.end is None
    return passive.start <= position and (passive.end is None or passive.end > position)


def _target(event: at.Event) -> str | None:
    """The effect an event acts on (a modifier's own id, or the bonus it doubles, moves, ends)."""
    if isinstance(event, at.Modifier | at.SetValue):
        return event.id
    if isinstance(event, at.DoubleBonus | at.MoveBonus):
        return event.bonus
    if isinstance(event, at.EffectEnds):
        return event.effect
    return None


def _applies(passive: Passive, character: Character) -> bool:
    """Whether a passive bonus reaches a character (unknown cases are gaps, not bonuses)."""
    effect = passive.effect
    assert isinstance(effect, fx.AttributeBonus)
    return passive_reaches(effect.who, character, passive.self_key, passive.controller) is True


#: Quantities under which a passive text speaks of every character it describes.
EVERY = (None, "each", "each of", "all")


def some_of(who: object) -> bool:
    """Whether a subject is only some of the characters it describes ("a", "up to two")."""
    return (
        isinstance(who, fx.Selector) and who.quantity is not None and who.quantity.word not in EVERY
    )


def passive_reaches(
    who: object, character: Character, own_key: str, controller: str | None = None
) -> bool | None:
    """Whether a passive text's subject reaches ``character``; None when it cannot be told.

    "Elric faction characters get +1 strength" reaches every Elric character; "a character",
    "any character", "up to two characters" or "two characters" reach some of them, and
    which ones the text does not say.
    """
    if some_of(who):
        assert isinstance(who, fx.Selector)
        fits = match_subject(replace(who, quantity=None), character, own_key, controller)
        return False if fits is False else None
    return match_subject(who, character, own_key, controller)


def match_subject(
    who: object, character: Character, own_key: str, controller: str | None = None
) -> bool | None:
    """Whether a card text's subject describes ``character``; None when it cannot be told.

    ``own_key`` is the card's own key ("this character" is the card itself);
    ``controller`` is the player the card's "your" means.
    """
    if character.gone:
        return False
    if isinstance(who, fx.This):
        return normalise_name(character.name) == own_key and who.noun in (
            "character",
            "card",
            "ally",
        )
    if not isinstance(who, fx.Selector) or who.kind != "character":
        return None
    if who.qualities or who.postmods or who.designator or who.target:
        return None
    if who.owner is not None:
        if who.owner.owner != "your" or controller is None or character.owner is None:
            return None
        if character.owner != controller:
            return False
    if who.faction:  # a faction or keyword word, read by the data (``words.line_has``)
        from rulesq.games.fma.words import line_has

        return line_has(character.traits, who.faction)
    return True


def card_clauses(card: Card) -> tuple[Cited, ...]:
    """A corpus card's clauses: its text and errata as rules, its rulings as precedents."""
    fields = card.fields
    rules = [str(fields["text_clause"])] if fields.get("text_clause") else []
    rules += [ref for ref in card.errata if ref not in rules]
    out: list[Cited] = [(ref, RULE) for ref in rules]
    out += [(str(ref), PRECEDENT) for ref in fields.get("clauses") or () if ref not in rules]
    return tuple(out)


def line_of(fact: Fact | None) -> str:
    """``line 7`` for a fact of the situation (``printed`` for none)."""
    return f"line {fact.span.line}" if fact is not None else "printed"
