"""The corpus card texts of a game, read once and kept on disk as checked JSON (never pickle).

A cold ``rulesq ask`` would otherwise load the card-text grammar and read every card it
meets. The first process that needs a corpus text reads all of the game's corpus texts and
writes their effect trees to rulesq's cache folder (``rulesq.cachefiles``: private folder,
atomic write, header checked on read). The key is a hash of the corpus texts, the grammar
files, the Python files that read them (the game's package, ``rulesq/effects`` and the
modules they call, :data:`BUILT_BY`) and the rulesq version, so an edit to any of them
makes a new file.

Each text's tree is stored as its own JSON document, one after another in the order of the
sorted texts, after a header line that gives where each ends (``cachefiles.write_pieces``):
loading the file decodes the header only, and a tree is sliced out and decoded when its text
is first wanted. In plain JSON (<NUL> is the character U+0000), a node is
``{"<NUL>c": "module:Class", field: value, ...}`` (its fields beside its class: one JSON
object a node, one call of the decoding hook),
an enum member ``{"<NUL>e": "module:Enum", "v": value}``, a tuple ``{"<NUL>t": [...]}``, a
frozenset ``{"<NUL>s": [...]}``. Decoding builds only dataclasses and enums of rulesq's own
modules; anything else, or a value that does not decode, makes the text be read again (with
one warning), never a guess.

Texts that are not the corpus's (an inline card's, written in a situation) are kept the same
way, each under the hash of its content, in a second file per game
(``inline-<game>-<key>.json``, the key without the corpus texts): the first process that
reads one adds it (merging what others added meanwhile), so a later check of the same cases
never loads the card-text grammar. At most :data:`INLINE_LIMIT` texts are kept; a broken
entry or file is read again and rewritten.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from enum import Enum
from importlib import import_module
from pathlib import Path
from typing import Any

from rulesq.digests import sha256
from rulesq.effects.base import ParsedText

_CLASS, _ENUM, _TUPLE, _SET = "\0c", "\0e", "\0t", "\0s"
#: Bumped when the encoding changes.
_FORMAT = "5"
#: The modules outside the game's package and ``rulesq/effects`` that reading a text calls
#: (:func:`rulesq.cachefiles.code_fingerprint`; ``tests/test_cache_builders.py`` checks it).
BUILT_BY = ("spans.py", "lazymethods.py", "larkcache.py", "errors.py")
#: How many inline texts a game's inline file keeps (more are read, not stored).
INLINE_LIMIT = 2048


class Undecodable(ValueError):
    """A stored value that is not one :func:`encode` writes."""


def encode(value: Any) -> Any:
    """An effect tree as JSON-ready data (TypeError for a value it cannot store).

    Only the exact types bool, int, float and str are stored as themselves: a subclass of
    one (an enum member) is stored with its class.
    """
    if isinstance(value, Enum):  # first: a StrEnum member is a str too
        return {_ENUM: _where(type(value)), "v": encode(value.value)}
    if value is None or type(value) in (bool, int, float, str):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {_CLASS: _where(type(value)), **fields}
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v) for v in value]}
    if isinstance(value, frozenset):
        return {_SET: [encode(v) for v in value]}
    raise TypeError(f"cannot store a {type(value).__name__}")


def _where(kind: type) -> str:
    if not kind.__module__.startswith("rulesq.") or "<" in kind.__qualname__:
        raise TypeError(f"not a class of rulesq: {kind.__module__}.{kind.__qualname__}")
    return f"{kind.__module__}:{kind.__qualname__}"


def decode(data: Any) -> Any:
    """The inverse of :func:`encode`; :class:`Undecodable` for anything it never writes."""
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if not isinstance(data, dict):
        raise Undecodable("a list outside a tuple or a set")
    if _CLASS in data:
        kind = _class(data[_CLASS])
        names = _field_names(kind)
        if names is None:
            raise Undecodable(f"{data[_CLASS]} is not a dataclass")
        fields = {name: value for name, value in data.items() if name != _CLASS}
        if fields.keys() != names:
            raise Undecodable(f"{data[_CLASS]}: fields differ")
        node: Any = object.__new__(kind)
        for name, value in fields.items():
            object.__setattr__(node, name, decode(value))
        return node
    if _ENUM in data and len(data) == 2 and "v" in data:
        kind = _class(data[_ENUM])
        if not issubclass(kind, Enum):
            raise Undecodable(f"{data[_ENUM]} is not an enum")
        return kind(decode(data["v"]))
    if len(data) == 1 and isinstance(items := data.get(_TUPLE, data.get(_SET)), list):
        values = [decode(v) for v in items]
        return tuple(values) if _TUPLE in data else frozenset(values)
    raise Undecodable("an unknown form")


#: A node's class where the object names none (None may be named: it is no class).
_ABSENT = object()
#: What may not stand as a value of its own: a list (only in a tuple or a set).
_NOT_VALUES = frozenset({list})


def loads(text: str) -> Any:
    """``decode(json.loads(text))``, decoded as the JSON is read (one call per object).

    The same values and the same refusals as :func:`decode` (a test compares both over
    every corpus text): each object is turned into its node, enum member, tuple or set as
    soon as it is read (an object of no such form is refused), and a list may only be a
    tuple's or a set's items.
    """
    value = json.loads(text, object_hook=_node)
    if type(value) in _NOT_VALUES:
        raise Undecodable("a list outside a tuple or a set")
    return value


def _node(data: dict[str, Any]) -> Any:
    """One JSON object as :func:`decode` reads it, its values already decoded."""
    where = data.pop(_CLASS, _ABSENT)
    if where is not _ABSENT:
        known = _nodes.get(where) if type(where) is str else None
        kind, names, plain = known if known is not None else _node_kind(where)
        if data.keys() != names:
            raise Undecodable(f"{where}: fields differ")
        if not _NOT_VALUES.isdisjoint(map(type, data.values())):
            raise Undecodable("a list outside a tuple or a set")
        node: Any = object.__new__(kind)
        if plain:  # its fields live in the instance's dict: set at once
            node.__dict__.update(data)
        else:
            for name, value in data.items():
                object.__setattr__(node, name, value)
        return node
    if _ENUM in data:
        if len(data) != 2 or "v" not in data:
            raise Undecodable("an unknown form")
        named = data[_ENUM]
        enum = _enums.get(named) if type(named) is str else None
        if enum is None:
            enum = _enum_kind(named)
        value = data["v"]
        if type(value) in _NOT_VALUES:
            raise Undecodable("an unknown form")
        member = enum._value2member_map_.get(value) if type(value) in (str, int) else None
        return member if member is not None else enum(value)
    if len(data) == 1 and (_TUPLE in data or _SET in data):
        items = data.get(_TUPLE, data.get(_SET))
        if type(items) is not list or not _NOT_VALUES.isdisjoint(map(type, items)):
            raise Undecodable("an unknown form")
        return tuple(items) if _TUPLE in data else frozenset(items)
    raise Undecodable("an unknown form")


_classes: dict[str, type] = {}
_names: dict[type, frozenset[str] | None] = {}
#: Found once per name: a node's class, its fields and whether they are set in its dict;
#: an enum.
_nodes: dict[str, tuple[type, frozenset[str], bool]] = {}
_enums: dict[str, type[Enum]] = {}


def _node_kind(where: Any) -> tuple[type, frozenset[str], bool]:
    """The dataclass ``where`` names, its fields' names and whether its dict holds them."""
    kind = _class(where)
    names = _field_names(kind)
    if names is None:
        raise Undecodable(f"{where} is not a dataclass")
    found = (kind, names, kind in _DICT_CLASSES)
    if type(where) is str:
        _nodes[where] = found
    return found


def _enum_kind(where: Any) -> type[Enum]:
    """The enum ``where`` names."""
    kind = _class(where)
    if not issubclass(kind, Enum):
        raise Undecodable(f"{where} is not an enum")
    if type(where) is str:
        _enums[where] = kind
    return kind


#: The dataclasses whose instances keep every field in their ``__dict__`` (no slots, and no
#: class attribute that stands for a field: a descriptor would be bypassed).
_DICT_CLASSES: set[type] = set()


def _field_names(kind: type) -> frozenset[str] | None:
    """The names of a dataclass's fields (found once per class); None for another class."""
    if kind not in _names:
        names = _names[kind] = (
            frozenset(f.name for f in dataclasses.fields(kind))
            if dataclasses.is_dataclass(kind)
            else None
        )
        if (
            names is not None
            and all("__slots__" not in klass.__dict__ for klass in kind.__mro__[:-1])
            and not any(hasattr(getattr(kind, name, None), "__set__") for name in names)
        ):
            _DICT_CLASSES.add(kind)
    return _names[kind]


def _class(where: Any) -> type:
    """The class ``module:Qualname`` of one of rulesq's modules."""
    if where in _classes:
        return _classes[where]
    if not isinstance(where, str) or where.count(":") != 1:
        raise Undecodable("a class is module:name")
    module, name = where.split(":")
    if not module.startswith("rulesq.") or not all(p.isidentifier() for p in name.split(".")):
        raise Undecodable(f"not a class of rulesq: {where}")
    try:
        found: Any = import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise Undecodable(f"no class {where}") from None
    if not isinstance(found, type):
        raise Undecodable(f"{where} is not a class")
    _classes[where] = found
    return found


class Trees(MutableMapping[str, str]):
    """The stored trees of the corpus texts, by text: each sliced out of the file's text when read.

    ``texts`` (sorted) and ``ends`` (where each text's tree ends in ``body``) come from the
    file; nothing is copied until a tree is wanted. :meth:`clear` forgets them all (a tree
    that does not decode makes the whole store be read again).
    """

    def __init__(self, texts: list[str], body: str, ends: list[int]) -> None:
        self._at = {text: number for number, text in enumerate(texts)}
        self._body = body
        self._ends = ends

    def __getitem__(self, text: str) -> str:
        number = self._at[text]
        return self._body[self._ends[number - 1] if number else 0 : self._ends[number]]

    def __contains__(self, text: object) -> bool:
        return text in self._at

    def __iter__(self) -> Iterator[str]:
        return iter(self._at)

    def __len__(self) -> int:
        return len(self._at)

    def __setitem__(self, text: str, tree: str) -> None:
        raise TypeError("the stored trees are read only")

    def __delitem__(self, text: str) -> None:
        raise TypeError("the stored trees are read only")

    def clear(self) -> None:
        """Forget every tree (the texts are read again)."""
        self._at = {}
        self._body = ""
        self._ends = []


class TextCache:
    """The effect trees of one game's corpus texts, from disk when the cache is there."""

    def __init__(
        self,
        game: str,
        grammars: Iterable[Path],
        packages: Iterable[Path],
        read: Callable[[str], ParsedText],
    ) -> None:
        self.game = game
        self.grammars = list(grammars)
        self.packages = list(packages)
        self.read = read
        self._stored: MutableMapping[str, str] | None = None
        self._inline: dict[str, str] | None = None
        self._inline_where: list[tuple[Path, str] | None] = []  # found once

    def get(self, text: str) -> ParsedText | None:
        """The stored tree of a corpus text; None for another text or without a cache."""
        stored = self._load()
        if text not in stored:
            return None
        return self._decoded(stored, text)

    def parse(self, text: str) -> ParsedText:
        """The tree of any text: a corpus text's or an inline one's from disk, else read.

        An inline text read here is added to the game's inline file, for the next process.
        """
        found = self.get(text)
        if found is not None:
            return found
        inline = self._load_inline()
        digest = _digest(text)
        if digest in inline:
            found = self._decoded(inline, digest, text)
            if found is not None:
                return found
        parsed = self.read(text)
        self._store_inline(digest, parsed)
        return parsed

    def _decoded(
        self, stored: MutableMapping[str, str], key: str, text: str | None = None
    ) -> ParsedText | None:
        """The tree stored under ``key`` (for ``text``, the key itself unless given), or None.

        A tree that does not decode, or is another text's, makes the whole store be
        forgotten (with one warning): its texts are read again.
        """
        try:
            parsed = loads(stored[key])
            if not isinstance(parsed, ParsedText) or parsed.text != (key if text is None else text):
                raise Undecodable("not the tree of this text")
        except (Undecodable, TypeError, ValueError, RecursionError) as error:
            from rulesq.cachefiles import warn_once

            warn_once(
                f"ignoring an unusable cache of {self.game} card texts ({error}); "
                "reading the text again"
            )
            stored.clear()
            return None
        return parsed

    def _load(self) -> MutableMapping[str, str]:
        if self._stored is None:
            self._stored = self._read_or_build()
        return self._stored

    def _texts(self) -> list[str]:
        from rulesq.corpus import load_corpus

        return sorted(
            {c.text for c in load_corpus(self.game).cards.values() if c.text and c.text.strip()}
        )

    def _key(self, texts: list[str]) -> str:
        from rulesq.cachefiles import content_key

        root = Path(__file__).parents[1]
        sources = sorted(p for folder in self.packages for p in folder.glob("*.py"))
        code = tuple(os.path.relpath(path, root) for path in sources)  # under the package
        digest = sha256("\0".join(texts).encode()).hexdigest()
        salt = f"card-texts {_FORMAT} {digest}"
        return content_key(self.grammars, salt, (*code, *BUILT_BY))

    def _read_or_build(self) -> MutableMapping[str, str]:
        from rulesq.cachefiles import (
            CacheProblem,
            private_dir,
            prune,
            read_pieces,
            unchanged,
            warn_once,
            write_pieces,
        )

        folder = private_dir()
        if folder is None:
            return {}
        texts = self._texts()
        key = self._key(texts)
        stem = f"texts-{self.game}-"
        file = folder / f"{stem}{key}.json"
        try:
            found = read_pieces(file, "card-texts", key)
            if found is not None:
                body, ends = found
                if len(ends) != len(texts):
                    raise CacheProblem(f"{file.name} has the wrong shape")
                return Trees(texts, body, ends)
        except CacheProblem as problem:
            warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
        try:
            built = {
                text: json.dumps(encode(self.read(text)), separators=(",", ":")) for text in texts
            }
        except TypeError:  # a node that cannot be stored: read every text as usual
            return {}
        if not unchanged(key, lambda: self._key(texts)):
            return built  # read while a grammar or a module changed: used, not kept
        prune(folder, f"{stem}*.json", file)
        write_pieces(file, "card-texts", key, [built[text] for text in texts])
        return built

    # ------------------------------------------------------------------ inline texts
    def _inline_file(self) -> tuple[Path, str] | None:
        """The inline file of this game and code, and its key; None without a cache folder."""
        from rulesq.cachefiles import private_dir

        if not self._inline_where:
            folder = private_dir()
            key = self._key([])  # the code and grammars only: any text may be inline
            where = None if folder is None else (folder / f"inline-{self.game}-{key}.json", key)
            self._inline_where.append(where)
        return self._inline_where[0]

    def _read_inline(self) -> dict[str, str]:
        """The inline file's entries (none when it is missing; rebuilt when it is unusable)."""
        from rulesq.cachefiles import CacheProblem, read_json, warn_once

        where = self._inline_file()
        if where is None:
            return {}
        file, key = where
        try:
            payload = read_json(file, "inline-texts", key)
            if payload is None:
                return {}
            if not isinstance(payload, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in payload.items()
            ):
                raise CacheProblem(f"{file.name} has the wrong shape")
            return payload
        except CacheProblem as problem:
            warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
            return {}

    def _load_inline(self) -> dict[str, str]:
        if self._inline is None:
            self._inline = self._read_inline()
        return self._inline

    def _store_inline(self, digest: str, parsed: ParsedText) -> None:
        """Add a tree to the inline file (with what other processes added since it was read)."""
        from rulesq.cachefiles import prune, unchanged, write_json

        try:
            tree = json.dumps(encode(parsed), separators=(",", ":"))
        except TypeError:  # a node that cannot be stored: the text is read every time
            return
        where = self._inline_file()
        inline = self._load_inline()
        if where is None or len(inline) >= INLINE_LIMIT:
            return
        file, key = where
        merged = {**self._read_inline(), **inline, digest: tree}
        inline.update(merged)
        if len(merged) > INLINE_LIMIT or not unchanged(key, lambda: self._key([])):
            return  # too many, or read while a grammar or a module changed: not kept
        prune(file.parent, f"inline-{self.game}-*.json", file)
        write_json(file, "inline-texts", key, merged)


def _digest(text: str) -> str:
    """The key of an inline text in the inline file: the SHA-256 of its content."""
    return sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def for_game(game: str, package: Path, read: Callable[[str], ParsedText]) -> TextCache:
    """The text cache of a game whose reader is the package ``package`` (with the grammars)."""
    from rulesq.paths import grammar_dir

    return TextCache(
        game, sorted(grammar_dir().glob("*.lark")), [package, Path(__file__).parent], read
    )
