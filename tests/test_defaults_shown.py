"""Every default a verdict uses is shown; a default that would change the verdict is asked for."""

from __future__ import annotations

from rulesq.engine.answer import Status
from rulesq.engine.defaults import SAY_THE_TURN
from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation


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


def test_a_play_question_shows_the_turn_it_assumes() -> None:
    (answer,) = _answers('game bluemoon\nask can I play "Laughing Gas"?\n')
    assert (
        "no turn is stated, so it is taken to be my turn (a player plays on his own turn)"
        in answer.graph.assumptions()
    )
