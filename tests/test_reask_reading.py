"""A re-ask stated before its question reads on from the reading of the facts before it.

The eight phases of a question (the two turns) are asked again, each with a line stated just
before the question; the facts before that line are the situation's own, and are read once
for all of them (``rulesq.games.bluemoon.judge.shared.Branches``). Over every situation file,
each answer and each re-ask's verdict is the same with the readings shared (forced for every
re-ask, plays before it or not) as with each re-ask read from the first fact; and the facts
read are counted, so that a re-ask read from the start fails the count.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from rulesq.engine import defaults, dispatch
from rulesq.engine.answer import Answer
from rulesq.engine.dispatch import evaluate
from rulesq.errors import RulesqError
from rulesq.games.bluemoon.judge import shared
from rulesq.games.bluemoon.judge.timeline import Timeline
from rulesq.games.bluemoon.judge.work import WORK
from rulesq.render.data import answer_to_dict
from rulesq.render.graphs import to_node_link
from rulesq.render.text import render_answer
from rulesq.situation import parse_situation, read_situation
from rulesq.situation.model import Question, Situation

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [
    ROOT / "corpus" / "bluemoon" / "cases",
    ROOT / "tests" / "cases",
    ROOT.parent / "shared" / "examples",
]


def _plain_branch(
    self: shared.Readings, facts: Any, catalog: Any, borrower: object
) -> tuple[list[Any], Timeline]:
    return [], Timeline(self.situation, catalog)


@contextmanager
def reading(mode: str) -> Iterator[list[tuple[Any, ...]]]:
    """Re-asks read from the first fact (``long``), or sharing every reading they can."""
    patch = pytest.MonkeyPatch()
    if mode == "long":
        patch.setattr(shared.Readings, "_branch", _plain_branch)
    else:
        patch.setattr(shared, "_worth_sharing", lambda facts: True)
    answer_of = dispatch._answer
    reasks: list[tuple[Any, ...]] = []

    def noted(
        situation: Situation,
        question: Question,
        game: Any,
        memo: dict[str, Any] | None = None,
        *,
        light: bool = False,
    ) -> Answer:
        got = answer_of(situation, question, game, memo, light=light)
        if light:
            shown = got.verdict.show() if got.verdict is not None else None
            seen = (question.span.line, question.text, got.status, shown, got.reason)
            reasks.append((situation.source, *seen))
        return got

    patch.setattr(dispatch, "_answer", noted)
    try:
        yield reasks
    finally:
        patch.undo()


def _everything(answer: Answer) -> tuple[Any, ...]:
    return answer_to_dict(answer), render_answer(answer, explain=True), to_node_link(answer)


def _bluemoon_files() -> list[Path]:
    found = []
    for folder in FOLDERS:
        if folder.is_dir():
            for path in sorted(folder.rglob("*.rq")):
                if "game bluemoon" in path.read_text(encoding="utf-8"):
                    found.append(path)
    return found


def test_shared_readings_of_reasks_give_the_answers_of_reading_from_the_start() -> None:
    """Every answer, message and graph, and every re-ask's verdict, as read the long way."""
    shared_reasks = 0
    for path in _bluemoon_files():
        try:
            situation = read_situation(path)
        except RulesqError:
            continue  # an input error: no question is judged
        with reading("long") as long_reasks:
            long = [_everything(a) for a in evaluate(situation)]
        with reading("shared") as shared_reasks_seen:
            short = [_everything(a) for a in evaluate(read_situation(path))]
        assert short == long, path
        # Only this file's: a first answer may judge the FAQ's cases for its precedents.
        mine = [r for r in shared_reasks_seen if r[0] == situation.source]
        assert mine == [r for r in long_reasks if r[0] == situation.source], path
        shared_reasks += len(mine)
    assert shared_reasks > 100  # the phases, turns and icons of many questions were re-asked


#: A question after plays, no phase stated: asked again in each of the eight phases.
PLAYS = 12
TEXT = (
    'game bluemoon\ncard "Some Boost" booster (fire 1, earth 1): ""\n'
    'you have active "Flickering Fires"\nit is your turn\n'
    + 'you play "Some Boost"\n' * PLAYS
    + 'it is my turn\nask can I play "Enthrall Opposition"?\n'
)


def _facts_read(mode: str | None) -> tuple[int, int]:
    """Facts read, all answers together, and the re-asks made (``None``: as shipped).

    Every phase is asked (none takes the verdict of a phase read alike: ``defaults``), so that
    the eight re-asks read the facts before them.
    """
    situation = parse_situation(TEXT, "<generated>")
    before = WORK.replayed
    with pytest.MonkeyPatch.context() as every_phase:
        every_phase.setattr(defaults, "SAME_PHASE_READING", False)
        if mode is None:
            evaluate(situation)
            return WORK.replayed - before, -1
        with reading(mode) as reasks:
            evaluate(situation)
    return WORK.replayed - before, len(reasks)


def test_the_phases_of_a_question_read_the_facts_before_it_once() -> None:
    """Nine re-asks after 15 facts read them once, and each its line, not 9 × 16.

    The eight phases, and the first turn of the fight stated (a default shown where it decides,
    ``Game.shown_defaults``). The question's own reading is not kept for its re-asks (the first
    re-ask reads the facts again): 15 + 15 + 9, against 15 + 9 × 16 read the long way.
    """
    facts = PLAYS + 3
    evaluate(parse_situation(TEXT, "<generated>"))  # what a first answer reads once a process
    shipped, _ = _facts_read(None)
    long, reasks = _facts_read("long")
    assert reasks == 9
    assert long == facts + 9 * (facts + 1)
    assert shipped == facts + facts + 9 * 1, shipped
    assert _facts_read("shared")[0] == shipped


def test_a_reask_whose_cards_read_otherwise_reads_the_facts_again() -> None:
    """A re-ask stating an icon just before the question does not read on from the others'.

    Its card has another info: a copy of the others' reading would hold the card without it.
    """
    from rulesq.engine.defaults import ASKED_FROM, FAMILY, stated_at
    from rulesq.engine.dispatch import Context
    from rulesq.games import get_game
    from rulesq.games.bluemoon.judge.shared import MEMO_KEY, Readings
    from rulesq.games.bluemoon.judge.view import View

    game = get_game("bluemoon")
    parent = parse_situation(TEXT, "<generated>")
    question = parent.questions[0]
    family: dict[str, Any] = {}
    View(Context(parent, question, game, {FAMILY: family}))
    read = []
    for line in ("phase Character", '"Some Boost" has icon STOP', "phase Leadership"):
        other = stated_at(parent, question.span.line, line)
        assert other is not None
        memo: dict[str, Any] = {ASKED_FROM: family}
        view = View(Context(other, other.questions[0], game, memo))
        boosts = [c for c in view.state.cards if c.name == "Some Boost"]
        assert len(boosts) == PLAYS
        assert all(c.info is view.catalog.named("Some Boost") for c in boosts), line
        readings = memo[MEMO_KEY]
        assert isinstance(readings, Readings)
        read.append(readings.facts_read)
    facts = PLAYS + 3
    assert read == [facts + 1, facts + 1, 1]  # read, read again (other cards), read on
