"""Situations: the text a judge writes (facts, questions, calls), parsed and resolved.

``parse_situation(text, source)`` reads a situation with its game's grammar
(``grammar/situation.lark`` plus ``grammar/situation_<game>.lark``), builds the model
(``rulesq.situation.model``) and resolves every card name against the inline cards and the
game's corpus; then the game checks it (``Game.check_situation``). Bad input raises
``rulesq.errors.InputError`` (file, line, column, caret, what was expected, a suggestion).
"""

from __future__ import annotations

from pathlib import Path

from rulesq.errors import RulesqError, UnknownNameError
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


def parse_situation(
    text: str, source: str = "<input>", game: str | None = None, remember: bool = False
) -> Situation:
    """Parse and resolve a situation text; ``game`` is used when the text has no game line.

    The situation is built from its lines' items, each distinct line read once per process
    (:mod:`rulesq.situation.lineitems`); when that fails, from the tree of the whole text,
    which tells the error. ``remember``: the text is a file's, likely read again; the items
    of its lines are kept on disk (:mod:`rulesq.situation.itemcache`).
    """
    from rulesq.games import get_game
    from rulesq.inputs import check_counts, check_text
    from rulesq.situation.lineitems import read_by_lines
    from rulesq.situation.parser import find_game
    from rulesq.situation.resolve import resolve
    from rulesq.situation.suppose import suppose_plays

    text = text.removeprefix("\ufeff")  # a byte-order mark is not part of the text
    check_text(text, source)
    name = find_game(text, source, default=game)
    situation = read_by_lines(name, source, text, remember)
    if situation is None:  # a line that does not read, or does not fit: the whole text's error
        from rulesq.situation.build import SituationBuilder
        from rulesq.situation.parser import parse_tree

        situation = SituationBuilder(name, source, text).build(parse_tree(text, name, source))
    situation.remembered = remember
    named = sum([len(item.cards) for item in situation.items if isinstance(item, Statement)])
    check_counts(len(situation.items), len(situation.questions), source, named)
    found = get_game(name)
    try:
        found.corpus  # noqa: B018 - load it now, to report a missing corpus plainly
    except UnknownNameError:
        raise RulesqError(f"the {found.title} corpus is missing (no corpus/{name}/)") from None
    resolved = suppose_plays(resolve(situation, found), found)
    found.check_situation(resolved)
    return resolved


def read_situation(path: str | Path, game: str | None = None) -> Situation:
    """Read (a regular file, within the size limit, UTF-8), parse and resolve a situation file."""
    from rulesq.inputs import read_file

    return parse_situation(read_file(str(path)), str(path), game, remember=True)
