"""The clause a deck-building answer rests on says what the answer says.

BM-Q66 and Q67: "You can then "buy" cards from other peoples to augment your deck." is why a
card of another people may be added; "The cost of a card is expressed in "moons"" is what it
costs. The clause ``bluemoon/rules/deck-buy-other-peoples`` quoted the cost sentence, so the
answer "yes, you may add it" cited a sentence about moons for its permission.
"""

from __future__ import annotations

from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation

SITUATION = """game bluemoon
my deck is a Terrah deck
ask can I add "Heroine of the Great Plains" to my deck?
my deck has 1 "Heroine of the Great Plains"
ask how many moons does my deck use?
"""


def test_adding_another_peoples_card_rests_on_the_buying_sentence() -> None:
    add, moons = evaluate(parse_situation(SITUATION, "<deck>"))
    quoted = {c["clause_id"]: c["text"] for c in add.graph.citations()}
    assert "from other peoples" in quoted["bluemoon/rules/deck-buy-other-peoples"]
    costs = {c["clause_id"]: c["text"] for c in moons.graph.citations()}
    assert any('expressed in "moons"' in text for text in costs.values()), costs
