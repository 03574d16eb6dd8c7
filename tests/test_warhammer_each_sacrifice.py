"""An answer every choice of an open sacrifice cost gives shows the situation as written.

It is judged on the situation restated with one choice (``I sacrifice "X"`` after the link):
that line is no fact of the situation, and the lines after it keep their numbers.
"""

from __future__ import annotations

from conftest import INVENTED

from rulesq.engine import evaluate
from rulesq.situation import read_situation

CASE = INVENTED / "warhammer-costs" / "a-count-every-sacrifice-choice-agrees-on-is-given.rq"


def test_the_facts_of_an_answer_every_choice_gives_are_lines_of_the_file() -> None:
    written = CASE.read_text(encoding="utf-8").splitlines()
    answer = evaluate(read_situation(CASE))[0]
    assert "every choice gives it" in answer.reason  # asked each way, all agreeing
    facts = answer.graph.facts()
    assert facts
    for fact in facts:
        assert written[fact["line"] - 1].strip() == fact["label"], fact
    assert not any("sacrifice" in str(f["label"]) for f in facts)
    assert answer.question.span.line == next(
        number for number, text in enumerate(written, 1) if text.startswith("ask ")
    )
