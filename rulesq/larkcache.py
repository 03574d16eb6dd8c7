"""Lark parsers with their tables cached as JSON in rulesq's cache folder (never pickle).

Building the LALR tables of the card-text and situation grammars takes seconds; loading
them takes a fraction of that, so they are cached. Lark's own cache option will not
do: it writes to a predictable file in the shared temporary folder and unpickles whatever it
finds there, so another local user could plant a file that runs code as the rulesq user.
``Lark.save``/``Lark.load`` are pickle too.

So rulesq builds each parser without Lark's cache and stores Lark's own serialised form
(``Lark.memo_serialize``: plain dicts, lists, tuples, strings, numbers) as JSON, under a
header whose key is the hash of every grammar file's contents, the options, this module
(which encodes the tables), and the rulesq, Lark and Python versions (``rulesq.cachefiles``:
private folder, owner checks, atomic writes).
JSON cannot run code: decoding only builds containers, which :func:`decode_object` turns into
tuples and Lark tokens, and Lark's loader then only instantiates its own grammar classes.
A cache file that is missing, foreign or corrupt, or that Lark refuses, is rebuilt.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lark import Lark

#: Tags of the JSON forms of values JSON has no form for (a tuple, a token, a dict whose
#: keys are not all strings); a NUL-prefixed key never occurs in Lark's data.
_TUPLE, _TOKEN, _PAIRS = "\0t", "\0k", "\0m"
#: The modules that build an entry (:func:`rulesq.cachefiles.code_fingerprint`): the
#: tables are Lark's (its version is in the key), encoded here.
BUILT_BY = ("larkcache.py",)


def encode(value: Any) -> Any:
    """Lark's serialised data as JSON-ready values, tuples and tokens tagged."""
    from lark import Token

    if isinstance(value, Token):
        return {_TOKEN: [value.type, str(value)]}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("\0") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {_PAIRS: [[encode(k), encode(v)] for k, v in value.items()]}
    raise TypeError(f"cannot cache a {type(value).__name__} of Lark's data")


def decode_object(value: dict[str, Any]) -> Any:
    """The inverse of :func:`encode` for one JSON object (a ``json.loads`` object hook).

    Raises ValueError on a tagged form :func:`encode` never writes.
    """
    if len(value) == 1:
        if _TUPLE in value:
            items = value[_TUPLE]
            if type(items) is not list:
                raise ValueError("expected a list")
            return tuple(items)
        if _TOKEN in value:
            kind, text = _list(value[_TOKEN])
            if not isinstance(kind, str) or not isinstance(text, str):
                raise ValueError("a token is two strings")
            return _token_class()(kind, text)
        if _PAIRS in value:
            pairs = [_list(pair) for pair in _list(value[_PAIRS])]
            if any(len(pair) != 2 or isinstance(pair[0], list | dict) for pair in pairs):
                raise ValueError("a pair is a key and a value")
            return dict(pairs)
    if "\0" in "\1".join(value):  # a tag (or a NUL) in any key: not a form encode writes
        raise ValueError("unknown tag")
    kind = value.get("__type__")
    return value if kind is None else _grammar_object(value, kind)


def _grammar_object(value: dict[str, Any], kind: Any) -> Any:
    """A rule, symbol or terminal of Lark's data built at once, as Lark's loader builds it.

    Lark would build them later, walking the data again field by field (half of its load
    time). Only the classes of :func:`_grammar_classes`, with exactly their fields and no
    part left to resolve (a memo reference, another object), are built here; any other
    object stays a dict for Lark.
    """
    built = _grammar_classes().get(kind) if type(kind) is str else None
    if built is None:
        return value
    fields = built.__serialize_fields__
    if len(value) != len(fields) + 1:
        return value
    for name in fields:
        if name not in value:
            return value
        part = value[name]
        if type(part) is dict or (type(part) is list and dict in set(map(type, part))):
            return value
    made = built.__new__(built)
    for name in fields:
        setattr(made, name, value[name])
    if hasattr(made, "_deserialize"):
        made._deserialize()
    return made


@cache
def _grammar_classes() -> dict[str, Any]:
    from lark.grammar import NonTerminal, Rule, RuleOptions, Terminal
    from lark.lexer import PatternRE, PatternStr, TerminalDef

    kinds = (Rule, RuleOptions, NonTerminal, Terminal, TerminalDef, PatternStr, PatternRE)
    return {kind.__name__: kind for kind in kinds}


@cache
def _token_class() -> type:
    from lark import Token

    return Token


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("expected a list")
    return value


#: Every parser opened in this process (see :func:`compile_scanners`).
_OPENED: list[Lark] = []


def compile_scanners(parsers: list[Lark] | None = None) -> None:
    """Build now every lexer state of ``parsers`` (every parser opened so far if None).

    Lark builds a state's regexes when it first meets the state; worker processes forked
    after this share them instead of each compiling them again.
    """
    for parser in _OPENED if parsers is None else parsers:
        lexer = getattr(parser.parser, "lexer", None)
        states = getattr(lexer, "lexers", {})
        for state in [*states.values(), getattr(lexer, "root_lexer", None)]:
            if state is not None and hasattr(state, "scanner"):
                state.scanner  # noqa: B018 - a property that builds the state's regexes


@cache
def open_parser(path: Path, **options: Any) -> Lark:
    """The LALR parser of the grammar file ``path``, its tables cached as checked JSON.

    Its lexer states' patterns are kept compiled in the cache folder too
    (:mod:`rulesq.regexcache`, a table per grammar): Lark compiles a state's patterns when it
    first meets the state, in every process.
    """
    parser = _open_parser(path, **options)
    _keep_compiled(parser, f"lark-{path.stem}")
    _OPENED.append(parser)
    return parser


def _keep_compiled(parser: Lark, table: str) -> None:
    """Make the lexers of ``parser`` compile their patterns through the table ``table``."""
    from rulesq.regexcache import RegexModule

    module = RegexModule(table)
    parser.lexer_conf.re_module = module  # type: ignore[assignment]
    lexer = getattr(parser.parser, "lexer", None)
    for state in [*getattr(lexer, "lexers", {}).values(), getattr(lexer, "root_lexer", None)]:
        if state is not None and hasattr(state, "re"):
            state.re = module


def _open_parser(path: Path, **options: Any) -> Lark:
    from lark import Lark
    from lark import __version__ as lark_version
    from lark.grammar import Rule
    from lark.lark import _LOAD_ALLOWED_OPTIONS
    from lark.lexer import TerminalDef

    from rulesq.cachefiles import (
        CacheProblem,
        content_key,
        private_dir,
        prune,
        read_json,
        unchanged,
        warn_once,
        write_json,
    )

    loading = {k: v for k, v in options.items() if k in _LOAD_ALLOWED_OPTIONS}
    folder = private_dir()
    if folder is None:
        return Lark.open(str(path), **options)
    grammars = sorted(path.parent.glob("*.lark"))
    salt = f"lark {path.name} {sorted(options.items())!r} {lark_version} {sys.version_info[:2]}"
    key = content_key([path, *grammars], salt, BUILT_BY)
    stem = f"lark-{path.stem}-"
    file = folder / f"{stem}{key}.json"
    try:
        data = read_json(file, "lark", key, object_hook=decode_object)
        if data is not None:
            if not isinstance(data, dict) or set(data) != {"data", "memo"}:
                raise CacheProblem(f"{file.name} has the wrong shape")
            parser: Lark = Lark.__new__(Lark)
            return parser._load(data, **loading)
    except CacheProblem as problem:
        warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
    except Exception as error:  # noqa: BLE001 - Lark refused the data: rebuild it
        warn_once(
            f"ignoring an unusable cache file ({file.name}: {type(error).__name__}); rebuilt it"
        )
    built = Lark.open(str(path), **options)
    if not unchanged(key, lambda: content_key([path, *grammars], salt, BUILT_BY)):
        return built  # a grammar changed while it was read: used, not kept
    data, memo = built.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
    prune(folder, f"{stem}*.json", file)
    write_json(file, "lark", key, encode({"data": data, "memo": memo}))
    return built
