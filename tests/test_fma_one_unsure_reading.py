"""FMA: one reading decides whether an attachment's text acts once its bearer leaves it.

``Presence.read`` leaves an attachment unsure when its bearer leaves play (the rulings never say
whether it goes too) or goes out of play ("A leader does not lose his attachments when he is
out of play", not whether their text acts): ``presence.UNSAID``. The values reader, the cards
in play (``still_in_play.in_doubt``: costs, draws, the cost raisers of a play or a react, the
unknown-text doubts, Play-or-Pass), uniqueness and a leader's attachments kept all read it
there; perturbed, every one moves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.engine import Answer, evaluate
from rulesq.games.fma import presence
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent / "cases"
PRESENCE = CASES / "fma-presence"
GIVES = PRESENCE / "an-attachment-whose-bearer-left-play-may-still-give.rq"
COST = PRESENCE / "an-attachment-whose-bearer-left-play-may-still-change-a-cost.rq"
DRAW = PRESENCE / "an-attachment-whose-bearer-left-play-may-still-reveal-a-draw.rq"
RAISES = PRESENCE / "an-attachment-raising-costs-whose-bearer-left-play-keeps-a-play-open.rq"
LAMP = PRESENCE / "an-attachment-whose-bearer-left-play-performs-no-sure-start-of-turn-effect.rq"
OUT = PRESENCE / "an-attachment-of-a-leader-out-of-play-may-or-may-not-act.rq"
LANTERN = PRESENCE / "an-attachment-performs-its-start-of-turn-effect-as-its-bearer-leaves-it.rq"
UNKNOWN = (
    CASES
    / "fma-unknown-text"
    / "an-attachment-of-unknown-text-whose-bearer-left-play-may-still-act.rq"
)
ORDER = (
    CASES
    / "fma-timing"
    / "another-players-attachment-whose-bearer-left-play-leaves-the-order-open.rq"
)
UNIQUE = CASES / "fma-uniqueness" / "a-unique-attachment-whose-bearer-left-play-is-not-a-guess.rq"
KEEPS = CASES / "fma-out-of-play" / "a-leader-who-left-play-is-no-sure-keeper-of-his-attachments.rq"
BACK = PRESENCE / "an-attachment-whose-bearer-left-play-stays-unsure-when-he-comes-back.rq"
LEFT = (GIVES, COST, DRAW, RAISES, LAMP, UNKNOWN, ORDER, UNIQUE)
CANNOT = "cannot answer"


def _shown(path: Path) -> list[str]:
    answers: list[Answer] = list(
        evaluate(parse_situation(path.read_text(encoding="utf-8"), str(path)))
    )
    return [a.verdict.show() if a.answered else CANNOT for a in answers]


def test_as_read_every_reader_leaves_it_open() -> None:
    """As read: the values, cost, draw, play, react, turn order and uniqueness are open."""
    assert _shown(GIVES)[1] == CANNOT
    assert _shown(COST)[1] == CANNOT
    assert _shown(DRAW)[1] == CANNOT
    assert _shown(RAISES)[4:6] == [CANNOT, CANNOT]
    assert _shown(LAMP)[1] == CANNOT
    assert _shown(UNKNOWN)[:2] == [CANNOT, CANNOT]
    assert _shown(ORDER)[0] == CANNOT
    assert _shown(UNIQUE)[2:] == [CANNOT, CANNOT]
    assert _shown(KEEPS)[1] == CANNOT
    assert _shown(BACK) == [CANNOT] * 5
    assert _shown(OUT)[:3] == [CANNOT, CANNOT, CANNOT]
    assert _shown(LANTERN)[1] == CANNOT


def test_perturbed_to_go_with_its_bearer_every_reader_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Perturbed (an attachment leaves play with its bearer), each reader answers as if so."""
    monkeypatch.delitem(presence.UNSAID, presence.GONE)
    assert _shown(GIVES)[1] == "2"  # the values reader
    assert _shown(COST)[1] == "4"  # costs
    assert _shown(DRAW)[1] == "no"  # draws
    assert _shown(RAISES)[4:6] == ["yes", "yes"]  # a play's and a react's cost raisers
    assert _shown(LAMP)[1] == "no"  # a start-of-turn effect performed
    assert _shown(UNKNOWN)[:2] == ["yes", '"Wits +1", "Alchemy +1"']  # unknown-text doubts
    assert _shown(ORDER)[0] == "yes"  # Play-or-Pass: the other player's effects
    assert _shown(UNIQUE)[3] == "yes"  # uniqueness: the copy went with its bearer
    assert _shown(KEEPS)[1] == "no"  # a leader's attachments: it went with him
    assert _shown(BACK)[:2] == ["4", "2"]  # costs and values: it went with him


def test_perturbed_to_act_out_of_play_every_reader_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Perturbed (a leader out of play's attachments act), each reader counts them."""
    monkeypatch.delitem(presence.UNSAID, presence.OUT)
    assert _shown(OUT)[:3] == ["3", "2", "yes"]  # values, costs, draws
    assert _shown(LANTERN)[1] == "yes"  # a start-of-turn effect performed
