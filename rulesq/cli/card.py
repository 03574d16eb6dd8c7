"""``rulesq card``: a card's fields, printed text and the text in force, with its errata."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from rulesq.cli.common import GameOption, JsonOption, fail, print_json
from rulesq.corpus.models import Card, Clause
from rulesq.errors import RulesqError, UnknownNameError


class AmbiguousCardError(RulesqError):
    """A card name found in more than one game."""


def card(
    name: Annotated[str, typer.Argument(help="The card's name (case does not matter).")],
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a card: its fields, its text and the errata that apply.

    The printed text and the text in force are both shown when an erratum changed it,
    with the erratum cited. The game is inferred when the name is unique across games.

    Examples:

    \b
      rulesq card "NAME"
      rulesq card "NAME" --game warhammer --json
    """
    try:
        found = find(name, game)
        errata = [_clause(found.game, ref) for ref in found.errata]
    except RulesqError as error:
        raise fail(error, as_json=as_json) from None
    if as_json:
        print_json(as_record(found, errata))
        return
    typer.echo(render(found, errata))


def find(name: str, game: str | None) -> Card:
    """The card called ``name`` in the named game, or in the only game that has it."""
    from rulesq.cli.lookup import games_to_search
    from rulesq.corpus import load_corpus

    games = games_to_search(game)
    found = [c for g in games if (c := load_corpus(g).find_card(name)) is not None]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        where = ", ".join(c.game for c in found)
        raise AmbiguousCardError(f"'{name}' is a card in several games ({where}); add --game.")
    from rulesq.corpus.load import games_with_card

    names = [n for g in games for n in load_corpus(g).card_names()]
    elsewhere = games_with_card(name) if game else []
    note = (f"It is a card of {', '.join(elsewhere)}: use --game {elsewhere[0]}."
            if elsewhere else None)
    raise UnknownNameError("card", name, names, note=note)


def _clause(game: str, ref: str) -> Clause:
    from rulesq.corpus import load_corpus

    return load_corpus(game).clause(ref)


def as_record(card: Card, errata: list[Clause]) -> dict[str, Any]:
    """The card and its errata as a JSON object."""
    return {
        "id": card.id, "game": card.game, "name": card.name, "type": card.type,
        "fields": dict(card.fields), "printed_text": card.printed_text,
        "text_in_force": card.text,
        "errata": [{"id": c.id, "source": c.source(), "text": c.text} for c in errata],
    }


def _text(text: str | None) -> str:
    """A text as shown: unknown (the sources never quote it) is not the same as none."""
    if text is None:
        return "(unknown: the sources do not quote it)"
    return text or "(none)"


def render(card: Card, errata: list[Clause]) -> str:
    """The card as text: name, fields, then the texts and the errata cited."""
    lines = [f"{card.name}  ({card.game}, {card.type or 'card'})"]
    for key, value in card.fields.items():
        if value is None or value is False or value in ("", [], {}) or key in (
                "text_note", "text_assumes"):
            continue
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        lines.append(f"  {key + ':':<13} {shown}")
    unknown = [k for k, v in card.fields.items() if v is None]
    if unknown:
        lines.append(f"  {'not given:':<13} {', '.join(unknown)} (unknown: the sources do not say)")
    lines.append("")
    in_force = card.text if card.text is not None else "(unknown)"
    changed = card.text != card.printed_text and bool(card.errata)
    if changed:
        lines.append(f"Printed text:  {card.printed_text or '(not known)'}")
        lines.append(f"Text in force: {in_force}")
    else:
        lines.append(f"Text: {_text(card.text)}")
    if card.fields.get("text_note"):
        lines.append(f"  Note: {card.fields['text_note']}")
    for assumed in card.fields.get("text_assumes") or ():
        lines.append(f"  Assumes: {assumed}")
    # An erratum that leaves the text as printed (a wrong collector's number) corrects the
    # card, not its text: say "erratum", not "changed by".
    label = "changed by" if changed else "erratum"
    for clause in errata:
        lines.append(f"  {label} {clause.id} ({clause.source()}):")
        lines.append(f"    {clause.text}")
    return "\n".join(lines)
