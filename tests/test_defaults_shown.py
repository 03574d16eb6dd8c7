"""Every default a verdict uses is shown; a default that would change the verdict is asked for."""

from __future__ import annotations

from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.engine.answer import Status
from rulesq.engine.defaults import PHASE_DEFAULT, SAY_THE_TURN
from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation

runner = CliRunner()


def _answers(text: str) -> list:
    return evaluate(parse_situation(text, "<test>"))


def test_an_event_with_no_turn_does_not_silently_make_it_that_players_turn() -> None:
    reach, retreat = _answers(
        "game bluemoon\nyou announced a total power of 5\n"
        "ask what total power must I reach?\nask can I retreat?\n"
    )
    assert (
        'no turn is stated: "you announced a total power of 5" is taken to happen on your turn'
    ) in reach.graph.assumptions()
    assert retreat.status is Status.CANNOT
    assert retreat.reason == SAY_THE_TURN
    assert SAY_THE_TURN.endswith("say whose turn it is (it is my turn / it is your turn)")


def test_stating_the_turn_answers_it() -> None:
    (mine,) = _answers(
        "game bluemoon\nyou announced a total power of 5\nit is my turn\nask can I retreat?\n"
    )
    assert mine.status is not Status.CANNOT


def test_a_play_question_whose_verdict_the_turn_decides_asks_for_the_turn() -> None:
    # on my turn nothing stops it; on yours, cards are played only on their own turn
    (answer,) = _answers('game bluemoon\nask can I play "Laughing Gas"?\n')
    assert answer.status is Status.CANNOT
    assert answer.reason == SAY_THE_TURN
    (mine,) = _answers('game bluemoon\nit is my turn\nask can I play "Laughing Gas"?\n')
    assert mine.verdict is not None and mine.verdict.show() == "yes"


def test_a_play_question_the_turn_does_not_decide_shows_the_turn_it_assumes() -> None:
    # no on my turn (a "you may not"), no on yours: the assumed turn is shown, not asked for
    (answer,) = _answers(
        'game bluemoon\nyou have active "Pandemonium"\nask can I play "Laughing Gas"?\n'
    )
    assert answer.verdict is not None and answer.verdict.show() == "no"
    assert (
        "no turn is stated, so it is taken to be my turn (a player plays on his own turn)"
        in answer.graph.assumptions()
    )


def test_the_other_play_questions_ask_for_the_turn_too() -> None:
    for question in ("can I play a support card?", 'can I play "Laughing Gas" together?'):
        (answer,) = _answers(f"game bluemoon\nask {question}\n")
        assert (answer.status, answer.reason) == (Status.CANNOT, SAY_THE_TURN), question


def test_a_phase_no_statement_gives_is_shown() -> None:
    result = runner.invoke(
        app,
        ["ask", "-e", 'game bluemoon\nit is my turn\nask can I play "Muster Reinforcements"?'],
    )
    assert result.output.splitlines()[1:4] == [
        "  yes",
        '  definite: nothing stops "Muster Reinforcements" from being played now',
        "  assumes: no phase is stated: it is taken to be the beginning of my turn (no phase over)",
    ]
    (stated,) = _answers(
        'game bluemoon\nit is my turn\nphase Leadership\nask can I play "Muster Reinforcements"?\n'
    )
    assert not any(a.startswith(PHASE_DEFAULT) for a in stated.graph.assumptions())


def test_the_cli_asks_for_the_turn_in_so_many_words() -> None:
    result = runner.invoke(app, ["ask", "-e", 'game bluemoon\nask can I play "Laughing Gas"?'])
    assert result.output.splitlines() == [
        'ask can I play "Laughing Gas"?',
        "  cannot answer: whose turn it is decides the answer, and the situation does not say: say",
        "    whose turn it is (it is my turn / it is your turn)",
    ]
