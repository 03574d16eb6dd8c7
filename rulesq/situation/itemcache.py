"""Situation files' line items kept on disk by content, so that a line read again is not parsed.

``rulesq check`` reads the same case files run after run. A process reads each distinct line
once (:mod:`rulesq.situation.lineitems`); the items of the lines a file brings first are kept
in rulesq's cache folder (:mod:`rulesq.cachefiles`: private folder, atomic writes, checked
reads, JSON only), one entry per file text, under a hash of the game, the text, the grammar
files, the code that parses and reads lines (this package's parser, lines, lineitems, build,
model and this module, the spans, the name normaliser and the parser tables' loader), the
game's words a line is checked against, the limits, and the lark and rulesq versions. Only
files read from disk are stored, with the texts made from them to ask a question again with a
turn or a phase stated (``Situation.remembered``); a text given otherwise (standard input,
the rulings' made-up situations) is read as usual.

An entry is a list with one element per line that holds an item (not blank, not only a
comment), in order: the line's items (:class:`rulesq.situation.build.LineItem`, as read from
the line alone, at offset 0), or null for a line the process had read already when it wrote
the entry (the next process that needs it parses it and rewrites the entry). An entry that
is not such a list is read as missing; a line whose element does not decode to items of the
shapes written is parsed again, and the entry rewritten. At most :data:`KEEP` entries stay
(the least recently used go).
"""

from __future__ import annotations

import hashlib
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from rulesq.situation.build import LineItem
from rulesq.situation.model import CardRef, Expectation, Fact, Question, Statement
from rulesq.spans import Span

if TYPE_CHECKING:
    from pathlib import Path

T = TypeVar("T")

#: Bumped when the encoding changes.
FORMAT = "1"
#: Entries kept at most; a write prunes the folder now and then (see :func:`store`).
KEEP = 4096
#: One write in this many prunes the entries beyond :data:`KEEP` (listing the folder costs).
PRUNE_EVERY = 64
_PREFIX = "lines-"
#: The entries of earlier versions (whole files' parse trees): bounded and aged the same way.
_FORMER = "tree-"
_KIND = "situation-lines"


class Broken(ValueError):
    """A stored line that is not one :func:`encode_line` writes."""


@cache
def _code_key(game: str) -> str:
    """The key of what a line's items depend on besides its text: grammars, code, words."""
    from pathlib import Path

    import lark

    from rulesq.cachefiles import content_key
    from rulesq.games import get_game
    from rulesq.inputs import MAX_CARD_TEXT, MAX_NAME
    from rulesq.paths import grammar_dir
    from rulesq.situation.build import MAX_NUMBER

    here = Path(__file__).parent
    names = ("parser.py", "lines.py", "lineitems.py", "build.py", "model.py", "itemcache.py")
    code = [here / name for name in names]
    code += [here.parent / "larkcache.py", here.parent / "spans.py"]
    code.append(here.parent / "corpus" / "load.py")
    found = get_game(game)
    words = (found.card_types, found.value_names, found.flag_names, found.answer_words)
    return content_key(
        sorted(grammar_dir().glob("situation*.lark")) + [grammar_dir() / "common.lark", *code],
        f"{_KIND} {FORMAT} {lark.__version__} {game} {words!r} "
        f"{MAX_CARD_TEXT} {MAX_NAME} {MAX_NUMBER}",
    )


@cache
def _folder(*settings: str | None) -> Path | None:
    """The cache folder for these settings (checked once per process), or None."""
    from rulesq.cachefiles import private_dir

    return private_dir()


def _entry(game: str, body: str) -> tuple[Path, str] | None:
    """The cache file of a text and its key; None without a usable cache folder."""
    import os

    env = os.environ
    folder = _folder(env.get("RULESQ_CACHE_DIR"), env.get("XDG_CACHE_HOME"), env.get("HOME"))
    if folder is None:
        return None
    digest = hashlib.sha256(f"{_code_key(game)}\0{body}".encode("utf-8", "surrogatepass"))
    key = digest.hexdigest()[:32]
    return folder / f"{_PREFIX}{key}.json", key


def load(game: str, body: str, lines: int) -> list[Any] | None:
    """The stored lines of a situation text with ``lines`` item lines, or None.

    None when nothing is stored or the entry is unusable; each element is still encoded
    (:func:`decode_line` reads the ones needed).
    """
    from rulesq.cachefiles import CacheProblem, read_json

    where = _entry(game, body)
    if where is None:
        return None
    file, key = where
    try:
        payload = read_json(file, _KIND, key)
    except CacheProblem:
        return None
    if type(payload) is not list or len(payload) != lines:
        return None
    return payload


def store(game: str, body: str, payload: list[Any]) -> None:
    """Keep the lines of a situation text (a failed write costs only time)."""
    from rulesq.cachefiles import prune_kind, write_json

    where = _entry(game, body)
    if where is None:
        return
    file, key = where
    write_json(file, _KIND, key, payload)
    if int(key[:4], 16) % PRUNE_EVERY == 0:
        prune_kind(file.parent, f"{_PREFIX}*.json", KEEP)
        prune_kind(file.parent, f"{_FORMER}*.json", KEEP)


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
            span.__dict__.update(start=start, end=end, line=line, column=column)
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


def _strs(value: Any) -> tuple[str, ...]:
    return tuple(_str(v) for v in _list(value))


def _dref(value: Any) -> CardRef:
    name, span, values, flags, count, adhoc_ok = _list(value, 6)
    _check(type(values) is dict and type(adhoc_ok) is bool)
    _check(count is None or type(count) is int)
    return _made(
        CardRef,
        name=_str(name),
        span=_dspan(span),
        values={_str(k): _int(v) for k, v in values.items()},
        flags=_strs(flags),
        count=count,
        adhoc_ok=adhoc_ok,
    )


def _param(value: Any) -> Any:
    if type(value) is list:
        return tuple(_param(v) for v in value)
    _check(type(value) in (int, str))
    return value


def _dstatement(value: Any, cls: type[Fact] | type[Question]) -> Fact | Question:
    kind, span, text, who, cards, params = _list(value, 6)
    _check(who is None or type(who) is str)
    pairs = [_list(pair, 2) for pair in _list(params)]
    return _made(
        cls,
        kind=_str(kind),
        span=_dspan(span),
        text=_str(text),
        index=0,
        who=who,
        cards=tuple(_dref(ref) for ref in _list(cards)),
        params={_str(name): _param(v) for name, v in pairs},
    )


def _dexpect(value: Any) -> Expectation:
    kind, shown, span, text = _list(value, 4)
    kind = _str(kind)
    if kind == "because":
        shown = _dref(shown)
    elif kind == "quoted":
        shown = tuple(_strs(group) for group in _list(shown))
    elif kind in ("cannot_answer", "conflict"):
        _check(shown is None)
    else:
        _check(type(shown) in (int, str))
    return Expectation(kind, shown, _dspan(span), _str(text))


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
    for name, field in fields.items():
        _check(type(field) in (bool, int, str) or (name == "icons" and type(field) is list))
    if "icons" in fields:
        _strs(fields["icons"])
    return _str(key), _dspan(span), card


def decode_line(data: Any) -> tuple[LineItem, ...]:
    """The inverse of :func:`encode_line`; :class:`Broken` for anything it never writes."""
    items = []
    for element in _list(data):
        kind, span, value = _list(element, 3)
        kind = _str(kind)
        decoded: Any
        if kind in ("fact", "item"):
            decoded = _dstatement(value, Fact)
        elif kind == "question":
            decoded = _dstatement(value, Question)
        elif kind == "expect":
            decoded = _dexpect(value)
        elif kind == "game":
            word, at = _list(value, 2)
            decoded = (_str(word), _dspan(at))
        elif kind == "source":
            decoded = _strs(value)
        elif kind == "card":
            decoded = _dcard(value)
        else:
            raise Broken(f"no line item is a {kind!r}")
        items.append(LineItem(kind, decoded, _dspan(span)))
    return tuple(items)
