"""Blue Moon's sequence check: one step per fact, and questions' suppositions are not refused.

Each rule's refusal is pinned by a case in tests/cases/input-errors/ (``sequence-*.rq``) and
the sequence just inside it by one in tests/cases/time/ (``sequence-*.rq``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rulesq.errors import InputError
from rulesq.games.bluemoon import sequence_check
from rulesq.situation import parse_situation

TURNS = (
    "it is my turn\nphase Leadership\nphase Retreat from Fight?\nphase Character\n"
    "my turn ends\nit is your turn\nphase Character\nyour turn ends\n"
)


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the handler calls of the check (the facts of the kinds it follows)."""
    calls: list[str] = []

    def counting(handler: Callable[..., None]) -> Callable[..., None]:
        def counted(situation: Any, fact: Any, turn: Any) -> None:
            calls.append(fact.kind)
            handler(situation, fact, turn)

        return counted

    handlers = {kind: counting(handler) for kind, handler in sequence_check._HANDLERS.items()}
    monkeypatch.setattr(sequence_check, "_HANDLERS", handlers)
    return calls


@pytest.mark.parametrize("turns", [20, 40])
def test_the_check_reads_each_fact_once(monkeypatch: pytest.MonkeyPatch, turns: int) -> None:
    """Linear in the facts: one handler call per fact, at two sizes (no time measured)."""
    text = "game bluemoon\n" + TURNS * turns + "ask can I retreat?\n"
    situation = parse_situation(text, "long.rq")
    calls = _counted(monkeypatch)
    sequence_check.check(situation)
    assert len(calls) == len(situation.facts) == 8 * turns


def test_a_supposed_play_is_asked_not_refused() -> None:
    """``what happens if I play`` after my turn's end is a question (answered no), not an error."""
    text = (
        'game bluemoon\ncard "Plain Aid" support: ""\nit is my turn\nmy turn ends\n'
        'ask what happens if I play "Plain Aid"?\n'
    )
    situation = parse_situation(text, "supposed.rq")
    assert any(fact.supposed is not None for fact in situation.facts)


def test_the_stated_play_is_refused_at_its_line() -> None:
    """The same play stated is an input error at its line, naming the turn's end."""
    text = (
        'game bluemoon\ncard "Plain Aid" support: ""\nit is my turn\nmy turn ends\n'
        'I play "Plain Aid"\nask can I retreat?\n'
    )
    with pytest.raises(InputError) as raised:
        parse_situation(text, "stated.rq")
    assert (raised.value.line, raised.value.column) == (5, 1)
    assert "line 4: its end" in raised.value.message


def test_a_turn_or_phase_stated_before_a_question_does_not_bind_what_follows_it() -> None:
    """The judge re-asks a question with a turn or phase stated just before it (the default it
    took, ``rulesq.engine.defaults``): the facts after the question must not refuse that."""
    restated = (
        "game bluemoon\nit is my turn\nphase Booster/Support\nask can I retreat?\n"
        "phase Retreat from Fight?\nask can I retreat?\n"
    )
    parse_situation(restated, "restated.rq")
    other_turn = "game bluemoon\nit is your turn\nask can I retreat?\nI retreat\n"
    parse_situation(other_turn, "other-turn.rq")
    with pytest.raises(InputError):
        parse_situation(other_turn.replace("ask can I retreat?\n", ""), "stated.rq")
