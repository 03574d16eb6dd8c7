"""The Typer app of ``rulesq``: one module per command, registered on one app.

A command's module is imported only when the app is built with it: ``rulesq ask`` builds an
app that holds ``ask`` alone, so it never imports what the other commands need.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from rulesq.cli.common import GameOption
from rulesq.cli.help import PlainHelpCommand, PlainHelpGroup

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
    "shell": "rulesq.cli.build:shell_command",
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


def _install_completion(value: bool) -> None:
    if value:
        from rulesq.cli.completion import detect_shell, install

        typer.echo(install(detect_shell()))
        raise typer.Exit()


def _show_completion(value: bool) -> None:
    if value:
        from rulesq.cli.completion import detect_shell, script

        sys.stdout.write(script(detect_shell()))
        raise typer.Exit()


def root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
    install_completion: Annotated[
        bool,
        typer.Option(
            "--install-completion",
            help="Install completion for the shell you use (bash, zsh or fish).",
            callback=_install_completion,
            is_eager=True,
        ),
    ] = False,
    show_completion: Annotated[
        bool,
        typer.Option(
            "--show-completion",
            help="Print the completion script of the shell you use.",
            callback=_show_completion,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """A rules judge for card games: ask what happens, check a call, cite the rule.

    With no command: on a terminal, the table mode (rulesq shell); otherwise this help.
    Every statement and question a situation may use: rulesq forms.
    """
    if ctx.invoked_subcommand is not None:
        return
    if sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty():
        from rulesq.cli.shell import shell

        shell()
        return
    typer.echo(ctx.get_help())


def shell_command(game: GameOption = None) -> None:
    """The table mode: build a situation line by line; ask as you go.

    Each question is answered at once. Tab completes card names (inside quotes) and the
    statement and question forms; the arrows recall earlier lines. :show, :undo,
    :save case.rq, :game warhammer, :help.
    With lines piped in, the exit code is check's: 2 after a line refused, 1 after a
    question not answered or a call that does not agree, else 0.
    """
    from rulesq.cli.shell import shell

    code = shell(game)
    if code:
        raise typer.Exit(code)


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
