"""FMA: one reading decides who leads and who a leader line keeps in play (``Table.read``).

The situation reader (values, Loyal's count) and the cards in play (``still_in_play``: unknown
texts, costs, draws) both walk the facts through it; perturbed there, both move.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.engine import Answer, evaluate
from rulesq.games.fma.table import Table
from rulesq.situation import parse_situation
from rulesq.situation.model import CardRef, Fact

CASES = Path(__file__).resolve().parent / "cases" / "fma-leaders"
REPLACED = CASES / "a-second-leader-line-replaces-the-first-leader-as-a-character.rq"
UNKNOWN = CASES / "a-replaced-leader-of-unknown-text-opens-nothing.rq"


def _answers(path: Path) -> list[Answer]:
    return list(evaluate(parse_situation(path.read_text(encoding="utf-8"), str(path))))


def _shown(answer: Answer) -> str:
    return answer.verdict.show() if answer.answered else "cannot answer"


def test_a_replaced_leader_leaves_play_for_every_reader() -> None:
    """Replaced, the first leader gives no strength, counts for no Loyal, opens no play."""
    assert [_shown(a) for a in _answers(REPLACED)] == ["3", "yes", "no", "2"]
    assert [_shown(a) for a in _answers(UNKNOWN)] == ["cannot answer", "yes"]


def test_perturbed_to_keep_every_leader_in_play_both_readers_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Perturbed (no leader leaves play), the reader's values and the cards in play both move."""
    name_leader = Table.name_leader

    def keep(table: Table, player: str, ref: CardRef, fact: Fact) -> None:
        name_leader(table, player, ref, fact)

    monkeypatch.setattr(Table, "name_leader", keep)
    replaced = [_shown(a) for a in _answers(REPLACED)]
    assert replaced[3] == "3"  # the reader: his passive text still gives Grunt +1 strength
    assert replaced[2] != "no"  # Loyal counts him still
    assert _shown(_answers(UNKNOWN)[1]) == "cannot answer"  # the cards in play keep him


def test_perturbed_to_keep_the_first_leader_the_leader_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Perturbed (a later leader line never replaces the first), who leads moves with it."""
    name_leader = Table.name_leader

    def first(table: Table, player: str, ref: CardRef, fact: Fact) -> str | None:
        if player in table.leaders:
            return None
        return name_leader(table, player, ref, fact)

    monkeypatch.setattr(Table, "name_leader", first)
    # Rally Boss (Rebel) still leads and gives +1: Loyal: 2 has Grunt and him
    assert [_shown(a) for a in _answers(REPLACED)][2:] == ["yes", "3"]
