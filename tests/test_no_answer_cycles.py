"""A checked situation is freed as soon as it is dropped: its answers form no reference cycle.

A check answers thousands of questions; an answer whose graph held it back (through the work
left for when it is shown) would live until the collector found the cycle, and each pass of
the collector walks every object made since the last. The work gets the graph instead.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from rulesq.engine.check import check_file
from rulesq.situation import read_situation

ROOT = Path(__file__).resolve().parents[1]
CASES = [
    ROOT / "corpus" / "bluemoon" / "cases" / "interference-cards",
    ROOT / "corpus" / "fma" / "cases",
    ROOT / "corpus" / "warhammer" / "cases",
]
#: The objects of one answer that must never be left to the collector.
KINDS = {"Answer", "Derivation", "DiGraph", "Context", "View", "Situation", "Question"}


def _garbage_of(work: Callable[[], object]) -> Counter[str]:
    """The kinds of objects the collector finds unreachable after ``work`` (off meanwhile)."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        work()
        gc.collect()
        return Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.garbage.clear()
        gc.set_debug(0)
        gc.enable()


def _files() -> list[Path]:
    return [file for folder in CASES for file in sorted(folder.rglob("*.rq"))[:12]]


def _check_all() -> None:
    for file in _files():
        check = check_file(file)
        assert check.questions, file
        for question in check.questions:  # every answer shown: its later work done
            question.answer.graph.analyse()


def test_a_checked_file_leaves_no_answer_to_the_collector() -> None:
    _check_all()  # each game's modules loaded, its one-off objects made (FAQ precedents too)
    left = _garbage_of(_check_all)
    assert sum(left.values()) < 6_000  # the state's own small cycles may stay (~4,100 now)
    assert not {kind: n for kind, n in left.items() if kind in KINDS}


def test_the_later_work_gets_the_graph_and_still_cites_precedents() -> None:
    file = ROOT / "corpus" / "bluemoon" / "cases" / "interference-cards"
    situation = read_situation(next(iter(sorted(file.glob("*.rq")))))
    from rulesq.engine.dispatch import evaluate

    answers = evaluate(situation)
    roles = [c["role"] for a in answers for c in a.citations()]
    assert "precedent" in roles
