"""Warhammer texts that change combat damage: a floor on those read."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from combat_texts_warhammer import survey  # noqa: E402

#: Sentences of the pool that change combat damage, read (it may only grow).
FLOOR = 29


def test_the_read_sentences_reach_the_floor() -> None:
    found = survey()
    read = [f for f in found if not f.unread]
    assert len(found) >= 30, f"only {len(found)} sentences found: the survey lost some"
    assert len(read) >= FLOOR, f"{len(read)} of {len(found)} read, fewer than {FLOOR}"


def test_a_sentence_with_an_unread_part_says_which() -> None:
    unread = {f.unread for f in survey() if f.unread}
    assert unread <= {
        "amount",
        "subject",
        "condition",
        "count",
        "duration",
        "tactic",
        "ability",
        "action",
        "unparsed",
    }
