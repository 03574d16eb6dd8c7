"""``rulesq cite``: one clause, verbatim, with its source, section, date and kind."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import typer

from rulesq.cli.common import GameOption, JsonOption, fail, print_json
from rulesq.corpus.models import Clause
from rulesq.errors import RulesqError, UnknownNameError
from rulesq.width import hanging


def cite(
    clause_id: Annotated[
        str, typer.Argument(metavar="ID", help="A clause id or alias (BM-Q<n>, WHI-W<n>).")
    ],
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print a clause verbatim, with where it comes from.

    Examples:

    \b
      rulesq cite BM-Q<n>       (the n-th question of the Blue Moon FAQ)
      rulesq cite ID            (a clause id, as search and ask print them)
    """
    try:
        clause = find(clause_id, game)
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if as_json:
        print_json(as_record(clause))
        return
    typer.echo(render(clause))


def find(ref: str, game: str | None) -> Clause:
    """The clause with this id or alias, in the named game or any game."""
    from rulesq.cli.lookup import games_to_search
    from rulesq.corpus import load_corpus
    from rulesq.games import GAMES

    ref = ref.strip().strip("[]")
    prefix = ref.split("/", 1)[0].lower() if "/" in ref else None
    games = games_to_search(prefix if prefix in GAMES and not game else game)
    known: list[str] = []
    for name in games:
        corpus = load_corpus(name)
        found = corpus.find_clause(ref) or _loose(corpus.clauses.values(), ref)
        if found is not None:
            return found
        known += list(corpus.clauses)
        known += [alias for c in corpus.clauses.values() for alias in c.aliases]
    section = _section(ref, known)
    if section:
        raise RulesqError(
            f'"{ref}" is a section, not a clause: it holds {len(section)} '
            f"clause{'s' if len(section) > 1 else ''}, {section[0]}"
            + (f" to {section[-1]}" if len(section) > 1 else "")
            + f'. Cite one of them: "rulesq cite {section[0]}".'
        )
    raise UnknownNameError("clause", ref, known, note=_search_hint(ref))


def _search_hint(ref: str) -> str | None:
    """For words that are no clause id (no number, no ``/``): the search that finds them."""
    if any(c.isdigit() for c in ref) or "/" in ref or not ref.strip():
        return None
    words = " ".join(ref.split())
    typed = f"'{words}'" if " " in words else words  # the shell's quotes, in a command
    return f'A clause is cited by its id; to find one by its words, try "rulesq search {typed}".'


def _section(ref: str, ids: Iterable[str]) -> list[str]:
    """The clause ids under ``ref`` read as a section (``…/you-may-not``), in their order.

    The numbers in them count: ``…/2`` comes before ``…/11``.
    """
    import re

    head = ref.rstrip("/").lower() + "/"
    if head == "/":
        return []
    inside = [  # the game may be left out, as in a clause's id
        i for i in ids if i.lower().startswith(head) or i.lower().partition("/")[2].startswith(head)
    ]
    return sorted(
        inside,
        key=lambda i: [
            (0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", i)
        ],
    )


def _loose(clauses: Iterable[Clause], ref: str) -> Clause | None:
    """A clause by any form of its id rulesq prints.

    The id's end (``faq/section/2``, without the game), an alias in any case (``bm-q245``), or
    an alias's end (``Q245``).
    """
    key = ref.lower()
    ends = [
        c
        for c in clauses
        if c.id.lower().endswith("/" + key)
        or key in (a.lower() for a in c.aliases)
        or any(a.lower().endswith("-" + key) for a in c.aliases)
    ]
    return ends[0] if len(ends) == 1 else None


def as_record(clause: Clause) -> dict[str, Any]:
    """The clause as a JSON object."""
    return {
        "id": clause.id,
        "game": clause.game,
        "document": clause.document,
        "section": clause.section,
        "date": clause.date,
        "kind": clause.kind,
        "aliases": list(clause.aliases),
        "question": clause.question,
        "text": clause.text,
        **dict(clause.extra),
    }


def render(clause: Clause) -> str:
    """The clause as text: header lines, then the question and the verbatim text.

    The header's labels are aligned (a corpus field's name read as words: ``main section``);
    every line fits in 80 columns, the text wrapped between its words, none changed.
    """
    header = [("document", clause.document)]
    if clause.section:
        header.append(("section", clause.section))
    if clause.date:
        header.append(("date", clause.date))
    header.append(("kind", clause.kind))
    for key, value in clause.extra.items():
        if value not in (None, "", [], {}):
            shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
            header.append((key.replace("_", " "), shown))
    width = max(len(label) for label, _ in header) + 2
    lines = [clause.id + (f"  (also {', '.join(clause.aliases)})" if clause.aliases else "")]
    lines += [hanging(f"  {label + ':':<{width}}", value) for label, value in header]
    lines.append("")
    if clause.question:
        lines += [hanging("Q: ", clause.question), hanging("A: ", clause.text)]
    else:
        lines.append(hanging("", clause.text))
    return "\n".join(lines)
