"""Read a situation text or file: checked, built from its lines, resolved, checked by its game.

What :func:`rulesq.situation.parse_situation` and ``read_situation`` do, with the modules they
use imported once here (an import in a function costs each call about as much as placing an
item, and a check reads hundreds of files).
"""

from __future__ import annotations

from rulesq import games, inputs
from rulesq.errors import RulesqError, UnknownNameError
from rulesq.situation import lineitems, parser, resolve, suppose
from rulesq.situation.model import Situation, Statement

# The functions are called through their modules, as a function's own imports called them:
# a test that replaces one (to read the long way, or to count) is heard here too.


#: The text :func:`read_file` gave last (read within the size limit), until it is parsed.
_READ: list[str] = []


def read_file(name: str) -> str:
    """:func:`rulesq.inputs.read_file`."""
    text = inputs.read_file(name)
    _READ[:] = [text]
    return text


def parse(text: str, source: str, game: str | None, remember: bool) -> Situation:
    """:func:`rulesq.situation.parse_situation`.

    The text :func:`read_file` just gave is within the size limit already: only its numbers
    are checked (the limit is an environment setting, and reading one costs a file's
    resolving).
    """
    read_within = bool(_READ) and _READ.pop() is text
    text = text.removeprefix("\ufeff")  # a byte-order mark is not part of the text
    inputs.check_text(text, source, read_within)
    name = parser.find_game(text, source, default=game)
    situation = lineitems.read_by_lines(name, source, text, remember)
    if situation is None:  # a line that does not read, or does not fit: the whole text's error
        from rulesq.situation.build import SituationBuilder
        from rulesq.situation.parser import parse_tree

        situation = SituationBuilder(name, source, text).build(parse_tree(text, name, source))
    situation.remembered = remember
    named = sum([len(item.cards) for item in situation.items if isinstance(item, Statement)])
    inputs.check_counts(len(situation.items), len(situation.questions), source, named)
    found = games.get_game(name)
    try:
        found.corpus  # noqa: B018 - load it now, to report a missing corpus plainly
    except UnknownNameError:
        raise RulesqError(f"the {found.title} corpus is missing (no corpus/{name}/)") from None
    resolved = suppose.suppose_plays(resolve.resolve(situation, found), found)
    found.check_situation(resolved)
    return resolved
