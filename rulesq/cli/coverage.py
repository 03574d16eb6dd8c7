"""``rulesq coverage``: how many of a game's card texts the grammar reads fully."""

from __future__ import annotations

from typing import Any

import typer

from rulesq.cli.common import EXIT_FAIL, GameOption, JsonOption, fail, print_json
from rulesq.errors import RulesqError


def coverage(game: GameOption = None, as_json: JsonOption = False) -> None:
    """List the card texts the grammar cannot fully read; count them.

    Every card of the game's corpus with a non-empty text counts. The last line is
    "<game>: parsed X of Y card texts"; the exit code is 1 when X < Y. Without
    --game, every game that has a card-text grammar.

    Example:

    \b
      rulesq coverage --game bluemoon
    """
    from rulesq.cli.parse import _with_grammar, games_with_grammar
    from rulesq.games import get_game

    try:
        games = (
            [_with_grammar(get_game(game))]
            if game
            else [get_game(name) for name in games_with_grammar()]
        )
        reports = [_report(g.name) for g in games]
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if as_json:
        print_json(reports if game is None else reports[0])
    else:
        from rulesq.width import wrap

        for report in reports:
            for miss in report["not_parsed"]:
                typer.echo(wrap(f"{miss['card']}: {miss['text']}", ""))
                for sentence in miss["sentences"]:
                    typer.echo(wrap(f'not read: "{sentence["text"]}" ({sentence["reason"]})', "  "))
            typer.echo(
                f"{report['game']}: parsed {report['parsed']} of {report['total']} card texts"
            )
    if any(r["parsed"] < r["total"] for r in reports):
        raise typer.Exit(EXIT_FAIL)


def _report(name: str) -> dict[str, Any]:
    """The game's count and its texts not fully read."""
    from rulesq.games import get_game

    game = get_game(name)
    cards = [c for c in game.corpus.cards.values() if c.text and c.text.strip()]
    missed: list[dict[str, Any]] = []
    for card in cards:
        assert card.text is not None
        parsed = game.parse_card_text(card.text)
        if not parsed.fully_parsed:
            missed.append(
                {
                    "card": card.name,
                    "text": card.text,
                    "sentences": [
                        {"text": u.text, "reason": u.reason, "expected": list(u.expected)}
                        for u in parsed.unparsed
                    ],
                }
            )
    return {
        "game": name,
        "parsed": len(cards) - len(missed),
        "total": len(cards),
        "not_parsed": missed,
    }
