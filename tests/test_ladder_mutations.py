"""The ladder decides: every perturbation of a game's ``ladder.toml`` changes some verdict.

For every game with a ladder, each mutation (two adjacent steps swapped, the ladder reversed,
each exemption dropped) is written into a copy of the corpus; ``rulesq check --json`` runs the
game's FAQ cases and its invented cases against it, and the verdicts (not the ``decided by``
labels) are compared with the true ladder's. A mutation no case notices means a step that
decides nothing: the test names it, and the cases that caught each of the others.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

from rulesq.paths import corpus_dir

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.parent.name for p in corpus_dir().glob("*/ladder.toml"))


def ladder_file(game: str) -> Path:
    return corpus_dir() / game / "ladder.toml"


@cache
def case_files(game: str) -> tuple[Path, ...]:
    """The game's FAQ cases and its invented cases (not the input errors)."""
    found = sorted((corpus_dir() / game / "cases").rglob("*.rq"))
    invented = ROOT / "tests" / "cases"
    if invented.is_dir():
        found += [
            p
            for p in sorted(invented.rglob("*.rq"))
            if p.parent.name != "input-errors"
            and re.search(rf"^game\s+{game}\b", p.read_text(encoding="utf-8"), re.M)
        ]
    return tuple(found)


def steps(game: str) -> list[str]:
    data = tomllib.loads(ladder_file(game).read_text(encoding="utf-8"))
    return [str(step["name"]) for step in data["step"]]


def mutated(text: str, mutation: str) -> str:
    """The ladder file's text with one mutation applied."""
    if mutation.startswith("no exemption"):
        return re.sub(r"(?m)^exempt = .*\n", "", text)
    head, *blocks = re.split(r"(?m)^(?=\[\[step\]\])", text)
    blocks = [block.rstrip("\n") + "\n\n" for block in blocks]
    if mutation == "reversed":
        blocks.reverse()
    else:
        upper, lower = mutation.split(" <-> ")
        i = next(n for n, b in enumerate(blocks) if f'name = "{upper}"' in b)
        j = next(n for n, b in enumerate(blocks) if f'name = "{lower}"' in b)
        blocks[i], blocks[j] = blocks[j], blocks[i]
    return head + "".join(blocks)


def mutations(game: str) -> list[str]:
    names = steps(game)
    pairs = [f"{names[i]} <-> {names[i + 1]}" for i in range(len(names) - 1)]
    exempt = "exempt = " in ladder_file(game).read_text(encoding="utf-8")
    return [*pairs, "reversed", *(["no exemption"] if exempt else [])]


def verdicts(game: str, corpus: Path, tmp: Path) -> dict[tuple[str, int], str]:
    """Every question's verdict (or status) over the game's cases, with this corpus."""
    env = {**os.environ, "RULESQ_CORPUS_DIR": str(corpus), "RULESQ_CACHE_DIR": str(tmp / "cache")}
    run = subprocess.run(
        [sys.executable, "-m", "rulesq", "check", "--json", *map(str, case_files(game))],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    out: dict[tuple[str, int], str] = {}
    for record in json.loads(run.stdout)["files"]:
        for answer in record.get("answers", []):
            verdict = answer["verdict"]
            shown = verdict["shown"] if verdict else answer["status"]
            out[(Path(record["file"]).name, answer["line"])] = shown
    return out


@cache
def _baseline(game: str, tmp: Path) -> dict[tuple[str, int], str]:
    return verdicts(game, corpus_dir(), tmp)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "mutation"), [(game, mutation) for game in GAMES for mutation in mutations(game)]
)
def test_every_ladder_mutation_changes_a_verdict(
    game: str, mutation: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    before = _baseline(game, tmp_path_factory.getbasetemp())
    copy = tmp_path_factory.mktemp("corpus")
    shutil.copytree(corpus_dir(), copy, dirs_exist_ok=True)
    ladder = copy / game / "ladder.toml"
    original = ladder.read_text(encoding="utf-8")
    changed = mutated(original, mutation)
    assert changed != original, f"the mutation '{mutation}' changed nothing in the file"
    ladder.write_text(changed, encoding="utf-8")
    after = verdicts(game, copy, tmp_path_factory.mktemp("run"))
    caught = sorted(
        f"{name}:{line} {before[key]} -> {after.get(key)}"
        for key in before
        for name, line in [key]
        if after.get(key) != before[key]
    )
    assert caught, f"no {game} case changes its verdict when the ladder is '{mutation}'"
    print(f"\n{game}, {mutation}: {len(caught)} verdicts change, e.g. {caught[:3]}")


def test_every_game_with_a_ladder_has_cases() -> None:
    assert "bluemoon" in GAMES
    assert all(case_files(game) for game in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_mutations_write_a_different_order(game: str) -> None:
    text = ladder_file(game).read_text(encoding="utf-8")
    for mutation in [m for m in mutations(game) if " <-> " in m]:
        upper, lower = mutation.split(" <-> ")
        data = tomllib.loads(mutated(text, mutation))
        names = [s["name"] for s in data["step"]]
        assert names.index(lower) + 1 == names.index(upper), (mutation, names)
    reversed_names = [s["name"] for s in tomllib.loads(mutated(text, "reversed"))["step"]]
    assert reversed_names == steps(game)[::-1]
    dropped = tomllib.loads(mutated(text, "no exemption"))["step"]
    assert all("exempt" not in step for step in dropped)
