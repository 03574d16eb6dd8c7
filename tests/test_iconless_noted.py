"""A full answer notes the cards it took to have no icons, as its graph holds them.

An answer that read a card's unknown icons takes it to have none, an assumption its graph
holds with the icons it asked for; the icons are then asked about again. The answer notes those
cards as it builds the graph (``Answer.iconless``, as a light answer does), so that finding
them does not go through the graph's nodes. Over every situation file each full answer's
noted cards are compared with those its graph holds; and an answer that noted none would skip
the icons' re-asks and give a definite answer where the icons decide (the invented case sees
it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import every_situation_file

from rulesq.engine import defaults, dispatch
from rulesq.engine.check import check_file
from rulesq.engine.dispatch import answer_question, evaluate
from rulesq.games import get_game
from rulesq.games.bluemoon.judge import view
from rulesq.situation import parse_situation

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT / "tests" / "cases" / "defaults" / "icons-read-as-a-count-share-one-judging.rq"


def test_noted_iconless_cards_are_those_the_graph_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    answer_of = dispatch._answer
    noted = [0]
    wrong: list[tuple[Any, ...]] = []

    def both(situation: Any, question: Any, game: Any, memo: Any = None, **kwargs: Any) -> Any:
        got = answer_of(situation, question, game, memo, **kwargs)
        if not kwargs.get("light") and got.iconless is not None:
            noted[0] += bool(got.iconless)
            in_graph = defaults.iconless_in_graph(got)
            if list(got.iconless) != in_graph:
                wrong.append((situation.source, question.text, got.iconless, in_graph))
        return got

    monkeypatch.setattr(dispatch, "_answer", both)
    for file in every_situation_file():
        check_file(file)
    monkeypatch.undo()
    assert wrong == []
    assert noted[0] > 300


def test_an_answer_noting_no_iconless_card_would_skip_the_icons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (answer,) = evaluate(parse_situation(SHARED.read_text(), str(SHARED)))
    assert answer.verdict is None and "which icons" in answer.reason
    real = view.View.answer

    def noting_none(self: view.View, verdict: Any, ruling: Any) -> Any:
        got = real(self, verdict, ruling)
        if not self.ctx.light:
            got.iconless = ()
        return got

    monkeypatch.setattr(view.View, "answer", noting_none)
    (answer,) = evaluate(parse_situation(SHARED.read_text(), str(SHARED)))
    assert answer.verdict is not None  # a wrong confident answer: the icons never asked


def test_unnoted_the_graph_gives_them(monkeypatch: pytest.MonkeyPatch) -> None:
    situation = parse_situation(SHARED.read_text(), str(SHARED))
    (question,) = situation.questions
    game = get_game("bluemoon")
    noted = answer_question(situation, question, game, recheck_defaults=False)
    monkeypatch.setattr(view, "NOTED_ICONLESS", False)
    unnoted = answer_question(situation, question, game, recheck_defaults=False)
    assert noted.iconless and unnoted.iconless is None
    assert defaults.iconless_cards(unnoted) == list(noted.iconless) == [('"Baku But"', None)]
