"""Effects waiting on one unit's damage: every order they may apply in is played out, bounded."""

from __future__ import annotations

import pytest
from conftest import INVENTED

from rulesq.engine import Number, evaluate
from rulesq.games.warhammer import shields
from rulesq.situation import read_situation

SHARED = "warhammer-damage/two-effects-waiting-on-one-unit-apply-in-an-order-not-given.rq"


def test_orders_past_the_bound_leave_the_damage_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """Silver Helm Detachment is dealt 0 in both orders; with one order played out, the other
    is not tried, and no answer rests on it."""
    assert evaluate(read_situation(INVENTED / SHARED))[0].verdict == Number(0)
    monkeypatch.setattr(shields, "MOST_ORDERS", 1)
    answer = evaluate(read_situation(INVENTED / SHARED))[0]
    assert answer.verdict is None
    assert "apply in an order the sources do not give" in answer.reason
