"""The card fields a card type lacks, and how fields read, from ``corpus/<game>/fields.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rulesq.paths import corpus_dir

#: The file, in a game's corpus folder, that lists the fields each card type lacks.
FIELDS_FILE = "fields.toml"


@dataclass(frozen=True)
class Lack:
    """Fields that cards of some types do not have, why, and the clause that says so."""

    fields: tuple[str, ...]
    types: frozenset[str]
    why: str
    clause: str | None = None
    quote: str | None = None


@cache
def lacks(game: str) -> tuple[Lack, ...]:
    """Every entry of the game's file, in its order (none when the game has no file)."""
    from rulesq.tomlcache import read_toml

    path = corpus_dir() / game / FIELDS_FILE
    if not path.is_file():
        return ()
    return tuple(
        Lack(
            fields=tuple(str(f) for f in entry.get("fields", ())),
            types=frozenset(str(t) for t in entry.get("types", ())),
            why=str(entry.get("why", "")),
            clause=str(entry["clause"]) if entry.get("clause") else None,
            quote=str(entry["quote"]) if entry.get("quote") else None,
        )
        for entry in read_toml(path).get("lacks", [])
        if isinstance(entry, dict)
    )


def lacks_of(game: str, card_type: str | None) -> list[Lack]:
    """The entries that apply to cards of ``card_type`` (none for a card of unknown type)."""
    if card_type is None:
        return []
    return [lack for lack in lacks(game) if card_type in lack.types]


@cache
def labels(game: str) -> dict[str, str]:
    """The file's ``[labels]``: a field's name as a player reads it (none when not given)."""
    from rulesq.tomlcache import read_toml

    path = corpus_dir() / game / FIELDS_FILE
    if not path.is_file():
        return {}
    table = read_toml(path).get("labels", {})
    if not isinstance(table, dict):
        return {}
    return {str(key): str(label) for key, label in table.items()}


@cache
def lacking(game: str, card_type: str | None, name: str) -> Lack | None:
    """The entry that says cards of ``card_type`` lack the field ``name``, or None."""
    return next((lack for lack in lacks_of(game, card_type) if name in lack.fields), None)
