"""Count the Warhammer texts that change the damage a unit deals in combat, and those read.

Run from the repository: ``python bench/combat_texts_warhammer.py [--list]``. A sentence of a
card of the pool changes combat damage when it says a unit deals "+N" / "+X" / "N additional"
damage or "no damage in combat". It is read when the judge counts it: a constant text whose
amount, subject, condition and count are all read (``values.unread_part``), a tactic whose
sentences that change combat damage are all read (``combat_plays``), or an Action giving its
own card +N / +X for a time whose X is read (``lasting_grants``, once its chain resolved). Any
other (an Action or Forced effect of a card in play, a tactic's unread sentence) makes the
count *cannot answer*.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass

#: A sentence that changes the damage a unit deals in combat by an amount.
CHANGES = re.compile(
    r"\+-?(?:\d+|X) damage|\d+ additional damage|additional \+\d+ damage|"
    r"deals? no damage in combat",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Found:
    """A sentence of a card that changes combat damage, and what of it is not read."""

    card: str
    kind: str
    quote: str
    unread: str


def survey() -> list[Found]:
    """Every sentence of the pool that changes combat damage, with what is not read."""
    from rulesq.corpus import load_corpus
    from rulesq.games.warhammer import combat_plays, texts
    from rulesq.games.warhammer import effects as fx
    from rulesq.games.warhammer.lasting_grants import reads
    from rulesq.games.warhammer.values import COMBAT_DAMAGE, unread_part

    found: list[Found] = []
    for card in load_corpus("warhammer").cards.values():
        text = card.text or ""
        if not CHANGES.search(text):
            continue
        if (card.type or "").lower() == "tactic":
            left = combat_plays.unread(card, CHANGES)
            for effect in texts.parsed(text).effects:
                quote = effect.span.of(text).strip()
                if CHANGES.search(quote):
                    missing = "tactic" if quote in left else ""
                    found.append(Found(card.name, "tactic", quote, missing))
            continue
        constants = {c.quote.strip(): c for c in texts.constants(text)}
        lasting = texts.lasting_self_grant(text)
        for effect in texts.parsed(text).effects:
            quote = effect.span.of(text).strip()
            if not CHANGES.search(quote):
                continue
            if lasting is not None and lasting.group(0) in quote:
                kind = "ability" if isinstance(effect, fx.Ability) else "constant"
                found.append(Found(card.name, kind, quote, "" if reads(text) else "action"))
                continue
            constant = constants.get(quote)
            if isinstance(effect, fx.Ability) or constant is None:
                kind = "ability" if isinstance(effect, fx.Ability) else "unparsed"
                found.append(Found(card.name, kind, quote, kind))
                continue
            parts = [
                unread_part(text, c, COMBAT_DAMAGE)
                for c in texts.constants(text)
                if c.quote.strip() == quote and CHANGES.search(texts.words(c.act))
            ]
            missing = next((p for p in parts if p), "" if parts else "amount")
            found.append(Found(card.name, "constant", quote, missing))
    return found


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__)
    args.add_argument("--list", action="store_true", help="list every sentence")
    listing = args.parse_args().list
    found = survey()
    read = [f for f in found if not f.unread]
    print(f"  {len(read)} of {len(found)} Warhammer sentences that change combat damage are read")
    for kind in ("constant", "tactic", "ability", "unparsed"):
        some = [f for f in found if f.kind == kind]
        if some:
            print(f"    {kind}: {sum(not f.unread for f in some)} of {len(some)} read")
    if listing:
        for f in sorted(found, key=lambda f: (f.unread, f.card)):
            print(f"  {f.unread or 'READ':10} {f.card}: {f.quote}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
