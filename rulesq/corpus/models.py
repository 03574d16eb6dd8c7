"""The records of the corpus: clauses (citable text) and cards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: A record's fields that are a clause's or a card's own (the others go to ``extra``/``fields``).
_CLAUSE_KEYS = frozenset(
    ("id", "game", "document", "section", "kind", "text", "date", "aliases", "question")
)
_CARD_KEYS = frozenset(("id", "game", "name", "type", "text", "printed_text", "errata"))
#: A clause or card is built with its fields set in one call, not through the frozen
#: ``__init__`` (one guarded ``object.__setattr__`` a field): a corpus has hundreds, and
#: loading Blue Moon's is part of every check's start-up. The same values, in field order.
_new = object.__new__


@dataclass(frozen=True)
class Clause:
    """A citable passage: verbatim text, where it comes from and what kind of rule it is.

    ``kind`` is one of the kinds listed in ``corpus/README.md`` (``faq-answer``,
    ``rule-quote``, ``erratum``, ``list-entry``, ``clarification``, ``ruling``,
    ``qa``, ``game-rule`` …). ``extra`` holds kind-specific fields such as the card an
    erratum changes or the earlier ruling a Q&A reverses.
    """

    id: str
    game: str
    document: str
    section: str
    kind: str
    text: str
    date: str | None = None
    aliases: tuple[str, ...] = ()
    question: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Clause:
        """A clause from one line of ``clauses.jsonl`` (as ``cls(...)`` builds it)."""
        clause = _new(cls)
        clause.__dict__.update(
            id=record["id"],
            game=record["game"],
            document=record["document"],
            section=record.get("section", ""),
            kind=record["kind"],
            text=record["text"],
            date=record.get("date"),
            aliases=tuple(record.get("aliases", ())),
            question=record.get("question"),
            extra={k: v for k, v in record.items() if k not in _CLAUSE_KEYS},
        )
        return clause

    def source(self) -> str:
        """Document, section and date in one line, as a citation shows it."""
        parts = [self.document]
        if self.section:
            parts.append(self.section)
        if self.date:
            parts.append(self.date)
        return ", ".join(parts)


@dataclass(frozen=True)
class Card:
    """A card: its name, game fields, printed text and the text in force after errata.

    Values the sources never give are absent from ``fields`` (or ``None``): unknown,
    never zero.
    """

    id: str
    game: str
    name: str
    type: str
    text: str | None = None
    printed_text: str | None = None
    errata: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Card:
        """A card from one line of ``cards.jsonl`` (as ``cls(...)`` builds it)."""
        card = _new(cls)
        card.__dict__.update(
            id=record["id"],
            game=record["game"],
            name=record["name"],
            type=record.get("type", ""),
            text=record.get("text"),
            printed_text=record.get("printed_text"),
            errata=tuple(record.get("errata", ())),
            fields={k: v for k, v in record.items() if k not in _CARD_KEYS},
        )
        return card

    @property
    def changed_by_errata(self) -> bool:
        """Whether the text in force differs from the printed text."""
        return bool(self.errata) and self.text != self.printed_text
