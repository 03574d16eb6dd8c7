"""``rulesq rulings``: a FAQ-style document of the interactions among a set of cards."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from rulesq.cli.common import GameOption, fail, print_json
from rulesq.cli.completion import card_names
from rulesq.errors import RulesqError, os_reason
from rulesq.jsontext import to_json


def rulings(
    names: Annotated[
        list[str],
        typer.Argument(
            help="Cards of one game (two or more for rulings between them).",
            autocompletion=card_names,
        ),
    ],
    game: GameOption = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the document to this file.")
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            show_default=False,
            help="Answer the questions in N processes (default: the number of "
            "cores); the document is the same as with one.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON instead of the Markdown document.")
    ] = False,
) -> None:
    """Write FAQ-style rulings among cards (Markdown or JSON), cited.

    Every question the game's templates ask about the cards (corpus/<game>/rulings.toml) is
    answered by the judge; answers in which one card acts on another become rulings, and
    questions rulesq cannot answer are listed with the reason.

    Examples:

    \b
      rulesq rulings "Card A" "Card B"
      rulesq rulings "Card A" "Card B" --game warhammer -o rulings.md
      rulesq rulings "Card A" "Card B" --json
    """
    from rulesq.cli.card import find
    from rulesq.games import get_game
    from rulesq.pool import cores
    from rulesq.rulings import write_rulings

    try:
        cards = _distinct([(name, find(name, game)) for name in names])
        games = sorted({card.game for card in cards})
        if len(games) > 1:
            raise RulesqError(
                f"the cards come from several games ({', '.join(games)}): "
                "rulings are about cards of one game"
            )
        found = write_rulings(games[0], cards, cores() if jobs is None else jobs)
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if as_json:
        document = _as_record(found)
        if output is None:
            print_json(document)
            return

        text = to_json(document) + "\n"
    else:
        from rulesq.render.markdown import render_rulings

        text = render_rulings(found, get_game(found.game).title)
    if output is None:
        typer.echo(text, nl=False)
    else:
        _write(output, text, as_json)
        from rulesq.render.markdown import counted

        typer.echo(
            f"{output}: {counted(len(found.rulings), 'ruling')}, "
            f"{counted(len(found.open), 'open question')}"
        )


def _write(output: Path, text: str, as_json: bool) -> None:
    """Write the document to ``output``; a folder missing, read-only or full is exit 2."""
    from rulesq.errors import escape_controls, quoted

    shown = quoted(escape_controls(str(output)))
    try:
        if str(output) == "":
            raise RulesqError('"-o" needs a file name')
        output.write_text(text, encoding="utf-8", errors="replace")
    except OSError as error:
        raise fail(
            RulesqError(f"cannot write {shown}: {os_reason(error)}"), as_json=as_json
        ) from None


def _as_record(found: Any) -> dict[str, Any]:
    from rulesq.render.data import answer_to_dict

    return {
        "game": found.game,
        "cards": found.cards,
        "asked": found.asked,
        "untouched": found.untouched,
        "ruled": found.ruled,
        "left_open": found.left_open,
        "no_ruling": found.no_ruling,
        "rulings": [
            {
                "title": r.title,
                "situation": r.situation,
                "answer": answer_to_dict(r.answer, []),
                "beside": [answer_to_dict(a, []) for a in r.beside],
                "unchanged": r.unchanged,
            }
            for r in found.rulings
        ],
        "open": [
            {"title": q.title, "situation": q.situation, "reason": q.reason} for q in found.open
        ],
        "skipped": [{"title": q.title, "reason": q.reason} for q in found.skipped],
        "about": [{"clause_id": c.id, "source": c.source(), "text": c.text} for c in found.about],
    }


def _distinct(found: list[tuple[str, Any]]) -> list[Any]:
    """The cards named, refused when two names give one card (never silently one card).

    A situation names a card once, so a card's rulings against its own copy cannot be
    asked: the two would be read as one card.
    """
    first: dict[str, str] = {}
    for name, card in found:
        key = f"{card.game}/{card.id}"
        if key in first:
            named = (
                f'"{card.name}" is named twice'
                if first[key] == name
                else f'"{first[key]}" and "{name}" both name "{card.name}"'
            )
            raise RulesqError(
                f"{named}: rulings are between different cards (a card against its own "
                "copy cannot be told apart in a situation). "
                f'Name it once for the questions about it alone: rulesq rulings "{card.name}"'
            )
        first[key] = name
    return [card for _, card in found]
