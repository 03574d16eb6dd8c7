"""Plain ``--help`` text: typer escapes ``[`` for rich markup even when rich formatting is off."""

from __future__ import annotations

import click
from typer.core import TyperCommand, TyperGroup


def _unescape(text: str) -> str:
    """A bracket typer escaped for rich markup, unescaped: rich formatting is not used."""
    return text.replace("\\[", "[")


class PlainHelpCommand(TyperCommand):
    """A command whose help shows ``[required]`` and ``[default: …]`` without backslashes."""

    def get_help(self, ctx: click.Context) -> str:
        """The help text, unescaped."""
        return _unescape(super().get_help(ctx))


class PlainHelpGroup(TyperGroup):
    """The command group, with the same plain help."""

    def get_help(self, ctx: click.Context) -> str:
        """The help text, unescaped."""
        return _unescape(super().get_help(ctx))
