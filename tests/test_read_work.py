"""Reading a situation does no work it need not: no import per file, the game line matched once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from imported import imports_run

from rulesq.engine.check import check_file
from rulesq.errors import RulesqError
from rulesq.situation import parser, read_situation

ROOT = Path(__file__).resolve().parents[1]
#: The modules that read a file and check its input before judging it.
READING = ("rulesq.situation", "rulesq.inputs", "rulesq.engine.check")
#: The game modules whose ``check_situation`` a file's reading calls.
GAMES = ("rulesq.games.bluemoon", "rulesq.games.fma", "rulesq.games.warhammer")


def _files() -> list[Path]:
    return sorted((ROOT / "corpus").glob("*/cases/**/*.rq")) + sorted(
        (ROOT / "tests").rglob("*.rq")
    )


def _cases(game: str) -> list[Path]:
    return sorted((ROOT / "corpus" / game / "cases").rglob("*.rq"))


def test_reading_and_checking_a_file_run_no_import_once_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An import in a function costs each call about as much as placing an item."""
    files = [f for game in ("bluemoon", "fma", "warhammer") for f in _cases(game)[:30]]
    for file in files:
        check_file(file)
    imported = imports_run(
        monkeypatch, lambda caller: caller.startswith(READING) or caller in GAMES
    )
    for file in files:
        check_file(file)
        read_situation(file)
    monkeypatch.undo()
    assert not imported


TEXTS = [
    "game bluemoon\nI have 3 cards in hand\n",
    "game bluemoon",
    "game BlueMoon  # a comment\n",
    "# a comment\n\n  \t\ngame fma\n",
    "\r\n# c\r\ngame warhammer\r\nI have 3 cards in hand\r\n",
    "game bluemoon\r\r\n",
    "\r\r\ngame bluemoon\n",
    "  game\tbluemoon\t#x\r\n",
    "game blue moon\n",
    "game chess\n",
    "game\n",
    "I have 3 cards in hand\ngame bluemoon\n",
    "",
    "\n\n",
    "game bluemoon\x0b\n",
    "game bluemoon\u2028\n",
    "#\rgame bluemoon\ngame fma\n",
    "gamebluemoon\n",
]


def _outcome(text: str, default: str | None) -> object:
    try:
        return parser.find_game(text, "<t>", default)
    except RulesqError as error:
        return (type(error).__name__, str(error))


def test_the_game_is_found_as_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one match of the text gives what reading it line by line gives (or errs as it)."""
    texts = [f.read_text(encoding="utf-8", errors="replace") for f in _files()] + TEXTS
    defaults = [None, "", "bluemoon", "fma", "chess"]
    fast = [_outcome(text, default) for text in texts for default in defaults]
    monkeypatch.setattr(parser, "_FIRST_GAME", re.compile(r"(?!)"))
    assert fast == [_outcome(text, default) for text in texts for default in defaults]


def test_a_case_file_finds_its_game_in_one_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """No case file is read line by line to find its game."""
    read: list[str] = []
    real = parser._leading_lines

    def counted(text: str) -> Any:
        read.append(text)
        return real(text)

    monkeypatch.setattr(parser, "_leading_lines", counted)
    found = [
        parser.find_game(f.read_text(), str(f)) for f in sorted(ROOT.glob("corpus/*/cases/**/*.rq"))
    ]
    assert len(found) > 600 and set(found) == {"bluemoon", "fma", "warhammer"}
    assert not read
