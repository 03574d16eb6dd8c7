"""Errors a user can meet, each rendered for humans: where, what was expected, a suggestion."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache


class RulesqError(Exception):
    """Base of every error rulesq reports to a user (exit code 2, never a traceback)."""

    def render(self) -> str:
        """The message as the command line prints it (control characters escaped)."""
        return f"error: {escape_controls(str(self))}"

    def to_dict(self) -> dict[str, object]:
        """The message as ``--json`` prints it."""
        return {"error": str(self)}


def warning_line(message: str) -> str:
    """``warning: message``, as every warning is printed (as an error is ``error: message``).

    Control characters are shown escaped, as in an error's message.
    """
    return f"warning: {escape_controls(message)}"


def lowered(message: str) -> str:
    """``message`` worded as rulesq's errors are: its first word in lower case.

    A first word written in capitals throughout is a name (``NAME``, ``RULESQ_CACHE_DIR``),
    and is kept.
    """
    word = message.split(" ", 1)[0]
    if not word[:1].isupper() or word.isupper():
        return message
    return message[:1].lower() + message[1:]


#: Characters never printed as they are: C0 and C1 controls (but newline and tab), and the
#: line separators and bidirectional controls that reorder or break a terminal's line; and
#: the spaces that are not the plain space, and the invisible characters (a no-break space, a
#: zero-width space, a byte-order mark), that a text copied from a page brings in: shown as
#: they are, a line that holds one reads the same as the form it fails to match.
_INVISIBLE = "\xa0\xad\u1680\u180e\u2000-\u200f\u202f\u205f-\u2064\u3000\ufeff"
_CONTROL_CLASS = f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069{_INVISIBLE}]"


# Both compiled on first use: ``re`` compiles a class of ranges beyond ASCII in Python, about
# 2.5 M instructions each, and a check whose texts are all printable needs neither.
@cache
def _controls() -> re.Pattern[str]:
    """The characters :func:`escape_controls` escapes (none of them printable)."""
    return re.compile(_CONTROL_CLASS)


@cache
def _invisibles() -> re.Pattern[str]:
    """The odd spaces and invisible characters a copied text brings in."""
    return re.compile(f"[{_INVISIBLE}]")


def escape_controls(text: str) -> str:
    """``text`` with control characters shown as escapes (ESC as backslash x1b)."""
    if text.isprintable():  # every character escaped is unprintable (a test checks each)
        return text
    return _controls().sub(lambda m: _escape(m.group()), text)


def _escape(character: str) -> str:
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def suggest(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """The closest candidates to ``word`` (case-insensitive), best first.

    The word is compared in its compatible form (NFKC): full-width letters, ligatures and
    the like, which an input method or a page may give, find the name they spell.
    """
    import difflib  # only when an error is told: not loaded by every command
    import unicodedata

    word = unicodedata.normalize("NFKC", word)
    pool = list(dict.fromkeys(candidates))
    by_lower: dict[str, str] = {}
    for name in pool:
        by_lower.setdefault(name.lower(), name)
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=limit, cutoff=0.6)
    if not close:
        contains = [n for n in pool if word.lower() in n.lower()]
        return contains[:limit]
    return [by_lower[c] for c in close]


def suggest_labelled(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """``suggest`` over names labelled ``Name (label)``: the label is kept but not compared.

    A name that begins with the word, or holds it as a whole word, comes first (a first name
    finds the card before a name merely spelt alike).
    """
    labelled: dict[str, str] = {}
    for candidate in candidates:
        bare = candidate.rsplit(" (", 1)[0]
        labelled.setdefault(bare, candidate)
    key = word.casefold().strip()
    words = [n for n in labelled if key and key in n.casefold().split()]
    starts = [n for n in labelled if key and n.casefold().startswith(key)]
    close = suggest(word, labelled, limit)
    ranked = list(dict.fromkeys([*starts, *words, *close]))[:limit]
    return [labelled[n] for n in ranked]


def quoted(text: str) -> str:
    r"""``text`` in double quotes, as a message quotes every word, name or line it shows.

    What was found, what was given and what to type are quoted alike (``unexpected "is"``,
    ``unknown card "Y"``, ``Did you mean "X"?``); a double quote inside is
    written ``\"``, as a situation writes one inside a quoted name.
    """
    return '"' + text.replace('"', '\\"') + '"'


def os_reason(error: OSError) -> str:
    """Why the system refused, in lower case, as a message goes on after its colon.

    ``cannot write out.md: no such file or directory``, not the system's ``No such …``.
    """
    said = str(error.strerror or error)
    return said[:1].lower() + said[1:]


def line_named(text: str, line: int) -> str:
    """A situation's line as a message names it: ``line 3 (I play "X")``.

    Its number, then its text in parentheses with its own quotes, never in quotes of its own
    (``"I play "X""`` read as two quoted texts).
    """
    return f"line {line} ({text.strip()})"


def unquoted(found: str) -> str:
    """The text :func:`quoted` quoted, or ``""`` when ``found`` is no quoted text."""
    if len(found) < 2 or found[0] != '"' or found[-1] != '"':
        return ""
    return found[1:-1].replace('\\"', '"')


def typed(words: Iterable[str]) -> list[str]:
    """Words to type, as an error's ``expected`` list shows them: each in double quotes.

    A syntax error's list quotes its keywords (``expected "earth" or "fire"``); a word the
    game checks after the grammar (a card type, a value, a phase) reads the same.
    """
    return [f'"{word}"' for word in words]


def either(options: Sequence[str]) -> str:
    """``"A", "B" or "C"``: the options, each in double quotes, as what to type."""
    quoted = [f'"{o}"' for o in options]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def did_you_mean(options: Sequence[str]) -> str | None:
    """``Did you mean "A" or "B"?`` for a list of suggestions, or None."""
    if not options:
        return None
    return f"Did you mean {either(options)}?"


#: The longest name quoted whole in a message.
_LONGEST_NAME = 80
#: Candidates listed in full, when no close name is found, if there are at most this many.
_LISTED = 5


class UnknownNameError(RulesqError):
    """A name (card, game, clause id) that is not known, with the closest known names."""

    def __init__(
        self,
        kind: str,
        name: str,
        candidates: Iterable[str],
        note: str | None = None,
        labelled: bool = False,
    ) -> None:
        self.kind = kind
        self.name = name
        pool = list(dict.fromkeys(candidates))
        if len(name) > _LONGEST_NAME:  # a name that long matches nothing: shown cut
            name = name[: _LONGEST_NAME - 1] + "…"
        if not name.strip():
            self.suggestions: list[str] = []
            message = f"no {kind} name given: the name is empty."
        else:
            shown = suggest_labelled(name, pool) if labelled else suggest(name, pool)
            self.suggestions = [s.rsplit(" (", 1)[0] for s in shown] if labelled else shown
            hint = did_you_mean(self.suggestions)
            if labelled and shown:  # "Name" (game): the game outside the quotes
                named = [f'"{s.rsplit(" (", 1)[0]}" ({s.rsplit(" (", 1)[1]}' for s in shown]
                hint = (
                    "Did you mean "
                    + (named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1])
                    + "?"
                )
            message = f"unknown {kind} {quoted(name)}." + (f" {hint}" if hint else "")
        if not self.suggestions and 0 < len(pool) <= _LISTED:
            message += f" Known {kind}s: {', '.join(map(quoted, pool))}."
        if note:
            message += f" {note}"
        super().__init__(message)

    def to_dict(self) -> dict[str, object]:
        """The message and the suggestions, for ``--json``."""
        return {
            "error": str(self),
            "kind": self.kind,
            "name": shorten(self.name, _LONGEST_NAME),  # bound as the message shows it
            "suggestions": self.suggestions,
        }


@dataclass
class InputError(RulesqError):
    """Bad input at a place in a text: file, line and column, with a caret under the spot."""

    message: str
    source: str = "<input>"
    text: str = ""
    line: int = 1
    column: int = 1
    expected: list[str] = field(default_factory=list)
    suggestion: str | None = None
    #: The complete forms of the language most like the line (a syntax error's).
    nearest: list[str] = field(default_factory=list)
    #: Where every form is listed (``rulesq forms --game G``), with ``nearest``.
    forms_hint: str | None = None
    #: The words of the line no form says (not misspelt: the language has no such form).
    unsaid: list[str] = field(default_factory=list)
    #: The game whose forms ``unsaid`` are said of (its title).
    language: str = ""

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message

    def source_line(self) -> str:
        """The line of the input the error points into."""
        from rulesq.spans import text_line

        return text_line(self.text, self.line)

    def render(self) -> str:
        """``file:line:col: error: message``, the line, a caret, expected and a hint."""
        out = [
            escape_controls(
                f"{self.source}:{self.line}:{self.column}: error: "
                f"{shorten(self.message, LONGEST_MESSAGE)}"
            )
        ]
        # the window is cut from the line as shown: a control character shows as four
        # (\x00), and a line of them was four times the width of the window
        raw = self.source_line()
        shown, at = window(escape_controls(raw), len(escape_controls(raw[: self.column - 1])) + 1)
        out.append(f"  {shown}".rstrip() if shown.strip() else "  (empty line)")
        column = at if shown.strip() else 1
        out.append("  " + " " * (column - 1) + "^")
        import sys

        from rulesq.width import columns  # where errors are shown

        width = columns(sys.stderr)
        if self.expected:
            out.append(_expected(self.expected, width))
        if self.suggestion and not self._said_by_nearest():
            from rulesq.width import wrap  # a hint of several sentences: wrapped

            hint = escape_controls(shorten(self.suggestion, LONGEST_MESSAGE))
            out.append(wrap(hint, "", width=width))
        if self.unsaid:
            from rulesq.width import wrap

            out.append(wrap(escape_controls(self.unsaid_note()), "", width=width))
        for number, form in enumerate(self.nearest):
            out.append(
                escape_controls(
                    ("did you mean: " if number == 0 else "          or: ")
                    + shorten(form, LONGEST_MESSAGE)
                )
            )
        from rulesq.width import wrap

        out += [wrap(note, "", width=width) for note in _invisible_note(self.source_line())]
        if self.forms_hint:
            out.append(self.forms_hint)
        return "\n".join(out)

    def unsaid_note(self) -> str:
        """``no Blue Moon form says "X"; the nearest:``, for the words of ``unsaid``."""
        words = [f'"{shorten(word, _LONGEST_NAME)}"' for word in self.unsaid]
        joined = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
        game = f"{self.language} " if self.language else ""
        return f"no {game}form says {joined}" + ("; the nearest:" if self.nearest else "")

    def _said_by_nearest(self) -> bool:
        """Whether the nearest form shows the word a ``Did you mean "W"?`` suggests already."""
        import re

        if not self.nearest or not (self.suggestion or "").startswith("Did you mean "):
            return False
        first = re.match(r'Did you mean "([^"]+)"', self.suggestion or "")
        word = first and re.escape(first.group(1))
        return bool(word and re.search(rf"(?<!\w){word}(?!\w)", self.nearest[0]))

    def to_dict(self) -> dict[str, object]:
        """Every field, for ``--json``."""
        return {
            "error": self.message,
            "file": self.source,
            "line": self.line,
            "column": self.column,
            "expected": self.expected,
            "suggestion": self.suggestion,
            "nearest": self.nearest,
            "unsaid": self.unsaid,
            "text": self.source_line(),
        }


#: The most characters of a line an error shows (a longer line is cut around the caret).
_LONGEST_LINE = 100
#: The most characters of a message (a message quoting a huge word is cut).
LONGEST_MESSAGE = 300


def shorten(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters with an ellipsis when longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def window(line: str, column: int, width: int = _LONGEST_LINE) -> tuple[str, int]:
    """The part of a long line around ``column`` (ellipses mark cuts), and the column in it."""
    if len(line) <= width:
        return line, column
    start = max(0, min(column - 1 - width // 2, len(line) - width))
    end = start + width
    shown = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
    return shown, column - start + (1 if start else 0)


#: How many words expected an error shows (``…`` after them; ``--json`` lists them all).
EXPECTED_SHOWN = 12


def _expected(words: Sequence[str], width: int) -> str:
    """``expected W`` or ``expected one of: A, B, …``, wrapped to ``width`` between the words.

    A word is never cut (one with blanks in it is a form to type); the list is bounded as a
    long message is (the words past the bound are shown as ``…``).
    """
    from rulesq.width import pack

    shown: list[str] = []
    size = 0
    for count, word in enumerate(words):
        size += len(word) + 2
        if size > LONGEST_MESSAGE * 4 or count == EXPECTED_SHOWN:
            shown.append("…")
            break
        shown.append(escape_controls(shorten(word, LONGEST_MESSAGE)))
    return pack("expected " + ("one of: " if len(words) > 1 else ""), shown, width)


class CannotAnswer(RulesqError):
    """The engine cannot decide: unparsed text or a value the sources never give."""


class Undecided(RulesqError):
    """Two rules of the same rank disagree and the answer depends on which wins: a *conflict*.

    ``sides`` are the disagreeing card effects, each as (card name, quoted sentence).
    """

    def __init__(self, reason: str, sides: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(reason)
        self.sides = tuple(sides)


def _invisible_note(line: str) -> list[str]:
    """A note naming the first odd space or invisible character of ``line``, and what to type.

    The line is shown escaped above it; the note says what the escape stands for.
    """
    import unicodedata  # only when an error is told

    found = _invisibles().search(line)
    if found is None:
        return []
    character = found.group()
    name = unicodedata.name(character, "an invisible character").lower()
    code = f"U+{ord(character):04X}"
    return [
        f"note: column {found.start() + 1} holds a {name} ({code}, shown {_escape(character)}):"
        " type a plain space instead, or delete it"
    ]
