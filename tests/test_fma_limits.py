"""FMA limitations carry weight: declaring first and uniqueness decide on the ladder.

Both are claims of the ``limitation`` step of ``corpus/fma/ladder.toml``, not early returns:
with that step swapped below ``card text``, the canceling card's words and the text that takes
control win instead, and the verdicts turn. With the true ladder the limitation says no.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rulesq.engine.check import check_situation
from rulesq.engine.ladder import Ladder
from rulesq.games.fma import claims
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parent.parent
TIMING = (
    ROOT / "tests" / "cases" / "fma" / "a-cancel-waits-for-the-declaration-whatever-its-words.rq"
)
UNIQUE = corpus_dir() / "fma" / "cases" / "calls" / "taking-control-and-uniqueness.rq"


def first_verdict(path: Path) -> str:
    """The shown verdict of the file's first question."""
    checked = check_situation(parse_situation(path.read_text(encoding="utf-8"), str(path)))
    answer = checked.questions[0].answer
    assert answer is not None and answer.verdict is not None, answer
    return answer.verdict.show()


def swapped(ladder: Ladder, upper: str, lower: str) -> Ladder:
    """The ladder with two steps' ranks exchanged."""
    steps = list(ladder.steps)
    i = next(n for n, s in enumerate(steps) if s.name == upper)
    j = next(n for n, s in enumerate(steps) if s.name == lower)
    steps[i], steps[j] = replace(steps[j], rank=i), replace(steps[i], rank=j)
    return replace(ladder, steps=tuple(steps))


@pytest.mark.parametrize("path", [TIMING, UNIQUE], ids=["declaring-first", "uniqueness"])
def test_the_limitation_decides(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    true = claims.ladder()
    assert true.step_of_kind(claims.TIMING) is true.step_of_kind(claims.UNIQUENESS)
    assert first_verdict(path) == "no"
    monkeypatch.setattr(claims, "ladder", lambda: swapped(true, "limitation", "card text"))
    assert first_verdict(path) == "yes"


def test_limitations_are_only_rules_of_that_kind() -> None:
    with pytest.raises(Exception, match="not a kind of FMA limitation"):
        claims.limit_claim(claims.Stance.FORBID, claims.CARD_TEXT, "no")


REQUIREMENT = corpus_dir() / "fma" / "cases" / "calls" / "burning-the-past-requirement.rq"


@pytest.mark.parametrize(
    ("path", "clause"),
    [
        (REQUIREMENT, "fma/rulings/requirements/1"),
        (TIMING, "fma/rulings/playing-cards-and-abilities/2"),
        (UNIQUE, "fma/cards/persuasion/ruling"),
    ],
    ids=["requirement", "declaring-first", "uniqueness"],
)
def test_the_limitation_cites_only_the_clause_that_decided(path: Path, clause: str) -> None:
    """The step ranks three kinds of rule; the answer cites the one whose claim decided."""
    checked = check_situation(parse_situation(path.read_text(encoding="utf-8"), str(path)))
    answer = checked.questions[0].answer
    assert answer.decided_by == "limitation"
    step = claims.ladder().step("limitation")
    assert step is not None and clause in step.clauses
    cited = {c["clause_id"] for c in answer.citations()}
    assert clause in cited
    assert not (set(step.clauses) - {clause}) & cited, cited


def test_a_clause_behind_both_the_step_and_the_verdict_is_listed_once() -> None:
    """The requirement's clause supports the step and the verdict; the answer lists it once."""
    checked = check_situation(
        parse_situation(REQUIREMENT.read_text(encoding="utf-8"), str(REQUIREMENT))
    )
    deciding = [c["clause_id"] for c in checked.questions[0].answer.graph.deciding_clauses()]
    assert "fma/rulings/requirements/1" in deciding
    assert len(deciding) == len(set(deciding)), deciding
