"""Parse situation text with the game's grammar: choose it from the ``game`` line, parse."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from rulesq.errors import InputError, did_you_mean, suggest
from rulesq.paths import grammar_dir
from rulesq.spans import text_lines

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

#: The shared grammar; a game's extension is ``situation_<game>.lark`` beside it.
BASE_GRAMMAR = "situation.lark"
_GAME_LINE = re.compile(r"^[ \t]*game[ \t]+(\S+)[ \t]*(?:#.*)?$")
_BLANK = re.compile(r"^[ \t]*(?:#.*)?$")


def grammar_file(game: str) -> str:
    """The grammar file that reads ``game``'s situations (its extension, or the base)."""
    from rulesq.games import GAMES

    if game not in GAMES:  # never a file name made of an unchecked word
        return BASE_GRAMMAR
    extension = f"situation_{game}.lark"
    return extension if (grammar_dir() / extension).is_file() else BASE_GRAMMAR


@cache
def parser_for(game: str) -> Lark:
    """The (cached) LALR parser for ``game``'s situations."""
    from rulesq.larkcache import open_parser

    return open_parser(
        grammar_dir() / grammar_file(game),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
    )


def find_game(text: str, source: str, default: str | None = None) -> str:
    """The game a situation names on its first line (``game NAME``), or ``default``.

    The ``game`` line must come before any other statement. An unknown game name is an
    error pointing at the name, with the closest game names.
    """
    from rulesq.games import GAMES

    for number, line in enumerate(text_lines(text), start=1):
        if _BLANK.match(line):
            continue
        match = _GAME_LINE.match(line)
        if not match:
            break
        name = match.group(1)
        if name.lower() not in GAMES:
            options = suggest(name, GAMES)
            raise InputError(
                f"unknown game '{name}'",
                source,
                text,
                number,
                match.start(1) + 1,
                expected=[f"one of the games: {', '.join(GAMES)}"],
                suggestion=did_you_mean(options),
            )
        if default and default.lower() != name.lower():
            raise InputError(
                f"this situation is for {name.lower()}, but {default.lower()} was asked for",
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
        suggestion="Start the file with, for example, 'game bluemoon' (or pass --game).",
    )


def parse_tree(text: str, game: str, source: str) -> Tree[Token]:
    """Parse ``text`` with ``game``'s grammar; syntax errors become friendly ``InputError``s."""
    from lark.exceptions import UnexpectedInput

    from rulesq.situation.syntax_errors import friendly_error

    parser = parser_for(game)
    body = text if text.endswith("\n") else text + "\n"
    try:
        return parser.parse(body)
    except UnexpectedInput as error:
        friendly = friendly_error(error, parser, body, source, text)
    from rulesq.situation.syntax_errors import NEGATIVE_NUMBER, UNCLOSED_QUOTE

    plain = friendly.message.startswith((NEGATIVE_NUMBER, UNCLOSED_QUOTE))
    other = None if plain else _other_game(friendly.source_line(), game)
    if not plain and other is None:
        from rulesq.situation.forms import nearest
        from rulesq.situation.syntax_errors import word_classes

        friendly.nearest = nearest(friendly.source_line(), game, word_classes(parser))
        friendly.forms_hint = f"Every form, with an example: rulesq forms --game {game}"
    if other is not None:
        from rulesq.games import get_game

        friendly.message = (
            f"this line is {get_game(other).title} language, but the "
            f"situation is for {get_game(game).title}"
        )
        friendly.suggestion = (
            f"Write it in {get_game(game).title}'s language, or start the file with 'game {other}'."
        )
    raise friendly


def _other_game(line: str, game: str) -> str | None:
    """The other game whose language reads ``line``, when this game's does not, or None."""
    from lark.exceptions import UnexpectedInput

    from rulesq.games import GAMES

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
            parser_for(other).parse(line + "\n")
        except UnexpectedInput:
            continue
        return other
    return None
