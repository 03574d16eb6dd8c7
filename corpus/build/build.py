"""Regenerate ``corpus/<game>/`` from the seed documents in ``../shared``.

Usage: ``python corpus/build/build.py [GAME ...]`` (all games when none is named).
"""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, SEED_FILES, SEEDS, write_problems  # noqa: E402

BUILDERS = ("bluemoon", "warhammer", "fma")


def main(argv: list[str]) -> int:
    if not SEEDS.is_dir():
        print(f"error: the seed documents are not at {SEEDS}", file=sys.stderr)
        return 2
    games = argv or list(BUILDERS)
    for game in games:
        if game not in BUILDERS:
            print(f"error: unknown game {game!r}; expected one of {BUILDERS}", file=sys.stderr)
            return 2
        module = importlib.import_module(game)
        problems = module.build()
        # The seed itself ships beside the corpus: the verbatim test needs no ../shared.
        shutil.copyfile(SEEDS / SEED_FILES[game], CORPUS / game / "source.txt")
        path = write_problems(game, problems)
        print(f"{game}: built; {len(problems)} seed problems noted in {path.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
