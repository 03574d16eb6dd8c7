"""Shared by the lookup commands: which games to look in, and printing marked snippets."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text


def games_to_search(game: str | None) -> list[str]:
    """The named game (checked), or every game that has a corpus."""
    from rulesq.corpus.load import available_games, no_corpus
    from rulesq.errors import RulesqError
    from rulesq.games import get_game

    if game:
        return [get_game(game).name]
    found = available_games()
    if not found:
        raise RulesqError(str(no_corpus()))
    return found


def marked(snippet: str, style: str = "bold reverse") -> Text:
    """A snippet whose marked words are styled (plain brackets-free text otherwise)."""
    from rich.text import Text

    from rulesq.corpus.search import MARK_CLOSE, MARK_OPEN

    text = Text()
    rest = snippet
    while MARK_OPEN in rest:
        before, _, after = rest.partition(MARK_OPEN)
        word, _, rest = after.partition(MARK_CLOSE)
        text.append(before)
        text.append(word, style=style)
    text.append(rest)
    return text


#: A matched word in JSON and piped output: ``**word**``. No clause of any game holds an
#: asterisk, so the mark cannot be read as the sources' own text (brackets could: ``[Flit 27]``).
PLAIN_MARK = "**"


def unmarked(snippet: str) -> str:
    """A snippet with the match marks as ``**word**`` (for JSON and plain output)."""
    from rulesq.corpus.search import MARK_CLOSE, MARK_OPEN

    return snippet.replace(MARK_OPEN, PLAIN_MARK).replace(MARK_CLOSE, PLAIN_MARK)
