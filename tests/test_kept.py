"""A result kept by the identity of its arguments: the same objects only, never equal ones."""

from __future__ import annotations

from rulesq.games.bluemoon.judge.kept import by_identity


def test_a_result_is_kept_for_the_very_same_arguments_only() -> None:
    calls: list[tuple[object, ...]] = []

    @by_identity
    def joined(a: list[str], b: list[str]) -> str:
        calls.append((a, b))
        return "+".join(a + b)

    first, second = ["x"], ["y"]
    assert joined(first, second) == "x+y"
    assert joined(first, second) == "x+y"
    assert len(calls) == 1
    # equal but other objects: computed again (a kept result never stands for another object)
    assert joined(["x"], ["y"]) == "x+y"
    assert len(calls) == 2
    assert joined(second, first) == "y+x"
    assert len(calls) == 3
