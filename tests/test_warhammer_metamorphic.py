"""Metamorphic tests over every Warhammer case: swapped players and reordered facts change nothing.

The damage cases have their own (``test_warhammer_damage_metamorphic.py``, whose rewrites this
reuses); here every other case under ``corpus/warhammer/cases`` is rewritten:

- the players swapped (I <-> you, my <-> your): each question then asks about the other
  player's side, so each verdict stays the same (the verdicts are swapped with the players);
- the facts of one moment reordered: each run of statements of where cards are reversed, and
  the cards inside each such statement too. Events ("X is destroyed", "X moves to …") and the
  chain keep their order: they are the timeline.

Each variant is a generated test, counted apart from the distinct cases (``conftest.py``).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from test_warhammer_damage_metamorphic import outcomes, swapped

from rulesq.paths import corpus_dir

ROOT = corpus_dir() / "warhammer" / "cases"
CASES = sorted(p for p in ROOT.rglob("*.rq") if p.parent.name != "damage")
#: A statement of where cards are: its head and its card list.
_PLACING = re.compile(
    r'^(?P<head>(?:my|your) (?:kingdom|quest|battlefield)(?: zone)? (?:has|holds) )(?P<cards>".+)$'
)
_CARD = re.compile(r'"[^"]*"(?:\s*\([^)]*\))?')


@functools.cache
def original(path: Path) -> tuple[tuple[str, str], ...]:
    """A case's own outcomes (computed once for both of its variants)."""
    return tuple(outcomes(path.read_text("utf-8"), str(path)))


def reordered(text: str) -> str | None:
    """The situation with its runs of placing statements and their card lists reversed."""
    lines = text.splitlines()
    out: list[str] = []
    run: list[str] = []
    changed = False

    def flush() -> None:
        nonlocal changed
        if len(run) > 1:
            changed = True
        out.extend(reversed(run))
        run.clear()

    for line in lines:
        match = _PLACING.match(line)
        if match is None:
            flush()
            out.append(line)
            continue
        cards = _CARD.findall(match.group("cards"))
        if len(cards) > 1 and ", ".join(cards) == match.group("cards").strip():
            line = match.group("head") + ", ".join(reversed(cards))
            changed = True
        run.append(line)
    flush()
    return "\n".join(out) + "\n" if changed else None


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(ROOT).as_posix() for p in CASES])
def test_players_swapped_give_swapped_verdicts(path: Path) -> None:
    text = path.read_text("utf-8")
    variant = swapped(text)
    if variant == text:
        pytest.skip("the case names no player")
    swap = {"me": "you", "you": "me"}
    expected = tuple((swap.get(verdict, verdict), status) for verdict, status in original(path))
    assert tuple(outcomes(variant, str(path))) == expected


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(ROOT).as_posix() for p in CASES])
def test_reordering_one_moment_changes_nothing(path: Path) -> None:
    variant = reordered(path.read_text("utf-8"))
    if variant is None:
        pytest.skip("nothing of one moment to reorder")
    assert tuple(outcomes(variant, str(path))) == original(path)


def test_reordering_reaches_the_cards() -> None:
    """The rewrite is not the identity: both the statements and their cards are reversed."""
    text = 'my battlefield has "A" (damage 1), "B"\nyour kingdom has "C"\nask is "A" destroyed?\n'
    assert reordered(text) == (
        'your kingdom has "C"\nmy battlefield has "B", "A" (damage 1)\nask is "A" destroyed?\n'
    )
