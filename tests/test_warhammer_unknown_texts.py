"""A card in play whose text the sources do not give: the answers say they take it to do nothing."""

from __future__ import annotations

from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation

BOARD = """game warhammer
it is my turn
phase capital
my kingdom has "Scrap Heap"
my battlefield has "Chaos Knights" (damage 0)
ask what is the power of "Chaos Knights"?
"""


def test_an_answer_beside_a_card_of_unknown_text_says_what_it_assumes() -> None:
    """Scrap Heap's text is not in the sources: the power reads it as doing nothing, said once."""
    (reply,) = evaluate(parse_situation(BOARD))
    assert reply.verdict is not None and reply.verdict.show() == "3"
    said = [a for a in reply.graph.assumptions() if '"Scrap Heap"' in a]
    assert len(said) == 1 and "taken to do nothing" in said[0]


def test_a_card_line_giving_the_text_is_read_instead() -> None:
    """A card line may give the text the sources lack: it is read, and nothing is assumed."""
    given = 'game warhammer\ncard "Scrap Heap" support: "Units you control gain [Power]."\n'
    (reply,) = evaluate(parse_situation(given + BOARD.split("\n", 1)[1]))
    assert reply.verdict is not None and reply.verdict.show() == "4"
    assert not any('"Scrap Heap"' in a for a in reply.graph.assumptions())
