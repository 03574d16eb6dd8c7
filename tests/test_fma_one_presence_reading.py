"""FMA: one reading decides who is in play, defeated, gone or out of play (``Presence.read``).

The situation reader (values), the cards in play (``still_in_play``: undefeatable, unknown
texts), the characters out of play (``out_of_play.still_out``: recruiting), the copies of a
unique attachment (``uniqueness.attach_gate``), abilities used again or required (``memory``),
the current location (``named_targets``), a defeat spared or made on moving home (``spared``,
``moved_home``), a home (``created_phase``), a leader's attachments (``out_of_play.keeps``) and
the battle answers all walk the facts through it; perturbed there, every side moves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.engine import Answer, evaluate
from rulesq.games.fma import presence
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent / "cases"
MENTOR = CASES / "fma-returned" / "a-character-back-in-play-gives-its-passive-again.rq"
LOCATION = CASES / "fma-returned" / "a-location-back-in-play-gives-its-passive-again.rq"
ROY = CASES / "fma-battles" / "an-undefeatable-roy-needs-liza-in-play.rq"
UNIQUE = CASES / "fma-uniqueness" / "a-copy-attached-after-another-left-play-counts.rq"
TAKE = CASES / "fma-uniqueness" / "a-copy-attached-after-another-left-play-bars-taking-control.rq"
RECRUIT = (
    CASES / "fma-out-of-play" / "a-leader-named-out-of-play-cannot-recruit-until-he-returns.rq"
)


def _shown(path: Path) -> list[str]:
    answers: list[Answer] = list(
        evaluate(parse_situation(path.read_text(encoding="utf-8"), str(path)))
    )
    return [a.verdict.show() if a.answered else "cannot answer" for a in answers]


def test_every_reader_agrees_as_read() -> None:
    """As read: a defeat, a removal and an out of play end a text; a return starts it again."""
    assert _shown(MENTOR) == ["3", "4", "3", "4"]
    assert _shown(LOCATION) == ["3", "2", "yes", "3", "2", "3"]
    assert _shown(ROY)[1::2] == ['"Roy Mustang, Administrator"'] * 2
    assert _shown(RECRUIT) == ["no", "cannot answer"]
    assert _shown(UNIQUE) == ["cannot answer", "4", "no"]
    assert _shown(TAKE) == ["yes", "no", "yes"]


@pytest.mark.parametrize("kind", ["defeated", "removed", "out_of_play"])
def test_perturbed_to_take_nothing_away_the_readers_move(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """Perturbed (a statement of ``kind`` takes no card away), the answers on each side move."""
    before = {path: _shown(path) for path in (MENTOR, LOCATION, ROY, RECRUIT, UNIQUE, TAKE)}
    monkeypatch.delitem(presence.AWAY, kind)
    after = {path: _shown(path) for path in before}
    if kind == "defeated":
        assert after[MENTOR][0] == "4"  # the reader: the defeated Mentor's text still acts
        assert after[ROY][3] == "nobody"  # still_in_play: a defeated Liza still protects Roy
    elif kind == "removed":
        assert after[LOCATION][1] == "3"  # the reader: the location that left play still acts
        assert after[MENTOR][2] == "4"
        assert after[UNIQUE][0] == "no"  # uniqueness: the copy that left play is still a bar
        assert after[TAKE][0] == "no"  # and it still bars taking control of its other bearer
    else:
        assert after[LOCATION][4] == "3"  # the reader: the location out of play still acts
        assert after[ROY][1] == "nobody"  # still_in_play: Liza out of play still protects Roy
        assert after[RECRUIT][0] == "cannot answer"  # still_out: no leader is out of play


LEFT = CASES / "fma-removed" / "a-card-that-left-play-plays-nothing-and-is-at-no-home.rq"
AGAIN = CASES / "fma-presence" / "a-card-that-left-play-again-after-returning-uses-no-ability.rq"
DESERT = CASES / "fma-presence" / "a-location-back-in-play-defeats-characters-moved-home-again.rq"
BATTLE = (
    CASES / "fma-presence" / "a-character-that-left-play-during-the-battle-is-not-counted-in-it.rq"
)
JOB = CASES / "fma-targets" / "a-job-well-done-targets-only-the-current-location.rq"
STONES = (
    CASES / "fma-battles" / "a-text-that-replaces-the-defeat-leaves-the-battles-defeats-open.rq"
)


def test_the_other_readers_read_it_too() -> None:
    """Abilities, targets, defeats, homes and battles, as read (each through ``Presence``)."""
    assert _shown(LEFT) == ["no", "no", "no", "no", "yes", "yes"]
    assert _shown(AGAIN) == ["yes", "no", "no"]
    assert _shown(DESERT) == ["no", "yes"]
    assert _shown(BATTLE) == ["defenders", "cannot answer", "cannot answer"]
    assert _shown(JOB) == ["yes", "cannot answer", "no", "yes"]
    assert _shown(STONES) == ["cannot answer", "defenders", '"A"']


def test_a_removal_taking_nothing_away_moves_every_other_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Perturbed (leaving play takes no card away), memory, named targets, spared, created_phase,
    moved_home and the battle answers all move: none reads "left play" for itself.
    """
    monkeypatch.delitem(presence.AWAY, "removed")
    left = _shown(LEFT)
    assert left[1] != "no"  # memory: it uses its ability again, as if in play
    assert left[2] != "no"  # created_phase: it is at home, as placed
    assert _shown(AGAIN)[1] != "no"  # memory: the second leaving is not seen
    assert _shown(DESERT)[0] != "no"  # moved_home: Arid Desert still defeats
    assert _shown(BATTLE)[1] == "defenders"  # battle answers: D still fights
    assert _shown(JOB)[2] != "no"  # named targets: the location is not seen to leave
    assert _shown(STONES)[2] == "cannot answer"  # spared: the attachment still replaces


UNREAD_OUT = CASES / "fma-presence" / "a-card-of-unknown-text-out-of-play-changes-no-values.rq"


def test_the_reader_reads_a_card_of_unknown_text_out_of_play_through_presence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reader's cards of unread text in play: out of play (``Presence.read``), they end."""
    assert _shown(UNREAD_OUT) == ["cannot answer", "3", "cannot answer", "3", "3"]
    with monkeypatch.context() as patch:
        patch.delitem(presence.AWAY, "out_of_play")
        assert _shown(UNREAD_OUT)[1] == "cannot answer"  # not seen out of play: still open
    monkeypatch.delitem(presence.AWAY, "removed")
    assert _shown(UNREAD_OUT)[3] == "cannot answer"  # not seen to leave: still open


MUST = CASES / "fma-presence" / "a-required-ability-of-a-card-out-of-play-is-not-a-sure-must.rq"
KEEPS = CASES / "fma-presence" / "an-attachment-attached-again-after-leaving-play-is-kept.rq"


def test_out_of_play_and_removal_perturbed_move_must_and_keeps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A required ability out of play, and a leader keeping an attachment, read Presence too."""
    assert _shown(MUST) == ["yes", "cannot answer", "yes"]
    assert _shown(KEEPS) == ["yes", "no", "cannot answer"]
    with monkeypatch.context() as patch:
        patch.delitem(presence.AWAY, "out_of_play")
        assert _shown(MUST)[1] == "yes"  # memory.must_use: the card is not seen out of play
    monkeypatch.delitem(presence.AWAY, "removed")
    assert _shown(KEEPS)[1] != "no"  # out_of_play.keeps: the attachment is not seen to leave
