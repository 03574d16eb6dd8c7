"""An FMA ruling an answer rests on is cited as its rule, not as a precedent beside it.

The FMA rulings are the game's rules as well as its precedents: the library of clauses the
battle and attribute rules rest on (``rulesq.games.fma.citations``) gives each its role. A
ruling stated as a general rule ("Cards drawn or played after battle resolution ... cannot have
an effect on the battle") that decides a verdict is its rule; shown as a precedent, the answer
read as if no rule decided and the FAQ-style example stood in for it.
"""

from __future__ import annotations

from rulesq.engine.dispatch import evaluate
from rulesq.games.fma import citations
from rulesq.games.fma.handlers import ROLES
from rulesq.situation import parse_situation

AFTER = """game fma
battle strength
attackers "A" (strength 3)
defenders "D" (strength 4)
the battle ends
attach "The Sinner's Body" (strength +2) to "A"
ask who wins the battle?
ask who is defeated?
"""


def test_the_rule_of_changes_after_the_battle_is_cited_as_the_rule() -> None:
    for answer in evaluate(parse_situation(AFTER, "<after>")):
        roles = {c["clause_id"]: c["role"] for c in answer.graph.citations()}
        assert roles.get(citations.AFTER_THE_BATTLE) == "rule", roles
        first = answer.graph.citations()[0]["clause_id"]
        assert first == citations.AFTER_THE_BATTLE, first


def test_every_library_clause_cited_by_itself_has_a_role() -> None:
    """A library clause cited with its usual role (``cite_one``) has one in ``ROLES``.

    The two of passive abilities are cited with their role where they are read (``RULE``).
    """
    given_where_read = {citations.PASSIVE_DEFEATED, citations.PASSIVE_PLACES}
    assert set(citations.ALL) - given_where_read <= set(ROLES), set(citations.ALL) - set(ROLES)
