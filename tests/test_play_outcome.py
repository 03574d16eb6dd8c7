"""``ask what happens if I play "X"?`` is answered as the questions the play raises."""

from __future__ import annotations

from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.cli.shell import Table
from rulesq.engine.answer import Status
from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation

runner = CliRunner()

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
    text = (
        'game bluemoon\nit is my turn\nphase Booster/Support\nyou have active "Pandemonium"\n'
        'ask what happens if I play "Irresistible Sirens"?\n'
    )
    asked = _asked(text)
    assert asked[0][:2] == ('ask can I play "Irresistible Sirens"?', "no")
    assert [(v, r) for _, v, r in asked[1:]] == [
        (
            str(Status.CANNOT),
            '"Irresistible Sirens" cannot be played now (the answer above), so the play '
            "raises no question",
        )
    ] * 2


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
    text = 'game bluemoon\nask what happens if I play "Hank Highflyer Hawk"?\n'
    answers = evaluate(parse_situation(text, "<test>"))
    assumed = [a for answer in answers for a in answer.graph.assumptions()]
    assert (
        'no turn is stated: "I play "Hank Highflyer Hawk"" is taken to happen on my turn' in assumed
    )
