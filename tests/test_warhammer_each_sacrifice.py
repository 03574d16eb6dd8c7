"""An answer every choice of an open sacrifice cost gives shows the situation as written.

It is judged on the situation restated with one choice (``I sacrifice "X"`` after the link):
that line is no fact of the situation, and the lines after it keep their numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from conftest import INVENTED

from rulesq.engine import evaluate
from rulesq.games.warhammer import each_sacrifice
from rulesq.games.warhammer.situation import read_board
from rulesq.situation import read_situation

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer

CASE = INVENTED / "warhammer-costs" / "a-count-every-sacrifice-choice-agrees-on-is-given.rq"
#: Two open costs: each way is judged with two lines written in.
TWO = INVENTED / "warhammer-costs" / "two-open-costs-every-pair-agreeing-is-given.rq"


@pytest.mark.parametrize("case", [CASE, TWO], ids=["one-cost", "two-costs"])
def test_the_facts_of_an_answer_every_choice_gives_are_lines_of_the_file(case: Path) -> None:
    written = case.read_text(encoding="utf-8").splitlines()
    answer = evaluate(read_situation(case))[0]
    assert "every choice gives it" in answer.reason  # asked each way, all agreeing
    facts = answer.graph.facts()
    assert facts
    for fact in facts:
        assert written[fact["line"] - 1].strip() == fact["label"], fact
    assert not any("sacrifice" in str(f["label"]) for f in facts)
    assert answer.question.span.line == next(
        number for number, text in enumerate(written, 1) if text.startswith("ask ")
    )


COSTS = INVENTED / "warhammer-costs"
PAIRS = COSTS / "two-sacrifice-costs-ask-every-pair-of-units.rq"
MANY = COSTS / "sacrifice-costs-with-too-many-ways-cannot-answer.rq"
COPY_CASES = INVENTED / "warhammer-copies"
COPIES = COPY_CASES / "a-sacrifice-cost-among-a-copy-with-no-values-cannot-be-stated.rq"
#: Copies not alike, each written with values: each way names its copy so (no way unanswered).
VALUED = COPY_CASES / "a-sacrifice-cost-among-copies-not-alike-asks-each-copy.rq"


def _answers(path: Path) -> list[Answer]:
    return evaluate(read_situation(path))


def test_two_open_costs_are_asked_for_every_pair_of_units() -> None:
    """Each pair of units the two costs may have taken is asked, and named in the reason."""
    reason = _answers(PAIRS)[0].reason
    for pair, verdict in (
        ('"Chaos Knights" and I sacrifice "Longbeards"', "2"),
        ('"Chaos Knights" and I sacrifice "Savage Gors"', "3"),
        ('"Longbeards" and I sacrifice "Savage Gors"', "3"),
    ):
        assert f"{verdict} if I sacrifice {pair}" in reason, reason


def test_alike_costs_ask_each_set_of_units_once() -> None:
    """Two costs alike taking A then B, or B then A, take the same units: asked once (3, not 6)."""
    situation = read_situation(PAIRS)
    question = situation.questions[0]
    board = read_board(situation, situation.facts_before(question))
    opened = each_sacrifice.open_sacrifices(board)
    assert len(opened) == 2
    found = each_sacrifice.ways(situation, 0, board, opened)
    assert found is not None
    assert len(found) == 3
    assert len({way.label for way in found}) == 3


def test_past_the_bound_no_answer_rests_on_the_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """35 sets of units, more than the bound: cannot answer; with a bound of 35, answered."""
    first = _answers(MANY)[0]
    assert not first.answered
    assert f"more than {each_sacrifice.WAYS}, too many to try" in first.reason
    monkeypatch.setattr(each_sacrifice, "WAYS", 35)
    again = _answers(MANY)[0]
    assert again.answered and again.verdict is not None
    assert again.verdict.show() == "yes"


def test_a_ways_reason_names_the_lines_of_the_file() -> None:
    """The reason of a way with no answer quotes the line written in to ask it: in the
    situation so made it is line 13, which in the file is Winged Fury's."""
    written = COPIES.read_text(encoding="utf-8").splitlines()
    assert written[12] == 'your battlefield has "Winged Fury"'
    reason = _answers(COPIES)[0].reason
    assert "the line 'I sacrifice \"Chaos Knights\"' (written in to ask it) names" in reason
    assert "line 13" not in reason, reason


def test_as_written_numbers_lines_after_those_written_in() -> None:
    """A line after two written in is two lines up as written; one written in is quoted."""
    way = each_sacrifice.Way(None, ((9, 'I sacrifice "A"'), (11, 'I sacrifice "B"')))
    said = each_sacrifice.as_written("line 8; line 10; line 12; line 11", way)
    assert said == "line 8; line 9; line 10; the line 'I sacrifice \"B\"' (written in to ask it)"


def test_a_way_names_a_copy_by_its_board_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Copies that differ are each stated with the values their board line gave them: every way
    is answered and they agree (4); with the name alone, the way says no copy: cannot answer."""
    answer = _answers(VALUED)[0]
    assert answer.answered and answer.verdict is not None
    assert answer.verdict.show() == "4"
    bare = each_sacrifice._line

    def named(paid: object, unit: object, board: object = None) -> str:
        return bare(paid, unit)  # type: ignore[arg-type]

    monkeypatch.setattr(each_sacrifice, "_line", named)
    again = _answers(VALUED)[0]
    assert not again.answered
    assert "which one it speaks of is not said" in again.reason
