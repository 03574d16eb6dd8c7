"""Perturb FMA cases line by line; list every answer that changes to another answer.

Each variant changes one thing that should leave the answers as they are, or open them: a card
stated in play (not a character) leaves play and returns at once, or goes out of play and
returns; a statement of state is said twice; a card line that agrees with the sources is added
for a corpus card the case names (``card "X"``, no text: the sources' text and values stay in
force). A variant the input checks refuse is skipped. A changed answer that is *cannot answer*
is honest; every other change is listed, to be read by hand: each must be right (a wrong one
is a case and a fix).

    python bench/perturb_fma.py corpus/fma/cases changed.jsonl
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

from perturb_bluemoon import compared, shown

from rulesq.errors import RulesqError

#: Statements of state, said twice: the same state.
TWICE = re.compile(
    r'^(".*" is (in play|set|ready|at home|in the search party)|phase .*|'
    r"it is (my|your) turn|battle \w+|it is the \w+ phase)$"
)
#: A card stated in play (not by a character line).
IN_PLAY = re.compile(r'^(?:(?:my|your) )?("[^"]+") is in play$')


def variants(text: str) -> Iterator[tuple[str, str]]:
    """Each variant of a case's text, with a label saying what changed."""
    lines = text.split("\n")

    def after(i: int, new: list[str]) -> str:
        return "\n".join(lines[: i + 1] + new + lines[i + 1 :])

    for i, line in enumerate(lines):
        bare = line.strip()
        placed = IN_PLAY.match(bare)
        if placed:
            name = placed[1]
            yield (
                f"left and back {i + 1}",
                after(i, [f"{name} leaves play", f"{name} returns to play"]),
            )
            yield (
                f"out and back {i + 1}",
                after(i, [f"{name} is out of play", f"{name} returns to play"]),
            )
        if TWICE.match(bare):
            yield f"twice {i + 1}", after(i, [bare])
    heads = [k for k, line in enumerate(lines) if line.startswith("game ")]
    named = re.findall(r'"([^"]+)"', "\n".join(t for t in lines if not t.startswith("card ")))
    if heads:
        for name in dict.fromkeys(named):
            yield (
                f"card line {name}",
                "\n".join(lines[: heads[0] + 1] + [f'card "{name}"'] + lines[heads[0] + 1 :]),
            )


def run(path: str) -> tuple[int, list[list[str]]]:
    """How many variants of one case were answered, and each changed answer."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        base = shown(text, path)
    except RulesqError:
        return 0, []  # an input error case
    return compared(path, base, variants(text))


def main(folders: list[str], out: str) -> None:
    """Perturb every case under ``folders``; write the changed answers to ``out``."""
    paths = sorted(str(p) for folder in folders for p in Path(folder).rglob("*.rq"))
    tried = found = 0
    with Pool(2) as pool, open(out, "w", encoding="utf-8") as sink:
        for count, changed in pool.imap_unordered(run, paths):
            tried += count
            found += len(changed)
            for row in changed:
                sink.write(json.dumps(row) + "\n")
    print(f"{len(paths)} cases, {tried} variants answered, {found} answers changed (not to open)")


if __name__ == "__main__":
    main(sys.argv[1:-1], sys.argv[-1])
