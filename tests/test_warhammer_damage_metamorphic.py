"""Metamorphic tests of the Warhammer damage answers: swapping the players swaps nothing else.

Every damage case is rewritten with the players swapped (I <-> you, my <-> your, and the verbs
that agree with them); each question then asks about the other player's side, so each verdict
must stay the same. And the facts of one moment (where cards are, damage on the board) may be
stated in another order.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesq.engine import evaluate
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

CASES = sorted((corpus_dir() / "warhammer" / "cases" / "damage").glob("*.rq"))
_SWAP = {"I": "you", "you": "I", "my": "your", "your": "my"}
_WORD = re.compile(r'"[^"]*"|\b(?:I|you|my|your)\b')
#: Statements that say where cards are on the board (facts of one moment).
_PLACING = re.compile(r'^(?:my|your) (?:kingdom|quest|battlefield)(?: zone)? (?:has|holds) "')


def outcomes(text: str, source: str) -> list[tuple[str, str]]:
    situation = parse_situation(text, source)
    return [(a.verdict.show() if a.verdict else "-", a.status.key) for a in evaluate(situation)]


def swapped(text: str) -> str:
    """The situation with the players swapped (quoted card names untouched)."""
    lines = []
    for line in text.splitlines():
        if line.startswith(("#", "source", "game", "expect")):
            lines.append(line)
            continue
        line = _WORD.sub(
            lambda m: m.group(0) if m.group(0).startswith('"') else _SWAP[m.group(0)], line
        )
        lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_players_swapped_give_the_same_verdicts(path: Path) -> None:
    text = path.read_text("utf-8")
    before = outcomes(text, str(path))
    after = outcomes(swapped(text), str(path))
    assert after == before
    assert swapped(text) != text or "I" not in text


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_reordering_the_board_changes_nothing(path: Path) -> None:
    lines = path.read_text("utf-8").splitlines()
    # the first run of consecutive statements of where cards are, reversed
    start = next((i for i, line in enumerate(lines) if _PLACING.match(line)), len(lines))
    end = start
    while end < len(lines) and _PLACING.match(lines[end]):
        end += 1
    if end - start < 2:
        pytest.skip("no run of statements of where cards are")
    reordered = [*lines[:start], *reversed(lines[start:end]), *lines[end:]]
    text = "\n".join(lines) + "\n"
    assert outcomes("\n".join(reordered) + "\n", str(path)) == outcomes(text, str(path))


def test_swapping_reaches_the_players() -> None:
    """The rewrite is not the identity: a case with "I attack your …" becomes "you attack my …"."""
    text = 'I attack your battlefield with "Chaos Knights"\nmy battlefield has "X"\n'
    assert swapped(text) == (
        'you attack my battlefield with "Chaos Knights"\nyour battlefield has "X"\n'
    )
