"""Benchmark: instructions of a cold ``rulesq ask``, whatever the machine's load.

Usage: ``python bench/bench_ask_counts.py [--baseline DIR] [--edited] [FILE ...]`` (default:
a Blue Moon example and case, an FMA case, the Warhammer errata example).

Each file is asked once to write the bytecode and warm a private cache folder, then asked
again under valgrind's cachegrind (``--cache-sim=no``: instructions only), with
``PYTHONHASHSEED=0`` in an empty working folder, as ``bench/bench_counts.py`` counts a
check. ``--baseline DIR`` counts another checkout the same way (imported from ``DIR``
before the installed rulesq), each with its own cache folder, in the same run.
``--edited`` counts, after the warm ask, an ask once a comment has been added to a module
the precedent index's build never runs (the shell's completion; taken away after): what an
edit of the code costs the next ask (the index read, or built again).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_counts import compiled_runs
from bench_counts import counted as instructions_of

ROOT = Path(__file__).resolve().parents[1]
#: An empty working folder for the children (see ``bench/bench_counts.py``).
_EMPTY = tempfile.TemporaryDirectory(prefix="rulesq-cwd-")
EMPTY = _EMPTY.name
DEFAULT_FILES = [
    ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq",
    ROOT
    / "corpus"
    / "bluemoon"
    / "cases"
    / "special-power-texts-you-may-not"
    / "q245-pandemonium-beats-trigger-brainstorm.rq",
    ROOT / "corpus" / "fma" / "cases" / "battles" / "sent-home.rq",
    ROOT / "tests" / "examples" / "warhammer" / "errata.rq",
]
#: A module of the package that no ask of a situation imports (the shell's completion).
UNUSED_MODULE = Path("rulesq") / "cli" / "completion.py"


def ask(file: Path, source: Path | None, cache: Path, counted: bool) -> int:
    """Instructions of one fresh ``rulesq ask FILE`` (0 when not counted)."""
    env = dict(os.environ, PYTHONHASHSEED="0", RULESQ_CACHE_DIR=str(cache))
    if source is not None:
        env["PYTHONPATH"] = str(source)
    command = [sys.executable, "-m", "rulesq", "ask", str(file)]
    if not counted:
        quiet = subprocess.DEVNULL
        subprocess.run(command, env=env, cwd=EMPTY, stdout=quiet, stderr=quiet, check=False)
        return 0
    return instructions_of(command, env)


def edit(source: Path, undo: bool = False) -> None:
    """Append a comment to a module no ask imports (``undo``: take it away)."""
    module = source / UNUSED_MODULE
    text = module.read_text(encoding="utf-8")
    if undo:
        module.write_text(text.removesuffix(EDIT), encoding="utf-8")
    elif not text.endswith(EDIT):
        module.write_text(text + EDIT, encoding="utf-8")


EDIT = "# an edit counted by bench/bench_ask_counts.py\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another rulesq checkout to compare")
    parser.add_argument("--edited", action="store_true", help="and an ask after a code edit")
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    files = [f.resolve() for f in args.files] or [f for f in DEFAULT_FILES if f.is_file()]
    runs = compiled_runs(args.baseline)
    with tempfile.TemporaryDirectory() as caches:
        for file in files:
            shown = file.relative_to(ROOT) if file.is_relative_to(ROOT) else file
            figures = []
            for label, source in runs:
                cache = Path(caches, label)
                ask(file, source, cache, counted=False)
                counted = ask(file, source, cache, counted=True)
                figure = f"{label} {counted / 1e6:.1f} M"
                if args.edited:
                    edit(source or ROOT)
                    try:
                        edited = ask(file, source, cache, counted=True)
                    finally:
                        edit(source or ROOT, undo=True)
                    figure += f" (after an edit {edited / 1e6:.1f} M)"
                figures.append(figure)
            print(f"{shown}: " + ", ".join(figures))


if __name__ == "__main__":
    main()
