"""The parsed situation: facts, questions and the calls to check, each with its place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulesq.corpus.models import Card
from rulesq.spans import Span

#: The players of a situation: the person asking ("me", written "I"/"my") and the
#: opponent ("you"/"your").
ME, YOU = "me", "you"


@dataclass(frozen=True)
class CardRef:
    """A card named in a situation, with the values and icons the situation gives it.

    ``card`` is filled in by resolution (a corpus card or an inline definition); an
    ad-hoc character that the situation itself introduces (``new_card`` in the grammar)
    keeps ``card`` None and ``adhoc`` True.
    """

    name: str
    span: Span
    values: Mapping[str, int] = field(default_factory=dict, hash=False)
    flags: tuple[str, ...] = ()
    count: int | None = None
    adhoc_ok: bool = False
    card: Card | None = field(default=None, compare=False)
    adhoc: bool = False

    def value(self, name: str) -> int | None:
        """The value called ``name`` given in the situation (e.g. ``fire``), or None."""
        return self.values.get(name.lower())

    def has_flag(self, name: str) -> bool:
        """Whether the situation gives the card this icon or flag (case-insensitive)."""
        return name.upper() in (flag.upper() for flag in self.flags)

    def show(self) -> str:
        """The reference as written: ``3 "Name" (fire 2, PROTECTED)``."""
        parts = [f"{k} {v}" for k, v in self.values.items()] + list(self.flags)
        shown = f'"{self.name}"' + (f" ({', '.join(parts)})" if parts else "")
        return f"{self.count} {shown}" if self.count is not None else shown


@dataclass(frozen=True)
class Statement:
    """What facts and questions share: a kind, a player, cards, parameters and a place.

    ``kind`` is the grammar rule's name without its ``fact_``/``ask_`` prefix;
    ``params`` holds every other named token of the statement by terminal name
    (lower case), e.g. ``{"element": "fire"}`` or ``{"number": 6}``.
    """

    kind: str
    span: Span
    text: str
    index: int
    who: str | None = None
    cards: tuple[CardRef, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    #: For the statements a ``what happens if`` question raises: the index (in ``items``) of
    #: the question that asks whether the play can be made. A fact with it is supposed only
    #: for the questions with the same index; a question with it is asked after that play.
    supposed: int | None = None
    #: The kind of the line as written, when the game read it as several statements.
    written: str | None = None

    def param(self, name: str, default: Any = None) -> Any:
        """A parameter of the statement, or ``default``."""
        return self.params.get(name, default)

    @property
    def card(self) -> CardRef:
        """The statement's only (or first) card."""
        return self.cards[0]


@dataclass(frozen=True)
class Fact(Statement):
    """A fact or event of the situation: ``you have active "X"``, ``I play "Y"``."""


#: The words every game's ``expect`` line may use; a game adds its own (``Game.answer_words``).
SHARED_WORDS = ("yes", "no", "nobody", "none", "nothing")


@dataclass(frozen=True)
class Expectation:
    """One ``expect`` line: the call being checked.

    ``kind`` is ``word`` (yes, no, nobody, attackers …), ``number``, ``quoted`` (card
    lists, alternatives separated by ``;``, or a text), ``decided_by`` (a ladder
    step or a clause id), ``because`` (``value`` is the ``CardRef`` of the card whose text
    decided), ``cannot_answer`` (``value`` None, or the reason pinned: the ``CardRef`` of a
    card it must name, or words it must hold) or ``conflict`` (``value`` is None).
    """

    kind: str
    value: Any
    span: Span
    text: str

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """For a quoted expectation: the alternatives, each a tuple of quoted strings."""
        return tuple(self.value) if self.kind == "quoted" else ()

    @property
    def card(self) -> CardRef | None:
        """For a ``because`` expectation: the card named."""
        return self.value if isinstance(self.value, CardRef) else None


@dataclass(frozen=True)
class Question(Statement):
    """An ``ask`` line with the ``expect`` lines that follow it."""

    expectations: tuple[Expectation, ...] = ()


#: Whether a situation keeps its facts and questions found while its items stay the same
#: list of the same length (:meth:`Situation._kinds`; a test turns it off to compare).
KEPT = True


@dataclass
class Situation:
    """A parsed situation file: its game, inline cards, facts and questions, in order."""

    game: str
    source: str
    text: str
    items: list[Fact | Question] = field(default_factory=list)
    cards: dict[str, Card] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    #: Whether the text is a file's: its lines' items are kept on disk
    #: (``rulesq.situation.itemcache``).
    remembered: bool = field(default=False, compare=False)

    @property
    def facts(self) -> list[Fact]:
        """Every fact, in file order."""
        return list(self._kinds()[0])

    @property
    def questions(self) -> list[Question]:
        """Every question, in file order."""
        return list(self._kinds()[1])

    def _kinds(self) -> tuple[list[Fact], list[Question], dict[tuple[int, int | None], list[Fact]]]:
        """The facts, the questions and the facts before each question found so far.

        Found once while ``items`` is the same list of the same length (``KEPT``): the items of
        a situation are only appended to (as it is built) or replaced by a new list (a
        restated situation's), never changed in place. Asking again a question for a default
        reads them a dozen times an answer (its place among the questions, its facts).
        """
        items = self.items
        kept = self.__dict__.get("_kept")
        if kept is None or kept[0] is not items or kept[1] != len(items) or not KEPT:
            facts = [item for item in items if isinstance(item, Fact)]
            questions = [item for item in items if isinstance(item, Question)]
            kept = self.__dict__["_kept"] = (items, len(items), facts, questions, {})
        return kept[2], kept[3], kept[4]

    def corpus_card_names(self) -> set[str]:
        """The names of the corpus cards the situation names (inline cards left out)."""
        return {
            ref.card.name
            for item in self.items
            for ref in item.cards
            if ref.card is not None and not ref.card.fields.get("inline")
        }

    def facts_before(self, question: Question) -> list[Fact]:
        """The facts a question sees: those written before it (a file is a timeline)."""
        before = self._kinds()[2]
        key = (question.index, question.supposed)
        found = before.get(key)
        if found is None:
            found = before[key] = [
                f
                for f in self.items[: question.index]
                if isinstance(f, Fact) and f.supposed in (None, question.supposed)
            ]
        return list(found)

    def line(self, number: int) -> str:
        """A line of the source text (1-based)."""
        from rulesq.spans import text_line

        return text_line(self.text, number)
