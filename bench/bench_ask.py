"""Benchmark: cold ``rulesq ask`` next to importing its dependencies, and checks per second.

Usage: ``python bench/bench_ask.py [--runs N] [--seconds S] [FILE ...]``

1. Cold start: a fresh ``python -m rulesq ask FILE`` process for each file (default: the
   Warhammer errata example and a Blue Moon example, which loads the card-text grammar and the
   judge), measured next to ``python -c "import lark, typer, networkx"`` in the same run, so
   the number says how much rulesq adds on top of its libraries. Median of N runs.
2. Throughput: situations parsed, answered and checked per second in one process, over
   every situation file of tests/examples and corpus/*/cases (files that cannot be read
   with the corpus at hand are skipped and counted).

The Warhammer example needs the Warhammer corpus; without it the fixture corpus of
tests/fixtures is used (RULESQ_CORPUS_DIR), and the report says so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FILES = [
    ROOT / "tests" / "examples" / "warhammer" / "errata.rq",
    ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq",
]
FIXTURE_CORPUS = ROOT / "tests" / "fixtures" / "corpus"


def environment() -> tuple[dict[str, str], str]:
    env = dict(os.environ)
    if not (ROOT / "corpus" / "warhammer" / "cards.jsonl").is_file():
        env["RULESQ_CORPUS_DIR"] = str(FIXTURE_CORPUS)
        return env, "fixture corpus (corpus/warhammer is not built yet)"
    return env, "corpus/"


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return elapsed


def cold_start(file: Path, runs: int, env: dict[str, str]) -> tuple[float, float]:
    ask = [sys.executable, "-m", "rulesq", "ask", str(file)]
    imports = [sys.executable, "-c", "import lark, typer, networkx"]
    timed(ask, env)  # warm the OS file cache and Lark's parser cache once
    asks, libs = [], []
    for _ in range(runs):  # interleaved, so both see the same machine load
        asks.append(timed(ask, env))
        libs.append(timed(imports, env))
    return statistics.median(asks), statistics.median(libs)


def throughput(seconds: float) -> tuple[float, int, int]:
    from rulesq.engine.check import check_situation
    from rulesq.errors import RulesqError
    from rulesq.situation import parse_situation

    files = sorted((ROOT / "tests" / "examples").rglob("*.rq"))
    files += sorted((ROOT / "corpus").glob("*/cases/**/*.rq"))
    texts = [(str(f), f.read_text(encoding="utf-8")) for f in files]
    usable, skipped = [], 0
    for name, text in texts:
        try:
            parse_situation(text, name)
        except RulesqError:
            skipped += 1
            continue
        usable.append((name, text))
    if not usable:
        raise SystemExit("no situation file can be read with the corpus at hand")
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for name, text in usable:
            check_situation(parse_situation(text, name))
            done += 1
    return done / (time.perf_counter() - start), len(usable), skipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT_FILES)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    env, corpus = environment()
    if "RULESQ_CORPUS_DIR" in env:
        os.environ["RULESQ_CORPUS_DIR"] = env["RULESQ_CORPUS_DIR"]
    print(f"corpus: {corpus}")
    for file in args.files:
        ask, libs = cold_start(file, args.runs, env)
        shown = file.relative_to(ROOT) if file.is_relative_to(ROOT) else file
        print(f"cold `rulesq ask {shown}`: {ask * 1000:.0f} ms (median of {args.runs})")
        print(f'  `python -c "import lark, typer, networkx"`: {libs * 1000:.0f} ms (same run)')
        print(f"  rulesq on top of its libraries: {(ask - libs) * 1000:+.0f} ms")
    rate, usable, skipped = throughput(args.seconds)
    print(
        f"checked in one process: {rate:.0f} situations/s "
        f"({usable} files, {skipped} skipped: they need a corpus not built yet)"
    )


if __name__ == "__main__":
    main()
