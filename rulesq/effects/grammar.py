"""Helpers every card-text grammar shares: loading, sentence splitting, errors in words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rulesq.paths import grammar_dir
from rulesq.spans import Span, line_column

if TYPE_CHECKING:
    from lark import Lark


@cache
def load_grammar(name: str, start: str = "start") -> Lark:
    """The LALR parser of ``grammar/<name>.lark`` (contextual lexer, cached tables)."""
    from rulesq.larkcache import open_parser

    return open_parser(
        grammar_dir() / f"{name}.lark",
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        start=start,
    )


def span_at(text: str, start: int, end: int) -> Span:
    """The span ``[start, end)`` of ``text`` with the line and column of ``start``."""
    line, column = line_column(text, start)
    return Span(start, end, line, column)


_ENDS = ".!?"
_BULLETS = "-\u2013\u2014"


def split_sentences(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` offsets of the sentences of a card text.

    A sentence ends at ``.``, ``!`` or ``?`` followed by a space or the end of the text,
    outside parentheses and quotes; a parenthesised sentence ends at its ``)``. A leading
    bullet dash ("- If I win …") is not part of the sentence.
    """
    out: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        while i < n and (text[i].isspace() or (text[i] in _BULLETS and _bullet(text, i))):
            i += 1
        if i >= n:
            break
        start, depth, quote = i, 0, False
        wrapped = text[i] == "("
        while i < n:
            ch = text[i]
            if ch in '"\u201c\u201d':
                quote = not quote if ch == '"' else ch == "\u201c"
            elif not quote and ch == "(":
                depth += 1
            elif not quote and ch == ")":
                depth = max(0, depth - 1)
                if wrapped and depth == 0:
                    i += 1
                    break
            elif not quote and depth == 0 and ch in _ENDS and (i + 1 == n or text[i + 1].isspace()):
                i += 1
                break
            i += 1
        out.append((start, _rstrip(text, start, i)))
    return out


def _bullet(text: str, i: int) -> bool:
    return i + 1 < len(text) and text[i + 1].isspace()


def _rstrip(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


@dataclass(frozen=True)
class SyntaxProblem:
    """Where a sentence stopped parsing, what was found there and what was expected."""

    offset: int
    found: str
    expected: tuple[str, ...]
    suggestions: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """``unexpected "foo"`` with a "did you mean" when a keyword is close."""
        if not self.found:
            return "unexpected end of sentence"
        text = f"unexpected {self.found}"
        if self.suggestions:
            text += " (did you mean " + " or ".join(f'"{s}"' for s in self.suggestions) + "?)"
        return text


def describe_error(
    error: Exception,
    sentence: str,
    words: Mapping[str, str],
    groups: Iterable[tuple[frozenset[str], str]] = (),
) -> SyntaxProblem:
    """Turn a Lark parse error into a :class:`SyntaxProblem` with expectations in words.

    ``words`` maps terminal names to words (``CARD`` -> ``"card"``); a terminal not in it is
    shown as its name in lower case, in double quotes, as a situation's errors show a word to
    type and the word found. ``groups`` replace a set of
    terminals that are all expected by one phrase ("a card type").
    """
    import difflib

    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    from rulesq.errors import quoted, unquoted

    offset = len(sentence)
    expected: set[str] = set()
    found = ""
    if isinstance(error, UnexpectedToken):
        offset = error.token.start_pos if error.token.start_pos is not None else len(sentence)
        expected = set(error.accepts or error.expected)
        if error.token.type != "$END":
            found = quoted(_word_at(sentence, offset))
    elif isinstance(error, UnexpectedCharacters):
        offset = error.pos_in_stream if error.pos_in_stream is not None else 0
        expected = set(error.allowed or ())
        found = quoted(_word_at(sentence, offset))
    elif isinstance(error, UnexpectedEOF):
        expected = set(error.expected)
    keywords = {n.lower() for n in expected if n.isalpha() and n not in words}
    for members, _ in groups:
        if members & expected:
            keywords |= {n.lower() for n in members if n.isalpha() and n not in words}
    word = unquoted(found).lower()
    close = tuple(difflib.get_close_matches(word, sorted(keywords), n=2, cutoff=0.75))
    return SyntaxProblem(offset, found, tuple(expected_words(expected, words, groups)), close)


def expected_words(
    names: Iterable[str],
    words: Mapping[str, str],
    groups: Iterable[tuple[frozenset[str], str]] = (),
) -> list[str]:
    """Terminal names as words, grouped and sorted, without repeats."""
    left = set(names) - {"WS"}
    out: list[str] = []
    for members, phrase in groups:
        if members <= left:
            left -= members
            out.append(phrase)
    out += [words.get(name, f'"{name.lower()}"') for name in left]
    return sorted(dict.fromkeys(out), key=lambda w: (w.startswith('"'), w))


def _word_at(text: str, offset: int) -> str:
    end = offset
    while (
        end < len(text)
        and not text[end].isspace()
        and (end == offset or text[end].isalnum() or text[end] in "'-/")
    ):
        end += 1
    return text[offset:end] or text[offset : offset + 1]
