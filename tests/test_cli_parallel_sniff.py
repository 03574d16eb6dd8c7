"""The parent's look at each file before the fork: its game and size, as a stream reads them."""

from __future__ import annotations

import builtins
import os
from pathlib import Path
from typing import Any

import pytest

from rulesq.cli import parallel
from rulesq.engine.check import planned_checks

ROOT = Path(__file__).resolve().parents[1]


def _long_way(path: str, game: str | None) -> tuple[str | None, float]:
    """The game and size read with a buffered stream and the game line's pattern."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError:
        return None, 0.0
    if game is not None:
        return game.lower(), float(len(data))
    match = parallel._GAME.match(data)
    found = match.group(1).decode("utf-8", "replace").lower() if match else None
    return found, float(len(data))


def _every_file() -> list[str]:
    folders = [*sorted((ROOT / "corpus").glob("*/cases")), ROOT / "tests" / "cases"]
    return [str(p) for p in planned_checks([str(f) for f in folders], False) if isinstance(p, Path)]


def test_every_case_file_is_sniffed_as_a_stream_reads_it() -> None:
    files = _every_file()
    assert len(files) > 1000
    for path in files:
        assert parallel._sniff(path, None) == _long_way(path, None), path
        assert parallel._sniff(path, "FMA") == _long_way(path, "FMA"), path


def test_odd_files_are_sniffed_the_same(tmp_path: Path) -> None:
    texts = {
        "empty.rq": b"",
        "comments.rq": b"# a note\n" * 2000 + b"\n  game Warhammer # here\nask x?\n",
        "crlf.rq": b"\r\n# c\r\ngame fma\r\n",
        "none.rq": b"ask who wins?\n",
        "big.rq": b"game bluemoon\n" + b"# filler\n" * 20000,
    }
    for name, data in texts.items():
        (tmp_path / name).write_bytes(data)
    paths = [str(tmp_path / name) for name in texts] + [str(tmp_path / "missing.rq")]
    paths.append(str(tmp_path))  # a folder: not readable as a file
    for path in paths:
        assert parallel._sniff(path, None) == _long_way(path, None), path


def test_sniffing_opens_no_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted: one descriptor a file, and no buffered stream."""
    streams = [0]
    opened = [0]
    real_open, real_os_open = builtins.open, os.open

    def counting_open(*args: Any, **kwargs: Any) -> Any:
        streams[0] += 1
        return real_open(*args, **kwargs)

    def counting_os_open(*args: Any, **kwargs: Any) -> int:
        opened[0] += 1
        return real_os_open(*args, **kwargs)

    files = _every_file()[:50]
    monkeypatch.setattr(builtins, "open", counting_open)
    monkeypatch.setattr(os, "open", counting_os_open)
    for path in files:
        parallel._sniff(path, None)
    assert (streams[0], opened[0]) == (0, len(files))


@pytest.mark.parametrize("head", [1, 2, 5, 13, 40, 64])
def test_a_short_head_gives_what_the_whole_file_gives(
    head: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a head that cuts the game line or the comments before it, the rest is read."""
    monkeypatch.setattr(parallel, "HEAD", head)
    texts = {
        "cut.rq": b"game bluemoon\nask x?\n",
        "long-name.rq": b"game " + b"w" * 70 + b"\n",
        "comments.rq": b"# a note\n" * 9 + b"\n  game Warhammer # here\nask x?\n",
        "tail.rq": b"\n\n   game fma",
        "none.rq": b"# a\n" * 30 + b"ask who wins?\n",
    }
    for name, data in texts.items():
        (tmp_path / name).write_bytes(data)
    paths = [str(tmp_path / name) for name in texts] + _every_file()[::7]
    for path in paths:
        assert parallel._sniff(path, None) == _long_way(path, None), path
        assert parallel._sniff(path, "FMA") == _long_way(path, "FMA"), path


def test_only_a_files_head_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted: one read of ``HEAD`` bytes a case file whose game line is in its head."""
    reads: list[int] = []
    real_read = os.read

    def counting_read(handle: int, size: int) -> bytes:
        reads.append(size)
        return real_read(handle, size)

    files = [f for f in _every_file()[:60] if os.path.getsize(f) > parallel.HEAD]
    assert files
    monkeypatch.setattr(os, "read", counting_read)
    for path in files:
        parallel._sniff(path, None)
    assert reads == [parallel.HEAD] * len(files)
