"""What a game module provides to the generic engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.corpus.load import load_corpus

if TYPE_CHECKING:
    from rulesq.corpus import Corpus
    from rulesq.effects import ParsedText
    from rulesq.situation.model import Fact, Question, Situation


@dataclass(frozen=True)
class ShownDefault:
    """A default the game takes where a statement is missing, shown where it decides.

    The question is asked again with ``line`` stated just before it; when the verdict differs
    (or there is none), the answer shows ``assumption`` (``{verdict}``: the other verdict).
    Not asked when a fact of a kind in ``stated_by`` comes before the question, nor of a
    question of a kind not in ``asked_of`` (the questions whose judging reads the default).
    """

    line: str
    stated_by: frozenset[str]
    assumption: str
    asked_of: frozenset[str]


@dataclass(frozen=True)
class Game:
    """A game: its name, its title and its corpus; game modules add their rules."""

    name: str
    title: str
    #: The questions the game answers: question kind (``ask_<kind>`` in the situation
    #: grammar) -> ``"module:function"`` of its handler, imported on first use. See
    #: ``rulesq.engine.dispatch``.
    questions: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    #: What a situation may write after a card name: the types of a ``card`` line, the
    #: value names and the flags (icons) in parentheses. Empty means not checked.
    card_types: tuple[str, ...] = ()
    value_names: tuple[str, ...] = ()
    flag_names: tuple[str, ...] = ()
    #: The words the game's verdicts may be besides the shared ones (yes, no, nobody, none,
    #: nothing): an ``expect`` word outside both is an input error.
    answer_words: tuple[str, ...] = ()
    #: The phases of a turn, as a ``phase`` statement names them, tried in turn when a
    #: verdict rests on the phase the game takes where none is stated. Empty: the game
    #: takes no default phase (an unstated phase it needs is a gap).
    phases: tuple[str, ...] = ()
    #: Defaults shown where they decide a yes/no verdict (the FAQ reads a situation so, and
    #: the answer is kept): see :class:`ShownDefault`.
    shown_defaults: tuple[ShownDefault, ...] = ()

    @property
    def corpus(self) -> Corpus:
        """The game's clauses and cards (``load_corpus`` holds them: loaded once, held once).

        Not kept here as well: a second holder kept the corpus a ``load_corpus.cache_clear``
        had dropped, and a situation's cards were then other objects than a search's.
        """
        return load_corpus(self.name)

    def parse_card_text(self, text: str) -> ParsedText:
        """Read a card text into effects; games with a card-text grammar override this."""
        raise NotImplementedError(f"{self.title} has no card-text grammar yet")

    def effect_kinds(self, text: str) -> frozenset[str]:
        """What a card text's effects are about: the class of each effect (none unread).

        Rulings ask a question of some cards only when one of these kinds touches it
        (``rulesq.narrow``).
        """
        from rulesq.errors import RulesqError

        try:
            effects = self.parse_card_text(text).effects
        except (RulesqError, NotImplementedError, ValueError):
            return frozenset()
        return frozenset(type(effect).__name__ for effect in effects)

    def play_raises(self, situation: Situation, play: Fact) -> list[Question]:
        """The questions a play raises besides whether it can be made (asked after it).

        ``ask what happens if I play "X"?`` is read as ``ask can I play "X"?`` and then,
        supposing the play, these questions (``rulesq.situation.suppose``). Their ``index``
        and ``supposed`` are set by the caller. The default raises none.
        """
        del situation, play
        return []

    def flags_tried(self) -> tuple[str, ...]:
        """The flags (icons) a card whose flags no source gives is asked again with.

        A yes/no verdict that read such a card's flags (taken to be none) is asked again with
        each of these given to the card, one at a time (``rulesq.engine.defaults``). The
        default tries none: the game takes no flag default.
        """
        return ()

    def flag_phrases(self) -> tuple[str, ...]:
        """The words of several words a card's parentheses may hold (``phrase_value``).

        A grammar that reads several words as one (FMA's ``State Alchemist``) takes only
        these; others are an input error (a comma left out, most likely). The default: none.
        """
        return ()

    def check_situation(self, situation: Situation) -> None:
        """Check a parsed, resolved situation against the game's own rules of input.

        Raises ``InputError`` (file, line, column) for input the game finds inconsistent,
        whether or not a question would read it. The default checks nothing.
        """
        del situation
