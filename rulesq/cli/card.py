"""``rulesq card``: a card's fields, printed text and the text in force, with its errata."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import typer

from rulesq.cli.common import GameOption, JsonOption, fail, print_json
from rulesq.cli.completion import card_names
from rulesq.corpus.fields import Lack
from rulesq.corpus.models import Card, Clause
from rulesq.errors import RulesqError, UnknownNameError
from rulesq.width import hanging


class AmbiguousCardError(RulesqError):
    """A card name found in more than one game."""


def card(
    name: Annotated[
        str,
        typer.Argument(help="The card's name (case does not matter).", autocompletion=card_names),
    ],
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
    if not found:  # a unique beginning of a name: "Some Na" for "Some Name Here"
        found = [c for g in games for c in by_prefix(load_corpus(g).cards.values(), name)]
        if len(found) > 1:
            raise AmbiguousCardError(
                f'"{name}" begins several card names: '
                + ", ".join(f'"{c.name}" ({c.game})' for c in found[:6])
                + ("…" if len(found) > 6 else "")
                + ". Give more of the name."
            )
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        where = ", ".join(c.game for c in found)
        raise AmbiguousCardError(f'"{name}" is a card in several games ({where}); add --game.')
    from rulesq.corpus.load import games_with_card

    several = len(games) > 1  # the game of each suggestion is said when any game may be meant
    names = [f"{n} ({g})" if several else n for g in games for n in load_corpus(g).card_names()]
    elsewhere = games_with_card(name) if game else []
    note = (
        f'It is a card of {", ".join(elsewhere)}: use "--game {elsewhere[0]}".'
        if elsewhere
        else None
    )
    raise UnknownNameError("card", name, names, note=note, labelled=several)


def by_prefix(cards: Iterable[Card], name: str) -> list[Card]:
    """The cards whose name begins with ``name`` (whole words; case does not matter)."""
    from rulesq.corpus.load import normalise_name

    key = normalise_name(name)
    if len(key) < 3:
        return []
    return [c for c in cards if _begins(normalise_name(c.name), key)]


def _begins(full: str, key: str) -> bool:
    """Whether ``key`` begins ``full``: whole words, or five letters or more of a word.

    A word ends at a space or a comma: an FMA name runs on after one ("Name, Title").
    """
    if not full.startswith(key) or full == key:
        return False
    return not full[len(key)].isalnum() or len(key) >= 5


def _clause(game: str, ref: str) -> Clause:
    from rulesq.corpus import load_corpus

    return load_corpus(game).clause(ref)


def as_record(card: Card, errata: list[Clause]) -> dict[str, Any]:
    """The card and its errata as a JSON object (``lacks``: the fields its type has not)."""
    return {
        "id": card.id,
        "game": card.game,
        "name": card.name,
        "type": card.type,
        "fields": dict(card.fields),
        "lacks": [
            {"fields": list(fields), "why": lack.why, "clause": lack.clause}
            for lack, fields in lacked(card)
        ],
        "printed_text": card.printed_text,
        "text_in_force": card.text,
        "errata": [{"id": c.id, "source": c.source(), "text": c.text} for c in errata],
    }


def lacked(card: Card) -> list[tuple[Lack, list[str]]]:
    """The card's empty fields its type does not have, with the entry that says so."""
    from rulesq.corpus.fields import lacks_of

    out = []
    for lack in lacks_of(card.game, card.type):
        fields = [f for f in lack.fields if f in card.fields and card.fields[f] is None]
        if fields:
            out.append((lack, fields))
    return out


def _reference(game: str, clause_id: str) -> str:
    """A clause as ``cite`` takes it: its FAQ alias (``XX-Q<n>``) when it has one, else its id."""
    import re

    from rulesq.corpus import load_corpus

    clause = load_corpus(game).clause(clause_id)
    short = [a for a in clause.aliases if re.fullmatch(r"[A-Z]+-Q\d+", a)]
    return short[0] if short else clause.id


def _text(text: str | None) -> str:
    """A text as shown: unknown (the sources never quote it) is not the same as none."""
    if text is None:
        return "(unknown: the sources do not quote it)"
    return text or "(none)"


#: Fields the corpus keeps for rulesq itself, not printed on the card (``--json`` has them).
INTERNAL = frozenset(
    {
        "type_inferred",
        "stated_in",
        "lacks_icons",
        "icons_complete",
        "shields_complete",
        "deck_text",
        "text_clause",
        "field_sources",
        "clauses",
        "text_parts",
        "keywords_complete",
        "not_keywords",
        "pack_code",
        "text_note",
        "text_assumes",
        "inline",
        "errata",
        "mentions",
    }
)


def faq_refs(card: Card) -> list[str]:
    """The FAQ questions that mention the card, by the alias ``cite`` takes (``XX-Q<n>``)."""
    import re

    from rulesq.corpus import load_corpus

    numbers = card.fields.get("mentions") or []
    if not isinstance(numbers, list) or not numbers:
        return []
    aliases: dict[str, str] = {}
    for clause in load_corpus(card.game).clauses.values():
        for alias in clause.aliases:
            match = re.fullmatch(r"[A-Z]+-Q(\d+)", alias)
            if match:
                aliases.setdefault(match.group(1), alias)
    return [aliases.get(str(n), f"Q{n}") for n in numbers]


#: The column a card's field values start in (after ``"  "`` and a 13-column label).
_VALUES = 16


def rulings_about(card: Card) -> list[str]:
    """The clauses about the card no other line shows (errata, rulings, a field's source).

    An FMA card's rulings are listed only there (``fma/cards/<card>/ruling``): no field
    of its record names them.
    """
    sources = card.fields.get("field_sources")
    cited = [v for v in sources.values() if isinstance(v, str)] if isinstance(sources, dict) else []
    shown = {*card.errata, *_ids(card.fields.get("rulings")), *cited}
    return [c for c in _ids(card.fields.get("clauses")) if c not in shown]


def _ids(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _label(key: str, game: str = "") -> str:
    """A field's name as a player reads it: its label, or ``hit_points`` as ``hit points``."""
    from rulesq.corpus.fields import labels

    given = labels(game).get(key) if game else None
    return given or key.replace("_", " ")


def _shown(value: object) -> str:
    """A field's value as a player reads it: a list joined, a flag yes, a map by its labels."""
    if value is True:
        return "yes"
    if isinstance(value, dict):
        return ", ".join(
            f"{_label(str(k))}: {'unknown' if v is None else _shown(v)}" for k, v in value.items()
        )
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value)
    return str(value)


def _stated(card: Card, key: str, value: object) -> str:
    """Where a value an FAQ answer gives comes from (a 0 from a total is no printed 0)."""
    stated = card.fields.get("stated_in")
    answer = stated.get(f"{key} value") if isinstance(stated, dict) else None
    if not isinstance(answer, str):
        return ""
    if value == 0 and card.fields.get("value") is None:  # no "Value n" given: from a total
        return f" (no printed value given: {answer}'s total counts the card as adding nothing)"
    return f" (from {answer})"


def render(card: Card, errata: list[Clause]) -> str:
    """The card as a player reads it: name, values, texts, errata and the FAQ mentions."""
    lines = [f"{card.name}  ({card.game}, {card.type or 'card of a type the sources do not give'})"]
    for key, value in card.fields.items():
        if value is None or value is False or value in ("", [], {}) or key in INTERNAL:
            continue
        source = (card.fields.get("field_sources") or {}).get(key)
        cited = f" ({source})" if isinstance(source, str) else ""
        cited += _stated(card, key, value)
        partial = f"{key}_complete"
        if card.fields.get(partial) is False:
            cited += " (those the sources mention; others unknown)"
        head = f"  {_label(key, card.game) + ':':<13} "
        # A label longer than the column (FMA's "while in play, its game text (never given)
        # changes a character's:") would push its value's next lines to the right edge.
        lines.append(hanging(head, f"{_shown(value)}{cited}", _VALUES))
    mentions = faq_refs(card)
    if mentions:
        lines.append(hanging(f"  {'FAQ:':<13} ", ", ".join(mentions)))
    about = rulings_about(card)
    if about:
        lines.append(hanging(f"  {'rulings:':<13} ", ", ".join(about)))
    missing = lacked(card)
    absent = {f for _, fields in missing for f in fields}
    unknown = [
        k for k, v in card.fields.items() if v is None and k not in INTERNAL and k not in absent
    ]
    if unknown:
        shown = ", ".join(map(_label, unknown))
        lines.append(
            hanging(f"  {'not given:':<13} ", f"{shown} (unknown: the sources do not say)")
        )
    for lack, fields in missing:
        where = f": {_reference(card.game, lack.clause)}" if lack.clause else ""
        lines.append(
            hanging(
                f"  {'has none:':<13} ", f"{', '.join(map(_label, fields))} ({lack.why}{where})"
            )
        )
    lines.append("")
    in_force = card.text if card.text is not None else "(unknown)"
    changed = card.text != card.printed_text and bool(card.errata)
    if changed:
        lines.append(hanging("Printed text:  ", card.printed_text or "(not known)"))
        lines.append(hanging("Text in force: ", in_force))
    else:
        lines.append(hanging("Text: ", _text(card.text)))
    if card.fields.get("text_note"):
        lines.append(hanging("  Note: ", str(card.fields["text_note"]), 4))
    for assumed in card.fields.get("text_assumes") or ():
        lines.append(hanging("  Assumes: ", str(assumed), 4))
    # An erratum that leaves the text as printed (a wrong collector's number) corrects the
    # card, not its text: say "erratum", not "changed by".
    label = "changed by" if changed else "erratum"
    for clause in errata:
        lines.append(hanging(f"  {label} ", f"{clause.id} ({clause.source()}):", 6))
        lines.append(hanging("    ", clause.text, 6))
    return "\n".join(lines)
