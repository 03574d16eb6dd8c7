"""Benchmark: instructions per situation after start-up, whatever the machine's load.

Usage: ``python bench/bench_counts.py [--baseline DIR] [PATH ...]`` (default: the Blue Moon
cases).

The throughput figure of ``bench/run.py`` is CPU time, which a shared machine's load shifts
by a third from one run to the next. This counts instructions instead, under valgrind's
cachegrind (``--cache-sim=no``: instructions only, about 40 times slower): a fresh ``rulesq
check PATH --jobs 1`` (``A``) and a fresh check of its first file alone (``F``, the start-up:
interpreter, imports, grammars, corpus, the first situation). The work per situation after
start-up is ``(A - F) / (files - 1)``; at the rate this machine runs Python (``--rate``,
instructions per CPU second, measured by ``bench/run.py``'s floor), it gives situations per
second. ``--baseline DIR`` counts another checkout the same way (imported from ``DIR``
before the installed rulesq), so that two commits compare in one run.
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


def instructions(paths: list[Path], source: Path | None, cache: Path) -> int:
    """Instructions of one fresh ``rulesq check PATHS --jobs 1`` (bytecode, caches warm)."""
    env = dict(os.environ, PYTHONHASHSEED="0", RULESQ_CACHE_DIR=str(cache))
    if source is not None:
        env["PYTHONPATH"] = str(source)
    command = [sys.executable, "-m", "rulesq", "check", *map(str, paths), "--jobs", "1"]
    quiet = subprocess.DEVNULL
    subprocess.run(command, env=env, cwd=EMPTY, stdout=quiet, stderr=quiet, check=False)
    return counted(command, env)


def compiled_runs(baseline: Path | None) -> list[tuple[str, Path | None]]:
    """This checkout and the baseline's, if any, each with its bytecode written first."""
    runs: list[tuple[str, Path | None]] = [("this", None)]
    if baseline is not None:
        runs.append(("baseline", baseline.resolve()))
    for _, source in runs:  # bytecode written, as an installed package has it
        tree = str((source or ROOT) / "rulesq")
        subprocess.run([sys.executable, "-m", "compileall", "-q", tree], check=False)
    return runs


def counted(command: list[str], env: dict[str, str]) -> int:
    """Instructions of one run of ``command`` under valgrind, in an empty working folder."""
    quiet = subprocess.DEVNULL
    with tempfile.TemporaryDirectory() as out:
        counting = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
        target = f"--cachegrind-out-file={out}/counts"
        run = [*counting, target, *command]
        subprocess.run(run, env=env, cwd=EMPTY, stdout=quiet, stderr=quiet, check=False)
        for line in Path(out, "counts").read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("valgrind wrote no counts")


def files_of(paths: list[Path]) -> list[Path]:
    """The situation files a check of ``paths`` reads, in its order."""
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.rglob("*.rq")) if path.is_dir() else [path])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another rulesq checkout to compare")
    parser.add_argument("--rate", type=float, default=0.0, help="instructions per CPU second")
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    paths = [p.resolve() for p in args.paths] or [ROOT / "corpus" / "bluemoon" / "cases"]
    files = files_of(paths)
    if len(files) < 2:
        raise SystemExit("give at least two situation files")
    runs = compiled_runs(args.baseline)
    with tempfile.TemporaryDirectory() as caches:
        for label, source in runs:
            cache = Path(caches, label)
            whole = instructions(paths, source, cache)
            first = instructions(files[:1], source, cache)
            per = (whole - first) / (len(files) - 1)
            rate = f", {args.rate / per:,.0f} situations/s" if args.rate else ""
            print(
                f"{label}: {len(files)} files: whole {whole / 1e9:.3f} G, start-up (first file) "
                f"{first / 1e9:.3f} G, per situation after start-up {per / 1e6:.2f} M{rate}"
            )


if __name__ == "__main__":
    main()
