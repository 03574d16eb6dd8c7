"""FMA situation reader: its state and the helpers every statement's reading shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import InputError, did_you_mean, suggest, typed
from rulesq.games.fma import effects as fx
from rulesq.games.fma.presence import GONE, IN_PLAY, OUT, Moves, Presence
from rulesq.games.fma.state import (
    CHARACTER_TYPES,
    CHARACTER_VALUES,
    RULE,
    UNDEFEATABLE,
    Character,
    Cited,
    Entry,
    Gap,
    Passive,
    State,
    line_of,
)
from rulesq.games.fma.vocab import Attribute

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.base import Game
    from rulesq.situation.model import CardRef, Fact, Situation


def ref_key(ref: CardRef) -> str:
    """A card reference's key (its card's name, else as written, normalised)."""
    return normalise_name(ref.card.name if ref.card is not None else ref.name)


def ref_name(ref: CardRef) -> str:
    """The name a card reference stands for (its card's, else as written)."""
    return ref.card.name if ref.card is not None else ref.name


#: The gap of a character whose own text, never given, changes an attribute (a ruling says so).
OWN_TEXT = '"{name}" has a game text that changes its values'


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


def bearing(effect: Any) -> bool:
    """Whether an effect bears on attributes, defeat or battles."""
    if isinstance(effect, fx.Trigger | fx.Conditional):
        return any(bearing(e) for e in effect.effects)
    if isinstance(effect, fx.Ability):
        return any(bearing(e) for e in effect.body)
    return isinstance(effect, _BEARING)


class ReaderBase:
    """The reader's state and shared helpers: errors, entries, characters, gaps, passive texts."""

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
        #: Each attachment attached, by key: its reference on its last attach line.
        self._attached: dict[str, CardRef] = {}
        #: The gaps of an attachment returned to play, bearer not said (lifted when attached).
        self._unborne: dict[str, list[Gap]] = {}
        #: The cards the statement being read says in play while they are in play already.
        self._again: set[str] = set()
        #: The cards stated in play that are not characters, by key: the player stating each.
        self._placed: dict[str, str | None] = {}
        #: Copies made (copier, attribute, source, value copied, the line of the copy): a later
        #: change of the source leaves the copier's value open (``_copies_followed``).
        self._copies: list[tuple[str, Attribute, str, int, str, str]] = []
        #: The plays a later statement cancels (``canceled_plays``).
        self._canceled: set[tuple[int, str]] = set()
        #: The gap each copy left open, by the copy's label (lifted when the copy ends).
        self._copy_gaps: dict[str, Gap] = {}
        #: Who leads, and who is in play, defeated, gone or out of play: the one reading of it
        #: (``Presence.read``, which reads ``Table.read``), statement by statement.
        self._presence = Presence()
        #: What the statement being read does to the cards in play (``Presence.read``).
        self._moves = Moves()

    def _word_column(self, error: InputError, ref: CardRef, word: str) -> int:
        """The column of ``word`` in the values of ``ref`` on the error's line (else the card's).

        The values are the first parenthesis after the name's closing quote.
        """
        import re

        line = error.source_line()
        closing = line.find('"', ref.span.column)  # the name's closing quote
        start = line.find("(", closing) if closing >= 0 else -1  # its values, after it
        found = re.compile(rf"\b{re.escape(word)}\b", re.I).search(line, max(start, 0))
        return found.start() + 1 if start >= 0 and found else error.column

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

    def _stated_again(self, fact: Fact) -> None:
        """A character stated in play again (a character or in-play line), gone or out of play.

        An error: a character that left play or is out of play is back by a return
        ("Characters are returned to play at a player's home"), which places it and leaves its
        earlier values open; a line stating it in play again would be read as in play by some
        answers and gone by others.
        Another card stated in play again is in play again (``Presence.read``).
        """
        if fact.kind not in ("character", "in_play"):
            return
        self._again = {  # said in play while in play (``Presence.read``): the same card
            ref_key(r)
            for r in fact.cards
            if ref_key(r) in self._placed and self._presence.where(ref_key(r))[0] == IN_PLAY
        }
        for ref in fact.cards:
            kind = ref.card.type if ref.card is not None else None
            if fact.kind == "in_play" and kind not in CHARACTER_TYPES:
                continue
            where, why = self._presence.where(ref_key(ref))  # read before the line
            if where in (GONE, OUT) and why is not None:
                name = ref_name(ref)
                said = "has left play" if where == GONE else "is out of play"
                raise self.error(
                    f'"{name}" {said} (line {why.span.line}) and has not returned: this line '
                    "states it in play again",
                    fact,
                    ref,
                    suggestion=f'Write "{name}" returns to play first (a card back in play '
                    "comes back at its player's home), or leave the line out",
                )

    def character(
        self, ref: CardRef, fact: Fact, owner: str | None = None, introduce: bool = True
    ) -> Character:
        """The character a reference names, introduced (with its values) if new."""
        key = ref_key(ref)
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
        found = self.state.characters.get(ref_key(ref))
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
            ref_name(ref), printed, owner=owner, card=card, fact=fact, sources=tuple(sources)
        )
        if card is not None and card.fields.get("inline"):
            icons = card.fields.get("icons") or []
            character.undefeatable = any(str(i).lower() == UNDEFEATABLE for i in icons)
            traits = tuple(str(i) for i in icons if str(i).lower() != UNDEFEATABLE)
            character.traits = traits or None
            toughness = card.fields.get("toughness")
            character.toughness = toughness if isinstance(toughness, int) else None
        self.state.characters[ref_key(ref)] = character
        self.state.revision += 1
        if card is not None:
            self._text_changes(character, card)
        # a card stated in play and now named as a character: the character reads its text
        self.state.unread_in_play.pop(ref_key(ref), None)
        if card is not None and card.text:
            self._passive_text(card, fact, owner_key=ref_key(ref), controller=owner)
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
                OWN_TEXT.format(name=character.name),
                f'{source} says the game text of "{character.name}" changes its '
                f"{attribute.value}, and the sources never give that text (write what it gives: "
                f'"{character.name}" gets +1 {attribute.value} from its own text)',
            )

    def _values(self, ref: CardRef, fact: Fact) -> tuple[dict[str, int], tuple[str, ...]]:
        for name in ref.values:
            if name not in CHARACTER_VALUES:
                error = self.error(
                    f'"{name}" is not a value of an FMA character',
                    fact,
                    ref,
                    expected=typed(CHARACTER_VALUES),
                    suggestion=did_you_mean(suggest(name, CHARACTER_VALUES)),
                )
                error.column = self._word_column(error, ref, name)  # the caret under it
                raise error
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

    def _taken(self, fact: Fact) -> list[CardRef]:
        """The cards a statement takes away (``Presence.read``, the one reading of it)."""
        return [r for r in fact.cards if ref_key(r) in self._moves.away]

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
            elif bearing(effect):
                self.gap(
                    None,
                    None,
                    f'"{card.name}" is in play',
                    f'rulesq cannot yet apply "{effect.render()}" ("{card.name}")',
                )

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
