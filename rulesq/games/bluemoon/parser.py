"""Parse a Blue Moon special power text: split it, parse each sentence, assemble effects."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from rulesq.effects.base import Effect, ParsedText, Unparsed
from rulesq.effects.grammar import describe_error, load_grammar, span_at, split_sentences
from rulesq.effects.textcache import TextCache, for_game
from rulesq.games.bluemoon import effects as fx
from rulesq.spans import Span

if TYPE_CHECKING:
    from lark import Lark

    from rulesq.games.bluemoon.reader import Continuation

GRAMMAR = "bluemoon"
#: The start of the reason given when the reader itself failed on a sentence.
INTERNAL = "internal error while reading this sentence"

#: Terminals shown as words in "expected …" (keywords show as themselves, quoted).
WORDS: dict[str, str] = {
    "PERIOD": '"."',
    "COMMA": '","',
    "COLON": '":"',
    "LPAR": '"("',
    "RPAR": '")"',
    "SLASH": '"/"',
    "PLUS": '"+"',
    "DASH": '"-"',
    "COMMA_EXCEPT": '", except"',
    "A": '"a"',
    "I": '"I"',
    "NAME": "a card or family name (capitalised)",
    "ICON_NAME": "an icon in capitals (like PROTECTED)",
    "QUOTED": "a quoted card name",
    "COLOUR": "a dragon colour",
    "INT": "a number",
    "NUMBER_WORD": "a number",
    "$END": "the end of the sentence",
}

#: Sets of terminals said as one phrase when all of them are expected.
GROUPS: tuple[tuple[frozenset[str], str], ...] = (
    (
        frozenset(
            {
                "CHARACTER",
                "BOOSTER",
                "SUPPORT",
                "LEADERSHIP",
                "MUTANT",
                "INTERFERENCE",
                "INFLUENCE",
                "CRYSTAL",
                "SHIP",
                "BLUFF",
            }
        ),
        "a card type",
    ),
    (frozenset({"INT", "NUMBER_WORD"}), "a number"),
    (frozenset({"FIRE", "EARTH"}), "an element (Fire or Earth)"),
    (frozenset({"MY", "YOUR", "OUR"}), '"my", "your" or "our"'),
    (frozenset({"I", "YOU", "WE"}), '"I", "you" or "we"'),
)


def parser() -> Lark:
    """The Blue Moon sentence parser (loaded once, tables cached by Lark)."""
    return load_grammar(GRAMMAR)


@lru_cache(maxsize=1024)
def parse_card_text(text: str) -> ParsedText:
    """Read a special power text: every sentence becomes an effect or an ``Unparsed``.

    The result is immutable, so a text read once in a process is not read again; a corpus
    card's text, or an inline text read before, comes from disk (``rulesq.effects.textcache``).
    """
    return _corpus_texts().parse(text)


@lru_cache(maxsize=1)
def _corpus_texts() -> TextCache:
    from pathlib import Path

    return for_game("bluemoon", Path(__file__).parent, read_card_text)


def read_card_text(text: str) -> ParsedText:
    """Read a special power text with the grammar (:func:`parse_card_text` keeps the result)."""
    lark = parser()
    effects = [_sentence(lark, text, start, end) for start, end in split_sentences(text)]
    return ParsedText(text, tuple(_assemble(effects, text)))


def _sentence(lark: Lark, text: str, start: int, end: int) -> Effect:
    # The reader (and Lark) is imported only when a text is read: corpus texts usually come
    # from disk.
    from lark.exceptions import UnexpectedInput, VisitError

    from rulesq.games.bluemoon.build import build_effect
    from rulesq.games.bluemoon.reader import Reader, ReadError

    sentence = text[start:end]
    span = span_at(text, start, end)
    try:
        tree = lark.parse(sentence)
    except UnexpectedInput as error:
        problem = describe_error(error, sentence, WORDS, GROUPS)
        return Unparsed(
            sentence, problem.message, start + problem.offset, problem.expected, span=span
        )

    try:
        effect: Effect = Reader(text, start, build_effect).transform(tree)
    except VisitError as error:
        cause = error.orig_exc
        if isinstance(cause, ReadError):
            return Unparsed(sentence, str(cause), span=span)
        # A reader bug must not become a traceback or a guess: the sentence is not understood.
        return Unparsed(sentence, f"{INTERNAL}: {type(cause).__name__}: {cause}", span=span)
    return effect


def _assemble(effects: list[Effect], text: str) -> list[Effect]:
    """Merge "Then …" into the sentence before; an interference trigger takes what follows."""
    from rulesq.games.bluemoon.reader import Continuation

    out: list[Effect] = []
    for effect in effects:
        if isinstance(effect, Continuation):
            out.append(_continue(out, effect, text))
        elif (
            out
            and isinstance(out[-1], fx.InterferenceTrigger)
            and not isinstance(effect, Unparsed | fx.NoEffectIfOpposed)
        ):
            trigger = out[-1]
            out[-1] = replace(
                trigger,
                effects=trigger.effects + (effect,),
                span=_union(trigger.span, effect.span, text),
            )
        else:
            out.append(effect)
    return out


def _continue(out: list[Effect], more: Continuation, text: str) -> Effect:
    """The previous effect with the continuation's clauses added, or an ``Unparsed``."""
    trigger = out[-1] if out else None
    if isinstance(trigger, fx.InterferenceTrigger) and trigger.effects:
        out.pop()
        last = _continue([trigger.effects[-1]], more, text)
        if isinstance(last, Unparsed):
            out.append(trigger)
            return last
        return replace(
            trigger,
            effects=trigger.effects[:-1] + (last,),
            span=_union(trigger.span, more.span, text),
        )
    if out and isinstance(out[-1], fx.ActionEffect):
        prev = out.pop()
        assert isinstance(prev, fx.ActionEffect)
        return replace(prev, dos=prev.dos + more.dos, span=_union(prev.span, more.span, text))
    return Unparsed(
        more.span.of(text),
        '"Then …" continues a sentence in which players act, and the sentence before is not one',
        span=more.span,
    )


def _union(first: Span, second: Span, text: str) -> Span:
    return span_at(text, min(first.start, second.start), max(first.end, second.end))
