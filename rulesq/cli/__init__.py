"""The ``rulesq`` command line: one module per command, registered on one Typer app.

A command's module is imported only when the app is built with it: ``rulesq ask`` builds an
app that holds ``ask`` alone, so it never imports what the other commands need.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Annotated

import click
import typer

from rulesq.cli import completion, streams
from rulesq.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_ERROR,
    EXIT_FAIL,
    EXIT_INTERNAL,
    EXIT_OK,
    GameOption,
    print_json,
    report_error,
)
from rulesq.cli.help import PlainHelpCommand, PlainHelpGroup
from rulesq.errors import RulesqError

#: Each command and where its function is (``module:function``), in the order of the help.
COMMANDS: dict[str, str] = {
    "ask": "rulesq.cli.ask:ask",
    "check": "rulesq.cli.check:check",
    "forms": "rulesq.cli.forms:forms",
    "rulings": "rulesq.cli.rulings:rulings",
    "search": "rulesq.cli.search:search",
    "cite": "rulesq.cli.cite:cite",
    "card": "rulesq.cli.card:card",
    "corpus": "rulesq.cli.corpus_cmd:corpus",
    "parse": "rulesq.cli.parse:parse",
    "coverage": "rulesq.cli.coverage:coverage",
    "completion": "rulesq.cli.completion:completion",
    "shell": "rulesq.cli:shell_command",
}


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            shown = version("rulesq")
        except PackageNotFoundError:
            from rulesq import __version__ as shown
        typer.echo(f"rulesq {shown}")
        raise typer.Exit()


def root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
) -> None:
    """A rules judge for card games: ask what happens, check a call, cite the rule.

    With no command: on a terminal, the table mode (rulesq shell); otherwise this help.
    Every statement and question a situation may use: rulesq forms.
    """
    if ctx.invoked_subcommand is not None:
        return
    if sys.stdin.isatty() and sys.stdout.isatty():
        from rulesq.cli.shell import shell

        shell()
        return
    typer.echo(ctx.get_help())


def shell_command(game: GameOption = None) -> None:
    """The table mode: build a situation line by line; each question is answered at once.

    Tab completes card names (inside quotes) and the statement and question forms; the
    arrows recall earlier lines. :show, :undo, :save case.rq, :game warhammer, :help.
    """
    from rulesq.cli.shell import shell

    shell(game)


def build_app(only: str | None = None) -> typer.Typer:
    """The app with every command, or with the command ``only`` alone."""
    from importlib import import_module

    built = typer.Typer(
        name="rulesq",
        help="A rules judge for card games: ask what happens, check a call, cite the rule.",
        no_args_is_help=False,
        invoke_without_command=True,
        pretty_exceptions_enable=False,
        add_completion=False,
        rich_markup_mode=None,
        cls=PlainHelpGroup,
    )
    built.callback()(root)
    for name, where in COMMANDS.items():
        if only is None or name == only:
            module, function = where.split(":")
            built.command(name, cls=PlainHelpCommand)(getattr(import_module(module), function))
    return built


_apps: dict[str | None, typer.Typer] = {}


def get_app(only: str | None = None) -> typer.Typer:
    """:func:`build_app`, built once per process."""
    if only not in _apps:
        _apps[only] = build_app(only)
    return _apps[only]


def __getattr__(name: str) -> typer.Typer:
    """``rulesq.cli.app``: the app with every command (built on first use)."""
    if name == "app":
        return get_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Run the app and end with an honest exit code (see the README's table).

    0, 1 and 2 are the commands' own (answered, not answered or disagreeing, bad input or
    usage); a closed or full standard output ends with 2 (141 for a broken pipe, as Unix
    tools do); anything else is an internal error: exit 3, one line asking for a report, the
    traceback only with RULESQ_DEBUG=1.
    """
    if os.environ.get(completion.COMPLETE_VAR):
        completion.enable()
    as_json = "--json" in sys.argv[1:]
    if not streams.prepare():
        sys.stderr.write("rulesq: error: standard output is closed\n")
        sys.exit(EXIT_ERROR)
    try:
        named = sys.argv[1] if len(sys.argv) > 1 else None
        completing = bool(os.environ.get(completion.COMPLETE_VAR))
        app = get_app(named if named in COMMANDS and not completing else None)
        code = app(standalone_mode=False)
        sys.stdout.flush()
    except streams.OutputClosed as closed:
        streams.silence_stdout()
        if closed.error.errno == errno.EPIPE:
            sys.exit(EXIT_BROKEN_PIPE)
        sys.stderr.write(f"rulesq: error: cannot write the output: {closed}\n")
        sys.exit(EXIT_ERROR)
    except RulesqError as error:
        report_error(error, as_json=as_json)
        sys.exit(EXIT_ERROR)
    except click.UsageError as error:
        if as_json:
            print_json({"error": error.format_message(), "usage": True})
        else:
            error.show()
        sys.exit(EXIT_ERROR)
    except click.Abort:
        sys.stderr.write("Aborted.\n")
        sys.exit(EXIT_FAIL)
    except Exception as error:  # noqa: BLE001 - a bug: one line, exit 3
        report_internal(error, as_json=as_json)
        sys.exit(EXIT_INTERNAL)
    sys.exit(code if isinstance(code, int) else EXIT_OK)


def run() -> None:
    """The ``rulesq`` command: :func:`main`, then out without the interpreter's teardown.

    Tearing the interpreter down (freeing every module and object one by one) costs a cold
    ``ask`` about a fifth of its time and does nothing a finished command needs: the output
    is flushed here, every cache file was written and closed already, and no command leaves
    an exit handler. If flushing fails, the normal exit reports it; under a profiler or a
    tracer (coverage), which write their results at exit, the exit is the normal one.
    """
    try:
        main()
    except SystemExit as done:
        code = done.code
        watched = sys.getprofile() is not None or sys.gettrace() is not None
        if not watched and (code is None or isinstance(code, int)):
            try:
                for stream in (sys.stdout, sys.stderr):
                    if stream is not None:
                        stream.flush()
            except (OSError, ValueError, AttributeError):
                raise done from None
            os._exit(code or 0)
        raise


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
        sys.stderr.write(f"rulesq: {message}\n")
    except (OSError, streams.OutputClosed):
        pass
