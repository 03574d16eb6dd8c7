"""Text output wraps at 80 columns piped, and at a narrower terminal's width on a terminal."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesq import width
from rulesq.width import NARROWEST, WIDTH, columns, hanging, wrap

ROOT = Path(__file__).resolve().parents[1]
TEXT = " ".join(f"word{index}" for index in range(60))


class _Terminal(io.StringIO):
    """A stream that says it is a terminal (its size comes from the patched query)."""

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return 1


def _sized(monkeypatch: pytest.MonkeyPatch, wide: int) -> None:
    monkeypatch.setattr(sys, "stdout", _Terminal())
    monkeypatch.setattr(width.os, "get_terminal_size", lambda _fd: os.terminal_size((wide, 24)))


@pytest.mark.parametrize(("wide", "expected"), [(50, 50), (20, NARROWEST), (200, WIDTH)])
def test_a_terminal_narrower_than_80_gives_its_width(
    monkeypatch: pytest.MonkeyPatch, wide: int, expected: int
) -> None:
    """50 columns wrap at 50; 20 at the narrowest (40); a wide terminal still at 80."""
    _sized(monkeypatch, wide)
    assert columns() == expected
    for shown in (wrap(TEXT, "  "), hanging("  label:      ", TEXT)):
        lines = shown.splitlines()
        assert max(map(len, lines)) <= expected and max(map(len, lines)) > expected - 8


def test_piped_output_stays_at_80_whatever_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a terminal: 80, even when the terminal query would say 50 (and when it fails)."""
    monkeypatch.setattr(width.os, "get_terminal_size", lambda _fd: os.terminal_size((50, 24)))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert columns() == WIDTH and max(map(len, wrap(TEXT, "").splitlines())) > 70
    monkeypatch.setattr(sys, "stdout", _Terminal())

    def fails(_fd: int) -> os.terminal_size:
        raise OSError("not a terminal after all")

    monkeypatch.setattr(width.os, "get_terminal_size", fails)
    assert columns() == WIDTH


def _on_terminal(args: list[str], wide: int, stdin: bytes | None = None) -> str:
    """``rulesq ARGS`` on a pseudo-terminal ``wide`` columns wide: its standard output, or,
    given ``stdin`` to read, its standard error (the output then discarded)."""
    import fcntl
    import struct
    import termios

    leader, follower = os.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, wide, 0, 0))
    with subprocess.Popen(
        [sys.executable, "-m", "rulesq", *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
        stdout=follower if stdin is None else subprocess.DEVNULL,
        stderr=subprocess.DEVNULL if stdin is None else follower,
    ) as process:
        os.close(follower)
        if stdin is not None:
            assert process.stdin is not None
            process.stdin.write(stdin)
            process.stdin.close()
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other end closed
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode().replace("\r\n", "\n")


@pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32", reason="no pty")
def test_card_on_a_narrow_terminal_fits_it_and_piped_is_unchanged() -> None:
    """On a 50-column terminal every line of ``card`` fits in 50 (but a word longer than the
    line); piped, lines reach past 50 (the same words at 80): the width comes from the
    terminal alone."""
    args = ["card", "Pandemonium"]
    narrow = _on_terminal(args, 50)
    piped = subprocess.run(
        [sys.executable, "-m", "rulesq", *args], cwd=ROOT, capture_output=True, text=True
    ).stdout
    assert narrow.split() == piped.split()  # the same words, wrapped otherwise
    assert max(map(len, piped.splitlines())) <= 80
    assert [line for line in piped.splitlines() if len(line) > 50]
    # past 50 only a word longer than the line stays whole (a clause id)
    assert all(len(line.split()) == 1 for line in narrow.splitlines() if len(line) > 50)
    assert len(narrow.splitlines()) > len(piped.splitlines())


def test_pack_breaks_between_items_only() -> None:
    """Every line fits, the items come back whole and in order, a long one on a line of its own."""
    items = [f'"word{index}"' for index in range(40)] + ["a form with blanks in it"]
    items.insert(5, "x" * 70)
    lines = width.pack("expected one of: ", items, 50).splitlines()
    assert lines[0].startswith('expected one of: "word0", "word1",')
    assert all(len(line) <= 50 for line in lines if "x" * 70 not in line)
    assert "  " + "x" * 70 + "," in lines
    assert lines[-1].endswith("a form with blanks in it")
    rejoined = " ".join(line.strip() for line in lines).removeprefix("expected one of: ")
    assert rejoined == ", ".join(items)


BAD_LINE = 'game bluemoon\nI hvae "Blaze" active\n'


def _expected_block(err: str) -> list[str]:
    """The lines of an error's ``expected …`` list (to the line after it)."""
    lines = err.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("expected "))
    end = next(n for n in range(start + 1, len(lines)) if not lines[n].startswith("  "))
    return lines[start:end]


@pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32", reason="no pty")
def test_an_errors_expected_list_wraps_to_the_terminal_and_to_80_piped() -> None:
    """``expected one of: …`` fits the terminal's width (50), and 80 piped; no word is cut, and
    the words are those ``--json`` gives (it was one line of 150 columns)."""
    args = ["ask", "-"]
    piped = subprocess.run(
        [sys.executable, "-m", "rulesq", *args],
        cwd=ROOT,
        input=BAD_LINE,
        capture_output=True,
        text=True,
    )
    assert piped.returncode == 2
    block = _expected_block(piped.stderr)
    assert len(block) > 1 and all(len(line) <= 80 for line in block), block
    narrow = _expected_block(_on_terminal(args, 50, BAD_LINE.encode()))
    assert len(narrow) > len(block) and all(len(line) <= 50 for line in narrow), narrow
    import json

    listed = json.loads(
        subprocess.run(
            [sys.executable, "-m", "rulesq", *args, "--json"],
            cwd=ROOT,
            input=BAD_LINE,
            capture_output=True,
            text=True,
        ).stdout
    )["expected"]
    from rulesq.errors import EXPECTED_SHOWN

    words = listed[:EXPECTED_SHOWN] + (["…"] if len(listed) > EXPECTED_SHOWN else [])
    for shown in (block, narrow):
        text = " ".join(line.strip() for line in shown).removeprefix("expected one of: ")
        assert text == ", ".join(words)  # the first words, then "…": --json lists them all
