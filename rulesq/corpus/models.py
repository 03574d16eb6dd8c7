"""The records of the corpus: clauses (citable text) and cards."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


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
        """Build a clause from one line of ``clauses.jsonl``."""
        known = {"id", "game", "document", "section", "kind", "text", "date", "aliases", "question"}
        return cls(
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
        """Build a card from one line of ``cards.jsonl``."""
        known = {"id", "game", "name", "type", "text", "printed_text", "errata"}
        return cls(
            id=record["id"],
            game=record["game"],
            name=record["name"],
            type=record.get("type", ""),
            text=record.get("text"),
            printed_text=record.get("printed_text"),
            errata=tuple(record.get("errata", ())),
            fields={k: v for k, v in record.items() if k not in known},
        )

    @property
    def changed_by_errata(self) -> bool:
        """Whether the text in force differs from the printed text."""
        return bool(self.errata) and self.text != self.printed_text
