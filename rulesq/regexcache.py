"""Regular expressions compiled once and kept, compiled, in the cache folder for later processes.

Compiling a pattern runs ``re``'s parser and compiler, which are Python: counted, 0.33 G of
the 7.7 G instructions of a check of ``tests/cases`` (the grammars' lexer states, built as
Lark first meets them) and a fifth of a Warhammer file's first check (the patterns that read
its card texts), paid again by every process, each ``--jobs`` worker for the states it met.
What the compiler makes of a pattern is a list of codes for the matching engine (``_sre``);
:func:`compiled` keeps that list in a table of the cache folder and makes the pattern from it
as ``re`` does once it has compiled (``_sre.compile``), so a later process skips the parser
and the compiler.

A table is a JSON file (:mod:`rulesq.cachefiles`: private folder, owner checks, atomic
writes, checked reads) named for what compiles its patterns (a grammar's lexer states, the
modules' patterns), under a key of the Python build (its version, and the engine's
``MAGIC`` and code size: the codes' format), this module's code and the rulesq version. A
pattern made from a table equals the one ``re.compile`` makes (``==`` compares the codes:
an entry is kept only when they are equal, and a test compares every lexer state of the
situation grammars and every Warhammer pattern); the engine validates
the codes it is given, and an entry it refuses is compiled again and rewritten. The
patterns compiled in a process that a table lacked are written when the command ends
(:func:`flush`, also at the interpreter's exit), merged with the table as it is on disk
then. Without a cache folder, or where ``re``'s compiler is not the one this expects, a
pattern is compiled by ``re.compile``.
"""

from __future__ import annotations

import os
import re
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

_KIND = "compiled-regexes"
#: Bumped when an entry's encoding changes.
FORMAT = "1"
#: Patterns a table keeps at most (the latest used kept first).
TABLE_LIMIT = 4096
_PREFIX = "regex-"
#: The modules that make an entry (:func:`rulesq.cachefiles.code_fingerprint`).
BUILT_BY = ("regexcache.py",)
#: Flags whose compiling does more than make codes (printing them): never kept.
_NOT_KEPT = re.DEBUG


class _Table:
    """One table as this process has it: read once, written with the patterns it lacked."""

    __slots__ = ("file", "key", "entries", "new", "made")

    def __init__(self, file: Path | None, key: str, entries: dict[str, Any]) -> None:
        self.file = file
        self.key = key
        #: ``"flags pattern"`` -> its entry, as read (JSON data, checked when used).
        self.entries = entries
        #: The entries made here that the table lacked (or held unusable).
        self.new: dict[str, list[Any]] = {}
        #: The patterns made in this process, by ``"flags pattern"``.
        self.made: dict[str, re.Pattern[str]] = {}


#: (table, the settings that choose the cache folder) -> the table read in this process.
_TABLES: dict[tuple[str, tuple[str | None, ...]], _Table] = {}
_AT_EXIT: list[bool] = []


def compiled(pattern: str, flags: int = 0, table: str = "modules") -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, made from ``table``'s codes when it holds them."""
    flags = int(flags)
    name = f"{flags} {pattern}"
    get = os.environ.get
    explicit = get("RULESQ_CACHE_DIR")  # when set, the other two do not choose the folder
    settings = (explicit,) if explicit else (explicit, get("XDG_CACHE_HOME"), get("HOME"))
    held = _TABLES.get((table, settings)) or _open(table, settings)
    made = held.made.get(name)
    if made is not None:
        return made
    entry = held.entries.get(name)
    if entry is not None:
        made = _from_entry(pattern, entry)
    if made is None:
        made, entry = _compile(pattern, flags)
        if entry is not None and held.file is not None:
            held.new[name] = entry
            if not _AT_EXIT:  # a library's process writes them as it exits (a command, at its end)
                import atexit

                atexit.register(flush)
                _AT_EXIT.append(True)
    held.made[name] = made
    return made


class RegexModule:
    """What Lark asks of a regular-expression module, its patterns kept in one table."""

    error = re.error

    def __init__(self, table: str) -> None:
        self.table = table

    def compile(self, pattern: str | bytes, flags: int = 0) -> re.Pattern[Any]:
        """The pattern, from the table (a bytes pattern: compiled by ``re``)."""
        if isinstance(pattern, str):
            return compiled(pattern, flags, self.table)
        return re.compile(pattern, flags)

    def match(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        """``re.match``: Lark's test of a literal terminal against a pattern (re's own cache)."""
        return re.match(pattern, string, flags)


def _open(table: str, settings: tuple[str | None, ...]) -> _Table:
    """The table ``table`` in the cache folder, read (empty without a folder or unusable)."""
    from rulesq.cachefiles import CacheProblem, code_fingerprint, read_json
    from rulesq.digests import sha256

    engine = _engine()
    folder = _folder(*settings) if engine is not None else None
    file = None
    entries: dict[str, Any] = {}
    key = ""
    if engine is not None and folder is not None:
        sre = engine[2]
        build = f"{sys.version} {sre.MAGIC} {sre.CODESIZE} {FORMAT} {table}"
        code = code_fingerprint(BUILT_BY)  # None: this module was edited since it was imported
        key = sha256(f"{build}\0{code}".encode()).hexdigest()[:32] if code else ""
        file = folder / f"{_PREFIX}{table}-{key}.json" if code else None
        try:
            payload = read_json(file, _KIND, key) if file is not None else None
        except CacheProblem:
            payload = None
        if type(payload) is dict:
            entries = payload
    held = _TABLES[table, settings] = _Table(file, key, entries)
    return held


@cache
def _folder(*settings: str | None) -> Path | None:
    """The cache folder for these settings (checked once per process), or None."""
    from rulesq.cachefiles import private_dir

    return private_dir()


@cache
def _engine() -> tuple[Any, Any, Any] | None:
    """``re``'s parser and compiler, and ``_sre``, as this module uses them (None: other)."""
    try:
        import _sre  # type: ignore[import-not-found]
        from re import _compiler, _parser  # type: ignore[attr-defined]
    except ImportError:
        return None
    if not (hasattr(_parser, "parse") and hasattr(_compiler, "_code")):
        return None
    if not hasattr(_sre, "compile") or _sre.CODESIZE != _CODE_ITEM:
        return None
    return _parser, _compiler, _sre


#: The bytes of an array item of type ``"I"``: the engine's code size it is read as.
_CODE_ITEM = 4


def _compile(pattern: str, flags: int) -> tuple[re.Pattern[str], list[Any] | None]:
    """The pattern ``re.compile`` makes, and its entry (None: not to be kept).

    The codes are made as ``re``'s compiler makes them, and kept only when the pattern made
    from them equals ``re.compile``'s (``==`` compares the codes): a compiler that works
    otherwise leaves nothing in the table. A pattern's error is ``re.compile``'s.
    """
    expected = re.compile(pattern, flags)
    engine = _engine()
    if engine is None or flags & _NOT_KEPT:
        return expected, None
    parser, compiler, sre = engine
    try:
        parsed = parser.parse(pattern, flags)
        code = compiler._code(parsed, flags)
        state = parsed.state
        names: list[str | None] = [None] * state.groups
        for group, index in state.groupdict.items():
            names[index] = group
        all_flags = int(flags | state.flags)
        made = sre.compile(
            pattern, all_flags, code, state.groups - 1, state.groupdict, tuple(names)
        )
    except (AttributeError, TypeError, ValueError, RuntimeError, OverflowError):
        return expected, None
    if made != expected or made.groupindex != expected.groupindex:
        return expected, None
    from array import array
    from binascii import b2a_base64

    codes = b2a_base64(array("I", code).tobytes(), newline=False).decode("ascii")
    return expected, [all_flags, state.groups - 1, names, codes]


def _from_entry(pattern: str, entry: Any) -> re.Pattern[str] | None:
    """The pattern an entry makes (None: an entry not of the shape written, or refused)."""
    engine = _engine()
    if engine is None or type(entry) is not list or len(entry) != 4:
        return None
    flags, groups, names, codes = entry
    if type(flags) is not int or type(groups) is not int or type(codes) is not str:
        return None
    if type(names) is not list or len(names) != groups + 1:
        return None
    if any(n is not None and type(n) is not str for n in names):
        return None
    from array import array
    from binascii import Error, a2b_base64

    try:
        code = array("I", a2b_base64(codes)).tolist()
        index = {name: at for at, name in enumerate(names) if name is not None}
        made: re.Pattern[str] = engine[2].compile(pattern, flags, code, groups, index, tuple(names))
    except (Error, ValueError, TypeError, RuntimeError, OverflowError):
        return None  # not codes the engine takes: compiled again
    return made


def flush() -> None:
    """Write the patterns compiled in this process that the tables lacked."""
    for held in _TABLES.values():
        if held.new:
            _write(held)


def forget() -> None:
    """Write what is new, then forget the tables read (the next use reads them again)."""
    flush()
    _TABLES.clear()
    _folder.cache_clear()


def _write(held: _Table) -> None:
    """Merge the table's new entries with the table on disk now, bound it and write it."""
    from rulesq.cachefiles import CacheProblem, prune, read_json, write_json

    if held.file is None:
        return
    try:
        payload = read_json(held.file, _KIND, held.key)
    except CacheProblem:
        payload = None
    merged: dict[str, Any] = payload if type(payload) is dict else {}
    for name in held.made:  # the patterns used here last: the first kept
        if name in merged:
            merged[name] = merged.pop(name)
    merged.update(held.new)
    held.entries.update(held.new)
    held.new = {}
    table = held.file.name[len(_PREFIX) : -len(held.key) - len("-.json")]
    prune(held.file.parent, f"{_PREFIX}{table}-*.json", held.file)
    write_json(held.file, _KIND, held.key, dict(list(merged.items())[-TABLE_LIMIT:]))
