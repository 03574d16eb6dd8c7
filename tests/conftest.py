"""Shared test helpers: the situation files pytest checks (one test per file), fixture corpus."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from rulesq.paths import corpus_dir

# Property tests judge by what they find, never by how fast: a loaded CI machine must not fail
# them on Hypothesis's per-example deadline or its too-slow health check.
settings.register_profile("rulesq", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("rulesq")

TESTS = Path(__file__).resolve().parent
#: Copies of the shared examples (CI has no ../shared).
EXAMPLES = TESTS / "examples"
#: A small Warhammer corpus for tests that must not depend on the full one.
FIXTURE_CORPUS = TESTS / "fixtures" / "corpus"
#: Invented situations, one folder per topic (tests/cases/README.md).
INVENTED = TESTS / "cases"
#: The modules whose parametrised tests generate metamorphic variants of situations.
METAMORPHIC = (
    "test_bluemoon_metamorphic.py",
    "test_warhammer_metamorphic.py",
    "test_warhammer_damage_metamorphic.py",
)
_VARIANTS = pytest.StashKey[int]()

#: Games whose evaluator is being built: their situation files may fail (non-strict xfail)
#: while the work is in progress. Remove a game from here when its evaluator lands; never
#: weaken an ``expect`` line instead.
PENDING: dict[str, str] = {}


def case_files() -> list[tuple[str, Path]]:
    """Every situation file pytest checks, with its test id.

    ``corpus/<game>/cases/**/*.rq`` get ids ``<game>/cases/<path>``; the shared examples
    (``tests/examples/<game>/*.rq``) get ``<game>/<name>``, e.g.
    ``bluemoon/you-may-not-stops-play``.
    """
    root = corpus_dir()
    cases = [
        (p.relative_to(root).with_suffix("").as_posix(), p)
        for p in sorted(root.glob("*/cases/**/*.rq"))
    ]
    examples = [
        (p.relative_to(EXAMPLES).with_suffix("").as_posix(), p)
        for p in sorted(EXAMPLES.glob("**/*.rq"))
    ]
    return cases + examples


#: Every folder of situation files: each game's corpus cases, the invented cases, and the
#: shared examples beside the checkout.
CASE_FOLDERS = [
    TESTS.parent / "corpus" / "bluemoon" / "cases",
    TESTS.parent / "corpus" / "fma" / "cases",
    TESTS.parent / "corpus" / "warhammer" / "cases",
    INVENTED,
    TESTS.parent.parent / "shared" / "examples",
]


def every_situation_file() -> list[Path]:
    """Every situation file of :data:`CASE_FOLDERS` (a folder missing gives none), in order."""
    return [f for folder in CASE_FOLDERS if folder.is_dir() for f in sorted(folder.rglob("*.rq"))]


def checks_asking(
    monkeypatch: pytest.MonkeyPatch, asker: str, switch: str, on: bool, files: list[Path]
) -> int:
    """How often ``rulesq.engine.defaults.<asker>`` is called checking ``files``, with the
    module's ``switch`` (a sharing shortcut) set to ``on``."""
    from rulesq.engine import defaults
    from rulesq.engine.check import check_file

    real = getattr(defaults, asker)
    count = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(defaults, asker, counted)
    monkeypatch.setattr(defaults, switch, on)
    for file in files:
        check_file(file)
    monkeypatch.setattr(defaults, asker, real)
    return count[0]


def invented_cases() -> list[Path]:
    """Every invented situation file (tests/cases/<topic>/*.rq)."""
    return sorted(INVENTED.rglob("*.rq"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Count the metamorphic variants collected, to report them apart from distinct cases."""
    variants = [
        item
        for item in items
        if item.nodeid.split("::")[0].endswith(METAMORPHIC)
        and getattr(item, "callspec", None) is not None
    ]
    config.stash[_VARIANTS] = len(variants)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line: the distinct invented cases apart from the generated metamorphic variants."""
    variants = terminalreporter.config.stash.get(_VARIANTS, 0)
    terminalreporter.write_line(
        f"invented cases: {len(invented_cases())} distinct; metamorphic variants: {variants}"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize ``case_file`` with every situation file, pending games as strict xfail."""
    if "case_file" not in metafunc.fixturenames:
        return
    params = []
    for case_id, path in case_files():
        game = case_id.split("/", 1)[0]
        marks = [pytest.mark.xfail(strict=False, reason=PENDING[game])] if game in PENDING else []
        params.append(pytest.param(path, id=case_id, marks=marks))
    metafunc.parametrize("case_file", params)


def reset_corpus_caches() -> None:
    """Forget every loaded corpus (after ``RULESQ_CORPUS_DIR`` changes)."""
    from rulesq.corpus.load import load_corpus
    from rulesq.situation import forms

    load_corpus.cache_clear()  # the one holder: a game's corpus is load_corpus's
    forms.forget()  # forms, synonyms and vocabulary are read from the folder too


@contextmanager
def corpus_at(path: Path) -> Iterator[None]:
    """Point rulesq at another corpus folder for the duration of a block."""
    old = os.environ.get("RULESQ_CORPUS_DIR")
    os.environ["RULESQ_CORPUS_DIR"] = str(path)
    reset_corpus_caches()
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("RULESQ_CORPUS_DIR", None)
        else:
            os.environ["RULESQ_CORPUS_DIR"] = old
        reset_corpus_caches()


def has_corpus(game: str) -> bool:
    """Whether the real corpus of ``game`` is present."""
    return (corpus_dir() / game / "cards.jsonl").is_file()


@pytest.fixture
def whi_fixture() -> Iterator[Path]:
    """Use the small Warhammer fixture corpus (tests/fixtures/corpus)."""
    with corpus_at(FIXTURE_CORPUS):
        yield FIXTURE_CORPUS


@pytest.fixture
def whi_corpus() -> Iterator[None]:
    """Use the real Warhammer corpus when it is present, else the fixture corpus."""
    if has_corpus("warhammer"):
        yield
    else:
        with corpus_at(FIXTURE_CORPUS):
            yield


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder of its own, with a cache folder of its own."""
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir(mode=0o700)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work
