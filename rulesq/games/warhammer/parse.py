"""Read Warhammer card text with ``grammar/warhammer.lark``, one sentence at a time.

A sentence the grammar does not accept (a word of no class) or whose phrases the reader
cannot type becomes an ``Unparsed`` node naming the unread words: never dropped, never
guessed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from rulesq.effects.base import Effect, Unparsed
from rulesq.errors import quoted
from rulesq.games.warhammer.effects import (
    Ability,
    Clause,
    Keyword,
    Reminder,
    WarhammerParsedText,
)
from rulesq.games.warhammer.reader import Item, NotRead, read_sentence, tokens
from rulesq.paths import grammar_dir
from rulesq.spans import Span

if TYPE_CHECKING:
    from lark import Lark

    from rulesq.effects.textcache import TextCache


@cache
def parser() -> Lark:
    """The Warhammer card-text parser (LALR, built once and cached on disk)."""
    from rulesq.larkcache import open_parser

    return open_parser(grammar_dir() / "warhammer.lark", parser="lalr", lexer="basic")


def sentences(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each sentence.

    A full stop outside parentheses and quotes ends one (and a closing parenthesis right
    after it belongs to it).
    """
    out: list[tuple[int, int]] = []
    depth, quoted, start = 0, False, None
    i = 0
    while i < len(text):
        ch = text[i]
        if start is None and not ch.isspace():
            start = i
        if ch in '"\u201c\u201d':
            quoted = not quoted if ch == '"' else ch == "\u201c"
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
            if (
                depth == 0
                and start is not None
                and text[i - 1 : i] == "."
                and text[i + 1 : i + 3].strip()[:1].isupper()
            ):  # "(Limit once per turn.) Action:"
                out.append((start, i + 1))
                start, i = None, i + 1
                continue
        if (
            start is not None
            and ch in ".!"
            and depth == 0
            and not quoted
            and (
                i + 1 == len(text)
                or text[i + 1].isspace()
                or text[i + 1] in "\"')"
                or text[i + 1].isupper()
            )
        ):
            end = i + 1
            while end < len(text) and text[end] in ')"':
                end += 1
            out.append((start, end))
            start, i = None, end
            continue
        i += 1
    if start is not None and text[start:].strip():
        out.append((start, len(text.rstrip())))
    return out


def _span(text: str, start: int, end: int) -> Span:
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return Span(start, end, line, column)


@lru_cache(maxsize=2048)
def parse_card_text(text: str) -> WarhammerParsedText:
    """Read a Warhammer text into effects (``Unparsed`` for sentences not understood).

    The result is immutable, so a text read once in a process is not read again; a corpus
    card's text, or an inline text read before, comes from disk (``rulesq.effects.textcache``).
    """
    stored = _corpus_texts().parse(text)
    return stored if isinstance(stored, WarhammerParsedText) else read_card_text(text)


@cache
def _corpus_texts() -> TextCache:
    from pathlib import Path

    from rulesq.effects.textcache import for_game

    return for_game("warhammer", Path(__file__).parent, read_card_text)


#: The grammar's terminals in words, for what a sentence not read expected: the word classes
#: first, then punctuation (``expected one of: a verb …``, never ``BANG, COLON``).
_SAID = {
    "VERB": "a verb the reader knows",
    "WORD": "a rules word the reader knows",
    "ZONE": "a zone (kingdom, quest, battlefield)",
    "NAME": "a capitalised name",
    "ICON": "an icon ([Dwarf])",
    "NON": 'a "non-" word',
    "QUOTED": "a quoted text",
    "INT": "a number",
    "NUMBER_WORD": "a number word",
    "SIGNED": "a signed number (+1)",
    "ORDINAL": "an ordinal (1st)",
    "X": '"X"',
    "HEADER": 'an ability header ("Action:")',
    "COLON": '":"',
    "COMMA": '","',
    "PERIOD": '"."',
    "BANG": '"!"',
    "LPAR": '"("',
    "RPAR": '")"',
}


def expected_words(names: Iterable[str]) -> tuple[str, ...]:
    """What the grammar expected, in words, in the order of :data:`_SAID` (others after)."""
    order = list(_SAID)
    given = set(names)
    known = sorted(given & set(_SAID), key=order.index)
    other = sorted({f'"{n.lower()}"' for n in given - set(_SAID) if n.isalpha()})
    return tuple(_SAID[n] for n in known) + tuple(other)


@lru_cache(maxsize=4096)
def _words(sentence: str) -> tuple[Item, ...]:
    """A sentence's words as the grammar reads them; lark's UnexpectedInput if it does not read.

    Read once per distinct sentence: a third of the pool's sentences recur on other cards.
    """
    return tuple(tokens(parser().parse(sentence)))


def _reminder_after(out: list[Effect], sentence: str) -> bool:
    """Whether a sentence is reminder text: wholly in parentheses, after a sentence read.

    "(Play restrictions must still be observed.)" after an Action restates the rules.
    """
    inner = sentence.strip()
    return (
        inner.startswith("(")
        and inner.endswith(")")
        and "(" not in inner[1:]
        and bool(out)
        and isinstance(out[-1], (Ability, Clause, Keyword))
    )


def read_card_text(text: str) -> WarhammerParsedText:
    """Read a Warhammer text with the grammar (:func:`parse_card_text` keeps the result)."""
    from lark.exceptions import UnexpectedInput

    out: list[Effect] = []
    for start, end in sentences(text):
        sentence = text[start:end]
        span = _span(text, start, end)
        try:
            words = _words(sentence)
        except UnexpectedInput as error:
            if _reminder_after(out, sentence):
                # Reminder text after an ability restates the rules: its words, no effect
                out.append(Reminder(tuple(sentence.strip()[1:-1].split()), span=span))
                continue
            pos = getattr(error, "pos_in_stream", None) or 0
            # the word not read, without the stop or comma after it ("plenty", not "plenty.")
            unread = [word.rstrip(".,;:!") or word for word in sentence[pos:].split()[:1]]
            expected = expected_words(  # plain strings (lark may give its Tokens)
                str(name)
                for name in getattr(error, "expected", None)
                or getattr(error, "allowed", None)
                or ()
            )
            out.append(
                Unparsed(
                    sentence,
                    f"no word class reads {quoted(' '.join(unread))}",
                    start + pos,
                    expected,
                    span=span,
                )
            )
            continue
        try:
            out += read_sentence(list(words), span)
        except NotRead as why:
            out.append(Unparsed(sentence, str(why), start, span=span))
    return WarhammerParsedText(text, tuple(out))
