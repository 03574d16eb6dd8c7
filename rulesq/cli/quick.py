"""The plain ``rulesq ask`` and ``rulesq check`` command lines, read without the Typer app.

A judge runs ``rulesq ask case.rq`` many times an hour, and a test suite ``rulesq check``;
importing and building the command-line library costs about as much as answering. A command
line made only of files (``ask``: one file or ``-``; ``check``: one path or more, none
starting with ``-``) and the command's options, each at most once and with a value that does
not start with ``-`` (``ask``: ``--explain``, ``--json``, ``--game``/``-g``, ``--graph``,
``--expression``/``-e``; ``check``: ``--follow``, ``--json``, ``--game``/``-g``,
``--jobs``/``-j`` with a number of ASCII digits from 1), is read here and run by
``rulesq.cli.answer`` or ``rulesq.cli.checking``. Anything else (``--help``, an unknown or
repeated option, ``--``, a missing or odd value) is left to the Typer app, which reads and
reports it as it always has: this reader only ever declines, never errs.
"""

from __future__ import annotations

from typing import Any

#: ``ask``'s options that are flags, by their spelling, and the parameter each sets.
FLAGS = {"--explain": "explain", "--json": "as_json"}
#: ``ask``'s options that take a value, by their spellings, and the parameter each sets.
VALUED = {
    "--game": "game",
    "-g": "game",
    "--graph": "graph",
    "--expression": "expression",
    "-e": "expression",
}
#: ``check``'s flags and valued options, the same way.
CHECK_FLAGS = {"--follow": "follow", "--json": "as_json"}
CHECK_VALUED = {"--game": "game", "-g": "game", "--jobs": "jobs", "-j": "jobs"}


def read_ask(args: list[str]) -> dict[str, Any] | None:
    """The parameters of ``rulesq ask ARGS`` for ``run_ask``, or None to leave it to Typer."""
    found = _read(args, FLAGS, VALUED)
    if found is None:
        return None
    files = found.pop("files")
    if len(files) > 1:
        return None
    return {"file": files[0] if files else None, **found}


def read_check(args: list[str]) -> dict[str, Any] | None:
    """The parameters of ``rulesq check ARGS`` for ``run_check``, or None to leave it to Typer."""
    found = _read(args, CHECK_FLAGS, CHECK_VALUED)
    if found is None or not found["files"] or "-" in found["files"]:
        return None
    if "jobs" in found:
        jobs = found["jobs"]
        if not (jobs.isascii() and jobs.isdigit()) or int(jobs) < 1:
            return None
        found["jobs"] = int(jobs)
    return {"paths": found.pop("files"), **found}


def _read(args: list[str], flags: dict[str, str], valued: dict[str, str]) -> dict[str, Any] | None:
    """The files (``files``, in order) and options of a command line; None when not plain."""
    found: dict[str, Any] = {}
    files: list[str] = []
    rest = iter(args)
    for arg in rest:
        name, equals, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in flags and not equals:
            parameter = flags[name]
            value_of: Any = True
        elif name in valued:
            parameter = valued[name]
            if not equals:
                value = next(rest, "-")
            if value.startswith("-") or not value:
                return None
            value_of = value
        elif arg == "-" or not arg.startswith("-"):
            files.append(arg)
            continue
        else:
            return None
        if parameter in found:
            return None
        found[parameter] = value_of
    return {"files": files, **found}
