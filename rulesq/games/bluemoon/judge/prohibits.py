"""Which "you may not" texts in force forbid what a player would do with a text or an icon.

A player's own "I may not …" text forbids him the same way, as ordinary card text (it is not
a "you may not" text, so the ladder step that decides is card text).

A prohibition is matched on what an act does, not on its verb alone. "You may not take further
cards into your hand" forbids every act that brings cards into the hand (drawing, retrieving,
taking); "you may not take cards from your draw deck" every act that takes cards out of the draw
deck (drawing, taking); "you may not draw additional cards at the end of your turn" drawing
additional cards at that moment, and no other wording. Playing cards is judged by
``rulesq.games.bluemoon.judge.plays``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.frozen import replace
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import (
    Cards,
    DragonCount,
    Dragons,
    Place,
    Q,
    Quantity,
    ShipPlace,
    Which,
)
from rulesq.games.bluemoon.times import W
from rulesq.games.bluemoon.vocab import Role, Zone

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.times import When

#: Retrieving a card from play into the retrieving player's hand (the RETRIEVE icon).
RETRIEVE_INTO_HAND = a.Retrieve(
    cards=Cards(), into=Place(owner=Role.CONTROLLER, zones=(Zone.HAND,))
)
#: Taking cards into one's hand, whatever the way.
TAKE_INTO_HAND = a.Take(cards=Cards(), into=Place(owner=Role.CONTROLLER, zones=(Zone.HAND,)))

#: A selector and a number with nothing in them, made once (immutable): compared with often.
_NO_FILTER, _ANY = Cards(), Quantity()


def _place_of(cards: object) -> Place | None:
    """The place a card selector names (None: a reference, or no place)."""
    if isinstance(cards, Cards) and isinstance(cards.place, Place):
        return cards.place
    return None


def takes_into_hand(act: a.Act) -> bool:
    """Whether an act brings cards into its player's hand."""
    if isinstance(act, a.Draw | a.DrawTo | a.Refresh):
        return True
    if isinstance(act, a.Retrieve | a.Take):
        return act.into is not None and Zone.HAND in act.into.zones
    return False


def takes_from_deck(act: a.Act, place: Place | None) -> bool:
    """Whether an act takes cards out of its player's draw deck.

    ``place`` is where the cards the act names come from, when the act refers to cards an earlier
    act of the text found ("take the others").
    """
    if isinstance(act, a.DrawTo | a.Refresh):
        return True
    if isinstance(act, a.Draw):
        source = _place_of(act.cards)
        return source is None or Zone.DRAW_DECK in source.zones
    if isinstance(act, a.Take):
        source = _place_of(act.cards) or place
        return source is not None and Zone.DRAW_DECK in source.zones
    return False


#: The texts that forbid a player an act: "you may not …", and his own "I may not …".
BANS = (fx.Prohibition, fx.SelfRestriction)

#: Acts a text's act of the same class covers, its fields followed (``_field_covers``).
SAME_CLASS_ACTS = (
    a.Retreat,
    a.CallBluff,
    a.Attract,
    a.Discard,
    a.Refresh,
    a.Retrieve,
    a.Load,
    a.Decline,
    a.Land,
)


def in_window(forces: Forces, source: Source) -> bool:
    """Whether an effect's period ("on your turn", "on this turn", "during this fight") holds.

    A period of a forbidding text that the judge cannot yet place the act in is *cannot answer*.
    """
    limit = fx.time_of(source.effect)
    if limit is None:
        return True
    controller = source.controller
    if (
        limit.kind is W.ON_TURN
        and limit.role is not None
        and forces.state.turn_owner not in players_of(limit.role, controller)
    ):
        return False
    if limit.kind in (W.THIS_TURN, W.THIS_FIGHT) and not forces.window_open(source):
        return False
    if limit.kind in UNFOLLOWED_PERIODS and isinstance(source.effect, BANS):
        raise CannotAnswer(
            f'rulesq cannot yet tell whether "{source.card.name}"\'s time '
            f'("{limit.render()}") covers this ({source.quote})'
        )
    return True


def forbidding(
    forces: Forces, who: str, act: a.Act, *, when: When | None = None, place: Place | None = None
) -> Source | None:
    """The prohibition in force (its text not ignored) that forbids ``who`` this act, if any.

    ``when`` is the time of the text the act belongs to (for prohibitions that name a moment);
    ``place`` where the act's cards come from, when its words only refer to them.
    """
    for source in forces.effects(BANS):
        effect = source.effect
        assert isinstance(effect, BANS)
        controller = source.controller
        if who not in players_of(effect.who, controller):
            continue
        if not covers(source, effect.act, who, act, when, place, strict=True):
            continue
        if not in_window(forces, source):
            continue
        if effect.condition is not None and not holds(effect.condition, controller, forces):
            continue
        return source
    return None


def covers(
    source: Source,
    banned: a.Act,
    who: str,
    act: a.Act,
    when: When | None,
    place: Place | None,
    *,
    strict: bool = False,
) -> bool:
    """Whether a text's act (on a card of ``source``'s controller) covers ``who`` doing ``act``.

    A field of a same-class act that the judge does not follow is *cannot answer* with
    ``strict`` (a forbidding text), else not covered.
    """
    controller = source.controller
    limit = fx.time_of(source.effect)
    if isinstance(banned, a.Take):
        into = banned.into
        if (
            into is not None
            and Zone.HAND in into.zones
            and who in players_of(into.owner, controller)
        ):
            return takes_into_hand(act) and _same_moment(limit, controller, who, when)
        origin = _place_of(banned.cards)
        if (
            origin is not None
            and Zone.DRAW_DECK in origin.zones
            and who in players_of(origin.owner, controller)
        ):
            return takes_from_deck(act, place) and _same_moment(limit, controller, who, when)
        return False
    if isinstance(banned, a.Draw) and isinstance(act, a.Draw):
        wanted = banned.cards
        drawn = act.cards
        if (
            isinstance(wanted, Cards)
            and wanted.additional
            and not (isinstance(drawn, Cards) and drawn.additional)
        ):
            return False
        return _same_moment(limit, controller, who, when)
    if not isinstance(banned, SAME_CLASS_ACTS) or type(banned) is not type(act):
        return False
    common = {f.name for f in fields(a.Act)}
    for item in (f for f in fields(banned) if f.name not in common):
        followed = _field_covers(
            getattr(banned, item.name), controller, getattr(act, item.name), who
        )
        if followed is None:
            if strict:
                raise CannotAnswer(
                    f'rulesq cannot yet tell whether "{source.card.name}" '
                    f'covers this: its "{banned.render()}" is narrowed by its '
                    f"{item.name} ({source.quote})"
                )
            return False
        if not followed:
            return False
    if (
        strict
        and when is None
        and limit is not None
        and limit.kind not in (W.ON_TURN, W.THIS_TURN, W.THIS_FIGHT)
    ):
        raise CannotAnswer(
            f'rulesq cannot yet tell whether "{source.card.name}"\'s time '
            f'("{limit.render()}") is now ({source.quote})'
        )
    return _same_moment(limit, controller, who, when)


def _field_covers(mine: object, controller: str, asked: object, who: str) -> bool | None:
    """Whether one field of a text's act covers the same field of the act asked.

    None: the field narrows the act in a way the judge does not follow.
    """
    if mine is None:
        return True
    if isinstance(mine, Role):
        theirs = players_of(asked, who) if isinstance(asked, Role) else frozenset({who})
        return theirs <= players_of(mine, controller)
    if isinstance(mine, Place):
        if not isinstance(asked, Place):
            return None
        return players_of(asked.owner, who) <= players_of(mine.owner, controller) and set(
            asked.zones
        ) <= set(mine.zones)
    if isinstance(mine, Cards):
        plain = replace(mine, quantity=_ANY, place=None)
        if plain != _NO_FILTER or mine.quantity.kind not in (Q.GENERIC, Q.ANY):
            return None
        if mine.place is None:
            return True
        return _field_covers(mine.place, controller, _place_of(asked), who)
    if isinstance(mine, ShipPlace):
        if not isinstance(asked, ShipPlace) or mine.which is Which.THIS:
            return None
        if mine.which is Which.LANDED:
            return asked.which is Which.LANDED
        return _field_covers(mine.owner, controller, asked.owner, who)
    if isinstance(mine, Dragons):
        return True if mine.kind is DragonCount.GENERIC else None
    if mine == asked:
        return True
    return None


#: Periods of a prohibition that ``in_window`` cannot yet place the act in.
UNFOLLOWED_PERIODS = frozenset({W.IN_PHASE, W.DURING_PHASE, W.LAND_TURN})


def _same_moment(limit: When | None, controller: str, who: str, when: When | None) -> bool:
    """Whether a prohibition's moment (none: always) is the moment of the text's act.

    A moment is matched on its wording: "at the end of your turn" is not "if my turn is about to
    end". Periods ("on your turn", "on this turn", a phase) are checked by ``in_window``.
    """
    if (
        limit is None
        or limit.kind in (W.ON_TURN, W.THIS_TURN, W.THIS_FIGHT)
        or limit.kind in UNFOLLOWED_PERIODS
    ):
        return True
    if when is None or when.kind is not limit.kind:
        return False
    return who in players_of(limit.role, controller) and who in players_of(when.role, who)


def acts_with_places(do: a.Do) -> list[tuple[a.Act, Place | None]]:
    """The acts of a clause, each with the place the cards it refers to came from."""
    out: list[tuple[a.Act, Place | None]] = []
    last: Place | None = None
    for act in do.acts:
        out.append((act, last))
        found = _place_of(getattr(act, "cards", None))
        if found is not None:
            last = found
    return out
