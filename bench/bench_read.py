"""Benchmark: reading situations (parse, build, resolve, check), per text, as a fresh check does.

Usage: ``python bench/bench_read.py [--baseline DIR] [--count] [FOLDER]``
(default folder: the Blue Moon cases).

A ``rulesq check FOLDER --jobs 1`` is run once with every call of ``parse_situation`` recorded
(the files, and the texts made from them to ask a question again), in a warm private cache
folder. Then a child process reads every recorded text once (imports, grammars, corpus: what
a process does once), forgets the remembered lines, as a fresh process has none, and reads
them all again: that second round is the figure, in CPU milliseconds per text (the best of
three children). ``--count`` also counts the instructions of that round under valgrind
(cachegrind, instructions only: a child that stops after the first round is counted too, and
subtracted), a figure that does not depend on the machine's load (about a minute a
checkout). ``--baseline DIR`` measures another checkout the same way, on the same texts.
"""

from __future__ import annotations

import argparse
import json
import os
import re
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

RECORD = """
import json, sys
from pathlib import Path
import rulesq.situation as situation
from rulesq.engine.check import check_file
calls, real = [], situation.parse_situation
def recorded(text, source="<input>", game=None, remember=False):
    calls.append([text, source, game, remember])
    return real(text, source, game, remember)
situation.parse_situation = recorded
for file in sorted(Path(sys.argv[1]).rglob("*.rq")):
    check_file(file)
Path(sys.argv[2]).write_text(json.dumps(calls))
"""

REPLAY = """
import gc, json, sys, time
gc.set_threshold(50_000)  # as the command sets it
from rulesq.errors import RulesqError
from rulesq.situation import parse_situation
try:
    from rulesq.situation.lineitems import forget
except ImportError:  # a checkout from before the line items
    from rulesq.situation.lines import forget
calls = json.loads(open(sys.argv[1]).read())
def read_all():
    for text, source, game, remember in calls:
        try:
            parse_situation(text, source, game, remember)
        except RulesqError:
            pass
read_all()
if sys.argv[2] == "measure":
    forget()
    start = time.process_time()
    read_all()
    print(json.dumps({"cpu": time.process_time() - start, "texts": len(calls)}))
"""


def _env(checkout: Path, cache: Path) -> dict[str, str]:
    env = dict(os.environ, RULESQ_CACHE_DIR=str(cache))
    env["PYTHONPATH"] = os.pathsep.join([str(checkout), env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep
    )
    return env


def _python(code: str, args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=EMPTY,
    )
    return done.stdout


def _instructions(args: list[str], env: dict[str, str]) -> int:
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            REPLAY,
            *args,
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=EMPTY,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit("valgrind gave no instruction count")
    return int(found.group(1).replace(",", ""))


def measure(checkout: Path, calls: Path, work: Path, count: bool) -> dict[str, float]:
    """The second round's CPU per text (best of three), and its instructions with ``count``."""
    cache = work / f"cache-{abs(hash(str(checkout)))}"
    cache.mkdir(mode=0o700, exist_ok=True)
    env = _env(checkout, cache)
    _python(REPLAY, [str(calls), "warm"], env)  # the cache folder filled for these texts
    runs = [json.loads(_python(REPLAY, [str(calls), "measure"], env)) for _ in range(3)]
    best = min(runs, key=lambda run: run["cpu"])
    out = {"texts": best["texts"], "ms": 1000 * best["cpu"] / best["texts"]}
    if count:
        rounds = _instructions([str(calls), "measure"], env)
        first = _instructions([str(calls), "warm"], env)
        out["instructions"] = (rounds - first) / best["texts"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "corpus" / "bluemoon" / "cases"))
    parser.add_argument("--baseline", type=Path, help="another checkout, measured the same way")
    parser.add_argument("--count", action="store_true", help="instructions too (valgrind)")
    options = parser.parse_args()
    if options.count and shutil.which("valgrind") is None:
        raise SystemExit("--count needs valgrind")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        calls = work / "calls.json"
        record_cache = work / "record"
        record_cache.mkdir(mode=0o700)
        _python(RECORD, [options.folder, str(calls)], _env(ROOT, record_cache))
        checkouts = {"this checkout": ROOT}
        if options.baseline is not None:
            checkouts["baseline"] = options.baseline.resolve()
        results = {
            name: measure(path, calls, work, options.count) for name, path in checkouts.items()
        }
    print(f"load (1 min): {os.getloadavg()[0]:.1f}")
    for name, result in results.items():
        line = f"{name}: {result['texts']:.0f} texts, {result['ms']:.3f} ms CPU a text"
        if "instructions" in result:
            line += f", {result['instructions'] / 1e6:.2f} M instructions a text"
        print(line)
    if "baseline" in results:
        mine, theirs = results["this checkout"], results["baseline"]
        ratio = f"baseline over this: CPU {theirs['ms'] / mine['ms']:.2f}x"
        if "instructions" in mine:
            ratio += f", instructions {theirs['instructions'] / mine['instructions']:.2f}x"
        print(ratio)


if __name__ == "__main__":
    main()
