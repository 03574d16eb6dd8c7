"""FMA attributes over a timeline and goal changes: every worked example of the rulings."""

from __future__ import annotations

import pytest

from rulesq.corpus.load import load_corpus
from rulesq.errors import UnknownNameError
from rulesq.games.fma import citations
from rulesq.games.fma.attributes import (
    Defeated,
    DoubleBonus,
    EffectEnds,
    Modifier,
    MoveBonus,
    PeriodEnds,
    Printed,
    SetValue,
    Status,
    Timeline,
    TimelineError,
    attribute_value,
    attribute_values,
    bonus_amount,
)
from rulesq.games.fma.goals import (
    AttributeGoal,
    OtherGoal,
    change_attribute_goals,
    read_goal,
    replace_goal,
)
from rulesq.games.fma.vocab import Attribute, Duration, Period

S, W, AL = Attribute.STRENGTH, Attribute.WITS, Attribute.ALCHEMY


def clause_text(clause_id: str) -> str:
    return load_corpus("fma").clause(clause_id).text


def test_havoc_timeline() -> None:
    """fma/rulings/changing-attributes/example-1: 7, set to 0, +2 in battle, back to 7."""
    text = clause_text("fma/rulings/changing-attributes/example-1")
    assert "his strength will be 2 until the end of the battle" in text
    assert "strength will return to 7" in text
    timeline = Timeline(
        {"Havoc": Printed(strength=4)},
        (
            Modifier("Havoc", S, 1, source="attached saber"),
            Modifier("Havoc", S, 1, source="his own text"),
            Modifier("Havoc", S, 1, source="a general in play"),
            SetValue("Havoc", S, 0, Duration.SEARCH_PHASE, source="set to zero"),
            Modifier("Havoc", S, 2, Duration.BATTLE, source="+2 in battle"),
            PeriodEnds(Period.BATTLE),
            PeriodEnds(Period.SEARCH_PHASE),
        ),
    )
    values = [attribute_value(timeline, "Havoc", S, at).value for at in range(8)]
    assert values == [4, 5, 6, 7, 0, 2, 0, 7], "fma/rulings/changing-attributes/example-1"
    during = attribute_value(timeline, "Havoc", S, 5)
    assert [step.counts for step in during.steps] == [False, False, False, True, True]
    assert citations.SET_VALUE in during.clauses
    assert attribute_value(timeline, "Havoc", S).clauses == ()


def test_set_value_then_modifier_order_matters() -> None:
    """fma/rulings/changing-attributes/example-2: saber then copy 5 gives 5; copy then saber 6."""
    text = clause_text("fma/rulings/changing-attributes/example-2")
    assert "strength to 5 (not 6)" in text and "strength would be 6" in text
    saber = Modifier("Envy", S, 1, source="saber")
    copy = SetValue("Envy", S, 5, Duration.TURN, source="copied strength")
    printed = {"Envy": Printed(strength=0)}
    assert attribute_value(Timeline(printed, (saber,)), "Envy", S).value == 1
    assert attribute_value(Timeline(printed, (saber, copy)), "Envy", S).value == 5
    assert attribute_value(Timeline(printed, (copy, saber)), "Envy", S).value == 6
    after_turn = Timeline(printed, (saber, copy, PeriodEnds(Period.TURN)))
    assert attribute_value(after_turn, "Envy", S).value == 1


def test_momentum_doubles_the_existing_bonus_each_time() -> None:
    """fma/cards/momentum/ruling: +2 becomes +4, then +8, then +16."""
    assert "+8, then +16" in clause_text("fma/cards/momentum/ruling")
    timeline = Timeline(
        {"X": Printed(strength=3)},
        (
            Modifier("X", S, 2, Duration.TURN, id="bonus", origin="event"),
            DoubleBonus("bonus", clause="fma/cards/momentum/ruling"),
            DoubleBonus("bonus"),
            DoubleBonus("bonus"),
        ),
    )
    bonuses = [bonus_amount(timeline, "bonus", at)[1] for at in range(1, 5)]
    assert bonuses == [2, 4, 8, 16], "fma/cards/momentum/ruling"
    assert attribute_value(timeline, "X", S).value == 19
    assert "fma/cards/momentum/ruling" in attribute_value(timeline, "X", S).clauses


def test_walking_tall_moves_one_bonus() -> None:
    """fma/cards/walking-tall/ruling: +2/+2/+2 can become +4/0/+2, never +6."""
    assert "+4/0/+2" in clause_text("fma/cards/walking-tall/ruling")
    base = Timeline(
        {"X": Printed(0, 0, 0)},
        tuple(
            Modifier("X", attribute, 2, Duration.TURN, id=f"+2 {attribute.value}")
            for attribute in (S, W, AL)
        ),
    )
    moved = base.then(MoveBonus("+2 wits", S, clause="fma/cards/walking-tall/ruling"))
    values = {a: r.value for a, r in attribute_values(moved, "X").items()}
    assert values == {S: 4, W: 0, AL: 2}, "fma/cards/walking-tall/ruling"
    # One move moves one bonus: the strength bonus cannot be moved onto itself to make +6.
    with pytest.raises(TimelineError, match="already on strength"):
        attribute_value(moved.then(MoveBonus("+2 strength", S)), "X", S)


def test_moved_bonus_counts_after_an_earlier_set_value() -> None:
    """A bonus moved onto an attribute arrives when moved, after a value set there before."""
    timeline = Timeline(
        {"X": Printed(3, 3)}, (Modifier("X", W, 2, id="b"), SetValue("X", S, 0), MoveBonus("b", S))
    )
    assert attribute_value(timeline, "X", S).value == 2


def test_defeated_characters_have_no_attributes() -> None:
    """fma/rulings/defeated-characters/1: a defeated character has no attributes."""
    assert "They have no attributes" in clause_text(citations.DEFEATED)
    timeline = Timeline({"X": Printed(strength=4)}, (Modifier("X", S, 2), Defeated("X")))
    reading = attribute_value(timeline, "X", S)
    assert (reading.value, reading.status) == (None, Status.NO_ATTRIBUTES)
    assert reading.clauses[0] == citations.DEFEATED
    assert attribute_value(timeline, "X", S, 1).value == 6


def test_unknown_printed_value_stays_unknown_until_set() -> None:
    """A value the sources never give is unknown, not zero; setting it makes it known."""
    timeline = Timeline(
        {"X": Printed()}, (Modifier("X", W, 1), SetValue("X", W, 4), Modifier("X", W, 1))
    )
    assert attribute_value(timeline, "X", W, 1).status is Status.UNKNOWN
    assert attribute_value(timeline, "X", W).value == 5


def test_constant_effect_ends_when_its_source_goes() -> None:
    """A constant modifier lasts until it is ended; a set value's expiry restores it."""
    timeline = Timeline(
        {"X": Printed(strength=2)}, (Modifier("X", S, 1, id="saber"), EffectEnds("saber"))
    )
    assert attribute_value(timeline, "X", S, 1).value == 3
    assert attribute_value(timeline, "X", S).value == 2


def test_timeline_errors_are_reported() -> None:
    """Doubling a penalty, ending an unknown effect or naming a stranger are errors."""
    printed = {"X": Printed(strength=2), "Havoc": Printed(strength=4)}
    with pytest.raises(TimelineError, match="not an attribute bonus"):
        attribute_value(Timeline(printed, (Modifier("X", S, -1, id="p"), DoubleBonus("p"))), "X", S)
    with pytest.raises(TimelineError, match="no effect"):
        attribute_value(Timeline(printed, (EffectEnds("nothing"),)), "X", S)
    with pytest.raises(UnknownNameError, match='Did you mean "Havoc"'):
        attribute_value(Timeline(printed), "Havok", S)
    with pytest.raises(TimelineError, match="no point 3"):
        attribute_value(Timeline(printed), "X", S, 3)


def test_goal_change_changes_all_attribute_goals_and_copies_do_not_stack() -> None:
    """fma/rulings/changing-attribute-goals/1: Wits +1 and Alchemy +1 become Strength +1."""
    assert "now has a goal of “Strength +1.”" in clause_text(citations.GOAL_CHANGE)
    change = change_attribute_goals([read_goal("Wits +1"), read_goal("Alchemy +1")], S)
    assert change.goals == (AttributeGoal(S, 1),), "fma/rulings/changing-attribute-goals/1"
    assert change.render() == "“Strength +1”"
    assert citations.GOAL_CHANGE in change.clauses


def test_goal_change_keeps_other_goals_but_a_whole_goal_effect_does_not() -> None:
    """fma/rulings/changing-attribute-goals/2: non-attribute goals stay unless the whole goal
    is replaced."""
    goals = [read_goal("Wits +1"), read_goal("a State Alchemist")]
    kept = change_attribute_goals(goals, AL)
    assert kept.goals == (AttributeGoal(AL, 1), OtherGoal("a State Alchemist"))
    replaced = replace_goal(goals, [read_goal("Strength +2")])
    assert replaced.goals == (AttributeGoal(S, 2),)
    assert replaced.clauses == (citations.GOAL_OTHER,)


def test_citations_resolve_in_the_corpus() -> None:
    """Every clause id the battle and attribute rules cite is a clause of the FMA corpus."""
    corpus = load_corpus("fma")
    assert [c for c in citations.ALL if corpus.find_clause(c) is None] == []
