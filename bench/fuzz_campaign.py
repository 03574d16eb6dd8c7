"""A fuzz campaign outside pytest: N inputs for every command, with a timeout per input.

Usage: ``python bench/fuzz_campaign.py [--inputs 10000] [--workers 4] [--timeout 20]
[--seed 16] [--report FILE]``

The inputs are those of ``tests/fuzzgen.py`` (raw bytes, Unicode with line separators and
controls, token mutations of every shipped situation, huge numbers and names), a quarter of
each kind, run in worker processes through ``rulesq.cli.main``. Each input has a timeout
(SIGALRM in the worker; a worker that does not answer in twice that time is killed and its
input counted as a hang). Reported: inputs, outcomes per exit code, problems (exit 3,
tracebacks, a caret on the wrong line), hangs, the slowest inputs and the peak memory of a
worker (its maximum resident set size).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import resource
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


class Hang(BaseException):
    """The input ran past its timeout (not an Exception, so ``main`` does not take it)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


def _work(task: tuple[int, int, str, float]) -> dict[str, Any]:
    """Run input ``index`` (made from ``seed``); what happened, and the worker's peak memory."""
    import fuzzgen

    index, seed, kind, timeout = task
    rng = random.Random(f"{seed}:{index}")
    with fuzzgen.scratch() as folder:
        case = fuzzgen.make_case(rng, kind, folder)
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        start = time.perf_counter()
        try:
            outcome = fuzzgen.run(case)
            found = fuzzgen.problems(case, outcome)
            code = outcome.code
        except Hang:
            code, found = -1, ["hang"]
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.perf_counter() - start
    return {
        "index": index,
        "kind": kind,
        "command": case.args[0],
        "code": code,
        "problems": found,
        "seconds": seconds,
        "input": case.describe()[:400],
        "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--report", type=Path, default=None)
    parser.add_argument("--only", default="", help="Comma-separated input numbers to run.")
    args = parser.parse_args()
    import fuzzgen

    chosen = [int(i) for i in args.only.split(",") if i] or range(args.inputs)
    tasks = [(i, args.seed, fuzzgen.KINDS[i % len(fuzzgen.KINDS)], args.timeout) for i in chosen]
    results: list[dict[str, Any]] = []
    hangs: list[int] = []
    start = time.perf_counter()
    context = mp.get_context("fork")
    with context.Pool(args.workers, maxtasksperchild=500) as pool:
        pending = [(task, pool.apply_async(_work, (task,))) for task in tasks]
        for task, result in pending:
            try:
                results.append(result.get(timeout=args.timeout * 2 + 60))
            except mp.TimeoutError:
                hangs.append(task[0])
            if len(results) % 1000 == 0:
                print(
                    f"{len(results):,} inputs, {time.perf_counter() - start:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    elapsed = time.perf_counter() - start
    codes = Counter((r["command"], r["code"]) for r in results)
    bad = [r for r in results if r["problems"] and r["problems"] != ["hang"]]
    hung = [r for r in results if r["problems"] == ["hang"]]
    summary = {
        "inputs": len(tasks),
        "answered": len(results),
        "seconds": round(elapsed, 1),
        "by_kind": dict(Counter(r["kind"] for r in results)),
        "by_command_and_exit": {f"{c} {e}": n for (c, e), n in sorted(codes.items())},
        "exit_3": sum(1 for r in results if r["code"] == 3),
        "tracebacks": sum(1 for r in results if "a traceback" in r["problems"]),
        "caret_problems": sum(
            1 for r in bad if any("line" in p or "caret" in p for p in r["problems"])
        ),
        "problems": len(bad),
        "hangs": len(hung) + len(hangs),
        "slowest_seconds": sorted((round(r["seconds"], 2) for r in results), reverse=True)[:5],
        "peak_worker_mb": round(max(r["peak_kb"] for r in results) / 1024, 1),
        "examples": [
            {"index": r["index"], "input": r["input"], "problems": r["problems"]} for r in bad[:20]
        ],
        "hung_inputs": [f"#{r['index']} {r['input']}" for r in hung[:20]]
        + [f"#{i}" for i in hangs[:10]],
    }
    text = json.dumps(summary, indent=2, ensure_ascii=False)
    print(text)
    if args.report:
        args.report.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
