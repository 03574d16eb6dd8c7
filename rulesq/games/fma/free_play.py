"""Whether a permission to play cards without paying their cost reaches a card."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rulesq.games.fma import effects as fx

if TYPE_CHECKING:
    from rulesq.corpus.models import Card

#: The card types each selector noun names ("card" names every card).
_TYPES = {
    "event": ("event",),
    "attachment": ("attachment",),
    "ability": ("ability",),
    "event and ability": ("event", "ability"),
    "ally": ("ally",),
    "character": ("ally", "leader", "character"),
    "leader": ("leader",),
    "location": ("location",),
}


def standing(effects: list[Any]) -> list[fx.Play]:
    """The standing permissions of a text in play: ``You may play … without paying …``.

    A permission inside an activated ability acts only when the ability is used, so only the
    text's own sentences count.
    """
    inside = {id(e) for a in effects if isinstance(a, fx.Ability) for e in a.body}
    return [
        e for e in effects if isinstance(e, fx.Play) and e.may and e.free and id(e) not in inside
    ]


def fits(what: fx.Selector, card: Card) -> tuple[bool | None, str]:
    """Whether the cards a permission names include ``card`` (None: not told), and why not."""
    unfollowed = [*what.qualities, *(p.render() for p in what.postmods)]
    if what.designator is not None:
        unfollowed.append(what.designator.render())
    if what.owner is not None and what.owner.owner != "your":
        unfollowed.append(what.owner.render())
    if unfollowed:
        return None, (
            f'rulesq does not follow "{unfollowed[0]}" in "{what.render()}", so it '
            f'cannot tell whether "{card.name}" is one of them'
        )
    if what.kind != "card":
        types = _TYPES.get(what.kind)
        if types is None:
            return None, f'rulesq does not follow the cards "{what.render()}" names'
        if not card.type and what.kind == "event and ability" and _has_designator(card):
            return True, ""  # whatever its type, what it plays is an event or an ability
        if not card.type:
            return None, (
                f'rulesq cannot tell whether "{card.name}" is {what.render()} (give '
                f'its card type, e.g. card "{card.name}" event: "…")'
            )
        if card.type.casefold() not in types:
            return False, ""
    if what.faction is not None:
        faction = card.fields.get("faction")
        if not faction:
            return None, (
                f'the sources do not give the faction of "{card.name}", so rulesq '
                f"cannot tell whether it is {what.render()}"
            )
        if str(faction).casefold() != what.faction.casefold():
            return False, ""
    return True, ""


#: A boldfaced designator opening an event or an activated ability (``Main Alchemy 5:``).
_DESIGNATOR = re.compile(r"\b(?:Main|Battle|Search|React) (?:Strength|Wits|Alchemy)\b")


def _has_designator(card: Card) -> bool:
    """Whether the card's text (or an erratum's field) opens an event or an ability."""
    return bool(card.fields.get("designator")) or bool(_DESIGNATOR.search(card.text or ""))
