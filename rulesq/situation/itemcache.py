"""Situation lines' items kept on disk, one pack a game, so that a line read again is not parsed.

``rulesq check`` reads the same case files run after run. A process reads each distinct line
once (:mod:`rulesq.situation.lineitems`); the items of every line a file brings are kept in
rulesq's cache folder (:mod:`rulesq.cachefiles`: private folder, atomic writes, checked
reads, texts only: each line's text, then its items' JSON text), in one pack a game, under
a hash of the game, the grammar files, the code that parses and reads lines
(:data:`BUILT_BY`: this package's parser, lines, lineitems, build, model and this module,
the spans, the name normaliser, the parser tables' loader and the helpers they call), the
game's words a line is checked against, the limits, lark's ``__init__`` (its version; read
without importing lark) and the rulesq version. A process reads the pack once, when a file
first brings a line it has not read, and decodes only the lines it meets.
Only files read from disk use it, with the lines stated to ask a question again with a turn,
a phase or an icon (``Situation.remembered``); a text given otherwise (standard input, the
rulings' made-up situations) is read as usual.

A line's items (:class:`rulesq.situation.build.LineItem`, as read from the line alone, at
offset 0) are stored as a JSON text. A pack whose texts do not pair up is read as empty; a
line whose text does not decode to items of the shapes written is parsed again, and
rewritten. The lines read in a process that the pack lacks are written when the command
ends (:func:`flush`, which a process that uses rulesq as a library calls as it exits; also
every :data:`FLUSH_EVERY` lines), merged with the pack as it is on
disk then (another process may have written it); the lines the process met go last, and the
first go when the pack holds more than :data:`PACK_LINES` lines or :data:`PACK_CHARACTERS`
characters.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from rulesq.digests import sha256
from rulesq.situation.build import LineItem
from rulesq.situation.model import CardRef, Expectation, Fact, Question, Statement
from rulesq.spans import Span

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

T = TypeVar("T")

#: Bumped when the encoding changes.
FORMAT = "3"
#: Lines a pack keeps at most, and their characters (texts and items) at most.
PACK_LINES = 8192
PACK_CHARACTERS = 2_000_000
#: A process writes the lines it read once it has this many new ones (and at its end).
FLUSH_EVERY = 512
#: Entries of earlier versions (one per file: its lines, or its parse tree): bounded.
KEEP = 4096
_PREFIX = "linepack-"
_FORMER = ("lines-", "tree-")
_KIND = "situation-line-pack"
#: The modules that read a line into its items (:func:`rulesq.cachefiles.code_fingerprint`;
#: ``tests/test_cache_builders.py`` checks that reading calls no other).
BUILT_BY = (
    "situation/parser.py",
    "situation/lines.py",
    "situation/lineitems.py",
    "situation/build.py",
    "situation/model.py",
    "situation/itemcache.py",
    "larkcache.py",
    "spans.py",
    "corpus/load.py",
    "errors.py",
    "games/__init__.py",
    "inputs.py",
    "lazymethods.py",
)


class Broken(ValueError):
    """A stored line that is not one :func:`encode_line` writes."""


@cache
def _code_key(game: str) -> str:
    """The key of what a line's items depend on besides its text: grammars, code, words."""
    from rulesq.cachefiles import content_key, package_init
    from rulesq.games import get_game
    from rulesq.inputs import MAX_CARD_TEXT, MAX_NAME
    from rulesq.paths import grammar_dir
    from rulesq.situation.build import MAX_NUMBER

    lark = package_init("lark")  # its version, without importing it
    found = get_game(game)
    words = (
        found.card_types,
        found.value_names,
        found.flag_names,
        found.answer_words,
        found.flag_phrases(),
    )
    return content_key(
        [*sorted(grammar_dir().glob("situation*.lark")), grammar_dir() / "common.lark"]
        + ([lark] if lark is not None else []),
        f"{_KIND} {FORMAT} {lark is not None} {game} {words!r} "
        f"{MAX_CARD_TEXT} {MAX_NAME} {MAX_NUMBER}",
        BUILT_BY,
    )


def _pack_key(game: str, code_key: str) -> str:
    """The key of a game's pack, from the key of what its lines' items depend on."""
    return sha256(f"{code_key}\0{game}".encode()).hexdigest()[:32]


@cache
def _folder(*settings: str | None) -> Path | None:
    """The cache folder for these settings (checked once per process), or None."""
    from rulesq.cachefiles import private_dir

    return private_dir()


@dataclass
class _Pack:
    """A game's pack as this process has it: read once, written with the lines it lacked."""

    game: str
    file: Path
    key: str
    #: line -> its items' JSON text, as read (the least recently used first).
    lines: dict[str, Any]
    #: The lines met here that the pack gave, and those read here that it lacked.
    met: dict[str, None] = field(default_factory=dict)
    new: dict[str, str] = field(default_factory=dict)

    def lookup(self, line: str) -> tuple[LineItem, ...] | None:
        """The items of ``line`` kept here; None when not kept or not usable."""
        data = self.lines.get(line)
        if data is None:
            return None
        try:
            if type(data) is not str:
                raise Broken("a line's items are a JSON text")
            value, end = _scan(data, 0)  # json.loads of a text written without spaces
            if end != len(data):
                raise Broken("more than one JSON value")
            items = decode_line(value)
        except (Broken, ValueError, RecursionError, StopIteration):  # parsed again, rewritten
            return None
        self.met[line] = None
        return items

    def keep(self, line: str, items: tuple[LineItem, ...]) -> None:
        """Keep the items of a line the pack lacked (written by :func:`flush`)."""
        self.new[line] = json.dumps(encode_line(items), ensure_ascii=False, separators=(",", ":"))
        if len(self.new) >= FLUSH_EVERY:
            _write(self)


#: One JSON value at the start of a text (``json.loads`` less its checks of spaces around).
_scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
#: (game, cache folder) -> the pack read in this process.
_PACKS: dict[tuple[str, Path], _Pack] = {}
_AT_EXIT: list[bool] = []
#: (game, the settings that choose the folder) -> its pack in ``_PACKS`` (found once).
_CHOSEN: dict[tuple[str, tuple[str | None, ...]], _Pack] = {}


def pack(game: str) -> _Pack | None:
    """The pack of ``game`` in the cache folder (read the first time); None without a folder."""
    get = os.environ.get
    explicit = get("RULESQ_CACHE_DIR")  # when set, the other two do not choose the folder
    settings = (explicit,) if explicit else (explicit, get("XDG_CACHE_HOME"), get("HOME"))
    found = _CHOSEN.get((game, settings))
    if found is not None:
        return found
    folder = _folder(*settings)
    if folder is None:
        return None
    found = _PACKS.get((game, folder))
    if found is None:
        if not _AT_EXIT:  # a library's process writes them as it exits (a command, at its end)
            import atexit

            atexit.register(flush)
            _AT_EXIT.append(True)
        key = _pack_key(game, _code_key(game))
        file = folder / f"{_PREFIX}{game}-{key}.json"
        found = _PACKS[game, folder] = _Pack(game, file, key, _read(file, key))
    _CHOSEN[game, settings] = found
    return found


def _read(file: Path, key: str) -> dict[str, Any]:
    """The lines of a pack file; empty when it is missing or unusable.

    A pack is each line's text, then its items' JSON text, one after another
    (:func:`rulesq.cachefiles.write_texts`): cut in one call, where a JSON mapping of
    strings was unescaped string by string (Blue Moon's 1,600 lines: 4 M instructions, not
    14 M, of the start-up every worker of a check shares).
    """
    from rulesq.cachefiles import CacheProblem, read_texts

    try:
        texts = read_texts(file, _KIND, key)
    except CacheProblem:
        return {}
    if texts is None or len(texts) % 2:
        return {}
    return dict(zip(texts[0::2], texts[1::2], strict=True))


def flush() -> None:
    """Write the lines read in this process that the packs lacked (a failed write costs time)."""
    for pack in _PACKS.values():
        if pack.new:
            _write(pack)


def forget() -> None:
    """Write what is new, then forget the packs read (the next use reads them again)."""
    flush()
    _PACKS.clear()
    _CHOSEN.clear()


def _write(pack: _Pack) -> None:
    """Merge the pack's new lines with the pack on disk now, bound it and write it.

    Two processes (the workers of a check) that merge at once would each write the pack
    without the other's lines: the merge holds a lock (where the system has ``flock``).
    A grammar or a module that changed since the pack's key was made may have read some of
    the lines: none is kept (``cachefiles.unchanged``).
    """
    from rulesq.cachefiles import unchanged

    if not unchanged(pack.key, lambda: _pack_key(pack.game, _code_key.__wrapped__(pack.game))):
        pack.new.clear()
        return
    try:
        import fcntl
    except ImportError:  # no lock: a line lost is parsed again by a later process
        _merge(pack)
        return
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(pack.file.with_suffix(".lock"), flags, 0o600)
    except OSError:
        _merge(pack)
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        _merge(pack)
    finally:
        os.close(handle)  # the lock goes with it


def _merge(pack: _Pack) -> None:
    """Merge the pack's new lines with the pack on disk now, bound it and write it."""
    from rulesq.cachefiles import TEXT_SEPARATOR, prune, prune_kind, write_texts

    merged = {k: v for k, v in _read(pack.file, pack.key).items() if type(v) is str}
    for line in (*pack.met, *pack.new):
        merged.pop(line, None)
    for line in pack.met:
        data = pack.lines.get(line)
        if type(data) is str:
            merged[line] = data
    merged.update(pack.new)
    size = sum(len(k) + len(v) for k, v in merged.items())
    lines = iter(list(merged))
    while len(merged) > PACK_LINES or size > PACK_CHARACTERS:
        line = next(lines)
        size -= len(line) + len(merged.pop(line))
    kept = [
        text
        for line, data in merged.items()
        if TEXT_SEPARATOR not in line and TEXT_SEPARATOR not in data  # not to be cut apart
        for text in (line, data)
    ]
    write_texts(pack.file, _KIND, pack.key, kept)
    pack.lines, pack.met, pack.new = merged, {}, {}
    folder = pack.file.parent
    prune(folder, f"{_PREFIX}{pack.game}-*.json", pack.file)
    prune(folder, f"{_PREFIX}{pack.game}-*.lock", pack.file.with_suffix(".lock"))
    for former in _FORMER:
        prune_kind(folder, f"{former}*.json", KEEP)


# ---------------------------------------------------------------- encoding


def _span(span: Span) -> list[int]:
    return [span.start, span.end, span.line, span.column]


def _ref(ref: CardRef) -> list[Any]:
    return [ref.name, _span(ref.span), dict(ref.values), list(ref.flags), ref.count, ref.adhoc_ok]


def _statement(item: Statement) -> list[Any]:
    return [
        item.kind,
        _span(item.span),
        item.text,
        item.who,
        [_ref(ref) for ref in item.cards],
        [[name, list(v) if type(v) is tuple else v] for name, v in item.params.items()],
    ]


def encode_line(items: tuple[LineItem, ...]) -> list[Any]:
    """A line's items as JSON-ready data."""
    out: list[Any] = []
    for item in items:
        value: Any = item.value
        if item.kind in ("fact", "item", "question"):
            data: Any = _statement(value)
        elif item.kind == "expect":
            shown = value.value
            if isinstance(shown, CardRef):
                shown = _ref(shown)
            elif value.kind == "quoted":
                shown = [list(group) for group in shown]
            data = [value.kind, shown, _span(value.span), value.text]
        elif item.kind == "game":
            data = [value[0], _span(value[1])]
        elif item.kind == "source":
            data = list(value)
        else:
            key, span, card = value
            data = [key, _span(span), card]
        out.append([item.kind, _span(item.span), data])
    return out


# ---------------------------------------------------------------- decoding, checked


def _check(condition: bool) -> None:
    if not condition:
        raise Broken("not a line rulesq wrote")


def _str(value: Any) -> str:
    if type(value) is not str:
        raise Broken("not a line rulesq wrote")
    return value


def _int(value: Any) -> int:
    if type(value) is not int:
        raise Broken("not a line rulesq wrote")
    return value


def _list(value: Any, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise Broken("not a line rulesq wrote")
    return value


_new = object.__new__


def _dspan(value: Any) -> Span:
    """A span, made as ``Span(...)`` makes it (without the frozen class's ``__init__``)."""
    if type(value) is list and len(value) == 4:
        start, end, line, column = value
        if type(start) is int and type(end) is int and type(line) is int and type(column) is int:
            span = _new(Span)
            fields = span.__dict__
            fields["start"] = start
            fields["end"] = end
            fields["line"] = line
            fields["column"] = column
            return span
    raise Broken("a span is four numbers")


@cache
def _defaults(cls: type) -> dict[str, Any]:
    """The fields of a model class that have a plain default, with it."""
    from dataclasses import MISSING, fields

    return {f.name: f.default for f in fields(cls) if f.default is not MISSING}


def _made(cls: type[T], **given: Any) -> T:
    """What ``cls(**given)`` makes, without the frozen class's ``__init__`` (thousands are made).

    The fields not given must have plain defaults (a test checks every one is set).
    """
    made: T = _new(cls)
    fields = made.__dict__
    fields.update(_defaults(cls))  # type: ignore[arg-type]
    fields.update(given)
    return made


_REF_DEFAULTS = _defaults(CardRef)
_STATEMENT_DEFAULTS = {cls: _defaults(cls) for cls in (Fact, Question)}


def _strs(value: Any) -> tuple[str, ...]:
    if type(value) is not list:
        raise Broken("not a line rulesq wrote")
    for v in value:
        if type(v) is not str:
            raise Broken("not a line rulesq wrote")
    return tuple(value)


def _dref(value: Any) -> CardRef:
    if type(value) is not list or len(value) != 6:
        raise Broken("a card reference is six fields")
    name, span, values, flags, count, adhoc_ok = value
    if (
        type(name) is not str
        or type(values) is not dict
        or type(flags) is not list
        or type(adhoc_ok) is not bool
        or not (count is None or type(count) is int)
    ):
        raise Broken("not a card reference rulesq wrote")
    for number in values.values():
        if type(number) is not int:
            raise Broken("a card's value is a number")
    for flag in flags:
        if type(flag) is not str:
            raise Broken("a card's icon is a word")
    made = _new(CardRef)
    fields = made.__dict__
    fields.update(_REF_DEFAULTS)
    fields["name"] = name
    fields["span"] = _dspan(span)
    fields["values"] = values
    fields["flags"] = tuple(flags)
    fields["count"] = count
    fields["adhoc_ok"] = adhoc_ok
    return made


def _param(value: Any) -> Any:
    if type(value) is list:
        return tuple(_param(v) for v in value)
    _check(type(value) in (int, str))
    return value


def _dstatement(value: Any, cls: type[Fact] | type[Question], at: Any) -> Fact | Question:
    """A fact or question; its span is ``at`` (the item's, decoded) when written the same."""
    if type(value) is not list or len(value) != 6:
        raise Broken("a statement is six fields")
    kind, span, text, who, cards, params = value
    if (
        type(kind) is not str
        or type(text) is not str
        or not (who is None or type(who) is str)
        or type(cards) is not list
        or type(params) is not list
    ):
        raise Broken("not a statement rulesq wrote")
    found: dict[str, Any] = {}
    for pair in params:
        if type(pair) is not list or len(pair) != 2:
            raise Broken("a parameter is a name and a value")
        name, given = pair
        if type(name) is not str:
            raise Broken("a parameter is a name and a value")
        shape = type(given)
        if shape is list:
            given = _param(given)
        elif shape is not int and shape is not str:
            raise Broken("a parameter is a number, a word or a list of them")
        found[name] = given
    made = _new(cls)
    fields = made.__dict__
    fields.update(_STATEMENT_DEFAULTS[cls])
    fields["kind"] = kind
    fields["span"] = at[1] if span == at[0] else _dspan(span)
    fields["text"] = text
    fields["index"] = 0
    fields["who"] = who
    fields["cards"] = tuple([_dref(ref) for ref in cards]) if cards else ()
    fields["params"] = found
    return made


def _dexpect(value: Any, at: Any) -> Expectation:
    """An ``expect`` call; its span is ``at`` (the item's, decoded) when written the same."""
    kind, shown, span, text = _list(value, 4)
    kind = _str(kind)
    if kind == "because":
        shown = _dref(shown)
    elif kind == "quoted":
        shown = tuple(_strs(group) for group in _list(shown))
    elif kind == "cannot_answer":  # its reason pinned by a card, or by words, or not
        if type(shown) is list:
            shown = _dref(shown)
        else:
            _check(shown is None or type(shown) is str)
    elif kind == "conflict":
        _check(shown is None)
    else:
        _check(type(shown) in (int, str))
    made = _new(Expectation)
    made.__dict__.update(
        kind=kind, value=shown, span=at[1] if span == at[0] else _dspan(span), text=_str(text)
    )
    return made


def _dcard(value: Any) -> tuple[str, Span, dict[str, Any]]:
    key, span, card = _list(value, 3)
    _check(type(card) is dict)
    _check(set(card) == {"id", "game", "name", "type", "text", "printed_text", "fields"})
    for name in ("id", "game", "name", "type"):
        _str(card[name])
    for name in ("text", "printed_text"):
        _check(card[name] is None or type(card[name]) is str)
    fields = card["fields"]
    _check(type(fields) is dict)
    for name, given in fields.items():
        _check(type(given) in (bool, int, str) or (name == "icons" and type(given) is list))
    if "icons" in fields:
        _strs(fields["icons"])
    return _str(key), _dspan(span), card


def decode_line(data: Any) -> tuple[LineItem, ...]:
    """The inverse of :func:`encode_line`; :class:`Broken` for anything it never writes."""
    items = []
    if type(data) is not list:
        raise Broken("not a line rulesq wrote")
    for element in data:
        if type(element) is not list or len(element) != 3:
            raise Broken("a line item is three fields")
        kind, written, value = element
        span = _dspan(written)
        decoded: Any
        if kind == "fact" or kind == "item":
            decoded = _dstatement(value, Fact, (written, span))
        elif kind == "question":
            decoded = _dstatement(value, Question, (written, span))
        elif kind == "expect":
            decoded = _dexpect(value, (written, span))
        elif kind == "game":
            word, at = _list(value, 2)
            decoded = (_str(word), _dspan(at))
        elif kind == "source":
            decoded = _strs(value)
        elif kind == "card":
            decoded = _dcard(value)
        else:
            raise Broken(f"no line item is a {kind!r}")
        item = _new(LineItem)
        fields = item.__dict__
        fields["kind"] = kind
        fields["value"] = decoded
        fields["span"] = span
        items.append(item)
    return tuple(items)
