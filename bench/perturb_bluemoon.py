"""Perturb Blue Moon cases line by line; list every answer that changes to another answer.

Each variant changes one thing: a statement dropped, its players swapped (I/you, my/your), a
number one less or one more, the values or icons of a card line or a statement left out, the
contested element swapped, a phase one back or one on, both players' areas said to hold no
other cards, an unparsed card put in play on either side. A variant the input checks refuse is
skipped. A changed answer that is *cannot answer* is honest; every other change is listed, to be
read by hand: each must be right (a wrong one is a case and a fix).

    python bench/perturb_bluemoon.py corpus/bluemoon/cases changed.jsonl
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

from rulesq.engine import evaluate
from rulesq.errors import RulesqError
from rulesq.situation import parse_situation

#: Lines that are no statement: left as they are.
SKIP = re.compile(r"^(game|source|card |ask |expect|#)")
SWAP = {"I": "you", "you": "I", "my": "your", "your": "my", "mine": "yours", "yours": "mine"}
PHASES = (
    "Beginning of Turn",
    "Leadership",
    "Retreat from Fight?",
    "Character",
    "Booster/Support",
    "Announce Power",
    "Refresh Hand",
    "End of Turn",
)
UNPARSED = 'card "Zorblat Mystery" support: "Whenever the moon hums, frobnicate twice."'


def swapped(line: str) -> str:
    """The line with its players swapped, quoted names kept."""
    parts = re.split(r'("[^"]*")', line)
    return "".join(
        part
        if part.startswith('"')
        else re.sub(r"\b(I|you|my|your|mine|yours)\b", lambda m: SWAP[m.group(1)], part)
        for part in parts
    )


def variants(text: str) -> Iterator[tuple[str, str]]:
    """Each variant of a case's text, with a label saying what changed."""
    lines = text.split("\n")

    def put(i: int, new: list[str]) -> str:
        return "\n".join(lines[:i] + new + lines[i + 1 :])

    for i, line in enumerate(lines):
        bare = line.strip()
        card = re.match(r'^(card "[^"]+" [a-z ]+?) ?\(([^)]*)\)(.*)$', line)
        if card:
            yield f"novalues {i + 1}", put(i, [card.group(1) + card.group(3)])
        if not bare or SKIP.match(bare):
            continue
        yield f"drop {i + 1}", put(i, [])
        if swapped(line) != line:
            yield f"swap {i + 1}", put(i, [swapped(line)])
        for m in re.finditer(r"(?<![\w\"])(\d+)(?![\w\"])", line):
            for k in (int(m.group(1)) - 1, int(m.group(1)) + 1):
                if k >= 0:
                    yield (
                        f"number {i + 1}: {k}",
                        put(i, [line[: m.start()] + str(k) + line[m.end() :]]),
                    )
        if re.search(r'"\s*\((?:fire|earth)', line):
            yield f"unvalued {i + 1}", put(i, [re.sub(r'("[^"]+")\s*\([^)]*\)', r"\1", line)])
        element = re.match(r"^element (fire|earth)$", bare)
        if element:
            yield (
                f"element {i + 1}",
                put(i, [f"element {'earth' if element[1] == 'fire' else 'fire'}"]),
            )
        phase = re.match(r"^phase (.+)$", bare)
        names = [p.lower() for p in PHASES]
        if phase and phase[1].lower() in names:
            k = names.index(phase[1].lower())
            for j in (k - 1, k + 1):
                if 0 <= j < len(PHASES):
                    yield f"phase {i + 1}: {PHASES[j]}", put(i, [f"phase {PHASES[j]}"])
    asks = [k for k, line in enumerate(lines) if line.startswith("ask ")]
    if asks:
        whole = [f"{w} combat and support areas hold no other cards" for w in ("my", "your")]
        yield "whole", "\n".join(lines[: asks[0]] + whole + lines[asks[0] :])
    heads = [k for k, line in enumerate(lines) if line.startswith("game ")]
    if heads:
        at = heads[0] + 1
        for who in ("I", "you"):
            added = [UNPARSED, f'{who} have active "Zorblat Mystery"']
            yield f"unparsed {who}", "\n".join(lines[:at] + added + lines[at:])


def shown(text: str, source: str) -> list[str]:
    """Each question's verdict as shown ("-" for cannot answer)."""
    return [
        a.verdict.show() if a.verdict is not None else "-"
        for a in evaluate(parse_situation(text, source))
    ]


def run(path: str) -> tuple[int, list[list[str]]]:
    """How many variants of one case were answered, and each changed answer."""
    text = Path(path).read_text(encoding="utf-8")
    return compared(path, shown(text, path), variants(text))


def compared(
    path: str, base: list[str], variants_of_case: Iterator[tuple[str, str]]
) -> tuple[int, list[list[str]]]:
    """How many variants were answered, and each answer that changed from ``base``."""
    tried, changed = 0, []
    for label, variant in variants_of_case:
        try:
            got = shown(variant, path)
        except RulesqError:
            continue  # a state no game reaches
        tried += 1
        if len(got) == len(base):
            for n, (was, now) in enumerate(zip(base, got, strict=True), 1):
                if was != now and now != "-":
                    changed.append([path, label, f"q{n}: {was} -> {now}"])
    return tried, changed


def main(folder: str, out: str) -> None:
    """Perturb every case under ``folder``; write the changed answers to ``out``."""
    paths = sorted(str(p) for p in Path(folder).rglob("*.rq"))
    tried = found = 0
    with Pool(2) as pool, open(out, "w", encoding="utf-8") as sink:
        for count, changed in pool.imap_unordered(run, paths):
            tried += count
            found += len(changed)
            for row in changed:
                sink.write(json.dumps(row) + "\n")
    print(f"{len(paths)} cases, {tried} variants answered, {found} answers changed (not to open)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
