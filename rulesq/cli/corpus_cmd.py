"""``rulesq corpus``: what the corpus holds, counted per game and kind."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulesq.cli.common import GameOption, JsonOption, fail, print_json
from rulesq.errors import RulesqError


def corpus(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Count the clauses (per kind) and the cards of each game.

    Example:

    \b
      rulesq corpus --game bluemoon
    """
    from rulesq.games import GAMES, get_game

    try:
        games = [get_game(game)] if game else [get_game(name) for name in GAMES]
        summary = {g.name: _summarise(g.name) for g in games}
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if as_json:
        print_json(summary)
        return
    from rich.console import Console
    from rich.table import Column, Table

    # No padding at the edges and the counts to the right: no line ends in spaces.
    table = Table("game", "what", Column("count", justify="right"), box=None, pad_edge=False)
    for name, counts in summary.items():
        for kind, count in counts["clauses"].items():
            table.add_row(name, f"clauses: {kind}", str(count))
        table.add_row(name, "clauses (all)", str(sum(counts["clauses"].values())))
        table.add_row(name, "cards", str(counts["cards"]))
    Console().print(table)


def _summarise(game: str) -> dict[str, Any]:
    from rulesq.corpus import load_corpus

    corpus = load_corpus(game)
    kinds = Counter(clause.kind for clause in corpus.clauses.values())
    return {"clauses": dict(sorted(kinds.items())), "cards": len(corpus.cards)}
