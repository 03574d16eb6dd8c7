"""Benchmark: how judging scales with repeated facts and long card texts (issue 16).

Usage: ``python bench/bench_scaling.py [--sizes 250,500,2000] [--only NAME]``

Each situation is generated (see ``repeated``), answered in this process, and timed; the
peak memory of the answer (tracemalloc) is printed beside the time.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable

from rulesq.situation import parse_situation


def laughing_gas(n: int) -> str:
    """``I play "Laughing Gas"`` ``n`` times; is your active card's text ignored? (yes).

    The card is stated to lack the PROTECTED icon (the sources give no icons for it), so the
    answer rests on no default.
    """
    return (
        'game bluemoon\n"Wall of Fire" has no PROTECTED icon\nyou have active "Wall of Fire"\n'
        + 'I play "Laughing Gas"\n' * n
        + 'ask is the special power text of "Wall of Fire" ignored?\n'
    )


def protected_card(n: int) -> str:
    """``laughing_gas`` against a PROTECTED card: each ignore effect tried against its icon."""
    return laughing_gas(n).replace("has no PROTECTED icon", "has icon PROTECTED")


def fight_ends(n: int) -> str:
    """``the fight ends`` ``n`` times, then a question about Hagbaad's text."""
    return (
        'game bluemoon\nI have "Hagbaad" in my influence area\nit is your turn\n'
        + "the fight ends\n" * n
        + 'ask does the special power text of "Hagbaad" take effect?\n'
    )


def fma_copies(n: int) -> str:
    """FMA ``copies the strength`` ``n`` times, then a strength question."""
    return (
        'game fma\ncharacter "Envy, Doppelganger" (strength 0)\n'
        'character "Rival" (strength 5)\n'
        + '"Envy, Doppelganger" copies the strength of "Rival" until the end of the turn\n' * n
        + 'ask what is the strength of "Envy, Doppelganger"?\n'
    )


def fma_passive_copies(n: int) -> str:
    """``fma_copies`` with a passive text in play (its bonus placed among the copies)."""
    return (
        'game fma\ncard "Quiet Valley" location: "Characters get +1 strength."\n'
        'character "Envy, Doppelganger" (strength 0)\n'
        'character "Rival" (strength 5)\n"Quiet Valley" is in play\n'
        + '"Envy, Doppelganger" copies the strength of "Rival" until the end of the turn\n' * n
        + 'ask what is the strength of "Envy, Doppelganger"?\n'
    )


def long_card_text(n: int) -> str:
    """An inline card whose text is ``n`` characters of sentences."""
    sentence = "You may not play support cards. "
    text = (sentence * (n // len(sentence) + 1))[:n]
    return (
        'game bluemoon\ncard "Long Card" character: "' + text + '"\n'
        'I have active "Long Card"\nit is my turn\nphase Booster/Support\n'
        "ask can I play a support card?\n"
    )


GENERATORS: dict[str, Callable[[int], str]] = {
    "laughing-gas": laughing_gas,
    "protected-card": protected_card,
    "fight-ends": fight_ends,
    "fma-copies": fma_copies,
    "fma-passive-copies": fma_passive_copies,
    "card-text": long_card_text,
}


def judge(text: str) -> None:
    """Parse and answer every question of ``text`` (errors count as answers)."""
    from rulesq.engine.check import check_situation

    check_situation(parse_situation(text, "<bench>"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="250,500,2000")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    for name, make in GENERATORS.items():
        if args.only and args.only != name:
            continue
        for size in sizes:
            n = size * 50 if name == "card-text" else size
            text = make(n)
            tracemalloc.start()
            start = time.perf_counter()
            try:
                judge(text)
                outcome = "ok"
            except Exception as error:  # noqa: BLE001 - a bench reports, never stops
                outcome = type(error).__name__
            elapsed = time.perf_counter() - start
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            print(
                f"{name:14} n={n:>9,} {elapsed:8.2f} s  peak {peak / 1e6:7.1f} MB  {outcome}",
                flush=True,
            )


if __name__ == "__main__":
    main()
