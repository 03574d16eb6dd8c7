"""Parse situation text with the game's grammar: choose it from the ``game`` line, parse."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from rulesq.errors import InputError, did_you_mean, suggest
from rulesq.games import GAMES
from rulesq.paths import grammar_dir
from rulesq.spans import NEWLINE

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from lark import Lark, Token, Tree

#: The shared grammar; a game's extension is ``situation_<game>.lark`` beside it.
BASE_GRAMMAR = "situation.lark"
_GAME_LINE = re.compile(r"^[ \t]*game[ \t]+(\S+)[ \t]*(?:#.*)?$")
_BLANK = re.compile(r"^[ \t]*(?:#.*)?$")
#: The lines ``_BLANK`` and ``_GAME_LINE`` match, to the game line, in one match of the text
#: (a line's ``\r`` before its newline is no part of it); when it fails, line by line.
_FIRST_GAME = re.compile(
    r"(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*game[ \t]+(\S+)[ \t]*(?:#[^\n]*)?\r?(?:\n|\Z)"
)


def grammar_file(game: str) -> str:
    """The grammar file that reads ``game``'s situations (its extension, or the base)."""
    if game not in GAMES:  # never a file name made of an unchecked word
        return BASE_GRAMMAR
    extension = f"situation_{game}.lark"
    return extension if (grammar_dir() / extension).is_file() else BASE_GRAMMAR


@cache
def parser_for(game: str, positions: bool = False) -> Lark:
    """The (cached) LALR parser for ``game``'s situations.

    Its trees carry no positions (Lark's ``propagate_positions`` about doubles the time of a
    parse): :func:`parse_tree` gives each line's item its span. ``positions`` asks for a
    parser that propagates them to every node.
    """
    from rulesq.larkcache import open_parser

    return open_parser(
        grammar_dir() / grammar_file(game),
        parser="lalr",
        propagate_positions=positions,
        maybe_placeholders=False,
    )


def find_game(text: str, source: str, default: str | None = None) -> str:
    """The game a situation names on its first line (``game NAME``), or ``default``.

    The ``game`` line must come before any other statement. An unknown game name is an
    error pointing at the name, with the closest game names.
    """
    if not default:  # the usual text: blank lines or comments, then a known game's line
        first = _FIRST_GAME.match(text)
        if first is not None and first.group(1).lower() in GAMES:
            return first.group(1).lower()
    for number, line in enumerate(_leading_lines(text), start=1):
        if _BLANK.match(line):
            continue
        match = _GAME_LINE.match(line)
        if not match:
            break
        name = match.group(1)
        if name.lower() not in GAMES:
            options = suggest(name, GAMES)
            raise InputError(
                f'unknown game "{name}"',
                source,
                text,
                number,
                match.start(1) + 1,
                expected=[f'"{game}"' for game in GAMES],
                suggestion=did_you_mean(options),
            )
        if default and default.lower() != name.lower():
            raise InputError(
                f'this situation is for "{name.lower()}", but --game asked for "{default.lower()}"',
                source,
                text,
                number,
                match.start(1) + 1,
                suggestion="Drop --game, or change the game line.",
            )
        return name.lower()
    if default:
        if default.lower() not in GAMES:
            from rulesq.errors import UnknownNameError

            raise UnknownNameError("game", default[:60], GAMES)
        return default.lower()
    raise InputError(
        "which game? A situation starts with a game line",
        source,
        text,
        1,
        1,
        expected=[f"game {g}" for g in GAMES],
        suggestion='Start the file with, for example, "game bluemoon" (or pass --game).',
    )


def _leading_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as :func:`rulesq.spans.text_lines` gives them, one at a time.

    :func:`find_game` reads only the lines before the first statement, not the whole text.
    """
    start, size = 0, len(text)
    while start < size:
        end = text.find(NEWLINE, start)
        if end < 0:
            end = size
        yield text[start:end].removesuffix("\r")
        start = end + 1


def parse_tree(text: str, game: str, source: str) -> Tree[Token]:
    """Parse ``text`` with ``game``'s grammar; syntax errors become friendly ``InputError``s.

    The tree is assembled from the trees of its lines, each distinct line parsed once per
    process (:mod:`rulesq.situation.lines`); when a line does not parse, the whole text is
    parsed, and its error told.
    """
    from lark.exceptions import UnexpectedInput

    from rulesq.situation.lines import parse_by_lines
    from rulesq.situation.syntax_errors import friendly_error

    body = text if text.endswith("\n") else text + "\n"
    parser = parser_for(game)
    by_lines = parse_by_lines(parser, game, body)
    if by_lines is not None:
        return with_spans(by_lines, body, game)
    try:  # a line does not parse: the whole text, for the error as it has always been told
        tree = parser.parse(body)
    except UnexpectedInput as error:
        friendly = friendly_error(error, parser, body, source, text)
    else:
        return with_spans(tree, body, game)
    from rulesq.situation.syntax_errors import NEGATIVE_NUMBER, UNCLOSED_QUOTE

    plain = friendly.message.startswith((NEGATIVE_NUMBER, UNCLOSED_QUOTE))
    other = None if plain else _other_game(friendly.source_line(), game)
    call = friendly.source_line().split(None, 1)[:1] == ["expect"]
    if not plain and other is None and call:  # a call: the nearest calls, not statements
        from rulesq.situation.forms import nearest_calls

        friendly.nearest = nearest_calls(friendly.source_line())
        friendly.forms_hint = f"Every form, with an example: rulesq forms --game {game}"
    elif not plain and other is None:
        from rulesq.situation.forms import nearest
        from rulesq.situation.syntax_errors import word_classes

        mended = _comma_left_out(friendly.source_line(), friendly.column, game)
        respelt = _respelt(friendly)
        friendly.nearest = mended or nearest(  # the line mended is the one form to offer
            respelt, game, word_classes(parser), check=_reads(game)
        )
        if not mended and respelt != friendly.source_line() and _reads(game)(respelt.strip()):
            # the line respelt reads: it is the form meant (nearest leaves the line out)
            friendly.nearest = [respelt.strip(), *friendly.nearest][:2]
        if not mended:
            from rulesq.games import get_game
            from rulesq.situation.forms import unsaid_words
            from rulesq.situation.syntax_errors import keywords_of

            # a keyword the grammar reads elsewhere is no word the language lacks, but the
            # word refused here is not read here: FMA's "deck" (no form of FMA says it)
            refused = _refused_word(friendly.source_line(), friendly.column)
            # a refused word the hint respells ("pl": Did you mean "play"?) is a slip of a
            # word the language says, not one it lacks: both would contradict each other
            slip = (friendly.suggestion or "").startswith("Did you mean ")
            friendly.unsaid = [
                word
                for word in unsaid_words(friendly.source_line(), game, word_classes(parser))
                if (word not in keywords_of(parser) or word == refused)
                and not (slip and word == refused)
            ]
            friendly.language = get_game(game).title
        friendly.forms_hint = f"Every form, with an example: rulesq forms --game {game}"
    if other is not None:
        from rulesq.games import get_game

        friendly.message = (
            f"this line is {get_game(other).title} language, but the "
            f"situation is for {get_game(game).title}"
        )
        friendly.suggestion = (
            f"Write it in {get_game(game).title}'s language, or start the file with"
            f' "game {other}".'
        )
    raise friendly


def with_spans(tree: Tree[Token], body: str, game: str) -> Tree[Token]:
    """The tree with each item's span, as Lark's ``propagate_positions`` gives it.

    The grammar reads one item per line, so the n-th item is the n-th line that is not blank
    (or only a comment): it starts at the line's first character that is not a space or a
    tab, and ends where its last token does. The tokens after its last named token are
    keywords, so that end is the line's end without a comment and trailing spaces. A
    statement's one subtree (``fact_<kind>``) spans the same text.
    """
    from lark import Tree

    items = [child for child in tree.children if isinstance(child, Tree)]
    lines = _item_lines(body)
    if len(items) != len(lines):  # never, by the grammar; the slow path is right anyway
        return parser_for(game, positions=True).parse(body)
    for item, (number, line_start, start, end) in zip(items, lines, strict=True):
        if body[end - 1] in " \t" or "#" in body[start:end]:
            # Trailing spaces or a comment: the item ends with its last token.
            last = _last_token(item)
            rest_start = last.end_pos if last is not None and last.end_pos else start
            rest = body[rest_start:end].split("#", 1)[0].rstrip(" \t")
            end = rest_start + len(rest)
        _place(item, number, line_start, start, end)
        name = str(item.data)
        if (name == "statement" or name.endswith("__statement")) and len(item.children) == 1:
            only = item.children[0]
            if isinstance(only, Tree):
                _place(only, number, line_start, start, end)
    return tree


def _respelt(error: InputError) -> str:
    """The error's line, its refused word as the hint respells it (``pl`` -> ``play``).

    The nearest forms are then those of the word the hint offers, not of another that
    happens to share the line's frame ("ask can I pl?" was offered "ask can I retreat?").
    """
    line = error.source_line()
    hint = re.match(r'Did you mean "([^"]+)"', error.suggestion or "")
    word = re.compile(r"[A-Za-z][\w'-]*").match(line, max(error.column - 1, 0))
    if hint is None or word is None:
        return line
    return line[: word.start()] + hint.group(1) + line[word.end() :]


def _refused_word(line: str, column: int) -> str:
    """The word (lower case) that starts at ``column`` of ``line``, or ``""``."""
    found = re.compile(r"[A-Za-z][\w'-]*").match(line, max(column - 1, 0))
    return found.group().lower() if found else ""


def _comma_left_out(line: str, column: int, game: str) -> list[str]:
    """The line with a comma before the word it stopped at, when that reads (a list of values)."""
    at = column - 1
    before = line[:at].rstrip()
    if not 0 < at < len(line) or not line[at].isalpha() or before.endswith((",", "(")):
        return []
    if before.rfind("(") <= before.rfind(")"):  # not inside a card's parentheses
        return []
    mended = f"{before}, {line[at:]}".strip()
    return [mended] if _reads(game)(mended) else []


def _reads(game: str) -> Callable[[str], bool]:
    """Whether ``game``'s language reads a line (on its own)."""
    from lark.exceptions import UnexpectedInput

    parser = parser_for(game)

    def reads(line: str) -> bool:
        try:
            parser.parse(line + "\n")
        except UnexpectedInput:
            return False
        return True

    return reads


def _other_game(line: str, game: str) -> str | None:
    """The other game whose language reads ``line``, when this game's does not, or None."""
    from lark.exceptions import UnexpectedInput

    if not line.strip():
        return None
    try:
        parser_for(game).parse(line + "\n")
        return None
    except UnexpectedInput:
        pass
    for other in GAMES:
        if other == game or grammar_file(other) == BASE_GRAMMAR:
            continue
        try:
            tree = parser_for(other).parse(line + "\n")
        except UnexpectedInput:
            continue
        if _phrases_known(tree, other):
            return other
    return None


def _phrases_known(tree: Tree[Token], game: str) -> bool:
    """Whether every word of several words a tree reads is one ``game`` names (as it checks)."""
    from rulesq.games import get_game

    known = {p.casefold() for p in get_game(game).flag_phrases()}
    return all(
        " ".join(str(t) for t in node.children).casefold() in known
        for node in tree.find_data("phrase_value")
    )


def _item_lines(body: str) -> list[tuple[int, int, int, int]]:
    """Each line that holds an item: its number, start, first token's start, and its end."""
    out = []
    offset = 0
    for number, line in enumerate(body.split("\n"), start=1):
        content = line.removesuffix("\r")
        if content and not _BLANK.match(content):
            lead = len(content) - len(content.lstrip(" \t"))
            out.append((number, offset, offset + lead, offset + len(content)))
        offset += len(line) + 1
    return out


def _last_token(tree: Tree[Token]) -> Token | None:
    """The last token of a tree (keywords are not in it), or None."""
    from lark import Token, Tree

    for child in reversed(tree.children):
        if isinstance(child, Token):
            return child
        if isinstance(child, Tree):
            found = _last_token(child)
            if found is not None:
                return found
    return None


def _place(tree: Tree[Token], number: int, line_start: int, start: int, end: int) -> None:
    """Give a tree of line ``number`` (which starts at ``line_start``) a span."""
    meta = tree.meta
    meta.empty = False
    meta.line = meta.end_line = number
    meta.column = start - line_start + 1
    meta.end_column = end - line_start + 1
    meta.start_pos = start
    meta.end_pos = end
