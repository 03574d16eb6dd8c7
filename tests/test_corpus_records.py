"""A corpus's clauses and cards, built from their records, are those their constructors make."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rulesq.corpus.load import CARD_FILES, CLAUSE_FILES, available_games, read_jsonl
from rulesq.corpus.models import Card, Clause
from rulesq.paths import corpus_dir


def _records(game: str, names: tuple[str, ...]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for name in names:
        path = corpus_dir() / game / name
        if path.exists():
            found += list(read_jsonl(path))
    return found


def _clause(record: dict[str, Any]) -> Clause:
    """The long way: the frozen constructor, each field given by name."""
    known = {"id", "game", "document", "section", "kind", "text", "date", "aliases", "question"}
    return Clause(
        id=record["id"],
        game=record["game"],
        document=record["document"],
        section=record.get("section", ""),
        kind=record["kind"],
        text=record["text"],
        date=record.get("date"),
        aliases=tuple(record.get("aliases", ())),
        question=record.get("question"),
        extra={k: v for k, v in record.items() if k not in known},
    )


def _card(record: dict[str, Any]) -> Card:
    """The long way, for a card."""
    known = {"id", "game", "name", "type", "text", "printed_text", "errata"}
    return Card(
        id=record["id"],
        game=record["game"],
        name=record["name"],
        type=record.get("type", ""),
        text=record.get("text"),
        printed_text=record.get("printed_text"),
        errata=tuple(record.get("errata", ())),
        fields={k: v for k, v in record.items() if k not in known},
    )


@pytest.mark.parametrize("game", available_games())
def test_every_record_builds_what_the_constructor_builds(game: str) -> None:
    kinds: list[tuple[Any, tuple[str, ...], Any]] = [
        (Clause, CLAUSE_FILES, _clause),
        (Card, CARD_FILES, _card),
    ]
    for cls, files, long_way in kinds:
        records = _records(game, files)
        assert records
        for record in records:
            fast, slow = cls.from_record(record), long_way(record)
            assert fast == slow
            assert list(vars(fast)) == list(vars(slow)), "the fields, in order"
            assert [type(v) for v in vars(fast).values()] == [type(v) for v in vars(slow).values()]
            with pytest.raises(dataclasses.FrozenInstanceError):
                fast.id = "changed"  # type: ignore[misc]


def test_a_record_is_built_without_the_constructor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted: loading a corpus calls neither class's ``__init__``."""
    calls = [0]
    for cls in (Clause, Card):
        original = cls.__init__

        def counting(self: Any, *args: Any, _original: Any = original, **named: Any) -> None:
            calls[0] += 1
            _original(self, *args, **named)

        monkeypatch.setattr(cls, "__init__", counting)
    records = _records("bluemoon", CLAUSE_FILES)
    cards = _records("bluemoon", CARD_FILES)
    built = [Clause.from_record(r) for r in records] + [Card.from_record(r) for r in cards]
    assert len(built) == len(records) + len(cards) > 100
    assert calls[0] == 0
