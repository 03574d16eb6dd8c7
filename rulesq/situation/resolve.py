"""Resolve a situation's names: cards (inline or corpus, ``expect because`` too), sources, steps."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import InputError, did_you_mean, suggest
from rulesq.situation.model import CardRef, Expectation, Fact, Question, Situation
from rulesq.spans import Span, text_lines

if TYPE_CHECKING:
    from types import ModuleType

    from rulesq.corpus import Corpus
    from rulesq.engine.ladder import Ladder
    from rulesq.games.base import Game


def resolve(situation: Situation, game: Game) -> Situation:
    """The situation with every card reference resolved and every name checked.

    Its statements' card references are its own (the builder's copies): each is filled in
    where it is, not copied again.

    A card resolves against the inline definitions first, then the game's corpus; a
    ``new_card`` that is in neither is an ad-hoc character of the situation, and a later
    ``card`` with its name refers to that character. Any other miss is an ``InputError``
    at the name, with the closest card names. A card line of a corpus card gives the text the
    sources give it, or is an ``InputError`` at the line (``card_lines``).
    """
    corpus = game.corpus
    if situation.cards:
        _card_lines().check(situation, corpus)
    resolver = _Resolver(situation, game, corpus)
    card = resolver.card
    expectation = resolver.expectation
    for item in situation.items:
        for ref in item.cards:
            card(ref)
        if isinstance(item, Question) and item.expectations:
            item.__dict__["expectations"] = tuple([expectation(e) for e in item.expectations])
    for source in situation.sources:
        resolver.source(source)
    return situation


@cache
def _card_lines() -> ModuleType:
    """``rulesq.situation.card_lines``, imported on the first card line (then held)."""
    from rulesq.situation import card_lines

    return card_lines


class _Resolver:
    def __init__(self, situation: Situation, game: Game, corpus: Corpus) -> None:
        self.situation = situation
        self.game = game
        self.corpus = corpus
        #: Ad-hoc characters introduced so far (normalised name -> name as written).
        self.introduced: dict[str, str] = {}
        #: The game's ladder, once a ``decided by`` call has looked it up.
        self._ladder: list[Ladder | None] = []

    def error(
        self, message: str, span: Span, options: list[str], expected: list[str] | None = None
    ) -> InputError:
        return InputError(
            message,
            self.situation.source,
            self.situation.text,
            span.line,
            span.column,
            expected=expected or [],
            suggestion=did_you_mean(options),
        )

    def card(self, ref: CardRef) -> CardRef:
        """``ref`` with its card (or ``adhoc``) filled in, in place; an error if it names none."""
        cards = self.situation.cards
        inline = cards.get(normalise_name(ref.name)) if cards else None
        found = inline or self.corpus.find_card(ref.name)
        if found is not None:
            ref.__dict__["card"] = found
            return ref
        key = normalise_name(ref.name)
        if ref.adhoc_ok:
            self.introduced.setdefault(key, ref.name)
            ref.__dict__["adhoc"] = True
            return ref
        if key in self.introduced:
            ref.__dict__["adhoc"] = True
            return ref
        from rulesq.corpus.load import games_with_card

        names = (
            [card.name for card in self.situation.cards.values()]
            + list(self.introduced.values())
            + self.corpus.card_names()
        )
        error = self.error(
            f'unknown card "{ref.name}" in {self.game.title}',
            ref.span,
            suggest(ref.name, names),
            expected=["a card of the game's corpus, or one defined with a card line"],
        )
        elsewhere = games_with_card(ref.name, skip=self.game.name)
        if elsewhere:
            import re

            named = re.search(r"^[ \t]*game[ \t]", self.situation.text, flags=re.M | re.I)
            where = (
                "see its game line"
                if named
                else "the game it was given, as no game line names one"  # --game, :game
            )
            note = (
                f'"{ref.name}" is a card of {", ".join(elsewhere)}, but this situation is '
                f"for {self.game.name} ({where})."
            )
            error.suggestion = f"{error.suggestion} {note}" if error.suggestion else note
        raise error

    def expectation(self, expectation: Expectation) -> Expectation:
        """The expectation with its card resolved (``because``) or its step checked."""
        if isinstance(expectation.value, CardRef):
            made = object.__new__(Expectation)  # as ``replace`` makes it, without ``__init__``
            made.__dict__.update(expectation.__dict__)
            made.__dict__["value"] = self.card(expectation.value)
            return made
        if expectation.kind == "decided_by":
            self.decided_by(expectation)
        return expectation

    def decided_by(self, expectation: Expectation) -> None:
        name = str(expectation.value)
        if not self._ladder:  # looked up once a situation (the corpus folder is a setting)
            self._ladder.append(_ladders().load_ladder(self.game.name))
        ladder = self._ladder[0]
        if ladder is not None and ladder.step(name) is not None:
            return
        if self.corpus.has_clause(name):
            return
        steps = ladder.names() if ladder else []
        where = f"a step of the {self.game.title} ladder" if ladder else "a clause id"
        offset = expectation.text.find(name.split()[0]) if name else 0
        span = replace(expectation.span, column=expectation.span.column + max(offset, 0))
        raise self.error(
            f'"{name}" is not {where}',
            span,
            suggest(name, steps),
            expected=[f'"{s}"' for s in steps] + ["a clause id or alias"],
        )

    def source(self, ref: str) -> None:
        if self.corpus.has_clause(ref):
            return
        line = next(
            (
                n
                for n, text in enumerate(text_lines(self.situation.text), start=1)
                if ref in text and text.lstrip().startswith("source")
            ),
            1,
        )
        column = self.situation.line(line).find(ref) + 1
        aliases = [a for clause in self.corpus.clauses.values() for a in clause.aliases]
        raise self.error(
            f'unknown source "{ref}": no {self.game.title} clause has this id or alias',
            Span(0, 0, line, max(column, 1)),
            suggest(ref, [*aliases, *self.corpus.clauses]),
        )


@cache
def _ladders() -> ModuleType:
    """The ladders' module (imported on first use; then a call, not an import, per call)."""
    from rulesq.engine import ladder

    return ladder


def resolve_added(
    situation: Situation, game: Game, before: list[Fact | Question], added: list[Fact]
) -> list[Fact]:
    """Facts written in after the (resolved) items ``before``, resolved as a whole text is.

    A name the items before introduced as an ad-hoc character is that character here too.
    The facts' card references must be their own copies: each is filled in where it is.
    """
    resolver = _Resolver(situation, game, game.corpus)
    for item in before:
        for ref in item.cards:
            if ref.adhoc:
                resolver.introduced.setdefault(normalise_name(ref.name), ref.name)
    for fact in added:
        for ref in fact.cards:
            resolver.card(ref)
    return added
