"""Messages on pipes between forks: whole, in order, however the pipe cuts them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesq.messages import Inbox, send
from rulesq.pool import can_fork

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not can_fork(), reason="needs os.fork")


def _all(inbox: Inbox) -> list[object]:
    found: list[object] = []
    while inbox.open:
        found.extend(inbox.receive())
    return found


def test_messages_of_every_size_come_whole_and_in_order() -> None:
    sizes = [0, 1, 7, 8, 9, 4095, 65536, 65537, 1_000_003]
    messages = [(size, "x" * size) for size in sizes]
    receiver, sender = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(receiver)
        for message in messages:
            send(sender, message)
        os._exit(0)
    os.close(sender)
    inbox = Inbox([receiver])
    try:
        assert _all(inbox) == messages
    finally:
        inbox.close()
        os.waitpid(pid, 0)


def test_several_writers_each_in_order() -> None:
    pids, inbox = [], Inbox(())
    for writer in range(3):
        receiver, sender = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(receiver)
            for number in range(200):
                send(sender, (writer, number, "y" * (number * 97)))
            os._exit(0)
        os.close(sender)
        inbox.add(receiver)
        pids.append(pid)
    try:
        found = _all(inbox)
    finally:
        inbox.close()
        for pid in pids:
            os.waitpid(pid, 0)
    for writer in range(3):
        mine = [m for m in found if isinstance(m, tuple) and m[0] == writer]
        assert [m[1] for m in mine] == list(range(200))


def test_a_message_that_cannot_be_pickled_writes_nothing() -> None:
    receiver, sender = os.pipe()
    with pytest.raises(Exception, match="pickle|lambda"):
        send(sender, lambda: None)
    send(sender, "after")
    os.close(sender)
    inbox = Inbox([receiver])
    assert _all(inbox) == ["after"]


def test_a_parallel_check_never_imports_multiprocessing(tmp_path: Path) -> None:
    """The parent's work before the fork: no import of multiprocessing (or temporary files)."""
    cases = str(ROOT / "tests" / "cases" / "fma")
    code = (
        "import sys\nfrom rulesq.cli import main\n"
        f"sys.argv = ['rulesq', 'check', {cases!r}, '--jobs', '2']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "found = (m for m in ('multiprocessing', 'tempfile') if m in sys.modules)\n"
        "sys.stderr.write(repr(sorted(found)))\n"
    )
    env = {**os.environ, "RULESQ_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
        )
        for _ in range(2)
    ]
    assert runs[1].stderr.strip().endswith("[]"), runs[1].stderr
    assert runs[0].stdout == runs[1].stdout and "AGREE" in runs[1].stdout
