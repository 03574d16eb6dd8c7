"""``rulesq parse``: read a card text (given, or a corpus card's) into the effect language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from rulesq.cli.common import EXIT_ERROR, GameOption, JsonOption, fail, print_json
from rulesq.errors import InputError, RulesqError

if TYPE_CHECKING:
    from rulesq.effects import ParsedText, Unparsed
    from rulesq.games import Game


class NoGrammarError(RulesqError):
    """A game without a card-text grammar, or no game said."""


def parse(
    text: Annotated[str | None, typer.Argument(help="A card text, in quotes.")] = None,
    card: Annotated[
        str | None, typer.Option("--card", "-c", help="Parse this corpus card's text instead.")
    ] = None,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Read a card text into the effect language, one node per line.

    Each effect shows the words it came from, its fields, and (Blue Moon) its ladder class
    and persistence group. A sentence the grammar does not read is an error: the text, a
    caret at the spot and what was expected there, exit code 2.

    Examples:

    \b
      rulesq parse "You may not play support cards." --game bluemoon
      rulesq parse --card NAME --json
    """
    try:
        the_game, source, card_text = _what_to_parse(text, card, game)
        parsed = the_game.parse_card_text(card_text)
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    problems = [_problem(u, parsed.text, source) for u in parsed.unparsed]
    if as_json:
        from rulesq.effects.show import parsed_to_data

        data: dict[str, Any] = {"game": the_game.name, "source": source, **parsed_to_data(parsed)}
        data["errors"] = [p.to_dict() for p in problems]
        print_json(data)
    else:
        typer.echo(_render(the_game, source, parsed))
        for problem in problems:
            typer.echo(problem.render(), err=True)
    if problems:
        raise typer.Exit(EXIT_ERROR)


def _what_to_parse(text: str | None, card: str | None, game: str | None) -> tuple[Game, str, str]:
    """The game, a name for the source, and the text to parse."""
    from rulesq.games import get_game

    if text is None and card is None:
        raise RulesqError(
            'give a card text (with "--game") or "--card NAME": nothing to parse; '
            '"rulesq parse --help" shows examples.'
        )
    if text is not None and card is not None:
        raise RulesqError('give either a card text or "--card NAME" (not both).')
    if card is not None:
        from rulesq.cli.card import find

        found = find(card, game)
        if found.text is None:  # unknown, which is not the same as none
            raise RulesqError(
                f'the sources do not quote the text of "{found.name}": there is nothing to parse'
            )
        if not found.text.strip():
            raise RulesqError(f'"{found.name}" has no card text to parse.')
        return _with_grammar(get_game(found.game)), found.name, found.text
    assert text is not None
    if not text.strip():  # as a corpus card with no text: nothing to read, not an empty tree
        raise RulesqError("the text is empty: there is nothing to parse (give a card text)")
    if game is None:
        raise NoGrammarError(
            "say which game's grammar reads the text: --game "
            + " or --game ".join(games_with_grammar())
            + "."
        )
    return _with_grammar(get_game(game)), "<text>", text


def games_with_grammar() -> list[str]:
    """The games whose module reads card text."""
    from rulesq.games import GAMES, get_game

    return [name for name in GAMES if has_card_grammar(get_game(name))]


def has_card_grammar(game: Game) -> bool:
    """Whether the game's module overrides ``parse_card_text``."""
    from rulesq.games.base import Game

    return type(game).parse_card_text is not Game.parse_card_text


def _with_grammar(game: Game) -> Game:
    if not has_card_grammar(game):
        raise NoGrammarError(
            f"{game.title} has no card-text grammar yet; games with one: "
            + ", ".join(games_with_grammar())
            + "."
        )
    return game


def _problem(unparsed: Unparsed, text: str, source: str) -> InputError:
    """An unparsed sentence as an error at its spot: caret, and what was expected."""
    start = unparsed.span.start if unparsed.span is not None else 0
    offset = unparsed.offset if unparsed.offset is not None else start
    from rulesq.spans import line_column

    line, column = line_column(text, offset)
    sentence = f'"{unparsed.text}"'
    return InputError(
        f"cannot read {sentence}: {unparsed.reason}",
        source=source,
        text=text,
        line=line,
        column=column,
        expected=list(unparsed.expected),
        suggestion=_respelt(text, offset, unparsed.expected),
    )


def _respelt(text: str, offset: int, expected: tuple[str, ...]) -> str | None:
    """``Did you mean "not"?`` when the word at ``offset`` is a misspelling of a word expected.

    Only a plain word the grammar wanted there is offered ("You may nto play" -> "not"):
    what the sentence says is otherwise the writer's.
    """
    import re

    from rulesq.errors import did_you_mean, suggest

    found = re.match(r"[A-Za-z]+", text[offset:])
    words = [w[1:-1] for w in expected if re.fullmatch(r'"[A-Za-z]+"', w)]
    if found is None or not words:
        return None
    close = [w for w in suggest(found.group(), words, limit=2) if w != found.group().lower()]
    return did_you_mean(close)


def _render(game: Game, source: str, parsed: ParsedText) -> str:
    from rulesq.effects.show import render_tree
    from rulesq.width import hanging

    head = f"{source} ({game.name})" if source != "<text>" else f"text ({game.name})"
    return hanging(f"{head}: ", parsed.text, hang=2) + "\n" + render_tree(parsed)
