"""A named dragon decides a requirement that names it: each reason, word for word."""

from __future__ import annotations

import pytest

from rulesq.engine.dispatch import evaluate
from rulesq.situation import parse_situation

GEM = (
    "game bluemoon\n"
    'card "Red Gem" crystal: "I must have the red dragon on my side to play this card."\n'
    "it is my turn\nphase Leadership\n"
)


def _reason(lines: str) -> tuple[str, str]:
    (answer,) = evaluate(parse_situation(GEM + lines + 'ask can I play "Red Gem"?\n', "<test>"))
    shown = answer.verdict.show() if answer.verdict is not None else "cannot answer"
    return shown, answer.reason


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (
            "my opponent holds the red dragon\n",
            (
                "no",
                '"Red Gem" requires the red dragon on my side, and the red dragon is on the '
                "other side",
            ),
        ),
        (
            "I have 1 dragon on my side\nI hold the green dragon\n",
            (
                "no",
                '"Red Gem" requires the red dragon on my side, and the dragons on my side are '
                "the green dragon",
            ),
        ),
        (
            "I have 0 dragons on my side\n",
            ("no", '"Red Gem" requires the red dragon on my side, and no dragon is on my side'),
        ),
        (
            "the red dragon is mine\n",
            (
                "yes",
                '"Red Gem" requires the red dragon on my side, and the red dragon is on my side, '
                "and nothing else stops it now",
            ),
        ),
        (
            "I have 2 dragons on my side\nthe green dragon is mine\n",
            (
                "cannot answer",
                'the situation does not say whether "Red Gem"\'s requirement holds (I must have '
                "the red dragon on my side to play this card.): say which dragon is on that side "
                "(e.g. I have the red dragon on my side)",
            ),
        ),
    ],
)
def test_each_reason(lines: str, expected: tuple[str, str]) -> None:
    assert _reason(lines) == expected


def test_the_named_dragon_meets_the_requirement() -> None:
    assert _reason("the red dragon is mine\n")[0] == "yes"
