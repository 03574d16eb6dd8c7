"""A check's text report leaves out the assumptions an answer only shows; ``--json`` keeps them.

Finding a shown default (the game's ``shown_defaults``) asks the question again: about a fifth
of a Blue Moon check. The text report prints no assumption and no ``expect`` line reads one,
so a text check leaves them out (``assumed=False``); these tests pin that nothing else moves.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.engine.check import FileCheck, check_file

ROOT = Path(__file__).resolve().parents[1]
BLUE_MOON = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
#: What Blue Moon shows when an answer took the turn to be a later one of its fight.
LATER_TURN = "is taken to be a later one"


def _answers(checked: FileCheck) -> list[tuple[object, ...]]:
    """What a check decides and says of each question, assumptions left out."""
    return [
        (
            q.question.text,
            q.answer.verdict.show() if q.answer.verdict is not None else None,
            q.answer.status,
            q.answer.reason,
            tuple(o.result for o in q.outcomes),
        )
        for q in checked.questions
    ]


def _assumptions(checked: FileCheck) -> list[list[str]]:
    return [q.answer.graph.assumptions() for q in checked.questions]


def test_a_check_without_shown_assumptions_decides_the_same_and_leaves_only_them_out() -> None:
    """Every Blue Moon FAQ case: same results, reasons and verdicts; only shown defaults go."""
    differing = 0
    for path in BLUE_MOON:
        whole = check_file(path)
        light = check_file(path, assumed=False)
        assert (light.result, light.reason) == (whole.result, whole.reason), path
        assert _answers(light) == _answers(whole), path
        for full, bare in zip(_assumptions(whole), _assumptions(light), strict=True):
            left_out = [a for a in full if a not in bare]
            assert all(LATER_TURN in a for a in left_out), (path, left_out)
            assert all(a in full for a in bare), path
            differing += bool(left_out)
    # the flag carries weight: without it these answers would show their later turn
    assert differing >= 10


def test_check_json_keeps_the_shown_assumption_the_text_report_does_not_need() -> None:
    """``check --json`` prints the answers whole, the turn taken to be a later one included."""
    case = ROOT / "corpus" / "bluemoon" / "cases" / "card-play-general-rules"
    path = case / "q122-booster-and-support.rq"
    result = CliRunner().invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert LATER_TURN in json.dumps(json.loads(result.output))
    text = CliRunner().invoke(app, ["check", str(path)])
    assert text.exit_code == 0
    assert text.output.startswith("AGREE")
