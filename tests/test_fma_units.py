"""The FMA rulings' units: how many the cases encode, as corpus/fma/cases/README.md states.

A unit is a clause of ``corpus/fma/clauses.jsonl`` that is not a worked example (it folds into
its rule) and not one of the six paragraphs that state no ruling; a unit is encoded when a
case names it on its ``source`` line. The README's count and its list of the rest must match.
"""

from __future__ import annotations

import json
import re

from rulesq.paths import corpus_dir

FMA = corpus_dir() / "fma"
#: Paragraphs that state no ruling: three definitional, three out of scope.
NOT_UNITS = {
    "fma/rulings/discard-piles/1",
    "fma/rulings/playing-cards-and-abilities/1",
    "fma/rulings/reacts/1",
    "fma/cards/alphonse-elric-bodyguard/ruling",
    "fma/cards/zolf-j-kimbly-lunatic-prisoner/erratum",
    "fma/cards/general/1",
}


def units() -> list[str]:
    lines = (FMA / "clauses.jsonl").read_text(encoding="utf-8").splitlines()
    ids = [json.loads(line)["id"] for line in lines if line.strip()]
    return [i for i in ids if "/example-" not in i and i not in NOT_UNITS]


def encoded() -> set[str]:
    found: set[str] = set()
    for path in (FMA / "cases").rglob("*.rq"):
        for line in re.findall(r"(?m)^source\s+(.*)$", path.read_text(encoding="utf-8")):
            found |= {ref.strip() for ref in line.split(",")}
    return found


def test_at_least_100_units_are_encoded_and_the_readme_says_how_many() -> None:
    every, done = units(), encoded()
    count = sum(1 for u in every if u in done)
    assert count >= 114, count
    readme = (FMA / "cases" / "README.md").read_text(encoding="utf-8")
    said = re.search(r"leave (\d+) units: (\d+) are encoded, the (\d+) below", readme)
    assert said is not None
    assert [int(n) for n in said.groups()] == [len(every), count, len(every) - count]


def plain(text: str) -> str:
    """Lower case words only: "Envy, Father Cornello" and envy-father-cornello match."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.casefold().replace("’", "")).split())


def test_every_unit_not_encoded_is_listed_with_its_reason() -> None:
    text = (FMA / "cases" / "README.md").read_text(encoding="utf-8")
    readme, done = plain(text), encoded()
    missing = [u for u in units() if u not in done]
    assert missing
    for unit in missing:
        short = unit.removeprefix("fma/rulings/")
        named = short in text if unit.startswith("fma/rulings/") else False
        assert named or plain(unit.split("/")[2]) in readme, f"{unit} is neither encoded nor listed"
