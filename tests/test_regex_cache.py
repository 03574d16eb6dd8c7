"""Compiled patterns kept in the cache folder: each made from a table equals ``re.compile``'s."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesq import regexcache
from rulesq.paths import grammar_dir

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rulesq"
GAMES = ("bluemoon", "fma", "warhammer")
OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of its own; no table held from another."""
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("RULESQ_CACHE_DIR", str(folder))
    regexcache.forget()
    yield folder
    regexcache._TABLES.clear()
    regexcache._folder.cache_clear()


def _entries(folder: Path) -> dict[str, tuple[str, int, object]]:
    """Every entry of every table in ``folder``: its pattern, its flags and the entry."""
    found: dict[str, tuple[str, int, object]] = {}
    for file in folder.glob("regex-*.json"):
        document = json.loads(file.read_text(encoding="utf-8"))
        for name, entry in document["payload"].items():
            flags, _, pattern = name.partition(" ")
            found[f"{file.name} {name}"] = (pattern, int(flags), entry)
    return found


def _every_pattern_compiled(folder: Path) -> None:
    """Compile what a check compiles, and more: every lexer state, every module's patterns."""
    from rulesq.larkcache import _keep_compiled, _open_parser, compile_scanners

    for game in GAMES:
        parser = _open_parser(grammar_dir() / f"situation_{game}.lark", **OPTIONS)
        _keep_compiled(parser, f"lark-situation_{game}")
        compile_scanners([parser])
    for module in sorted(PACKAGE.glob("games/warhammer/*.py")):
        if "compiled(" not in module.read_text(encoding="utf-8"):
            continue
        # imported once per process (maybe under another cache folder): made again here
        loaded = importlib.import_module(f"rulesq.games.warhammer.{module.stem}")
        for value in vars(loaded).values():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                regexcache.compiled(value.pattern, value.flags & ~re.UNICODE)
    regexcache.flush()


def test_every_pattern_made_from_a_table_equals_re_compile(cache: Path) -> None:
    """Each entry's pattern, made from its codes, is ``re.compile``'s (``==`` compares codes).

    Every lexer state of the three situation grammars (a check meets a part of them) and the
    Warhammer modules' patterns; the tables are read back as a later process reads them.
    """
    _every_pattern_compiled(cache)
    entries = _entries(cache)
    assert len(entries) > 300, len(entries)
    assert {name.split("-", 2)[1] for name in entries} == {"lark", "modules"}
    for name, (pattern, flags, entry) in entries.items():
        made = regexcache._from_entry(pattern, entry)
        assert made is not None, name
        expected = re.compile(pattern, flags)
        assert made == expected and made.groupindex == expected.groupindex, name
        assert made.flags == expected.flags and made.groups == expected.groups, name


def test_a_later_process_makes_the_patterns_without_compiling(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once a table holds a pattern, ``compiled`` makes it from the codes (no compiler run)."""
    pattern = r"(?P<count>\d+) (?:damage|resources?)\b"
    first = regexcache.compiled(pattern, re.IGNORECASE)
    regexcache.forget()  # written, then forgotten: as a new process
    monkeypatch.setattr(regexcache, "_compile", _refused)
    again = regexcache.compiled(pattern, re.IGNORECASE)
    assert again == first == re.compile(pattern, re.IGNORECASE)
    assert again.match("3 damage") and again.match("3 damage")["count"] == "3"  # type: ignore[index]


def _refused(pattern: str, flags: int) -> object:
    raise AssertionError(f"compiled again: {pattern!r}")


def test_without_the_table_the_compiler_runs(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above can fail: a pattern no table holds is compiled (here refused)."""
    monkeypatch.setattr(regexcache, "_compile", _refused)
    with pytest.raises(AssertionError, match="compiled again"):
        regexcache.compiled(r"a pattern no table holds (\d+)")


@pytest.mark.parametrize(
    "damage",
    [
        lambda entry: [entry[0], entry[1], entry[2], "AAAA"],  # codes the engine refuses
        lambda entry: [entry[0], entry[1], entry[2], "not base64!"],
        lambda entry: [entry[0], entry[1] + 5, entry[2], entry[3]],  # groups and names disagree
        lambda entry: {"flags": entry[0]},
    ],
    ids=["refused-codes", "not-base64", "wrong-groups", "wrong-shape"],
)
def test_a_broken_entry_is_compiled_again_and_rewritten(cache: Path, damage: object) -> None:
    """An entry that does not make a pattern gives ``re.compile``'s pattern, and heals."""
    pattern = r"^Forced: After (?P<card>.+) enters play, draw (?P<n>\d+) cards?\.$"
    regexcache.compiled(pattern)
    regexcache.forget()
    [file] = cache.glob("regex-modules-*.json")
    document = json.loads(file.read_text(encoding="utf-8"))
    name = f"0 {pattern}"
    document["payload"][name] = damage(document["payload"][name])  # type: ignore[operator]
    broken = document["payload"][name]
    file.write_text(json.dumps(document), encoding="utf-8")
    made = regexcache.compiled(pattern)
    assert made == re.compile(pattern) and made.groupindex == {"card": 1, "n": 2}
    regexcache.forget()
    healed = json.loads(file.read_text(encoding="utf-8"))["payload"][name]
    assert healed != broken and regexcache._from_entry(pattern, healed) == made


def test_codes_that_make_another_pattern_are_never_kept(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A compiler whose codes do not make ``re.compile``'s pattern leaves nothing in the table."""
    parser, compiler, sre = regexcache._engine()  # type: ignore[misc]
    other = compiler._code(parser.parse(r"\bother\b", 0), 0)

    class Wrong:
        """A compiler whose codes are another pattern's (re's own is left alone)."""

        @staticmethod
        def _code(parsed: object, flags: int) -> list[int]:
            return list(other)

    monkeypatch.setattr(regexcache, "_engine", lambda: (parser, Wrong, sre))
    pattern = r"\bquest\b"
    made = regexcache.compiled(pattern)
    assert made == re.compile(pattern) and made.search("a quest")
    regexcache.forget()
    assert list(cache.glob("regex-*.json")) == []


def test_the_key_names_the_python_build(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another Python (another code format) reads a table of its own, never this one's."""
    regexcache.compiled(r"\bquest\b")
    regexcache.forget()
    monkeypatch.setattr(sys, "version", sys.version + " (another build)")
    regexcache.compiled(r"\bquest\b")
    regexcache.forget()
    assert len(list(cache.glob("regex-modules-*.json"))) == 2


def test_the_lexers_compile_through_a_table(cache: Path) -> None:
    """An opened grammar's lexer states compile their patterns through its table."""
    from rulesq.larkcache import open_parser

    open_parser.cache_clear()
    try:
        parser = open_parser(grammar_dir() / "situation_fma.lark", **OPTIONS)
        parser.parse("game fma\nask who wins the battle?\n")
    finally:
        open_parser.cache_clear()
    states = parser.parser.lexer.lexers.values()
    assert {type(state.re) for state in states} == {regexcache.RegexModule}
    regexcache.flush()
    [file] = cache.glob("regex-lark-situation_fma-*.json")
    assert json.loads(file.read_text(encoding="utf-8"))["payload"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_check_keeps_what_it_compiled(tmp_path: Path, jobs: str) -> None:
    """A command writes the patterns it compiled as it ends (workers too), for the next one."""
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    cases = ROOT / "corpus" / "warhammer" / "cases" / "damage"
    command = [sys.executable, "-m", "rulesq", "check", str(cases), "--jobs", jobs]
    environment = {**_environment(), "RULESQ_CACHE_DIR": str(folder)}
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    tables = {file.name.rsplit("-", 1)[0] for file in folder.glob("regex-*.json")}
    assert tables == {"regex-lark-situation_warhammer", "regex-modules"}


def _environment() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith("RULESQ_")}
