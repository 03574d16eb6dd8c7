"""Benchmark: the speed-up of ``rulesq check --jobs N`` from instruction counts, whatever the load.

Usage: ``python bench/bench_jobs_counts.py [--jobs N] [--baseline DIR] [PATH ...]``
(default: the Blue Moon cases, and every case folder but the input errors).

A wall-clock speed-up shows only while cores are free; on a shared machine it is noise.
This counts the instructions each process executes under valgrind (instructions only, about
30 to 50 times slower): one process with ``--jobs 1`` (``I1``, cachegrind), and with
``--jobs N`` (callgrind, its forked workers traced, a dump at each ``fork``) the parent's
work before the fork (``P``), the parent's after it (``R``: reading the workers' reports and
printing them) and each worker's own (``W1 ... WN``). On N idle cores the run takes about
``P + (W1 + ... + WN + R) / N``: the parent's reading shares the cores with the workers,
and a worker done takes half of what another has left, so the work ends about even (under
valgrind on a loaded machine the workers run at unequal speeds, so which took how much is
noise). The speed-up is ``I1`` over that; also shown, over ``P + max(W)``, the slower
worker of this run. Before ``P`` and ``R`` were told apart, a worker's count less the whole
parent's left ``R`` out: the figure printed then was ``I1`` over ``P + mean(W)``. Instructions
leave out cache misses, page faults (a worker's first write to a page it shares with the
parent) and the system's work, so this is an estimate of the work's shape, not a timing.
Which worker takes what depends on how fast each runs, so two runs may differ a little.
``--baseline DIR`` measures another checkout's ``--jobs 1`` and ``--jobs N`` the same way
(imported from ``DIR`` before the installed rulesq); each speed-up is over the checkout's
own ``--jobs 1``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The children's working folder: an empty one. ``python -m`` and ``-c`` put it first on the
#: path, and the import system lists it (again whenever it changes): in the shared temporary
#: folder, which other processes write to, a fresh check counted up to 23 M instructions more,
#: a different number each run.
_EMPTY = tempfile.TemporaryDirectory(prefix="rulesq-cwd-")
EMPTY = _EMPTY.name


def folders() -> dict[str, list[Path]]:
    """The two folder sets ``bench/run.py`` times."""
    tests = [f for f in sorted((ROOT / "tests" / "cases").iterdir()) if f.is_dir()]
    every = [
        *sorted((ROOT / "corpus").glob("*/cases")),
        *(f for f in tests if f.name != "input-errors"),
    ]
    return {"Blue Moon cases": [ROOT / "corpus" / "bluemoon" / "cases"], "every folder": every}


def check(
    paths: list[Path], jobs: int, source: Path | None, cache: Path, before: list[str]
) -> None:
    """Run a check (its bytecode and caches written by a first run), under ``before``."""
    env = dict(os.environ, PYTHONHASHSEED="0", RULESQ_CACHE_DIR=str(cache))
    if source is not None:
        env["PYTHONPATH"] = str(source)
    command = [*before, sys.executable, "-m", "rulesq", "check", *map(str, paths)]
    subprocess.run(
        [*command, "--jobs", str(jobs)],
        env=env,
        cwd=EMPTY,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )


def one_process(paths: list[Path], source: Path | None, cache: Path) -> int:
    """Instructions of one ``--jobs 1`` check (cachegrind)."""
    check(paths, 1, source, cache, [])  # bytecode and caches ready
    with tempfile.TemporaryDirectory() as out:
        counting = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
        check(paths, 1, source, cache, [*counting, f"--cachegrind-out-file={out}/counts"])
        for line in Path(out, "counts").read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("valgrind wrote no counts")


def counts(paths: list[Path], jobs: int, source: Path | None, cache: Path) -> list[int]:
    """Instructions of the parent before the fork, after it, then of each worker (its own).

    Counted after a run with ``--jobs N`` too: the files that failed in it are remembered
    (``rulesq.failedfiles``) and planned together, as in every parallel check after a first.
    """
    check(paths, 1, source, cache, [])  # bytecode and caches ready
    check(paths, jobs, source, cache, [])  # and the files that fail remembered
    with tempfile.TemporaryDirectory() as out:
        counting = [
            "valgrind",
            "--tool=callgrind",
            "--trace-children=yes",
            "--dump-before=fork",
            "--dump-instr=no",
        ]
        check(paths, jobs, source, cache, [*counting, f"--callgrind-out-file={out}/counts.%p"])
        found: dict[int, dict[int, int]] = {}
        for path in Path(out).glob("counts.*"):
            pid, _, part = path.name.removeprefix("counts.").partition(".")
            for line in path.read_text().splitlines():
                if line.startswith("totals:"):
                    found.setdefault(int(pid), {})[int(part or 1 << 30)] = int(line.split()[1])
                    break
    if not found:
        raise SystemExit("valgrind wrote no counts")
    pids = sorted(found)  # the parent started first
    parent = found[pids[0]]
    before = sum(count for part, count in parent.items() if part < 1 << 30)
    workers = [sum(found[pid].values()) for pid in pids[1:]]
    return [before, parent.get(1 << 30, 0), *workers]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline", type=Path, help="another rulesq checkout to compare")
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    for tree in [ROOT, *([args.baseline.resolve()] if args.baseline else [])]:
        # bytecode written, as an installed package has it (and as bench_counts.py does):
        # without it each run compiles every module it imports again
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(tree / "rulesq")], check=False
        )
    sets = {"given paths": [p.resolve() for p in args.paths]} if args.paths else folders()
    with tempfile.TemporaryDirectory() as caches:
        for name, paths in sets.items():
            print(f"{name}:")
            runs = [("this", None, Path(caches, "here"))]
            if args.baseline is not None:
                runs.append(("baseline", args.baseline.resolve(), Path(caches, "baseline")))
            for label, source, cache in runs:
                # each checkout's speed-up is over its own --jobs 1, counted in the same run
                one = one_process(paths, source, cache)
                before, after, *workers = counts(paths, args.jobs, source, cache)
                shared = (sum(workers) + after) / args.jobs
                slowest = before + max(workers, default=0)
                bound = one / (before + max(one - before, 0) / args.jobs)
                print(
                    f"  {label}: --jobs 1: {one / 1e9:.3f} G; --jobs {args.jobs}: parent "
                    f"{before / 1e9:.3f} G before the fork and {after / 1e9:.3f} G after, "
                    f"workers {' + '.join(f'{w / 1e9:.3f}' for w in workers)} G (all "
                    f"{(before + after + sum(workers)) / 1e9:.3f} G); on {args.jobs} idle "
                    f"cores {(before + shared) / 1e9:.3f} G: {one / (before + shared):.2f}x "
                    f"(bound {bound:.2f}x for a perfect split after the parent's "
                    f"{before / one:.0%}); with the slower worker alone "
                    f"{slowest / 1e9:.3f} G: {one / slowest:.2f}x"
                )


if __name__ == "__main__":
    main()
