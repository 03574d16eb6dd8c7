"""Safe cache files: a private folder, content-hash keys, atomic writes, checked reads.

Every cache rulesq keeps on disk (the search index, the FAQ precedent index, the parser
tables) goes through here, so that none of them can run code or serve stale data:

- the folder is rulesq's own (``rulesq.paths.cache_dir()``), created with mode 0700; a
  folder owned by someone else, or writable by others, is not used;
- keys are a SHA-256 of the contents of the files a cache derives from, of the modules of
  rulesq's own code that build it (its *builders*: :func:`code_fingerprint`), the rulesq
  version and a per-cache salt (never sizes or modification times): two checkouts of one
  version with different code never read each other's entries; a key of files alone (no
  builders) is remembered with the status of each (:class:`_KeyMemo`), as each file's
  hash is;
- a file is read only if it is a regular file owned by the current user, not writable by
  others, opened without following symlinks; its contents are data (JSON or SQLite), never
  pickle;
- writes go to a unique temporary file in the same folder, then ``os.replace`` (the last
  writer wins; concurrent first runs never delete each other's files);
- two checkouts or two versions sharing the folder each keep their own entries: a kind
  keeps its :data:`KEEP_PER_KIND` most recently used entries, and one unused for a month
  goes (a read marks an entry used);
- an entry is kept only if its key, made again once it is built, is the one made before
  it was built: a source edited meanwhile (an edit, a checkout, a merge) may have been read
  half old, half new, so what was built is used, and kept under no key (under the old one,
  it would be served when the old files came back; :func:`unchanged`);
- a key made from a module of rulesq that this process imported and that was edited since it
  started is a key of no entry (:func:`never_kept`): the code in memory is the module as it
  was, the key the module as it is, so what the old code builds is used and not kept;
- any problem (unusable folder, corrupt or foreign file, failed write) makes the caller
  rebuild in memory, with one warning on stderr per process.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from array import array
from collections.abc import Callable, Iterable
from itertools import chain
from operator import attrgetter
from pathlib import Path
from typing import Any

from rulesq import STARTED_NS, __version__
from rulesq.digests import sha256

#: The largest cache file read (a bigger one is taken as foreign).
MAX_CACHE_BYTES = 64 * 1024 * 1024

_warned: list[str] = []


class CacheProblem(Exception):
    """A cache file or folder that cannot be used (the cache is rebuilt in memory)."""


def warn_once(message: str) -> None:
    """Print ``warning: message`` on stderr, once per process (later ones are dropped)."""
    if _warned:
        return
    _warned.append(message)
    from rulesq.errors import warning_line

    try:
        sys.stderr.write(warning_line(message) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def content_key(files: Iterable[Path | str], salt: str, code: tuple[str, ...] = ()) -> str:
    """A hash of the contents of ``files`` (missing ones count as absent), the salt and version.

    ``code`` names the builder modules (paths under the package, as ``"spans.py"``): their
    :func:`code_fingerprint` is hashed too. Each file's own hash is remembered with its
    status (:class:`FileHashes`), so a file unchanged since it was last read is not read
    again; the key is a hash of contents.
    """
    hashes = FileHashes.get()
    paths = list(map(str, files))
    # a key with builders is made from their fingerprint each time (a few files: their
    # hashes are looked up), so that it is always the fingerprint of the code that builds
    memo = None if code else _KeyMemo.of(salt, paths)
    if memo is not None:
        held = hashes.known.get(memo.name)
        if held is not None and held.startswith(memo.signature):
            found = held[len(memo.signature) :]
            if len(found) == _KEY_DIGITS and not found.strip(_HEX):
                hashes.used[memo.name] = None
                return found
    key = _content_key(hashes, paths, salt, code)
    if memo is not None and memo.settled and not key.startswith(_UNKEPT):
        hashes.known[memo.name] = memo.signature + key
        hashes.changed = True
        hashes.used[memo.name] = None
    hashes.save()
    return key


def _content_key(hashes: FileHashes, paths: list[str], salt: str, code: tuple[str, ...]) -> str:
    """:func:`content_key` made from each file's hash (the table saved by the caller)."""
    digest = sha256(f"{salt}\0{__version__}\0".encode())
    fingerprint = code_fingerprint(code) if code else ""
    if fingerprint is None:
        return never_kept()
    digest.update(f"code {fingerprint}\0".encode() if code else b"")
    for path in paths:
        folder, name = os.path.split(path)
        digest.update(f"{os.path.basename(folder)}/{name}\0".encode())
        digest.update(hashes.of(path).encode())
        digest.update(b"\0")
    if hashes.edited and any(path in hashes.edited for path in paths):
        return never_kept()  # a module hashed (the precedents hash hundreds) runs as it was
    return digest.hexdigest()[:_KEY_DIGITS]


#: How many hexadecimal digits of the SHA-256 a content key keeps.
_KEY_DIGITS = 24


class _KeyMemo:
    """A content key remembered with the status of every file it hashed.

    A key of many files (the precedent index hashes hundreds) costs a look-up of each file's
    remembered hash; the whole key is remembered in the same table (:class:`FileHashes`),
    under a name made from the salt and the paths in order, with the status
    of each file (size, inode, modification and change times: :meth:`FileHashes.of`'s test,
    the same for all). While every status is the one remembered, the contents are the ones
    hashed, and so is the key. A file changed near or after this process started is left to
    the file-by-file way (it finds a module edited since it was imported); a key is
    remembered only once every file has been unchanged :data:`_SETTLE` seconds.
    """

    __slots__ = ("name", "signature", "settled")

    def __init__(self, name: str, signature: str, settled: bool) -> None:
        self.name = name
        self.signature = signature
        self.settled = settled

    @classmethod
    def of(cls, salt: str, listed: list[str]) -> _KeyMemo | None:
        """The memo of a key of files alone (None: one changed too recently, or is missing).

        Without a memo the key is made file by file.
        """
        try:  # each status as four integers, in one array, without a Python loop
            infos = list(map(os.stat, listed))
            numbers = array("q", chain.from_iterable(map(_STATUS, infos)))
        except (OSError, OverflowError):  # a file missing, or a number past 64 bits
            return None
        newest = max(max(map(_MTIME, infos), default=0), max(map(_CTIME, infos), default=0))
        if newest >= STARTED_NS - _TICK_NS:
            return None
        named = sha256("\0".join(listed).encode("utf-8", "surrogateescape")).hexdigest()
        name = f"{_MEMO_MARK}{salt}\1{named}"
        status = sha256(numbers.tobytes()).hexdigest()
        settled = time.time_ns() - newest > _SETTLE * 10**9
        return cls(name, status + " ", settled)


_STATUS = attrgetter("st_size", "st_ino", "st_mtime_ns", "st_ctime_ns")
_MTIME = attrgetter("st_mtime_ns")
_CTIME = attrgetter("st_ctime_ns")
#: What starts the name of a remembered key in the table (no path starts so).
_MEMO_MARK = "\1key "
#: What starts a key no entry has (:func:`never_kept`).
_UNKEPT = "unkept"


def never_kept() -> str:
    """A key no entry has, nor any key made after it: what is built under it is not kept.

    The key of a cache whose builders this process runs as they were before an edit: read
    under it, nothing is found; made again (:func:`unchanged`), it differs, so nothing is
    written.
    """
    _NEVER.append(None)
    return f"{_UNKEPT}{os.getpid()}x{time.time_ns()}x{len(_NEVER)}"


#: One item a key no entry has was made (they are told apart by their count).
_NEVER: list[None] = []


def unchanged(key: str, again: Callable[[], str]) -> bool:
    """Whether an entry built under ``key`` may be kept: ``again()``, its key made anew, is it.

    Made before the build and again after it, the two keys differ when a source changed
    while it was read: the entry is then used but not written.
    """
    return again() == key


def code_fingerprint(names: tuple[str, ...]) -> str | None:
    """A hash of the contents of rulesq's own modules ``names`` (paths under the package).

    A cache keys on the modules that build what it stores, so an entry another checkout's
    code built (the same version, other code) is never read: it is rebuilt. Only those few
    files are hashed, through :class:`FileHashes` (a file unchanged since it was last read
    costs one ``stat``), so that a cold command stays lean. None when one of them was
    imported by this process and edited since it started: the code that builds is not the
    code hashed, and nothing it builds may be kept (:func:`never_kept`).
    """
    root = os.path.dirname(__file__)
    hashes = FileHashes.get()
    digest = sha256(b"")
    paths = [os.path.join(root, name) for name in names]
    for name, path in zip(names, paths, strict=True):
        digest.update(f"{name}\0{hashes.of(path)}\0".encode())
    if hashes.edited and any(path in hashes.edited for path in paths):
        return None
    return digest.hexdigest()


def package_init(name: str) -> Path | None:
    """A top-level package's ``__init__.py``, found without importing it (None if not found).

    Its content names the package's version (``__version__``), so a cache key that hashes it
    changes with the version, and a command that does not need the package never loads it.
    """
    from importlib.util import find_spec

    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        return None
    origin = spec.origin if spec is not None else None
    return Path(origin) if origin and origin.endswith("__init__.py") else None


class FileHashes:
    """The SHA-256 of files read for cache keys, remembered with each file's status.

    A remembered hash is used while the file's size, inode, modification and change times
    are the ones it had when it was read: a write always sets the change time, which no
    program can set back. A file changed within the last :data:`_SETTLE` seconds before it
    was read is not remembered (a clock tick may hide a second write), as git does.
    Kept in the cache folder as texts (:func:`write_texts`): each file's path, then its
    status and hash as one line of words (``size inode mtime ctime hash``), read with one
    cut and compared as text when a file is looked up. Every cache key reads the table, and
    it holds every file any key hashed (a check needs a few dozen of hundreds): as checked
    JSON, each entry decoded into a list, 700 entries cost a start-up 10 M instructions.
    Without a cache folder, every file is read.

    One table a checkout (of the package's folder: another checkout's paths are no use to
    it, and its keys hash about 1,400 files), of at most :data:`_HASHES_MAX` entries: past
    it, the entries this process did not look up go first, the least recently written
    first; a checkout's table unused for a month goes, and a folder keeps the tables of its
    :data:`KEEP_PER_KIND` most recently used checkouts (:func:`prune`).

    A Python file whose status says it changed after this process started (or a clock tick
    before, :data:`_TICK_NS`) and that is a module it has imported is noted in
    :attr:`edited`: the code in memory may be the file as it was.
    """

    _held: FileHashes | None = None

    def __init__(self, file: Path | None, known: dict[str, str]) -> None:
        self.file = file
        self.known = known
        self.changed = False
        #: The files looked up in this process, in order (kept first when the table is cut).
        self.used: dict[str, None] = {}
        #: The modules this process imported whose files changed since it started.
        self.edited: set[str] = set()

    @classmethod
    def get(cls) -> FileHashes:
        """The hashes of this process (read from the cache folder the first time)."""
        if cls._held is None:
            cls._held = cls._read()
        return cls._held

    @classmethod
    def _read(cls) -> FileHashes:
        folder = private_dir()
        if folder is None:
            return cls(None, {})
        checkout = os.path.dirname(os.path.abspath(__file__))
        mark = sha256(checkout.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        file = folder / f"file-hashes-{_HASHES_FORMAT}-{mark}.json"
        try:
            texts = read_texts(file, "file-hashes", _HASHES_FORMAT)
        except CacheProblem:
            texts = None
        if texts is None or len(texts) % 2 or len(texts) > 2 * _HASHES_MAX:
            return cls(file, {})
        return cls(file, dict(zip(texts[0::2], texts[1::2], strict=True)))

    def of(self, name: str) -> str:
        """The hash of the contents of the file ``name``, or ``absent``."""
        try:
            info = os.stat(name)
        except OSError:
            return "absent"
        status = f"{info.st_size} {info.st_ino} {info.st_mtime_ns} {info.st_ctime_ns} "
        self.used[name] = None
        if name.endswith(".py") and _edited_since_imported(name, info):
            self.edited.add(name)
        held = self.known.get(name)
        if held is not None and held.startswith(status):
            found = held[len(status) :]
            if len(found) == 64 and not found.strip(_HEX):  # a SHA-256 in hexadecimal
                return found
        try:
            found = sha256(Path(name).read_bytes()).hexdigest()
        except FileNotFoundError:
            return "absent"
        except OSError as error:  # unreadable: its error is its content
            return f"unreadable {error.errno}"
        if time.time_ns() - max(info.st_mtime_ns, info.st_ctime_ns) > _SETTLE * 10**9:
            self.known[name] = status + found
            self.changed = True
        return found

    def save(self) -> None:
        """Write the hashes when a file was read (atomically; a failure costs only time)."""
        if self.file is None or not self.changed:
            return
        self.changed = False
        if len(self.known) > _HASHES_MAX:  # the files not looked up here go, the oldest first
            used = [name for name in self.used if name in self.known]
            order = [name for name in self.known if name not in self.used] + used
            self.known = {name: self.known[name] for name in order[-_HASHES_MAX:]}
        texts = [
            text
            for name, held in self.known.items()
            if TEXT_SEPARATOR not in name  # no path holds one; a text would be cut apart
            for text in (name, held)
        ]
        write_texts(self.file, "file-hashes", _HASHES_FORMAT, texts)
        prune(self.file.parent, "file-hashes-*", self.file)


def _edited_since_imported(name: str, info: os.stat_result) -> bool:
    """Whether the Python file ``name`` (status ``info``) is an imported module edited since.

    That is: it changed after this process started, and this process imported it (the code
    in memory may be the file as it was). Only a file changed that recently is looked for
    among the modules: almost never.
    """
    if max(info.st_mtime_ns, info.st_ctime_ns) < STARTED_NS - _TICK_NS:
        return False
    real = os.path.realpath(name)
    loaded = (getattr(module, "__file__", None) for module in list(sys.modules.values()))
    return any(isinstance(f, str) and os.path.realpath(f) == real for f in loaded)


#: The digits of a SHA-256 as :class:`FileHashes` keeps it.
_HEX = "0123456789abcdef"
#: Bumped when :class:`FileHashes` stores something else (3: one table a checkout).
_HASHES_FORMAT = "3"
#: Seconds a file must be unchanged before its hash is remembered.
_SETTLE = 2
#: How far a file's times may lag the clock a process started by (a file system stamps them
#: from a coarser clock: a tick or two on Linux): a module changed this shortly before the
#: process started is taken to have changed after it imported it.
_TICK_NS = 100_000_000
#: The most files a checkout's table remembers (its own keys hash about 1,400).
_HASHES_MAX = 4096


def private_dir() -> Path | None:
    """The cache folder, or None (with a warning) when it cannot be used safely."""
    from rulesq.paths import cache_dir

    try:
        folder = cache_dir()
        info = folder.stat()
        if not stat.S_ISDIR(info.st_mode):
            raise CacheProblem("not a folder")
        if info.st_uid != os.getuid():
            raise CacheProblem("owned by another user")
        if info.st_mode & 0o077:
            folder.chmod(0o700)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise CacheProblem("not writable")
    except (OSError, CacheProblem) as error:
        warn_once(f"cannot use the cache folder ({_reason(error)}); working without a cache")
        return None
    return folder


def working_folder_file(prefix: str) -> tuple[Path, str] | None:
    """The cache file ``prefix`` keeps for the working folder, and its key (None: no cache).

    The key is the working folder itself: what such a file remembers (paths as a command was
    given them) holds only for the folder they are relative to.
    """
    folder = private_dir()
    if folder is None:
        return None
    try:
        where = os.getcwd()
    except OSError:
        return None
    key = sha256(where.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return folder / f"{prefix}-{key}.json", where


def _reason(error: BaseException) -> str:
    """Why a path of the cache cannot be used, in words (control characters escaped).

    A file where the folder should be says so: the system's "File exists" (from making the
    folder) and "Not a directory" (a file on its way) read as if nothing were wrong.
    """
    from rulesq.errors import escape_controls

    if isinstance(error, OSError):
        where = f"{error.filename}: " if error.filename else ""
        if isinstance(error, FileExistsError):
            why = "a file is there, not a folder"
        elif isinstance(error, NotADirectoryError):
            why = "a file is on its way, not a folder"
        else:
            why = error.strerror or str(error)
        return escape_controls(where + why)
    return escape_controls(str(error))


def reason(error: BaseException) -> str:
    """Why a path of the cache folder cannot be used (for a command's own warning)."""
    return _reason(error)


def check_file(path: Path) -> os.stat_result:
    """The status of a cache file that is safe to read; :class:`CacheProblem` if it is not."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise CacheProblem(_reason(error)) from None
    if not stat.S_ISREG(info.st_mode):
        raise CacheProblem(f"{path.name} is not a regular file")
    if info.st_uid != os.getuid():
        raise CacheProblem(f"{path.name} belongs to another user")
    if info.st_mode & 0o022:
        raise CacheProblem(f"{path.name} is writable by others")
    if info.st_size > MAX_CACHE_BYTES:
        raise CacheProblem(f"{path.name} is too large")
    return info


def read_bytes(path: Path) -> bytes:
    """The bytes of a cache file checked by :func:`check_file` (FileNotFoundError if absent)."""
    check_file(path)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise CacheProblem(_reason(error)) from None
    try:
        info = os.fstat(handle)
        if (
            not stat.S_ISREG(info.st_mode)
            or info.st_uid != os.getuid()
            or info.st_size > MAX_CACHE_BYTES
        ):
            raise CacheProblem(f"{path.name} changed while being opened")
        from rulesq.inputs import read_up_to

        with os.fdopen(handle, "rb", closefd=False) as stream:
            return read_up_to(stream, info.st_size, MAX_CACHE_BYTES + 1)
    except OSError as error:
        raise CacheProblem(_reason(error)) from None
    finally:
        os.close(handle)


def _ours(header: object, kind: str, key: str) -> bool:
    """Whether a decoded header is a rulesq cache's, of this kind, key and version."""
    return (
        isinstance(header, dict)
        and header.get("format") == "rulesq-cache"
        and header.get("kind") == kind
        and header.get("key") == key
        and header.get("version") == __version__
    )


def read_json(
    path: Path, kind: str, key: str, object_hook: Callable[[dict[str, Any]], Any] | None = None
) -> Any:
    """The payload of a JSON cache file written by :func:`write_json` for ``kind`` and ``key``.

    Returns None when the file does not exist; raises :class:`CacheProblem` when it exists but
    is unreadable, corrupt, foreign or for another key. ``object_hook`` is given to
    ``json.loads`` (a ValueError from it counts as corruption).
    """
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return None
    try:
        document = json.loads(raw.decode("utf-8"), object_hook=object_hook)
    except (ValueError, TypeError, RecursionError):
        raise CacheProblem(f"{path.name} is corrupt") from None
    if not _ours(document, kind, key) or "payload" not in document:
        raise CacheProblem(f"{path.name} is not a rulesq {kind} cache for this version")
    mark_used(path)
    return document["payload"]


def write_json(path: Path, kind: str, key: str, payload: object) -> None:
    """Write ``payload`` under a header (kind, key, version), atomically; warn if it fails."""
    document = {
        "format": "rulesq-cache",
        "kind": kind,
        "key": key,
        "version": __version__,
        "payload": payload,
    }
    data = json.dumps(document, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    try:
        write_atomic(path, data)
    except OSError as error:
        warn_once(f"cannot write the cache file {path} ({_reason(error)}); working without it")


def _read_headed(path: Path, kind: str, key: str) -> tuple[dict[str, Any], str] | None:
    """The header (decoded as JSON) and the text after it of a file with a header line.

    None when the file does not exist; :class:`CacheProblem` when it is corrupt, foreign, or
    for another kind, key or version.
    """
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return None
    head, newline, body = raw.partition(b"\n")
    try:
        header = json.loads(head.decode("utf-8"))
        text = body.decode("utf-8")
    except (ValueError, TypeError, RecursionError):
        raise CacheProblem(f"{path.name} is corrupt") from None
    if not newline or not _ours(header, kind, key):
        raise CacheProblem(f"{path.name} is not a rulesq {kind} cache for this version")
    return header, text


def read_pieces(path: Path, kind: str, key: str) -> tuple[str, list[int]] | None:
    """The text and the pieces' ends of a file written by :func:`write_pieces`.

    Only the header line is decoded as JSON: a piece is the text's slice between the end of
    the one before (0 for the first) and its own, read when it is wanted. Returns None when
    the file does not exist; raises :class:`CacheProblem` as :func:`read_json` does, and
    when the ends do not cut the text (increasing, the last at its end).
    """
    from itertools import pairwise

    read = _read_headed(path, kind, key)
    if read is None:
        return None
    header, text = read
    ends = header.get("ends")
    if (
        type(ends) is not list
        or not all(type(end) is int for end in ends)
        or any(end < start for start, end in pairwise([0, *ends]))
        or (ends[-1] if ends else 0) != len(text)
    ):
        raise CacheProblem(f"{path.name} is corrupt")
    mark_used(path)
    return text, ends


def write_pieces(path: Path, kind: str, key: str, pieces: list[str]) -> None:
    """Write texts one after another, under a header line (kind, key, version, where each ends).

    Atomically; warns if it fails. :func:`read_pieces` reads them back.
    """
    from itertools import accumulate

    header = {
        "format": "rulesq-cache",
        "kind": kind,
        "key": key,
        "version": __version__,
        "ends": list(accumulate(map(len, pieces))),
    }
    head = json.dumps(header, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    try:
        write_atomic(path, head + b"\n" + "".join(pieces).encode("utf-8"))
    except OSError as error:
        warn_once(f"cannot write the cache file {path} ({_reason(error)}); working without it")


#: What separates the texts of a file :func:`write_texts` writes (no text may hold it).
TEXT_SEPARATOR = "\0"


def read_texts(path: Path, kind: str, key: str) -> list[str] | None:
    """The texts of a file written by :func:`write_texts`, in order.

    Only the header line is decoded as JSON; the texts are cut at :data:`TEXT_SEPARATOR` in
    one call (no JSON string is unescaped: a body of JSON texts kept as JSON strings cost
    three times as much to read). Returns None when the file does not exist; raises
    :class:`CacheProblem` as :func:`read_json` does, and when the texts are not as many as
    the header says.
    """
    read = _read_headed(path, kind, key)
    if read is None:
        return None
    header, body = read
    texts = body.split(TEXT_SEPARATOR) if body else []
    if header.get("count") != len(texts):
        raise CacheProblem(f"{path.name} is corrupt")
    mark_used(path)
    return texts


def write_texts(path: Path, kind: str, key: str, texts: list[str]) -> None:
    """Write texts that hold no :data:`TEXT_SEPARATOR`, each after it, under a header line.

    Atomically; warns if it fails. :func:`read_texts` reads them back. A text holding the
    separator is refused (ValueError): the caller leaves it out.
    """
    if any(TEXT_SEPARATOR in text for text in texts):
        raise ValueError("a text holds the separator")
    header = {
        "format": "rulesq-cache",
        "kind": kind,
        "key": key,
        "version": __version__,
        "count": len(texts),
    }
    head = json.dumps(header, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    try:
        write_atomic(path, head + b"\n" + TEXT_SEPARATOR.join(texts).encode("utf-8"))
    except OSError as error:
        warn_once(f"cannot write the cache file {path} ({_reason(error)}); working without it")


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a unique temporary file beside ``path`` (mode 0600), then replace."""
    temporary = temporary_beside(path)
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def temporary_beside(path: Path) -> Path:
    """A new, empty, uniquely named file (mode 0600) in ``path``'s folder, to fill then replace."""
    import tempfile  # only to write: a command that writes nothing never loads it

    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    return Path(temporary)


#: Temporary files older than this (seconds) were left by a process that died: removed.
_ABANDONED = 3600
#: Entries of one kind kept, the most recently used first: two checkouts, two versions or a
#: bench's baseline share the folder, each with its own entry, and none removes another's.
KEEP_PER_KIND = 8
#: An entry unused for this long (seconds) is removed, however few its kind has.
UNUSED = 30 * 24 * 3600
#: A use refreshes an entry's time at most this often (seconds): a read rarely writes.
_TOUCH_EVERY = 3600


def mark_used(path: Path) -> None:
    """Record that the cache entry ``path`` was just used (its time), for :func:`prune`."""
    try:
        now = time.time()
        if path.stat().st_mtime < now - _TOUCH_EVERY:
            os.utime(path, (now, now))
    except OSError:
        pass


def prune(folder: Path, pattern: str, keep: Path) -> None:
    """Bound the entries matching ``pattern``: ``keep`` and the most recently used stay.

    Entries are keyed by content, so another checkout or version has entries of its own,
    in use: an entry goes only when :data:`KEEP_PER_KIND` more recently used ones of its
    kind exist or when it was unused for :data:`UNUSED` seconds. Temporaries of a process
    that died go once they are an hour old (a live writer's are younger).
    """
    now = time.time()
    try:
        entries = []
        for entry in folder.glob(pattern):
            info = entry.lstat()
            if entry != keep and stat.S_ISREG(info.st_mode):
                entries.append((info.st_mtime, entry))
        entries.sort(reverse=True)
        for rank, (used, entry) in enumerate(entries, start=1):
            if rank >= KEEP_PER_KIND or used < now - UNUSED:
                entry.unlink(missing_ok=True)
        for temporary in folder.glob(".*.tmp"):
            if temporary.lstat().st_mtime < now - _ABANDONED:
                temporary.unlink(missing_ok=True)
    except OSError:
        pass


def prune_kind(folder: Path, pattern: str, keep: int) -> None:
    """Bound a kind of many small entries (one per input): the ``keep`` most recently used stay.

    Entries unused for :data:`UNUSED` seconds go too; a failure costs only space.
    """
    now = time.time()
    try:
        entries = []
        for entry in folder.glob(pattern):
            info = entry.lstat()
            if stat.S_ISREG(info.st_mode):
                entries.append((info.st_mtime, entry))
        entries.sort(reverse=True)
        for rank, (used, entry) in enumerate(entries, start=1):
            if rank > keep or used < now - UNUSED:
                entry.unlink(missing_ok=True)
    except OSError:
        pass
