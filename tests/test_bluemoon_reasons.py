"""Blue Moon FAQ cases pin the FAQ's reason; a question without one is listed with why."""

from __future__ import annotations

from pathlib import Path

from rulesq.paths import corpus_dir
from rulesq.situation import read_situation

CASES = corpus_dir() / "bluemoon" / "cases"
README = CASES / "README.md"
#: The expectations that pin a reason: the deciding card, or the rule or ladder step.
REASON_KINDS = frozenset({"because", "decided_by"})
#: Floors: the files and the questions that pin a reason (raise them as more are pinned).
PINNED_FILES = 343
PINNED_QUESTIONS = 549
SECTION = "### Reasons not yet right"


def _reasons() -> dict[str, list[bool]]:
    """Per case file (relative to the cases folder): whether each question pins a reason."""
    found = {}
    for path in sorted(CASES.rglob("*.rq")):
        situation = read_situation(path)
        found[path.relative_to(CASES).as_posix()] = [
            any(e.kind in REASON_KINDS for e in q.expectations) for q in situation.questions
        ]
    return found


def _listed() -> dict[str, list[str]]:
    """The rows of the README's list of reasons not yet right: case -> the other cells."""
    text = README.read_text(encoding="utf-8")
    assert SECTION in text, f"{README.name} lost its section {SECTION!r}"
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[1:]
    return rows


def test_the_pinned_reasons_do_not_drop() -> None:
    """At least as many files and questions pin a reason as when the floor was set."""
    reasons = _reasons()
    files = sum(1 for pins in reasons.values() if any(pins))
    questions = sum(sum(pins) for pins in reasons.values())
    assert files >= PINNED_FILES, f"only {files} Blue Moon cases pin a reason ({PINNED_FILES})"
    assert questions >= PINNED_QUESTIONS, (
        f"only {questions} Blue Moon questions pin a reason ({PINNED_QUESTIONS})"
    )


def test_every_case_without_a_reason_is_listed_with_why() -> None:
    """A case with a question that pins no reason is in the README, with both reasons given."""
    reasons = _reasons()
    rows = _listed()
    unpinned = {case for case, pins in reasons.items() if not all(pins)}
    missing = sorted(unpinned - set(rows))
    assert not missing, f"not listed under {SECTION!r} in {README.name}: {missing}"
    for case, cells in rows.items():
        assert case in reasons, f"{README.name} lists {case}, which is not a case file"
        assert case in unpinned, f"{case} pins every reason now: take it off the list"
        why = "give the question, the FAQ's reason and rulesq's"
        assert len(cells) == 3 and all(cells), f"{case}: {why}"


def test_the_list_reads_the_cases_folder() -> None:
    """The list's paths are relative to the cases folder (a moved folder would empty it)."""
    assert all((CASES / Path(case)).is_file() for case in _listed())
