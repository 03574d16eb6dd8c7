"""``ask what happens if I play "X"?`` is answered as the questions the play raises."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.cli.shell import Table
from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation

runner = CliRunner()
CASES = Path(__file__).parent / "cases"

SIRENS = (
    "game bluemoon\nit is my turn\nphase Booster/Support\n"
    'ask what happens if I play "Irresistible Sirens"?\n'
)


def _asked(text: str) -> list[tuple[str, str, str]]:
    """Each answer's question, verdict (or status) and reason."""
    out = []
    for answer in evaluate(parse_situation(text, "<test>")):
        shown = answer.verdict.show() if answer.answered and answer.verdict else answer.status
        out.append((answer.question.text, str(shown), answer.reason))
    return out


def test_the_play_is_asked_then_what_its_text_touches() -> None:
    asked = _asked(SIRENS)
    assert [(q, v) for q, v, _ in asked] == [
        ('ask can I play "Irresistible Sirens"?', "yes"),
        ('ask if I play "Irresistible Sirens": how many dragons do I attract?', "0"),
        ('ask if I play "Irresistible Sirens": how many cards must you discard?', "1"),
    ]
    assert asked[2][2].startswith('"Irresistible Sirens" requires it')


def test_the_cli_prints_each_question_with_its_answer_and_reason() -> None:
    result = runner.invoke(app, ["ask", "-e", SIRENS])
    lines = result.output.splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("ask ")]
    assert [lines[i : i + 3] for i in heads] == [
        [
            'ask can I play "Irresistible Sirens"?',
            "  yes",
            '  definite: nothing stops "Irresistible Sirens" from being played this turn',
        ],
        [
            'ask if I play "Irresistible Sirens": how many dragons do I attract?',
            "  0",
            "  definite: I attract no dragons now: nothing that attracts dragons has happened",
        ],
        [
            'ask if I play "Irresistible Sirens": how many cards must you discard?',
            "  1",
            '  definite: "Irresistible Sirens" requires it (each text satisfied on its own):',
        ],
    ]


def test_an_ignore_asks_about_each_card_it_reaches_and_the_play_stays_supposed() -> None:
    text = (
        'game bluemoon\n"TopDog" has no PROTECTED icon\nit is my turn\nphase Booster/Support\n'
        'you have active "TopDog"\nask what happens if I play "Laughing Gas"?\n'
        'ask is the special power text of "TopDog" ignored?\n'
    )
    assert [(q, v) for q, v, _ in _asked(text)] == [
        ('ask can I play "Laughing Gas"?', "yes"),
        ('ask if I play "Laughing Gas": is the special power text of "TopDog" ignored?', "yes"),
        # the play was only supposed: the next question does not see it
        ('ask is the special power text of "TopDog" ignored?', "no"),
    ]


def test_a_play_that_cannot_be_made_raises_no_question() -> None:
    """The questions the play would raise are not asked: no answer, listed under the no.

    Before, each was answered *cannot answer* ("… so the play raises no question"), so
    ``ask`` exited 1 on a file ``check`` found in agreement; the README says they "are not
    asked", and DESIGN.md's cannot answer is for what the sources or the situation do not
    give, which is not the case here: the answer above settles them.
    """
    text = (
        'game bluemoon\nit is my turn\nphase Booster/Support\nyou have active "Pandemonium"\n'
        'ask what happens if I play "Irresistible Sirens"?\n'
    )
    [answer] = evaluate(parse_situation(text, "<test>"))
    assert answer.question.text == 'ask can I play "Irresistible Sirens"?'
    assert answer.verdict is not None and answer.verdict.show() == "no"
    assert answer.not_asked == (
        'ask if I play "Irresistible Sirens": how many dragons do I attract?',
        'ask if I play "Irresistible Sirens": how many cards must you discard?',
    )


def test_a_play_that_can_be_made_lists_nothing_as_not_asked() -> None:
    """``not_asked`` is only for a play refused: asked, the raised questions are answers."""
    answers = evaluate(parse_situation(SIRENS, "<test>"))
    assert [a.not_asked for a in answers] == [()] * 3


CANNOT_PLAY = (
    CASES / "play" / "what-happens-if-i-play-a-card-that-cannot-be-played-asks-nothing-more.rq"
)


def test_ask_and_check_give_the_same_exit_code_when_the_play_cannot_be_made() -> None:
    """Every question answered and every call agreeing: 0 from both commands."""
    asked = runner.invoke(app, ["ask", str(CANNOT_PLAY)])
    checked = runner.invoke(app, ["check", str(CANNOT_PLAY)])
    assert (asked.exit_code, checked.exit_code) == (0, 0), asked.output + checked.output
    assert "cannot answer" not in asked.output
    lines = asked.output.splitlines()
    at = lines.index("  not asked, as the play cannot be made:")
    assert lines[at + 1 : at + 3] == [
        '    ask if I play "Irresistible Sirens": how many dragons do I attract?',
        '    ask if I play "Irresistible Sirens": how many cards must you discard?',
    ]
    reply = json.loads(runner.invoke(app, ["ask", "--json", str(CANNOT_PLAY)]).output)
    assert [a["not_asked"] for a in reply["answers"]] == [
        [line.strip() for line in lines[at + 1 : at + 3]]
    ]


def test_the_table_exits_0_when_the_play_cannot_be_made() -> None:
    """The table mode's code (a piped session's exit code) agrees with ask and check."""
    table = Table()
    for line in CANNOT_PLAY.read_text(encoding="utf-8").splitlines()[4:]:
        assert not table.handle(line).startswith("error")
    assert table.code == 0


def test_the_calls_after_the_line_check_whether_it_can_be_played() -> None:
    situation = parse_situation(SIRENS + "expect yes\n", "<test>")
    first, *raised = situation.questions
    assert [e.text for e in first.expectations] == ["expect yes"]
    assert all(not q.expectations for q in raised)
    assert {q.written for q in situation.questions} == {"play_outcome"}


def test_the_table_answers_every_question_of_the_line() -> None:
    table = Table()
    for line in ("it is my turn", "phase Booster/Support"):
        assert table.handle(line) == ""
    out = table.handle('ask what happens if I play "Irresistible Sirens"?').splitlines()
    assert [line for line in out if line.startswith("ask ")] == [
        'ask can I play "Irresistible Sirens"?',
        'ask if I play "Irresistible Sirens": how many dragons do I attract?',
        'ask if I play "Irresistible Sirens": how many cards must you discard?',
    ]


def test_what_a_text_touches_names_the_players_it_makes_act() -> None:
    from rulesq.games.bluemoon.outcomes import touched
    from rulesq.games.bluemoon.parser import parse_card_text

    def read(text: str) -> dict[str, set[str]]:
        return touched(parse_card_text(text).effects, "me")

    assert read("Now you must retreat.") == {"retreat": {"you"}}
    assert read("You may not retreat.") == {}
    assert read("I must discard one card from my hand to play this card.") == {"discard": {"me"}}
    assert read("Now I may draw five cards.") == {"draw": {"me"}}
    assert read("If you retreat, I attract one additional dragon.") == {"dragons": {"me"}}


def test_the_supposed_play_is_written_as_a_play_statement() -> None:
    """The play a what-happens question supposes reads as the statement a judge would write."""
    # (my support and influence areas said to hold no other cards: the total the play raises is
    # then answered)
    text = (
        "game bluemoon\nmy support area holds no other cards\n"
        "my influence area holds no other cards\n"
        'ask what happens if I play "Hank Highflyer Hawk"?\n'
    )
    answers = evaluate(parse_situation(text, "<test>"))
    assumed = [a for answer in answers for a in answer.graph.assumptions()]
    assert (
        'no turn is stated: line 4 (I play "Hank Highflyer Hawk") is taken to happen on my turn'
        in assumed
    )


@pytest.mark.parametrize(("call", "code"), [("expect no", 0), ("expect yes", 1)])
def test_ask_check_and_the_piped_table_give_one_exit_code(
    tmp_path: Path, call: str, code: int
) -> None:
    """A call that does not agree makes each of them exit 1 (ask printed DISAGREE, and exited
    0); every call agreeing, 0. The file is the case above with its call kept or turned."""
    text = CANNOT_PLAY.read_text(encoding="utf-8").replace("expect no\n", call + "\n")
    case = tmp_path / "case.rq"
    case.write_text(text, encoding="utf-8")
    asked = runner.invoke(app, ["ask", str(case)])
    checked = runner.invoke(app, ["check", str(case)])
    piped = subprocess.run(
        [str(Path(sys.executable).parent / "rulesq"), "shell"],
        input=text,
        capture_output=True,
        text=True,
        env={**os.environ, "RULESQ_CACHE_DIR": str(tmp_path / "cache")},
        timeout=120,
    )
    assert (asked.exit_code, checked.exit_code, piped.returncode) == (code,) * 3
    assert f"  {call}: {'AGREE' if code == 0 else 'DISAGREE'}" in asked.output
