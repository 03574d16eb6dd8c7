"""What is in force follows from the ladder: reorder ladder.toml and the text questions follow.

The questions of what is ignored or takes effect hand the card's sentences and the ignore over
them to the resolver; none of them checks "I must" by hand. So with "I must" placed below
ignoring, an "I must" text is ignored like any other.
"""

from __future__ import annotations

import tomllib

import pytest

from rulesq.engine import evaluate
from rulesq.engine.answer import Answer
from rulesq.engine.ladder import Ladder, parse_ladder
from rulesq.games.bluemoon.judge import claims, overruled
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

I_MUST_UNDER_IGNORE = """game bluemoon
"WhizWhiz" has no PROTECTED icon
you have active "Laughing Gas"
I play "WhizWhiz"
ask is the special power text of "WhizWhiz" ignored?
ask does the special power text of "WhizWhiz" take effect?
"""

SHIELD = """game bluemoon
card "Shielded" character (fire 1, earth 1, STOP): ""
card "Big One" character (fire 5, earth 5): ""
card "Icon Eater" character (fire 0, earth 0): "Your icons are ignored, except STOP."
card "Card Eater" character (fire 0, earth 0): "Your cards with icons are ignored."
element fire
"Shielded" has a fire shield
you have active "Big One", "{ignorer}"
it is my turn
phase Character
I play "Shielded"
ask must I match your total power?
"""


def answers(body: str) -> list[Answer]:
    return list(evaluate(parse_situation(body, "probe.rq")))


def swapped(upper: str, lower: str) -> Ladder:
    """The Blue Moon ladder with two steps swapped."""
    data = tomllib.loads((corpus_dir() / "bluemoon" / "ladder.toml").read_text(encoding="utf-8"))
    names = [step["name"] for step in data["step"]]
    i, j = names.index(upper), names.index(lower)
    data["step"][i], data["step"][j] = data["step"][j], data["step"][i]
    return parse_ladder("bluemoon", data)


def test_i_must_text_is_kept_by_the_ladder() -> None:
    """With the true ladder the "I must" text stands, decided by the I must step."""
    ignored, effect = answers(I_MUST_UNDER_IGNORE)
    assert (ignored.verdict.show() if ignored.verdict else None, ignored.decided_by) == (
        "no",
        "I must",
    )
    assert ignored.deciding_card == "WhizWhiz"
    assert effect.verdict is not None


def test_i_must_below_ignoring_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put "I must" below ignoring, and the same text is ignored, decided by the ignore step."""
    mutated = swapped("I must", "ignore")
    monkeypatch.setattr(claims, "ladder", lambda: mutated)
    monkeypatch.setattr(overruled, "ladder", lambda: mutated)
    ignored, effect = answers(I_MUST_UNDER_IGNORE)
    assert (ignored.verdict.show() if ignored.verdict else None, ignored.decided_by) == (
        "yes",
        "ignore",
    )
    assert ignored.deciding_card == "Laughing Gas"
    assert effect.verdict is not None and effect.verdict.show() == "no"


@pytest.mark.parametrize(
    ("ignorer", "step"), [("Icon Eater", "card text"), ("Card Eater", "ignore")]
)
def test_an_ignored_shield_leaves_the_match(ignorer: str, step: str) -> None:
    """An ignored shield gives no exemption: ignoring icons supersedes the icon's rule as card
    text; ignoring the whole card is ignoring. The ignoring card decides."""
    (reply,) = answers(SHIELD.format(ignorer=ignorer))
    assert reply.verdict is not None and reply.verdict.show() == "yes"
    assert (reply.decided_by, reply.deciding_card) == (step, ignorer)
