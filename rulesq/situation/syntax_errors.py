"""Syntax errors for humans: what was expected in words, a label for common slips, a hint."""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from rulesq.errors import InputError, did_you_mean, quoted, unquoted
from rulesq.spans import text_lines

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput

#: Named terminals in words (keywords show as themselves, in quotes).
TERMINAL_WORDS: dict[str, str] = {
    "STRING": 'a quoted name or text, like "Card Name"',
    "INT": "a number",
    "NAME": "a word",
    "_NL": "the end of the line",
    "SOURCE_REF": "a clause id or alias",
    "PHASE": "the name of a phase",
    "STEP": 'a ladder step (e.g. "you may not") or a clause id',
    "REASON": 'a quoted card name the reason names, or words it holds (e.g. "whose turn it is")',
    "$END": "the end of the text",
    "SIGNED_NUMBER": "a bonus or penalty such as +2 or -1",
    "PERIOD": '"battle", "search phase" or "turn"',
    "ORIGIN": '"an event", "an activated ability", "a passive ability" or "its own text"',
}

#: Keywords that read as a placeholder in a list of words ("I", "X", "ask"): said with the
#: form they begin (FMA's ``X is 3 for "Card"``, the X its player chose).
KEYWORD_WORDS: dict[str, str] = {
    "X": '"X" (as in: X is 3 for "Card Name")',
}

#: Malformed samples of the shared language, by the message that explains them. Lark's
#: ``match_examples`` finds the sample whose parser state matches the error.
#: Labels in ``EXACT`` apply only when the offending word is the sample's own.
MALFORMED: dict[str, list[str]] = {
    "a question ends with a question mark": [
        'ask can I play "X"\n',
        'ask what does "X" read\n',
        'ask can I retrieve "X"\n',
        "ask is my deck legal\n",
    ],
    'card names go in double quotes, e.g. "Card Name"': [
        "I play X\n",
        "I have active X\n",
        "you have active X\n",
        "ask can I play X?\n",
        "ask what does X read?\n",
        "I have in hand X\n",
    ],
    "an expect line needs the call: yes, no, a number, quoted names or a quoted text, "
    '"decided by" and a ladder step, "because" and a quoted card name, or "cannot answer"': [
        "expect\n",
        "expect decided\n",
        "expect because\n",
        "expect because X\n",
        "expect cannot\n",
    ],
    'values and icons go in parentheses after the card name, e.g. "Card Name" (fire 2, earth 3)': [
        'I have active "X" fire 2\n',
        'I play "X" fire 2\n',
        'I have active "X" fire\n',
    ],
    'separate cards with commas: "A", "B"': [
        'I have active "A" "B"\n',
        'I play "A" "B"\n',
        'you have active "A" "B"\n',
        'my deck has 3 "A" "B"\n',
        'my deck has 3 "A" 1 "B"\n',
    ],
    "a value is a name then a number, e.g. (fire 2)": [
        'I have active "X" (2 fire)\n',
        'I have active "X" (2)\n',
    ],
    'a question starts with "ask"': [
        'can I play "X"?\n',
        'what does "X" read?\n',
        "is my deck legal?\n",
        "how many cards do I draw?\n",
        "who wins the battle?\n",
        "which characters may the defending player defeat?\n",
        "must I retreat?\n",
        "does my deck obey the restricted and banned lists?\n",
    ],
    "one statement per line": [
        'I play "X" I play "Y"\n',
        'ask can I play "X"? expect no\n',
        "ask is my deck legal? expect no\n",
    ],
}

EXACT = frozenset({'a question starts with "ask"'})

#: Labels about values, told only when the word found is a value's name or number.
VALUE_LABELS = frozenset(
    {
        'values and icons go in parentheses after the card name, e.g. "Card Name" '
        "(fire 2, earth 3)",
        "a value is a name then a number, e.g. (fire 2)",
    }
)

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_ALTERNATION = re.compile(r"^\(\?:([A-Za-z |]+)\)$")


def bare_terminal(name: str) -> str:
    """A terminal name without Lark's import namespace (``_situation__NL`` -> ``_NL``)."""
    if "__" not in name.strip("_"):
        return name
    return ("_" if name.startswith("_") else "") + name.rsplit("__", 1)[-1]


def describe_terminal(name: str, parser: Lark) -> str:
    """A terminal in words: keywords quoted as written, named terminals described."""
    term = next((t for t in parser.terminals if t.name == name), None)
    if term is not None and term.pattern.type == "str":
        value = term.pattern.value
        return KEYWORD_WORDS.get(value, f'"{value}"')
    bare = bare_terminal(name)
    if bare in TERMINAL_WORDS:
        return TERMINAL_WORDS[bare]
    if term is not None:
        words = _ALTERNATION.match(term.pattern.value)
        if words:
            return " or ".join(f'"{w}"' for w in words.group(1).split("|"))
    return bare.strip("_").lower().replace("_", " ") or "something else"


def _is_value_word(word: str, parser: Lark) -> bool:
    """Whether a word may begin a value: a number, or a word of a choice (fire, an icon)."""
    return word.isdigit() or any(word.lower() in words for words in word_classes(parser))


def word_classes(parser: Lark) -> tuple[frozenset[str], ...]:
    """The words of each terminal that is a choice of words (fire or earth; the icons)."""
    classes = []
    for term in parser.terminals:
        words = _ALTERNATION.match(term.pattern.value)
        if words and term.pattern.type == "re":
            classes.append(frozenset(w.lower() for w in words.group(1).split("|")))
    return tuple(classes)


def keywords_of(parser: Lark) -> frozenset[str]:
    """Every plain word the grammar reads as a keyword (lower case), in any rule."""
    return frozenset(
        t.pattern.value.lower()
        for t in parser.terminals
        if t.pattern.type == "str" and _WORD.fullmatch(t.pattern.value)
    )


def _keywords(names: set[str], parser: Lark) -> list[str]:
    """The plain-word keywords among the expected terminals."""
    by_name = {t.name: t for t in parser.terminals}
    return [
        by_name[n].pattern.value
        for n in names
        if n in by_name
        and by_name[n].pattern.type == "str"
        and _WORD.fullmatch(by_name[n].pattern.value)
    ]


def friendly_error(
    error: UnexpectedInput, parser: Lark, body: str, source: str, text: str
) -> InputError:
    """Turn Lark's error into an ``InputError``: place, label, expected words, hint."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    expected_names: set[str] = set()
    if isinstance(error, UnexpectedToken):
        # Lark's ``accepts`` is exact but skips namespaced terminals (``situation__INT``),
        # which only ``expected`` lists.
        accepts = set(error.accepts or ())
        expected_names = (accepts | {n for n in error.expected if not n.isupper()}) - {"$END"}
    elif isinstance(error, UnexpectedCharacters):
        expected_names = set(error.allowed or ())
    line, column = _place(error, body)
    found = _found(error, body)
    column, whole = _word_start(body, line, column)
    whole = whole or _word_begun(body, line, column, found)
    if whole:
        found = quoted(whole)
    expected = sorted(
        {describe_terminal(n, parser) for n in expected_names},
        key=lambda w: (not w.startswith('"'), w),
    )
    label = _token_label(body, line, column, expected_names) or _label(error, parser, body, line)
    if label in VALUE_LABELS and not _is_value_word(whole or unquoted(found), parser):
        label = None  # "on my turn" after a card is no value written without parentheses
    message = label or f"unexpected {found.removeprefix('the ')}"  # "unexpected end of the line"
    if label == UNCLOSED_QUOTE:  # the quote as typed: quoted again, it would read \"Name
        message = _unclosed(body, line, column)
    elif label:
        message = f"{label} (found {found})"
    hint = _hint(error, body, expected_names, parser)
    return InputError(message, source, text, line, column, expected=expected, suggestion=hint)


#: Labels whose message alone says what is wrong; no other game's language is suggested.
UNCLOSED_QUOTE = "the quoted name or text is not closed"
NEGATIVE_NUMBER = "a number here is 0 or more"
_OPENING_QUOTES = {'"': '"', "\u201c": "\u201d"}


def _token_label(body: str, line: int, column: int, expected: set[str]) -> str | None:
    """A label read off the text at the error: an unclosed quote or a negative number."""
    lines = text_lines(body)
    if not 0 < line <= len(lines):
        return None
    rest = lines[line - 1][column - 1 :]
    closing = _OPENING_QUOTES.get(rest[:1])
    if closing is not None and closing not in rest[1:].replace('\\"', ""):
        return UNCLOSED_QUOTE
    wants_number = any(bare_terminal(n) == "INT" for n in expected)
    if wants_number and re.match(r"-\d", rest):
        return NEGATIVE_NUMBER
    return None


def _unclosed(body: str, line: int, column: int) -> str:
    """An unclosed quote's message: the name or text as typed, from its opening quote on."""
    typed = text_lines(body)[line - 1][column - 1 :].rstrip()
    if len(typed) > 40:
        typed = typed[:39] + "…"
    return f"{UNCLOSED_QUOTE}: {typed} has no closing quote (add it where the name or text ends)"


def _place(error: UnexpectedInput, body: str) -> tuple[int, int]:
    line = getattr(error, "line", -1)
    column = getattr(error, "column", -1)
    lines = text_lines(body) or [""]
    if line is None or line < 1:
        return len(lines), len(lines[-1]) + 1
    if line <= len(lines):  # never past the line's end: a comment may take its "\r" (CRLF)
        column = min(column, len(lines[line - 1]) + 1)
    return line, max(column, 1)


def _word_start(body: str, line: int, column: int) -> tuple[int, str | None]:
    """The column of the word the error falls inside, and that word (None when at its start).

    The lexer may split a misspelt word after a keyword it begins with ("actve" read as "a"
    then "ctve"): the caret goes under the whole word.
    """
    lines = body.splitlines()
    if not 0 < line <= len(lines):
        return column, None
    text = lines[line - 1]
    start = column - 1
    if not (0 < start < len(text) and text[start].isalpha() and text[start - 1].isalpha()):
        return column, None
    while start > 0 and (text[start - 1].isalpha() or text[start - 1] in "'-"):
        start -= 1
    match = _WORD.match(text, start)
    return start + 1, match.group(0) if match else None


def _word_begun(body: str, line: int, column: int, found: str) -> str | None:
    """The word at ``column`` when the token found is only its beginning, else None.

    The lexer may take a keyword off the front of a word ("attack" read as "a" then "ttack"):
    the error names the word typed, not the keyword (``unexpected "attack"``, not ``"a"``).
    """
    token = unquoted(found)
    lines = body.splitlines()
    if not token[:1].isalpha() or not 0 < line <= len(lines):
        return None
    match = _WORD.match(lines[line - 1], column - 1)
    word = match.group(0) if match else ""
    return word if len(word) > len(token) and word.startswith(token) else None


def _found(error: UnexpectedInput, body: str) -> str:
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(error, UnexpectedToken):
        token = error.token
        if bare_terminal(token.type) in ("_NL", "$END"):
            return "the end of the line"
        if bare_terminal(token.type) == "STRING":
            return str(token)  # quoted as written: unexpected "Card", not "\"Card\""
        return quoted(str(token))
    if isinstance(error, UnexpectedCharacters):
        position = error.pos_in_stream or 0
        word = _WORD.match(body, position)
        if word:
            return quoted(word.group(0))
        return quoted(body[position])
    return "the end of the text"


def _label(error: UnexpectedInput, parser: Lark, body: str, line: int) -> str | None:
    """The message of the malformed sample that fails like this line does, or None.

    The line is parsed on its own, so that its parser state compares equal to the
    samples' (which are single lines at the start of a text).
    """
    from lark.exceptions import UnexpectedInput

    lines = text_lines(body)
    if not 0 < line <= len(lines):
        return None
    try:
        parser.parse(lines[line - 1] + "\n")
    except UnexpectedInput as alone:
        loose = {k: v for k, v in MALFORMED.items() if k not in EXACT}
        try:
            label = _exact_label(alone, parser) or alone.match_examples(
                parser.parse, loose, use_accepts=True, token_type_match_fallback=True
            )
        except Exception:  # noqa: BLE001 - a label is a nicety; never fail on it
            return None
        return str(label) if label else None
    return None


def _exact_label(error: UnexpectedInput, parser: Lark) -> str | None:
    """An ``EXACT`` label whose sample fails on the very same word in the same state."""
    from lark.exceptions import UnexpectedInput, UnexpectedToken

    if not isinstance(error, UnexpectedToken):
        return None
    for label in EXACT:
        for sample in MALFORMED[label]:
            try:
                parser.parse(sample)
            except UnexpectedInput as other:
                if (
                    isinstance(other, UnexpectedToken)
                    and other.state == error.state
                    and str(other.token) == str(error.token)
                ):
                    return label
    return None


def _hint(error: UnexpectedInput, body: str, expected: set[str], parser: Lark) -> str | None:
    """``Did you mean "ask"?`` for a misspelt keyword, else None."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(error, UnexpectedToken):
        word = str(error.token)
    elif isinstance(error, UnexpectedCharacters):
        match = _WORD.match(body, error.pos_in_stream or 0)
        word = match.group(0) if match else ""
    else:
        return None
    if not _WORD.fullmatch(word) or _plain_word(word, parser):
        return None
    keywords = _keywords(expected, parser)
    choices = {w.lower(): w for w in _choice_words(expected, parser)}
    close = difflib.get_close_matches(word.lower(), [*keywords, *choices], n=2, cutoff=0.6)
    return did_you_mean([choices.get(c, c) for c in close])


def _plain_word(word: str, parser: Lark) -> bool:
    """Whether ``word`` is a common English word the language has no use for.

    Such a word is the judge's own wording, not a misspelt keyword: FMA's ``how`` is not
    "who". A word of the language may be a slip for another (``pay`` for ``play``).
    """
    from rulesq.corpus.query import query_words

    lowered = word.lower()
    return lowered in query_words().stop_words and lowered not in keywords_of(parser)


def _choice_words(names: set[str], parser: Lark) -> list[str]:
    """The words of the expected terminals that are a choice of words (fire or earth)."""
    out: list[str] = []
    for term in parser.terminals:
        words = _ALTERNATION.match(term.pattern.value) if term.name in names else None
        if words and term.pattern.type == "re":
            out += words.group(1).split("|")
    return out
