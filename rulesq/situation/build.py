"""Read a parse tree into a ``Situation`` by naming convention, so games add statements as grammar.

Conventions (documented in ``grammar/README.md``):

- a rule ``fact_<kind>`` is a ``Fact`` of that kind, a rule ``ask_<kind>`` a ``Question``;
- inside them a ``me``/``you`` subtree is the player, ``card`` a card of the corpus (or an
  inline card), ``new_card`` a character the situation may introduce, ``counted`` a number
  of copies of a card;
- any other named token is a parameter named after its terminal (``INT`` -> ``number``; a
  ``one`` rule, "a" where a number may stand, gives ``number`` 1),
  and a one-token subrule ``foo: NAME`` a parameter named ``foo``; a one-token subrule
  ``each_foo`` may repeat, and ``foo`` is then the tuple of its values in order.

Rule names imported into a game's grammar carry Lark's namespace (``situation__card``);
it is dropped here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from rulesq.corpus.load import normalise_name
from rulesq.corpus.models import Card
from rulesq.errors import InputError, did_you_mean, suggest, typed
from rulesq.games import get_game
from rulesq.situation.model import (
    ME,
    SHARED_WORDS,
    YOU,
    CardRef,
    Expectation,
    Fact,
    Question,
    Situation,
)
from rulesq.spans import Span, moved_span

# Lark is imported by the functions that read a tree: a situation whose lines all come from
# the cache folder has none, and is read without loading Lark.
if TYPE_CHECKING:
    from lark import Token, Tree

    Node = Tree[Token]

T = TypeVar("T")

_STRUCTURAL = {"card", "new_card", "counted", "me", "you", "values"}
#: A one-token subrule ``each_<name>`` may occur several times: ``params[name]`` is the tuple.
_EACH = "each_"
_ESCAPE = re.compile(r"\\(.)")
#: One quoted name, as the grammar's STRING writes it (a reason pinned by a card alone).
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"|\u201c[^\u201d\n]*\u201d')
#: The largest number a situation may write (a count of cards, a value, an expected number).
MAX_NUMBER = 999


def bare(name: str) -> str:
    """A rule or terminal name without Lark's import namespace."""
    found = _BARE.get(name)
    if found is None:  # the grammars' names are few: each is worked out once
        text = str(name)  # a plain string, not the token that names a rule
        found = _BARE[text] = text.rsplit("__", 1)[-1] if "__" in text.strip("_") else text
    return found


#: A rule or terminal name -> the name without its namespace.
_BARE: dict[str, str] = {}


def unquote(token: str) -> str:
    r"""The text inside a quoted string (``\\"`` unescaped; curly quotes accepted)."""
    if token.startswith("\u201c"):
        return token[1:-1]
    return _ESCAPE.sub(r"\1", token[1:-1])


def token_span(token: Token) -> Span:
    """The span of a token."""
    return Span(token.start_pos or 0, token.end_pos or 0, token.line or 1, token.column or 1)


def tree_span(tree: Node) -> Span:
    """The span of a tree (needs ``propagate_positions``)."""
    meta = tree.meta
    if getattr(meta, "empty", True):
        return Span(0, 0, 1, 1)
    return Span(meta.start_pos, meta.end_pos, meta.line, meta.column)


@dataclass(frozen=True)
class LineItem:
    """One item of a situation as its line says it, wherever the line stands.

    ``kind`` is ``fact``, ``question``, ``expect`` (``value`` the model object), ``item`` (a
    fact a game adds at the top level: it closes no question), ``game`` (the name, lower
    case, and its span), ``source`` (the references) or ``card`` (an inline card's key, the
    span of its name and its fields). ``span`` is the item's. Never changed once made: a
    line's items serve every file the line is in.
    """

    kind: str
    value: Any
    span: Span


#: The span of a tree Lark gave no place (the builder reads it as the text's start).
UNPLACED = Span(0, 0, 1, 1)
_new = object.__new__


def _moved_ref(ref: CardRef, lines: int, offset: int) -> CardRef:
    """A copy of ``ref``, its span moved as :func:`rulesq.spans.moved_span` moves it."""
    new = _new(CardRef)
    fields = new.__dict__
    fields.update(ref.__dict__)
    fields["span"] = moved_span(fields["span"], lines, offset)
    return new


def moved(item: T, lines: int, offset: int, **changes: Any) -> T:
    """A fact, question or call (and its cards) moved ``lines`` lines and ``offset`` characters.

    ``changes``: other fields changed in the copy.
    """
    new: T = _new(type(item))
    fields = new.__dict__
    fields.update(item.__dict__)
    fields["span"] = moved_span(fields["span"], lines, offset)
    if isinstance(item, Expectation):
        if isinstance(item.value, CardRef):
            fields["value"] = _moved_ref(item.value, lines, offset)
    elif item.cards:  # type: ignore[attr-defined]
        fields["cards"] = tuple(_moved_ref(ref, lines, offset) for ref in item.cards)  # type: ignore[attr-defined]
    fields.update(changes)
    return new


def _placed(item: T, lines: int, offset: int, index: int) -> T:
    """A fact or question (and its cards) moved as :func:`moved` does, at ``index``."""
    new: T = _new(type(item))
    fields = new.__dict__
    fields.update(item.__dict__)
    if lines or offset:
        fields["span"] = moved_span(fields["span"], lines, offset)
    cards = fields["cards"]
    if cards:
        fields["cards"] = tuple([_moved_ref(ref, lines, offset) for ref in cards])
    fields["index"] = index
    return new


def _placed_call(call: Expectation, lines: int, offset: int) -> Expectation:
    """An ``expect`` call (and the card it names) moved as :func:`moved` moves it."""
    new = _new(Expectation)
    fields = new.__dict__
    fields.update(call.__dict__)
    if lines or offset:
        fields["span"] = moved_span(fields["span"], lines, offset)
    if type(fields["value"]) is CardRef:
        fields["value"] = _moved_ref(fields["value"], lines, offset)
    return new


class SituationBuilder:
    """Walks the tree of one situation text and builds its model (cards still unresolved)."""

    def __init__(self, game: str, source: str, text: str) -> None:
        self.situation = Situation(game=game, source=source, text=text)
        self.game = get_game(game)
        self._sources: list[str] = []
        self._pending: list[Expectation] = []
        #: The question being read (as its line gives it) and where its line is.
        self._question: Question | None = None
        self._place = (0, 0)

    def error(self, message: str, span: Span, suggestion: str | None = None) -> InputError:
        """An input error pointing at ``span``."""
        return InputError(
            message,
            self.situation.source,
            self.situation.text,
            span.line,
            span.column,
            suggestion=suggestion,
        )

    def build(self, tree: Node) -> Situation:
        """The situation the tree describes."""
        from lark import Tree

        for child in tree.children:
            if isinstance(child, Tree):
                self._item(child)
        return self.finish()

    def finish(self) -> Situation:
        """The situation of the items added (the last question closed)."""
        self._close_question()
        self.situation.sources = tuple(self._sources)
        return self.situation

    def _item(self, tree: Node) -> None:
        if bare(tree.data) == "expectation":  # told before anything wrong in the line itself
            self._expected_after_question(tree_span(tree))
        self.add(self.read(tree))

    def read(self, tree: Node) -> LineItem:
        """What one item's tree says, wherever it stands (no check that needs the items before).

        Its spans are those of the tree; :meth:`add` moves them to the item's line.
        """
        name = bare(tree.data)
        if name == "game_line":
            token = _token(tree.children[0])
            return LineItem("game", (str(token).lower(), token_span(token)), tree_span(tree))
        if name == "source_line":
            return LineItem("source", tuple(str(t) for t in tree.children), tree_span(tree))
        if name == "card_def":
            return LineItem("card", self._card_def(tree), tree_span(tree))
        if name == "statement":
            fact = self._statement(_tree(tree.children[0]), Fact, "fact_")
            return LineItem("fact", fact, fact.span)
        if name == "question":
            query = _tree(tree.children[0])
            question = self._statement(_only_tree(query), Question, "ask_", span=tree_span(tree))
            return LineItem("question", question, question.span)
        if name == "expectation":
            expectation = self._expectation(tree)
            return LineItem("expect", expectation, expectation.span)
        # a game may add top-level items; they are facts by convention (no question closed)
        fact = self._statement(tree, Fact, "fact_")
        return LineItem("item", fact, fact.span)

    def add(self, item: LineItem, lines: int = 0, offset: int = 0) -> None:
        """Add an item read by :meth:`read`, moved ``lines`` lines and ``offset`` characters.

        The checks that need the items before it are made here (the game line first, an
        ``expect`` after an ``ask``, a card defined once). The statements, calls and card
        references added are copies, the situation's own (:mod:`rulesq.situation.resolve`
        fills in their cards): an item read once serves every text its line is in.
        """
        kind, value = item.kind, item.value
        if kind == "fact" or kind == "item":
            if kind == "fact" and self._question is not None:
                self._close_question()
            items = self.situation.items
            items.append(_placed(value, lines, offset, len(items)))
        elif kind == "question":
            if self._question is not None:
                self._close_question()
            self._question = value
            self._place = (lines, offset)
        elif kind == "expect":
            if self._question is None:
                self._expected_after_question(moved_span(item.span, lines, offset))
            self._pending.append(_placed_call(value, lines, offset))
        elif kind == "game":
            word, span = value
            if self.situation.items or self._question:
                raise self.error(
                    "the game line must come first", moved_span(item.span, lines, offset)
                )
            if word != self.situation.game:
                raise self.error(
                    f"this situation is already for {self.situation.game}",
                    moved_span(span, lines, offset),
                )
        elif kind == "source":
            self._sources += value
        else:
            self._add_card(value, lines, offset)

    def add_lines(self, placed: list[Any], starts: list[int]) -> None:
        """:meth:`add` of every item of each line, in order.

        ``placed``: (the line's index, its items) for each line that holds one; ``starts``:
        where each line starts, its newlines left out. A fact, or a call after a question,
        is placed here at once, as :meth:`add` places it (most items are one or the other).
        """
        items = self.situation.items
        add = self.add
        for number, found in placed:
            offset = starts[number] + number  # and the newlines before the line
            for item in found:
                kind = item.kind
                if kind == "fact" and number:  # placed as _placed places it
                    if self._question is not None:
                        self._close_question()
                    value = item.value
                    fact = _new(type(value))
                    fields = fact.__dict__
                    fields.update(value.__dict__)
                    fields["span"] = moved_span(fields["span"], number, offset)
                    cards = fields["cards"]
                    if cards:
                        fields["cards"] = tuple([_moved_ref(r, number, offset) for r in cards])
                    fields["index"] = len(items)
                    items.append(fact)
                elif kind == "expect" and self._question is not None:
                    self._pending.append(_placed_call(item.value, number, offset))
                else:
                    add(item, number, offset)

    def _expected_after_question(self, span: Span) -> None:
        if self._question is None:
            raise self.error(
                "an expect line must follow an ask line",
                span,
                suggestion="Put the question first: ask ...? then expect ...",
            )

    def _card_def(self, tree: Node) -> tuple[str, Span, dict[str, Any]]:
        """An inline card's key, the span of its name and the fields of its ``Card``."""
        from lark import Token, Tree

        from rulesq.inputs import MAX_CARD_TEXT, MAX_NAME, too_long

        name_token = _token(tree.children[0])
        name = unquote(str(name_token))
        long = too_long("a card name", name, MAX_NAME)
        if long:
            raise self.error(long, token_span(name_token))
        kind, text = "", None
        values: dict[str, int] = {}
        flags: list[str] = []
        words: dict[str, str] = {}
        for child in tree.children[1:]:
            if isinstance(child, Tree):
                values, flags, words = self._values(child)
            elif isinstance(child, Token) and bare(child.type) == "STRING":
                text = unquote(str(child))
                long = too_long("a card text", text, MAX_CARD_TEXT)
                if long:
                    raise self.error(long, token_span(child))
            elif isinstance(child, Token):
                kind = str(child)
                self._check_word(child, kind.lower(), self.game.card_types, "card type")
        key = normalise_name(name)
        fields: dict[str, Any] = {"inline": True, **values, **words}
        if flags:
            fields["icons"] = flags
        card = {
            "id": f"inline/{key.replace(' ', '-')}",
            "game": self.situation.game,
            "name": name,
            "type": kind,
            "text": text,
            "printed_text": text,
            "fields": fields,
        }
        return key, token_span(name_token), card

    def _add_card(self, value: tuple[str, Span, dict[str, Any]], lines: int, offset: int) -> None:
        key, span, card = value
        if key in self.situation.cards:
            raise self.error(
                f'the card "{card["name"]}" is defined twice', moved_span(span, lines, offset)
            )
        fields = dict(card["fields"])
        if "icons" in fields:
            fields["icons"] = list(fields["icons"])
        self.situation.cards[key] = Card(**{**card, "fields": fields})

    def _statement(
        self, tree: Node, cls: type[Fact] | type[Question], prefix: str, span: Span | None = None
    ) -> Any:
        name = bare(tree.data)
        kind = name[len(prefix) :] if name.startswith(prefix) else name
        span = span or tree_span(tree)
        players: list[str] = []
        cards: list[CardRef] = []
        params: dict[str, Any] = {}
        self._collect(tree, players, cards, params)
        if len(players) > 1:
            params["players"] = tuple(players)
        return cls(
            kind=kind,
            span=span,
            text=self.situation.text[span.start : span.end],
            index=len(self.situation.items),
            who=players[0] if players else None,
            cards=tuple(cards),
            params=params,
        )

    def _collect(
        self, tree: Node, players: list[str], cards: list[CardRef], params: dict[str, Any]
    ) -> None:
        from lark import Token, Tree

        for child in tree.children:
            if isinstance(child, Token):
                key = bare(child.type).lower()
                if key in ("int", "signed_number"):
                    self._number(child)
                params[_param_key(key)] = _token_value(child)
                continue
            if not isinstance(child, Tree):
                continue
            name = bare(child.data)
            if name in (ME, YOU):
                players.append(name)
            elif name == "one":  # "a" where a number may stand
                params["number"] = 1
            elif name in ("card", "new_card"):
                cards.append(self._card(child, adhoc_ok=name == "new_card"))
            elif name == "counted":
                count = self._number(_token(child.children[0]))
                ref = self._card(_only_tree(child), adhoc_ok=False)
                if count == 0:
                    raise self.error(
                        f'0 copies of "{ref.name}": a deck line lists the cards the deck holds',
                        token_span(_token(child.children[0])),
                        suggestion=f'Leave "{ref.name}" out of the line.',
                    )
                cards.append(CardRef(ref.name, ref.span, ref.values, ref.flags, count))
            elif (
                name.startswith(_EACH)
                and len(child.children) == 1
                and isinstance(child.children[0], Token)
            ):
                key = name[len(_EACH) :]
                params[key] = (*params.get(key, ()), _token_value(child.children[0]))
            elif (
                name not in _STRUCTURAL
                and len(child.children) == 1
                and isinstance(child.children[0], Token)
            ):
                params[name] = _token_value(child.children[0])
            else:
                self._collect(child, players, cards, params)

    def _card(self, tree: Node, adhoc_ok: bool) -> CardRef:
        from lark import Tree

        token = _token(tree.children[0])
        values: dict[str, int] = {}
        flags: list[str] = []
        for child in tree.children[1:]:
            if isinstance(child, Tree):
                values, flags, words = self._values(child)
                if words:
                    item = next(
                        _tree(i) for i in child.children if bare(_tree(i).data) == "people_value"
                    )
                    raise self.error(
                        f"a card's {next(iter(words))} is given on its card line "
                        f'(card "{unquote(str(token))}" … ({next(iter(words))} …))',
                        token_span(_token(item.children[0])),
                    )
        return CardRef(
            unquote(str(token)), token_span(token), values, tuple(flags), adhoc_ok=adhoc_ok
        )

    def _values(self, tree: Node) -> tuple[dict[str, int], list[str], dict[str, str]]:
        """Numbers, icons and words (a Blue Moon card's people) in a card's parentheses."""
        values: dict[str, int] = {}
        flags: list[str] = []
        words: dict[str, str] = {}
        for item in tree.children:
            value = _tree(item)
            kind = bare(value.data)
            parts = [_token(part) for part in value.children]
            if kind == "people_value":
                if "people" in words:
                    raise self.error("the people is given twice", token_span(parts[0]))
                words["people"] = str(parts[0])
            elif kind == "number_value":
                key = str(parts[0]).lower()
                if key in values:
                    raise self.error(f'the value "{key}" is given twice', token_span(parts[0]))
                self._check_word(parts[0], key, self.game.value_names, "value")
                values[key] = self._number(parts[1])
            else:
                if kind == "phrase_value":
                    self._check_phrase(parts)
                flag = " ".join(" ".join(str(p) for p in parts).split())
                if flag.upper() in (f.upper() for f in flags):
                    raise self.error(f'the icon "{flag}" is given twice', token_span(parts[0]))
                self._check_word(parts[0], flag.upper(), self.game.flag_names, "icon")
                flags.append(flag)
        return values, flags, words

    def _check_phrase(self, parts: list[Token]) -> None:
        """Words of several words must be one the game names; else an error at the first."""
        phrase = " ".join(str(p) for p in parts)
        known = self.game.flag_phrases()
        if phrase.casefold() in (k.casefold() for k in known):
            return
        options = [*suggest(phrase, known), ", ".join(str(p) for p in parts)]
        raise InputError(
            f'"{phrase}" is not a {self.game.title} word of several words (a comma between '
            "words, most likely)",
            self.situation.source,
            self.situation.text,
            parts[0].line or 1,
            parts[0].column or 1,
            expected=[*typed(known), "words apart, each after a comma"] if known else ["a comma"],
            suggestion=did_you_mean(options),
        )

    def _check_word(self, token: Token, word: str, known: tuple[str, ...], what: str) -> None:
        """An error at ``token`` unless ``word`` is one of the game's ``known`` words."""
        if not known or word in known:
            return
        raise InputError(
            f'"{token}" is not a {self.game.title} {what}',
            self.situation.source,
            self.situation.text,
            token.line or 1,
            token.column or 1,
            expected=typed(known),
            suggestion=did_you_mean(suggest(str(token), known)),
        )

    def _number(self, token: Token) -> int:
        """A number token's value; beyond ``MAX_NUMBER`` it is an error (no game counts so)."""
        number = int(token)
        if abs(number) > MAX_NUMBER:
            raise self.error(
                f"the number {token} is too large: no card, hand, deck or value in these "
                f"games comes near it",
                token_span(token),
                suggestion=f"rulesq reads numbers up to {MAX_NUMBER}.",
            )
        return number

    def _expectation(self, tree: Node) -> Expectation:
        child = _tree(tree.children[0])
        span = tree_span(tree)
        text = self.situation.text[span.start : span.end]
        kind = bare(child.data)
        parts = child.children
        value: Any
        if kind == "expect_word":
            word = _token(parts[0])
            kind, value = "word", str(word).lower()
            known = (*SHARED_WORDS, *self.game.answer_words)
            if value not in known:
                self._not_a_call(word, known)
        elif kind == "expect_because":
            name = _token(parts[0])
            kind, value = "because", CardRef(unquote(str(name)), token_span(name))
        elif kind == "expect_cannot":
            kind, value = "cannot_answer", self._reason(parts[0] if parts else None)
        elif kind == "expect_conflict":
            kind, value = "conflict", None
        elif kind == "expect_number":
            kind, value = "number", self._number(_token(parts[0]))
        elif kind == "expect_decided":
            kind, value = "decided_by", " ".join(str(parts[0]).split())
        else:
            kind = "quoted"
            value = tuple(tuple(unquote(str(t)) for t in _tree(group).children) for group in parts)
        return Expectation(kind, value, span, text)

    def _reason(self, token: object) -> CardRef | str | None:
        """What ``cannot answer because …`` pins: a quoted card name alone, or words.

        A card (resolved like any card reference, "did you mean" on a miss) is one the
        reason must name; other words are words the reason must hold (spacing squashed).
        """
        if token is None:
            return None
        reason = _token(token)
        words = str(reason).strip()
        if _QUOTED.fullmatch(words):
            at = token_span(reason)  # the token runs to the line's end: span the name alone
            span = Span(at.start, at.start + len(words), at.line, at.column)
            return CardRef(unquote(words), span)
        return " ".join(words.split())

    def _not_a_call(self, token: Token, known: tuple[str, ...]) -> None:
        """An error at an ``expect`` word that no answer of the game can be."""
        from rulesq.errors import did_you_mean, suggest

        close = suggest(str(token), [*known, "cannot answer", "conflict", "because", "decided by"])
        forms = [f'"{w}"' for w in known] + [
            "a number",
            "quoted names or a quoted text",
            '"decided by" and a ladder step',
            '"because" and a quoted card name',
            '"cannot answer"',
            '"conflict"',
        ]
        hint = did_you_mean(close) or ("The words a call may use: " + ", ".join(known) + ".")
        raise InputError(
            f'"{token}" is not a call rulesq can check in {self.game.title}',
            self.situation.source,
            self.situation.text,
            token.line or 1,
            token.column or 1,
            expected=forms,
            suggestion=hint,
        )

    def _close_question(self) -> None:
        if self._question is None:
            return
        lines, offset = self._place
        items = self.situation.items
        question = _placed(self._question, lines, offset, len(items))
        question.__dict__["expectations"] = tuple(self._pending)
        items.append(question)
        self._question = None
        self._pending = []


def _token(item: object) -> Token:
    """A tree child that must be a token."""
    from lark import Token

    if not isinstance(item, Token):
        raise TypeError(f"expected a token, got {item!r}")
    return item


def _tree(item: object) -> Node:
    """A tree child that must be a tree."""
    from lark import Tree

    if not isinstance(item, Tree):
        raise TypeError(f"expected a tree, got {item!r}")
    return item


def _only_tree(tree: Node) -> Node:
    from lark import Tree

    return next(child for child in tree.children if isinstance(child, Tree))


_PARAM_KEYS = {"int": "number", "string": "text"}


def _param_key(terminal: str) -> str:
    return _PARAM_KEYS.get(terminal, terminal)


def _token_value(token: Token) -> Any:
    kind = bare(token.type)
    if kind == "INT":
        return int(token)
    if kind == "STRING":
        return unquote(str(token))
    return " ".join(str(token).split())
