"""Benchmark: every speed figure of rulesq in one run, each with its ratio to the import floor.

Usage: ``python bench/run.py [--runs N] [--seconds S] [--rulings [N]] [--baseline DIR]``

``--baseline DIR`` names another checkout of rulesq (an earlier commit, say): its figures are
measured in the same run, interleaved with this one's, and printed beside them ("before").

The bytecode is compiled first (``python -m compileall``), as an installed package has it, and
the caches live in a temporary folder warmed by one run of each command. Each figure is a
median over N runs, interleaved with the same number of runs of the *import floor*, ``python
-c "import lark, typer, networkx"`` (importing rulesq's own dependencies), so that both see the
same machine load; a figure's ratio is to the floor of the same run.

1. Cold ``rulesq ask`` per game: CPU (user + system) and peak RSS of the process.
2. Situations per second over the Blue Moon cases after start-up, as a user gets them: the CPU
   of a fresh ``rulesq check corpus/bluemoon/cases --jobs 1`` minus the CPU of a fresh check
   of its first file alone (the start-up: interpreter, imports, grammars, corpus, the first
   situation), over the other files (the median of the differences of runs taken in turns).
   Everything a process does only once but later than its first file (a lexer state met for
   the first time, a question handler imported, the card-text grammar for an inline text)
   counts. Also shown, for comparison only: the steady rate of one process that checks the
   files round after round, the remembered situation lines forgotten before each round.
3. ``rulesq check``: CPU, wall and peak RSS with ``--jobs 1``, and the wall-clock speed-up of
   ``--jobs N`` (N = the cores) over ``--jobs 1``, over the Blue Moon cases, over every
   case folder (``corpus/*/cases`` and ``tests/cases``, the input errors left out), over
   those with the input errors and the seed examples (issue 14's command), and over one
   directory given alone, ``tests/cases`` (the three games and the input errors) and
   ``corpus`` (the three games' FAQ cases): the goal's "a directory". Beside the whole
   run's speed-up: the speed-up of the part after start-up, ``(W1 - S) / (WN - S)`` with
   ``S`` the wall of a check of the first file alone, and Amdahl's bound for the whole run
   when that part scales perfectly, ``W1 / (S + (W1 - S) / N)``.
4. Warhammer pool parse: every Warhammer card text read by the card-text grammar after load
   (CPU; the grammar itself, not the parsed texts kept on disk).
5. With ``--rulings N``: ``rulesq rulings`` over the first N Blue Moon cards with a text
   (all of them when N is 0), ``--jobs 1`` and ``--jobs`` the cores, interleaved: wall, CPU
   of every process, the speed-up, and whether the two documents are byte for byte the same.
6. Memory: the peak RSS of each cold ask and of the check (the child's resource usage).

The machine's load (the one-minute average) is printed at the start and the end: on a shared
machine, a wall-clock speed-up of ``--jobs`` shows only while cores are free (and Linux's
scheduler shares the CPU between sessions, not processes), while CPU figures hold.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASKS = {
    "Blue Moon": ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq",
    "FMA": ROOT / "tests" / "examples" / "fma" / "toughness.rq",
    "Warhammer": ROOT / "tests" / "examples" / "warhammer" / "errata.rq",
}
CASES = ROOT / "corpus" / "bluemoon" / "cases"
FLOOR = [sys.executable, "-c", "import lark, typer, networkx"]
RULESQ = [sys.executable, "-m", "rulesq"]
#: The children's working folder: an empty one, so that ``python -m rulesq`` imports the
#: installed rulesq (or the baseline's, from PYTHONPATH), not a checkout it happens to be in.
NEUTRAL = Path(tempfile.gettempdir())


class Run:
    """One child process measured: CPU seconds, wall seconds, peak RSS (MB), exit code."""

    def __init__(
        self, command: list[str], env: dict[str, str], codes: tuple[int, ...] = (0, 1)
    ) -> None:
        start = time.perf_counter()
        child = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=NEUTRAL
        )
        assert child.stderr is not None
        error = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        self.wall = time.perf_counter() - start
        self.cpu = usage.ru_utime + usage.ru_stime
        self.rss = usage.ru_maxrss / 1024  # kB on Linux
        self.code = child.returncode
        if self.code not in codes:
            raise SystemExit(f"{' '.join(command)} failed ({self.code}):\n{error.decode()}")


def median(runs: list[Run], field: str) -> float:
    """The median of one field over runs."""
    return float(statistics.median(getattr(r, field) for r in runs))


def interleaved(
    commands: list[tuple[list[str], dict[str, str]]], runs: int, codes: tuple[int, ...] = (0, 1)
) -> list[list[Run]]:
    """``runs`` runs of each command, taking turns (after one warm-up run of each).

    ``codes``: the exit codes a run may end with (another stops the benchmark).
    """
    for command, env in commands:
        Run(command, env, codes)
    done: list[list[Run]] = [[] for _ in commands]
    for _ in range(runs):
        for runs_of, (command, env) in zip(done, commands, strict=True):
            runs_of.append(Run(command, env, codes))
    return done


STEADY = """
import json, sys, time
from pathlib import Path
from rulesq.engine.check import check_file
try:  # the lines remembered by a round would make the next one read nothing
    from rulesq.situation.lineitems import forget as forget_lines
except ImportError:  # a baseline from before the line items
    try:
        from rulesq.situation.lines import forget as forget_lines
    except ImportError:
        forget_lines = lambda: None
try:  # nor read the lines stated to ask again
    from rulesq.situation.restate import forget as forget_stated
except ImportError:
    forget_stated = lambda: None
def forget():
    forget_lines()
    forget_stated()
files = sorted(Path(sys.argv[1]).rglob("*.rq"))
seconds = float(sys.argv[2])
clock = time.process_time  # CPU time: the machine may be shared
start = clock()
for file in files:
    check_file(file)
startup = clock() - start
done, start = 0, clock()
while clock() - start < seconds:
    forget()
    for file in files:
        check_file(file)
        done += 1
print(json.dumps({"files": len(files), "first_round": startup,
                  "rate": done / (clock() - start)}))
"""

POOL_PARSE = """
import json, time
from rulesq.games import get_game
from rulesq.cli.parse import has_card_grammar
game = get_game("warhammer")
texts = [c.text for c in game.corpus.cards.values() if c.text and c.text.strip()]
if not has_card_grammar(game):
    print(json.dumps({"texts": len(texts), "seconds": None}))
else:
    try:  # the grammar itself, not the texts kept on disk
        from rulesq.games.warhammer.parse import read_card_text as read
    except ImportError:
        read = game.parse_card_text
    read(texts[0])
    clock = time.process_time  # CPU time: the machine may be shared
    start = clock()
    for text in texts:
        read(text)
    print(json.dumps({"texts": len(texts), "seconds": clock() - start}))
"""


def child_json(code: str, args: list[str], env: dict[str, str]) -> dict[str, float]:
    """Run a Python snippet in a fresh interpreter; its last line of output is JSON."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=NEUTRAL,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def per_file_cpu(wholes: list[Run], firsts: list[Run]) -> float:
    """The CPU of a check after its first file: the median of paired differences."""
    return float(statistics.median(w.cpu - f.cpu for w, f in zip(wholes, firsts, strict=True)))


def scaling(
    ones: list[Run], many: list[Run], firsts: list[Run], serial: list[Run], cores: int
) -> tuple[float, float, float, float]:
    """The wall of one and many processes, the speed-ups, and Amdahl's bound (returned too).

    Measured walls, and the same figures from CPU times (what an idle machine would show;
    on a shared one a wall-clock speed-up shows only while cores are free): one process's
    wall is its CPU ``C1``; with ``N`` processes, what runs before the fork (start-up, the
    first file of each game that two workers share: ``P``, the CPU of a run stopped at the
    fork) runs alone, and the rest of the CPU of every process ``CN`` is shared by the cores:
    ``P + (CN - P) / N``. Returned: the whole run's wall speed-up, the speed-up after
    start-up, Amdahl's bound from the start-up ``S`` and from all the run does before the
    fork (``P``, the wall of a run stopped there), each from this run's walls.
    """
    one, all_cores, start = median(ones, "wall"), median(many, "wall"), median(firsts, "wall")
    forked = median(serial, "wall")
    line("--jobs 1, wall", f"{one:.2f} s")
    line(f"--jobs {cores}, wall", f"{all_cores:.2f} s")
    line(f"--jobs {cores}, CPU of every process", f"{median(many, 'cpu'):.2f} s")
    line("start-up: a check of the first file, wall", f"{start:.2f} s")
    line(
        f"speed-up of --jobs {cores}, whole run (wall)",
        f"{one / all_cores:.2f}x",
        None,
        f"goal >= 1.8x on 2 cores; Amdahl's bound {one / (start + (one - start) / cores):.2f}x",
    )
    after = (one - start) / (all_cores - start) if all_cores > start else float("nan")
    line(f"speed-up of --jobs {cores}, after start-up (wall)", f"{after:.2f}x")
    bound = one / (start + (one - start) / cores)
    bound_fork = one / (forked + max(one - forked, 0.0) / cores)
    line(
        "  Amdahl's bound after all before the fork (wall)",
        f"{bound_fork:.2f}x",
        None,
        f"P: a run stopped at the fork, {forked:.2f} s",
    )
    c1, cn, s = median(ones, "cpu"), median(many, "cpu"), median(firsts, "cpu")
    before_fork = median(serial, "cpu")
    idle = before_fork + max(cn - before_fork, 0.0) / cores
    line("  from CPU: start-up S, all before the fork P", f"{s:.2f} / {before_fork:.2f} s")
    line(
        f"  from CPU: --jobs 1 / --jobs {cores} on an idle machine",
        f"{c1:.2f} / {idle:.2f} s",
    )
    line(
        "  from CPU: speed-up, whole run",
        f"{c1 / idle:.2f}x",
        None,
        f"Amdahl's bound {c1 / (s + (c1 - s) / cores):.2f}x",
    )
    line("  from CPU: speed-up after start-up", f"{(c1 - s) / (idle - s):.2f}x")
    return one / all_cores, after, bound, bound_fork


SERIAL = """
import sys
import rulesq.cli.parallel as parallel
from rulesq.engine.check import planned_checks
class Forking(Exception):
    pass
def fork(*args, **options):
    raise Forking
parallel._in_workers = fork  # stop where check --jobs would fork its workers
try:
    for _ in parallel.reports(list(planned_checks(sys.argv[2:], False)), None, False,
                              int(sys.argv[1])):
        pass
except Forking:
    pass
"""


def line(
    label: str, value: str, ratio: float | None = None, goal: str = "", before: str = ""
) -> None:
    """Print one figure, its ratio to the floor, the goal and the baseline's figure."""
    shown = f"{ratio:5.2f}x floor" if ratio is not None else ""
    print(f"  {label:<44} {value:>12}  {shown:<12} {goal}")
    if before:
        print(f"  {'  before (--baseline)':<44} {before}")


def machine() -> str:
    """The machine the figures were measured on."""
    model = ""
    try:
        for row in Path("/proc/cpuinfo").read_text().splitlines():
            if row.startswith("model name"):
                model = row.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (
        f"{model or platform.processor() or platform.machine()}, {cores} cores, "
        f"Python {platform.python_version()}, {platform.system()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs per figure (median)")
    parser.add_argument("--seconds", type=float, default=5.0, help="throughput time")
    parser.add_argument(
        "--rulings",
        type=int,
        nargs="?",
        const=12,
        metavar="N",
        help="also time rulesq rulings over N cards (default 12; 0: every card)",
    )
    parser.add_argument("--baseline", type=Path, help="another rulesq checkout to compare")
    args = parser.parse_args()
    import rulesq

    package = Path(rulesq.__file__).parent
    packages = [package] + ([args.baseline / "rulesq"] if args.baseline else [])
    for folder in packages:
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(folder)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    global NEUTRAL
    with tempfile.TemporaryDirectory(prefix="rulesq-bench-") as cache:
        NEUTRAL = Path(cache) / "cwd"
        NEUTRAL.mkdir()
        env = dict(os.environ, RULESQ_CACHE_DIR=cache)
        env.pop("RULESQ_CORPUS_DIR", None)
        # The baseline keeps its caches apart: a cache keyed on other code would replace ours.
        old = (
            dict(
                env,
                PYTHONPATH=str(args.baseline.resolve()),
                RULESQ_CACHE_DIR=str(Path(cache) / "baseline"),
            )
            if args.baseline
            else None
        )
        if old is not None:
            Path(old["RULESQ_CACHE_DIR"]).mkdir(mode=0o700)
        print(f"machine: {machine()}")
        print(f"load at the start: {os.getloadavg()[0]:.1f} (one-minute average)")
        floors: list[Run] = []

        def before(
            runs: list[Run] | None, floor: list[Run], field: str, scale: float, unit: str
        ) -> str:
            if runs is None:
                return ""
            value = median(runs, field)
            return f"{value * scale:.1f} {unit}  ({value / median(floor, field):.2f}x floor)"

        print("cold ask (CPU user+system; median)")
        asks = {}
        for game, file in ASKS.items():
            ask = [*RULESQ, "ask", str(file)]
            commands = [(ask, env), (FLOOR, env)] + ([(ask, old)] if old else [])
            done = interleaved(commands, args.runs)
            floors += done[1]
            asks[game] = (done[0], done[1], done[2] if old else None)
        for game, (mine, floor, base_runs) in asks.items():
            cpu, base = median(mine, "cpu"), median(floor, "cpu")
            line(
                f"{game} ({ASKS[game].name})",
                f"{cpu * 1e3:.0f} ms",
                cpu / base,
                "goal <= 1.0x and <= 250 ms",
                before(base_runs, floor, "cpu", 1e3, "ms"),
            )
        floor_cpu, floor_rss = median(floors, "cpu"), median(floors, "rss")
        line("import floor: import lark, typer, networkx", f"{floor_cpu * 1e3:.0f} ms", 1.0)

        check = [*RULESQ, "check"]
        helps = subprocess.run([*check, "--help"], env=env, capture_output=True, text=True)
        jobs = "--jobs" in helps.stdout  # absent before rulesq had it: both runs are one process
        old_jobs = jobs
        if old is not None:  # the baseline's figures are of one process too, when it has --jobs
            old_helps = subprocess.run([*check, "--help"], env=old, capture_output=True, text=True)
            old_jobs = "--jobs" in old_helps.stdout

        def checking(paths: list[Path], n: int, has_jobs: bool = jobs) -> list[str]:
            return [*check, *map(str, paths), *(["--jobs", str(n)] if has_jobs else [])]

        def stopped(paths: list[Path]) -> list[str]:  # check --jobs, stopped at the fork
            return [sys.executable, "-c", SERIAL, str(cores), *map(str, paths)]

        cases = sorted(CASES.rglob("*.rq"))
        first = [cases[0]]  # the first file checked of both folder sets below
        #: Each folder's wall speed-up, after start-up, and bounds (:func:`scaling`).
        summary: dict[str, tuple[float, float, float, float]] = {}
        print(
            "throughput (CPU of a fresh check of the Blue Moon cases minus that of its first "
            "file, over the other files)"
        )
        commands = [
            (checking([CASES], 1), env),
            (checking(first, 1), env),
            (checking([CASES], cores), env),
            (FLOOR, env),
            (stopped([CASES]), env),
        ]
        if old is not None:
            commands += [
                (checking([CASES], 1, old_jobs), old),
                (checking(first, 1, old_jobs), old),
            ]
        done = interleaved(commands, max(3, args.runs // 2))
        ones, firsts, many, floor, serial = done[:5]
        old_check = done[5] if old else None
        rate = (len(cases) - 1) / per_file_cpu(ones, firsts)
        old_rate = (len(cases) - 1) / per_file_cpu(done[5], done[6]) if old else None
        line(
            f"Blue Moon cases ({len(cases)} files), after start-up",
            f"{rate:.0f} /s",
            None,
            "goal >= 1000 /s",
            f"{old_rate:.0f} /s" if old_rate else "",
        )
        line(
            "  start-up: a check of the first file, CPU",
            f"{median(firsts, 'cpu'):.2f} s",
            median(firsts, "cpu") / median(floor, "cpu"),
            "",
            before(done[6] if old else None, floor, "cpu", 1, "s"),
        )
        steady = child_json(STEADY, [str(CASES), str(args.seconds)], env)
        old_steady = child_json(STEADY, [str(CASES), str(args.seconds)], old) if old else None
        line(
            "  steady rate, rounds after the first",
            f"{steady['rate']:.0f} /s",
            None,
            "(not what a check gets)",
            f"{old_steady['rate']:.0f} /s" if old_steady else "",
        )

        print(f"rulesq check corpus/bluemoon/cases (--jobs {cores} vs --jobs 1)")
        base = median(floor, "cpu")
        line(
            "--jobs 1, CPU",
            f"{median(ones, 'cpu'):.2f} s",
            median(ones, "cpu") / base,
            "",
            before(old_check, floor, "cpu", 1, "s"),
        )
        summary[f"corpus/bluemoon/cases ({len(cases)} files)"] = scaling(
            ones, many, firsts, serial, cores
        )

        # Every case folder; the input errors are left out (their exit code is 2).
        tests = [f for f in sorted((ROOT / "tests" / "cases").iterdir()) if f.is_dir()]
        folders = [
            *sorted((ROOT / "corpus").glob("*/cases")),
            *(f for f in tests if f.name != "input-errors"),
        ]
        count = sum(len(list(f.rglob("*.rq"))) for f in folders)
        print(
            f"rulesq check corpus/*/cases tests/cases/* ({count} files; --jobs {cores} vs --jobs 1)"
        )
        done = interleaved(
            [
                (checking(folders, 1), env),
                (checking(folders, cores), env),
                (checking(first, 1), env),
                (stopped(folders), env),
            ],
            max(3, args.runs // 3),
        )
        line("--jobs 1, CPU", f"{median(done[0], 'cpu'):.2f} s")
        summary[f"every case folder, no input errors ({count} files)"] = scaling(
            done[0], done[1], done[2], done[3], cores
        )

        # The same with the input errors and the seed examples (the command of issue 14's
        # goal; exit code 2): a warm-up run of each remembers the files that fail.
        examples = ROOT.parent / "shared" / "examples"
        whole = [*sorted((ROOT / "corpus").glob("*/cases")), ROOT / "tests" / "cases"]
        whole += [examples if examples.is_dir() else ROOT / "tests" / "examples"]
        count = sum(len(list(f.rglob("*.rq"))) for f in whole)
        print(
            f"rulesq check corpus/*/cases tests/cases {whole[-1].relative_to(ROOT.parent)} "
            f"({count} files, the input errors too; --jobs {cores} vs --jobs 1)"
        )
        done = interleaved(
            [
                (checking(whole, 1), env),
                (checking(whole, cores), env),
                (checking(first, 1), env),
                (stopped(whole), env),
            ],
            max(3, args.runs // 3),
            (0, 1, 2),
        )
        line("--jobs 1, CPU", f"{median(done[0], 'cpu'):.2f} s")
        summary[f"the goal's command ({count} files)"] = scaling(
            done[0], done[1], done[2], done[3], cores
        )

        # The goal's directory form: one directory given, checked in parallel (tests/cases
        # holds the input errors: exit code 2); its start-up is a check of its first file.
        for directory in (ROOT / "tests" / "cases", ROOT / "corpus"):
            files = sorted(directory.rglob("*.rq"))
            print(
                f"rulesq check {directory.relative_to(ROOT)} ({len(files)} files, one "
                f"directory; --jobs {cores} vs --jobs 1)"
            )
            done = interleaved(
                [
                    (checking([directory], 1), env),
                    (checking([directory], cores), env),
                    (checking(files[:1], 1), env),
                    (stopped([directory]), env),
                ],
                max(3, args.runs // 3),
                (0, 1, 2),
            )
            line("--jobs 1, CPU", f"{median(done[0], 'cpu'):.2f} s")
            summary[f"{directory.relative_to(ROOT)} ({len(files)} files)"] = scaling(
                done[0], done[1], done[2], done[3], cores
            )
        print(f"--jobs {cores} over --jobs 1, wall, per folder (this run)")
        print(
            f"  {'folder':<44} {'whole run':>10} {'after start-up':>15} "
            f"{'bound (S)':>10} {'bound (P)':>10}"
        )
        for name, (whole_run, after, bound, bound_fork) in summary.items():
            print(
                f"  {name:<44} {whole_run:>9.2f}x {after:>14.2f}x {bound:>9.2f}x "
                f"{bound_fork:>9.2f}x"
            )

        print("memory (peak RSS; median)")
        for game, (mine, floor, base_runs) in asks.items():
            ask_rss = median(mine, "rss")
            line(
                f"cold ask, {game}",
                f"{ask_rss:.1f} MB",
                ask_rss / floor_rss,
                "goal <= 45 MB",
                before(base_runs, floor, "rss", 1, "MB"),
            )
        check_rss = median(ones, "rss")
        line(
            "check of the Blue Moon cases (--jobs 1)",
            f"{check_rss:.1f} MB",
            check_rss / floor_rss,
            "goal <= 70 MB",
            before(old_check, floor, "rss", 1, "MB"),
        )
        line("import floor", f"{floor_rss:.1f} MB", 1.0)

        print("Warhammer pool parse (CPU, after load)")
        pool = child_json(POOL_PARSE, [], env)
        if pool["seconds"] is None:
            line(f"{pool['texts']:.0f} texts", "n/a", None, "no card-text grammar yet")
        else:
            line(
                f"{pool['texts']:.0f} texts",
                f"{pool['seconds']:.2f} s",
                pool["seconds"] / floor_cpu,
                "goal <= 1 s",
            )

        if args.rulings is not None:
            names = child_json(
                "import json\nfrom rulesq.games import get_game\n"
                "print(json.dumps(sorted(c.name for c in get_game('bluemoon').corpus.cards"
                ".values() if c.text and c.text.strip())))",
                [],
                env,
            )
            chosen = names[: args.rulings] if args.rulings else names
            print(
                f"rulesq rulings over {len(chosen)} Blue Moon cards with a text "
                f"(--jobs 1 vs --jobs {cores})"
            )
            outputs = Path(cache) / "rulings"
            outputs.mkdir()
            ask = [*RULESQ, "rulings", *map(str, chosen), "--game", "bluemoon"]
            runs_of = interleaved(
                [
                    ([*ask, "--jobs", "1", "-o", str(outputs / "one.md")], env),
                    ([*ask, "--jobs", str(cores), "-o", str(outputs / "all.md")], env),
                ],
                max(1, args.runs // 4),
            )
            one_wall, all_wall = median(runs_of[0], "wall"), median(runs_of[1], "wall")
            same = (outputs / "one.md").read_bytes() == (outputs / "all.md").read_bytes()
            line("--jobs 1, wall", f"{one_wall:.1f} s")
            line("--jobs 1, CPU", f"{median(runs_of[0], 'cpu'):.1f} s")
            line(f"--jobs {cores}, wall", f"{all_wall:.1f} s", None, "goal <= 15 s (every card)")
            line(f"--jobs {cores}, CPU of every process", f"{median(runs_of[1], 'cpu'):.1f} s")
            line(f"speed-up of --jobs {cores}", f"{one_wall / all_wall:.2f}x")
            line("the two documents byte for byte the same", "yes" if same else "NO")
        print(f"load at the end: {os.getloadavg()[0]:.1f} (one-minute average)")


if __name__ == "__main__":
    main()
