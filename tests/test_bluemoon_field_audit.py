"""Field audit of the Blue Moon judge: selector fields that matching does not follow.

The field audit's situations are .rq files in tests/cases/fields/.
"""

from __future__ import annotations


def test_selector_words_matches_does_not_follow_raise() -> None:
    """Cards.first, .last_remaining, .turn and a ship as the place are not per-card filters:
    matching with them is cannot answer, never a match on the other words alone."""
    import pytest

    from rulesq.errors import CannotAnswer
    from rulesq.games.bluemoon.judge.cards import CardInfo
    from rulesq.games.bluemoon.judge.select import matches
    from rulesq.games.bluemoon.judge.state import Instance, Zone
    from rulesq.games.bluemoon.selectors import Cards, ShipPlace, Which
    from rulesq.games.bluemoon.times import W, When
    from rulesq.games.bluemoon.vocab import CardType, Role

    card = Instance(
        1, CardInfo(name="Plain Hero", kind="character", text=""), "me", Zone.HAND, seq=1
    )
    for sel in (
        Cards(types=(CardType.CHARACTER,), first=True),
        Cards(types=(CardType.CHARACTER,), last_remaining=True),
        Cards(types=(CardType.CHARACTER,), turn=When(W.ON_TURN, Role.OPPONENT)),
        Cards(place=ShipPlace(Which.LANDED)),
    ):
        with pytest.raises(CannotAnswer):
            matches(sel, card, "me", None)
    assert matches(Cards(types=(CardType.CHARACTER,)), card, "me", None)
