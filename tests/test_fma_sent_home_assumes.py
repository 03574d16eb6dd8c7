"""FMA: an answer that reads a character sent home as out of the battle shows that reading."""

from __future__ import annotations

from pathlib import Path

from rulesq.engine import evaluate
from rulesq.situation import parse_situation

CASE = (
    Path(__file__).resolve().parent.parent / "corpus" / "fma" / "cases" / "battles" / "sent-home.rq"
)


def test_the_battle_answers_show_that_a_card_sent_home_is_read_as_out_of_it() -> None:
    """The ruling says only that the battle continues: each answer shows what it reads into it."""
    situation = parse_situation(CASE.read_text(encoding="utf-8"), str(CASE))
    answers = evaluate(situation)
    assert len(answers) == 2
    for answer in answers:
        assert answer.answered
        assert any(
            '"B" sent home' in text and "the battle continues as normal" in text
            for text in answer.graph.assumptions()
        ), answer.graph.assumptions()


def test_a_battle_with_no_card_sent_home_assumes_nothing_of_it() -> None:
    """Without a card sent home the reading is not shown."""
    text = CASE.read_text(encoding="utf-8").replace('"B" is sent home\n', "")
    for answer in evaluate(parse_situation(text, str(CASE))):
        assert not any("sent home" in t for t in answer.graph.assumptions())


def test_a_defeat_the_reading_decides_shows_it_too() -> None:
    """'is B defeated?' after A was sent home rests on A no longer counting: it says so."""
    path = (
        Path(__file__).resolve().parent
        / "cases"
        / "fma-battles"
        / "a-card-sent-home-is-read-as-out-of-the-battle-for-every-answer.rq"
    )
    answers = evaluate(parse_situation(path.read_text(encoding="utf-8"), str(path)))
    assert len(answers) == 3
    for answer in answers:
        assert any('"A" sent home' in t for t in answer.graph.assumptions())
