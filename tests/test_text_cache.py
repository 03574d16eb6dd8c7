"""Corpus card texts kept on disk: every tree comes back equal, and a bad cache is never used."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rulesq.effects.base import ParsedText
from rulesq.effects.textcache import TextCache, Undecodable, decode, encode
from rulesq.games import get_game
from rulesq.games.bluemoon.parser import read_card_text


def _texts(game: str) -> list[str]:
    return sorted(
        {c.text for c in get_game(game).corpus.cards.values() if c.text and c.text.strip()}
    )


def _reader(game: str) -> Callable[[str], ParsedText]:
    from rulesq.games.fma.parse import read_card_text as read_fma
    from rulesq.games.warhammer.parse import read_card_text as read_warhammer

    readers: dict[str, Callable[[str], ParsedText]] = {
        "bluemoon": read_card_text,
        "fma": read_fma,
        "warhammer": read_warhammer,
    }
    return readers[game]


@pytest.mark.parametrize("game", ["bluemoon", "fma", "warhammer"])
def test_every_corpus_text_comes_back_equal(game: str) -> None:
    texts = _texts(game)
    assert len(texts) > 10
    read = _reader(game)
    for text in texts:
        parsed = read(text)
        data = json.loads(json.dumps(encode(parsed)))
        back = decode(data)
        assert back == parsed, text
        assert type(back) is type(parsed)
        assert encode(back) == data


def _cache(tmp_path: Path) -> TextCache:  # noqa: ARG001 - the folder is the env's
    here = Path(read_card_text.__code__.co_filename).parent
    return TextCache("bluemoon", [], [here], read_card_text)


def test_the_cache_file_is_written_then_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    text = _texts("bluemoon")[0]
    first = _cache(tmp_path).get(text)
    assert isinstance(first, ParsedText) and first == read_card_text(text)
    files = list(tmp_path.glob("texts-bluemoon-*.json"))
    assert len(files) == 1
    reads: list[str] = []
    here = Path(read_card_text.__code__.co_filename).parent
    again = TextCache("bluemoon", [], [here], lambda t: reads.append(t) or read_card_text(t))
    assert again.get(text) == first
    assert reads == []  # from the file
    assert again.get("An inline card's own text.") is None


def test_a_tampered_cache_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    text = _texts("bluemoon")[0]
    _cache(tmp_path).get(text)
    file = next(tmp_path.glob("texts-bluemoon-*.json"))
    document = json.loads(file.read_text())
    document["payload"][text] = json.dumps({"\0c": "os:system", "f": {}})
    file.write_text(json.dumps(document))
    assert _cache(tmp_path).get(text) is None  # read again by the caller, not decoded


@pytest.mark.parametrize(
    "data",
    [
        {"\0c": "os:system", "f": {}},
        {"\0c": "rulesq.effects.base:Nope", "f": {}},
        {"\0c": "rulesq.effects.base:ParsedText", "f": {"text": "x"}},
        {"\0e": "rulesq.spans:Span", "v": 1},
        [1, 2],
        {"other": 1},
    ],
)
def test_forms_never_written_do_not_decode(data: object) -> None:
    with pytest.raises(Undecodable):
        decode(data)


@pytest.mark.parametrize("game", ["fma", "warhammer"])
def test_a_games_corpus_texts_come_from_the_cache_file(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's reader writes the file once; a second process's cache serves the trees."""
    from rulesq.effects.textcache import for_game

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    read = _reader(game)
    package = Path(read.__code__.co_filename).parent
    text = _texts(game)[0]
    assert for_game(game, package, read).get(text) == read(text)
    assert len(list(tmp_path.glob(f"texts-{game}-*.json"))) == 1
    reads: list[str] = []
    again = for_game(game, package, lambda t: reads.append(t) or read(t))
    assert again.get(text) == read(text)
    assert reads == []
