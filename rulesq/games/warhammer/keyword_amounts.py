"""How much of a keyword (Savage 2) a unit has: its own, and what the texts in play give it.

A tactic's X that is "the amount of Savage they have" counts what the unit has, not only what
its own text prints: an attachment on it ("Attached unit gains Savage 2") and a resolved
tactic that targeted it ("Target unit you control gains Savage X, where X is its printed
power") give it the keyword too. The FAQ does not say how two values of one keyword on a unit
add up, so a unit with the keyword from two sources has an amount rulesq does not read; so
does one that any other text in play, played or resolved this turn may give it to or take it
from.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.games.warhammer import texts
from rulesq.games.warhammer.claims import Text
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.combat_plays import Played
    from rulesq.games.warhammer.values import Value

#: A sentence of an attachment that gives its unit the keyword: "Attached unit gains Savage 2".
_ATTACHED = r"^Attached unit gains {k} (?P<n>\d+)\b"
#: A tactic that gives its one target the keyword, X its printed power.
_TARGETED = (
    r"^Action: Target unit you control gains {k} X(?: until the end of the turn)?, where X is "
    r"its printed power\b"
)
#: A blanked text box (except for Traits): the unit's own keyword is gone.
_BLANK = compiled(
    r"^Treat attached unit as though its printed text box were blank \(except for Traits\)\.?$",
    re.IGNORECASE,
)
#: Words that give or take a keyword (a trigger "a unit with Savage" or "the effects of
#: Savage" does neither).
_CHANGES = r"\b(?:gains?|loses?)\s+(?:[\w-]+\s+){{0,2}}{k}\b"


def _sentences(text: str) -> list[str]:
    from rulesq.games.warhammer.parse import sentences

    return [text[start:end].strip() for start, end in sentences(text)]


def _own(target: InPlay, keyword: str, blank: Text | None) -> int | None:
    """The keyword's value on the unit's own text (0 without it; None: not read)."""
    text = target.shown_text
    if blank is not None or not text:
        return 0
    for found in texts.parsed(text).keywords():
        if found.name.casefold() == keyword.casefold():
            return found.value if isinstance(found.value, int) else None
    # The word in a sentence the grammar does not read ("Savage 3 (… dmaage …)"): not 0.
    return None if re.search(rf"\b{re.escape(keyword)}\b", text, re.IGNORECASE) else 0


def _changes(text: str, keyword: str) -> list[str]:
    """The sentences of a text that give or take the keyword."""
    pattern = compiled(_CHANGES.format(k=re.escape(keyword)), re.IGNORECASE)
    return [s for s in _sentences(re.sub(r"\s*\([^)]*\)", "", text)) if pattern.search(s)]


def amount(
    board: Board, target: InPlay, keyword: str, asker: Card, plays: list[Played], value: Value
) -> int | None:
    """The amount of ``keyword`` ``target`` has, with steps and gaps in ``value`` (None: gap).

    ``asker`` is the card whose X counts it (its own text is not a source); ``plays`` are the
    tactics that acted this turn (``combat_plays.played``).
    """
    name = keyword.title()
    attached = [c for c in board.attached_to(target) if c.shown_text]
    blank = next(
        (
            Text(c.name, s)
            for c in attached
            for s in _sentences(c.shown_text or "")
            if _BLANK.match(s)
        ),
        None,
    )
    own = _own(target, keyword, blank)
    if own is None:
        value.gaps.append(f'"{target.name}": its {name} is not a number rulesq reads')
        return None
    sources: list[tuple[int, str]] = [(own, f'"{target.name}" has {name} {own}')] if own else []
    if blank is not None:
        value.steps.append(
            f'"{blank.card}" blanks the text box of "{target.name}": its own {name} is not counted'
        )
    gaps: list[str] = []
    for card in board.cards:
        text = card.shown_text
        if not text:
            continue
        for sentence in _changes(text, keyword):
            found = re.match(_ATTACHED.format(k=re.escape(name)), sentence, re.IGNORECASE)
            if card.attached_to is not None and card.attached_to is not target and found:
                continue  # it gives the keyword to another unit
            if card is not target and card.attached_to is target and found:
                sources.append(
                    (int(found.group("n")), f'"{card.name}" gives it {name} {found["n"]}')
                )
                continue
            gaps.append(f'"{card.name}" reads "{sentence}"')
    for play in plays:
        if play.card is asker:
            continue
        for sentence in _changes(play.card.text or "", keyword):
            found = re.match(_TARGETED.format(k=re.escape(name)), sentence, re.IGNORECASE)
            if found and play.known_targets and target not in play.targets:
                continue
            power = target.card.fields.get("power") if target.card is not None else None
            if found and play.known_targets and not play.cancelled and isinstance(power, int):
                sources.append(
                    (power, f'"{play.card.name}" gives it {name} {power}, its printed power')
                )
                continue
            gaps.append(f'"{play.card.name}" acted this turn and reads "{sentence}"')
    if gaps:
        value.gaps.append(
            f'the amount of {name} "{target.name}" has is not read: ' + "; ".join(gaps)
        )
        return None
    if len(sources) > 1:
        value.gaps.append(
            f'"{target.name}" has {name} from {len(sources)} sources ('
            + "; ".join(step for _, step in sources)
            + "): how they add up is not stated by the sources"
        )
        return None
    if not sources:
        value.steps.append(f'"{target.name}" has no {name}')
        return 0
    times, step = sources[0]
    value.steps.append(step)
    return times
