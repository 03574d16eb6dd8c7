"""Time the Warhammer card-text grammar: parse every text of the pool after load.

Run from the repository: ``python bench/bench_parse_warhammer.py [--repeat N]``. The grammar
and the corpus are loaded first (not timed); then every Warhammer text in force is read by the
grammar (``read_card_text``: not the parsed texts kept on disk), CPU time:
the first round (with the contextual lexer's compilation), then the best and median of N.
The goal is 1 s for the whole pool.
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--repeat", type=int, default=10)
    repeat = args.parse_args().repeat
    from rulesq.corpus import load_corpus
    from rulesq.games.warhammer.parse import parser, read_card_text

    parser()
    texts = [c.text for c in load_corpus("warhammer").cards.values() if c.text and c.text.strip()]

    def run() -> tuple[float, int]:
        t0 = time.process_time()  # CPU: the machine may be shared
        done = sum(read_card_text(t).fully_parsed for t in texts)
        return time.process_time() - t0, done

    first, done = run()
    rounds = [run()[0] for _ in range(repeat)]
    print(f"  {done} of {len(texts)} Warhammer texts fully parsed")
    print(f"  parse all {len(texts)} texts, first round after load: {first * 1000:8.1f} ms")
    print(
        f"  parse all {len(texts)} texts, best of {repeat}:          {min(rounds) * 1000:8.1f} ms"
        f"  ({min(rounds) / len(texts) * 1e6:.0f} us per text)"
    )
    print(
        f"  parse all {len(texts)} texts, median of {repeat}:        "
        f"{statistics.median(rounds) * 1000:8.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
