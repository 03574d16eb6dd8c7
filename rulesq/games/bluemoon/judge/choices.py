"""The optional texts ("Now I may …") played in the fight whose use the situation leaves out.

The FAQ: 'the card text on a played card is always read out and applied, although if it uses
"may" you may choose not to take any action.' A card played in the fight whose text lets its
player, at his option, discard cards in play, shuffle the other player's cards in play into his
draw deck, take cards from the other player's hand, retrieve his own cards in play or load
cards of his hand onto the ship just played: with no use of it (and no act it makes) stated
since, the replay has not carried it out. Each is listed
with the ways its use could have gone, as the statements that say so (the judge asks the
question again with each, stated right after the play; a discard from a hand, just before the
question). A stated use carries out what needs no
further choice (:func:`shuffled_by_use`, :func:`hand_taken_by_use`); one that picks cards
("one of") is settled by the discard or retrieve stated with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from rulesq.engine.defaults import quoted
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.bluffs import UNKNOWN as UNKNOWN_BLUFF
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.prohibits import RETRIEVE_INTO_HAND, forbidding
from rulesq.games.bluemoon.judge.removals import (
    WHOLE,
    Offer,
    counted_exception,
    fits,
    offers_of,
    options_of,
    play_discard,
    them_of,
    with_interference_effects,
)
from rulesq.games.bluemoon.judge.searches import (
    exchange_candidates,
    exchange_ways,
    exchanged_for,
    selected_from_deck,
    selection_ways,
)
from rulesq.games.bluemoon.judge.select import matches
from rulesq.games.bluemoon.judge.state import ME, Event, Instance, Zone, other, state_after
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import CardChoice, Cards, Place, ShipPlace, Which
from rulesq.games.bluemoon.vocab import Role

if TYPE_CHECKING:
    from collections.abc import Iterator

#: At most this many cards are tried as the cards an unstated optional text may take, and this
#: many ways of taking them: beyond, the choice is not tried (no answer may rest on it).
CHOICE_CARDS = 8
CHOICE_WAYS = 6
#: A search of a pile may take any card of the game that fits and the situation places nowhere
#: else: this many such ways are tried (a pick of "one influence card" names each of them).
SEARCH_WAYS = 12
#: The stated events that are an optional text's act, by the kind of act.
IN_PLAY_ACTS = frozenset({"discard"})
HAND_ACTS = frozenset({"discard"})
RETRIEVES = frozenset({"retrieve"})
LOADS = frozenset({"load"})
EXCHANGES = frozenset({"exchange"})
#: A pick from the draw deck is stated by the card it plays or loads.
SELECTS = frozenset({"play", "load"})
NONE: frozenset[str] = frozenset()
#: The question kinds about a choice itself (see ``Pending.about``).
RETRIEVE_ASKS = frozenset({"can_retrieve"})
DISCARD_ASKS = frozenset({"can_discard"})
LOAD_ASKS = frozenset({"can_load", "can_load_any"})
EXCHANGE_ASKS = frozenset({"can_exchange"})
SELECT_ASKS = frozenset({"can_play_from_deck", "can_load", "can_load_any"})
#: The question kinds about the choice when they name a card it could take (the condition it
#: reads: a card the exchange takes is on the discard pile as the text is read, FAQ,
#: Influence and Achievement Cards).
TAKEN_ASKS = frozenset({"in_discard_pile"})
HAND_ASKS = frozenset(
    {"can_discard", "satisfied", "discard_value", "who_chooses", "must_discard", "discard_count"}
)


@dataclass
class Pending:
    """An optional text of a card played this fight whose use the situation does not state."""

    source: Source
    #: The line of the play the text acted at (the choice is made then).
    line: int
    #: Each way to use the text: the statement that says so, and how a reason names it (None:
    #: too many ways to try).
    ways: list[tuple[str, str]] | None
    #: Whether the use alone says what the text did (``I use the special power text of …``).
    whole: bool
    #: The statement that says what a use did when the use alone does not ("retrieve").
    act: str = "discard"
    #: The use is stated, but not what it did (the cards it chose): no way is "not used".
    use_stated: bool = False
    #: A discard from the player's own hand ("… from my hand to attract one dragon").
    hand: bool = False
    #: The player who chooses, when not the text's player ("we both may discard …").
    actor: str | None = None
    #: The line each way is stated before (None: the line after the play). A discard from a
    #: hand is stated just before the question: when both players choose, the other player of
    #: a Chosen One acts first (FAQ, Card Play: Timing), after what the situation states of it.
    at: int | None = None
    #: The cards (names) the choice could take, whose state it reads (``TAKEN_ASKS``).
    takes: frozenset[str] = frozenset()
    #: Whether the text acted as its card was played (else: a use of an active card's text).
    played: bool = True

    def is_about(self, kind: str, names: list[str]) -> bool:
        """Whether a question (its kind, the cards it names) asks about this choice itself."""
        return kind in self.about or (
            kind in TAKEN_ASKS and any(name in self.takes for name in names)
        )

    @property
    def where(self) -> int:
        """The line each way is stated before."""
        return self.at if self.at is not None else self.line + 1

    @property
    def about(self) -> frozenset[str]:
        """The question kinds about this choice itself, answered as the text acts.

        Whether a card may be retrieved is read at the choice (its condition, that the card is
        active, is the card's state as the text is played); whether it is active after the
        play is not: the unstated retrieve may have taken it, as an unstated discard may.
        Whether a card may be discarded is read at the choice, likewise.
        """
        if self.hand:
            return HAND_ASKS
        if self.act == "exchange":
            return EXCHANGE_ASKS
        if self.act == "select":
            return SELECT_ASKS
        if self.act == "load":
            return LOAD_ASKS
        return RETRIEVE_ASKS if self.act == "retrieve" else DISCARD_ASKS

    @property
    def what(self) -> str:
        """The choice, as the answer names it."""
        verb = "was played with" if self.played else "was used:"
        return f'"{self.source.card.name}" {verb} "{self.source.quote}"'

    @property
    def player(self) -> str:
        """The player who chooses, as a statement writes him (I / you)."""
        return "I" if (self.actor or self.source.controller) == ME else "you"

    @property
    def chooser(self) -> str:
        """Who chooses, as a reason names him."""
        if self.actor is None or self.actor == self.source.controller:
            return "its player"
        return "the other player"

    @property
    def hint(self) -> str:
        """How the situation may state the choice."""
        if self.whole:
            return f"say {self.use_line}, or say nothing if it was not used"
        if self.act == "select":
            poss = "my" if self.player == "I" else "your"
            return (
                f"state what it did: {self.player} play … from {poss} draw deck / {self.player} "
                f"load a card from {poss} draw deck onto …, or {self.no_use_line}"
            )
        if self.ways is None or self.act == "exchange":
            return f"state what it did: {self.player} {self.act} …, or {self.no_use_line}"
        return f"state what it did: {self.player} {self.act} …, or say nothing if it was not used"

    @property
    def no_use_line(self) -> str:
        """The statement that the text was not used."""
        return f"{self.player} do not use the special power text of {quoted(self.source.card.name)}"

    @property
    def use_line(self) -> str:
        """The statement of the text's use."""
        return f"{self.player} use the special power text of {quoted(self.source.card.name)}"


def _acts(source: Source) -> Iterator[tuple[a.Do, a.Act]]:
    """Each act the text's player may do ("I may …"), with its clause."""
    effect = source.effect
    if not isinstance(effect, fx.ActionEffect):
        return
    for do in effect.dos:
        if do.mode is a.Mode.MAY and do.actor in (Role.CONTROLLER, Role.BOTH):
            for act in do.acts:
                yield do, them_of(act, effect)  # "one of them": the cards its condition counts


def _hand_taken(act: a.Act) -> int | None:
    """How many cards an act takes from the other player's hand, or None for another act."""
    if isinstance(act, a.Force) and act.who is Role.OPPONENT:
        for inner in act.acts:
            if isinstance(inner, a.Discard) and _from_hand(inner.cards):
                return _number(inner.cards)
    if isinstance(act, a.Draw) and _from_hand(act.cards, Role.OPPONENT):
        return _number(act.cards)
    return None


def _from_hand(cards: object, owner: Role = Role.OPPONENT) -> bool:
    place = cards.place if isinstance(cards, Cards) else None
    return (
        isinstance(place, Place)
        and place.owner is owner
        and any(z.value == "hand" for z in place.zones)
    )


def _number(cards: object) -> int | None:
    """The fixed number of cards a selector names ("two cards"), or None."""
    if not isinstance(cards, Cards):
        return None
    quantity = cards.quantity
    return quantity.n if quantity.kind.value in ("count", "article", "of") else None


def _shuffle_away(act: a.Act) -> Cards | None:
    """The other player's cards in play an act shuffles into his draw deck, or None."""
    if isinstance(act, a.Force) and act.who is Role.OPPONENT:
        for inner in act.acts:
            what, into = getattr(inner, "what", None), getattr(inner, "into", None)
            if (
                isinstance(inner, a.Shuffle)
                and isinstance(what, Cards)
                and isinstance(into, Place)
                and any(z.value == "draw deck" for z in into.zones)
                and isinstance(what.place, Place)
                and not any(z.value == "hand" for z in what.place.zones)
            ):
                return what
    return None


def _retrieved(act: a.Act) -> Cards | None:
    """The player's own cards in play an act takes back into his hand, or None."""
    if isinstance(act, a.Retrieve) and isinstance(act.cards, Cards):
        place = act.cards.place
        if place is None or (
            isinstance(place, Place) and not any(z.value == "discard pile" for z in place.zones)
        ):
            return act.cards
    return None


def _own_hand_discard(act: a.Act) -> bool:
    """Whether an act discards cards from its player's own hand ("to attract one dragon").

    A choice of selectors ("two leadership cards, two Hyla cards or two crystal cards from my
    hand") when each of them is of the hand.
    """
    if not isinstance(act, a.Discard):
        return False
    options = act.cards.options if isinstance(act.cards, CardChoice) else (act.cards,)
    return all(
        _from_hand(cards, Role.CONTROLLER) or _from_hand(cards, Role.BOTH) for cards in options
    )


def _own_hand_load(act: a.Act) -> int | None:
    """How many cards at most an act loads from its player's hand onto this ship, or None."""
    if (
        isinstance(act, a.Load)
        and isinstance(act.onto, ShipPlace)
        and act.onto.which is Which.THIS
        and _from_hand(act.cards, Role.CONTROLLER)
        and isinstance(act.cards, Cards)
    ):
        return act.cards.quantity.n
    return None


#: Whether each effect lets its player act at his option (:func:`optional_kind`), by the
#: effect, kept with it (a parsed text's effects are immutable, shared by every card of the
#: text). Asked of every card played this fight, for every answer and re-ask. Bounded:
#: cleared when full.
_OPTIONAL: dict[int, tuple[object, bool]] = {}
_OPTIONAL_KEPT = 4096


def optional_kind(source: Source) -> bool:
    """Whether a text lets its player act at his option on cards in play or in a hand.

    It reads the effect alone (its acts), so it is found once per effect.
    """
    effect = source.effect
    found = _OPTIONAL.get(id(effect))
    if found is not None and found[0] is effect:
        return found[1]
    optional = _optional_kind(source)
    if len(_OPTIONAL) >= _OPTIONAL_KEPT:
        _OPTIONAL.clear()
    _OPTIONAL[id(effect)] = (effect, optional)
    return optional


def _optional_kind(source: Source) -> bool:
    """:func:`optional_kind`, found from the effect's acts."""
    return any(
        play_discard(act)
        or _own_hand_discard(act)
        or _own_hand_load(act) is not None
        or _hand_taken(act) is not None
        or _shuffle_away(act) is not None
        or _retrieved(act) is not None
        or exchanged_for(act) is not None
        or selected_from_deck(source, act) is not None
        for _, act in _acts(source)
    )


def _unwrapped(sources: list[Source]) -> list[Source]:
    """The sources, an interference card's effects in place of its trigger."""
    out: list[Source] = []
    for source in sources:
        effect = source.effect
        if isinstance(effect, fx.InterferenceTrigger):
            out += [Source(source.card, inner, source.index) for inner in effect.effects]
        else:
            out.append(source)
    return out


def _condition_holds(forces: Forces, source: Source) -> bool:
    condition = fx.condition_of(source.effect)
    return condition is None or holds(condition, source.controller, forces, source.card)


def pending_choices(forces: Forces, before: int | None = None) -> list[Pending]:
    """The optional texts of cards played this fight (before line ``before``) left unstated."""
    state = forces.state
    plays = [
        e
        for e in state.fight_events("play")
        if e.cards
        and e.line is not None
        and (before is None or e.line < before)
        and any(optional_kind(s) for s in _unwrapped(effects_of(e.cards[0])))
    ]
    out: list[Pending] = []
    for event in plays:
        card = event.cards[0]
        if card.cancelled:
            continue  # cancelled as it was played: its text never acted
        live = card.zone is Zone.GONE or forces.live(card)
        sources = forces.in_force(card, in_hand=card.zone is Zone.GONE) if live else []
        sources = with_interference_effects(forces, sources if live else effects_of(card))
        for source in sources:
            if not optional_kind(source) or not _condition_holds(forces, source):
                continue
            after = [e for e in state.events if e.seq > event.seq]
            out += _pending(forces, source, event, after, before)
    return out + _stated_uses(forces, before, {id(e.cards[0]) for e in plays})


def _stated_uses(forces: Forces, before: int | None, played: set[int]) -> list[Pending]:
    """The uses stated of active cards' optional texts that pick cards, the cards not stated.

    "On my turn, I may discard one of your active booster/support cards": ``I use the special
    power text of …`` with no discard stated since says the text acted, not on which card.
    """
    state = forces.state
    out: list[Pending] = []
    for event in state.fight_events("use_text"):
        if (
            not event.cards
            or event.line is None
            or (before is not None and event.line >= before)
            or event.data.get("implied")
            or id(event.cards[0]) in played
            or not forces.live(event.cards[0])
        ):
            continue
        after = [e for e in state.events if e.seq > event.seq]
        for source in forces.in_force(event.cards[0]):
            if not optional_kind(source):
                continue
            found = _choice(forces, source, event, after)
            if found is not None and not found.whole:
                found.use_stated, found.played = True, False
                out.append(found)
    return out


def _not_used(after: list[Event], source: Source) -> bool:
    """Whether the situation states that the text was not used (``I do not use …``)."""
    return any(
        e.kind == "no_use" and e.who == source.controller and e.cards and e.cards[0] is source.card
        for e in after
    )


def _use_stated(after: list[Event], source: Source) -> bool:
    """Whether a use of the text is stated after its play."""
    who = source.controller
    return any(
        e.kind == "use_text" and e.who == who and e.cards and e.cards[0] is source.card
        for e in after
    )


def _used(
    after: list[Event], source: Source, kinds: frozenset[str], hand: str, *, use: bool = True
) -> bool:
    """Whether a use of the text (``use``), or an act of ``kinds`` it makes, is stated after it.

    ``hand``: the player from whose hand a discard counts (in play: any of the player's).
    """
    who = source.controller
    if use and _use_stated(after, source):
        return True
    for e in after:
        if e.kind not in kinds:
            continue
        if e.kind == "retrieve" and e.who == who:
            return True
        if e.kind == "load" and e.who == who and e.data.get("text_of") == source.card.uid:
            return True
        if e.kind == "exchange" and e.who == who and e.cards and e.cards[0] is source.card:
            return True
        if e.kind == "play" and e.who == who:
            by = e.data.get("by_text")
            card = getattr(by, "card", None)  # the text that played it (forked: by uid)
            if card is not None and card.uid == source.card.uid:
                return True
        if e.kind == "discard" and e.data.get("where") == "play" and e.who == who:
            return True
        if e.kind == "discard" and e.data.get("where") == "hand" and e.who == hand:
            return True
    return False


def _pending(
    forces: Forces, source: Source, play: Event, after: list[Event], before: int | None
) -> list[Pending]:
    """The choices an unstated optional text leaves, one for each player who chooses."""
    if _not_used(after, source):
        return []
    for do, act in _acts(source):
        if _own_hand_discard(act):
            who = source.controller
            actors = (who, other(who)) if do.actor is Role.BOTH else (who,)
            out = [
                found
                for actor in actors
                if not _used(after, source, HAND_ACTS, actor)
                and (found := _hand_ways(forces, source, play, actor)) is not None
            ]
            for found in out:
                found.at = before
            return out
    found = _choice(forces, source, play, after)
    return [] if found is None else [found]


def _at_play(forces: Forces, source: Source, play: Event) -> tuple[Forces, Source]:
    """The game as the text acted (just after its play), with the text's source in it.

    The cards the text could take are those of that moment: a card played later was not there
    to take, and a card covered or gone later was (a retrieve could have saved it).
    """
    moment = state_after(forces.state, play)
    if moment is forces.state:
        return forces, source
    twin = next((c for c in moment.cards if c.uid == source.card.uid), None)
    if twin is None:
        return forces, source
    return Forces(moment), Source(twin, source.effect, source.index)


def _choice(forces: Forces, source: Source, play: Event, after: list[Event]) -> Pending | None:
    """The ways an unstated optional text could have been used, or None (stated, or no way).

    Its use is read in the events after the play (``source``, of the question's game); the
    cards it could take, in the game as it acted (:func:`_at_play`).
    """
    assert play.line is not None
    line = play.line
    who = source.controller
    then, acting = _at_play(forces, source, play)
    for _, act in _acts(source):
        if play_discard(act) and not _used(after, source, IN_PLAY_ACTS, who, use=False):
            found = [o for o in offers_of(then, [acting]) if o.optional]
            for offer in found:
                pending = _discard_ways(then, offer, line)
                if pending is not None and not (pending.whole and _use_stated(after, source)):
                    pending.use_stated = _use_stated(after, source)
                    return pending
        elif (n := _hand_taken(act)) is not None and not _used(
            after, source, HAND_ACTS, other(who)
        ):
            size = forces.state.hand_size(other(who))
            if size == 0:
                continue
            pending = Pending(source, line, [], whole=True)
            assert pending.ways is not None
            if isinstance(act, a.Force):
                # "force you to discard two cards": the other player's discard is its use (the
                # obligation a stated use leaves him is read as such).
                count = n if size is None else min(n, size)
                them = "you" if pending.player == "I" else "I"
                pending.ways.append((f"{them} discard {count} cards", "if it is used"))
            else:
                pending.ways.append((pending.use_line, "if it is used"))
            return pending
        elif (what := _shuffle_away(act)) is not None and not _used(after, source, NONE, who):
            if not _shuffled(then, acting, what):
                continue
            pending = Pending(source, line, [], whole=True)
            assert pending.ways is not None
            pending.ways.append((pending.use_line, "if it is used"))
            return pending
        elif (most := _own_hand_load(act)) is not None and not _used(
            after, source, LOADS, who, use=False
        ):
            pending = _load_ways(then, acting, line, most)
            if pending is None:
                continue
            pending.use_stated = _use_stated(after, source)
            return pending
        elif (taken := exchanged_for(act)) is not None and not _used(
            after, source, EXCHANGES, who, use=False
        ):
            candidates = exchange_candidates(then, acting, taken)
            if not candidates:
                continue
            pending = Pending(source, line, None, whole=False, act="exchange")
            pending.use_stated = _use_stated(after, source)
            pending.takes = frozenset(c.name for c in candidates)
            ways = exchange_ways(pending.player, source, candidates)
            pending.ways = ways if len(ways) <= SEARCH_WAYS else None
            return pending
        elif (pick := selected_from_deck(source, act)) is not None and not _used(
            after, source, SELECTS, who, use=False
        ):
            pending = Pending(source, line, None, whole=False, act="select")
            ways = selection_ways(then, acting, pick, pending.player)
            if not ways:
                continue
            pending.use_stated = _use_stated(after, source)
            pending.ways = ways if len(ways) <= SEARCH_WAYS else None
            return pending
        elif (what := _retrieved(act)) is not None and not _used(
            after, source, RETRIEVES, who, use=False
        ):
            if forbidding(then, who, RETRIEVE_INTO_HAND) is not None:
                continue  # retrieving is taking into the hand (FAQ): none may be taken
            base = Cards(
                types=what.types,
                icon=what.icon,
                active=what.active,
                place=what.place,
                not_this_card=what.not_this_card,
                owner=what.owner,
            )
            candidates = [
                c
                for c in then.state.cards
                if c.in_play
                and c.owner == who
                and c.zone is not Zone.CARGO
                and c is not acting.card  # FAQ, Special Power Texts: Other: 'should be
                # considered to have a similar prohibition' (not this card)
                and matches(base, c, who, then, acting.card)
            ]
            if not candidates:
                continue
            pending = Pending(source, line, None, whole=False, act="retrieve")
            pending.use_stated = _use_stated(after, source)
            if len(candidates) <= CHOICE_WAYS:
                pending.ways = [
                    (
                        f"{pending.player} retrieve {quoted(c.name)}",
                        f"if it retrieves {quoted(c.name)}",
                    )
                    for c in candidates
                ]
            return pending
    return None


def _load_ways(forces: Forces, source: Source, line: int, most: int | None) -> Pending | None:
    """The ways an optional load of up to ``most`` cards of the hand onto this ship could go.

    The named cards of the hand, each set of them, with as many of its unnamed cards as the
    hand may hold besides (``I load 2 cards onto …``); None when the hand holds no card.
    """
    state, who = forces.state, source.controller
    size = state.hand_size(who)
    if size == 0 or most is None:
        return None
    ship = quoted(source.card.name)
    pending = Pending(source, line, [], whole=False, act="load")
    held = [c for c in state.hand(who) if c is not source.card]
    exact = state.player(who).hand_exact
    unnamed = 0 if exact else most if size is None else max(size - len(held), 0)
    ways: list[tuple[str, str]] = []
    for n in range(0, min(most, len(held)) + 1):
        for chosen in combinations(held, n):
            names = ", ".join(quoted(c.name) for c in chosen)
            for extra in range(0, min(unnamed, most - n) + 1):
                if n + extra == 0:
                    continue
                lines = [f"{pending.player} load {names} onto {ship}"] if names else []
                if extra:
                    lines.append(f"{pending.player} load {extra} cards onto {ship}")
                what = " and ".join(
                    [names] * bool(names) + [f"{extra} unnamed card(s)"] * bool(extra)
                )
                ways.append(("\n".join(lines), f"if it loads {what}"))
    if not ways:
        return None
    pending.ways = ways if len(ways) <= CHOICE_WAYS else None
    return pending


def _hand_ways(forces: Forces, source: Source, play: Event, who: str) -> Pending | None:
    """The ways an optional discard from ``who``'s own hand could have gone.

    A hand known card by card: each set of its cards (up to ``CHOICE_WAYS``); else one card
    of it, unnamed (what its discard brings is then not known either).
    """
    assert play.line is not None
    state = forces.state
    size = state.hand_size(who)
    if size == 0:
        return None
    pending = Pending(source, play.line, [], whole=False, hand=True, actor=who)
    assert pending.ways is not None
    held = state.hand(who)
    if state.player(who).hand_exact and held:
        sets = [chosen for n in range(1, len(held) + 1) for chosen in combinations(held, n)]
        if len(sets) > CHOICE_WAYS:
            pending.ways = None
            return pending
        for chosen in sets:
            names = ", ".join(quoted(c.name) for c in chosen)
            pending.ways.append((f"{pending.player} discard {names}", f"if it discards {names}"))
        return pending
    pending.ways.append((f"{pending.player} discard 1 card", "if it discards a card"))
    return pending


def _discard_ways(forces: Forces, offer: Offer, line: int) -> Pending | None:
    """The ways an optional discard could take the cards in play now (maximal for "all")."""
    who = offer.source.controller
    candidates = [
        c
        for c in forces.state.cards
        if c.in_play
        and c.active
        and not (c.owner != who and forces.protected(c))
        and fits(forces, offer, [c]) is None
    ]
    if not candidates:
        return None
    options = options_of(offer.act.cards)
    whole = all(o.quantity.kind in WHOLE for o in options)
    pending = Pending(offer.source, line, None, whole=False)
    if whole and len(options) == 1 and not any(counted_exception(e) for e in options[0].exceptions):
        pending.whole = True
        pending.ways = [(pending.use_line, "if it is used")]
        return pending
    if len(candidates) > CHOICE_CARDS:
        return pending
    sets = [
        chosen
        for size in range(1, len(candidates) + 1)
        for chosen in combinations(candidates, size)
        if fits(forces, offer, list(chosen)) is None
    ]
    if whole:
        sets = [s for s in sets if not any(set(s) < set(t) for t in sets)]
    if len(sets) <= CHOICE_WAYS:
        pending.ways = [_discard_way(pending.player, chosen) for chosen in sets]
    return pending


def _discard_way(player: str, chosen: tuple[Instance, ...]) -> tuple[str, str]:
    """The statements that discard these cards in play, and the way's label.

    A face-down bluff card the situation does not name is discarded as such (``I discard your
    bluff card``), one statement each.
    """
    named = [c for c in chosen if c.name != UNKNOWN_BLUFF]
    unnamed = [c for c in chosen if c.name == UNKNOWN_BLUFF]
    names = ", ".join(quoted(c.name) for c in named)
    lines = [f"{player} discard {names}"] if named else []
    for card in unnamed:
        poss = "my" if card.owner == ME else "your"
        lines.append(f"{player} discard {poss} bluff card")
    what = " and ".join(
        [names] * bool(named) + [f"{len(unnamed)} face-down bluff card(s)"] * bool(unnamed)
    )
    return "\n".join(lines), f"if it discards {what}"


def _shuffled(forces: Forces, source: Source, what: Cards) -> list[Instance]:
    """The other player's cards in play a shuffle text takes (not effectively PROTECTED ones)."""
    who = source.controller
    spared = [e for e in what.exceptions if isinstance(e, Cards)]
    base = Cards(place=what.place, types=what.types)
    return [
        c
        for c in forces.state.cards
        if c.in_play
        and c.owner != who
        and c.zone is not Zone.CARGO
        and matches(base, c, who, forces)
        and not any(matches(e, c, who, forces) and forces.protected(c) for e in spared)
    ]


def shuffled_by_use(forces: Forces, card: Instance) -> list[Instance]:
    """The other player's cards in play a used "force you to shuffle …" text of ``card`` takes."""
    out: list[Instance] = []
    for source in effects_of(card):
        for _, act in _acts(source):
            what = _shuffle_away(act)
            if what is not None:
                out += [c for c in _shuffled(forces, source, what) if c not in out]
    return out


def hand_taken_by_use(card: Instance) -> int | None:
    """How many cards a used text of ``card`` draws from the other player's hand, or None.

    Not a "force you to discard" text: its use leaves the other player the discard to make.
    """
    for source in effects_of(card):
        for _, act in _acts(source):
            n = _hand_taken(act)
            if n is not None and not isinstance(act, a.Force):
                return n
    return None
