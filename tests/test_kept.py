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


def test_a_value_read_once_is_kept_on_its_own_object_only() -> None:
    from rulesq.games.bluemoon.judge.kept import once

    class Box:
        made = 0

        def __init__(self, content: list[int]) -> None:
            self.content = content

        @once
        def total(self) -> int:
            Box.made += 1
            return sum(self.content)

    first, second = Box([1, 2]), Box([5])
    assert first.total == 3
    first.content.append(10)
    assert first.total == 3  # kept: not read again
    assert second.total == 5  # another object: its own value, not the first one's
    assert Box.made == 2
    assert isinstance(Box.__dict__["total"], once)
