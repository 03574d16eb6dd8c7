"""Time the Blue Moon card-text grammar: loading it (cold and from Lark's cache) and parsing.

Run from the repository: ``python bench/bench_parse.py [--repeat N]``. Each load is timed in
a fresh interpreter; "cold" uses an empty temporary directory, so Lark builds the LALR tables
and writes its cache there, and "warm" loads those cached tables. Parsing is timed after the
grammar is loaded: every Blue Moon card text of the corpus. The first round in a fresh
interpreter also pays for the contextual lexer, which Lark compiles state by state on first
use; later rounds show the parsing alone (best and median of several).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

LOAD = """
import json, time
t0 = time.perf_counter()
from rulesq.games.bluemoon import parser
t1 = time.perf_counter()
parser.parser()
t2 = time.perf_counter()
from rulesq.corpus import load_corpus
texts = [c.text for c in load_corpus("bluemoon").cards.values() if c.text and c.text.strip()]
t3 = time.perf_counter()
for text in texts:
    parser.parse_card_text(text)
t4 = time.perf_counter()
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "load_ms": (t2 - t1) * 1e3,
                  "first_round_ms": (t4 - t3) * 1e3}))
"""


def time_load(tmpdir: str) -> dict[str, float]:
    """Import, load and first-round times of a fresh interpreter using ``tmpdir`` for caches."""
    env = dict(os.environ, TMPDIR=tmpdir, TEMP=tmpdir, TMP=tmpdir)
    out = subprocess.run(
        [sys.executable, "-c", LOAD], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def time_parse(repeat: int) -> tuple[int, int, list[float]]:
    """How many texts, how many sentences, and the time of each round of parsing them all."""
    from rulesq.corpus import load_corpus
    from rulesq.games import get_game
    from rulesq.games.bluemoon.parser import parse_card_text

    game = get_game("bluemoon")
    texts = [c.text for c in load_corpus("bluemoon").cards.values() if c.text and c.text.strip()]
    game.parse_card_text(texts[0])  # load the grammar before timing
    sentences = sum(len(game.parse_card_text(t).effects) for t in texts)
    rounds = []
    for _ in range(repeat):
        parse_card_text.cache_clear()  # time the reading, not the cache of texts already read
        start = time.perf_counter()
        parsed = [game.parse_card_text(t) for t in texts]
        rounds.append((time.perf_counter() - start) * 1e3)
        assert all(p.fully_parsed for p in parsed)
    return len(texts), sentences, rounds


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=20, help="rounds of parsing (default 20)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cold = time_load(tmp)
        warm = [time_load(tmp) for _ in range(5)]
    n, sentences, rounds = time_parse(args.repeat)
    best, median = min(rounds), statistics.median(rounds)
    print("Blue Moon card-text grammar")
    print(f"  load, cold (build LALR tables, write cache): {cold['load_ms']:7.1f} ms")
    print(
        f"  load, warm (Lark cache), best of 5:          {min(w['load_ms'] for w in warm):7.1f} ms"
    )
    print(
        f"  import of the parser and effect modules:     "
        f"{min(w['import_ms'] for w in warm):7.1f} ms"
    )
    print(
        f"  parse all {n} texts, first round after load: "
        f"{min(w['first_round_ms'] for w in warm):7.1f} ms  (with the lexer's compilation)"
    )
    print(
        f"  parse all {n} texts ({sentences} effects), best of {len(rounds)}:"
        f"{best:8.1f} ms  ({best / n * 1e3:.0f} us per text)"
    )
    print(f"  parse all {n} texts, median of {len(rounds)}:           {median:7.1f} ms")


if __name__ == "__main__":
    main()
