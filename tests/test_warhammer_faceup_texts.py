"""The Warhammer board's one walk of the texts in play: faceup cards with a text only."""

from __future__ import annotations

from rulesq.games.warhammer.board import Board
from rulesq.games.warhammer.situation import read_board
from rulesq.situation import parse_situation


def _board(body: str) -> Board:
    situation = parse_situation("game warhammer\n" + body)
    return read_board(situation, situation.facts)


def test_a_facedown_development_shows_no_text() -> None:
    board = _board(
        'my battlefield has "Dark Initiate" (facedown), "Chaos Knights"\n'
        'my kingdom has "Blood Vengeance"\n'
    )
    walked = [(placed.name, text) for placed, text in board.faceup_texts()]
    names = [name for name, _ in walked]
    assert "Dark Initiate" not in names
    assert "Blood Vengeance" in names
    for placed, text in board.faceup_texts():
        assert placed.card is not None and text == placed.card.text and text
    facedown = board.find("Dark Initiate")
    assert facedown is not None and facedown.shown_text is None
    assert facedown.card is not None and facedown.card.text


def test_a_card_without_text_is_not_walked() -> None:
    board = _board('my battlefield has "Chaos Knights"\n')
    knights = board.find("Chaos Knights")
    assert knights is not None
    assert knights.card is not None and not knights.card.text
    assert knights.shown_text is None
    assert list(board.faceup_texts()) == []
