"""Corrections to the card data's text, read from corpus/warhammer/text-fixes.toml.

Typos are replaced, flavour sentences left at the end of the rules text are moved to the
flavour, and trait lines left at its head are moved to the traits. Every correction must find
its words exactly where it says (else the build stops), is noted as a seed problem, and is
kept on the card (``corrections``) so that an answer can show it.
"""

from __future__ import annotations

import tomllib
from typing import Any

from common import CORPUS

FILE = CORPUS / "warhammer" / "text-fixes.toml"


def load() -> dict[str, list[dict[str, Any]]]:
    """The corrections by kind (typo, flavour, trait)."""
    with FILE.open("rb") as handle:
        return tomllib.load(handle)


def apply(cards: list[Any], problems: list[str]) -> dict[str, list[str]]:
    """Correct the pool's cards in place; each corrected card's id with what was done."""
    fixes = load()
    by_name: dict[str, list[Any]] = {}
    for card in cards:
        by_name.setdefault(card.name, []).append(card)
    done: dict[str, list[str]] = {}

    def printings(name: str) -> list[Any]:
        found = [c for c in by_name.get(name, []) if c.printed]
        if not found:
            raise ValueError(f"{FILE.name}: no card called {name!r} with a text")
        return found

    for fix in fixes.get("typo", []):
        reads, means = fix["reads"], fix["means"]
        for card in printings(fix["card"]):
            if card.printed.count(reads) != 1:
                raise ValueError(f"{FILE.name}: {card.name!r} does not read {reads!r} once")
            card.printed = card.printed.replace(reads, means)
            done.setdefault(card.id, []).append(f"the data reads '{reads}': read as '{means}'")
        problems.append(
            f"Data: {fix['card']}'s text reads '{reads}' (a misspelling or a lost mark): read "
            f"as '{means}' (text-fixes.toml)."
        )
    for fix in fixes.get("flavour", []):
        text = fix["text"]
        for card in printings(fix["card"]):
            if card.printed != text and not card.printed.endswith(" " + text):
                raise ValueError(f"{FILE.name}: {card.name!r} does not end with {text!r}")
            card.printed = card.printed[: -len(text)].rstrip()
            card.flavour = f"{text} {card.flavour}" if card.flavour else text
            done.setdefault(card.id, []).append(
                f"'{text}' is flavour text the data runs into the rules text: not read as rules"
            )
        problems.append(
            f"Data: {fix['card']}'s text ends with flavour text the builder cannot tell from "
            f"rules text ('{text}'): moved to the flavour (text-fixes.toml)."
        )
    for fix in fixes.get("trait", []):
        text = fix["text"]
        for card in printings(fix["card"]):
            if not card.printed.startswith(text + " "):
                raise ValueError(f"{FILE.name}: {card.name!r} does not start with {text!r}")
            card.printed = card.printed[len(text) :].lstrip()
            trait = text.rstrip(".")
            card.traits = [*(card.traits or []), trait]
            done.setdefault(card.id, []).append(
                f"'{text}' is a trait line the data runs into the rules text: read as the "
                f"trait {trait}"
            )
        problems.append(
            f"Data: {fix['card']}'s text starts with the trait line '{text}', which its traits "
            "field leaves out: moved to the traits (text-fixes.toml)."
        )
    return done
