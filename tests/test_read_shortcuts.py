"""The shortcuts of reading a situation give what the long way gives, and are taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq import inputs
from rulesq.errors import InputError

ROOT = Path(__file__).resolve().parents[1]


def _texts() -> list[str]:
    files = sorted((ROOT / "corpus").glob("*/cases/**/*.rq")) + sorted(
        (ROOT / "tests").rglob("*.rq")
    )
    return [file.read_text(encoding="utf-8", errors="replace") for file in files]


def _long_way(text: str) -> tuple[int, int] | None:
    found = inputs._LONG_NUMBER.search(text)
    return found.span() if found else None


def _short_way(text: str) -> tuple[int, int] | None:
    found = inputs.long_number(text)
    return found.span() if found else None


def test_a_long_number_is_found_as_the_expression_finds_it() -> None:
    """Every situation file, and texts with long runs of digits, ASCII or not."""
    digits = inputs.MAX_DIGITS
    made = [
        "7" * digits,
        "7" * (digits + 1),
        "x" + "1234567890" * 20 + "y",
        "a 12 b " + "9" * digits + " c " + "0" * (digits + 5),
        "\u0663" * (digits + 1),  # Arabic-Indic digits: \d, not 0-9
        "é " + "5" * (digits + 1),
        "é " + "5" * digits + "\u0663",  # 101 digits, one of them not 0-9
        "",
    ]
    texts = _texts() + made
    assert len(texts) > 1000
    for text in texts:
        assert _short_way(text) == _long_way(text), text[:80]
    assert sum(_long_way(text) is not None for text in made) == 6  # the last but one too


def test_an_ascii_text_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expression runs only for a text that is not ASCII or that has such a run."""
    searched: list[str] = []

    class Counting:
        def search(self, text: str) -> object:
            searched.append(text)
            return inputs.re.search(r"\d{101,}", text)

    monkeypatch.setattr(inputs, "_LONG_NUMBER", Counting())
    texts = _texts()
    for text in texts:
        inputs.check_text(text, "case.rq")
    assert len(searched) == sum(not text.isascii() for text in texts)
    with pytest.raises(InputError, match="a number of 101 digits"):
        inputs.check_text("game bluemoon\nI have " + "1" * 101 + " cards\n", "case.rq")
    assert len(searched) == sum(not text.isascii() for text in texts) + 1
