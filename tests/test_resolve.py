"""The resolver on a toy ladder: winners, beaten claims, ignores, exemptions, laziness."""

from __future__ import annotations

import pytest

from rulesq.engine.ladder import Ladder, parse_ladder
from rulesq.engine.resolve import Claim, Gather, Stance, overrides, resolve
from rulesq.errors import RulesqError

TOY = {
    "step": [
        {"name": "must", "kinds": ["must"]},
        {"name": "ignore", "kinds": ["ignore"], "exempt": ["SHIELD"]},
        {"name": "may not", "kinds": ["ban"]},
        {"name": "text", "kinds": ["text"]},
        {"name": "rules", "kinds": ["rule"]},
    ]
}


def ladder(order: list[str] | None = None) -> Ladder:
    steps = TOY["step"]
    if order is not None:
        steps = [next(s for s in steps if s["name"] == n) for n in order]
    return parse_ladder("toy", {"step": steps})


class Card:
    def __init__(self, name: str) -> None:
        self.name = name


def test_the_highest_step_with_a_claim_wins_and_beats_the_others() -> None:
    ban = Claim(Stance.FORBID, "ban", "banned")
    grant = Claim(Stance.PERMIT, "text", "granted")
    default = Claim(Stance.PERMIT, "rule", "the rules allow it", default=True)
    result = resolve([grant, default, ban], ladder())
    assert result.winner is ban and result.step is not None and result.step.name == "may not"
    assert [(lost, by) for lost, by in result.beaten] == [(grant, ban)]
    swapped = resolve([grant, default, ban], ladder(["must", "ignore", "text", "may not", "rules"]))
    assert swapped.winner is grant


def test_the_default_speaks_only_when_nothing_else_does() -> None:
    default = Claim(Stance.PERMIT, "rule", "the rules allow it", default=True)
    limit = Claim(Stance.FORBID, "rule", "the limit is reached")
    assert resolve([default], ladder()).winner is default
    result = resolve([default, limit], ladder())
    assert result.winner is limit and not result.conflict


def test_two_stances_on_one_step_are_a_conflict() -> None:
    a = Claim(Stance.FORBID, "text", "a forbids")
    b = Claim(Stance.PERMIT, "text", "b allows")
    result = resolve([a, b], ladder())
    assert result.conflict == [a, b] and not result.settled


def test_an_ignore_removes_what_it_reaches_below_it_and_decides() -> None:
    card = Card("Banner")
    ban = Claim(Stance.FORBID, "ban", "banned", holder=card)
    default = Claim(Stance.PERMIT, "rule", "the rules allow it", default=True)
    ignore = Claim(Stance.IGNORE, "ignore", "ignored", reaches=(card,))
    result = resolve([ban, default, ignore], ladder())
    assert result.winner is default and result.removed == [(ban, ignore)]
    assert result.decided_by is not None and result.decided_by.name == "ignore"
    below = resolve([ban, default, ignore], ladder(["must", "may not", "ignore", "text", "rules"]))
    assert below.winner is ban and not below.removed


def test_an_ignore_never_reaches_a_step_above_it() -> None:
    card = Card("Giver")
    must = Claim(Stance.REQUIRE, "must", "must", holder=card)
    ignore = Claim(Stance.IGNORE, "ignore", "ignored", reaches=(card,))
    assert resolve([must, ignore], ladder()).winner is must


def test_an_exempt_mark_keeps_the_claim() -> None:
    card = Card("Guarded")
    ban = Claim(Stance.FORBID, "ban", "banned", holder=card, marks=frozenset({"SHIELD"}))
    ignore = Claim(Stance.IGNORE, "ignore", "ignored", reaches=(card,))
    default = Claim(Stance.PERMIT, "rule", "allowed", default=True)
    result = resolve([ban, ignore, default], ladder())
    assert result.winner is ban and result.exempt == [(ban, ignore, "SHIELD")]
    plain = parse_ladder("toy", {"step": [{**s, "exempt": []} for s in TOY["step"]]})
    assert resolve([ban, ignore, default], plain).winner is default


def test_gatherers_stop_at_the_step_that_settles() -> None:
    asked: list[str] = []

    def ban() -> list[Claim]:
        asked.append("ban")
        return [Claim(Stance.FORBID, "ban", "banned")]

    def hand_size() -> list[Claim]:
        asked.append("rule")
        raise AssertionError("a lower step's fact was asked for")

    result = resolve(
        [Gather(frozenset({"rule"}), hand_size), Gather(frozenset({"ban"}), ban)], ladder()
    )
    assert result.winner is not None and result.winner.reason == "banned"
    assert asked == ["ban"]


def test_an_unplaced_kind_is_an_error() -> None:
    with pytest.raises(RulesqError):
        overrides(ladder(), "nonsense", "rule")
