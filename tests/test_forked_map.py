"""``forked_map`` gives every result in order from forked workers, and raises their errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesq.pool import can_fork, forked_map

pytestmark = pytest.mark.skipif(not can_fork(), reason="needs os.fork")


def _square(number: int) -> tuple[int, int]:
    return number * number, os.getpid()


def test_results_in_order_from_workers() -> None:
    results = list(forked_map(_square, list(range(101)), workers=2, chunk=3))
    assert [value for value, _ in results] == [n * n for n in range(101)]
    assert os.getpid() not in {pid for _, pid in results}


def test_no_items() -> None:
    assert list(forked_map(_square, [], workers=2, chunk=4)) == []


def _fails_at_seven(number: int) -> int:
    if number == 7:
        raise ValueError("seven")
    return number


def test_a_worker_error_is_raised_here() -> None:
    with pytest.raises(ValueError, match="seven"):
        list(forked_map(_fails_at_seven, list(range(20)), workers=2, chunk=2))


def test_a_result_that_cannot_be_sent_is_an_error() -> None:
    with pytest.raises(Exception, match="pickle|lambda"):
        list(forked_map(lambda n: lambda: n, list(range(6)), workers=2, chunk=1))


def test_stopping_early_stops_the_workers() -> None:
    results = forked_map(_square, list(range(1000)), workers=2, chunk=1)
    assert [next(results)[0] for _ in range(3)] == [0, 1, 4]
    results.close()  # the workers are stopped and waited for, without a hang


class _Unsendable(Exception):
    """An error holding what cannot be pickled."""


def _fails_unsendably(number: int) -> int:
    if number == 3:
        raise _Unsendable(lambda: number)
    return number


def test_an_error_that_cannot_be_sent_comes_as_its_text() -> None:
    with pytest.raises(RuntimeError, match="_Unsendable"):
        list(forked_map(_fails_unsendably, list(range(8)), workers=2, chunk=1))


def test_a_worker_imports_no_traceback_while_nothing_fails() -> None:
    """In a fresh process: the workers answer without ``traceback`` (about 11 M each)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from rulesq.pool import forked_map\n"
        "found = forked_map(lambda n: 'traceback' in sys.modules, list(range(8)), 2, 1)\n"
        "print(sorted(set(found)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[False]"


@pytest.mark.parametrize("batch", [1, 3])
def test_a_worker_sends_its_chunks_a_batch_at_a_time(
    batch: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each write holds ``batch`` chunks (the worker's last what is left); all come in order."""
    import rulesq.messages

    log = tmp_path / "writes"
    real = rulesq.messages.send_all

    def logged(fd: int, messages: list[bytes]) -> None:  # in the workers, forked after this
        if messages:
            with log.open("a") as out:
                out.write(f"{os.getpid()} {len(messages)}\n")
        real(fd, messages)

    monkeypatch.setattr(rulesq.messages, "send_all", logged)
    runs = [list(range(0, 10)), list(range(10, 20))]
    results = list(forked_map(_square, list(range(20)), workers=2, chunk=1, runs=runs, batch=batch))
    assert [value for value, _ in results] == [n * n for n in range(20)]
    writes: dict[str, list[int]] = {}
    for line in log.read_text().splitlines():
        pid, count = line.split()
        writes.setdefault(pid, []).append(int(count))
    assert sum(map(sum, writes.values())) == 20  # a chunk of one item a message
    for counts in writes.values():
        assert counts[:-1] == [batch] * (len(counts) - 1)
        assert 1 <= counts[-1] <= batch
