"""FMA battle resolution: every worked battle of the rulings, toughness, choices, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesq.corpus.load import load_corpus
from rulesq.errors import CannotAnswer
from rulesq.games.fma import citations
from rulesq.games.fma.battle import (
    Battle,
    BattleError,
    Combatant,
    maximal_choices,
    resolve_battle,
)
from rulesq.games.fma.vocab import Attribute, Side

C = Combatant
A, D = Side.ATTACKERS, Side.DEFENDERS

#: The eight toughness battles (all strength): attackers, defenders, the winner (None for a
#: tie), the defeated characters, and the result sentence of the clause they come from.
TOUGHNESS = [
    (
        1,
        [C("A", 3, 3)],
        [C("D", 4)],
        D,
        [],
        "Result: No one is defeated; defender wins the battle.",
    ),
    (
        2,
        [C("A", 3, 3)],
        [C("D", 6)],
        D,
        ["A"],
        "Result: Attacker (S3/T3) is defeated; defender wins the battle.",
    ),
    (
        3,
        [C("A", 3, 3)],
        [C("D", 3)],
        None,
        ["D"],
        "Result: Defender (S3) is defeated; battle is a tie.",
    ),
    (
        4,
        [C("S3", 3), C("S3/T3", 3, 3)],
        [C("S4", 4)],
        A,
        ["S3", "S4"],
        "Result: S3 and S4 are defeated; attacker wins the battle.",
    ),
    (
        5,
        [C("A1", 3, 3), C("A2", 3, 3)],
        [C("D", 4)],
        A,
        ["D"],
        "Result: Defender (S4) is defeated; attacker wins the battle.",
    ),
    (
        6,
        [C("S3/T3", 3, 3), C("S3", 3)],
        [C("S6", 6)],
        None,
        ["S3", "S6"],
        "Result: S3 and S6 are defeated; battle is a tie.",
    ),
    (
        7,
        [C("A1", 3, 3), C("A2", 3, 3)],
        [C("D", 6)],
        None,
        ["D"],
        "Result: Defender (S6) is defeated; attackers are not defeated because the battle is "
        "a tie (attackers did not lose by at least 3).",
    ),
    (
        8,
        [C("A1", 3, 3), C("A2", 3, 3)],
        [C("D", 9)],
        D,
        ["A1", "A2"],
        "Result: Attackers are defeated; defender wins the battle.",
    ),
]


@pytest.mark.parametrize(
    ("number", "attackers", "defenders", "winner", "defeated", "result"),
    TOUGHNESS,
    ids=[f"toughness-example-{t[0]}" for t in TOUGHNESS],
)
def test_toughness_examples(
    number: int,
    attackers: list[Combatant],
    defenders: list[Combatant],
    winner: Side | None,
    defeated: list[str],
    result: str,
) -> None:
    """Each of the eight battles of fma/rulings/toughness/example-1..8 resolves as ruled."""
    clause = f"fma/rulings/toughness/example-{number}"
    assert result in load_corpus("fma").clause(clause).text, clause
    outcome = resolve_battle(Battle(Attribute.STRENGTH, tuple(attackers), tuple(defenders)))
    assert outcome.winner == winner, clause
    assert list(outcome.defeated) == defeated, clause
    assert outcome.outcomes == (tuple(defeated),), f"{clause}: the result is definite"
    assert citations.TOUGHNESS in outcome.clauses


def test_wits_battle_of_the_battles_topic() -> None:
    """fma/rulings/battles/example-1: A/B/C (2/3/5) beat D (7); D's player takes A+B or A+C."""
    clause = load_corpus("fma").clause("fma/rulings/battles/example-1")
    assert "He must choose to defeat A and B (total wits of 5) or A and C" in clause.text
    battle = Battle(Attribute.WITS, (C("A", 2), C("B", 3), C("C", 5)), (C("D", 7),))
    outcome = resolve_battle(battle)
    assert outcome.winner is A
    assert (outcome.attackers.total, outcome.defenders.total) == (10, 7)
    assert outcome.choices_of(A) == (("D",),), "the only choice is D"
    assert outcome.choices_of(D) == (("A", "B"), ("A", "C")), "never B and C, one or none"
    assert outcome.defeated == ("A", "D")
    assert outcome.may_be_defeated == ("B", "C")
    assert outcome.outcomes == (("A", "B", "D"), ("A", "C", "D"))
    assert outcome.clauses == (citations.BATTLE_RESOLUTION,)
    assert outcome.defenders.must_choose and not outcome.attackers.must_choose


def test_sent_home_character_is_out_of_the_battle() -> None:
    """fma/rulings/battles/1: a character sent home no longer counts; the battle goes on."""
    battle = Battle(Attribute.STRENGTH, (C("A", 3), C("B", 4, sent_home=True)), (C("D", 5),))
    outcome = resolve_battle(battle)
    assert outcome.winner is D and outcome.attackers.total == 3
    assert outcome.defeated == ("A",)
    assert outcome.attackers.sent_home == ("B",)
    assert citations.SENT_HOME in outcome.clauses


def test_undefeatable_character_is_never_chosen() -> None:
    """An undefeatable character cannot be defeated, so the other side chooses around it."""
    battle = Battle(Attribute.STRENGTH, (C("A", 2, undefeatable=True),), (C("D", 5),))
    outcome = resolve_battle(battle)
    assert outcome.winner is D and outcome.defeated == ()
    assert outcome.attackers.protected == ("A",)


def test_unknown_value_cannot_be_answered() -> None:
    """A character whose value the sources do not give makes the battle unanswerable."""
    with pytest.raises(CannotAnswer, match='"B"'):
        resolve_battle(Battle(Attribute.WITS, (C("A", 2), C("B", None)), (C("D", 7),)))


def test_bad_battles_are_errors() -> None:
    """Empty sides and shared names are reported, not resolved."""
    with pytest.raises(BattleError):
        resolve_battle(Battle(Attribute.WITS, (), (C("D", 7),)))
    with pytest.raises(BattleError, match="share a name"):
        resolve_battle(Battle(Attribute.WITS, (C("A", 1),), (C("A", 7),)))


def test_reasons_cite_the_rule_and_the_numbers() -> None:
    """The reasoning names the totals, the winner and the clause of each step."""
    outcome = resolve_battle(Battle(Attribute.STRENGTH, (C("S3", 3), C("T", 3, 3)), (C("S4", 4),)))
    text = "\n".join(outcome.reasons)
    assert "the attackers win the battle, 6 to 4" in text
    assert '"T" has toughness 3 and its side did not lose' in text
    assert f"[{citations.TOUGHNESS}]" in text and f"[{citations.BATTLE_RESOLUTION}]" in text


values = st.lists(st.integers(min_value=0, max_value=9), min_size=0, max_size=6)


@given(values, st.integers(min_value=0, max_value=30), st.booleans())
def test_choices_are_within_the_limit_and_maximal(
    pool_values: list[int], limit: int, strict: bool
) -> None:
    """Every choice fits the limit, cannot take another character, and choices are distinct."""
    pool = [C(f"c{i}", v) for i, v in enumerate(pool_values)]
    by_name = {c.name: c.value or 0 for c in pool}

    def fits(total: int) -> bool:
        return total < limit if strict else total <= limit

    choices = maximal_choices(pool, limit, strict=strict)
    assert choices and len(set(choices)) == len(choices)
    for choice in choices:
        total = sum(by_name[n] for n in choice)
        assert fits(total) or choice == ()
        assert not any(fits(total + by_name[n]) for n in by_name if n not in choice)
