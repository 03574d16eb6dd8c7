"""Every default a verdict uses is shown; a default that would change the verdict is asked for."""

from __future__ import annotations

from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.engine.answer import Answer, Status
from rulesq.engine.defaults import (
    PHASE_DEFAULT,
    SAY_THE_PHASE,
    SAY_THE_TURN,
    beginning_of_turn,
    phase_verdicts,
)
from rulesq.engine.dispatch import _answer, evaluate
from rulesq.games import get_game
from rulesq.situation import parse_situation
from rulesq.situation.model import Question, Situation

runner = CliRunner()


def _answers(text: str) -> list:
    return evaluate(parse_situation(text, "<test>"))


def test_an_event_with_no_turn_does_not_silently_make_it_that_players_turn() -> None:
    reach, retreat = _answers(
        "game bluemoon\nyou announced a total power of 5\n"
        "ask what total power must I reach?\nask can I retreat?\n"
    )
    assert (
        "no turn is stated: line 2 (you announced a total power of 5) is taken to happen on "
        "your turn"
    ) in reach.graph.assumptions()
    assert retreat.status is Status.CANNOT
    assert retreat.reason == SAY_THE_TURN
    assert SAY_THE_TURN.endswith("say whose turn it is (it is my turn / it is your turn)")


def test_stating_the_turn_answers_it() -> None:
    (mine,) = _answers(
        "game bluemoon\nyou announced a total power of 5\nit is my turn\n"
        "phase Retreat from Fight?\nask can I retreat?\n"
    )
    assert mine.status is not Status.CANNOT
    # with the turn stated and not the phase, it is the phase that is asked for
    (unphased,) = _answers(
        "game bluemoon\nyou announced a total power of 5\nit is my turn\nask can I retreat?\n"
    )
    assert unphased.status is Status.CANNOT
    assert unphased.reason.startswith(SAY_THE_PHASE.partition("(")[0])


def test_a_play_question_whose_verdict_the_turn_decides_asks_for_the_turn() -> None:
    # on my turn nothing stops it; on yours, cards are played only on their own turn
    (answer,) = _answers('game bluemoon\nask can I play "Laughing Gas"?\n')
    assert answer.status is Status.CANNOT
    assert answer.reason == SAY_THE_TURN
    (mine,) = _answers(
        'game bluemoon\nit is my turn\nphase Booster/Support\nask can I play "Laughing Gas"?\n'
    )
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


def test_a_phase_that_decides_the_verdict_is_asked_for() -> None:
    # a leadership card is played in the Leadership phase: with no phase stated, the answer
    # depends on whether that phase is over, and the judge is told the verdict in each
    result = runner.invoke(
        app,
        ["ask", "-e", 'game bluemoon\nit is my turn\nask can I play "Muster Reinforcements"?'],
    )
    assert " ".join(result.output.split("\n", 1)[1].split()) == (
        "cannot answer: which phase it is decides the answer, and the situation does not say:"
        " say which phase it is (phase <name>): yes in Beginning of Turn, Leadership; no in"
        " Retreat from Fight?, Character, Booster/Support, Announce Power, Refresh Hand, End of"
        " Turn"
    )
    (stated,) = _answers(
        'game bluemoon\nit is my turn\nphase Leadership\nask can I play "Muster Reinforcements"?\n'
    )
    assert stated.verdict is not None and stated.verdict.show() == "yes"
    assert not any(a.startswith(PHASE_DEFAULT) for a in stated.graph.assumptions())


def test_a_phase_that_does_not_decide_the_verdict_is_shown() -> None:
    # "you may not play support cards" holds in every phase: the default is shown, not asked
    (answer,) = _answers(
        'game bluemoon\nit is my turn\nyou have active "Pandemonium"\n'
        'ask can I play "Laughing Gas"?\n'
    )
    assert answer.verdict is not None and answer.verdict.show() == "no"
    assert beginning_of_turn("my") in answer.graph.assumptions()
    assert beginning_of_turn("my") == (
        "no phase is stated: it is taken to be the beginning of my turn (no phase over)"
    )


def test_a_phase_is_tried_on_the_turn_the_default_took() -> None:
    # no turn stated, the opponent's turn is assumed for his play: the phases tried are his
    # (on mine he could play in none; with no turn stated a phase is an input error)
    situation = parse_situation('game bluemoon\nask can you play "Muster Reinforcements"?\n', "t")
    (question,) = situation.questions
    game = get_game("bluemoon")
    answer = _answer(situation, question, game)
    assert beginning_of_turn("your") in answer.graph.assumptions()

    def ask(other: Situation, again: Question) -> Answer:
        return _answer(other, again, game, {})

    verdicts = phase_verdicts(situation, question, answer, ask, game.phases)
    assert verdicts == {
        "yes": ["Beginning of Turn", "Leadership"],
        "no": [
            "Retreat from Fight?",
            "Character",
            "Booster/Support",
            "Announce Power",
            "Refresh Hand",
            "End of Turn",
        ],
    }


def test_a_game_with_no_default_phase_asks_nothing_more() -> None:
    # Warhammer takes no default phase: an unstated phase is a gap of its own answer
    (answer,) = _answers(
        'game warhammer\nit is my turn\nI have 9 resources\nask can I play "Chaos Knights"?\n'
    )
    assert answer.status is Status.CANNOT
    assert "does not say the phase" in answer.reason
    assert SAY_THE_PHASE.partition("(")[0] not in answer.reason


def test_the_cli_asks_for_the_turn_in_so_many_words() -> None:
    result = runner.invoke(app, ["ask", "-e", 'game bluemoon\nask can I play "Laughing Gas"?'])
    assert result.output.splitlines()[0] == 'ask can I play "Laughing Gas"?'
    assert " ".join(result.output.split("\n", 1)[1].split()) == (
        "cannot answer: whose turn it is decides the answer, and the situation does not say: say"
        " whose turn it is (it is my turn / it is your turn)"
    )


def test_a_phase_stated_before_the_turn_says_to_state_the_turn_first() -> None:
    (answer,) = _answers(
        "game bluemoon\nphase Booster/Support\nit is my turn\nask can I play a support card?\n"
    )
    assert answer.status is Status.CANNOT
    assert answer.reason == (
        "the phase (line 2) is stated before whose turn it is (line 3): "
        'write "it is my turn" first, then the phase'
    )
    (alone,) = _answers("game bluemoon\nphase Booster/Support\nask can I play a support card?\n")
    assert alone.reason == (
        "the situation names a phase but not whose turn it is (write: it is my turn)"
    )


def test_the_phase_a_play_reached_is_shown_as_assumed_and_not_asked_for() -> None:
    """The rules say a card is played in its phase, not that the turn stays there: shown.

    It is no phase default (the question is not asked again in each phase): the situation
    states the play as its latest event. With a phase stated since, nothing is assumed.
    """
    from conftest import INVENTED

    from rulesq.engine.defaults import played_phase
    from rulesq.situation import read_situation

    folder = INVENTED / "defaults"
    (kept,) = evaluate(
        read_situation(folder / "a-phase-reached-by-a-play-is-shown-as-assumed-1.rq")
    )
    said = played_phase("Some Hero", "Character")
    assert kept.status is not Status.CANNOT
    assert said in kept.graph.assumptions()
    assert not said.startswith(PHASE_DEFAULT)
    (stated,) = evaluate(
        read_situation(folder / "a-phase-reached-by-a-play-is-shown-as-assumed-2.rq")
    )
    assert not [a for a in stated.graph.assumptions() if "phase" in a]


def test_a_first_turn_of_the_fight_unstated_is_shown_where_it_decides() -> None:
    """A turn not said to be its fight's first is taken to be a later one, shown where the first
    would give another verdict; a situation that states it (BM-Q123) assumes nothing of it."""
    from conftest import INVENTED

    from rulesq.situation import read_situation

    case = INVENTED / "defaults" / "a-first-turn-of-the-fight-unstated-is-shown-where-it-decides.rq"
    (later,) = evaluate(read_situation(case))
    assert later.verdict is not None and later.verdict.show() == "yes"
    shown = [a for a in later.graph.assumptions() if "first of its fight" in a]
    assert shown and "the answer would be no" in shown[0]
    root = INVENTED.parents[1] / "corpus" / "bluemoon" / "cases"
    (stated, *_) = evaluate(read_situation(next(root.rglob("q123-*.rq"))))
    assert not [a for a in stated.graph.assumptions() if "first of its fight" in a]
