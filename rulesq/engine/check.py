"""Check judge calls: answer each situation and compare the answers with its ``expect`` lines."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from rulesq.engine.expect import Outcome, Result, match
from rulesq.errors import InputError, RulesqError

if TYPE_CHECKING:
    from types import ModuleType

    from rulesq.engine.answer import Answer
    from rulesq.situation.model import Question, Situation

SUFFIX = ".rq"
#: Why a file without an ``expect`` line is not checked (its result is ``NO_CALL``).
NO_CALL_REASON = "no call to check: the file has no expect line"


@dataclass
class QuestionCheck:
    """One question of a file: its answer and each of its calls checked."""

    question: Question
    answer: Answer
    outcomes: list[Outcome]

    @property
    def result(self) -> Result:
        """Disagree if any call disagrees; cannot answer if a call cannot be decided; else agree.

        With no call, a question is agree when answered and cannot answer otherwise; a call
        ``expect cannot answer`` that agrees makes an unanswered question agree.
        """
        results = {o.result for o in self.outcomes}
        if Result.DISAGREE in results:
            return Result.DISAGREE
        if Result.CANNOT in results or (not self.outcomes and not self.answer.answered):
            return Result.CANNOT
        return Result.AGREE


@dataclass
class FileCheck:
    """A situation file checked: one result for the whole file, and why."""

    path: str
    result: Result | None
    questions: list[QuestionCheck] = field(default_factory=list)
    reason: str = ""
    error: RulesqError | None = None
    sources: tuple[str, ...] = ()

    @property
    def failed(self) -> bool:
        """Whether the file could not be read or parsed (bad input)."""
        return self.error is not None


def check_situation(
    situation: Situation, path: str | None = None, *, assumed: bool = True
) -> FileCheck:
    """Answer a situation and check every ``expect`` line of it.

    ``assumed``: the answers hold the assumptions they only show (a report that prints the
    answers whole, ``--json``, needs them; the text report prints none, and no ``expect``
    line reads them): :func:`rulesq.engine.dispatch.answer_question`.
    """
    dispatch, ladders, games, _ = _modules()
    game = games.get_game(situation.game)
    ladder = None  # looked up for the first ``expect decided by`` call, the only one to use it
    checks = []
    for answer in dispatch.evaluate(situation, assumed=assumed):
        calls = answer.question.expectations
        if ladder is None and any(call.kind == "decided_by" for call in calls):
            ladder = ladders.load_ladder(game.name)
        outcomes = [match(e, answer, ladder, game.corpus) for e in calls]
        checks.append(QuestionCheck(answer.question, answer, outcomes))
    result, reason = _file_result(checks)
    return FileCheck(path or situation.source, result, checks, reason, sources=situation.sources)


def _file_result(checks: list[QuestionCheck]) -> tuple[Result, str]:
    if not any(c.outcomes for c in checks):
        return Result.NO_CALL, NO_CALL_REASON
    for check in checks:
        if check.result is Result.DISAGREE:
            return Result.DISAGREE, disagreement(check)
    for check in checks:
        if check.outcomes and check.result is Result.CANNOT:
            return Result.CANNOT, f"{check.question.text}: {check.answer.reason}"
    return Result.AGREE, ""


def disagreement(check: QuestionCheck) -> str:
    """Why a call is wrong: what the answer is and the rule the call contradicts.

    The FAQ answer named beside it gives the answer: a precedent whose own answer is not the
    answer (``differs``: an FAQ answer opening "Yes, you can." beside a no) is never named
    as support.
    """
    details = [o.detail for o in check.outcomes if o.result is Result.DISAGREE]
    text = f"{check.question.text}: {'; '.join(details)}"
    rule = check.answer.deciding_clause()
    if rule:
        quote = _short(str(rule["text"]))
        text += f"; the call contradicts {rule['clause_id']}: \u201c{quote}\u201d"
    precedent = next(
        (
            c
            for c in check.answer.citations()
            if c["role"] == "precedent"
            and c["clause_id"] != (rule or {}).get("clause_id")
            and not c.get("differs")  # its own answer is not this one: no support for it
        ),
        None,
    )
    if precedent:
        text += (
            f"; as the FAQ answer {precedent['clause_id']} rules: "
            f"\u201c{_short(str(precedent['text']))}\u201d"
        )
    return text


def _short(text: str, limit: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def check_file(path: str | Path, game: str | None = None, *, assumed: bool = True) -> FileCheck:
    """Read and check one file; bad input is recorded, not raised.

    ``assumed``: see :func:`check_situation`. A check that loaded modules (the first of a game:
    its modules, grammar and corpus) leaves the collector what it loaded to keep for good
    (:func:`keep_loaded`).
    """
    loaded = len(sys.modules)
    checked = _check_file(path, game, assumed)
    if len(sys.modules) != loaded:
        keep_loaded()
    return checked


@cache
def _modules() -> tuple[ModuleType, ModuleType, ModuleType, ModuleType]:
    """The modules a file's check calls, imported on its first check.

    A function's own import costs each call about as much as placing an item. Their
    functions are looked up at each call, so that a test that replaces one is heard.
    """
    from rulesq import games, situation
    from rulesq.engine import dispatch, ladder

    return dispatch, ladder, games, situation


def keep_loaded() -> None:
    """Let the collector skip every object alive now: what was loaded lives as long as the process.

    The collector's passes walk every object of the generations they collect. Right after a
    game is loaded, its grammar, corpus and cached tables (hundreds of thousands of objects)
    are young, and the next passes walked all of them again: about a tenth of a Blue Moon
    check's time. Frozen (``gc.freeze``), they are left out of every later pass; objects freed
    by their references count are freed as before.
    """
    import gc

    gc.freeze()


def _check_file(path: str | Path, game: str | None, assumed: bool) -> FileCheck:
    try:
        situation = _modules()[3].read_situation(path, game)
    except InputError as error:
        return FileCheck(str(path), None, reason=str(error), error=error)
    except RulesqError as error:  # not tied to a place in the file: name the file
        located = error if str(path) in str(error) else RulesqError(f"{path}: {error}")
        return FileCheck(str(path), None, reason=str(located), error=located)
    try:
        return check_situation(situation, str(path), assumed=assumed)
    except InputError as error:  # a game found the input inconsistent while answering
        return FileCheck(str(path), None, reason=str(error), error=error)


#: A folder that could not be listed, and why (its files are not checked: an ERROR line).
Unlisted = list[tuple[Path, OSError]]


def situation_files(
    paths: Iterable[str | Path], follow: bool = False, unlisted: Unlisted | None = None
) -> Iterator[Path]:
    """The files to check: each file given, and every ``*.rq`` under each directory.

    Symbolic links under a directory that lead out of it are left out unless ``follow``
    (see :func:`outside_links`). A folder that cannot be listed is added to ``unlisted``.
    """
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from _walk(path, follow, unlisted)
        else:
            yield path


def _walk(root: Path, follow: bool, unlisted: Unlisted | None = None) -> Iterator[Path]:
    """The ``*.rq`` files under ``root``, sorted; links out of it only if ``follow``.

    Without ``follow`` the walk enters no linked folder, so a folder it meets is within
    ``root``, and so is each of its files that is not a link: only a link is resolved to
    tell (:func:`_inside`). Paths are sorted as ``Path`` objects sort (part by part).
    """
    import os

    top = root.resolve()
    found: list[tuple[tuple[str, ...], Path, str]] = []
    seen: set[Path] = set()

    def refused(error: OSError) -> None:
        if unlisted is not None:
            unlisted.append((Path(error.filename), error))

    for folder, dirs, files in os.walk(root, followlinks=follow, onerror=refused):
        base = Path(folder)
        real = base.resolve()
        if real in seen:  # a loop of links
            dirs[:] = []
            continue
        seen.add(real)
        if not follow:
            dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(folder, d))]
        within = real.is_relative_to(top)
        parts = base.parts
        for name in files:
            if not name.endswith(SUFFIX):
                continue
            if follow:
                kept = True
            elif within:
                kept = _inside_folder(folder, name, top)
            else:
                kept = _inside(base / name, top)
            if kept:
                found.append(((*parts, name), base, name))
    found.sort(key=lambda entry: entry[0])
    for _, base, name in found:
        yield base / name


def _inside_folder(folder: str, name: str, top: Path) -> bool:
    """Whether the entry ``name`` of a folder within ``top`` is a file within ``top``."""
    import os
    import stat

    try:
        mode = os.lstat(os.path.join(folder, name)).st_mode
    except OSError:
        return False
    if stat.S_ISLNK(mode):
        return _inside(Path(folder) / name, top)
    return not stat.S_ISDIR(mode)  # a pipe or a device too: the reader refuses it, by name


def _inside(file: Path, top: Path) -> bool:
    """Whether ``file`` (after its links) is a file within the folder ``top``.

    Any file that is not a folder: a pipe or a device named ``*.rq`` is checked, and so
    refused by name (an ERROR line, exit 2), never skipped in silence.
    """
    try:
        return file.resolve().is_relative_to(top) and file.exists() and not file.is_dir()
    except (OSError, RuntimeError):
        return False


def outside_links(root: Path) -> list[Path]:
    """The ``*.rq`` links (files or folders) under ``root`` not checked, sorted.

    Those that lead out of it, and those that lead to nothing (a loop, a missing file):
    each is an ERROR line (:func:`_link_problem` says which), never skipped in silence.
    """
    import os

    top = root.resolve()
    out = []
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            if not os.path.islink(os.path.join(folder, name)):
                continue
            entry = Path(folder) / name
            if name in dirs or name.endswith(SUFFIX):
                try:
                    inside = entry.resolve().is_relative_to(top)
                except (OSError, RuntimeError):
                    inside = False
                if not inside or not (name in dirs or entry.exists()):
                    out.append(entry)
    return sorted(out)


def scan_folder(root: Path) -> tuple[list[Path], list[Path]]:
    """What ``_walk(root, False)`` and :func:`outside_links` give, sorted, in one pass.

    The folders walked are not links, so an entry that is not a link is within ``root``:
    a ``*.rq`` one is a file to check when it is not a folder (a pipe is one, which the reader
    refuses: an ERROR line naming it), and only links are
    resolved (a link in is a file to check when it leads to one; a link out is reported).
    """
    names, links = scan_names(root)
    return [Path(name) for name in names], links


def scan_names(root: Path, unlisted: Unlisted | None = None) -> tuple[list[str], list[Path]]:
    """What :func:`scan_folder` gives, each file to check as its path's text (``str``).

    A ``Path`` costs tens of thousands of instructions to make and more to sort (part by
    part, in Python): listing the Blue Moon cases as paths was about a twentieth of a
    check's start-up. Here a ``Path`` is made for each folder only; a file is its folder's
    text joined with its name (as ``str(folder / name)`` gives it), sorted by its parts as
    paths sort. A folder that cannot be listed is added to ``unlisted`` (never left out in
    silence: its files would pass for checked).
    """
    import os

    fold = os.path.normcase  # how paths compare their parts (case-blind where paths are)
    top: Path | None = None  # resolved when the first link is met
    files: list[tuple[tuple[str, ...], str]] = []
    links: list[Path] = []
    folders = [(os.fspath(root), root)]
    while folders:
        folder, at = folders.pop()
        try:
            with os.scandir(folder) as scanned:
                entries = list(scanned)
        except OSError as error:  # the caller reports it: its files are not checked
            if unlisted is not None:
                unlisted.append((at, error))
            continue
        prefix = _prefix(str(at))
        key = tuple(map(fold, at.parts))
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if not entry.is_symlink():
                if is_dir:
                    folders.append((entry.path, at / name))
                elif name.endswith(SUFFIX):
                    files.append((key + (fold(name),), prefix + name))
                continue
            if not (is_dir or name.endswith(SUFFIX)):
                continue
            top = top or root.resolve()
            file = at / name
            try:
                inside = file.resolve().is_relative_to(top)
                regular = inside and not is_dir and file.exists()
            except (OSError, RuntimeError):
                inside = regular = False
            if not inside or not (is_dir or regular):  # out, or leading nowhere: reported
                links.append(file)
            elif regular:
                files.append((key + (fold(name),), prefix + name))
    files.sort(key=lambda found: found[0])
    return [name for _, name in files], sorted(links)


def _prefix(folder: str) -> str:
    """What an entry's name follows in ``str(Path(folder) / name)`` (``folder``: ``str(Path)``).

    Nothing for the current folder (``./a.rq`` is ``a.rq``), else the folder with its separator
    (one: ``/`` itself ends with it).
    """
    import os

    return "" if folder == "." else os.path.join(folder, "")


def check_paths(
    paths: Iterable[str | Path], game: str | None = None, follow: bool = False
) -> Iterator[FileCheck]:
    """Check every file given and every ``*.rq`` under each folder, in order.

    A path that does not exist or is empty, a folder without situation files, or a link out
    of a folder (unless ``follow``) is a failed check (bad input), so that a typo never
    passes for "all agree". A link out of a folder is reported without being read.
    """
    for item in planned_checks(paths, follow):
        yield item if isinstance(item, FileCheck) else check_file(item, game)


def planned_checks(paths: Iterable[str | Path], follow: bool = False) -> Iterator[FileCheck | Path]:
    """What :func:`check_paths` does, in order: a file to check, or a check failed already."""
    for item in planned_names(paths, follow):
        yield item if isinstance(item, FileCheck) else Path(item)


def planned_names(paths: Iterable[str | Path], follow: bool = False) -> Iterator[FileCheck | str]:
    """:func:`planned_checks`, each file to check as its path's text (``str``, no ``Path``)."""
    from rulesq.errors import escape_controls

    for raw in paths:
        shown = escape_controls(str(raw))
        if str(raw) == "":
            message = "an empty path: name a file or a folder (. for the current one)"
            yield FileCheck(str(raw), None, reason=message, error=RulesqError(message))
            continue
        path = Path(raw)
        if not path.exists():
            from rulesq.nearpath import did_you_mean_path

            message = f'no such file or folder: "{shown}"{did_you_mean_path(str(raw))}'
            yield FileCheck(str(raw), None, reason=message, error=RulesqError(message))
            continue
        links: list[Path] = []
        unlisted: Unlisted = []
        if follow or not path.is_dir():
            files = [str(file) for file in situation_files([path], follow, unlisted)]
        else:
            files, links = scan_names(path, unlisted)
        for folder, error in sorted(unlisted, key=lambda found: found[0]):
            why = error.strerror or str(error)
            message = (
                f"{escape_controls(str(folder))}: a folder that cannot be listed ({why}):"
                " its situation files are not checked"
            )
            yield FileCheck(str(folder), None, reason=message, error=RulesqError(message))
        for link in links:
            message = f"{escape_controls(str(link))}: {_link_problem(link, path, shown)}"
            yield FileCheck(str(link), None, reason=message, error=RulesqError(message))
        if not files and not links and not unlisted:
            message = f"no situation files (*{SUFFIX}) in {shown}"
            yield FileCheck(str(raw), None, reason=message, error=RulesqError(message))
        yield from files


def _link_problem(link: Path, root: Path, shown: str) -> str:
    """Why a link met in the folder ``root`` (``shown`` as given) is not checked.

    It leads out of the folder (followed only with ``--follow``), to nothing, or round in a
    loop: the last two were called links out of the folder, which sent a user looking for
    the folder they led to.
    """
    try:
        target = link.resolve(strict=True)
    except FileNotFoundError:
        return "a link to nothing: what it leads to does not exist"
    except (OSError, RuntimeError) as error:  # a loop (ELOOP, or RuntimeError before 3.13)
        import errno

        if isinstance(error, RuntimeError) or error.errno == errno.ELOOP:
            return "a link that leads round in a loop, to no file"
        return f"a link that cannot be followed ({error.strerror or error})"
    if target.is_relative_to(root.resolve()) and not target.is_file():
        return "a link to no file (it leads to something that is not a regular file)"
    return f"a link out of {shown}, not followed (--follow follows it)"


def summary_line(checks: Iterable[FileCheck]) -> str:
    """The last line of ``rulesq check``: ``N agree, M disagree, K cannot answer``.

    Files with no ``expect`` line add ``, J with no call to check``, and the ERROR lines (a
    file that could not be read or parsed, a path not found, a folder not listed) ``, E
    could not be checked`` (each only when there are some): the counts add up to the lines
    printed above.
    """
    checks = list(checks)
    done = [c for c in checks if not c.failed]
    count = {r: sum(1 for c in done if c.result is r) for r in Result}
    line = (
        f"{count[Result.AGREE]} agree, {count[Result.DISAGREE]} disagree, "
        f"{count[Result.CANNOT]} cannot answer"
    )
    if count[Result.NO_CALL]:
        line += f", {count[Result.NO_CALL]} with no call to check"
    if len(done) < len(checks):
        line += f", {len(checks) - len(done)} could not be checked"
    return line
