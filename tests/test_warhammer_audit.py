"""Warhammer answers whose reasons were wrong or repeated: each reason says a gap once, true."""

from __future__ import annotations

import pytest
from conftest import has_corpus

from rulesq.engine import Answer, Status, evaluate
from rulesq.situation import parse_situation

pytestmark = [
    pytest.mark.usefixtures("whi_corpus"),
    pytest.mark.skipif(not has_corpus("warhammer"), reason="the real Warhammer corpus is needed"),
]


def answers(body: str) -> list[Answer]:
    return list(evaluate(parse_situation("game warhammer\n" + body)))


def test_an_action_the_grammar_does_not_read_is_not_said_absent() -> None:
    """A text that holds "Action:" in words the grammar does not read ("resourse", as the
    data misspelt Knights Panther's before the corpus corrected it): the reason says the
    grammar does not read it, never that the text holds no Action."""
    (reply,) = answers(
        'card "Misspelt Panther" unit (cost 2, power 1, hp 2): "Action: Spend 1 resourse to '
        'give this unit [Power] until the end of the turn."\n'
        "it is my turn\nphase capital\nI have 3 resources\n"
        'my battlefield has "Misspelt Panther"\nask can I trigger "Misspelt Panther"?\n'
    )
    assert reply.status is Status.CANNOT
    assert "does not read the Action" in reply.reason
    assert 'holds no "Action:"' not in reply.reason


def test_a_combat_text_not_read_is_named_once() -> None:
    """A sentence not read that changes combat damage is named once in a `can I assign`
    reason: it held two acts, and the count and the lethal damage each named it (Sword
    Masters of Hoeth's was said three times before it was read)."""
    (reply,) = answers(
        'card "Shieldwall" unit (cost 2, power 1, hp 3): '
        '"Cancel all combat damage assigned to attacking units."\n'
        "it is my turn\nphase battlefield\n"
        'my battlefield has "Chaos Knights"\nyour battlefield has "Shieldwall"\n'
        'I attack your battlefield with "Chaos Knights"\n'
        'you declare "Shieldwall" as defender\n'
        "ask can I assign 1 damage to your battlefield?\n"
    )
    assert reply.status is Status.CANNOT
    assert reply.reason.count("Cancel all combat damage assigned to attacking units.") == 1


def test_an_action_whose_cost_is_not_read_leaves_the_pool_open() -> None:
    """A pool read before an Action whose cost is not read ("Spend 1 resourse", as the data
    misspelt Knights Panther's) is open after it, never the count as if it were free."""
    replies = answers(
        'card "Misspelt Panther" unit (cost 2, power 1, hp 2): "Action: Spend 1 resourse to '
        'give this unit [Power] until the end of the turn."\n'
        "it is my turn\nphase capital\nI have 1 resources\n"
        'my battlefield has "Misspelt Panther", "Tree Kin"\n'
        'ask can I trigger "Tree Kin"?\n'
        'I trigger "Misspelt Panther"\nthe chain has resolved\n'
        'ask can I trigger "Tree Kin"?\n'
    )
    assert replies[0].status is not Status.CANNOT
    assert replies[1].status is Status.CANNOT
    assert "Misspelt Panther" in replies[1].reason
