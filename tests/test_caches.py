"""The disk caches: safe to share a folder, never unpickled, rebuilt when damaged or unusable."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from time import time_ns

import pytest

from rulesq import cachefiles
from rulesq.corpus.load import load_corpus
from rulesq.paths import grammar_dir

ROOT = Path(__file__).resolve().parents[1]
BLUEMOON_CASE = ROOT / "tests" / "examples" / "bluemoon" / "you-may-not-beats-permission.rq"
FMA_CASE = ROOT / "tests" / "examples" / "fma" / "toughness.rq"
WARHAMMER_CASE = ROOT / "tests" / "examples" / "warhammer" / "errata.rq"
QUERY = "dragon retreat"
#: The smallest grammar (its tables build in a fraction of a second) and its options.
SMALL_GRAMMAR = "situation.lark"
SMALL_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


def run(args: list[str], cache: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m rulesq ARGS`` with its own cache folder (and a private temporary folder)."""
    full = {**os.environ, "RULESQ_CACHE_DIR": str(cache), "PYTHONHASHSEED": "0", **env}
    return subprocess.run(
        [sys.executable, "-m", "rulesq", *args],
        env=full,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The output of a search and of asks with a fresh cache, run one after the other."""
    cache = tmp_path_factory.mktemp("reference")
    out = {}
    for name, args in {
        "search": ["search", QUERY, "--json"],
        "ask": ["ask", str(BLUEMOON_CASE)],
        "fma": ["ask", str(FMA_CASE)],
        "warhammer": ["ask", str(WARHAMMER_CASE)],
    }.items():
        done = run(args, cache)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        out[name] = done.stdout
    assert json.loads(out["search"]), "the reference search finds nothing"
    return out


# --- concurrency ---------------------------------------------------------------------------


def test_eight_first_runs_at_once_twice_then_a_correct_search(
    tmp_path: Path, reference: dict[str, str]
) -> None:
    """8 processes start on an empty cache (twice): all succeed, nothing is left broken."""
    cache = tmp_path / "cache"
    for _ in range(2):
        shutil.rmtree(cache, ignore_errors=True)
        env = {**os.environ, "RULESQ_CACHE_DIR": str(cache), "PYTHONHASHSEED": "0"}
        jobs = [(["search", QUERY, "--json"], "search")] * 6 + [
            (["ask", str(BLUEMOON_CASE)], "ask")
        ] * 2
        running = [
            (
                subprocess.Popen(
                    [sys.executable, "-m", "rulesq", *args],
                    env=env,
                    cwd=ROOT,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                ),
                name,
            )
            for args, name in jobs
        ]
        for process, name in running:
            stdout, stderr = process.communicate(timeout=300)
            assert process.returncode == 0, stderr
            assert stderr == "", stderr
            assert stdout == reference[name]
        assert len(list(cache.glob("search-*.sqlite"))) == 1
        assert not list(cache.glob(".*.tmp")), "a temporary file was left behind"
        after = run(["search", QUERY, "--json"], cache)
        assert (after.returncode, after.stderr, after.stdout) == (0, "", reference["search"])


# --- damaged caches, in one process ----------------------------------------------------------


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh cache folder, and a process that has not warned yet."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(folder))
    monkeypatch.setattr(cachefiles, "_warned", [])
    yield folder


def _search() -> list[str]:
    from rulesq.corpus.search import search

    return [hit.clause_id for hit in search(QUERY, ["bluemoon"])]


def _faq() -> list[tuple[tuple[str, ...], object]]:
    from rulesq.games.bluemoon.judge.precedents import PrecedentIndex

    index = PrecedentIndex._cached(load_corpus("bluemoon"))
    return [(entry.clauses, entry.key) for entry in index.entries]


def _lark() -> str:
    from rulesq.larkcache import open_parser

    open_parser.cache_clear()
    parser = open_parser(grammar_dir() / SMALL_GRAMMAR, **SMALL_OPTIONS)
    return parser.parse('game warhammer\nask what does "Some Card" read?\n').pretty()


def _corpus() -> list[object]:
    load_corpus.cache_clear()
    corpus = load_corpus("bluemoon")
    return [*corpus.clauses.items(), sorted(corpus._aliases.items())]


LOADERS: dict[str, tuple[str, Callable[[], object]]] = {
    "search": ("search-*.sqlite", _search),
    "corpus": ("corpus-bluemoon-*.json", _corpus),
    "faq": ("precedents-bluemoon-*.json", _faq),
    "lark": (f"lark-{Path(SMALL_GRAMMAR).stem}-*.json", _lark),
}


def _wrong_schema(path: Path) -> None:
    """A well-formed file of the right kind and key whose contents are not what rulesq wrote."""
    path.unlink()
    if path.suffix == ".sqlite":
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE clauses (id TEXT)")
        db.execute("CREATE TABLE meta (name TEXT, value TEXT)")
        db.commit()
        db.close()
        return
    kind = "lark" if path.name.startswith("lark-") else "precedents"
    key = path.stem.rsplit("-", 1)[1]
    payload: object = (
        {"data": {}, "memo": {}} if kind == "lark" else {"files": 1, "entries": []}
    )  # every precedent dropped
    if path.name.startswith("corpus-"):  # every clause dropped
        kind = "corpus-index"
        payload = {"ids": [], "files": [], "starts": [], "ends": [], "aliases": {}, "sizes": [0, 0]}
    if path.name.startswith("precedents-"):  # texts, as the index writes them: no entry
        header = json.dumps({"files": 1, "entries": 0, "names": 0, "bits": 0})
        cachefiles.write_texts(path, kind, key, [header])
        return
    cachefiles.write_json(path, kind, key, payload)


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _garbage(path: Path) -> None:
    path.write_bytes(os.urandom(4096))


def _directory(path: Path) -> None:
    path.unlink()
    (path / "inside").mkdir(parents=True)


def _foreign(path: Path) -> None:
    os.chown(path, 54321, 54321)


def _open_to_all(path: Path) -> None:
    path.chmod(0o666)


def _symlink(path: Path) -> None:
    target = path.with_name("elsewhere")
    path.rename(target)
    path.symlink_to(target)


DAMAGES: dict[str, Callable[[Path], None]] = {
    "truncated": _truncate,
    "garbage": _garbage,
    "wrong-schema": _wrong_schema,
    "directory": _directory,
    "foreign": _foreign,
    "writable-by-others": _open_to_all,
    "symlink": _symlink,
}


@pytest.fixture
def pinned_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each cache's key computed once for the test, from the tree as it was then.

    A key hashes the live tree (the corpus, the grammars, rulesq's code): an edit while the
    test runs (a merge, an editor, another checkout's work) gives a later load another
    key, and the entry the test damaged is never read again: no warning, a failure that
    says nothing about damage. (An entry built while its sources changed is kept under no
    key: ``test_an_index_built_while_its_sources_changed_is_not_kept``.)
    """
    real = cachefiles.content_key
    keys: dict[tuple[str, tuple[str, ...], tuple[str, ...]], str] = {}

    def pinned(files: Iterable[Path | str], salt: str, code: tuple[str, ...] = ()) -> str:
        listed = [str(file) for file in files]
        held = (salt, tuple(listed), code)
        if held not in keys:
            keys[held] = real(listed, salt, code)
        return keys[held]

    monkeypatch.setattr(cachefiles, "content_key", pinned)


@pytest.mark.parametrize("damage", list(DAMAGES))
@pytest.mark.parametrize("kind", list(LOADERS))
@pytest.mark.usefixtures("pinned_keys")
def test_a_damaged_cache_is_rebuilt_with_one_warning(
    cache: Path, kind: str, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each damaged cache file gives the right answer, one warning, and then heals."""
    if damage == "foreign" and os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    pattern, load = LOADERS[kind]
    expected = load()
    [path] = cache.glob(pattern)
    capsys.readouterr()
    DAMAGES[damage](path)
    cachefiles._warned.clear()
    assert load() == expected
    err = capsys.readouterr().err
    assert (
        err.startswith("warning: ") and err.count("warning:") == 1 and len(err.splitlines()) == 1
    ), err
    cachefiles._warned.clear()
    assert load() == expected
    again = capsys.readouterr().err
    if damage == "directory":  # cannot be replaced: built in memory each time, with a warning
        assert again.count("warning:") == 1
    else:
        assert again == "", "the cache was not rewritten"


def test_an_index_built_while_its_sources_changed_is_not_kept(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A source edited while the FAQ cases are answered: the index is used, never kept.

    Kept under the key of the sources as they were before, it would hold answers read from
    the new ones, and be served when the old ones came back (a checkout back and forth).
    Written once the sources stay still, and read from then on.
    """
    from rulesq.games.bluemoon.judge import precedents

    source = tmp_path / "source.txt"
    source.write_text("before")
    listed = precedents._derived_from
    monkeypatch.setattr(precedents, "_derived_from", lambda game: [*listed(game), str(source)])
    built = []
    build = precedents.PrecedentIndex.build.__func__  # type: ignore[attr-defined]

    def edited_meanwhile(cls: type, corpus: object) -> object:
        built.append(source.read_text())
        if len(built) == 1:
            source.write_text("after")  # while the cases are answered
        return build(cls, corpus)

    monkeypatch.setattr(precedents.PrecedentIndex, "build", classmethod(edited_meanwhile))
    first = _faq()
    assert not list(cache.glob("precedents-bluemoon-*.json")), "kept under the old key"
    assert _faq() == first and built == ["before", "after"]  # built again, then kept
    assert len(list(cache.glob("precedents-bluemoon-*.json"))) == 1
    assert _faq() == first and len(built) == 2  # read, not built
    source.write_text("before")
    assert _faq() == first and len(built) == 3  # the old sources' key: nothing kept for it


@pytest.mark.usefixtures("pinned_keys")
def test_a_tree_edited_during_a_damage_test_still_reads_the_entry_damaged(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The flake of ``[faq-truncated]`` under load, made to happen: a source edited between
    the damage and the next load. With the keys pinned, that load reads the damaged entry
    (one warning); with a key of the tree as it is now, it would build a new one in silence.
    """
    from rulesq.games.bluemoon.judge import precedents

    source = tmp_path / "source.txt"
    source.write_text("before")
    listed = precedents._derived_from
    monkeypatch.setattr(precedents, "_derived_from", lambda game: [*listed(game), str(source)])
    expected = _faq()
    [path] = cache.glob("precedents-bluemoon-*.json")
    _truncate(path)
    source.write_text("after")  # a merge, an editor: the live tree moves on
    capsys.readouterr()
    cachefiles._warned.clear()
    assert _faq() == expected
    assert capsys.readouterr().err.count("warning:") == 1


def test_the_cache_folder_is_private(cache: Path) -> None:
    """The folder is created with mode 0700 and its files with mode 0600."""
    _search()
    assert cache.stat().st_mode & 0o777 == 0o700
    assert {p.stat().st_mode & 0o777 for p in cache.iterdir()} == {0o600}


def test_the_key_is_the_content_not_the_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of the same length with the old modification time changes the key."""
    from rulesq.corpus.search import corpus_fingerprint

    folder = tmp_path / "corpus" / "bluemoon"
    folder.mkdir(parents=True)
    clauses = folder / "clauses.jsonl"
    clauses.write_text('{"text": "one"}\n')
    monkeypatch.setenv("RULESQ_CORPUS_DIR", str(tmp_path / "corpus"))
    before = corpus_fingerprint(["bluemoon"])
    stamp = clauses.stat()
    clauses.write_text('{"text": "two"}\n')
    os.utime(clauses, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert corpus_fingerprint(["bluemoon"]) != before


def _hashed_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """A source file and its key, its hash remembered at once (no settling time)."""
    monkeypatch.setattr(cachefiles, "_SETTLE", -1)
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    source = tmp_path / "grammar.lark"
    source.write_text("one")
    return source, cachefiles.content_key([source], "test")


def test_a_remembered_hash_never_hides_an_edit(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unchanged file is not read again; an edit of the same size, old mtime, is seen."""
    source, first = _hashed_at_once(tmp_path, monkeypatch)
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)  # a new process: from the file

    def refuse(path: Path) -> bytes:
        raise AssertionError(f"read again: {path}")

    with monkeypatch.context() as inner:
        inner.setattr(Path, "read_bytes", refuse)
        assert cachefiles.content_key([source], "test") == first
    stamp = source.stat()
    source.write_text("two")
    os.utime(source, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert cachefiles.content_key([source], "test") != first
    source.write_text("one")
    assert cachefiles.content_key([source], "test") == first  # a key of contents


def test_a_key_is_remembered_with_the_status_of_every_file_it_hashed(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key whose files all keep the status they had is the key remembered, no file's hash
    looked up (the precedent index's key hashes hundreds); a file edited (same size, its
    old modification time), added to the list or gone makes it file by file again."""
    monkeypatch.setattr(cachefiles, "_SETTLE", -1)
    monkeypatch.setattr(cachefiles, "STARTED_NS", time_ns() + 10**12)  # the files are older
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    sources = [tmp_path / f"source{n}.txt" for n in range(3)]
    for source in sources:
        source.write_text(source.name)
    first = cachefiles.content_key(sources, "test")
    looked_up: list[str] = []
    real = cachefiles.FileHashes.of

    def noted(self: cachefiles.FileHashes, name: str) -> str:
        looked_up.append(name)
        return real(self, name)

    monkeypatch.setattr(cachefiles.FileHashes, "of", noted)
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)  # a new process: from the file
    assert cachefiles.content_key(sources, "test") == first and looked_up == []
    assert cachefiles.content_key(sources[:2], "test") != first  # another list, hashed
    assert looked_up == [str(s) for s in sources[:2]]
    stamp = sources[1].stat()
    sources[1].write_text("source9.txt")
    os.utime(sources[1], ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    looked_up.clear()
    edited = cachefiles.content_key(sources, "test")
    assert edited != first and looked_up == [str(s) for s in sources]
    sources[1].write_text(sources[1].name)
    assert cachefiles.content_key(sources, "test") == first  # a key of contents
    sources[2].unlink()
    assert cachefiles.content_key(sources, "test") != first
    # A file changed after the process started is looked up on its own, never remembered.
    sources[2].write_text(sources[2].name)
    monkeypatch.setattr(cachefiles, "STARTED_NS", 0)
    looked_up.clear()
    assert cachefiles.content_key(sources, "test") == first and looked_up != []


def test_a_module_edited_after_it_was_imported_keys_nothing_kept(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The code in memory is the module as imported; the key hashes the file as it is now.

    A module edited between its import and a key's making (an editor, a checkout, a merge
    under a long check) gave the new code's key to what the old code built, served from then
    on to the new code. Now such a key is no entry's: what is built is used, never kept. A
    file not imported, or a module unchanged since the process started, keys as before.
    """
    module = tmp_path / "rulesq_test_edited_module.py"
    module.write_text("VALUE = 1\n")
    plain = tmp_path / "not_imported.py"
    plain.write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, module.stem, raising=False)
    __import__(module.stem)
    module.write_text("VALUE = 2\n")  # edited after the import
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    first = cachefiles.content_key([module], "test")
    assert first != cachefiles.content_key([module], "test")  # no key is made twice
    assert not cachefiles.unchanged(first, lambda: cachefiles.content_key([module], "test"))
    assert cachefiles.content_key([plain], "test") == cachefiles.content_key([plain], "test")
    old = str(Path(cachefiles.__file__).with_name("spans.py"))  # imported, not edited since
    assert cachefiles.content_key([old], "test") == cachefiles.content_key([old], "test")
    assert cachefiles.code_fingerprint(("spans.py",)) is not None
    # Every module taken as edited since the process started: the TOML copy is not kept.
    monkeypatch.setattr(cachefiles, "STARTED_NS", 0)
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    assert cachefiles.code_fingerprint(("spans.py",)) is None
    from rulesq.tomlcache import read_toml

    data = tmp_path / "data.toml"
    data.write_text('a = "b"\n')
    assert read_toml(data) == {"a": "b"}
    assert not list(cache.glob("toml-*.json"))
    monkeypatch.setattr(cachefiles, "STARTED_NS", time_ns())
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    assert read_toml(data) == {"a": "b"}
    assert len(list(cache.glob("toml-*.json"))) == 1  # kept once the code is the file's


def test_the_remembered_hashes_are_bounded_the_least_recently_used_going_first(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the bound, the files the process did not look up go, the oldest first.

    The table held every file any key ever hashed, up to 50,000, read whole by every
    command; then it started over, empty.
    """
    monkeypatch.setattr(cachefiles, "_HASHES_MAX", 3)
    monkeypatch.setattr(cachefiles, "_SETTLE", -1)
    files = []
    for name in "abcdef":
        files.append(tmp_path / name)
        files[-1].write_text(name)
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    cachefiles.content_key(files[:5], "test")  # a to e: the last three are kept
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    assert set(cachefiles.FileHashes.get().known) == {str(f) for f in files[2:5]}
    cachefiles.content_key([files[2], files[5]], "test")  # c looked up, f new: d goes
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    assert set(cachefiles.FileHashes.get().known) == {str(files[i]) for i in (2, 4, 5)}


def test_each_checkout_remembers_its_own_hashes(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One table a checkout (its package folder): another's paths are no use to it; a folder
    keeps the tables of the checkouts used last (:data:`KEEP_PER_KIND`)."""
    monkeypatch.setattr(cachefiles, "_SETTLE", -1)
    source = tmp_path / "source.txt"
    source.write_text("one")
    for number in range(cachefiles.KEEP_PER_KIND + 2):
        checkout = tmp_path / f"checkout{number}" / "rulesq" / "cachefiles.py"
        monkeypatch.setattr(cachefiles, "__file__", str(checkout))
        monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
        assert not cachefiles.FileHashes.get().known  # not another checkout's
        cachefiles.content_key([source], "test")
        tables = sorted(cache.glob("file-hashes-*.json"), key=lambda p: p.stat().st_mtime)
        now = time_ns() / 1e9
        for age, table in enumerate(reversed(tables)):  # each older than the one after it
            os.utime(table, (now - 60 * age, now - 60 * age))
    assert len(list(cache.glob("file-hashes-*.json"))) == cachefiles.KEEP_PER_KIND
    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    assert set(cachefiles.FileHashes.get().known) == {str(source)}  # the last one's, kept


# --- entries of other checkouts and versions --------------------------------------------------


def _entries(folder: Path, count: int, kind: str = "precedents-bluemoon") -> list[Path]:
    """``count`` entries of one kind, used one second apart (the last is the newest)."""
    paths = []
    for number in range(count):
        path = folder / f"{kind}-{number:024x}.json"
        path.write_text("{}")
        os.utime(path, (1_000_000 + number, 1_000_000 + number))
        paths.append(path)
    return paths


def test_a_sibling_checkouts_entry_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two checkouts (two keys) writing in turn leave both entries: neither rebuilds."""
    monkeypatch.setattr(cachefiles.time, "time", lambda: 1_000_100.0)
    mine, theirs = _entries(tmp_path, 2)
    cachefiles.prune(tmp_path, "precedents-bluemoon-*", mine)
    cachefiles.prune(tmp_path, "precedents-bluemoon-*", theirs)
    assert mine.exists() and theirs.exists()


def test_entries_beyond_the_bound_go_least_recently_used_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cachefiles.time, "time", lambda: 1_000_100.0)
    paths = _entries(tmp_path, cachefiles.KEEP_PER_KIND + 3)
    other_kind = _entries(tmp_path, 1, "lark-situation")
    keep = paths[0]  # the oldest, being written now
    cachefiles.prune(tmp_path, "precedents-bluemoon-*", keep)
    left = sorted(tmp_path.glob("precedents-bluemoon-*"))
    assert len(left) == cachefiles.KEEP_PER_KIND
    assert keep in left and paths[-1] in left and paths[1] not in left
    assert other_kind[0].exists()


def test_an_entry_unused_for_long_goes_and_a_read_marks_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, used, current = _entries(tmp_path, 3)
    now = 1_000_000 + cachefiles.UNUSED + 10.0
    monkeypatch.setattr(cachefiles.time, "time", lambda: now)
    cachefiles.mark_used(used)
    assert used.stat().st_mtime == now
    cachefiles.prune(tmp_path, "precedents-bluemoon-*", current)
    assert not old.exists() and used.exists() and current.exists()


# --- unusable cache folders, end to end ------------------------------------------------------


def _unusable(tmp_path: Path) -> dict[str, dict[str, str]]:
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    return {
        "cache dir is a file": {"RULESQ_CACHE_DIR": str(a_file)},
        "cache dir under a file": {"RULESQ_CACHE_DIR": str(a_file / "rulesq")},
        "XDG_CACHE_HOME is a file": {"RULESQ_CACHE_DIR": "", "XDG_CACHE_HOME": str(a_file)},
        "HOME is a file": {"RULESQ_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": str(a_file)},
    }


@pytest.mark.parametrize(
    "case",
    ["cache dir is a file", "cache dir under a file", "XDG_CACHE_HOME is a file", "HOME is a file"],
)
def test_an_unusable_cache_folder_costs_only_time(
    tmp_path: Path, case: str, reference: dict[str, str]
) -> None:
    """search and a Blue Moon ask answer as usual, with one warning and no traceback."""
    env = _unusable(tmp_path)[case]
    for name, args in (
        ("search", ["search", QUERY, "--json"]),
        ("ask", ["ask", str(BLUEMOON_CASE)]),
        ("fma", ["ask", str(FMA_CASE)]),
        ("warhammer", ["ask", str(WARHAMMER_CASE)]),
    ):
        done = run(args, tmp_path / "unused", **env)
        assert done.returncode == 0, done.stderr
        assert done.stdout == reference[name]
        assert done.stderr.startswith("warning: cannot use the cache folder"), done.stderr
        assert len(done.stderr.splitlines()) == 1, done.stderr
        # a file where the folder should be is named so, not "File exists"/"Not a directory"
        assert "a file is" in done.stderr and "not a folder" in done.stderr, done.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write to a read-only folder")
def test_a_read_only_cache_folder_costs_only_time(
    tmp_path: Path, reference: dict[str, str]
) -> None:
    """A read-only cache folder (or a read-only HOME) is used for nothing, with one warning."""
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o500)
    try:
        done = run(
            ["search", QUERY, "--json"],
            tmp_path / "unused",
            RULESQ_CACHE_DIR="",
            XDG_CACHE_HOME="",
            HOME=str(home),
        )
    finally:
        home.chmod(0o700)
    assert (done.returncode, done.stdout) == (0, reference["search"])
    assert len(done.stderr.splitlines()) == 1 and "warning" in done.stderr


# --- no pickle, ever -------------------------------------------------------------------------


class _Marker:
    """Unpickling this creates the marker file: proof that something was unpickled."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.path), "w"))


#: The options the grammars were once built with through Lark's own cache.
_OLD_LARK_OPTIONS = (
    [
        (
            name,
            {
                "parser": "lalr",
                "lexer": "contextual",
                "cache": True,
                "propagate_positions": True,
                "start": "start",
            },
        )
        for name in ("bluemoon",)
    ]
    + [
        (
            name,
            {
                "parser": "lalr",
                "cache": True,
                "propagate_positions": True,
                "maybe_placeholders": False,
            },
        )
        for name in ("situation", "situation_bluemoon", "situation_fma", "situation_warhammer")
    ]
    + [("fma", {"parser": "lalr", "cache": True, "propagate_positions": True})]
)


def _lark_temp_name(grammar: str, options: dict[str, object]) -> str:
    """The file Lark's ``cache=True`` reads in the temporary folder for this grammar."""
    import getpass

    from lark import __version__
    from lark.load_grammar import sha256_digest

    unhashable = ("transformer", "postlex", "lexer_callbacks", "edit_terminals", "_plugins")
    text = (grammar_dir() / f"{grammar}.lark").read_text(encoding="utf-8")
    options_str = "".join(k + str(v) for k, v in options.items() if k not in unhashable)
    digest = sha256_digest(text + options_str + __version__ + str(sys.version_info[:2]))
    major, minor = sys.version_info[:2]
    return f".lark_cache_{getpass.getuser()}_{digest}_{major}_{minor}.tmp"


def test_the_lark_names_are_where_lark_would_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The planted-pickle test below plants at the right names: Lark's cache uses them."""
    import tempfile

    from lark import Lark

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    name, options = _OLD_LARK_OPTIONS[1]
    Lark.open(str(grammar_dir() / f"{name}.lark"), **options)  # type: ignore[arg-type]
    assert [p.name for p in tmp_path.iterdir()] == [_lark_temp_name(name, options)]


def test_a_planted_pickle_is_never_loaded(tmp_path: Path, reference: dict[str, str]) -> None:
    """Pickles at every cache path rulesq reads (or once read) never run."""
    cache, temporary = tmp_path / "cache", tmp_path / "tmp"
    temporary.mkdir()
    marker = tmp_path / "MARKER"
    jobs = {
        "search": ["search", QUERY, "--json"],
        "ask": ["ask", str(BLUEMOON_CASE)],
        "fma": ["ask", str(FMA_CASE)],
        "warhammer": ["ask", str(WARHAMMER_CASE)],
    }
    for args in jobs.values():  # fill the cache, to learn every file name it uses
        assert run(args, cache, TMPDIR=str(temporary)).returncode == 0
    assert not list(temporary.iterdir()), "something was cached in the temporary folder"
    planted = pickle.dumps(_Marker(marker))
    targets = [p for p in cache.iterdir() if p.is_file()]
    targets += [cache / f"{p.stem}.pickle" for p in cache.glob("precedents-*.json")]
    targets += [temporary / _lark_temp_name(name, options) for name, options in _OLD_LARK_OPTIONS]
    for target in targets:
        target.write_bytes(planted)
    for name, args in jobs.items():
        done = run(args, cache, TMPDIR=str(temporary))
        assert not marker.exists(), f"{name} unpickled a planted file"
        assert (done.returncode, done.stdout) == (0, reference[name]), done.stderr
        assert "Traceback" not in done.stderr


def test_no_code_can_unpickle_or_use_lark_cache() -> None:
    """No module of rulesq imports pickle (or marshal, shelve) or asks Lark for its cache."""
    offenders = []
    for module in (ROOT / "rulesq").rglob("*.py"):
        text = module.read_text(encoding="utf-8")
        for needle in (
            "import pickle",
            "import marshal",
            "import shelve",
            "cache=True",
            "Lark.load(",
            "dill",
        ):
            if needle in text:
                offenders.append(f"{module.relative_to(ROOT)}: {needle}")
    assert offenders == []


def test_lark_tables_round_trip_through_json() -> None:
    """The JSON form of Lark's data decodes to the data (tuples, tokens, int keys, its objects)."""
    from lark import Lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    from lark.utils import _serialize

    from rulesq.larkcache import decode_object, encode

    built = Lark.open(str(grammar_dir() / SMALL_GRAMMAR), **SMALL_OPTIONS)  # type: ignore[arg-type]
    data, memo = built.memo_serialize([TerminalDef, Rule])
    original = {"data": data, "memo": memo}
    again = json.loads(json.dumps(encode(original)), object_hook=decode_object)

    def same(a: object, b: object) -> bool:
        if type(a) is not type(b):
            return False
        if isinstance(a, dict) and isinstance(b, dict):
            return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        if isinstance(a, list | tuple) and isinstance(b, list | tuple):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
        return a == b

    # Rules, symbols and terminals come back built (as Lark's loader builds them): each
    # serialises to exactly its original data.
    assert any(isinstance(v, Rule) for v in again["memo"].values())
    assert same(_serialize(again, None), original)
    with pytest.raises(ValueError):
        json.loads('{"\\u0000x": 1}', object_hook=decode_object)


# --- a relative cache folder ---------------------------------------------------------------


def test_a_relative_cache_folder_is_refused_with_a_warning(
    tmp_path: Path, reference: dict[str, str]
) -> None:
    """RULESQ_CACHE_DIR=.cache would make a folder wherever rulesq runs: it is not used.

    The answer is the same, one warning says why and what to give, and no folder is made in
    the folder the command runs from.
    """
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "RULESQ_CACHE_DIR": ".cache", "PYTHONHASHSEED": "0"}
    for name, args in (
        ("ask", ["ask", str(BLUEMOON_CASE)]),
        ("search", ["search", QUERY, "--json"]),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "rulesq", *args],
            env=env,
            cwd=work,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0 and done.stdout == reference[name], done.stderr
        [warning] = done.stderr.splitlines()
        assert warning.startswith("warning: cannot use the cache folder (.cache: ")
        assert "RULESQ_CACHE_DIR is a relative path" in warning and "absolute" in warning
    assert list(work.iterdir()) == []


def test_the_cache_folder_is_absolute_or_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative RULESQ_CACHE_DIR raises; ``~`` is the home folder; a relative
    XDG_CACHE_HOME is ignored (the XDG base directory specification)."""
    from rulesq.paths import RELATIVE_CACHE_DIR, cache_dir

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("RULESQ_CACHE_DIR", "cache")
    with pytest.raises(OSError, match="RULESQ_CACHE_DIR is a relative path") as raised:
        cache_dir()
    assert raised.value.strerror == RELATIVE_CACHE_DIR and raised.value.filename == "cache"
    monkeypatch.setenv("RULESQ_CACHE_DIR", "~/cache")
    assert cache_dir() == tmp_path / "home" / "cache"
    monkeypatch.setenv("RULESQ_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", "xdg")
    assert cache_dir() == tmp_path / "home" / ".cache" / "rulesq"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home"]


def test_remembered_hashes_are_texts_compared_as_text(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table is read with one cut (no JSON but its header); a damaged entry is read again."""
    source, first = _hashed_at_once(tmp_path, monkeypatch)
    [table] = cache.glob("file-hashes-*.json")
    head, _, body = table.read_bytes().partition(b"\n")
    assert json.loads(head)["count"] == 2 and body.startswith(str(source).encode() + b"\0")
    decoded: list[int] = []
    real = json.loads

    def loads(text: str | bytes, *args: object, **kwargs: object) -> object:
        decoded.append(len(text))
        return real(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
    with monkeypatch.context() as inner:
        inner.setattr(json, "loads", loads)
        assert cachefiles.FileHashes.get().known
    assert decoded == [len(head)]
    read: list[Path] = []
    real_read = Path.read_bytes

    def reading(path: Path) -> bytes:
        read.append(path)
        return real_read(path)

    for damaged in (body[:-1] + b"x", body[:-2], body.replace(b" ", b"  ", 1)):
        table.write_bytes(head + b"\n" + damaged)
        monkeypatch.setattr(cachefiles.FileHashes, "_held", None)
        read.clear()
        with monkeypatch.context() as inner:
            inner.setattr(Path, "read_bytes", reading)
            assert cachefiles.content_key([source], "test") == first
        assert source in read  # not taken from a damaged entry
