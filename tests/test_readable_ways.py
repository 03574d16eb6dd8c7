"""A reason's ways of a choice: listed when few, grouped by verdict and counted when many."""

from __future__ import annotations

import pytest

from rulesq.engine import defaults
from rulesq.engine.defaults import readable_ways


def _ways(yes: int, no: int) -> list[tuple[str, str]]:
    return [("yes", f"if it plays A{i}") for i in range(yes)] + [
        ("no", f"if it plays B{i}") for i in range(no)
    ]


def test_few_ways_are_each_listed() -> None:
    """Up to the limit, every way is listed with its verdict, as before."""
    assert readable_ways(_ways(1, 2)) == "yes if it plays A0; no if it plays B0; no if it plays B1"


def test_many_ways_are_grouped_by_verdict_with_their_counts() -> None:
    """Past the limit, each verdict says how many ways give it and shows a few; a verdict of
    one way (what decides) is shown whole."""
    said = readable_ways(_ways(1, 15))
    assert said.startswith("16 ways: yes if it plays A0; no in 15 ways (")
    assert "if it plays B2; and 12 more)" in said
    assert "B3" not in said


def test_a_group_one_past_the_shown_ways_is_shown_whole() -> None:
    """Never "and 1 more": a group of one past the shown ways is listed in full."""
    said = readable_ways(_ways(4, 6))
    assert "yes in 4 ways (if it plays A0; if it plays A1; if it plays A2; if it plays A3)" in said


@pytest.mark.parametrize("listed", [100])
def test_the_limit_is_what_groups(monkeypatch: pytest.MonkeyPatch, listed: int) -> None:
    """With the limit raised, the same ways are each listed (the grouping carries weight)."""
    monkeypatch.setattr(defaults, "LISTED_WAYS", listed)
    said = readable_ways(_ways(1, 15))
    assert "ways" not in said and said.count("; no if") == 15
