"""Corpus card texts kept on disk: every tree comes back equal, and a bad cache is never used."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rulesq.effects import textcache
from rulesq.effects.base import ParsedText
from rulesq.effects.textcache import TextCache, Undecodable, decode, encode, loads
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
    head, _, body = file.read_text().partition("\n")
    ends = json.loads(head)["ends"]
    tampered = json.dumps({"\0c": "os:system"})
    header = json.loads(head)
    header["ends"] = [end - ends[0] + len(tampered) for end in ends]
    file.write_text(json.dumps(header) + "\n" + tampered + body[ends[0] :])
    assert _cache(tmp_path).get(text) is None  # read again by the caller, not decoded


@pytest.mark.parametrize(
    "change",
    [
        lambda head, body: (head.replace('"ends":[', '"ends":[1,'), body),
        lambda head, body: (head.replace('"ends":[', '"ends":["1",'), body),
        lambda head, body: (head, body + " "),
        lambda head, body: (head, body[:-1]),
        lambda head, body: (head.replace('"key":"', '"key":"x'), body),
        lambda head, body: (head[:-1], body),
        lambda head, body: (head + body, ""),
    ],
)
def test_a_file_whose_header_does_not_cut_its_trees_is_rebuilt(
    change: Callable[[str, str], tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("rulesq.cachefiles._warned", [])
    text = _texts("bluemoon")[0]
    _cache(tmp_path).get(text)
    file = next(tmp_path.glob("texts-bluemoon-*.json"))
    head, _, body = file.read_text().partition("\n")
    changed_head, changed_body = change(head, body)
    file.write_text(changed_head + ("\n" + changed_body if changed_body or "\n" in body else ""))
    assert _cache(tmp_path).get(text) == read_card_text(text)
    assert "unusable cache file" in capsys.readouterr().err
    assert file.read_text().partition("\n")[2] == body  # rebuilt


def test_loading_the_file_decodes_no_tree_and_a_text_only_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted: the header, then the one tree of the text asked for (its slice, nothing else)."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    texts = _texts("bluemoon")
    _cache(tmp_path).get(texts[0])  # written
    decoded: list[str] = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda data, **k: decoded.append(data) or real(data, **k))
    cache = _cache(tmp_path)
    assert cache.get("An inline card's own text.") is None
    assert len(decoded) == 1 and decoded[0].startswith('{"format":"rulesq-cache"')
    assert len(decoded[0]) < 10 * len(texts)  # the ends only
    assert cache.get(texts[5]) == read_card_text(texts[5])
    assert len(decoded) == 2
    assert decoded[1] == json.dumps(encode(read_card_text(texts[5])), separators=(",", ":"))


def test_pieces_come_back_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from itertools import pairwise

    from rulesq.cachefiles import read_pieces, write_pieces

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    for pieces in ([], ["a"], ["", "é\u2019x", "{}", "\n\n", ""], ["x" * 5000, "y"]):
        file = tmp_path / "pieces.json"
        write_pieces(file, "kind", "key", pieces)
        found = read_pieces(file, "kind", "key")
        assert found is not None
        body, ends = found
        assert [body[a:b] for a, b in pairwise([0, *ends])] == pieces
    assert read_pieces(tmp_path / "missing.json", "kind", "key") is None


@pytest.mark.parametrize(
    "data",
    [
        {"\0c": "os:system"},
        {"\0c": "os:system", "f": {}},
        {"\0c": "rulesq.effects.base:Nope"},
        {"\0c": "rulesq.effects.base:ParsedText", "text": "x"},
        {"\0c": "rulesq.effects.base:ParsedText", "f": {"text": "x"}},
        {"\0e": "rulesq.spans:Span", "v": 1},
        [1, 2],
        {"other": 1},
    ],
)
def test_forms_never_written_do_not_decode(data: object) -> None:
    with pytest.raises(Undecodable):
        decode(data)
    with pytest.raises(Undecodable):
        loads(json.dumps(data))


@pytest.mark.parametrize(
    "data",
    [
        {"\0c": "rulesq.spans:Span", "start": [1], "end": 1, "line": 1, "column": 1},
        {"\0c": "rulesq.spans:Span", "start": {"x": 1}, "end": 1, "line": 1, "column": 1},
        {"\0c": "rulesq.spans:Span", "f": {"start": 1, "end": 1, "line": 1, "column": 1}},
        {"\0c": "rulesq.spans:Span", "\0t": []},
        {"\0c": "rulesq.spans:Span", "f": [], "g": 1},
        {"\0c": None, "\0t": []},
        {"\0c": ["x"], "\0t": []},
        {"\0t": [{"\0c": "rulesq.spans:Span", "start": 1, "end": 1, "line": 1}]},
        {"\0t": [[1]]},
        {"\0s": [{"a": 1}]},
        {"\0t": 1},
        {"\0t": [], "\0s": []},
        {"\0e": "rulesq.effects.base:ParsedText", "v": 1},
        {"\0e": "rulesq.effects.roles:Role", "v": [1]},
        {"\0e": "rulesq.effects.roles:Role", "v": "x", "w": 1},
        {"\0e": "rulesq.effects.roles:Role"},
        {"\0c": "rulesq.spans:Span"},
        {"a": {"\0t": []}},
    ],
)
def test_nested_forms_never_written_are_refused_alike(data: object) -> None:
    """Whatever the long way refuses (by any error), reading as the JSON is read refuses."""
    with pytest.raises((Undecodable, TypeError, ValueError)):
        decode(data)
    with pytest.raises((Undecodable, TypeError, ValueError)):
        loads(json.dumps(data))


@pytest.mark.parametrize("game", ["bluemoon", "fma", "warhammer"])
def test_reading_as_the_json_is_read_gives_what_decoding_gives(game: str) -> None:
    """Over every corpus text: equal trees, of the same types, node for node."""
    for text in _texts(game):
        stored = json.dumps(encode(_reader(game)(text)))
        fast, slow = loads(stored), decode(json.loads(stored))
        assert fast == slow and repr(fast) == repr(slow), text
        assert encode(fast) == encode(slow) == json.loads(stored)


def test_a_stored_text_is_read_with_one_call_per_json_object(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counted work: the hook once per object, and never the value-by-value decoder."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    text = max(_texts("bluemoon"), key=len)
    _cache(tmp_path).get(text)  # written
    objects = 0

    def count(value: object) -> None:
        nonlocal objects
        if isinstance(value, dict):
            objects += 1
            for inner in value.values():
                count(inner)
        elif isinstance(value, list):
            for inner in value:
                count(inner)

    count(json.loads(json.dumps(encode(read_card_text(text)))))
    calls: list[object] = []
    node = textcache._node
    monkeypatch.setattr(textcache, "_node", lambda data: calls.append(data) or node(data))
    monkeypatch.setattr(textcache, "decode", lambda data: pytest.fail("decoded value by value"))
    assert _cache(tmp_path).get(text) == read_card_text(text)
    assert len(calls) == objects > 20


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


# --- inline texts (written in a situation, not the corpus's) ---------------------------------

INLINE = "You may not play a card that is not in the corpus this turn."


def _counting(game: str, reads: list[str]) -> TextCache:
    """A game's text cache whose reader notes every inline text it reads with the grammar.

    The corpus texts' file is written first (if it is not there), its reads not noted.
    """
    from rulesq.effects.textcache import for_game

    read = _reader(game)
    package = Path(read.__code__.co_filename).parent
    for_game(game, package, read).get(_texts(game)[0])

    def noted(text: str) -> ParsedText:
        reads.append(text)
        return read(text)

    return for_game(game, package, noted)


@pytest.mark.parametrize("game", ["bluemoon", "fma", "warhammer"])
def test_an_inline_text_is_read_once_then_comes_from_disk(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    text = f"{INLINE} ({game})"
    assert text not in _texts(game)
    reads: list[str] = []
    first = _counting(game, reads).parse(text)
    assert reads == [text]
    assert first == _reader(game)(text)
    files = list(tmp_path.glob(f"inline-{game}-*.json"))
    assert len(files) == 1
    reads.clear()
    again = _counting(game, reads).parse(text)  # a new process's cache
    assert reads == []  # the grammar was not needed
    assert again == first and type(again) is type(first)
    corpus = _texts(game)[0]
    assert _counting(game, reads).parse(corpus) == _reader(game)(corpus)
    assert reads == []  # a corpus text is the corpus file's, never stored inline
    assert len(json.loads(files[0].read_text())["payload"]) == 1


def test_inline_texts_of_other_processes_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes that read the inline file before either wrote: both texts are kept."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    reads: list[str] = []
    _counting("bluemoon", reads).parse(INLINE)
    one, two = _counting("bluemoon", reads), _counting("bluemoon", reads)
    one.parse(INLINE)  # both have read the file
    two.parse(INLINE)
    one.parse(INLINE + " Draw a card.")
    two.parse(INLINE + " Draw two cards.")
    reads.clear()
    three = _counting("bluemoon", reads)
    for text in (INLINE, INLINE + " Draw a card.", INLINE + " Draw two cards."):
        three.parse(text)
    assert reads == []


@pytest.mark.parametrize(
    "damage",
    [
        lambda tree: json.dumps({"\0c": "os:system"}),
        lambda tree: tree.replace("not in the corpus", "in the corpus"),  # another text's tree
        lambda tree: tree[: len(tree) // 2],
    ],
)
def test_a_broken_inline_entry_is_read_again_and_rewritten(
    damage: Callable[[str], str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    reads: list[str] = []
    good = _counting("bluemoon", reads).parse(INLINE)
    file = next(tmp_path.glob("inline-bluemoon-*.json"))
    document = json.loads(file.read_text())
    ((digest, tree),) = document["payload"].items()
    document["payload"][digest] = damage(tree)
    file.write_text(json.dumps(document))
    reads.clear()
    assert _counting("bluemoon", reads).parse(INLINE) == good
    assert reads == [INLINE]  # read again, not decoded
    reads.clear()
    assert _counting("bluemoon", reads).parse(INLINE) == good
    assert reads == []  # the entry was rewritten


@pytest.mark.parametrize("content", ["{not json", '{"format": "rulesq-cache", "payload": []}'])
def test_a_broken_inline_file_is_rebuilt(
    content: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    reads: list[str] = []
    good = _counting("bluemoon", reads).parse(INLINE)
    file = next(tmp_path.glob("inline-bluemoon-*.json"))
    file.write_text(content)
    reads.clear()
    assert _counting("bluemoon", reads).parse(INLINE) == good
    assert reads == [INLINE]
    reads.clear()
    assert _counting("bluemoon", reads).parse(INLINE) == good
    assert reads == []


def test_inline_texts_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesq.effects import textcache

    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(textcache, "INLINE_LIMIT", 2)
    reads: list[str] = []
    cache = _counting("bluemoon", reads)
    for n in range(4):
        cache.parse(f"{INLINE} Draw {n} cards.")
    file = next(tmp_path.glob("inline-bluemoon-*.json"))
    assert len(json.loads(file.read_text())["payload"]) == 2


def test_a_check_with_an_inline_card_never_loads_the_grammar_the_second_time(
    tmp_path: Path,
) -> None:
    """Two fresh processes check a case with an inline card text: the second reads no text."""
    import os
    import subprocess
    import sys

    case = tmp_path / "inline.rq"
    case.write_text(
        "game bluemoon\n"
        'card "Bramble" support: "You may not play booster cards."\n'
        'you have active "Bramble"\nit is my turn\nphase Booster/Support\n'
        "ask can I play a booster card?\nexpect no\n"
    )
    probe = (
        "import sys\n"
        "from rulesq.engine.check import check_file\n"
        "check = check_file(sys.argv[1])\n"
        "print(check.result.name, 'rulesq.games.bluemoon.reader' in sys.modules)\n"
    )
    env = {**os.environ, "RULESQ_CACHE_DIR": str(tmp_path / "cache")}
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe, str(case)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        for _ in range(2)
    ]
    assert runs[0][0] == runs[1][0] == "AGREE"
    assert runs[0][1] == "True"  # the first process read the text with the grammar
    assert runs[1][1] == "False"  # the second did not


def test_an_empty_inline_text_comes_from_disk_without_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty text is a text like any other: its stored tree is its own, not a broken one."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path))
    reads: list[str] = []
    first = _counting("warhammer", reads).parse("")
    reads.clear()
    again = _counting("warhammer", reads).parse("")  # a new process's cache
    assert reads == []
    assert again == first
    assert "unusable cache" not in capsys.readouterr().err


def test_a_node_is_one_json_object_and_its_class_is_found_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counted: as many JSON objects as nodes, members, tuples and sets (a node's fields
    beside its class, not in an object of their own); a class named again is not looked up."""
    import dataclasses
    from enum import Enum

    text = max(_texts("bluemoon"), key=len)
    parsed = read_card_text(text)
    values = 0

    def count(value: object) -> None:
        nonlocal values
        if isinstance(value, Enum):
            values += 1
        elif dataclasses.is_dataclass(value):
            values += 1
            for f in dataclasses.fields(value):
                count(getattr(value, f.name))
        elif isinstance(value, tuple | frozenset):
            values += 1
            for inner in value:
                count(inner)

    count(parsed)
    stored = json.dumps(encode(parsed))
    calls: list[object] = []
    node = textcache._node
    monkeypatch.setattr(textcache, "_node", lambda data: calls.append(data) or node(data))
    assert loads(stored) == parsed
    assert len(calls) == values > 20
    looked_up: list[object] = []
    find = textcache._class
    monkeypatch.setattr(textcache, "_class", lambda where: looked_up.append(where) or find(where))
    assert loads(stored) == parsed
    assert looked_up == []
