"""``rulesq rulings --jobs N`` writes what one process writes, byte for byte."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesq.rulings import write_rulings

ROOT = Path(__file__).resolve().parents[1]
#: Cards of several types (shapes of two and three cards fit them) with rulings among them
#: (a prohibition, an ignore and the cards they act on: questions their texts touch).
CARDS = [
    "Armory",
    "Away with this!",
    "B.P. Unity",
    "Baku But",
    "Pandemonium",
    "Laughing Gas",
    "Tittertweet",
]


def _rulings(jobs: int, *args: str, seed: str) -> subprocess.CompletedProcess[bytes]:
    """Run rulings; a different hash seed per run, so an order that rests on it shows."""
    return subprocess.run(
        [sys.executable, "-m", "rulesq", "rulings", *CARDS, "--game", "bluemoon"]
        + [*args, "--jobs", str(jobs)],
        capture_output=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONHASHSEED=seed),
        check=False,
    )


@pytest.mark.parametrize("as_json", [False, True], ids=["markdown", "json"])
def test_parallel_rulings_write_what_one_process_writes(as_json: bool) -> None:
    extra = ["--json"] if as_json else []
    one = _rulings(1, *extra, seed="1")
    two = _rulings(2, *extra, seed="2")
    assert one.returncode == 0, one.stderr.decode()
    assert one.stdout.count(b"\n") > 100
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)


def test_workers_find_the_same_rulings() -> None:
    from rulesq.games import get_game

    corpus = get_game("bluemoon").corpus
    cards = [c for c in corpus.cards.values() if c.name in CARDS]
    one, two = write_rulings("bluemoon", cards, jobs=1), write_rulings("bluemoon", cards, jobs=2)
    assert one.asked == two.asked > 20
    assert [(r.title, r.situation) for r in one.rulings] == [
        (r.title, r.situation) for r in two.rulings
    ]
    assert one.open == two.open
    assert [c.id for c in one.about] == [c.id for c in two.about]


def _same_ruling_each_time(item: int) -> list[Any]:
    """Every question gives the one ruling found first (as many pairs of a card do)."""
    return [_FIRST_RULING[0]]


_FIRST_RULING: list[Any] = []


def test_a_ruling_a_worker_sent_before_still_counts_its_question() -> None:
    from rulesq.games import get_game
    from rulesq.rulings import Rulings, _mapped, _merge

    corpus = get_game("bluemoon").corpus
    cards = [c for c in corpus.cards.values() if c.name in CARDS]
    _FIRST_RULING[:] = write_rulings("bluemoon", cards, jobs=1).rulings[:1]
    assert _FIRST_RULING
    counts = []
    for jobs in (1, 2):
        found, seen = Rulings("bluemoon", CARDS, asked=40), {}  # type: ignore[var-annotated]
        for outcomes in _mapped(_same_ruling_each_time, range(40), jobs):
            _merge(found, seen, outcomes)
        counts.append((found.ruled, found.left_open, found.no_ruling, len(found.rulings)))
    assert counts[0] == counts[1] == (40, 0, 0, 1)
