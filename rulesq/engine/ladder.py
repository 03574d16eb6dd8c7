"""A game's precedence ladder: ordered, named steps read from ``corpus/<game>/ladder.toml``.

The file lists the steps highest first::

    [[step]]
    name = "you may not"          # as ``expect decided by ...`` spells it
    aliases = ["may not"]          # other spellings a judge may use (optional)
    clauses = ["RB-p17-..."]       # ids or aliases of the clauses that establish it
    kinds = ["you_may_not"]        # the kinds of rule (as the game classifies them) on it
    exempt = ["PROTECTED"]         # marks of a card the step does not reach (optional)
    description = "..."            # one line, for humans

A game without the file has no ladder (``load_ladder`` returns None). The ladder orders; the
one place that uses the order is :mod:`rulesq.engine.resolve`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulesq.errors import InputError
from rulesq.paths import corpus_dir

if TYPE_CHECKING:
    from rulesq.corpus import Clause, Corpus

LADDER_FILE = "ladder.toml"


def step_key(name: str) -> str:
    """A step name folded for comparison: case, quotes and spacing do not matter."""
    folded = name.replace("\u201c", "").replace("\u201d", "").replace('"', "").casefold()
    return " ".join(folded.replace("\u2019", "'").split()).rstrip(".")


@dataclass(frozen=True)
class LadderStep:
    """One rung of the ladder: its name, rank (0 is the highest) and the clauses behind it."""

    name: str
    rank: int
    clauses: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    exempt: tuple[str, ...] = ()
    description: str = ""

    def called(self, name: str) -> bool:
        """Whether ``name`` names this step (its name or an alias)."""
        key = step_key(name)
        return key == step_key(self.name) or key in {step_key(a) for a in self.aliases}

    def resolve_clauses(self, corpus: Corpus) -> list[Clause]:
        """The clauses behind the step that the corpus holds (missing ones are skipped)."""
        found = [corpus.find_clause(ref) for ref in self.clauses]
        return [clause for clause in found if clause is not None]


@dataclass(frozen=True)
class Ladder:
    """The ordered steps of a game's precedence, highest first."""

    game: str
    steps: tuple[LadderStep, ...]
    description: str = ""

    def step(self, name: str) -> LadderStep | None:
        """The step called ``name`` (or one of its aliases), or None."""
        asked: dict[str, LadderStep | None] | None = self.__dict__.get("_by_asked")
        if asked is not None and name in asked:  # asked for every answer a step decides
            return asked[name]
        named: dict[str, LadderStep] | None = self.__dict__.get("_by_name")
        if named is None:
            named = {}
            for step in self.steps:  # the highest step a name calls wins
                for called in (step.name, *step.aliases):
                    named.setdefault(step_key(called), step)
            object.__setattr__(self, "_by_name", named)
        if asked is None:
            asked = {}
            object.__setattr__(self, "_by_asked", asked)
        found = asked[name] = named.get(step_key(name))
        return found

    def names(self) -> list[str]:
        """The step names, highest first."""
        return [s.name for s in self.steps]

    def step_of_kind(self, kind: str) -> LadderStep | None:
        """The step on which rules of this kind sit, or None."""
        known: dict[str, LadderStep | None] | None = self.__dict__.get("_by_kind")
        if known is None:  # asked thousands of times: the answers are kept (not a field)
            known = {}
            object.__setattr__(self, "_by_kind", known)
        if kind not in known:
            known[kind] = next((s for s in self.steps if kind in s.kinds), None)
        return known[kind]


def parse_ladder(game: str, data: dict[str, Any]) -> Ladder:
    """Build a ladder from the parsed TOML document."""
    steps = []
    for rank, record in enumerate(data.get("step", [])):
        steps.append(
            LadderStep(
                name=str(record["name"]),
                rank=rank,
                clauses=tuple(record.get("clauses", ())),
                aliases=tuple(record.get("aliases", ())),
                kinds=tuple(record.get("kinds", ())),
                exempt=tuple(record.get("exempt", ())),
                description=str(record.get("description", "")),
            )
        )
    return Ladder(game=game, steps=tuple(steps), description=str(data.get("description", "")))


def load_ladder(game: str) -> Ladder | None:
    """The game's ladder from its corpus folder, or None when the game has none."""
    return _load_for(os.environ.get("RULESQ_CORPUS_DIR"), game)


@cache
def _load_for(override: str | None, game: str) -> Ladder | None:
    """The ladder for one setting of the corpus folder (found once: asked for every answer)."""
    return _load_in(str(corpus_dir()), game)


@cache
def _load_in(corpus: str, game: str) -> Ladder | None:
    return _load(Path(corpus) / game / LADDER_FILE, game)


@cache
def _load(path: Path, game: str) -> Ladder | None:
    if not path.is_file():
        return None
    from rulesq.tomlcache import read_toml

    try:
        data = read_toml(path)
    except ValueError as error:
        import tomllib

        if not isinstance(error, tomllib.TOMLDecodeError):
            raise
        text = path.read_text(encoding="utf-8")
        raise InputError(f"the ladder file is not valid TOML: {error}", str(path), text) from None
    return parse_ladder(game, data)
