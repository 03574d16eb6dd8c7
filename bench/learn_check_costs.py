"""Learn what checking a file of each game costs, from instruction counts: rulesq/checkcost.json.

Usage: ``python bench/learn_check_costs.py [--write]`` (prints the table; ``--write`` also
writes it where ``check --jobs N`` reads it).

``check --jobs N`` cuts the files into runs of about equal predicted work. A file's size
alone mispredicts it: a byte of a Blue Moon case costs about 1.7 times a byte of an FMA case,
and the first file of a game in a process loads the game (Warhammer's: as much as 150 of its
files). This counts, under valgrind's callgrind with a dump before each file's check (a
marker call), one process that checks every case folder (as ``bench/bench_jobs_counts.py``
does: the input errors left out, whose first error loads the situation grammar): for each
game ``per_byte`` is the instructions of its files after the first over their bytes, and
``load`` what its first file costs beyond its bytes' share (the first game's with the
modules every game shares). The input errors are counted in a process of their own, as one
kind (``#failed``, :data:`rulesq.checkcost.FAILED`: a check remembers the files that failed
and plans them together, in one worker): its ``load`` is what the first error costs there
beyond its bytes' share and the process's start-up: importing lark, loading the situation
grammars (an error's suggestions try every game's) and the games the errors name, as the
worker that meets them pays it (counted after every game was loaded, as it once was, it was
a tenth of that). The figures are relative weights: the machine's speed, the load and
Python's version scale them all alike.
"""

from __future__ import annotations

import argparse
import json
import os
import re
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
TABLE = ROOT / "rulesq" / "checkcost.json"

#: Checks every file given, calling ``os.getpgrp`` (the marker) before each file's check.
DRIVER = """
import os, sys
import rulesq.engine.check as check
real = check.check_file
def marked(path, game=None, **options):
    os.getpgrp()
    return real(path, game, **options)
check.check_file = marked
sys.argv = ["rulesq", "check", *sys.argv[1:], "--jobs", "1"]
from rulesq.cli import run
run()
"""


def case_files() -> list[tuple[Path, str | None]]:
    """Every case file a check of every case folder reads, in its order, with its game.

    The input errors come last, each of the kind :data:`rulesq.checkcost.FAILED`.
    """
    sys.path.insert(0, str(ROOT))
    from rulesq.checkcost import FAILED
    from rulesq.cli.parallel import _sniff
    from rulesq.engine.check import planned_checks

    tests = [f for f in sorted((ROOT / "tests" / "cases").iterdir()) if f.is_dir()]
    folders = [
        *sorted((ROOT / "corpus").glob("*/cases")),
        *(f for f in tests if f.name != "input-errors"),
    ]
    found = [item for item in planned_checks([str(f) for f in folders]) if isinstance(item, Path)]
    errors = planned_checks([str(ROOT / "tests" / "cases" / "input-errors")])
    return [(path, _sniff(str(path), None)[0]) for path in found] + [
        (path, FAILED) for path in errors if isinstance(path, Path)
    ]


def marked_counts(files: list[Path], cache: Path) -> list[int]:
    """Instructions before the first file, then of each file's check (one process)."""
    env = dict(os.environ, PYTHONHASHSEED="0", RULESQ_CACHE_DIR=str(cache))
    env["PYTHONPATH"] = str(ROOT)
    command = [sys.executable, "-c", DRIVER, *map(str, files)]
    quiet = subprocess.DEVNULL
    where = EMPTY
    subprocess.run(command, env=env, cwd=where, stdout=quiet, stderr=quiet, check=False)
    with tempfile.TemporaryDirectory() as out:
        counting = ["valgrind", "--tool=callgrind", "--dump-before=getpgrp", "--dump-instr=no"]
        target = f"--callgrind-out-file={out}/counts"
        subprocess.run(
            [*counting, target, *command], env=env, cwd=where, stdout=quiet, stderr=quiet
        )
        parts: dict[int, int] = {}
        for path in Path(out).iterdir():
            number = re.fullmatch(r"counts(?:\.(\d+))?", path.name)
            if number is None:
                continue
            for line in path.read_text().splitlines():
                if line.startswith("totals:"):
                    parts[int(number.group(1) or 1 << 30)] = int(line.split()[1])
                    break
    return [parts[key] for key in sorted(parts)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {TABLE.name}")
    args = parser.parse_args()
    from rulesq.checkcost import FAILED

    files = case_files()
    cases = [(path, game) for path, game in files if game != FAILED]
    errors = [(path, game) for path, game in files if game == FAILED]
    costs: list[int] = []
    with tempfile.TemporaryDirectory() as cache:
        for part in (cases, errors):  # the errors in a process of their own, as in a worker
            counts = marked_counts([path for path, _ in part], Path(cache))
            costs += counts[1:]  # the first: the start-up, before the first file
    if len(costs) != len(files):
        raise SystemExit(f"{len(costs)} counts for {len(files)} files")
    table: dict[str, dict[str, float]] = {}
    for game in sorted({game for _, game in files if game is not None}):  # "#failed" first
        own = [
            (path.stat().st_size, cost)
            for (path, g), cost in zip(files, costs, strict=True)
            if g == game
        ]
        per_byte = sum(cost for _, cost in own[1:]) / max(sum(size for size, _ in own[1:]), 1)
        load = max(own[0][1] - per_byte * own[0][0], 0.0)
        table[game] = {"per_byte": round(per_byte), "load": round(load)}
        print(f"{game}: {len(own)} files, {per_byte:,.0f} per byte, load {load / 1e6:.1f} M")
    if args.write:
        TABLE.write_text(json.dumps(table, indent=2, sort_keys=True) + "\n")
        print(f"written: {TABLE}")


if __name__ == "__main__":
    main()
