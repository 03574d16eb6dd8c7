"""What every command shares: exit codes, consoles, JSON output and error reporting."""

from __future__ import annotations

from typing import Annotated

import typer

from rulesq.cli.basics import (
    EXIT_BROKEN_PIPE,
    EXIT_ERROR,
    EXIT_FAIL,
    EXIT_INTERNAL,
    EXIT_OK,
    print_json,
    report_error,
)
from rulesq.cli.completion import game_names
from rulesq.errors import RulesqError

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_ERROR",
    "EXIT_FAIL",
    "EXIT_INTERNAL",
    "EXIT_OK",
    "GameOption",
    "JsonOption",
    "fail",
    "print_json",
    "report_error",
]

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
GameOption = Annotated[
    str | None,
    typer.Option("--game", "-g", help="bluemoon, warhammer or fma.", autocompletion=game_names),
]


def fail(error: RulesqError, *, as_json: bool = False) -> typer.Exit:
    """Report ``error`` and return the ``Exit`` to raise (code 2)."""
    report_error(error, as_json=as_json)
    return typer.Exit(EXIT_ERROR)
