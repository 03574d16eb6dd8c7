"""The ``rulesq`` command line: run a command, end with an honest exit code.

The app (``rulesq.cli.build``) holds one module per command and imports a command's module
only when it is built with it. A plain ``rulesq ask FILE`` or ``rulesq check PATH...`` is run
without it (``rulesq.cli.quick``): the command-line library is not even imported.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import TYPE_CHECKING, Any

from rulesq.cli import streams
from rulesq.cli.basics import (
    COMPLETE_VAR,
    EXIT_BROKEN_PIPE,
    EXIT_ERROR,
    EXIT_FAIL,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    print_json,
    report_error,
)
from rulesq.errors import RulesqError, lowered

if TYPE_CHECKING:
    import typer

#: What ``rulesq.cli.build`` gives as ``rulesq.cli.NAME`` (imported on first use).
_FROM_BUILD = ("COMMANDS", "build_app", "get_app", "root", "shell_command")


def __getattr__(name: str) -> Any:
    """``rulesq.cli.app``: the app with every command (built on first use); and the builders."""
    if name == "app" or name in _FROM_BUILD:
        from rulesq.cli import build

        return build.get_app() if name == "app" else getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get_app(only: str | None = None) -> typer.Typer:
    """The app with every command, or with the command ``only`` alone, built once per process."""
    from rulesq.cli.build import get_app as built

    return built(only)


def main() -> None:
    """Run the app and end with an honest exit code (see the README's table).

    0, 1 and 2 are the commands' own (answered, not answered or disagreeing, bad input or
    usage); a closed or full standard output ends with 2 (141 for a broken pipe, as Unix
    tools do), Ctrl-C with 130; anything else is an internal error: exit 3, one line asking
    for a report, the traceback only with RULESQ_DEBUG=1.
    """
    completing = bool(os.environ.get(COMPLETE_VAR))
    if completing:
        from rulesq.cli import completion

        completion.enable()
    as_json = "--json" in sys.argv[1:]
    if not streams.prepare():
        sys.stderr.write("error: standard output is closed\n")
        sys.exit(EXIT_ERROR)
    try:
        named = sys.argv[1] if len(sys.argv) > 1 else None
        quick = None
        if named == "ask" and not completing:
            from rulesq.cli.quick import read_ask

            quick = read_ask(sys.argv[2:])
        elif named == "check" and not completing:
            from rulesq.cli.quick import read_check

            quick = read_check(sys.argv[2:])
        if quick is not None:
            if named == "ask":
                from rulesq.cli.answer import run_ask

                code: Any = run_ask(**quick)
            else:
                from rulesq.cli.checking import run_check

                code = run_check(**quick)
        else:
            from rulesq.cli.build import COMMANDS

            app = get_app(named if named in COMMANDS and not completing else None)
            code = app(standalone_mode=False)
        sys.stdout.flush()
    except streams.OutputClosed as closed:
        streams.silence_stdout()
        if closed.error.errno == errno.EPIPE:
            streams.silence_stderr()  # the reader of either output went away: quietly
            sys.exit(EXIT_BROKEN_PIPE)
        try:
            sys.stderr.write(f"error: cannot write the output: {closed}\n")
        except streams.OutputClosed:  # standard error itself is closed or full
            streams.silence_stderr()
        sys.exit(EXIT_ERROR)
    except RulesqError as error:
        report_error(error, as_json=as_json)
        sys.exit(EXIT_ERROR)
    except KeyboardInterrupt:  # Ctrl-C: no traceback, the workers end on their own
        sys.exit(EXIT_INTERRUPTED)
    except Exception as error:  # noqa: BLE001 - a usage error, or a bug: one line, exit 3
        click = sys.modules.get("click")  # not imported: the error cannot be one of its own
        if click is not None and isinstance(error, click.UsageError):
            if as_json:
                print_json({"error": usage_message(error), "usage": True})
            else:
                report_usage(error)
            sys.exit(EXIT_ERROR)
        if click is not None and isinstance(error, click.Abort):
            sys.stderr.write("Aborted.\n")
            sys.exit(EXIT_FAIL)
        report_internal(error, as_json=as_json)
        sys.exit(EXIT_INTERNAL)
    sys.exit(code if isinstance(code, int) else EXIT_OK)


#: Allocations between two collections of the youngest objects (Python's default is 700).
#: A check builds many short-lived trees and states and frees them without cycles, so the
#: collector's passes were about a tenth of its CPU; at 50,000 they are a few percent, for
#: about 2 MB more at peak over every case folder.
YOUNG_OBJECTS_PER_COLLECTION = 50_000


def run() -> None:
    """The ``rulesq`` command: :func:`main`, then out without the interpreter's teardown.

    Tearing the interpreter down (freeing every module and object one by one) costs a cold
    ``ask`` about a fifth of its time and does nothing a finished command needs: the output
    is flushed here, every cache file was written and closed already (the situation lines'
    packs too, which a library's process writes at its exit; the compiled patterns a table
    lacked are written here, as their exit handler would), and no command leaves another
    exit handler. If flushing fails, the normal exit reports it; under a profiler or a
    tracer (coverage), which write their results at exit, the exit is the normal one.
    """
    import gc

    gc.set_threshold(YOUNG_OBJECTS_PER_COLLECTION, *gc.get_threshold()[1:])
    try:
        main()
    except SystemExit as done:
        code = done.code
        watched = sys.getprofile() is not None or sys.gettrace() is not None
        if not watched and (code is None or isinstance(code, int)):
            _keep_regexes()
            try:
                for stream in (sys.stdout, sys.stderr):
                    if stream is not None:
                        stream.flush()
            except (OSError, ValueError, AttributeError, streams.OutputClosed):
                raise done from None
            os._exit(code or 0)
        raise


def _keep_regexes() -> None:
    """Write the patterns compiled here that the cache folder lacked (its exit handler's work)."""
    if "rulesq.regexcache" in sys.modules:
        from rulesq.regexcache import flush

        flush()


def report_usage(error: Any) -> None:
    """A usage mistake (the command-line library's): the usage, then ``error: message``.

    The message is worded as every other error is (``error: no such option …``), not as the
    library prints it (``Error: No such option …``); what to type is in double quotes, as in
    every other hint (``Try "rulesq --help" for help.``).
    """
    from rulesq.errors import escape_controls

    ctx = error.ctx
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = f'Try "{ctx.command_path} {ctx.help_option_names[0]}" for help.\n'
        sys.stderr.write(f"{ctx.get_usage()}\n{hint}\n")
    sys.stderr.write(f"error: {escape_controls(usage_message(error))}\n")


def usage_message(error: Any) -> str:
    """The message of a usage mistake, worded as rulesq's own errors are.

    Its first word in lower case; the library's suggestions (``(Did you mean one of: '--game',
    '--graph'?)``) given as every other error gives them (``Did you mean "--game" or
    "--graph"?``); a name given in double quotes, as every message quotes (``no such option
    "--gmae".``, ``unexpected extra argument: "b"``, not ``'--gmae'`` and ``(b)``).
    """
    import re

    from rulesq.errors import did_you_mean, quoted

    possibilities = getattr(error, "possibilities", None)
    message = str(error.message) if possibilities else error.format_message()
    extra = re.fullmatch(r"Got unexpected extra (arguments?) \((.*)\)", message)
    if extra:
        message = f"unexpected extra {extra.group(1)}: {quoted(extra.group(2))}"
    else:  # the library quotes a name given in single quotes: "no such option '--gmae'."
        message = re.sub(r"(?<![\w'])'([^'\n]*)'(?![\w])", lambda m: quoted(m.group(1)), message)
    # The library's bound reads as a formula ("0 is not in the range x>=1."): in words.
    message = re.sub(
        r"(\S+) is not in the range x>=(\S+)\.",
        lambda m: f"{quoted(m.group(1))} is too small: give {m.group(2)} or more.",
        message,
    )
    hint = did_you_mean(list(possibilities)) if possibilities else None
    return lowered(message) + (f" {hint}" if hint else "")


def report_internal(error: BaseException, *, as_json: bool) -> None:
    """Say that rulesq failed (a bug), in one line; the traceback with RULESQ_DEBUG=1."""
    import traceback

    from rulesq.errors import escape_controls

    if os.environ.get("RULESQ_DEBUG") == "1":
        traceback.print_exception(error)
    detail = escape_controls(str(error).splitlines()[0] if str(error) else "")[:200]
    message = (
        f"internal error ({type(error).__name__}{': ' + detail if detail else ''}); "
        "this is a bug in rulesq, please report it (RULESQ_DEBUG=1 shows the traceback)"
    )
    try:
        if as_json:
            print_json({"error": message, "internal": True})
            sys.stdout.flush()
        sys.stderr.write(f"error: {message}\n")
    except (OSError, streams.OutputClosed):
        pass
