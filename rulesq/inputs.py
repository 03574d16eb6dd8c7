"""Reading a situation safely: regular files only, bounded size, UTF-8 errors at line:column.

Limits (each a clear error, exit 2): the input's size (``RULESQ_MAX_INPUT`` bytes, 1 MB by
default), the digits of a number, the statements of a situation, its questions and the cards
they name, the length of an inline card's text and of a card name.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from typing import BinaryIO

from rulesq.errors import InputError, RulesqError, escape_controls, os_reason, quoted
from rulesq.spans import line_column

#: The default largest input, in bytes (``RULESQ_MAX_INPUT`` overrides it).
MAX_INPUT_BYTES = 1_000_000
#: The most digits a number may have.
MAX_DIGITS = 100
#: The most statements (facts, cards, questions, calls) a situation may have.
MAX_STATEMENTS = 10_000
#: The most questions a situation may ask.
MAX_QUESTIONS = 1_000
#: The most cards the statements of a situation may name, all together.
MAX_CARDS = 10_000
#: The longest text an inline card may have, in characters (the corpus's longest has 431).
MAX_CARD_TEXT = 5_000
#: The longest card name, in characters.
MAX_NAME = 200
_LONG_NUMBER = re.compile(r"\d{" + str(MAX_DIGITS + 1) + ",}")


def max_input_bytes() -> int:
    """The size limit of an input: ``RULESQ_MAX_INPUT`` (bytes) or 1 MB."""
    raw = os.environ.get("RULESQ_MAX_INPUT", "").strip()
    if not raw:
        return MAX_INPUT_BYTES
    if not raw.isdigit() or len(raw) > 15 or int(raw) <= 0:
        raise RulesqError(
            f"RULESQ_MAX_INPUT must be a positive number of bytes, not "
            f'"{escape_controls(raw[:40])}"'
        )
    return int(raw)


def read_file(name: str, limit: int | None = None) -> str:
    """The text of a situation file (``-``: standard input), checked; RulesqError if unfit.

    ``limit``: the size limit, when the caller has read it (:func:`max_input_bytes`).
    """
    if name == "":
        raise RulesqError("the file name is empty")
    if limit is None:
        limit = max_input_bytes()
    if name == "-":
        if sys.stdin is None:  # started with standard input closed
            raise RulesqError("cannot read standard input: it is closed")
        try:
            data = sys.stdin.buffer.read(limit + 1)
        except OSError as error:
            raise RulesqError(f"cannot read standard input: {os_reason(error)}") from None
        data = _bounded(data, limit, "<stdin>")
        _text_or_refused(data, "<stdin>")
        return decode(data, "<stdin>")
    try:
        handle = os.open(name, _OPEN)
    except FileNotFoundError:  # worded as check words it, with a path near it
        from rulesq.nearpath import did_you_mean_path

        shown = escape_controls(name)
        raise RulesqError(f'no such file or folder: "{shown}"{did_you_mean_path(name)}') from None
    except OSError as error:
        raise RulesqError(
            f"cannot read {quoted(escape_controls(name))}: {os_reason(error)}"
        ) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            shown = quoted(escape_controls(name))
            if stat.S_ISDIR(info.st_mode):
                raise RulesqError(f"cannot read {shown}: it is a folder")
            raise RulesqError(
                f"cannot read {shown}: not a regular file (a pipe, socket or "
                'device); give a file, or "-" for standard input'
            )
        if info.st_size > limit:
            raise _too_large(escape_controls(name), limit)
        data = read_handle_up_to(handle, info.st_size, limit + 1)
    except OSError as error:
        raise RulesqError(
            f"cannot read {quoted(escape_controls(name))}: {os_reason(error)}"
        ) from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise _too_large(escape_controls(name), limit)
    _text_or_refused(data, name)
    return decode(data, name)


#: The byte-order marks of UTF-16 text (a NUL byte beside every ASCII letter).
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


def _text_or_refused(data: bytes, source: str) -> None:
    """Refuse what is no text file: it holds a NUL byte, which no UTF-8 text does.

    A program, an image or an archive is said to be one, at its first NUL byte, not taken
    for text whose byte 0x7f or 0x89 is no UTF-8 (its line shown as a row of escapes).
    """
    if b"\x00" not in data:
        return
    text = data.decode("utf-8", errors="backslashreplace")
    utf16 = data.startswith(_UTF16_MARKS)
    at = 0 if utf16 else text.index("\x00")
    line, column = line_column(text, at)
    raise InputError(
        "UTF-16 text, not UTF-8"
        if utf16
        else "not a text file: it holds a NUL byte, as a program, an image or an archive does",
        source,
        text,
        line,
        column,
        suggestion=(
            "Save the file as UTF-8."
            if utf16
            else "Give a situation: UTF-8 text, a statement a line (rulesq forms lists them)."
        ),
    )


#: How a situation file is opened: never blocking on a pipe (it is refused once opened).
_OPEN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)


def read_handle_up_to(handle: int, size: int, most: int) -> bytes:
    """:func:`read_up_to` of an open file descriptor, without a buffered stream around it."""
    data = _read_handle(handle, min(size + 1, most))
    if len(data) > size and len(data) < most:  # it grew: the rest, up to the bound
        data += _read_handle(handle, most - len(data))
    return data


def _read_handle(handle: int, wanted: int) -> bytes:
    """``wanted`` bytes of a file descriptor, fewer at its end (as a buffered read gives)."""
    data = os.read(handle, wanted)
    if len(data) < wanted and data:
        chunks = [data]
        got = len(data)
        while got < wanted:
            more = os.read(handle, wanted - got)
            if not more:
                break
            chunks.append(more)
            got += len(more)
        data = b"".join(chunks)
    return data


def read_up_to(stream: BinaryIO, size: int, most: int) -> bytes:
    """At most ``most`` bytes of a file whose status gave ``size`` (it may have grown since).

    Reading ``size`` bytes and one more first spares allocating a buffer of ``most`` bytes
    (a megabyte or more) for every small file.
    """
    data = stream.read(min(size + 1, most))
    if len(data) > size and len(data) < most:  # it grew: the rest, up to the bound
        data += stream.read(most - len(data))
    return data


def _bounded(data: bytes, limit: int, shown: str) -> bytes:
    if len(data) > limit:
        raise _too_large(shown, limit)
    return data


def _too_large(shown: str, limit: int) -> RulesqError:
    return RulesqError(
        f"{shown} is larger than the input limit of {limit:,} bytes (RULESQ_MAX_INPUT sets another)"
    )


def decode(data: bytes, source: str) -> str:
    """UTF-8 ``data`` as text; a byte that is not UTF-8 is an InputError at its line:column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start].decode("utf-8")
        line, column = line_column(before, len(before))
        # the bytes that are not UTF-8 shown as they are (\xff), not all as one sign (U+FFFD)
        text = data.decode("utf-8", errors="backslashreplace")
        bad = data[error.start]
        raise InputError(
            f"not UTF-8 text: the byte 0x{bad:02x} cannot be read ({error.reason})",
            source,
            text,
            line,
            column,
            suggestion=(
                "Give the text as UTF-8." if source.startswith("<") else "Save the file as UTF-8."
            ),
        ) from None


#: ASCII digits as "0" (a run of digits becomes a run of zeros, nothing else does).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_ZEROS = b"0" * (MAX_DIGITS + 1)


def long_number(text: str) -> re.Match[str] | None:
    """The first number of more than ``MAX_DIGITS`` digits in ``text`` (``_LONG_NUMBER``).

    An ASCII text's only digits are 0-9: one without such a run is told so by a translation
    of its bytes (the regular expression tries every place, about ten times slower).
    """
    if text.isascii() and _ZEROS not in text.encode("ascii").translate(_DIGITS_AS_ZERO):
        return None
    return _LONG_NUMBER.search(text)


def check_text(text: str, source: str, read_within: bool = False) -> None:
    """Refuse a text too big to judge: larger than the limit, or a number too long.

    ``read_within``: the text is a file's, just read by :func:`read_file` under the limit
    (its size is not checked again).
    """
    if not read_within:
        limit = max_input_bytes()
        size = len(text)  # a character is at most 4 bytes of UTF-8: a short one is not encoded
        if size > limit or (
            size * 4 > limit and len(text.encode("utf-8", errors="replace")) > limit
        ):
            raise _too_large(escape_controls(source), limit)
    found = long_number(text)
    if found:
        line, column = line_column(text, found.start())
        raise InputError(
            f"a number of {found.end() - found.start():,} digits: numbers have at "
            f"most {MAX_DIGITS}",
            source,
            text,
            line,
            column,
        )


def check_counts(statements: int, questions: int, source: str, cards: int = 0) -> None:
    """Refuse a situation with too many statements, questions or cards named."""
    if cards <= MAX_CARDS and statements <= MAX_STATEMENTS and questions <= MAX_QUESTIONS:
        return
    shown = escape_controls(source)
    if cards > MAX_CARDS:
        raise RulesqError(
            f"{shown} names {cards:,} cards in its statements: a situation "
            f"names at most {MAX_CARDS:,}"
        )
    if statements > MAX_STATEMENTS:
        raise RulesqError(
            f"{shown} has {statements:,} statements: a situation has at most {MAX_STATEMENTS:,}"
        )
    if questions > MAX_QUESTIONS:
        raise RulesqError(
            f"{shown} asks {questions:,} questions: a situation asks at most {MAX_QUESTIONS:,}"
        )


def too_long(what: str, text: str, limit: int) -> str | None:
    """Why ``text`` (a card text, a name) is too long to read, or None when it is not."""
    if len(text) <= limit:
        return None
    return f"{what} of {len(text):,} characters: {what} has at most {limit:,}"
