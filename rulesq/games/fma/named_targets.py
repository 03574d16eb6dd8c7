"""What a card whose text the sources never give targets or affects, as a ruling states it.

The corpus records such a ruling as a field of the card (``targets``, ``affects``), in a small
vocabulary read here: ``itself`` (the card), ``defending character`` (a defender of the
battle), ``advantage`` (an advantage card, at home too: being at home protects a character
from attacks, not a card from targeting), ``current location`` (a location in play);
``attachments`` (the attachments, not the
character bearing them). What a listed word describes is answered from the ruling; anything
else is *cannot answer*, since the rest of the card's text is not known.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import presence
from rulesq.games.fma.claims import Claim, Stance, card_claim
from rulesq.games.fma.table import key
from rulesq.games.fma.vocab import Side

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.state import State
    from rulesq.situation.model import CardRef

#: The words a ``targets`` field may hold, as the answer says them.
TARGET_WORDS = {
    "itself": "itself",
    "defending character": "the defending character",
    "advantage": "advantages (at home too)",
    "current location": "the current location",
}


def _source(card: Card, name: str) -> tuple[str, ...]:
    found = (card.fields.get("field_sources") or {}).get(name)
    return (str(found),) if found else ()


def _said(ctx: Context, card: Card, name: str) -> str:
    """The text of the clause that gives the field (the claim's quote)."""
    refs = _source(card, name)
    clause = ctx.corpus.find_clause(refs[0]) if refs else None
    return clause.text if clause is not None else f"{name}: {card.fields.get(name)}"


def has_named_targets(card: Card) -> bool:
    """Whether only a ruling's ``targets`` field says what the card targets."""
    return not card.text and isinstance(card.fields.get("targets"), list)


def _current_location(ctx: Context, target: CardRef) -> bool | None:
    """Whether the target is the current location: the one location the facts keep in play.

    None when more than one is kept in play: a game has one current location, and which it is
    the situation does not say. One that left play since is none (``still_in_play``).
    """
    if target.card is None or target.card.type != "location":
        return False
    from rulesq.games.fma.still_in_play import in_play

    here = {normalise_name(c.name) for c, _, _ in in_play(ctx.facts) if c.type == "location"}
    if normalise_name(target.card.name) not in here:
        return False
    return True if len(here) == 1 else None


def _left_play(ctx: Context, target: CardRef) -> bool:
    """Whether the facts put the target in play and it has left play since (``Presence.read``)."""
    name = normalise_name(target.card.name if target.card is not None else target.name)
    stated = any(key(r) == name for f in ctx.facts_of("in_play") for r in f.cards)
    return stated and presence.where_at(ctx.facts, name)[0] == presence.GONE


def target_claims(ctx: Context, card: Card, target: CardRef, state: State) -> list[Claim]:
    """The claims of the card's ``targets`` field on targeting ``target``."""
    words = card.fields.get("targets")
    assert isinstance(words, list)
    name = normalise_name(target.card.name if target.card is not None else target.name)
    defenders = {normalise_name(n) for n in state.battle.sides[Side.DEFENDERS]}
    fits: list[str] = []
    for word in words:
        if word == "itself" and name == normalise_name(card.name):
            fits.append(word)
        elif word == "defending character" and name in defenders:
            fits.append(word)
        elif word == "advantage" and target.card is not None and target.card.type == "advantage":
            fits.append(word)
        elif word == "current location":
            current = _current_location(ctx, target)
            if current is None:
                raise CannotAnswer(
                    f'"{card.name}" targets the current location, as a ruling states, and the '
                    "situation has more than one location in play: which is the current one "
                    f'is not said (write: "…" leaves play)'
                )
            if current:
                fits.append(word)
            elif _left_play(ctx, target):
                return [left_play_claim(ctx, card, target.name)]
    if not fits:
        listed = ", ".join(TARGET_WORDS.get(str(w), str(w)) for w in words)
        raise CannotAnswer(
            f'the sources never give the text of "{card.name}"; a ruling says it targets '
            f'{listed}, and "{target.name}" is none of them'
        )
    shown = TARGET_WORDS[fits[0]]
    return [
        card_claim(
            Stance.PERMIT,
            card,
            _said(ctx, card, "targets"),
            f'"{card.name}" targets {shown}, as a ruling states, and "{target.name}" is one',
            *_source(card, "targets"),
        )
    ]


def left_play_claim(ctx: Context, card: Card, name: str) -> Claim:
    """The no to targeting a card that left play: a card that left play is targeted by no text."""
    return card_claim(
        Stance.FORBID,
        card,
        _said(ctx, card, "targets"),
        f'"{card.name}" targets what a ruling states, and "{name}" has left play: a card that '
        "left play is targeted by no text",
        *_source(card, "targets"),
    )


def affect_claims(ctx: Context, card: Card, other: CardRef) -> list[Claim] | None:
    """The claims of an ``affects`` field on affecting ``other`` (None: the card has none)."""
    words = card.fields.get("affects")
    if card.text or not isinstance(words, list) or words != ["attachments"]:
        return None
    kind = other.card.type if other.card is not None else None
    if kind not in ("attachment", None, "character", "ally", "leader"):
        raise CannotAnswer(f'rulesq cannot tell whether "{card.name}" affects a {kind}')
    attached = kind == "attachment"
    return [
        card_claim(
            Stance.PERMIT if attached else Stance.FORBID,
            card,
            _said(ctx, card, "affects"),
            f'"{card.name}" affects the attachments, not the character bearing them, and '
            f'"{other.name}" is {"an attachment" if attached else "not an attachment"}',
            *_source(card, "affects"),
        )
    ]
