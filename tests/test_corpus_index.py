"""A corpus's clauses held as their lines by an index in the cache folder, decoded when read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import corpus_at

from rulesq import cachefiles
from rulesq.corpus.load import CLAUSE_FILES, Corpus, _read_clauses, available_games, load_corpus
from rulesq.paths import corpus_dir


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh cache folder, a process that has not warned, no corpus loaded."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(folder))
    monkeypatch.setattr(cachefiles, "_warned", [])
    load_corpus.cache_clear()
    yield folder
    load_corpus.cache_clear()


def whole(game: str) -> Corpus:
    """The corpus's clauses read the long way: every line decoded at once."""
    corpus = Corpus(game)
    folder = corpus_dir() / game
    _read_clauses(corpus, [folder / n for n in CLAUSE_FILES if (folder / n).exists()])
    return corpus


def same(held: Corpus, read: Corpus) -> None:
    """The same ids in the same order, the same clauses, aliases and look-ups."""
    assert list(held.clauses) == list(read.clauses)
    assert held._aliases == read._aliases
    for ref in [*read.clauses, *read._aliases, *(a.upper() for a in read._aliases), "nothing"]:
        assert held.find_clause(ref) == read.find_clause(ref), ref
    assert list(held.clauses.items()) == list(read.clauses.items())


@pytest.mark.parametrize("game", available_games())
def test_every_game_the_same_as_reading_every_line(cache: Path, game: str) -> None:
    """Made and written by the first load, read by the second: both are the whole reading."""
    for _ in range(2):
        load_corpus.cache_clear()
        same(load_corpus(game), whole(game))
    assert len(list(cache.glob(f"corpus-{game}-*.json"))) == 1


def test_a_clause_is_decoded_when_read_and_only_then(cache: Path) -> None:
    """Counted: a load from the index decodes no clause; a look-up decodes the one it finds."""
    load_corpus("bluemoon")
    load_corpus.cache_clear()
    corpus = load_corpus("bluemoon")
    total = len(corpus.clauses)
    assert corpus.clauses.undecoded() == total > 600
    alias = next(iter(corpus._aliases))
    assert corpus.find_clause(alias) is corpus.find_clause(alias)
    assert "nothing" not in corpus.clauses and corpus.find_clause("nothing") is None
    assert corpus.clauses.undecoded() == total - 1


def test_whether_a_clause_is_there_is_told_without_decoding_it(cache: Path) -> None:
    """``has_clause`` (what a situation's ``source`` and ``decided by`` lines ask) says what
    ``find_clause`` finds, for every id and alias, and decodes nothing."""
    load_corpus("bluemoon")
    load_corpus.cache_clear()
    corpus, read = load_corpus("bluemoon"), whole("bluemoon")
    refs = [*read.clauses, *read._aliases, *(a.upper() for a in read._aliases), "nothing", ""]
    assert [corpus.has_clause(ref) for ref in refs] == [
        read.find_clause(ref) is not None for ref in refs
    ]
    assert corpus.clauses.undecoded() == len(corpus.clauses)


def test_without_a_cache_folder_every_clause_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "file" / "cache"))
    monkeypatch.setattr(cachefiles, "_warned", [])
    load_corpus.cache_clear()
    try:
        corpus = load_corpus("bluemoon")
        assert corpus.clauses.undecoded() == 0
        same(corpus, whole("bluemoon"))
    finally:
        load_corpus.cache_clear()


def _rewrite(cache: Path, change: dict[str, object]) -> None:
    [file] = cache.glob("corpus-bluemoon-*.json")
    key = file.stem.rsplit("-", 1)[1]
    payload = json.loads(file.read_text())["payload"]
    cachefiles.write_json(file, "corpus-index", key, {**payload, **change})


def test_a_line_that_is_not_the_indexed_clause_reads_them_all(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An index of the right shape whose lines are swapped: never the wrong clause."""
    load_corpus("bluemoon")
    [file] = cache.glob("corpus-bluemoon-*.json")
    payload = json.loads(file.read_text())["payload"]
    starts, ends = payload["starts"], payload["ends"]
    _rewrite(
        cache,
        {"starts": [starts[1], starts[0], *starts[2:]], "ends": [ends[1], ends[0], *ends[2:]]},
    )
    load_corpus.cache_clear()
    corpus = load_corpus("bluemoon")
    capsys.readouterr()
    first = next(iter(corpus.clauses))
    assert corpus.clauses[first] == whole("bluemoon").clauses[first]
    assert corpus.clauses.undecoded() == 0
    assert capsys.readouterr().err.count("warning:") == 1
    same(corpus, whole("bluemoon"))


@pytest.mark.parametrize(
    "change",
    [
        {"starts": [10**6]},
        {"ends": [-1]},
        {"files": [-1]},
        {"files": [2]},
        {"ids": [3]},
        {"aliases": {"x": 1}},
        {"sizes": [1, 1]},
        {"extra": 1},
    ],
)
def test_an_index_that_does_not_fit_is_made_again(
    cache: Path, change: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    load_corpus("bluemoon")
    [file] = cache.glob("corpus-bluemoon-*.json")
    payload = json.loads(file.read_text())["payload"]
    if "extra" not in change:  # the first entry changed, the lengths kept
        change = {
            name: value if name in ("aliases", "sizes") else [*value, *payload[name][1:]]  # type: ignore[misc]
            for name, value in change.items()
        }
    _rewrite(cache, change)
    load_corpus.cache_clear()
    capsys.readouterr()
    same(load_corpus("bluemoon"), whole("bluemoon"))
    assert capsys.readouterr().err.count("warning:") == 1


def test_ids_and_aliases_given_twice_as_the_whole_reading(cache: Path, tmp_path: Path) -> None:
    """The last line of an id at the place of its first; an alias goes to the last giving it."""
    folder = tmp_path / "corpus" / "tiny"
    folder.mkdir(parents=True)
    rows = [
        {"id": "a", "game": "tiny", "document": "d", "kind": "k", "text": "1", "aliases": ["X"]},
        {"id": "b", "game": "tiny", "document": "d", "kind": "k", "text": "2", "aliases": ["x"]},
        {"id": "a", "game": "tiny", "document": "d", "kind": "k", "text": "3", "aliases": ["Y"]},
    ]
    text = "\n".join(json.dumps(row) for row in rows)
    (folder / "clauses.jsonl").write_text(text + "\n\n")
    (folder / "rules.jsonl").write_text(json.dumps({**rows[1], "id": "c", "text": "4"}) + "\n")
    (folder / "cards.jsonl").write_text("")
    with corpus_at(tmp_path / "corpus"):
        for _ in range(2):
            load_corpus.cache_clear()
            held = load_corpus("tiny")
            assert list(held.clauses) == ["a", "b", "c"]
            assert held.clause("a").text == "3" and held.clause("x").id == "c"
            same(held, whole("tiny"))


@pytest.mark.parametrize(
    "text", ["", "a", "a\n", "a\nb", "a\n\nb\n", '{"x": 1}\r\n{"y": 2}\n', "\n\n", "é\nü\n"]
)
def test_each_line_is_its_files_text_between_its_offsets(text: str) -> None:
    """The spans the index stores give back each line as cutting the text at newlines does."""
    from rulesq.corpus.clauses import line_spans

    spans = list(line_spans(text))
    assert [line for _, _, line in spans] == text.split("\n")
    assert [text[start:end] for start, end, _ in spans] == text.split("\n")


def test_a_held_line_is_read_from_its_offsets(cache: Path) -> None:
    """Every indexed clause's line is its file's text between the index's offsets."""
    from rulesq.corpus.clauses import held_lines

    load_corpus("bluemoon")
    [file] = cache.glob("corpus-bluemoon-*.json")
    payload = json.loads(file.read_text())["payload"]
    folder = corpus_dir() / "bluemoon"
    texts = [(folder / name).read_text(encoding="utf-8") for name in CLAUSE_FILES]
    lines = held_lines(payload, texts)
    assert lines is not None and len(lines) > 600
    for key, line in lines.items():
        assert json.loads(line)["id"] == key
    shifted = {**payload, "starts": [start + 1 for start in payload["starts"]]}
    assert held_lines(shifted, texts) != lines
