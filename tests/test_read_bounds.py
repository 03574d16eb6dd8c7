"""Small files are read without a buffer of the whole bound, and the bound still holds."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from rulesq.inputs import read_up_to


class Counting(io.BytesIO):
    """A stream that notes the size of each read asked for."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.asked: list[int] = []

    def read(self, size: int | None = -1) -> bytes:
        self.asked.append(-1 if size is None else size)
        return super().read(size)


def test_a_small_file_is_read_with_its_size() -> None:
    stream = Counting(b"game bluemoon\n")
    assert read_up_to(stream, 14, 1_000_001) == b"game bluemoon\n"
    assert stream.asked == [15]


@pytest.mark.parametrize("grown", [1, 50, 5000])
def test_a_file_that_grew_since_its_status_is_read_up_to_the_bound(grown: int) -> None:
    data = b"x" * (14 + grown)
    stream = Counting(data)
    read = read_up_to(stream, 14, 101)
    assert read == data[:101]
    assert max(stream.asked) <= 101


def test_a_file_larger_than_the_bound_gives_one_byte_more() -> None:
    stream = Counting(b"y" * 500)
    assert len(read_up_to(stream, 500, 101)) == 101


@pytest.mark.parametrize(
    ("data", "size", "most"),
    [
        (b"game bluemoon\n", 14, 1_000_001),  # as its status says
        (b"x" * 15, 14, 101),  # grew by one byte
        (b"x" * 64, 14, 101),
        (b"x" * 5014, 14, 101),  # grew past the bound
        (b"y" * 500, 500, 101),  # larger than the bound
        (b"z" * 10, 14, 101),  # shrank
        (b"", 0, 101),
    ],
)
@pytest.mark.parametrize("piece", [None, 1, 7])
def test_a_file_descriptor_is_read_as_its_buffered_stream_is(
    data: bytes, size: int, most: int, piece: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same bytes as ``read_up_to``, also when the system reads fewer bytes at a time."""
    from rulesq import inputs

    read, write = os.pipe()
    try:
        os.write(write, data)
        os.close(write)
        write = -1
        if piece is not None:  # short reads: a pipe's or a signal's
            real = os.read
            monkeypatch.setattr(os, "read", lambda h, n: real(h, min(n, piece)))
        got = inputs.read_handle_up_to(read, size, most)
    finally:
        os.close(read)
        if write >= 0:
            os.close(write)
    assert got == read_up_to(io.BytesIO(data), size, most)


def test_reading_a_file_opens_no_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A situation file is read from its descriptor: no buffered stream, one read and its end."""
    from rulesq import inputs

    file = tmp_path / "case.rq"
    file.write_text("game bluemoon\nI have 3 cards in hand\n")
    reads: list[int] = []
    real = os.read

    def counted(handle: int, size: int) -> bytes:
        reads.append(size)
        return real(handle, size)

    monkeypatch.setattr(os, "fdopen", None)
    monkeypatch.setattr(os, "read", counted)
    assert inputs.read_file(str(file)) == file.read_text()
    assert reads == [file.stat().st_size + 1, 1]
