"""Situations: the text a judge writes (facts, questions, calls), parsed and resolved.

``parse_situation(text, source)`` reads a situation with its game's grammar
(``grammar/situation.lark`` plus ``grammar/situation_<game>.lark``), builds the model
(``rulesq.situation.model``) and resolves every card name against the inline cards and the
game's corpus; then the game checks it (``Game.check_situation``). Bad input raises
``rulesq.errors.InputError`` (file, line, column, caret, what was expected, a suggestion).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rulesq.situation.model import (
    ME,
    YOU,
    CardRef,
    Expectation,
    Fact,
    Question,
    Situation,
    Statement,
)

__all__ = [
    "ME",
    "YOU",
    "CardRef",
    "Expectation",
    "Fact",
    "Question",
    "Situation",
    "Statement",
    "parse_situation",
    "read_situation",
]

if TYPE_CHECKING:
    from pathlib import Path
    from types import ModuleType


def parse_situation(
    text: str, source: str = "<input>", game: str | None = None, remember: bool = False
) -> Situation:
    """Parse and resolve a situation text; ``game`` is used when the text has no game line.

    The situation is built from its lines' items, each distinct line read once per process
    (:mod:`rulesq.situation.lineitems`); when that fails, from the tree of the whole text,
    which tells the error. ``remember``: the text is a file's, likely read again; the items
    of its lines are kept on disk (:mod:`rulesq.situation.itemcache`).
    """
    parsed: Situation = _reading().parse(text, source, game, remember)
    return parsed


def read_situation(path: str | Path, game: str | None = None) -> Situation:
    """Read (a regular file, within the size limit, UTF-8), parse and resolve a situation file."""
    text: str = _reading().read_file(str(path))
    return parse_situation(text, str(path), game, remember=True)


@cache
def _reading() -> ModuleType:
    """The module that reads situations (imported on first use, then at the cost of a call)."""
    from rulesq.situation import reading

    return reading
