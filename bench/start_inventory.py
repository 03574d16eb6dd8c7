"""Inventory: what a fresh check and a cold ask import, what each module costs, what runs.

Usage: ``python bench/start_inventory.py [--runs N] [--all]``

Three fresh processes (a cache folder of their own, warmed first): ``rulesq check`` of one
Blue Moon case, a cold Blue Moon ``rulesq ask`` (``bench/run.py``'s file), and ``rulesq check``
of the whole Blue Moon folder with ``--jobs 1``. Each runs under a profile hook that notes
the modules it imports, the classes it builds (and in which module), and every function it
calls. With ``-X importtime`` (the median of ``--runs`` runs of the first two) each module's
own import time. The table: module, import time (µs, its own), classes built, and how many
of its functions the one-file check, the ask and the folder check call ("-": not imported
there). A module imported with no function called may still be used (a class made, a
constant read); one with neither is a candidate for a lazy import. ``--all`` lists every
module, not only rulesq's and those of 300 µs or more.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ONE = ROOT / "corpus" / "bluemoon" / "cases" / "about-deck-building" / "q064-moon-limit.rq"
ASK = ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq"
FOLDER = ROOT / "corpus" / "bluemoon" / "cases"

#: Run in the child: the command, noting modules, classes and functions called.
_TRACED = """
import builtins, sys
before, out = set(sys.modules), sys.argv[1]
classes, bodies, called = [], set(), set()
real = builtins.__build_class__
def build(func, name, *bases, **kw):
    bodies.add(func.__code__)
    cls = real(func, name, *bases, **kw)
    classes.append(getattr(cls, "__module__", "?"))
    return cls
builtins.__build_class__ = build
def note(frame, event, arg):
    if event == "call":
        called.add(frame.f_code)
sys.setprofile(note)
from rulesq.cli import main
sys.argv = ["rulesq", *sys.argv[2:]]
try:
    main()
except SystemExit:
    pass
sys.setprofile(None)
import json
files = {}
for code in called:
    if code.co_name != "<module>" and code not in bodies:
        files.setdefault(code.co_filename, set()).add(code.co_qualname)
modules = {}
for name in set(sys.modules) - before:
    path = getattr(sys.modules[name], "__file__", None)
    modules[name] = len(files.get(path, ())) if path else None
with open(out, "w") as file:
    json.dump({"modules": modules, "classes": classes}, file)
"""


def traced(argv: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Modules imported (functions called in each) and classes built by ``rulesq ARGV``."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder, "found.json")
        command = [sys.executable, "-c", _TRACED, str(out), *argv]
        done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=folder)
        if not out.exists():
            raise SystemExit(f"rulesq {' '.join(argv)} noted nothing:\n{done.stderr}")
        found: dict[str, Any] = json.loads(out.read_text())
        return found


def import_times(argv: list[str], env: dict[str, str], runs: int) -> dict[str, float]:
    """Each module's own import time (µs), the median of ``runs`` fresh processes."""
    seen: dict[str, list[int]] = {}
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "rulesq", *argv],
            env=env,
            capture_output=True,
            text=True,
            check=False,
            cwd=tempfile.gettempdir(),
        )
        for line in done.stderr.splitlines():
            if line.startswith("import time:") and "|" in line and "self" not in line:
                own, _, name = line.removeprefix("import time:").split("|")
                seen.setdefault(name.strip(), []).append(int(own))
    return {name: statistics.median(times) for name, times in seen.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "rulesq")], check=False)
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, RULESQ_CACHE_DIR=cache, PYTHONHASHSEED="0")
        commands = {
            "check one": ["check", str(ONE)],
            "ask": ["ask", str(ASK)],
            "check folder": ["check", str(FOLDER), "--jobs", "1"],
        }
        for argv in commands.values():  # the cache folder warmed: every later run is cold
            run = [sys.executable, "-m", "rulesq", *argv]
            subprocess.run(run, env=env, capture_output=True, check=False)
        found = {label: traced(argv, env) for label, argv in commands.items()}
        times = import_times(commands["check one"], env, args.runs)
        for name, spent in import_times(commands["ask"], env, args.runs).items():
            times.setdefault(name, spent)
    built = Counter(found["check one"]["classes"])
    names = sorted(set(found["check one"]["modules"]) | set(found["ask"]["modules"]))
    print(f"{'module':52} {'µs':>6} {'classes':>7} {'one':>5} {'ask':>5} {'folder':>6}")
    unused = []
    for name in names:
        counts = [found[label]["modules"].get(name, "-") for label in commands]
        counts = ["?" if count is None else count for count in counts]
        if counts[2] == 0 and counts[1] in (0, "-"):
            unused.append(name)
        spent = times.get(name, 0.0)
        if args.all or name.startswith("rulesq") or spent >= 300:
            one, ask, folder = counts
            print(f"{name:52} {spent:6.0f} {built[name]:7d} {one!s:>5} {ask!s:>5} {folder!s:>6}")
    for label in commands:
        modules, classes = found[label]["modules"], found[label]["classes"]
        print(f"{label}: {len(modules)} modules imported, {len(classes)} classes built")
    print("imported, no function of it called by the folder check or the ask:", ", ".join(unused))


if __name__ == "__main__":
    main()
