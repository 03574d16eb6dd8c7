"""A situation's facts are read once for all its questions, and sharing changes no answer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from readings import shown

from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation, read_situation

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.shared import Readings

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq"))
INVENTED = sorted((ROOT / "tests" / "cases").rglob("*.rq"))


def many_questions(paths: list[Path]) -> list[Path]:
    """The Blue Moon files with more than one question."""
    found = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        if "game bluemoon" in text and text.count("\nask ") > 1:
            found.append(path)
    return found


@pytest.mark.parametrize("path", many_questions(CASES + INVENTED), ids=lambda p: p.stem)
def test_each_question_alone_gets_the_same_answer(path: Path) -> None:
    """Asked with the others (facts shared) or alone (facts read afresh): the same answer."""
    situation = read_situation(path)
    together = evaluate(situation)
    for question, answer in zip(situation.questions, together, strict=True):
        alone = evaluate(situation, [question])[-1]
        assert shown(alone) == shown(answer), f"line {question.span.line}: {question.text}"


def test_the_facts_are_read_once_for_every_question() -> None:
    """Ten questions after the same hundred facts read a hundred facts, not a thousand; a
    question after more facts reads on from the reading before it."""
    facts = 'it is my turn\nI play "Laughing Gas"\n' * 50
    text = (
        'game bluemoon\nyou have active "Wall of Fire"\n'
        + facts
        + 'ask is the special power text of "Wall of Fire" ignored?\n' * 10
        + "the fight ends\n"
        + 'ask is the special power text of "Wall of Fire" ignored?\n'
    )
    readings = _readings_of(text)
    assert readings.facts_read == 101 + 1, readings.facts_read  # the first one, then the last
    assert not readings.kept  # nothing is kept once no question is left to read on from it


def test_a_question_that_plays_cards_leaves_the_next_one_its_facts() -> None:
    """A question plays cards in its own timeline: the next question does not see them.

    Had it seen them, the pair would have used the turn's one character card (the control).
    """
    start = (
        "game bluemoon\nit is my turn\nphase Character\n"
        # (their whole icon lists: the sources mention PAIR, not all their icons)
        '"Wild Gazelle" has icon PAIR\n"Wild Antelope" has icon PAIR\n'
        '"Wild Unicorn" has icon PAIR\n'
        'I have in hand "Wild Gazelle", "Wild Antelope", "Wild Unicorn"\n'
    )
    shared = parse_situation(
        start + 'ask can I play "Wild Gazelle" and "Wild Antelope" together?\n'
        'ask can I play "Wild Unicorn"?\n',
        "<generated>",
    )
    played = parse_situation(
        start + 'I play "Wild Gazelle", "Wild Antelope"\nask can I play "Wild Unicorn"?\n',
        "<generated>",
    )
    answers = evaluate(shared)
    alone = evaluate(shared, [shared.questions[1]])[-1]
    after_plays = evaluate(played)[-1]
    assert [a.verdict.show() if a.verdict else None for a in answers] == ["yes", "yes"]
    assert shown(answers[1]) == shown(alone)
    assert shown(after_plays)[1] == "no"


def _readings_of(text: str) -> Readings:
    """The shared reading the questions of ``text`` leave behind, each asked in turn."""
    from rulesq.engine.dispatch import Context
    from rulesq.games import get_game
    from rulesq.games.bluemoon.judge.shared import MEMO_KEY, Readings
    from rulesq.games.bluemoon.judge.view import View

    situation = parse_situation(text, "<generated>")
    game = get_game("bluemoon")
    memo: dict[str, object] = {}
    for question in situation.questions:
        View(Context(situation, question, game, memo))
    readings = memo[MEMO_KEY]
    assert isinstance(readings, Readings)
    return readings


def _facts_read_by(text: str) -> int:
    """How many facts the questions of ``text`` read, all together."""
    return _readings_of(text).facts_read


def test_a_few_facts_without_a_play_are_read_again_many_are_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Up to ``FEW_FACTS`` facts holding no play, each question reads them (a copy of a
    reading costs more); past it, or with a play among them, the questions share one reading.
    """
    from rulesq.games.bluemoon.judge import shared

    ask = 'ask is the special power text of "Wall of Fire" ignored?\n'
    few = shared.FEW_FACTS
    some = 'game bluemoon\nyou have active "Wall of Fire"\n' + "it is my turn\n" * (few - 1)
    many = 'game bluemoon\nyou have active "Wall of Fire"\n' + "it is my turn\n" * few
    played = 'game bluemoon\nyou have active "Wall of Fire"\nit is my turn\nI play "Blaze"\n'
    assert _facts_read_by(some + ask * 3) == 3 * few  # read by each question
    assert _facts_read_by(many + ask * 3) == few + 1  # once, shared: past FEW_FACTS
    assert _facts_read_by(played + ask * 3) == 3  # a play: shared however few
    monkeypatch.setattr(shared, "FEW_FACTS", 0)  # a copy for every later question
    assert _facts_read_by(some + ask * 3) == few
