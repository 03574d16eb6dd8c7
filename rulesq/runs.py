"""Runs of work that forked workers share: each takes from its own run, then splits another's."""

from __future__ import annotations

import mmap
import os
import struct
from collections.abc import Hashable, Iterable, Mapping, Sequence


class SharedRuns:
    """Items split into runs that processes forked after it take chunks from, under a lock.

    A run is a list of neighbouring items (alike: they share what a worker loads and
    remembers). The worker of slot ``s`` takes ``chunk`` items at a time from the front of
    run ``s`` (the last run when there are fewer runs than workers, which then share it).
    When its run is empty it takes the later half of what is left of the longest run, which
    becomes its own: every worker keeps going until no item is left, and each meets as few
    kinds of item as the runs allow. With ``kinds`` (each item's kind, by item: a file's
    game), a worker prefers the longest run whose later half holds only kinds it has met
    (taken, or ``loaded`` before the fork: a kind None costs nothing to meet); only when no
    such run is left does it take from the longest, and only a half of at least ``fresh``
    items (meeting a kind costs a worker about that many items' work, which a smaller half
    would not save): else it stops, and the runs' owners finish them. With ``weights``
    (each item's predicted work, by item), ``fresh`` may give each kind what meeting it
    costs in that work: a worker then takes not a half but the tail that ends it and the
    run's owner together, its meeting of the run's kinds counted (:meth:`_even`), when the
    run's work is more than that meeting costs. The state lives in
    memory shared with the forks; a lock on a file (in memory where the system allows;
    released by the system if its holder dies) guards it.
    """

    def __init__(
        self,
        runs: Sequence[Sequence[int]],
        chunk: int,
        kinds: Sequence[Hashable] | None = None,
        loaded: Iterable[Hashable] = (),
        fresh: float | Mapping[Hashable, float] = 0,
        weights: Sequence[float] | None = None,
    ) -> None:
        self.kinds = kinds
        self.fresh = fresh
        self.weights = weights
        #: The kinds this process has met (each forked worker keeps its own copy).
        self.met: set[Hashable] = {None, *loaded}
        self.order = [index for run in runs for index in run]
        self.chunk = max(1, chunk)
        self.count = max(1, len(runs))
        self._state = mmap.mmap(-1, 8 * self.count)
        start = 0
        for slot in range(self.count):
            end = start + (len(runs[slot]) if slot < len(runs) else 0)
            self._set(slot, start, end)
            start = end
        self._file = _lock_file()

    def _get(self, slot: int) -> tuple[int, int]:
        low, high = struct.unpack_from("<II", self._state, 8 * slot)
        return low, high

    def _set(self, slot: int, low: int, high: int) -> None:
        struct.pack_into("<II", self._state, 8 * slot, low, high)

    def take(self, worker: int) -> range:
        """The positions (in :attr:`order`) the worker takes next; empty when none is left."""
        import fcntl

        slot = min(worker, self.count - 1)
        fcntl.lockf(self._file, fcntl.LOCK_EX)
        try:
            low, high = self._get(slot)
            if low >= high:
                low, high = self._split(slot)
            end = min(high, low + self.chunk)
            self._set(slot, end, high)
        finally:
            fcntl.lockf(self._file, fcntl.LOCK_UN)
        if self.kinds is not None:
            self.met.update(self.kinds[self.order[at]] for at in range(low, end))
        return range(low, end)

    def _split(self, slot: int) -> tuple[int, int]:
        """The later half of the run :meth:`_victim` chooses, moved to ``slot`` (under the lock)."""
        spans = [self._get(other) for other in range(self.count)]
        victim = self._victim(spans)
        if victim is None:
            return 0, 0
        low, high = spans[victim]
        middle = self._middle(low, high)
        if not self._all_met(low, high):
            middle = max(middle, self._even(low, high))
        self._set(victim, low, middle)
        return middle, high

    def _middle(self, low: int, high: int) -> int:
        """Where a split of the run left at ``low:high`` starts (all of a run of one chunk)."""
        return low + (high - low) // 2 if high - low > self.chunk else low

    def _victim(self, spans: Sequence[tuple[int, int]]) -> int | None:
        """The run to take the later half of (None: none worth taking is left).

        The longest whose later half holds only kinds met, else the longest whose later half
        is worth meeting its kinds for (:meth:`_worth`).
        """
        left = [other for other in range(self.count) if spans[other][0] < spans[other][1]]
        known = [other for other in left if self._all_met(*spans[other])]
        if not known:
            known = [other for other in left if self._worth(*spans[other])]
        if not known:
            return None
        return max(known, key=lambda other: spans[other][1] - spans[other][0])

    def _half(self, low: int, high: int) -> int:
        """How many items a split of the run left at ``low:high`` takes."""
        return high - self._middle(low, high)

    def _worth(self, low: int, high: int) -> bool:
        """Whether the later half of the run left at ``low:high`` is worth meeting its kinds for.

        Its items (or their ``weights``) reach ``fresh``, or, by kind, what meeting each of
        its kinds not met costs together.
        """
        fresh = self.fresh
        if not isinstance(fresh, Mapping):
            return self._half(low, high) >= fresh
        return self._even(low, high) < high

    def _meeting(self, positions: range) -> float:
        """What meeting the kinds at ``positions`` not met costs (by kind, ``fresh``)."""
        fresh, kinds, order = self.fresh, self.kinds, self.order
        if not isinstance(fresh, Mapping) or kinds is None:
            return 0.0
        new = {kinds[order[at]] for at in positions} - self.met
        return sum(fresh.get(kind, 0.0) for kind in new)

    def _even(self, low: int, high: int) -> int:
        """Where a tail of the run left at ``low:high`` starts that ends both workers together.

        With ``fresh`` by kind, a worker that takes a tail of work ``h`` from a run of work
        ``R`` first meets its kinds (``L``): it ends after ``L + h``, the run's owner after
        ``R - h``, so the tail to take is ``(R - L) / 2`` (a half when ``L`` is nothing).
        ``high`` when that is nothing (``R <= L``): no tail is worth taking. Without ``fresh``
        by kind, the later half.
        """
        if not isinstance(self.fresh, Mapping):
            return self._middle(low, high)
        order, weights = self.order, self.weights
        cost = (lambda at: weights[order[at]]) if weights else (lambda at: 1.0)
        whole = sum(cost(at) for at in range(low, high))
        tail = (whole - self._meeting(range(low, high))) / 2
        if tail <= 0:
            return high
        start, taken = high, 0.0
        while start > low and taken < tail:
            start -= 1
            taken += cost(start)
        return start

    def _all_met(self, low: int, high: int) -> bool:
        """Whether the later half of the run left at ``low:high`` holds only kinds met."""
        kinds = self.kinds
        if kinds is None:
            return True
        order, met = self.order, self.met
        return all(kinds[order[at]] in met for at in range(self._middle(low, high), high))

    def close(self) -> None:
        """Free the shared memory and the lock's file (in the process that made them)."""
        self._state.close()
        os.close(self._file)


def _lock_file() -> int:
    """A new file to lock, in memory where the system allows (no temporary file on disk)."""
    if hasattr(os, "memfd_create"):
        try:
            return os.memfd_create("rulesq-runs", os.MFD_CLOEXEC)
        except OSError:
            pass
    import tempfile

    handle, name = tempfile.mkstemp()
    os.unlink(name)
    return handle


def balanced_runs(order: Sequence[int], costs: Sequence[float], parts: int) -> list[list[int]]:
    """``order`` cut into ``parts`` runs of neighbours of about equal total cost.

    ``costs`` is indexed by item (not by position in ``order``). A run ends at the item
    that brings its total nearest to its share of the whole.
    """
    total = sum(map(costs.__getitem__, order))
    count = max(1, parts)
    runs: list[list[int]] = [[] for _ in range(count)]
    done = 0.0
    run = 0
    current = runs[0]
    share = total * (run + 1) / count  # where the run ends: its share of the whole
    for index in order:
        cost = costs[index]
        if run < count - 1 and current and done + cost / 2 > share:
            run += 1
            current = runs[run]
            share = total * (run + 1) / count
        current.append(index)
        done += cost
    return runs
