"""Each disk cache is keyed on the code that builds it: another checkout's entry is rebuilt.

Two checkouts of one version with different code may share a cache folder. An entry is read
only under the key of the code that would build it (``cachefiles.code_fingerprint`` of each
cache's builder modules): a perturbed builder makes a new entry, built, not the old one read.
And each cache names every module whose code runs while it builds (traced here), so an edit
of that code can never leave an entry built by the old code in use.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import rulesq
from rulesq import cachefiles
from rulesq.corpus.load import load_corpus
from rulesq.paths import corpus_dir, grammar_dir

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(rulesq.__file__).parent
CASE = ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq"
#: The cache plumbing: it finds, checks, reads and writes entries, and builds none of them
#: (an entry another version of it wrote is foreign, and rebuilt: ``test_caches.py``). And
#: ``lazymethods.py``, which makes the dataclasses' own methods (an ``__init__`` not compiled
#: yet sets the fields as the compiled one would: ``test_lazy_methods.py`` compares them).
PLUMBING = frozenset({"cachefiles.py", "paths.py", "digests.py", "inputs.py", "lazymethods.py"})


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh cache folder, nothing held in memory from another one."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(folder))
    monkeypatch.setattr(cachefiles, "_warned", [])
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    _forget()
    yield folder
    _forget()


def _forget() -> None:
    """Forget what this process holds of the caches (as a new process would)."""
    from rulesq import regexcache
    from rulesq.games.bluemoon import parser as bluemoon
    from rulesq.games.fma import parse as fma
    from rulesq.games.warhammer import parse as warhammer
    from rulesq.larkcache import open_parser
    from rulesq.situation import itemcache, lineitems

    lineitems.forget()
    regexcache.forget()
    itemcache._code_key.cache_clear()
    itemcache._folder.cache_clear()
    open_parser.cache_clear()
    load_corpus.cache_clear()
    for module in (bluemoon, fma, warhammer):
        module._corpus_texts.cache_clear()


def _toml() -> object:
    from rulesq.tomlcache import read_toml

    return read_toml(corpus_dir() / "bluemoon" / "ladder.toml")


def _lark() -> object:
    from rulesq.larkcache import open_parser

    open_parser.cache_clear()
    options = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}
    parser = open_parser(grammar_dir() / "situation.lark", **options)
    return parser.parse('game warhammer\nask what does "Some Card" read?\n').pretty()


def _corpus() -> object:
    load_corpus.cache_clear()
    corpus = load_corpus("bluemoon")
    return [*corpus.clauses.items(), sorted(corpus._aliases.items())]


def _regexes() -> object:
    from rulesq import regexcache

    regexcache.forget()
    patterns = [r"(?P<n>\d+) (?:cards?|resources?)\b", r"^Action: (?P<what>.+)$"]
    made = [regexcache.compiled(pattern, re.IGNORECASE) for pattern in patterns]
    regexcache.flush()  # as a process ending
    return made  # patterns compare by their codes


def _search() -> object:
    from rulesq.corpus.search import search

    return [hit.clause_id for hit in search("dragon retreat", ["bluemoon"])]


def _texts(game: str) -> Callable[[], object]:
    def load() -> object:
        from importlib import import_module

        module = import_module(
            "rulesq.games.bluemoon.parser" if game == "bluemoon" else f"rulesq.games.{game}.parse"
        )
        module._corpus_texts.cache_clear()
        texts = module._corpus_texts()
        first = texts._texts()[0]
        return texts.get(first)

    return load


def _lines() -> object:
    from rulesq.situation import itemcache, lineitems, read_situation

    lineitems.forget()
    itemcache._code_key.cache_clear()
    found = read_situation(CASE)
    lineitems.forget()  # the lines read are written, as a process ending
    return found


#: Each cache: the pattern of its entries, what reads (or builds) it, and its builders.
def _kinds() -> dict[str, tuple[str, Callable[[], object], tuple[str, ...]]]:
    from rulesq import larkcache, regexcache, tomlcache
    from rulesq.corpus import clauses, search
    from rulesq.effects import textcache
    from rulesq.situation import itemcache

    def texts_of(game: str) -> tuple[str, ...]:
        package = f"games/{game}"
        folders = (PACKAGE / package, PACKAGE / "effects")
        found = tuple(p.relative_to(PACKAGE).as_posix() for f in folders for p in f.glob("*.py"))
        return (*found, *textcache.BUILT_BY)

    return {
        "toml": ("toml-bluemoon-ladder-*.json", _toml, tomlcache.BUILT_BY),
        "lark": ("lark-situation-*.json", _lark, larkcache.BUILT_BY),
        "corpus": ("corpus-bluemoon-*.json", _corpus, clauses.INDEX_BUILT_BY),
        "search": ("search-*.sqlite", _search, search.BUILT_BY),
        "texts-fma": ("texts-fma-*.json", _texts("fma"), texts_of("fma")),
        "texts-bluemoon": ("texts-bluemoon-*.json", _texts("bluemoon"), texts_of("bluemoon")),
        "texts-warhammer": (
            "texts-warhammer-*.json",
            _texts("warhammer"),
            texts_of("warhammer"),
        ),
        "lines": ("linepack-bluemoon-*.json", _lines, itemcache.BUILT_BY),
        "regexes": ("regex-modules-*.json", _regexes, regexcache.BUILT_BY),
    }


KINDS = (
    "toml",
    "lark",
    "corpus",
    "search",
    "texts-fma",
    "texts-bluemoon",
    "texts-warhammer",
    "lines",
    "regexes",
)


def test_the_kinds_are_every_cache_keyed_on_its_builders() -> None:
    """Every module that names builders (``BUILT_BY``) has its cache tried here."""
    named = sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "BUILT_BY = (" in path.read_text(encoding="utf-8")
    )
    assert named == [
        "corpus/clauses.py",
        "corpus/search.py",
        "effects/textcache.py",
        "larkcache.py",
        "regexcache.py",
        "situation/itemcache.py",
        "tomlcache.py",
    ]
    assert sorted(KINDS) == sorted(_kinds())


@pytest.mark.parametrize("kind", KINDS)
def test_a_perturbed_builder_rebuilds_the_entry(
    cache: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another checkout's code (its fingerprint perturbed) gets a new entry, built, not read."""
    pattern, load, builders = _kinds()[kind]
    expected = load()
    [first] = cache.glob(pattern)
    original = cachefiles.code_fingerprint
    perturbed: list[tuple[str, ...]] = []

    def other_code(names: tuple[str, ...]) -> str:
        if names == builders or set(names) == set(builders):
            perturbed.append(names)
            return "another checkout's " + original(names)
        return original(names)

    monkeypatch.setattr(cachefiles, "code_fingerprint", other_code)
    _forget()
    assert load() == expected
    assert perturbed, f"the {kind} cache is not keyed on its builders"
    entries = sorted(cache.glob(pattern))
    assert len(entries) == 2 and first in entries, entries
    monkeypatch.setattr(cachefiles, "code_fingerprint", original)
    _forget()
    assert load() == expected
    assert sorted(cache.glob(pattern)) == entries  # each code reads its own entry


#: Where a cache's entry is built, when ``load`` does more than build it (a situation file
#: read is built from its lines' items, and only those are kept): the functions traced.
BUILDING: dict[str, tuple[tuple[str, str], ...]] = {
    # the parser's tables are built here; its lexers then compile through the regex tables
    "lark": (("rulesq.larkcache", "_open_parser"),),
    "lines": (
        ("rulesq.situation.lineitems", "_parse"),
        ("rulesq.situation.lineitems", "_read"),
        ("rulesq.situation.itemcache", "encode_line"),
    ),
}


def _called(
    load: Callable[[], object], monkeypatch: pytest.MonkeyPatch, within: tuple[tuple[str, str], ...]
) -> set[str]:
    """The rulesq modules (paths under the package) whose functions run in ``load()``.

    With ``within``, only in those functions (module, name) and what they call.
    """
    from importlib import import_module

    root = str(PACKAGE) + "/"
    seen: set[str] = set()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        code = frame.f_code
        if event == "call" and code.co_name != "<module>" and code.co_filename.startswith(root):
            seen.add(code.co_filename[len(root) :])

    def traced(function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            outer = sys.getprofile()
            sys.setprofile(profile)
            try:
                return function(*args, **kwargs)
            finally:
                sys.setprofile(outer)

        return run

    with monkeypatch.context() as patch:
        for module, name in within:
            found = import_module(module)
            patch.setattr(found, name, traced(getattr(found, name)))
        (load if within else traced(load))()
    return seen


def _prepared(cache: Path, kind: str) -> None:
    """The other caches a kind needs are there, and held (the corpora), its own is not."""
    pattern, load, _ = _kinds()[kind]
    load()
    for entry in cache.glob(pattern):
        entry.unlink()
    _forget()
    if kind.startswith("texts-"):  # the texts are keyed by their content, not their reading
        load_corpus(kind.removeprefix("texts-"))


@pytest.mark.parametrize("kind", KINDS)
def test_every_module_that_builds_an_entry_is_in_its_key(
    cache: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The code that runs while a cache is built is all among the modules its key hashes."""
    pattern, load, builders = _kinds()[kind]
    _prepared(cache, kind)
    called = _called(load, monkeypatch, BUILDING.get(kind, ()))
    assert list(cache.glob(pattern)), "nothing was built"
    assert called & set(builders), "no builder ran: the trace saw nothing"
    assert called - PLUMBING - set(builders) == set(), (
        f"the {kind} cache is built by code its key does not hash: name it in BUILT_BY"
    )


def test_the_trace_sees_a_builder_left_out(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a builder dropped from a key is found running."""
    from rulesq.corpus import search

    _, load, builders = _kinds()["search"]
    _prepared(cache, "search")
    called = _called(load, monkeypatch, ())
    dropped = set(builders) - {"corpus/query.py"}
    assert "corpus/query.py" in called - PLUMBING - dropped
    assert "corpus/query.py" in search.BUILT_BY


def _foreign(entry: Path) -> None:
    """Another kind's entry under this one's name (valid JSON, another header)."""
    cachefiles.write_json(entry, "another-kind", "another-key", {"lines": ["x"]})


def _halved(entry: Path) -> None:
    data = entry.read_bytes()
    entry.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize("damage", [_foreign, _halved], ids=["foreign", "halved"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_broken_or_foreign_entry_is_rebuilt(
    cache: Path, kind: str, damage: Callable[[Path], None], capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry that is not what this code writes gives the same answer, and is written anew."""
    pattern, load, _ = _kinds()[kind]
    expected = load()
    [entry] = cache.glob(pattern)
    damage(entry)
    damaged = entry.read_bytes()
    _forget()
    cachefiles._warned.clear()
    assert load() == expected
    assert "Traceback" not in capsys.readouterr().err
    _forget()
    assert load() == expected
    assert [p.read_bytes() != damaged for p in cache.glob(pattern)] == [True]


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "regexes"])
def test_an_entry_built_while_its_sources_changed_is_not_kept(
    cache: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A source edited while an entry is built: the entry is used, and kept under no key.

    Every key made again gives another value (as a file edited after the first was made
    would): under the first key the entry would mix old and new files, and be served when
    the old files came back. (The regular expressions' key is their code's alone, and they
    read no file.) Once the sources stay still, the entry is written, and read from then on.
    """
    pattern, load, _ = _kinds()[kind]
    expected = load()
    _prepared(cache, kind)
    original = cachefiles.content_key
    made: set[tuple[object, ...]] = set()

    def moving(files: Any, salt: str, code: tuple[str, ...] = ()) -> str:
        listed = tuple(map(str, files))
        key = original(listed, salt, code)
        if (listed, salt, code) in made:
            return "edited since " + key
        made.add((listed, salt, code))
        return key

    monkeypatch.setattr(cachefiles, "content_key", moving)
    assert load() == expected
    _forget()  # as the process ending: what it holds is written now, if ever
    assert not list(cache.glob(pattern)), f"the {kind} entry was kept under the old key"
    monkeypatch.setattr(cachefiles, "content_key", original)
    assert load() == expected
    _forget()
    assert len(list(cache.glob(pattern))) == 1


def test_a_toml_file_edited_before_its_key_is_made_is_read_as_edited(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is read after its key is made: an edit just before the key is in both.

    Read before (as it was), the old data was kept under the edited file's key, and served
    from then on.
    """
    from rulesq.tomlcache import read_toml

    source = tmp_path / "settings.toml"
    source.write_text("value = 1\n")
    original = cachefiles.content_key

    def edited_first(files: Any, salt: str, code: tuple[str, ...] = ()) -> str:
        source.write_text("value = 2\n")
        return original(files, salt, code)

    monkeypatch.setattr(cachefiles, "content_key", edited_first)
    assert read_toml(source) == {"value": 2}
    monkeypatch.setattr(cachefiles, "content_key", original)
    assert read_toml(source) == {"value": 2}
