"""Standard output that never crashes rulesq: unencodable text replaced, a closed pipe noticed."""

from __future__ import annotations

import codecs
import os
import sys
from typing import Any

#: The error handler of standard output: replaces what the encoding cannot show, warns once.
HANDLER = "rulesq-replace"
_warned: list[str] = []


class OutputClosed(Exception):
    """Standard output cannot be written any more (closed pipe, full disk, closed file)."""

    def __init__(self, error: OSError) -> None:
        said = error.strerror or str(error)  # in lower case after its colon, as errors.os_reason
        super().__init__(said[:1].lower() + said[1:])
        self.error = error


class SafeOutput:
    """A text stream that raises :class:`OutputClosed` instead of ``OSError``.

    ``OSError`` from writing would be taken by the command-line library for its own (and
    turned into exit 1); this exception is not, and reaches ``rulesq.cli.main``.
    """

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write ``text``; :class:`OutputClosed` when the stream refuses it."""
        try:
            return int(self._stream.write(text))
        except OSError as error:
            raise OutputClosed(error) from None

    def flush(self) -> None:
        """Flush; :class:`OutputClosed` when the stream refuses it."""
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputClosed(error) from None

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # text only, so no library writes around the error handling
            raise AttributeError(name)
        return getattr(self._stream, name)


def _replace(error: UnicodeError) -> tuple[str, int]:
    """Encode what the output's encoding cannot hold as ``?``, warning once on stderr."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    if not _warned:
        _warned.append(error.encoding)
        from rulesq.errors import warning_line

        try:
            sys.stderr.write(
                warning_line(
                    f"the output's encoding ({error.encoding}) "
                    'cannot show some characters; they are printed as "?"'
                )
                + "\n"
            )
        except (OSError, ValueError, OutputClosed):
            pass
    return "?" * (error.end - error.start), error.end


def prepare() -> bool:
    """Make stdout replace what it cannot encode and stderr escape it; False if stdout is closed.

    Both are wrapped in :class:`SafeOutput`: a closed or full stream ends rulesq plainly.
    """
    codecs.register_error(HANDLER, _replace)
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process
    else:
        if hasattr(sys.stderr, "reconfigure"):
            sys.stderr.reconfigure(errors="backslashreplace")
        sys.stderr = SafeOutput(sys.stderr)  # a reader gone away: exit 141 too, no traceback
    if sys.stdout is None:
        return False
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors=HANDLER)
    sys.stdout = SafeOutput(sys.stdout)
    return True


def silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null, so that the final flush at exit cannot fail."""
    _silence(1)


def silence_stderr() -> None:
    """Point file descriptor 2 at /dev/null, its pending text dropped (its reader went away)."""
    _silence(2)
    try:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process
    except OSError:
        pass


def _silence(descriptor: int) -> None:
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, descriptor)
        os.close(null)
    except OSError:
        pass
