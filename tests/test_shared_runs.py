"""Shared runs hand every item out once, each run from its front, then halves of the longest."""

from __future__ import annotations

import os

import pytest

from rulesq.pool import can_fork, forked_map
from rulesq.runs import SharedRuns, balanced_runs


def _taken(shared: SharedRuns, worker: int) -> list[int]:
    taken = shared.take(worker)
    return [shared.order[at] for at in taken]


def test_each_worker_starts_with_its_own_run() -> None:
    shared = SharedRuns([[0, 1, 2, 3, 4, 5], [6, 7, 8]], chunk=2)
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 1) == [6, 7]
    assert _taken(shared, 1) == [8]
    shared.close()


def test_a_worker_done_takes_the_later_half_of_the_longest_run() -> None:
    shared = SharedRuns([list(range(10)), [10]], chunk=2)
    assert _taken(shared, 1) == [10]
    assert _taken(shared, 1) == [5, 6]  # 0-4 left to worker 0, 5-9 now worker 1's
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 1) == [7, 8]
    shared.close()


def test_every_item_is_taken_once_whoever_asks() -> None:
    shared = SharedRuns([list(range(0, 37)), list(range(37, 50)), [50]], chunk=3)
    seen: list[int] = []
    turn = 0
    while taken := _taken(shared, turn % 3):
        seen.extend(taken)
        turn += 1 if turn % 4 else 2  # an uneven pace
    assert sorted(seen) == list(range(51))
    for worker in range(3):
        assert _taken(shared, worker) == []
    shared.close()


def test_one_run_is_shared_in_order() -> None:
    shared = SharedRuns([list(range(9))], chunk=2)
    assert [_taken(shared, worker) for worker in (0, 1, 0, 1, 1)] == [
        [0, 1],
        [2, 3],
        [4, 5],
        [6, 7],
        [8],
    ]
    shared.close()


def test_balanced_runs_cut_by_cost_and_keep_the_order() -> None:
    costs = [1.0] * 6 + [3.0] * 4
    order = [6, 7, 8, 9, 0, 1, 2, 3, 4, 5]
    runs = balanced_runs(order, costs, 2)
    assert runs == [[6, 7, 8], [9, 0, 1, 2, 3, 4, 5]]
    assert balanced_runs(order, [0.0] * 6 + [4.0] * 4, 2)[0] == [6, 7]  # nearest to half
    assert balanced_runs([], [], 3) == [[], [], []]


def _pid(number: int) -> tuple[int, int]:
    return number, os.getpid()


@pytest.mark.skipif(not can_fork(), reason="needs os.fork")
def test_forked_runs_give_every_result_in_the_items_order() -> None:
    runs = [list(range(50, 100)), list(range(0, 50, 2)), list(range(1, 50, 2))]
    results = list(forked_map(_pid, list(range(100)), workers=3, chunk=4, runs=runs))
    assert [number for number, _ in results] == list(range(100))
    assert os.getpid() not in {pid for _, pid in results}


@pytest.mark.skipif(not can_fork(), reason="needs os.fork")
def test_forked_runs_map_only_the_items_they_hold() -> None:
    results = list(forked_map(_pid, list(range(10)), workers=2, chunk=2, runs=[[7, 1], [4]]))
    assert [number for number, _ in results] == [1, 4, 7]
    with pytest.raises(ValueError, match="two runs"):
        list(forked_map(_pid, list(range(4)), workers=2, chunk=2, runs=[[0, 1], [1]]))


def test_a_worker_done_prefers_a_run_of_kinds_it_has_met() -> None:
    """A steal that would load a new kind (a game) waits until no run of a known kind is left."""
    kinds = ["a"] * 4 + ["b"] * 10 + ["a"] * 4
    runs = [list(range(0, 4)), list(range(4, 14)), list(range(14, 18))]
    shared = SharedRuns(runs, chunk=2, kinds=kinds)
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 0) == [2, 3]
    # the longest run (kind b) is passed over: the third, of kind a, is split instead
    assert _taken(shared, 0) == [16, 17]
    assert _taken(shared, 0) == [14, 15]  # what is left of it: one chunk, taken whole
    # no run of kind a is left: the longest run is split after all
    assert _taken(shared, 0) == [9, 10]
    assert shared.met == {None, "a", "b"}
    shared.close()


def test_kinds_loaded_before_the_fork_count_as_met() -> None:
    kinds = ["a"] * 2 + ["b"] * 10 + ["c"] * 6
    runs = [[0, 1], list(range(2, 12)), list(range(12, 18))]
    shared = SharedRuns(runs, chunk=2, kinds=kinds, loaded=["c"])
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 0) == [15, 16]  # the shorter run of c, loaded: not the run of b
    shared.close()
    shared = SharedRuns(runs, chunk=2, kinds=kinds)
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 0) == [7, 8]  # neither is met: the longest, as without kinds
    shared.close()


@pytest.mark.parametrize("fresh", [0, 4, 100])
def test_every_item_is_taken_once_with_kinds(fresh: int) -> None:
    """Whoever asks, and whoever stops (a half too small to meet a kind for), all are taken."""
    kinds = [("a", "b", "c")[index // 9 % 3] for index in range(60)]
    runs = [list(range(0, 30)), list(range(30, 45)), list(range(45, 60))]
    shared = SharedRuns(runs, chunk=3, kinds=kinds, loaded=["b"], fresh=fresh)
    seen: list[int] = []
    working = [0, 1, 2]
    turn = 0
    while working:
        worker = working[turn % len(working)]
        taken = _taken(shared, worker)
        if not taken:
            working.remove(worker)  # it exits
        seen.extend(taken)
        turn += 1 if turn % 5 else 2  # an uneven pace
    assert sorted(seen) == list(range(60))
    shared.close()


def test_a_half_of_a_kind_not_met_is_taken_only_when_it_is_large() -> None:
    """Meeting a new kind costs ``fresh`` items' work: a smaller half is left to its owner."""
    kinds = ["a"] * 2 + ["b"] * 12
    runs = [[0, 1], list(range(2, 14))]
    shared = SharedRuns(runs, chunk=2, kinds=kinds, fresh=6)
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 0) == [8, 9]  # 6 items of b: worth meeting b
    shared.close()
    shared = SharedRuns(runs, chunk=2, kinds=kinds, fresh=7)
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 0) == []  # not worth it: worker 1 checks all of its run
    assert [_taken(shared, 1) for _ in range(7)][-1] == []
    assert _taken(shared, 1) == [] and _taken(shared, 0) == []
    shared.close()


@pytest.mark.parametrize(
    ("load", "weight", "taken"),
    [
        (5.0, 1.0, [10, 11]),  # 12 - 5: a tail of 3.5 items' work, 4 items
        (7.0, 1.0, [11, 12]),  # a half (6) would not pay its load: a tail of 2.5 still does
        (5.0, 0.5, [13]),  # 6 - 5: one item's work
        (2.0, 0.5, [10, 11]),  # 6 - 2: 2 of work, 4 items
        (12.0, 1.0, []),  # meeting b costs all that is left: its owner ends first alone
    ],
)
def test_a_kind_not_met_is_taken_as_the_tail_that_ends_both_together(
    load: float, weight: float, taken: list[int]
) -> None:
    """By kind: a worker meeting b first ends after ``load + tail``, the owner after the rest.

    Of a run of twelve items of ``weight`` (work ``R``), the tail taken is ``(R - load) / 2``
    of work: not a half, which would end the taker later than the owner by ``load``.
    """
    kinds = ["a"] * 2 + ["b"] * 12
    runs = [[0, 1], list(range(2, 14))]
    weights = [1.0] * 2 + [weight] * 12
    shared = SharedRuns(runs, chunk=2, kinds=kinds, fresh={"b": load}, weights=weights)
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 0) == taken
    shared.close()


def test_a_half_of_kinds_met_is_taken_whatever_their_load() -> None:
    """A tail of kinds the worker has met costs it no meeting: the later half, as ever."""
    kinds = ["b"] * 2 + ["b"] * 12
    runs = [[0, 1], list(range(2, 14))]
    shared = SharedRuns(runs, chunk=2, kinds=kinds, fresh={"b": 100.0}, weights=[1.0] * 14)
    assert _taken(shared, 0) == [0, 1]
    assert _taken(shared, 0) == [8, 9]
    shared.close()
