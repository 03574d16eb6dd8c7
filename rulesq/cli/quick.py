"""The plain ``rulesq ask`` command lines, read without building the Typer app.

A judge runs ``rulesq ask case.rq`` many times an hour; importing and building the
command-line library costs about as much as answering. A command line made only of a file
(or ``-``) and the options ``--explain``, ``--json``, ``--game``/``-g``, ``--graph`` and
``--expression``/``-e``, each at most once and with a value that does not start with ``-``,
is read here and answered by ``rulesq.cli.answer``. Anything else (``--help``, an unknown or
repeated option, ``--``, a missing value) is left to the Typer app, which reads and reports
it as it always has: this reader only ever declines, never errs.
"""

from __future__ import annotations

from typing import Any

#: Options that are flags, by their spelling, and the parameter each sets.
FLAGS = {"--explain": "explain", "--json": "as_json"}
#: Options that take a value, by their spellings, and the parameter each sets.
VALUED = {
    "--game": "game",
    "-g": "game",
    "--graph": "graph",
    "--expression": "expression",
    "-e": "expression",
}


def read_ask(args: list[str]) -> dict[str, Any] | None:
    """The parameters of ``rulesq ask ARGS`` for ``run_ask``, or None to leave it to Typer."""
    found: dict[str, Any] = {}
    file: str | None = None
    rest = iter(args)
    for arg in rest:
        name, equals, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name in FLAGS and not equals:
            parameter = FLAGS[name]
            value_of: Any = True
        elif name in VALUED:
            parameter = VALUED[name]
            if not equals:
                value = next(rest, "-")
            if value.startswith("-") or not value:
                return None
            value_of = value
        elif arg == "-" or not arg.startswith("-"):
            if file is not None:
                return None
            file = arg
            continue
        else:
            return None
        if parameter in found:
            return None
        found[parameter] = value_of
    return {"file": file, **found}
