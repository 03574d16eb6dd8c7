"""Read FMA card text into effects with ``grammar/fma.lark``, one sentence at a time.

A sentence that opens with an ability header starts an ability; the sentences after it
are that ability's body. A sentence the grammar does not accept becomes an ``Unparsed``
node with its span and the parser's reason, in the place it had: never dropped, never
guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from rulesq.effects.base import Effect, Unparsed
from rulesq.effects.words import parse_number
from rulesq.games.fma import effects as fx
from rulesq.games.fma.vocab import Attribute, Duration, Timing
from rulesq.paths import grammar_dir
from rulesq.spans import Span, line_column

if TYPE_CHECKING:
    from collections.abc import Iterable

    from lark import Lark, Token

    from rulesq.effects.textcache import TextCache

#: A sentence: up to and including its full stop (or the end of the text).
_SENTENCE = re.compile(r"\S[^.]*(?:\.|$)")
_PUNCTUATION = {"COMMA", "COLON", "PERIOD"}


@cache
def parser() -> Lark:
    """The FMA card-text parser (LALR, built once and cached on disk)."""
    from rulesq.larkcache import open_parser

    return open_parser(grammar_dir() / "fma.lark", parser="lalr", propagate_positions=True)


@dataclass
class _Header:
    """An ability's header as read: its timing, attribute, cost and extra cost."""

    timing: Timing
    attribute: Attribute
    cost: int | str | None
    extra: fx.ExtraCost | None


@dataclass
class _Open:
    """An ability being read: its header and the body so far."""

    header: _Header
    start: int
    end: int
    body: list[Effect] = field(default_factory=list)


@lru_cache(maxsize=1024)
def parse_card_text(text: str) -> fx.FmaParsedText:
    """Read a card text into FMA effects (``Unparsed`` for sentences not understood).

    The result is immutable, so a text read once in a process is not read again; a corpus
    card's text, or an inline text read before, comes from disk (``rulesq.effects.textcache``).
    """
    stored = _corpus_texts().parse(text)
    return stored if isinstance(stored, fx.FmaParsedText) else read_card_text(text)


@cache
def _corpus_texts() -> TextCache:
    from pathlib import Path

    from rulesq.effects.textcache import for_game

    return for_game("fma", Path(__file__).parent, read_card_text)


def read_card_text(text: str) -> fx.FmaParsedText:
    """Read a card text with the grammar (:func:`parse_card_text` keeps the result)."""
    out: list[Effect] = []
    current: _Open | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            h = current.header
            out.append(
                fx.Ability(
                    h.timing,
                    h.attribute,
                    h.cost,
                    tuple(current.body),
                    h.extra,
                    span=_span(text, current.start, current.end),
                )
            )
            current = None

    for match in _SENTENCE.finditer(text):
        start, end = match.start(), match.end()
        header, found = _parse_sentence(text, start, end)
        if header is not None:
            close()
            current = _Open(header, start, end)
        if current is not None:
            current.body += found
            current.end = end
        else:
            out += found
    close()
    return fx.FmaParsedText(text, tuple(out))


def _expected_words(names: Iterable[str]) -> tuple[str, ...]:
    """The terminals the grammar expected, as words to type: ``"adds"`` for ``ADDS``.

    A terminal that stands for one fixed string is that string, in double quotes (as a
    situation's errors show a word); another (a name, a number) is its name in lower case.
    """
    from lark.lexer import PatternStr

    shown = set()
    for name in names:
        try:
            pattern = parser().get_terminal(name).pattern
        except KeyError:
            pattern = None
        if isinstance(pattern, PatternStr):
            shown.add(f'"{pattern.value}"')
        else:  # a shared keyword's terminal name starts with "_" (it stays out of the tree)
            shown.add(name.lstrip("_").lower().replace("_", " "))
    return tuple(sorted(shown, key=lambda word: (word.startswith('"'), word.lower())))


def _parse_sentence(text: str, start: int, end: int) -> tuple[_Header | None, list[Effect]]:
    """One sentence: its ability header (if any) and its effects, or an Unparsed node."""
    from lark.exceptions import LarkError, UnexpectedInput

    piece = text[start:end]
    try:
        tree = parser().parse(piece)
        header, found = _Build(text, start, end).transform(tree)
    except UnexpectedInput as error:
        column = getattr(error, "column", 0)
        token = getattr(error, "token", None)
        near = f'"{token}"' if token else f"column {column}"
        at = getattr(token, "start_pos", None)
        at = at if isinstance(at, int) else getattr(error, "pos_in_stream", None)
        names = getattr(error, "expected", None) or getattr(error, "allowed", None) or []
        reason = f"the FMA card grammar does not read this sentence (at {near})"
        return None, [
            Unparsed(
                piece,
                reason,
                start + at if isinstance(at, int) else None,
                _expected_words(names),
                span=_span(text, start, end),
            )
        ]
    except LarkError as error:  # pragma: no cover - a grammar bug, reported not hidden
        return None, [
            Unparsed(piece, f"the FMA card grammar failed: {error}", span=_span(text, start, end))
        ]
    return header, found


def _span(text: str, start: int, end: int) -> Span:
    line, column = line_column(text, start)
    return Span(start, end, line, column)


def _words(children: list[Any]) -> list[Any]:
    """The meaningful children: punctuation tokens dropped."""
    from lark import Token

    return [c for c in children if not (isinstance(c, Token) and c.type in _PUNCTUATION)]


def _number(token: Token) -> int:
    return parse_number(str(token))


class _Build:
    """Turns a sentence's parse tree into effects (a Lark transformer, built on demand)."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text = text
        self.offset = start
        self.end = end

    def transform(self, tree: Any) -> tuple[_Header | None, list[Effect]]:
        """The header and the effects of a ``start`` tree."""
        result: tuple[_Header | None, list[Effect]] = _transformer_class()(self).transform(tree)
        return result

    def span(self, meta: Any) -> Span:
        """The span of a tree node in the whole card text (the sentence's if it has none)."""
        if getattr(meta, "empty", True):
            return _span(self.text, self.offset, self.end)
        start = self.offset + meta.start_pos
        return _span(self.text, start, self.offset + meta.end_pos)


@cache
def _transformer_class() -> Any:
    """The Lark transformer class (defined on first use so that Lark loads lazily)."""
    from lark import Token, Transformer, v_args

    @v_args(meta=True)
    class Tx(Transformer[Any, Any]):
        def __init__(self, build: _Build) -> None:
            super().__init__()
            self.b = build

        # ------------------------------------------------------------ structure
        def start(self, meta: Any, c: list[Any]) -> Any:
            return c[0]

        def sentence(self, meta: Any, c: list[Any]) -> tuple[_Header | None, list[Effect]]:
            c = _words(c)
            header = c[0] if isinstance(c[0], _Header) else None
            body = c[-1]
            return header, list(body) if isinstance(body, list) else [body]

        def header(self, meta: Any, c: list[Any]) -> _Header:
            c = _words(c)
            timing, attribute, *rest = c
            cost = next((r for r in rest if not isinstance(r, fx.ExtraCost)), None)
            extra = next((r for r in rest if isinstance(r, fx.ExtraCost)), None)
            return _Header(timing, attribute, cost, extra)

        def timing(self, meta: Any, c: list[Any]) -> Timing:
            return Timing(str(c[0]).lower())

        def attribute(self, meta: Any, c: list[Any]) -> Attribute:
            return Attribute(str(c[0]).lower())

        def cost(self, meta: Any, c: list[Any]) -> int | str:
            token = c[0]
            return "X" if token.type == "X" else _number(token)

        def extra_set(self, meta: Any, c: list[Any]) -> fx.ExtraCost:
            return fx.ExtraCost("set", c[0])

        def extra_sacrifice(self, meta: Any, c: list[Any]) -> fx.ExtraCost:
            return fx.ExtraCost("sacrifice", c[0])

        def clauses(self, meta: Any, c: list[Any]) -> list[Effect]:
            return [e for group in _words(c) for e in group]

        def clause(self, meta: Any, c: list[Any]) -> list[Effect]:
            c = _words(c)
            who = c[0] if isinstance(c[0], _SubjectBox) else None
            phrases = c[1:] if who else c
            if who is None:
                return phrases
            return [replace(e, who=who.value) for e in phrases]

        def subject(self, meta: Any, c: list[Any]) -> _SubjectBox:
            return _SubjectBox(c[0])

        def effect_list(self, meta: Any, c: list[Any]) -> list[Effect]:
            c = _words(c)
            if c and isinstance(c[0], _SubjectBox):
                return [replace(e, who=c[0].value) for e in c[1:]]
            return c

        # ------------------------------------------------------------ noun phrases
        def selector(self, meta: Any, c: list[Any]) -> fx.Selector:
            noun: fx.Selector = c[0]
            return replace(noun, postmods=tuple(c[1:]))

        subject_selector = selector

        def simple_selector(self, meta: Any, c: list[Any]) -> fx.Selector:
            noun: fx.Selector = c[0]
            return noun

        def noun(self, meta: Any, c: list[Any]) -> fx.Selector:
            parts: dict[str, Any] = {"qualities": ()}
            for item in c:
                if isinstance(item, fx.Quantity):
                    parts["quantity"] = item
                elif isinstance(item, fx.Possessive):
                    parts["owner"] = item
                elif isinstance(item, fx.Designator):
                    parts["designator"] = item
                elif isinstance(item, _Tagged):
                    if item.tag == "target":
                        parts["target"] = True
                    elif item.tag == "quality":
                        parts["qualities"] += (item.value,)
                    elif item.tag == "faction":
                        parts["faction"], parts["faction_word"] = item.value
                    else:
                        parts["kind"], parts["plural"] = item.value
            return fx.Selector(**parts)

        subject_noun = noun

        def target_word(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("target", True)

        def ready(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("quality", "ready")

        def other(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("quality", "other")

        def losing(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("quality", "losing")

        def villain(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("quality", "villain")

        def defeated_quality(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("quality", "defeated")

        def faction(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("faction", (str(c[0]), len(c) > 1))

        def designator(self, meta: Any, c: list[Any]) -> fx.Designator:
            timings = tuple(x for x in c if isinstance(x, Timing))
            attribute = next((x for x in c if isinstance(x, Attribute)), None)
            return fx.Designator(timings, attribute)

        def kind(self, meta: Any, c: list[Any]) -> _Tagged:
            word = str(c[0]).lower()
            if word in fx.SINGULARS:
                return _Tagged("kind", (fx.SINGULARS[word], True))
            return _Tagged("kind", (word, False))

        def events_and_abilities(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("kind", ("event and ability", True))

        def event_or_ability(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("kind", (fx.EVENT_OR_ABILITY, False))

        def kind_word(self, meta: Any, c: list[Any]) -> Token:
            token: Token = c[0]
            return token

        def q_article(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("a")

        def q_each(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("each")

        def q_each_of(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("each of")

        def q_all(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("all")

        def q_any(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("any")

        def q_any_number(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("any number of")

        def q_another(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("another")

        def q_of(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("count of", c[0])

        def q_up_to(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("up to", c[0])

        def q_count(self, meta: Any, c: list[Any]) -> fx.Quantity:
            return fx.Quantity("count", c[0])

        def owner(self, meta: Any, c: list[Any]) -> fx.Possessive:
            owner: fx.Possessive = c[0]
            return owner

        def possessive(self, meta: Any, c: list[Any]) -> fx.Possessive:
            return fx.Possessive(str(c[0]).lower())

        def named_possessive(self, meta: Any, c: list[Any]) -> fx.Possessive:
            return fx.Possessive(fx.Named(str(c[0])))

        def possessive_word(self, meta: Any, c: list[Any]) -> Token:
            token: Token = c[0]
            return token

        def this_ref(self, meta: Any, c: list[Any]) -> fx.This:
            return fx.This(str(c[0]).lower())

        def that_ref(self, meta: Any, c: list[Any]) -> fx.That:
            return fx.That(str(c[0]).lower())

        def ref_noun(self, meta: Any, c: list[Any]) -> Token:
            token: Token = c[0]
            return token

        def pronoun(self, meta: Any, c: list[Any]) -> fx.Pronoun:
            return fx.Pronoun(str(c[0]).lower())

        def reference(self, meta: Any, c: list[Any]) -> Any:
            return c[0]

        def named(self, meta: Any, c: list[Any]) -> fx.Named:
            return fx.Named(" ".join(str(c[0]).split()))

        def postmod(self, meta: Any, c: list[Any]) -> Any:
            return c[0]

        def controlled_by(self, meta: Any, c: list[Any]) -> fx.ControlledBy:
            return fx.ControlledBy(c[0])

        def located(self, meta: Any, c: list[Any]) -> fx.In:
            return fx.In(c[0])

        def targeting(self, meta: Any, c: list[Any]) -> fx.Targeting:
            return fx.Targeting(tuple(c))

        def cost_below(self, meta: Any, c: list[Any]) -> fx.CostBelow:
            return fx.CostBelow(c[0])

        def cost_at_most(self, meta: Any, c: list[Any]) -> fx.CostAtMost:
            return fx.CostAtMost(c[0])

        def cost_at_most_context(self, meta: Any, c: list[Any]) -> fx.CostAtMost:
            return fx.CostAtMost(None)

        def attr_at_least_context(self, meta: Any, c: list[Any]) -> fx.AttributeAtLeastOther:
            return fx.AttributeAtLeastOther(c[0])

        def attr_below_selector(self, meta: Any, c: list[Any]) -> fx.AttributeBelow:
            return fx.AttributeBelow(c[0], c[1])

        def hand_above(self, meta: Any, c: list[Any]) -> fx.HandAbove:
            return fx.HandAbove(c[0], c[1])

        def value(self, meta: Any, c: list[Any]) -> fx.Value:
            item = c[0]
            if isinstance(item, Token) and item.type == "X":
                return "X"
            number: int = item
            return number

        def cost_of(self, meta: Any, c: list[Any]) -> fx.CostOf:
            return fx.CostOf(c[0])

        def possessive_ref(self, meta: Any, c: list[Any]) -> Any:
            return c[0]

        def zone(self, meta: Any, c: list[Any]) -> fx.Zone:
            return fx.Zone(c[1], c[0])

        def a_search_party(self, meta: Any, c: list[Any]) -> fx.Zone:
            return fx.Zone("search party")

        def hand(self, meta: Any, c: list[Any]) -> str:
            return "hand"

        def deck_place(self, meta: Any, c: list[Any]) -> str:
            return "deck"

        def discard_pile(self, meta: Any, c: list[Any]) -> str:
            return "discard pile"

        def experience(self, meta: Any, c: list[Any]) -> str:
            return "experience"

        def home_place(self, meta: Any, c: list[Any]) -> str:
            return "home"

        def search_phase(self, meta: Any, c: list[Any]) -> str:
            return "search"

        def duration(self, meta: Any, c: list[Any]) -> Duration:
            duration: Duration = c[0]
            return duration

        def turn(self, meta: Any, c: list[Any]) -> Duration:
            return Duration.TURN

        def battle_period(self, meta: Any, c: list[Any]) -> Duration:
            return Duration.BATTLE

        def search_phase_period(self, meta: Any, c: list[Any]) -> Duration:
            return Duration.SEARCH_PHASE

        def number(self, meta: Any, c: list[Any]) -> int:
            return _number(c[0])

        # ------------------------------------------------------------ verb phrases
        def draw(self, meta: Any, c: list[Any]) -> Effect:
            return fx.Draw(c[0], span=self.b.span(meta))

        def draw_up_to(self, meta: Any, c: list[Any]) -> Effect:
            return fx.Draw(_words(c)[0], up_to=True, span=self.b.span(meta))

        def reveal_card(self, meta: Any, c: list[Any]) -> Effect:
            return fx.RevealCard(c[0], span=self.b.span(meta))

        def discard_hand(self, meta: Any, c: list[Any]) -> Effect:
            return fx.DiscardHand(c[0], span=self.b.span(meta))

        def begin_phase(self, meta: Any, c: list[Any]) -> Effect:
            return fx.BeginPhase(span=self.b.span(meta))

        def reveal(self, meta: Any, c: list[Any]) -> Effect:
            return fx.RevealHand(c[0], c[1] if len(c) > 1 else None, span=self.b.span(meta))

        def choose(self, meta: Any, c: list[Any]) -> Effect:
            return fx.Choose(c[0], span=self.b.span(meta))

        def shuffle(self, meta: Any, c: list[Any]) -> Effect:
            return fx.ShuffleInto(c[0], c[1], span=self.b.span(meta))

        def shuffled(self, meta: Any, c: list[Any]) -> Any:
            return c[0]

        def hand_and_discard(self, meta: Any, c: list[Any]) -> fx.HandAndDiscard:
            return fx.HandAndDiscard(c[0])

        def deck(self, meta: Any, c: list[Any]) -> str:
            return "deck"

        def remove(self, meta: Any, c: list[Any]) -> Effect:
            return fx.RemoveFromGame(c[0], span=self.b.span(meta))

        def begin_battle(self, meta: Any, c: list[Any]) -> Effect:
            return fx.BeginBattle(c[0], span=self.b.span(meta))

        def target(self, meta: Any, c: list[Any]) -> Effect:
            if len(c) > 1:
                bonus: fx.AttributeBonus = c[1]
                who = replace(c[0], target=True)
                return replace(bonus, who=who, span=self.b.span(meta))
            return fx.Target(c[0], span=self.b.span(meta))

        def target_bonus(self, meta: Any, c: list[Any]) -> Effect:
            return self.attribute_bonus(meta, c)

        def target_pair(self, meta: Any, c: list[Any]) -> Effect:
            return fx.TargetPair(c[0], c[1], c[2], c[3], span=self.b.span(meta))

        def attack_role(self, meta: Any, c: list[Any]) -> str:
            return "attack"

        def defend_role(self, meta: Any, c: list[Any]) -> str:
            return "defend"

        def cancel(self, meta: Any, c: list[Any]) -> Effect:
            return fx.Cancel(c[0], span=self.b.span(meta))

        def cancel_a_react(self, meta: Any, c: list[Any]) -> Effect:
            what = fx.Selector(
                fx.EVENT_OR_ABILITY,
                quantity=fx.Quantity("a"),
                designator=fx.Designator((Timing.REACT,), None),
            )
            return fx.Cancel(what, span=self.b.span(meta))

        def set(self, meta: Any, c: list[Any]) -> Effect:
            return fx.SetCard(c[0], span=self.b.span(meta))

        def defeat(self, meta: Any, c: list[Any]) -> Effect:
            return fx.Defeat(c[0], span=self.b.span(meta))

        def change_location(self, meta: Any, c: list[Any]) -> Effect:
            return fx.ChangeLocation(span=self.b.span(meta))

        def send_to_discard(self, meta: Any, c: list[Any]) -> Effect:
            return fx.SendToDiscard(c[0], span=self.b.span(meta))

        def increase_cost(self, meta: Any, c: list[Any]) -> Effect:
            return fx.IncreaseCost(c[0], c[1], span=self.b.span(meta))

        def reduce_cost(self, meta: Any, c: list[Any]) -> Effect:
            numbers = [x for x in c[1:] if isinstance(x, int)]
            return fx.ReduceCost(
                c[0], numbers[0], numbers[1] if len(numbers) > 1 else None, span=self.b.span(meta)
            )

        def gain_control(self, meta: Any, c: list[Any]) -> Effect:
            return fx.GainControl(c[0], c[1] if len(c) > 1 else None, span=self.b.span(meta))

        def gain_faction(self, meta: Any, c: list[Any]) -> Effect:
            return fx.GainFaction(c[0], span=self.b.span(meta))

        def search_deck(self, meta: Any, c: list[Any]) -> Effect:
            return fx.SearchDeck(c[0], c[1], span=self.b.span(meta))

        def add_to(self, meta: Any, c: list[Any]) -> Effect:
            return fx.AddTo(c[0], c[1], span=self.b.span(meta))

        def play(self, meta: Any, c: list[Any]) -> Effect:
            zones = {tag.tag: tag.value for tag in c[1:]}
            return fx.Play(
                c[0],
                zones.get("from"),
                zones.get("as if in"),
                free="without cost" in zones,
                span=self.b.span(meta),
            )

        def without_cost(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("without cost", True)

        def may_play(self, meta: Any, c: list[Any]) -> Effect:
            play: fx.Play = c[1]
            return replace(play, who=c[0], may=True, span=self.b.span(meta))

        def recover(self, meta: Any, c: list[Any]) -> Effect:
            return fx.Recover(c[0], span=self.b.span(meta))

        def from_zone(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("from", c[0])

        def as_if_in(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("as if in", c[0])

        def move(self, meta: Any, c: list[Any]) -> Effect:
            return fx.Move(c[0], c[1], c[2] if len(c) > 2 else None, span=self.b.span(meta))

        def home(self, meta: Any, c: list[Any]) -> str:
            return "home"

        def into_search_party(self, meta: Any, c: list[Any]) -> str:
            return "search party"

        def double_bonus(self, meta: Any, c: list[Any]) -> Effect:
            return fx.DoubleBonus(c[0], span=self.b.span(meta))

        def attribute_bonus(self, meta: Any, c: list[Any]) -> Effect:
            amount = int(str(c[0]).replace("\u2212", "-"))
            duration = c[2] if len(c) > 2 else None
            return fx.AttributeBonus(amount, c[1].value, duration, span=self.b.span(meta))

        def each_attribute(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("attribute", None)

        def one_attribute(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("attribute", c[0])

        def attribute_set(self, meta: Any, c: list[Any]) -> Effect:
            duration = c[3] if len(c) > 3 else None
            return fx.AttributeSet(c[1], c[0], c[2], duration, span=self.b.span(meta))

        # ------------------------------------------------------------ passive sentences
        def play_restriction(self, meta: Any, c: list[Any]) -> Effect:
            return fx.PlayRestriction(c[0], span=self.b.span(meta))

        def attach_restriction(self, meta: Any, c: list[Any]) -> Effect:
            return fx.AttachRestriction(c[0], span=self.b.span(meta))

        def play_condition(self, meta: Any, c: list[Any]) -> Effect:
            return fx.PlayCondition(c[0], c[1], c[2], span=self.b.span(meta))

        def will_not_join(self, meta: Any, c: list[Any]) -> Effect:
            return fx.WillNotJoin(c[0], c[1], span=self.b.span(meta))

        def no_grants(self, meta: Any, c: list[Any]) -> Effect:
            return fx.NoGrants(c[0], tuple(c[1:]), span=self.b.span(meta))

        def grant_abilities(self, meta: Any, c: list[Any]) -> str:
            return "abilities"

        def grant_bonuses(self, meta: Any, c: list[Any]) -> str:
            return "attribute bonuses"

        def grant_penalties(self, meta: Any, c: list[Any]) -> str:
            return "attribute penalties"

        def defeated_when_moved(self, meta: Any, c: list[Any]) -> Effect:
            return fx.DefeatedWhenMoved(c[0], c[1], span=self.b.span(meta))

        def battle_closed(self, meta: Any, c: list[Any]) -> Effect:
            return fx.BattleClosed(span=self.b.span(meta))

        def grant_play(self, meta: Any, c: list[Any]) -> Effect:
            c = _words(c)
            return fx.GrantPlay(c[0], c[1], c[2], span=self.b.span(meta))

        def prohibition(self, meta: Any, c: list[Any]) -> Effect:
            acts = tuple(x for x in c[1:] if isinstance(x, fx.Forbidden))
            return fx.Prohibition(c[0], acts, any(x is True for x in c[1:]), span=self.b.span(meta))

        def forbid_sacrifice(self, meta: Any, c: list[Any]) -> fx.Forbidden:
            return fx.Forbidden("sacrifice", c[0])

        def forbid_attack(self, meta: Any, c: list[Any]) -> fx.Forbidden:
            return fx.Forbidden("attack", c[0])

        def while_control(self, meta: Any, c: list[Any]) -> bool:
            return True

        def cannot_gain(self, meta: Any, c: list[Any]) -> Effect:
            c = _words(c)
            things = tuple(x for x in c[1:] if isinstance(x, str))
            refs = [x for x in c[1:] if not isinstance(x, str)]
            return fx.CannotGain(c[0], things, refs[0] if refs else None, span=self.b.span(meta))

        def gain_experience(self, meta: Any, c: list[Any]) -> str:
            return "experience"

        def level_up(self, meta: Any, c: list[Any]) -> str:
            return "level"

        # ------------------------------------------------------------ triggers
        def trigger(self, meta: Any, c: list[Any]) -> Effect:
            when, event = c[0]
            rest = c[1:]
            instead_of = next(
                (x.value for x in rest if isinstance(x, _Tagged) and x.tag == "instead of"), None
            )
            instead = any(isinstance(x, _Tagged) and x.tag == "instead" for x in rest)
            body = next(x for x in rest if isinstance(x, list))
            return fx.Trigger(when, event, tuple(body), instead_of, instead, span=self.b.span(meta))

        def after(self, meta: Any, c: list[Any]) -> tuple[str, Any]:
            return "after", _words(c)[0]

        def before(self, meta: Any, c: list[Any]) -> tuple[str, Any]:
            return "before", _words(c)[0]

        def at_start(self, meta: Any, c: list[Any]) -> tuple[str, Any]:
            c = _words(c)
            return "at", fx.StepStart(str(c[0]).lower(), len(c) > 1)

        def at_turn_start(self, meta: Any, c: list[Any]) -> tuple[str, Any]:
            return "at", fx.StepStart(fx.TURN, whose=_words(c)[0])

        def at_each_turn_start(self, meta: Any, c: list[Any]) -> tuple[str, Any]:
            return "at", fx.StepStart(fx.TURN)

        def at_game_start(self, meta: Any, c: list[Any]) -> tuple[str, Any]:
            return "at", fx.StepStart(fx.GAME)

        def step_name(self, meta: Any, c: list[Any]) -> Token:
            token: Token = c[0]
            return token

        def active_player_known(self, meta: Any, c: list[Any]) -> bool:
            return True

        def wins_battle(self, meta: Any, c: list[Any]) -> fx.WinsBattle:
            return fx.WinsBattle(c[0])

        def receives_bonus(self, meta: Any, c: list[Any]) -> fx.ReceivesBonus:
            return fx.ReceivesBonus(c[0], tuple(c[1:]))

        def is_defeated(self, meta: Any, c: list[Any]) -> fx.IsDefeated:
            return fx.IsDefeated(c[0])

        def discards(self, meta: Any, c: list[Any]) -> fx.Discards:
            return fx.Discards(c[0], c[1])

        def draws_card(self, meta: Any, c: list[Any]) -> fx.Draws:
            return fx.Draws(_words(c)[0])

        def draws_cards(self, meta: Any, c: list[Any]) -> fx.Draws:
            return fx.Draws(_words(c)[0], one=False)

        def from_event(self, meta: Any, c: list[Any]) -> str:
            return "event"

        def from_ability(self, meta: Any, c: list[Any]) -> str:
            return "ability"

        def instead_of(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("instead of", _words(c)[0])

        def instead(self, meta: Any, c: list[Any]) -> _Tagged:
            return _Tagged("instead", True)

        def conditional(self, meta: Any, c: list[Any]) -> Effect:
            c = _words(c)
            return fx.Conditional(c[0], tuple(c[1]), span=self.b.span(meta))

    return Tx


@dataclass(frozen=True)
class _Tagged:
    """A piece of a phrase with what it is (``quality``, ``kind``, ``from`` …)."""

    tag: str
    value: Any


@dataclass(frozen=True)
class _SubjectBox:
    """The subject of a clause, kept apart from the verb phrases that follow it."""

    value: Any
