"""Messages between a process and the workers it forked: byte strings on pipes.

Each message is its length (8 bytes) then its bytes, written whole by the one process that
writes the pipe. The parent reads every worker's pipe as data comes (``select.poll``) and
gives each message once it is complete. What the bytes hold is the caller's (a check's
reports as JSON; other results as ``multiprocessing`` pickles them, between forks of one
run only). It stands in for ``multiprocessing``'s pipes, whose import (sockets, temporary
files, subprocesses) was a tenth of a check's work before its fork.
"""

from __future__ import annotations

import os
import select
import struct
from collections.abc import Iterable

_HEAD = struct.Struct("<Q")
_READ = 1 << 16


def send(fd: int, data: bytes) -> None:
    """Write one message to the pipe ``fd``."""
    send_all(fd, [data])


def send_all(fd: int, messages: list[bytes]) -> None:
    """Write several messages to the pipe ``fd`` at once (one write while the pipe takes it)."""
    if not messages:
        return
    head = _HEAD.pack
    view = memoryview(b"".join(part for data in messages for part in (head(len(data)), data)))
    while view:
        view = view[os.write(fd, view) :]


class Inbox:
    """The read ends of several pipes, and what each has sent so far."""

    def __init__(self, fds: Iterable[int]) -> None:
        self.open: dict[int, bytearray] = {}
        self._poll = select.poll()
        for fd in fds:
            self.add(fd)

    def add(self, fd: int) -> None:
        """Read the pipe ``fd`` too (the inbox closes it)."""
        self.open[fd] = bytearray()
        self._poll.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)

    def receive(self) -> list[bytes]:
        """The messages complete after waiting for data (a pipe closed at its end is dropped).

        Empty when every pipe is closed, or when the data read completes no message yet.
        """
        if not self.open:
            return []
        found: list[bytes] = []
        for fd, _ in self._poll.poll():
            data = os.read(fd, _READ)
            buffer = self.open[fd]
            if not data:  # the writer has exited (a message cut short is dropped)
                self._poll.unregister(fd)
                del self.open[fd]
                os.close(fd)
                continue
            buffer += data
            found.extend(_complete(buffer))
        return found

    def close(self) -> None:
        """Close the read ends still open."""
        for fd in self.open:
            self._poll.unregister(fd)
            os.close(fd)
        self.open.clear()


def _complete(buffer: bytearray) -> list[bytes]:
    """The whole messages at the front of ``buffer``, taken out of it."""
    found = []
    start = 0
    while len(buffer) - start >= _HEAD.size:
        (size,) = _HEAD.unpack_from(buffer, start)
        end = start + _HEAD.size + size
        if len(buffer) < end:
            break
        found.append(bytes(buffer[start + _HEAD.size : end]))
        start = end
    del buffer[:start]
    return found
