"""Blue Moon values, total power, fights, dragons and the end of the game: probes near the FAQ.

Each test is an invented situation close to an FAQ case (other names, other words), which rulesq
once answered wrongly or too confidently; the inline cards keep the sentence shapes of the FAQ's
cards so the rulings follow from the card texts and the rules, not from the FAQ's cards.
"""

from __future__ import annotations

from rulesq.engine import Answer, Status, evaluate
from rulesq.engine.verdict import Number, Word, YesNo
from rulesq.situation import parse_situation


def answers(body: str) -> list[Answer]:
    """Every answer of a Blue Moon situation."""
    return evaluate(parse_situation("game bluemoon\n" + body, "case.rq"))


def verdict(body: str) -> object:
    """The last answer's verdict, as a plain value (it must not be cannot answer)."""
    reply = answers(body)[-1]
    assert reply.status is not Status.CANNOT, reply.reason
    found = reply.verdict
    if isinstance(found, YesNo | Number | Word):
        return found.value
    return found


def cannot(body: str) -> str:
    """The reason of the last answer, which must be cannot answer."""
    reply = answers(body)[-1]
    assert reply.status is Status.CANNOT, (reply.verdict, reply.reason)
    return reply.reason


# ---------------------------------------------------------------------- dragons
DRAG_ONE = 'card "Drag One" booster: "If I retreat, you attract one fewer dragon."'
DRAG_TWO = 'card "Drag Two" support: "If I retreat, you attract two fewer dragons."'
LURE = 'card "Some Lure" character: "If you retreat, I attract one additional dragon."'


def test_dragon_modifiers_add_up_before_the_floor_whatever_the_order() -> None:
    """1 usual + 1 - 1 - 2 is fewer than none: none, in whichever order the cards are listed."""
    for mine in ('"Drag One", "Drag Two"', '"Drag Two", "Drag One"'):
        for first_me in (True, False):
            lines = [f"I have active {mine}", 'you have active "Some Lure"']
            if not first_me:
                lines.reverse()
            body = "\n".join([DRAG_ONE, DRAG_TWO, LURE, *lines,
                              "your combat and support areas hold 3 cards",
                              "it is my turn", "phase Retreat from Fight?", "I retreat",
                              "ask how many dragons do you attract?"])
            assert verdict(body) == 0
