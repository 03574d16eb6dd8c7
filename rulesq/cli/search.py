"""``rulesq search``: full-text search over every clause, ranked."""

from __future__ import annotations

from typing import Annotated

import typer

from rulesq.cli.common import GameOption, JsonOption, fail, print_json
from rulesq.errors import RulesqError

#: The most results a search shows (a larger --limit shows this many).
MAX_LIMIT = 10_000


def search(
    query: Annotated[
        str, typer.Argument(help="Words to look for, e.g. 'you may not take precedence'.")
    ],
    game: GameOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Most results to show.")] = 10,
    as_json: JsonOption = False,
) -> None:
    """Full-text search of the rule clauses, FAQ answers and errata.

    Clauses containing every word rank first (best match first, stemmed: "ignoring"
    finds "ignored"); when none does, clauses with any of the words are shown. Each hit
    shows its clause id, its source and a snippet with the matched words [marked].

    Examples:

    \b
      rulesq search 'you may not take precedence'
      rulesq search 'dragon retreat' --game bluemoon --limit 5
    """
    from rulesq.cli.lookup import games_to_search, marked, unmarked
    from rulesq.corpus.search import search_words

    try:
        if not any(character.isalnum() for character in query):
            raise RulesqError("nothing to search for: give one or more words, "
                              "e.g. rulesq search 'you may not'")
        hits, every_word = search_words(query, games_to_search(game), min(limit, MAX_LIMIT))
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if as_json:
        print_json([
            {"id": h.clause_id, "game": h.game, "kind": h.kind, "source": h.source,
             "snippet": unmarked(h.snippet)}
            for h in hits
        ])
        return
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True)
    if not hits:
        console.print(f"No clause matches {query!r}.", markup=False)
        return
    if not every_word:
        console.print(f"No clause holds every word of {query!r}; clauses with some of them:",
                      markup=False)
    for hit in hits:
        console.print(f"[bold]{hit.clause_id}[/bold]  ({hit.kind})", markup=True)
        console.print(f"  {hit.source}", markup=False)
        snippet = marked(hit.snippet) if console.is_terminal else unmarked(hit.snippet)
        console.print("  ", snippet, sep="", markup=False)
