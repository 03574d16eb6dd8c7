"""``check --jobs N`` cuts its runs by predicted work: each game's cost per byte and its load."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesq import checkcost
from rulesq.checkcost import FAILED, game_costs, predicted
from rulesq.cli import parallel
from rulesq.engine.check import planned_checks
from rulesq.games import GAMES
from rulesq.runs import SharedRuns

ROOT = Path(__file__).resolve().parents[1]


def _every_folder(failed: bool = False) -> tuple[list[str | None], list[float]]:
    """Each file's game and size, over every case folder (as the parent sniffs them).

    With ``failed``, the input errors are of the kind the files remembered failing have.
    """
    folders = [*sorted((ROOT / "corpus").glob("*/cases")), ROOT / "tests" / "cases"]
    files = [str(p) for p in planned_checks([str(f) for f in folders]) if isinstance(p, Path)]
    kinds, sizes = zip(*(parallel._sniff(path, None) for path in files), strict=True)
    if failed:
        kinds = tuple(
            FAILED if Path(path).parent.name == "input-errors" else kind
            for path, kind in zip(files, kinds, strict=True)
        )
    return list(kinds), list(sizes)


def _work(run: list[int], kinds: list[str | None], sizes: list[float], here: set[str]) -> float:
    """A run's predicted work: its files, and the load of each game not loaded before the fork."""
    costs, loads = predicted(kinds, sizes)
    games = {kinds[index] for index in run} - here
    return sum(costs[index] for index in run) + sum(loads.get(g or "", 0.0) for g in games)


@pytest.fixture
def no_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    game_costs.cache_clear()
    monkeypatch.setattr(checkcost, "TABLE", ROOT / "no-such-table.json")
    yield
    game_costs.cache_clear()


def test_the_table_weighs_every_game() -> None:
    table = game_costs()
    assert set(table) - {checkcost.FAILED} == set(GAMES)  # and the failed files' row
    assert all(row.per_byte > 0 and row.load > 0 for row in table.values())


def test_a_file_costs_its_games_bytes_and_a_game_unknown_the_mean() -> None:
    table = game_costs()
    costs, loads = predicted(["bluemoon", "fma", None], [100.0, 100.0, 10.0])
    assert costs[:2] == [100 * table["bluemoon"].per_byte, 100 * table["fma"].per_byte]
    games = [row.per_byte for kind, row in table.items() if kind != checkcost.FAILED]
    assert costs[2] == pytest.approx(10 * sum(games) / len(games))  # the games' mean
    assert loads == {"bluemoon": table["bluemoon"].load, "fma": table["fma"].load}


def test_without_the_table_a_file_costs_its_size(no_table: None) -> None:
    assert predicted(["bluemoon", "fma"], [3.0, 5.0]) == ([3.0, 5.0], {})


def test_every_folder_is_cut_into_runs_of_even_predicted_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Learned weights: the longer run's work is at most half the whole and half a game's load.

    A game cut in two runs is loaded before the fork, for both: the runs end together, but
    later by half its load. A game a little more than half the work (Blue Moon's files and
    load) is better left whole in one run, which then ends later than half by less than
    that; further apart than that, the cut is wrong (as by size alone).
    """
    kinds, sizes = _every_folder()
    runs, loaded = parallel.plan(kinds, sizes, 2)[:2]
    assert sorted(index for run in runs for index in run) == list(range(len(kinds)))
    costs, loads = predicted(kinds, sizes)
    slack = max(loads.values()) / 2 + max(costs)  # a shared load, and a file's granularity
    work = [_work(run, kinds, sizes, set(loaded)) for run in runs]
    assert max(work) < sum(work) / 2 + slack
    # cut by size (each game's bytes alike, no load): the runs' predicted work is far apart
    monkeypatch.setattr(checkcost, "game_costs", lambda: {})
    by_size, shared = parallel.plan(kinds, sizes, 2)[:2]
    monkeypatch.undo()
    work = [_work(run, kinds, sizes, set(shared)) for run in by_size]
    assert max(work) > sum(work) / 2 + slack


#: Eight files of a, two of b, two of c, all alike: the cut falls in a.
KINDS: list[str | None] = ["a"] * 8 + ["b"] * 2 + ["c"] * 2


def test_a_game_in_two_runs_is_loaded_here_and_ends_each_run() -> None:
    runs, loaded = parallel.plan(KINDS, [1.0] * 12, 2)[:2]
    assert loaded == ["a"]
    assert runs == [[0, 1, 2, 3, 4, 5], [8, 9, 10, 11, 6, 7]]  # b and c first, then a


def test_the_games_a_worker_must_load_to_take_a_tail_come_smallest_load_last() -> None:
    """The run after the cut: Warhammer, then FMA (the smaller load), then Blue Moon's tail.

    A worker done with Blue Moon takes Blue Moon's tail, then a tail of the other run only
    when its work is more than the load of the game it must meet there: FMA's, not
    Warhammer's. In the order the games came, FMA's files went first and Warhammer's last.
    """
    kinds: list[str | None] = ["bluemoon"] * 60 + ["fma"] * 12 + ["warhammer"] * 12
    runs, loaded = parallel.plan(kinds, [1000.0] * len(kinds), 2)[:2]
    assert loaded == ["bluemoon"]
    _, loads = predicted(kinds, [1000.0] * len(kinds))
    assert loads["warhammer"] > loads["fma"]
    games = list(dict.fromkeys(kinds[index] for index in runs[1]))
    assert games == ["warhammer", "fma", "bluemoon"]
    fma = [index for index in runs[1] if kinds[index] == "fma"]
    assert fma == sorted(fma)  # each game's files in order


def test_a_worker_done_takes_the_shared_games_tail_of_the_other_run() -> None:
    """The run of other games ends with the shared game's files: a worker done takes them."""
    runs, loaded = parallel.plan(KINDS, [1.0] * 12, 2)[:2]
    shared = SharedRuns(runs, chunk=2, kinds=KINDS, loaded=loaded, fresh=100)
    assert [_taken(shared, 0) for _ in range(3)] == [[0, 1], [2, 3], [4, 5]]
    assert _taken(shared, 1) == [8, 9]
    assert _taken(shared, 0) == [6, 7]  # a's tail: a game worker 0 need not load
    assert _taken(shared, 0) == []  # c is not loaded, and too small a half to load it for
    assert _taken(shared, 1) == [10, 11]
    shared.close()


def test_games_in_one_run_each_are_loaded_by_their_workers() -> None:
    runs, loaded = parallel.plan(["a"] * 4 + ["b"] * 4, [1.0] * 8, 2)[:2]
    assert (runs, loaded) == ([[0, 1, 2, 3], [4, 5, 6, 7]], [])


def _taken(shared: SharedRuns, worker: int) -> list[int]:
    return [shared.order[at] for at in shared.take(worker)]


def test_the_workers_weigh_a_steal_by_the_learned_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan's predicted work and each game's load reach the shared runs."""
    import rulesq.pool

    seen: dict[str, object] = {}

    def capture(*args: object) -> Iterator[object]:
        seen["fresh"], seen["weights"] = args[7], args[10]
        return iter(())

    monkeypatch.setattr(rulesq.pool, "forked_map", capture)
    kinds: list[str | None] = ["bluemoon"] * 4 + ["warhammer"] * 4
    cut = parallel.plan(kinds, [100.0] * 8, 2)
    list(parallel._in_workers([""] * 8, None, False, 2, cut.runs, kinds, cut))
    table = game_costs()
    assert seen["fresh"] == {
        "bluemoon": table["bluemoon"].load,
        "warhammer": table["warhammer"].load,
    }
    assert seen["weights"] == cut.costs


def _plan_long_way(
    kinds: list[str | None], sizes: list[float], workers: int
) -> tuple[list[list[int]], list[str]]:
    """The cut as it was first written: sorted by each game's first file, sets of runs."""

    def balanced_runs(order: list[int], costs: list[float], parts: int) -> list[list[int]]:
        total = sum(costs[index] for index in order)
        runs: list[list[int]] = [[] for _ in range(max(1, parts))]
        done = 0.0
        run = 0
        for index in order:
            cost = costs[index]
            share = total * (run + 1) / len(runs)
            if run < len(runs) - 1 and runs[run] and done + cost / 2 > share:
                run += 1
            runs[run].append(index)
            done += cost
        return runs

    first: dict[str | None, int] = {}
    for index, kind in enumerate(kinds):
        first.setdefault(kind, index)
    order = sorted(range(len(kinds)), key=lambda index: first[kinds[index]])
    costs, loads = predicted(kinds, sizes)
    loaded: list[str] = []
    for _ in range(2):
        weights = list(costs)
        for kind, index in first.items():
            if kind is not None and kind not in loaded:
                weights[index] += loads.get(kind, 0.0)
        runs = balanced_runs(order, weights, workers)
        seen: dict[str, set[int]] = {}
        for number, run in enumerate(runs):
            for index in run:
                if kinds[index] is not None:
                    seen.setdefault(kinds[index], set()).add(number)  # type: ignore[arg-type]
        shared = [k for k, numbers in seen.items() if len(numbers) > 1 and k != FAILED]
        if shared == loaded or loaded:
            # cut again without a shared game's load, the cut may fall at that game's edge:
            # keep it loaded here, not flipped back to the loads these runs were not cut for
            break
        loaded = shared

    def spread(runs: list[list[int]], loaded: list[str]) -> float:
        work = [
            sum(costs[index] for index in run)
            + sum(loads.get(k or "", 0.0) for k in {kinds[index] for index in run} - set(loaded))
            for run in runs
        ]
        return max(work) - min(work) if work else 0.0

    starts = {run[0] for run in runs[1:] if run}
    edge = next(
        (k for k, i in first.items() if k not in (None, FAILED, *loaded) and i in starts), None
    )
    if edge is not None:
        weights = list(costs)
        for kind, index in first.items():
            if kind is not None and kind not in loaded and kind != edge:
                weights[index] += loads.get(kind, 0.0)
        trial = balanced_runs(order, weights, workers)
        if spread(trial, [*loaded, edge]) < spread(runs, loaded):
            runs, loaded = trial, [*loaded, edge]

    def makespan(runs: list[list[int]], loaded: list[str]) -> float:
        here = sum(loads.get(k, 0.0) for k in loaded)  # before the fork: no worker shares it
        work = [
            sum(costs[index] for index in run)
            + sum(loads.get(k or "", 0.0) for k in {kinds[index] for index in run} - set(loaded))
            for run in runs
        ]
        return here + max(work)

    if loaded:  # whole games in each run, when that is predicted to end sooner
        games = list(dict.fromkeys(kinds[index] for index in order))
        if FAILED in games:
            games.remove(FAILED)
            games.append(FAILED)
        members = [[index for index in order if kinds[index] == game] for game in games]
        weights = [
            sum(costs[index] for index in group) + loads.get(game or "", 0.0)
            for game, group in zip(games, members, strict=True)
        ]
        whole = [
            [index for at in run for index in members[at]]
            for run in balanced_runs(list(range(len(games))), weights, workers)
        ]
        if makespan(whole, []) < makespan(runs, loaded):
            runs, loaded = whole, []
    last = set(loaded)

    def placed(run: list[int]) -> list[int]:
        """Games not loaded here first, the largest load first, each game's files in order."""
        first_at: dict[str | None, int] = {}
        for index in run:
            first_at.setdefault(kinds[index], len(first_at))

        def key(index: int) -> tuple[int, float, int]:
            kind = kinds[index]
            if kind in last:
                return (1, 0.0, 0)
            return (0, -loads.get(kind or "", 0.0), first_at[kind])

        return sorted(run, key=key)

    return [placed(run) for run in runs], loaded


def test_the_cut_is_the_one_first_written() -> None:
    """Over every case folder, and mixed games of random sizes (with files of no game)."""
    import random

    kinds, sizes = _every_folder()
    cases = [(kinds, sizes)]
    chance = random.Random(14)
    for count in (1, 2, 7, 40, 300):
        games: list[str | None] = [*GAMES, None, "other"]
        mixed = [chance.choice(games) for _ in range(count)]
        cases.append((mixed, [float(chance.randint(0, 5000)) for _ in range(count)]))
    for case_kinds, case_sizes in cases:
        for workers in (1, 2, 3, 5):
            cut = parallel.plan(case_kinds, case_sizes, workers)
            assert (cut.runs, cut.loaded) == _plan_long_way(case_kinds, case_sizes, workers)


def test_whole_games_per_run_when_loading_the_cut_game_here_would_end_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three games whose even cut falls inside one: its load would come first, before the fork.

    Loaded here, it is work that no worker shares; the runs of whole games are predicted to
    end sooner, though further apart. (The case folders made this so until the Warhammer
    cases grew: :func:`test_every_folder_plan_ends_no_later_than_whole_games` checks them.)
    """
    kinds: list[str | None] = ["bluemoon"] * 20 + ["warhammer"] * 25 + ["fma"] * 10
    sizes = [1000.0] * len(kinds)
    costs, loads = predicted(kinds, sizes)
    cut = parallel.plan(kinds, sizes, 2)
    assert cut.loaded == []
    games = [{kinds[index] for index in run} for run in cut.runs]
    assert not games[0] & games[1]  # each game in one run
    # without whole games, a game is loaded here: predicted to end later
    monkeypatch.setattr(parallel, "_whole_games", lambda *args: [list(range(len(kinds)))])
    shared = parallel.plan(kinds, sizes, 2)
    assert shared.loaded
    assert parallel._makespan(cut.runs, kinds, costs, loads, []) < parallel._makespan(
        shared.runs, kinds, costs, loads, shared.loaded
    )


def test_every_folder_plan_ends_no_later_than_whole_games() -> None:
    """Over every folder the plan is predicted to end no later than runs of whole games."""
    kinds, sizes = _every_folder(failed=True)
    costs, loads = predicted(kinds, sizes)
    cut = parallel.plan(kinds, sizes, 2)
    groups: dict[str | None, list[int]] = {}
    for index, kind in enumerate(kinds):
        groups.setdefault(kind, []).append(index)
    if FAILED in groups:
        groups[FAILED] = groups.pop(FAILED)
    whole = parallel._whole_games(groups, costs, loads, 2)
    assert parallel._makespan(cut.runs, kinds, costs, loads, cut.loaded) <= parallel._makespan(
        whole, kinds, costs, loads, []
    )


def test_a_shared_game_is_kept_when_whole_games_would_end_later() -> None:
    """One game far larger than the others: only a cut inside it evens the runs."""
    kinds: list[str | None] = ["bluemoon"] * 40 + ["fma"] * 2
    cut = parallel.plan(kinds, [1000.0] * 42, 2)
    assert cut.loaded == ["bluemoon"]
