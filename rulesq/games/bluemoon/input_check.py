"""Blue Moon situations checked before any answer: a state no game can reach is an input error.

What a run of facts describes at one moment (before any play, discard or turn moves cards)
must be possible at once: a card in one place only, no fewer cards in hand than the hand
names, at most three dragons on both sides together. Question words the judge does not know
(a card type, a value) are errors at the word, with "did you mean".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from rulesq.corpus.fields import lacking
from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer, InputError, did_you_mean, suggest, typed
from rulesq.games.bluemoon import sequence_check
from rulesq.games.bluemoon.judge.cards import ICON_FACTS, KINDS, kind_of
from rulesq.games.bluemoon.judge.state import MOST_DRAGONS, PHASE_TITLES, Step
from rulesq.situation.model import ME, Fact, Question

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.timeline import Timeline
    from rulesq.situation.model import Situation, Statement
    from rulesq.spans import Span

#: Facts that say where cards are, by the place they name.
PLACES: dict[str, str] = {
    "active": "in play",
    "inactive": "in play",
    "bluff_card": "in play",
    "hand": "in hand",
    "hand_only": "in hand",
    "pile": "on the discard pile",
    "influence": "in the influence area",
}
#: Facts that describe the same moment as the place facts beside them (they move nothing).
SAME_MOMENT = frozenset({*PLACES, "hand_size", "dragons_held", "dragon_named", *ICON_FACTS})
#: The values a Blue Moon question may ask for.
VALUES = ("fire", "earth", "printed", "capacity")


@dataclass
class Moment:
    """What the facts of one moment have said so far."""

    places: dict[tuple[str, str], tuple[str, Fact]] = field(default_factory=dict)
    in_hand: dict[str, set[str]] = field(default_factory=dict)
    hand_size: dict[str, Fact] = field(default_factory=dict)
    dragons: dict[str, int] = field(default_factory=dict)
    #: The dragons named on each side ("the red dragon is mine"), colour -> (side, fact).
    named: dict[str, tuple[str, Fact]] = field(default_factory=dict)
    #: The "my hand holds only …" facts: the hand is every card they name.
    only: dict[str, Fact] = field(default_factory=dict)


def check(situation: Situation) -> None:
    """Raise ``InputError`` at the first fact or question no Blue Moon game allows."""
    moment = Moment()
    for item in situation.items:
        if isinstance(item, Question):
            _question(situation, item)
            continue
        if item.kind == "phase":
            _phase(situation, item)
        if item.kind not in SAME_MOMENT and (
            moment.places or moment.hand_size or moment.dragons or moment.named
        ):  # a new moment (one that has said nothing yet serves as one)
            moment = Moment()
        if item.kind == "dragons_held":
            moment.dragons[item.who or ME] = int(item.param("number", 0))
            _dragons(situation, item, moment.dragons)
            _named_dragons(situation, item, moment)
        elif item.kind == "dragon_named":
            _named_dragon(situation, item, moment)
        elif item.kind in PLACES:
            _places(situation, item, moment)
            if item.kind == "hand_only":
                moment.only[item.who or ME] = item
        elif item.kind == "hand_size":
            moment.hand_size[item.who or ME] = item
        elif item.kind in ("no_icons", "lacks_icon"):
            _lacking(situation, item)
        elif item.kind == "icons":
            _lacked(situation, item)
        elif item.kind == "no_shields":
            _shielded(situation, item)
        elif item.kind == "cargo":
            _capacity(situation, item)
        if item.kind in _HAND_FACTS:
            _hand_size(situation, item, moment)
        if item.kind in KIND_NEEDED:
            _kind(situation, item)
        _sourced_values(situation, item)
    sequence_check.check(situation)
    _area_statements(situation)


#: The statements about a player's areas that must hold at once (judge/area_statements.py).
AREA_FACTS = frozenset({"area_size", "area_whole", "influence_size", "influence_whole"})


def _area_statements(situation: Situation) -> None:
    """What the situation says of the areas must hold at once, as the judge follows the cards.

    Read by replaying the facts (only where a line speaks of an area's cards, few situations):
    the judge's timeline refuses a contradiction at its line (an ``InputError``); a fact it
    cannot read is left to the answers (their *cannot answer*).
    """
    if not any(isinstance(item, Fact) and item.kind in AREA_FACTS for item in situation.items):
        return
    try:
        _timeline()(situation).read(situation.facts)
    except CannotAnswer:
        return


@cache
def _timeline() -> type[Timeline]:
    """The judge's timeline class (its module, heavy, imported on first use, then held)."""
    from rulesq.games.bluemoon.judge.timeline import Timeline

    return Timeline


def _sourced_values(situation: Situation, fact: Fact) -> None:
    """A value a situation gives a card is one the sources leave unknown, or the same."""
    for ref in fact.cards:
        if ref.card is None or not ref.values:
            continue
        for key, number in ref.values.items():
            known = ref.card.fields.get(key)
            if isinstance(known, int) and known != number:
                raise _error(
                    situation,
                    ref.span,
                    f'the sources give "{ref.name}" {key} {known}, not {number}',
                    "A situation gives the values the sources leave unknown; leave this one out.",
                )


#: Facts that only a card of some kinds can be in, by the card's place in the fact (the ship
#: landed, loaded or holding cards; the card played or lying face down as a bluff card).
KIND_NEEDED: dict[str, tuple[slice, frozenset[str], str]] = {
    "land": (slice(None), frozenset({"ship"}), "only a ship is landed"),
    "load": (slice(-1, None), frozenset({"ship"}), "cards are loaded onto a ship"),
    "load_count": (slice(-1, None), frozenset({"ship"}), "cards are loaded onto a ship"),
    "load_from_deck": (slice(-1, None), frozenset({"ship"}), "cards are loaded onto a ship"),
    "cargo": (slice(0, 1), frozenset({"ship"}), "only a ship holds cards"),
    "play_bluff": (
        slice(None),
        frozenset({"character"}),
        "a bluff card is a character card with a BLUFF icon",
    ),
    "bluff_card": (
        slice(None),
        frozenset({"character"}),
        "a bluff card is a character card with a BLUFF icon",
    ),
}


def _kind(situation: Situation, fact: Fact) -> None:
    """A card whose type the sources give is of a kind the fact allows."""
    where, kinds, rule = KIND_NEEDED[fact.kind]
    for ref in fact.cards[where]:
        if ref.card is None:
            continue
        kind = kind_of(ref.card.type)
        if kind == "unknown" or kind in kinds:
            continue
        raise _error(
            situation,
            ref.span,
            f'"{ref.name}" is a {ref.card.type} card: {rule}',
            "Name a card of that kind.",
        )


def _lacking(situation: Situation, fact: Fact) -> None:
    """A card said to have no icons (or to lack one) is given none (not that one) elsewhere."""
    ref = fact.cards[0]
    given = ref.card.fields.get("icons") if ref.card is not None else None
    icons = [i for i in given if isinstance(i, str)] if isinstance(given, list) else []
    key = normalise_name(ref.name)
    for item in situation.items:
        for other in item.cards:
            if normalise_name(other.name) == key:
                icons += other.flags
        if getattr(item, "kind", None) == "icons":
            if item.cards and normalise_name(item.cards[0].name) == key:
                icons += item.param("icon", ())
    lacked = {i.upper() for i in fact.param("icon", ())}
    clash = [i for i in icons if fact.kind == "no_icons" or " ".join(i.split()).upper() in lacked]
    if clash:
        said = "has no icons" if fact.kind == "no_icons" else f"has no {clash[0]} icon"
        raise _error(
            situation,
            fact.span,
            f'"{ref.name}" {said}, but it is given the icon {clash[0]}',
            "State the icons a card has once: remove this line or the icon.",
        )


def _capacity(situation: Situation, fact: Fact) -> None:
    """A ship holds no more cards than its capacity ("X" holds "A", "B")."""
    ship, held = fact.cards[0], fact.cards[1:]
    capacity: object = ship.values.get("capacity")
    key = normalise_name(ship.name)
    for item in situation.items:
        for other in item.cards:
            if normalise_name(other.name) == key and "capacity" in other.values:
                capacity = other.values["capacity"]
    if capacity is None and ship.card is not None:
        capacity = ship.card.fields.get("capacity")
    if isinstance(capacity, int) and len(held) > capacity:
        raise _error(
            situation,
            held[capacity].span,
            f'"{ship.name}" holds {len(held)} cards, but its capacity is {capacity}',
            "A ship holds at most its capacity: name fewer cards on it.",
        )


def _shielded(situation: Situation, fact: Fact) -> None:
    """A card said to show no shield is given none, by the sources or the situation."""
    ref = fact.cards[0]
    given = ref.card.fields.get("shields") if ref.card is not None else None
    shields = [str(s).lower() for s in given] if isinstance(given, list) else []
    key = normalise_name(ref.name)
    for item in situation.items:
        if getattr(item, "kind", None) == "shield" and item.cards:
            if normalise_name(item.cards[0].name) == key:
                shields.append(str(item.param("element")).lower())
    if shields:
        raise _error(
            situation,
            fact.span,
            f'"{ref.name}" has no shields, but it is given a shield in {shields[0]}',
            "State the shields a card has once: remove this line or the shield.",
        )


def _lacked(situation: Situation, fact: Fact) -> None:
    """A card is not given an icon an FAQ answer means it lacks, nor one its type lacks.

    ``lacks_icons`` records the first; ``fields.toml`` the second (a ship has no icons).
    """
    ref = fact.cards[0]
    lack = lacking(ref.card.game, ref.card.type, "icons") if ref.card is not None else None
    if lack is not None and ref.card is not None:
        raise _error(
            situation,
            fact.span,
            f'"{ref.name}" is a {ref.card.type} card: {lack.why}'
            + (f" ({lack.clause}: rulesq cite {lack.clause})" if lack.clause else ""),
            f'Leave the line out: "{ref.name}" has no icons.',
        )
    lacks = ref.card.fields.get("lacks_icons") if ref.card is not None else None
    lacked = {i.upper() for i in lacks if isinstance(i, str)} if isinstance(lacks, list) else set()
    clash = [i for i in fact.param("icon", ()) if " ".join(i.split()).upper() in lacked]
    if clash:
        stated = ref.card.fields.get("stated_in") if ref.card is not None else None
        where = stated.get(f"no {clash[0]}") if isinstance(stated, dict) else None
        raise _error(
            situation,
            fact.span,
            f'the sources mean "{ref.name}" has no {clash[0]} icon'
            + (f" ({where}: rulesq cite {where})" if where else ""),
            f'Leave {clash[0]} out of the icons of "{ref.name}".',
        )


def _places(situation: Situation, fact: Fact, moment: Moment) -> None:
    who = fact.who or ME
    place = PLACES[fact.kind]
    for ref in fact.cards:
        key = (who, normalise_name(ref.name))
        earlier = moment.places.get(key)
        if earlier is not None and earlier[0] != place:
            line = earlier[1].span.line
            raise _error(
                situation,
                ref.span,
                f'"{ref.name}" cannot be {place}: line {line} has it {earlier[0]}',
                "A card is in one place at a time; to move it, write the play, "
                "discard or draw between the two lines.",
            )
        moment.places[key] = (place, fact)
        if place == "in hand":
            moment.in_hand.setdefault(who, set()).add(key[1])


#: The facts after which a hand may hold fewer cards than it names.
_HAND_FACTS = ("hand_size", "hand", "hand_only")


def _hand_size(situation: Situation, fact: Fact, moment: Moment) -> None:
    who = fact.who or ME
    size_fact = moment.hand_size.get(who)
    named = moment.in_hand.get(who, set())
    if size_fact is None or fact.kind not in _HAND_FACTS:
        return
    size = int(size_fact.param("number", 0))
    only = moment.only.get(who)
    if only is not None and len(named) < size:
        owner = "my" if who == ME else "your"
        raise _error(
            situation,
            fact.span,
            f"{owner} hand holds {size} card(s) (line {size_fact.span.line}), but line "
            f"{only.span.line} says it holds only {len(named)}",
            "Give a number of cards in hand that counts every card the hand holds.",
        )
    if len(named) > size:
        owner = "my" if who == ME else "your"
        raise _error(
            situation,
            fact.span,
            f"{owner} hand holds {size} card(s) (line {size_fact.span.line}), but "
            f"{len(named)} are named in it (line {_hand_line(moment, who)})",
            "Give a number of cards in hand that counts every card named there.",
        )


def _hand_line(moment: Moment, who: str) -> int:
    lines = [
        fact.span.line
        for (owner, _), (place, fact) in moment.places.items()
        if owner == who and place == "in hand"
    ]
    return max(lines) if lines else 0


def _dragons(situation: Situation, fact: Fact, dragons: dict[str, int]) -> None:
    number = dragons[fact.who or ME]
    if number > MOST_DRAGONS:
        raise _error(
            situation,
            fact.span,
            f"no player has {number} dragons on his side: the game has "
            f"{MOST_DRAGONS}, and attracting a fourth ends the game",
            f"Give at most {MOST_DRAGONS} dragons.",
        )
    if sum(dragons.values()) > MOST_DRAGONS:
        raise _error(
            situation,
            fact.span,
            f"the players hold {sum(dragons.values())} dragons together, but the "
            f"game has {MOST_DRAGONS}",
            f"Give at most {MOST_DRAGONS} dragons on both sides together.",
        )


def _named_dragon(situation: Situation, fact: Fact, moment: Moment) -> None:
    """A named dragon is on one side: not two sides in one line nor at one moment."""
    players = fact.param("players", (fact.who or ME,))
    colour = str(fact.param("dragon_colour")).lower()
    if len(set(players)) > 1:
        raise _error(
            situation,
            fact.span,
            f"the {colour} dragon is said to be on a side that is not its holder's",
            f"Write, e.g., I have the {colour} dragon on my side, or: the {colour} dragon is "
            "on my opponent's side.",
        )
    earlier = moment.named.get(colour)
    if earlier is not None and earlier[0] != players[-1]:
        raise _error(
            situation,
            fact.span,
            f"the {colour} dragon cannot be on both sides: line {earlier[1].span.line} puts it "
            "on the other side",
            "A dragon is on one side at a time; to move it, write what happened between the "
            "two lines (you attract a dragon).",
        )
    moment.named[colour] = (players[-1], fact)
    _named_dragons(situation, fact, moment)


def _named_dragons(situation: Situation, fact: Fact, moment: Moment) -> None:
    """No side holds fewer dragons than are named on it, nor the game more than it has."""
    if len(moment.named) > MOST_DRAGONS:
        raise _error(
            situation,
            fact.span,
            f"{len(moment.named)} dragons are named ({', '.join(sorted(moment.named))}), but "
            f"the game has {MOST_DRAGONS}",
            f"Name at most {MOST_DRAGONS} dragons.",
        )
    for side, number in moment.dragons.items():
        named = sorted(c for c, (s, _) in moment.named.items() if s == side)
        if len(named) > number:
            whose = "my" if side == ME else "your"
            raise _error(
                situation,
                fact.span,
                f"{whose} side holds {number} dragon(s), but {len(named)} are named on it "
                f"({', '.join(named)})",
                "Give a number of dragons that counts every dragon named on that side.",
            )


def _phase(situation: Situation, fact: Fact) -> None:
    """A phase no Blue Moon turn has is an error at its name, with the closest phases."""
    name = str(fact.param("phase", ""))
    if not name or Step.named(name) is not None:
        return
    line = situation.line(fact.span.line)
    start = line.find(name, max(fact.span.column - 1, 0))
    titles = list(PHASE_TITLES.values())
    # A title's first word counts too: "Boster" is close to "Booster", not to the whole title.
    words = {title.split("/")[0].split()[0]: title for title in titles}
    close = suggest(name, titles) or [words[w] for w in suggest(name.split()[0], words)]
    raise InputError(
        f'"{name}" is not a phase of a Blue Moon turn',
        situation.source,
        situation.text,
        fact.span.line,
        start + 1 if start >= 0 else fact.span.column,
        expected=typed(titles),
        suggestion=did_you_mean(close),
    )


def _question(situation: Situation, question: Question) -> None:
    if question.kind == "value":
        try:
            _word(situation, question, "attribute", VALUES, "a Blue Moon value")
        except InputError as error:
            _near_value(situation, question, error)
            raise
    elif question.kind == "can_play_type":
        _word(situation, question, "card_type", tuple(KINDS), "a Blue Moon card type")


@cache
def _forms() -> ModuleType:
    """The forms of the language (imported on an error's first use, then held)."""
    from rulesq.situation import forms

    return forms


def _near_value(situation: Situation, question: Question, error: InputError) -> None:
    """A word near a value (a card's "power"): why, and the value and total power forms."""
    forms = _forms()
    word = str(question.param("attribute", "")).lower()
    if error.suggestion or "value" not in forms.near_words_of("bluemoon").get(word, ()):
        return
    error.suggestion = forms.near_because("bluemoon", word) or None
    line = situation.line(question.span.line)
    error.nearest = forms.nearest_of_kind(line, "bluemoon", "number")
    error.forms_hint = "Every form, with an example: rulesq forms --game bluemoon"


def _word(
    situation: Situation, question: Statement, param: str, known: tuple[str, ...], what: str
) -> None:
    word = str(question.param(param, "")).lower()
    if not word or word in known:
        return
    line = situation.line(question.span.line)
    column = line.lower().find(f" {word} ", max(question.span.column - 1, 0)) + 2
    raise InputError(
        f'"{word}" is not {what}',
        situation.source,
        situation.text,
        question.span.line,
        column if column > 1 else question.span.column,
        expected=typed(known),
        suggestion=did_you_mean(suggest(word, known)),
    )


def _error(situation: Situation, span: Span, message: str, hint: str) -> InputError:
    return InputError(
        message, situation.source, situation.text, span.line, span.column, suggestion=hint
    )
