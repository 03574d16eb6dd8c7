"""Benchmark: the speed-up of ``rulesq check --jobs N`` from instruction counts, whatever the load.

Usage: ``python bench/bench_jobs_counts.py [--jobs N] [--baseline DIR] [PATH ...]``
(default: the Blue Moon cases, and every case folder but the input errors).

A wall-clock speed-up shows only while cores are free; on a shared machine it is noise.
This runs each check under valgrind's cachegrind (``--cache-sim=no``: instructions only,
about 30 to 50 times slower) with its forked workers traced, and counts the instructions
each process executes: one process with ``--jobs 1`` (``I1``), and with ``--jobs N`` the
parent (``P``: all it does, nearly all of it before the fork) and each worker (its count
less the parent's, which a fork inherits). On N idle cores, with the workers' work shared
evenly (a worker done takes half of what another has left), the run takes about
``P + (W1 + ... + WN) / N``; the speed-up is ``I1`` over that (and over ``P + max(W)``,
the run as long as its slower worker's). Instructions leave out cache
misses, page faults (a worker's first write to a page it shares with the parent) and the
system's work, so this is an estimate of the work's shape, not a timing.
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
        cwd=tempfile.gettempdir(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )


def counts(paths: list[Path], jobs: int, source: Path | None, cache: Path) -> list[int]:
    """Instructions of the parent, then of each worker (its own), of one check."""
    check(paths, 1, source, cache, [])  # bytecode and caches ready
    with tempfile.TemporaryDirectory() as out:
        counting = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes"]
        check(paths, jobs, source, cache, [*counting, f"--cachegrind-out-file={out}/counts.%p"])
        found: dict[int, int] = {}
        for path in Path(out).glob("counts.*"):
            for line in path.read_text().splitlines():
                if line.startswith("summary:"):
                    found[int(path.suffix[1:])] = int(line.split()[1])
    if not found:
        raise SystemExit("valgrind wrote no counts")
    pids = sorted(found)  # the parent started first
    parent = found[pids[0]]
    return [parent, *(found[pid] - parent for pid in pids[1:])]


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
                one = sum(counts(paths, 1, source, cache))
                parent, *workers = counts(paths, args.jobs, source, cache)
                idle = parent + sum(workers) / max(len(workers), 1)
                slowest = parent + max(workers, default=0)
                bound = one / (parent + max(one - parent, 0) / args.jobs)
                print(
                    f"  {label}: --jobs 1: {one / 1e9:.2f} G; --jobs {args.jobs}: parent "
                    f"{parent / 1e9:.2f} G, workers "
                    f"{' + '.join(f'{w / 1e9:.2f}' for w in workers)} G (all "
                    f"{(parent + sum(workers)) / 1e9:.2f} G); on idle cores "
                    f"{idle / 1e9:.2f} G: {one / idle:.2f}x (bound {bound:.2f}x "
                    f"for a perfect split after the parent's "
                    f"{parent / one:.0%}); with the slower worker "
                    f"{slowest / 1e9:.2f} G: {one / slowest:.2f}x"
                )


if __name__ == "__main__":
    main()
