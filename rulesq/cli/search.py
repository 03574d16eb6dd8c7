"""``rulesq search``: full-text search over every clause, ranked."""

from __future__ import annotations

import re
from typing import Annotated

import typer

from rulesq.cli.common import EXIT_FAIL, GameOption, JsonOption, fail, print_json
from rulesq.errors import RulesqError

#: The most results a search shows (a larger --limit shows this many).
MAX_LIMIT = 10_000


#: The most of a query a message repeats (a query may be a whole paragraph pasted in).
QUERY_SHOWN = 60


def search(
    query: Annotated[
        str, typer.Argument(help="Words to look for, e.g. 'you may not take precedence'.")
    ],
    game: GameOption = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Most results to show.")] = 10,
    as_json: JsonOption = False,
) -> None:
    """Full-text search of the rule clauses, FAQ answers and errata.

    Clauses holding the words as typed rank first (stemmed: "ignoring" finds "ignored");
    then clauses with the words, or some of them, ranked by how many of the rarer ones
    they hold, what a clause asks (a FAQ question, a heading) weighing most. Common words
    ("the", "can", "what") are skipped, and a few everyday words also find the rulebook's
    ("throw away" finds "discard").
    A word no clause holds gets a spelling suggestion. Each hit shows its clause id, its
    source and a snippet with the matched words [marked]. Exit code 1 when nothing matches.

    Examples:

    \b
      rulesq search 'you may not take precedence'
      rulesq search 'dragon retreat' --game bluemoon --limit 5
      rulesq search 'can two ships be landed in the same turn?'
    """
    from rulesq.cli.lookup import games_to_search, marked, unmarked
    from rulesq.corpus.search import search_words

    try:
        if not any(character.isalnum() for character in query):
            raise RulesqError(
                "nothing to search for: give one or more words, e.g. "
                "\"rulesq search 'you may not'\"."
            )
        found = search_words(query, games_to_search(game), min(limit, MAX_LIMIT))
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    respelled = _respelled(query, found.suggestions)
    if as_json:
        print_json(
            {
                "query": query,
                "every_word": found.every_word,
                "did_you_mean": respelled,
                "hits": [
                    {
                        "id": h.clause_id,
                        "game": h.game,
                        "kind": h.kind,
                        "source": h.source,
                        "snippet": unmarked(h.snippet),
                        "every_word": h.every_word,
                    }
                    for h in found.hits
                ],
            }
        )
        if not found.hits:
            raise typer.Exit(EXIT_FAIL)
        return
    from rich.console import Console

    from rulesq.errors import escape_controls, quoted, shorten

    console = Console(highlight=False, soft_wrap=True)
    said = escape_controls(quoted(shorten(query, QUERY_SHOWN)))  # the query, as long as a line
    if not found.hits:
        console.print(f"No clause matches {said}.", markup=False)
    elif not found.every_word:
        console.print(
            f"No clause holds every word of {said}; clauses with some of them:", markup=False
        )
    if respelled:
        console.print(
            f"did you mean: {escape_controls(shorten(respelled, QUERY_SHOWN))}", markup=False
        )
    if not found.hits:
        raise typer.Exit(EXIT_FAIL)
    from rulesq.width import wrap

    for hit in found.hits:
        console.print(f"[bold]{hit.clause_id}[/bold]  ({hit.kind})", markup=True)
        console.print(wrap(hit.source, "  ", "    "), markup=False)
        if console.is_terminal:  # the marks in bold, wrapped to the terminal under the indent
            from rich.padding import Padding

            console.print(Padding(marked(hit.snippet), (0, 0, 0, 2)), soft_wrap=False)
        else:
            console.print(wrap(unmarked(hit.snippet), "  ", "  "), markup=False)


def _respelled(query: str, suggestions: dict[str, str]) -> str | None:
    """The query with each unknown word replaced by its suggestion; None if there is none."""
    if not suggestions:
        return None

    def swap(match: re.Match[str]) -> str:
        typed = match.group(0)
        better = suggestions.get(typed.lower(), typed)
        return better.capitalize() if typed[:1].isupper() and better != typed else better

    return re.sub(r"\w+", swap, query)
