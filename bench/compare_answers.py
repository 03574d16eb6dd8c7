"""Whether two checkouts answer alike: ``rulesq ask --json`` and ``--explain`` of every case file.

A change meant only to make judging cheaper must leave every answer as it was, byte for byte.
For each ``.rq`` file under the paths (default: the Blue Moon cases, ``tests/cases/bluemoon*``
and the seed examples), each checkout is run in a fresh process (``python -m rulesq ask FILE
--json``, then ``--explain``), its source first on the path, a cache folder of its own; the
exit codes, outputs and errors are compared. Prints how many runs were compared and each that
differs (exit 1 when any does).

    python bench/compare_answers.py --baseline DIR [--jobs 2] [PATH ...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODES = ("--json", "--explain")


def default_paths() -> list[Path]:
    """The Blue Moon cases, the Blue Moon folders of ``tests/cases`` and the seed examples."""
    found = [ROOT / "corpus" / "bluemoon" / "cases"]
    found += sorted(p for p in (ROOT / "tests" / "cases").glob("bluemoon*") if p.is_dir())
    examples = ROOT.parent / "shared" / "examples"
    return found + ([examples] if examples.is_dir() else [])


def files_of(paths: list[Path]) -> list[Path]:
    """The situation files under ``paths``, in order."""
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.rglob("*.rq")) if path.is_dir() else [path])
    return found


def run(source: Path, cache: str, path: Path, mode: str) -> tuple[int, str, str]:
    """One ``rulesq ask`` of ``path`` by the checkout ``source``: exit code, output, errors."""
    env = dict(os.environ, PYTHONPATH=str(source), RULESQ_CACHE_DIR=cache, PYTHONHASHSEED="0")
    command = [sys.executable, "-m", "rulesq", "ask", str(path), mode]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, done.stderr


def answers(source: Path, files: list[Path], jobs: int) -> list[tuple[int, str, str]]:
    """Every file's answer in every mode, by the checkout ``source`` (its own cache folder)."""
    with tempfile.TemporaryDirectory(prefix="rulesq-compare-") as cache:
        run(source, cache, files[0], MODES[0])  # the cache folder filled once, before the pool
        tasks = [(path, mode) for path in files for mode in MODES]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(lambda task: run(source, cache, *task), tasks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the checkout to compare")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args()
    files = files_of([p.resolve() for p in args.paths] or default_paths())
    mine = answers(ROOT, files, args.jobs)
    theirs = answers(args.baseline.resolve(), files, args.jobs)
    tasks = [(path, mode) for path in files for mode in MODES]
    differ = [task for task, a, b in zip(tasks, mine, theirs, strict=True) if a != b]
    for path, mode in differ:
        print(f"differs: {path} {mode}")
    print(f"{len(files)} files, {len(tasks)} runs compared: {len(differ)} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
