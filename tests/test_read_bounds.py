"""Small files are read without a buffer of the whole bound, and the bound still holds."""

from __future__ import annotations

import io

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
