"""The orders beside the ladders carry weight: perturb each and some case's verdict changes.

``test_ladder_mutations.py`` swaps the steps of each game's ``ladder.toml``. Two games order
their claims by a second mechanism as well, and each is perturbed here in the one place that
holds it:

- Warhammer's action chain resolves last in, first out (Q&A 18): ``board.resolution_order``.
  Resolved first in, first out, the W9 ruling (a response that destroys a Skaven unit makes
  Deathmaster Sniktch's target illegal) no longer holds.
- FMA's attribute timeline applies the effects on a value in the order they happen, a set value
  wiping the modifiers before it (Changing attributes, examples 1 and 2):
  ``attributes._compute`` reads them in that order. Read in the reverse order, a modifier after
  a set value is wiped and one before it counts.

Each perturbation is run over the game's FAQ cases and its invented cases, in process; a
perturbation that no verdict notices would be an order that decides nothing.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rulesq.engine.dispatch import evaluate
from rulesq.games.fma import attributes
from rulesq.games.warhammer import board
from rulesq.paths import corpus_dir
from rulesq.situation import read_situation

ROOT = Path(__file__).resolve().parent.parent


def _files(game: str) -> list[Path]:
    found = sorted((corpus_dir() / game / "cases").rglob("*.rq"))
    found += [
        p
        for p in sorted((ROOT / "tests" / "cases").rglob("*.rq"))
        if p.parent.name != "input-errors"
        and re.search(rf"^game\s+{game}\b", p.read_text(encoding="utf-8"), re.M)
    ]
    return found


def _verdicts(files: list[Path]) -> dict[tuple[str, int], str]:
    out: dict[tuple[str, int], str] = {}
    for path in files:
        for answer in evaluate(read_situation(path)):
            shown = answer.verdict.show() if answer.verdict else answer.status.key
            out[(path.name, answer.question.span.line)] = shown
    return out


def _changed(files: list[Path], before: dict[tuple[str, int], str]) -> list[str]:
    """The questions whose verdict differs from ``before`` (each as file:line old -> new)."""
    after = _verdicts(files)
    return sorted(
        f"{name}:{line} {shown} -> {after.get((name, line))}"
        for (name, line), shown in before.items()
        if after.get((name, line)) != shown
    )


def test_the_chain_resolved_first_in_first_out_changes_verdicts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = _files("warhammer")
    before = _verdicts(files)
    monkeypatch.setattr(board, "resolution_order", lambda links: list(links))
    changed = _changed(files, before)
    assert changed, "no Warhammer case notices the chain resolving first in, first out"
    assert any(c.startswith("w9-target-illegal-on-resolution.rq:14 yes") for c in changed), changed
    # the order is held in one place: the damage a resolving chain deals follows it too
    assert any(c.startswith("nurgles-pestilence-cancelled-in-response.rq") for c in changed)


def test_the_attribute_timeline_read_backwards_changes_verdicts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    files = _files("fma")
    before = _verdicts(files)
    compute = attributes._compute

    def backwards(character: str, attribute: Any, printed: int | None, mine: list[Any]) -> Any:
        return compute(character, attribute, printed, mine[::-1])

    monkeypatch.setattr(attributes, "_compute", backwards)
    changed = _changed(files, before)
    assert changed, "no FMA case notices the attribute timeline read in the reverse order"
    assert any(c.startswith("envy-copy-then-saber.rq") for c in changed), changed
