"""Helpers shared by the per-game corpus builders: seeds, JSON lines, ids, verbatim checks."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def _shared() -> Path:
    """``../shared`` beside the checkout, or beside a folder of worktrees that holds it."""
    found = [p / "shared" for p in REPO.parents if (p / "shared" / "seeds").is_dir()]
    return found[0] if found else REPO.parent / "shared"


SHARED = _shared()
SEEDS = SHARED / "seeds"
DATA = SHARED / "data"
CORPUS = REPO / "corpus"

#: The seed document of each game (file names as in ../shared/seeds/README.md).
SEED_FILES = {
    "fma": "000_c0d48d14e61e9f82.txt",
    "warhammer": "001_5c419a11ba161c61.txt",
    "bluemoon": "002_93e0bd53df6d9c4b.txt",
}

CLAUSE_KEYS = ("id", "game", "document", "section", "kind", "date", "aliases", "question", "text")
CARD_KEYS = ("id", "game", "name", "type")


def read_seed(game: str) -> str:
    """The raw text of a game's seed document."""
    return (SEEDS / SEED_FILES[game]).read_text(encoding="utf-8")


def squash(text: str) -> str:
    """Whitespace and line breaks folded to single spaces (the verbatim comparison form)."""
    return " ".join(text.split())


def slug(text: str, limit: int = 60) -> str:
    """A lower-case hyphenated id fragment: ``"Icons: FREE"`` -> ``"icons-free"``."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    if len(words) <= limit:
        return words
    return words[:limit].rsplit("-", 1)[0]


def ordered(record: Mapping[str, Any], first: Iterable[str]) -> dict[str, Any]:
    """The record with ``first`` keys leading (when present) and the rest in given order."""
    out = {
        key: record[key]
        for key in first
        if key in record and record[key] is not None and record[key] != ()
    }
    out.update({k: v for k, v in record.items() if k not in out and k not in first})
    return out


def write_jsonl(path: Path, records: Iterable[Mapping[str, Any]], first: Iterable[str]) -> int:
    """Write records as JSON lines (keys in a fixed order); returns how many were written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    keys = tuple(first)
    count = 0
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(ordered(record, keys), ensure_ascii=False) + "\n")
            count += 1
    return count


def write_problems(game: str, problems: Iterable[str]) -> Path:
    """Write ``corpus/<game>/seed-problems.md``: the seed problems the build worked around."""
    path = CORPUS / game / "seed-problems.md"
    lines = [
        f"# Seed problems worked around: {game}",
        "",
        "Written by `corpus/build/build.py`; do not edit by hand.",
        "",
    ]
    lines += [f"- {problem}" for problem in problems]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
