"""The limits of a turn: the one character card, booster and support slots, permissions.

One character card a turn, FREE cards not counting, two matching PAIR cards counting as one and
GANG cards joining an active gang not counting; one booster or support card (none on the first
turn of a fight), more where a card text in force allows it ("one additional", "any number").
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.frozen import replace
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.claims import not_followed
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.kept import by_identity
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.state import Instance, State
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards, Noun, Place, Q, Quantity
from rulesq.games.bluemoon.times import W
from rulesq.games.bluemoon.vocab import Role
from rulesq.games.bluemoon.vocab import Zone as Area

INFINITE = 99


@dataclass
class Unit:
    """A character play for the one-character limit: one card, or a PAIR played together."""

    cards: list[Instance]
    free: bool

    @property
    def pair_open(self) -> bool:
        """Whether this is a single PAIR-able card that a matching card may still join."""
        return len(self.cards) == 1


def character_units(state: State, who: str) -> list[Unit]:
    """The character plays of the turn, PAIR cards played together counted as one."""
    units: list[Unit] = []
    for event in state.events_of("play", who, this_turn=True):
        card = event.cards[0]
        if event.data.get("bluff") or not card.is_character or event.data.get("responding"):
            continue
        if card.cancelled:
            continue
        free = bool(event.data.get("free") or event.data.get("gang"))
        last = units[-1] if units else None
        if (
            last is not None
            and last.pair_open
            and pairs(last.cards[0], card)
            and event.data.get("pair", True)
        ):
            last.cards.append(card)
            last.free = last.free or free
            continue
        units.append(Unit([card], free))
    return units


def pairs(first: Instance, second: Instance) -> bool:
    """Whether two cards make a pair: both with PAIR icons, same first word of the name."""
    return (
        "PAIR" in first.info.icons
        and "PAIR" in second.info.icons
        and first.info.first_word == second.info.first_word
    )


def support_plays(state: State, who: str, after: int = -1) -> list[str]:
    """The booster/support plays of the turn that count toward the limit.

    FREE ones do not; a bluff card is a support card play; loading a ship is instead of one.
    ``after``: only the plays after the event with this sequence number.
    """
    kinds = []
    for event in state.events:
        if event.turn != state.turn or event.who != who or event.seq <= after:
            continue
        if event.kind == "load" and not event.data.get("by_text"):
            kinds.append("support")
        if event.kind != "play" or event.data.get("responding"):
            continue
        card = event.cards[0]
        if event.data.get("bluff"):
            kind = "support"
        elif card.info.kind in ("booster", "support") and not card.cancelled:
            kind = card.info.kind
        else:
            continue  # counts toward no limit, FREE or not (its FREE flag is not tested)
        if not event.data.get("free"):
            kinds.append(kind)
    return kinds


@dataclass
class Slots:
    """How many booster and support cards a turn allows, and the texts that add to it."""

    either: int
    booster: int = 0
    support: int = 0
    sources: tuple[Source, ...] = ()

    def fits(self, kinds: list[str]) -> bool:
        """Whether these booster/support plays fit the slots."""
        booster = kinds.count("booster")
        support = kinds.count("support")
        spare_b = max(0, booster - self.booster)
        spare_s = max(0, support - self.support)
        return spare_b + spare_s <= self.either


def permissions(forces: Forces, who: str) -> list[Source]:
    """The play permissions of a player's cards in force now ("I may play …").

    One whose "if …" does not hold is not in force; one the judge cannot follow word for
    word (given to the other player, or naming more than card types: "Hyla", "PROTECTED",
    "from my discard pile") is cannot answer, never read as a wider permission.
    """
    found = []
    for source in forces.effects(fx.PlayPermission):
        effect = source.effect
        assert isinstance(effect, fx.PlayPermission)
        if who not in players_of(effect.who, source.controller) or not permission_window(
            forces, source
        ):
            continue
        if effect.who is not Role.CONTROLLER:
            raise not_followed(source, "a permission given to a player other than its own")
        if effect.condition is not None and not holds(
            effect.condition, source.controller, forces, source.card
        ):
            continue
        unfollowed = _unfollowed(effect)
        if unfollowed is not None:
            raise not_followed(source, f"the words {unfollowed} of a play permission")
        found.append(source)
    return found


@by_identity
def _unfollowed(effect: fx.PlayPermission) -> str | None:
    """The words of a play permission the judge does not follow, or None.

    Followed: the card types (or "mutant"), how many ("one additional", "any number of",
    "any"), and "from my hand" on the turn a ship lands.
    """
    cards = effect.cards
    if not isinstance(cards, Cards):
        return None
    rest = replace(cards, quantity=Quantity(), types=(), additional=False, noun=Noun.CARD)
    place = cards.place
    if (
        effect.when is not None
        and effect.when.kind is W.LAND_TURN
        and isinstance(place, Place)
        and place.zones == (Area.HAND,)
        and place.owner is Role.CONTROLLER
    ):
        rest = replace(rest, place=None)
    if rest != Cards():
        return f'"{cards.render()}"'
    return None


def ignored_permissions(forces: Forces, who: str) -> list[tuple[Source, Source]]:
    """The player's play permissions that would be in force but for an ignore effect.

    Each as (the permission, the ignore effect that silences it).
    """
    found = []
    for card in forces.state.cards:
        if card.owner != who or not forces.live(card) or forces.opposed(card) is not None:
            continue
        why = forces.text_ignored(card)
        if why is None:
            continue
        for source in effects_of(card):
            if isinstance(source.effect, fx.PlayPermission) and permission_window(forces, source):
                found.append((source, why.source))
    return found


def permits_kind(source: Source, kind: str) -> bool:
    """Whether a play permission speaks for playing a card of this kind.

    A permission naming the kind, and, by Special Rule 3, one allowing any number of support
    cards for a booster card.
    """
    effect = source.effect
    assert isinstance(effect, fx.PlayPermission)
    cards = effect.cards
    if not isinstance(cards, Cards) or not cards.types:
        return False
    kinds = {t.value for t in cards.types}
    if kind in kinds:
        return True
    return kind == "booster" and kinds == {"support"} and cards.quantity.kind is Q.ANY_NUMBER


def permission_window(forces: Forces, source: Source) -> bool:
    """Whether a permission's time holds now.

    For example "On my turn", "On this turn", "In my Character phase", "On the turn in which I
    land this ship".
    """
    effect = source.effect
    when = fx.time_of(effect)
    state = forces.state
    if when is None:
        return True
    if when.kind is W.LAND_TURN:
        return source.card.landed_turn == state.turn
    if when.kind is W.IN_PHASE:
        return state.turn_owner == source.controller
    return forces.window_open(source)


def extra_characters(forces: Forces, who: str, card: Instance) -> tuple[int, list[Source]]:
    """How many character plays beyond the one a turn allows the texts in force grant this card.

    "I may play one additional character card" grants one, "any number of character cards" any
    number; a permission without a number of cards ("any mutant") grants none.
    """
    extra = 0
    used: list[Source] = []
    for source in permissions(forces, who):
        effect = source.effect
        assert isinstance(effect, fx.PlayPermission)
        cards = effect.cards
        if (
            not isinstance(cards, Cards)
            or not cards.types
            or not any(card.info.is_a(t) for t in cards.types)
        ):
            continue
        if cards.quantity.kind is Q.ANY_NUMBER:
            extra += INFINITE
        elif cards.additional and cards.quantity.kind is Q.COUNT:
            extra += cards.quantity.n or 1
        else:
            continue
        used.append(source)
    return extra, used


def slots(forces: Forces, who: str, first_turn: bool, extra: tuple[Source, ...] = ()) -> Slots:
    """The booster/support slots of the turn (none on the first turn of a fight).

    ``extra``: permissions to count as if they were in force.
    """
    out = Slots(either=0 if first_turn else 1)
    used: list[Source] = []
    also_booster = False
    for source in [*permissions(forces, who), *extra]:
        effect = source.effect
        assert isinstance(effect, fx.PlayPermission)
        cards = effect.cards
        if not isinstance(cards, Cards) or not cards.types:
            continue
        kinds = {t.value for t in cards.types}
        if not kinds <= {"booster", "support"}:
            continue
        many = cards.quantity.kind is Q.ANY_NUMBER
        n = INFINITE if many else (cards.quantity.n or 1)
        if kinds == {"support"}:
            out.support += n
            also_booster = also_booster or many
        elif kinds == {"booster"}:
            out.booster += n
        else:
            out.either += n
        used.append(source)
    if also_booster and out.either + out.booster == 0:
        # Special Rule 3: "you may also play one booster card" beside any number of support
        # cards: one booster in all (the turn's own, or this one when the turn has none).
        out.booster = 1
    out.sources = tuple(used)
    return out
