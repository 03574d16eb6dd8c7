"""The ladder decides: every perturbation of ``ladder.toml`` changes some Blue Moon verdict.

Each mutation (two adjacent steps swapped, the ladder reversed, the PROTECTED exemption
dropped) is written into a copy of the corpus; ``rulesq check --json`` runs every Blue Moon case
and every invented Blue Moon case against it, and the verdicts (not the ``decided by`` labels)
are compared with the true ladder's. A mutation no case notices means a step that decides
nothing: the test names it, and the cases that caught each of the others.
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
LADDER = corpus_dir() / "bluemoon" / "ladder.toml"


def case_files() -> list[Path]:
    """The Blue Moon FAQ cases and the invented Blue Moon cases (not the input errors)."""
    found = sorted((corpus_dir() / "bluemoon" / "cases").rglob("*.rq"))
    invented = ROOT / "tests" / "cases"
    if invented.is_dir():
        found += [p for p in sorted(invented.rglob("*.rq")) if p.parent.name != "input-errors"
                  and re.search(r"^game\s+bluemoon\b", p.read_text(encoding="utf-8"), re.M)]
    return found


def steps() -> list[str]:
    data = tomllib.loads(LADDER.read_text(encoding="utf-8"))
    return [str(step["name"]) for step in data["step"]]


def mutated(text: str, mutation: str) -> str:
    """The ladder file's text with one mutation applied."""
    if mutation == "no exemption":
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


def mutations() -> list[str]:
    names = steps()
    pairs = [f"{names[i]} <-> {names[i + 1]}" for i in range(len(names) - 1)]
    return [*pairs, "reversed", "no exemption"]


def verdicts(corpus: Path, tmp: Path) -> dict[tuple[str, int], str]:
    """Every question's verdict (or status) over the cases, with this corpus."""
    env = {**os.environ, "RULESQ_CORPUS_DIR": str(corpus), "RULESQ_CACHE_DIR": str(tmp / "cache")}
    run = subprocess.run([sys.executable, "-m", "rulesq", "check", "--json",
                          *map(str, case_files())], capture_output=True, text=True, env=env,
                         check=False)
    assert run.returncode in (0, 1), run.stderr
    out: dict[tuple[str, int], str] = {}
    for record in json.loads(run.stdout)["files"]:
        for answer in record.get("answers", []):
            verdict = answer["verdict"]
            shown = verdict["shown"] if verdict else answer["status"]
            out[(Path(record["file"]).name, answer["line"])] = shown
    return out


@cache
def _baseline(tmp: Path) -> dict[tuple[str, int], str]:
    return verdicts(corpus_dir(), tmp)


@pytest.mark.slow
@pytest.mark.parametrize("mutation", mutations())
def test_every_ladder_mutation_changes_a_verdict(mutation: str, tmp_path_factory:
                                                 pytest.TempPathFactory) -> None:
    base_tmp = tmp_path_factory.getbasetemp()
    before = _baseline(base_tmp)
    copy = tmp_path_factory.mktemp("corpus")
    shutil.copytree(corpus_dir(), copy, dirs_exist_ok=True)
    ladder = copy / "bluemoon" / "ladder.toml"
    original = ladder.read_text(encoding="utf-8")
    changed = mutated(original, mutation)
    assert changed != original, f"the mutation '{mutation}' changed nothing in the file"
    ladder.write_text(changed, encoding="utf-8")
    after = verdicts(copy, tmp_path_factory.mktemp("run"))
    caught = sorted(f"{name}:{line} {before[key]} -> {after.get(key)}"
                    for key in before for name, line in [key] if after.get(key) != before[key])
    assert caught, f"no Blue Moon case changes its verdict when the ladder is '{mutation}'"
    print(f"\n{mutation}: {len(caught)} verdicts change, e.g. {caught[:3]}")


def test_mutations_write_a_different_order() -> None:
    text = LADDER.read_text(encoding="utf-8")
    for mutation in mutations()[:-2]:
        upper, lower = mutation.split(" <-> ")
        data = tomllib.loads(mutated(text, mutation))
        names = [s["name"] for s in data["step"]]
        assert names.index(lower) + 1 == names.index(upper), (mutation, names)
    reversed_names = [s["name"] for s in tomllib.loads(mutated(text, "reversed"))["step"]]
    assert reversed_names == steps()[::-1]
    dropped = tomllib.loads(mutated(text, "no exemption"))["step"]
    assert all("exempt" not in step for step in dropped)
