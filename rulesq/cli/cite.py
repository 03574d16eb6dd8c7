"""``rulesq cite``: one clause, verbatim, with its source, section, date and kind."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import typer

from rulesq.cli.common import GameOption, JsonOption, fail, print_json
from rulesq.corpus.models import Clause
from rulesq.errors import RulesqError, UnknownNameError, did_you_mean, quoted
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
    numbered = _numbered(ref, known)
    if numbered:
        raise numbered
    section = _section(ref, known)
    if section:
        raise RulesqError(
            f'"{ref}" is a section, not a clause: it holds {len(section)} '
            f"clause{'s' if len(section) > 1 else ''}, {section[0]}"
            + (f" to {section[-1]}" if len(section) > 1 else "")
            + f'. Cite one of them: "rulesq cite {section[0]}".'
        )
    raise UnknownNameError("clause", ref, known, note=_search_hint(ref))


class PastTheEnds(RulesqError):
    """A clause number past the ends of its series: the series' ends, and any slip's fix."""

    def __init__(self, ref: str, first: str, last: str, meant: list[str]) -> None:
        self.ref, self.ends, self.meant = ref, [first, last], meant
        hint = did_you_mean(meant)
        super().__init__(
            f"unknown clause {quoted(ref)}: the numbers run from {quoted(first)} to "
            f"{quoted(last)}." + (f" {hint}" if hint else "")
        )

    def to_dict(self) -> dict[str, object]:
        """The message, the ends of the series and the suggestions, for ``--json``."""
        return {
            "error": str(self),
            "kind": "clause",
            "name": self.ref,
            "suggestions": self.meant,
            "numbered": self.ends,
        }


#: The most digits a clause number is read with: Python refuses ``int()`` of thousands.
_DIGITS = 18


def _numbered(ref: str, known: Iterable[str]) -> PastTheEnds | None:
    """For a number past the ends of its series (``XX-Q9999``): which numbers there are.

    A series is the names that differ only in their last number (``XX-Q1`` … ``XX-Q<n>``,
    ``…/battles/1``, ``…/battles/2``); ``Q9999`` and an id without its game are read as
    their ends, as :func:`_loose` reads them. A number inside the series' range that is
    missing, or a series of one, is left to the nearest names; past the ends, only the
    numbers one slip away are suggested (a digit typed twice, two swapped: ``XX-Q2455``
    for ``XX-Q245``), not every number that looks alike.
    """
    import re

    typed = re.fullmatch(r"(.*?)(\d+)(\D*)", ref)
    if typed is None:
        return None
    head, tail = typed.group(1).lower(), typed.group(3).lower()
    series: dict[int, str] = {}
    for name in known:
        found = re.fullmatch(r"(.*?)(\d+)(\D*)", name)
        if found is None or found.group(3).lower() != tail:
            continue
        stem = found.group(1).lower()
        if stem == head or (head[:1] not in "-/" and stem.endswith(("-" + head, "/" + head))):
            series.setdefault(int(found.group(2)), name)
    digits = typed.group(2)
    if len(series) < 2:
        return None  # one name is no series: the nearest names show it
    first, last = series[min(series)], series[max(series)]
    if len(digits) > _DIGITS:  # past every end: no slip of one key makes it a number there
        return PastTheEnds(ref, first, last, [])
    if min(series) <= int(digits) <= max(series):
        return None  # a number missing inside the series: the nearest names show it
    slips = [digits[:at] + digits[at + 1 :] for at in range(len(digits))]  # a key pressed twice
    for at in range(len(digits) - 1):  # two keys swapped
        slips.append(digits[:at] + digits[at + 1] + digits[at] + digits[at + 2 :])
    meant = [series[n] for n in dict.fromkeys(int(s) for s in slips if s) if n in series]
    return PastTheEnds(ref, first, last, meant)


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
