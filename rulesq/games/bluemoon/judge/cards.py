"""A Blue Moon card as a situation sees it: type, people, icons, values and parsed text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from functools import cached_property
from operator import is_
from typing import TYPE_CHECKING

from rulesq.corpus.fields import lacking
from rulesq.corpus.load import normalise_name
from rulesq.frozen import replace
from rulesq.games.bluemoon.icons import rival_icons
from rulesq.games.bluemoon.judge.given_icons import GivenIcons, IconReads, NotedIcons
from rulesq.games.bluemoon.judge.iconuse import IconUse, note_read, note_use, stop_noting
from rulesq.games.bluemoon.judge.kept import once
from rulesq.games.bluemoon.vocab import CardType

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.effects.base import ParsedText
    from rulesq.situation.model import CardRef, Fact, Question, Situation

    Item = Fact | Question

#: The card types of the corpus (and of inline card lines), as the judge names them.
KINDS: dict[str, str] = {
    "character": "character",
    "tutu character": "character",
    "mutant": "mutant",
    "booster": "booster",
    "support": "support",
    "leadership": "leadership",
    "interference": "interference",
    "hyla": "hyla",
    "influence": "hyla",
    "crystal": "crystal",
    "achievement": "crystal",
    "ship": "ship",
    "inquisitor": "inquisitor",
    "leader": "leader",
    "emissary": "emissary",
}
#: The kinds played in the Leadership phase ("Leadership phase cards").
LEADERSHIP_PHASE_KINDS = frozenset({"leadership", "hyla", "crystal", "ship"})
#: The kinds that go into the combat area, and the kinds that are character cards.
CHARACTER_KINDS = frozenset({"character", "mutant"})
ELEMENTS = ("fire", "earth")


#: The statements that say which icons a card has or lacks (``"X" has icon FREE``,
#: ``has no icons``, ``has no PROTECTED icon``).
ICON_FACTS = frozenset({"icons", "no_icons", "lacks_icon"})

#: The cards whose unknown icons a question's judging has read, each with the icons asked
#: about (None: the icons were read as a whole, any icon may matter). None: not noting.
_UNKNOWN_ICONS_READ: ContextVar[dict[str, set[str] | None] | None] = ContextVar(
    "unknown_icons_read", default=None
)


def note_unknown_icons() -> dict[str, set[str] | None]:
    """Start noting, for one question, the cards whose unknown icons its judging reads.

    Each card is noted with the icons the judging asked it for (``"FREE" in icons``), or
    with None when it read the icons as a whole (iterated them, counted them, combined them).
    """
    read: dict[str, set[str] | None] = {}
    _UNKNOWN_ICONS_READ.set(read)
    return read


def start_noting_unknown_icons(
    read: dict[str, set[str] | None], use: IconUse | None = None
) -> tuple[Token[dict[str, set[str] | None] | None], object | None]:
    """Note into ``read`` (a replay's own notes) from now on; what to stop noting with.

    ``use``: where to note what the reads are for (:mod:`rulesq.games.bluemoon.judge.iconuse`).
    A pair of calls, not a context manager: a replay and each icon flag note so, over a
    thousand times a check, and a generator's context manager costs several times as much.
    The caller stops in a ``finally``: :func:`stop_noting_unknown_icons`.
    """
    token = _UNKNOWN_ICONS_READ.set(read)
    used = note_use(use) if use is not None else None
    return token, used


def stop_noting_unknown_icons(
    started: tuple[Token[dict[str, set[str] | None] | None], object | None],
) -> None:
    """Note as before :func:`start_noting_unknown_icons` gave ``started``."""
    token, used = started
    if used is not None:
        stop_noting(used)
    _UNKNOWN_ICONS_READ.reset(token)


def merge_icons_read(
    first: set[str] | None, second: set[str] | None, both: bool
) -> set[str] | None:
    """The icons asked about in two readings (None: read as a whole in either)."""
    if not both:
        return first
    if first is None or second is None:
        return None
    return first | second


def _note_unknown_icons(name: str, icon: str | None) -> None:
    note_read(name, icon)  # what the read is for (:mod:`rulesq.games.bluemoon.judge.iconuse`)
    read = _UNKNOWN_ICONS_READ.get()
    if read is None:
        return
    if icon is None:
        read[name] = None
        return
    asked = read.setdefault(name, set())
    if asked is not None:
        asked.add(icon)


class UnknownIcons(NotedIcons):
    """The icons of a card the sources give not all icons of, noting how they are read.

    It holds the icons the sources mention (none, for a card they give no icons for): the
    others are unknown. ``icon in icons`` of a mentioned icon is true, unnoted; of another,
    false, noting that icon; any other reading (iterating, counting, truth, combining or
    comparing with another set) notes the icons as read as a whole. Read it with these
    operations only: ``set(icons)`` and ``other.union(icons)`` read it unnoted.
    """

    name: str
    #: The icons the situation says the card lacks ("X" has no PROTECTED icon): not noted.
    absent: frozenset[str]
    #: The icons the sources mention (``icons_complete`` false): the card has them.
    known: frozenset[str]

    def __new__(
        cls, name: str, absent: frozenset[str] = frozenset(), known: frozenset[str] = frozenset()
    ) -> UnknownIcons:
        """The icons of the card ``name``: ``known`` and maybe others, not ``absent``."""
        made = super().__new__(cls, known)
        made.name = name
        made.absent = absent
        made.known = known
        return made

    def __contains__(self, icon: object) -> bool:
        if icon in self.known:
            return True
        if icon not in self.absent:
            _note_unknown_icons(self.name, str(icon))
        return False

    def _whole(self) -> frozenset[str]:
        _note_unknown_icons(self.name, None)
        return self.known

    def __len__(self) -> int:
        return len(self._whole())


def kind_of(type_name: str) -> str:
    """The judge's kind for a card type as written (``Tutu character`` -> ``character``)."""
    return KINDS.get(type_name.strip().lower(), "unknown")


#: The name of a card a situation discards without naming it ("I discard 3 cards").
UNNAMED = "an unnamed card"

#: Enum members read on hot paths, held as plain names: on Python 3.11 reading a member off
#: its class goes through the enum metaclass's ``__getattr__`` hook (several hundred
#: instructions a read, ten times a plain class attribute).
_CHARACTER, _INFLUENCE, _BLUFF = CardType.CHARACTER, CardType.INFLUENCE, CardType.BLUFF


@dataclass(frozen=True)
class CardInfo:
    """What is known of one card, merged from the corpus and the situation.

    What is known of one card: fields from the corpus or an inline line, merged with the values and
    icons the situation gives it. Values never given stay ``None``.
    """

    name: str
    kind: str
    card: Card | None = None
    people: str | None = None
    #: The icons the sources or the situation give (read through ``icons``).
    given_icons: frozenset[str] = frozenset()
    printed: Mapping[str, int] = field(default_factory=dict)
    #: A value the sources give without an element: the value in the contested element.
    plain_value: int | None = None
    #: The plain value is the sources' "Value n" (an FAQ question's contested element), not one
    #: the situation gives.
    plain_from_sources: bool = False
    shields: frozenset[str] = frozenset()
    #: Whether the sources (or the situation) say which shields the card has: a shield is an
    #: icon (the FAQ), so a card whose icons they do not give may show one.
    shields_known: bool = True
    moons: int | None = None
    capacity: int | None = None
    #: The special power text: ``None`` when the sources never give it, ``""`` for none.
    text: str | None = None
    home_deck: str | None = None
    inline: bool = False
    #: Whether the sources (or the situation) say which icons the card has: all of them
    #: (``icons_complete``); a card they mention some icons of may show others.
    icons_known: bool = True
    #: Icons a card of unknown icons lacks: as an FAQ answer means (``lacks_icons``), or as
    #: the situation says ("X" has no PROTECTED icon).
    absent_icons: frozenset[str] = frozenset()

    def __deepcopy__(self, memo: dict[int, object]) -> CardInfo:
        return self  # immutable: snapshots of a state share it

    @cached_property
    def key(self) -> str:
        """The name folded for lookup."""
        return normalise_name(self.name)

    @property
    def icons(self) -> frozenset[str]:
        """The card's icons; reading those of a card the sources give none for is noted."""
        if not self.icons_known:
            return UnknownIcons(self.name, self.absent_icons, self.given_icons)
        return self.given_icons

    @property
    def text_known(self) -> bool:
        """Whether the sources say what the card's special power text is."""
        return self.text is not None

    @property
    def has_text(self) -> bool:
        """Whether the card has special power text (unknown text counts as none)."""
        return bool(self.text)

    @cached_property
    def parsed(self) -> ParsedText | None:
        """The special power text read into effects (None without text).

        Read once per text in a process: another info of the same card (a situation that
        gives it icons or a shield) shares the same immutable effects.
        """
        if not self.text:
            return None
        found = _PARSED.get(self.text)
        if found is None:
            from rulesq.games.bluemoon.parser import parse_card_text

            if len(_PARSED) >= _PARSED_KEPT:
                _PARSED.clear()
            found = _PARSED[self.text] = parse_card_text(self.text)
        return found

    @once
    def effect_classes(self) -> frozenset[type]:
        """The classes of the text's effects (none without text): read once per info."""
        parsed = self.parsed
        return frozenset(type(e) for e in parsed.effects) if parsed is not None else frozenset()

    def is_a(self, card_type: CardType) -> bool:
        """Whether the card is of a type as card texts name types."""
        if card_type == _CHARACTER:
            return self.kind in CHARACTER_KINDS
        if card_type == _INFLUENCE:
            return self.kind in ("hyla", "ship")
        if card_type == _BLUFF:
            return False
        return self.kind == str.__str__(card_type)  # its value, without the enum's descriptor

    def printed_value(self, element: str | None) -> int | None:
        """The printed value in an element (None: the contested element, unknown which).

        A value given without an element is the value in the contested element; it is used when the
        element asked is the contested one (``element`` None) or when both elements' values are
        unknown. When the sources give the value in one element only (Earth value 3), the other is
        unknown: a value given without an element may be the one in that element.
        """
        if element is not None and element in self.printed:
            return self.printed[element]
        if element is not None and self.printed:
            return None
        both = {self.printed.get(e) for e in ELEMENTS}
        if element is None and len(both) == 1 and None not in both:
            return both.pop()  # the same in either element
        return self.plain_value

    def word_of_name(self, word: str) -> bool:
        """Whether the name holds a family word (``Flood``, ``Storm``) or begins with it."""
        low = word.lower()
        words = [w.lower() for w in re.split(r"[\s-]+", self.name) if w]
        return low in words or self.name.lower().startswith(low)

    @property
    def first_word(self) -> str:
        """The first word of the name (PAIR cards match on it)."""
        return self.name.split()[0].lower() if self.name.split() else ""

    @property
    def gang(self) -> str:
        """The gang of a one-word name in two capitalised parts: its first part."""
        first = self.name.split()[0] if self.name.split() else ""
        match = re.match(r"[A-Z][a-z]*", first)
        return (match.group(0) if match else first).lower()


#: Card texts read into effects, by text (immutable, so shared). Bounded: cleared when full.
_PARSED: dict[str, ParsedText] = {}
_PARSED_KEPT = 4096


def card_info(card: Card | None, name: str, refs: Iterable[CardRef] = ()) -> CardInfo:
    """The card's info from its corpus or inline record, with what the situation adds."""
    fields: Mapping[str, object] = card.fields if card is not None else {}
    printed: dict[str, int] = {}
    for element in ELEMENTS:
        value = fields.get(element)
        if isinstance(value, int):
            printed[element] = value
    icons = {i.upper() for i in _strings(fields.get("icons"))}
    icons_known = (
        card is None
        or (isinstance(fields.get("icons"), list) and fields.get("icons_complete") is True)
        or bool(fields.get("inline"))
        or lacking(card.game, card.type, "icons") is not None  # a type with none (fields.toml)
    )
    lacks = {i.upper() for i in _strings(fields.get("lacks_icons"))}
    if icons and not icons_known:
        lacks |= _rivals(icons)  # a card given a BLUFF icon has no other (``icons.toml``)
    shields = {s.lower() for s in _strings(fields.get("shields"))}
    shields_known = (
        card is None
        or (isinstance(fields.get("shields"), list) and fields.get("shields_complete") is True)
        or bool(fields.get("inline"))
        or lacking(card.game, card.type, "icons") is not None  # a type with no icons
    )
    moons = fields.get("moons")
    capacity = fields.get("capacity")
    plain = fields.get("value")
    sourced = isinstance(plain, int)
    for ref in refs:
        for key, number in ref.values.items():
            if key in ELEMENTS:
                printed[key] = number
            elif key == "moons":
                moons = number
            elif key == "capacity":
                capacity = number
            elif key == "value":
                plain = number
                sourced = False
        icons |= {flag.upper() for flag in ref.flags}
        icons_known = icons_known or bool(ref.flags)
        shields_known = shields_known or bool(ref.flags)
    kind = kind_of(card.type) if card is not None else "character"
    people = fields.get("people")
    made = object.__new__(CardInfo)  # a frozen class's __init__ sets each field through a call
    made.__dict__.update(
        name=card.name if card is not None else name,
        kind=kind,
        card=card,
        people=str(people) if isinstance(people, str) else None,
        given_icons=frozenset(icons),
        printed=printed,
        plain_value=plain if isinstance(plain, int) else None,
        plain_from_sources=sourced,
        shields=frozenset(shields),
        shields_known=shields_known,
        moons=moons if isinstance(moons, int) else None,
        capacity=capacity if isinstance(capacity, int) else None,
        text=card.text if card is not None else None,
        home_deck=str(fields["deck"]) if isinstance(fields.get("deck"), str) else None,
        inline=bool(fields.get("inline")),
        icons_known=icons_known,
        absent_icons=frozenset(lacks),
    )
    return made


def _rivals(icons: Iterable[str]) -> set[str]:
    """The icons a card with ``icons`` lacks, as each excludes the others of its group."""
    rivals = rival_icons()
    return {other for icon in icons for other in rivals.get(icon, ())}


def _strings(value: object) -> list[str]:
    """The strings of a list field (an absent field is no strings)."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


#: Infos made before, by card, name and what the situation gives: a card named again in
#: another situation, with the same values and icons, is the same (immutable) info, its text
#: read once. Bounded: cleared when full.
_INFOS: dict[tuple[object, ...], tuple[Card | None, CardInfo]] = {}
_INFOS_KEPT = 4096


def _known_info(card: Card | None, name: str, refs: Sequence[CardRef]) -> CardInfo:
    """``card_info``, made once for each card and what the situation gives it.

    A reference that gives no value and no icon gives the info nothing: it is left out of the
    key (most are such), so that it is not gone through for each.
    """
    given = tuple(
        [(tuple(ref.values.items()), ref.flags) for ref in refs if ref.values or ref.flags]
    )
    key = (id(card), name, given)
    found = _INFOS.get(key)
    if found is not None and found[0] is card:
        return found[1]
    if len(_INFOS) >= _INFOS_KEPT:
        _INFOS.clear()
    info = card_info(card, name, refs)
    _INFOS[key] = (card, info)
    return info


def corpus_info(card: Card) -> CardInfo:
    """``card_info(card, card.name)``: a corpus card's own info, made once (immutable, shared).

    A search of a pile goes through every card of the game, once per answer: each card's
    info is the same every time.
    """
    return _known_info(card, card.name, ())


#: Infos with what a situation states of the card (icons, shields), by the info and the
#: changes: another situation stating the same is given the same (immutable) info, its text
#: and name read once. Bounded: cleared when full.
_REPLACED: dict[tuple[object, ...], tuple[CardInfo, CardInfo]] = {}


def _replaced(info: CardInfo, **changes: object) -> CardInfo:
    """``dataclasses.replace(info, **changes)``, made once for each info and changes."""
    key = (id(info), *sorted(changes.items()))
    found = _REPLACED.get(key)
    if found is not None and found[0] is info:
        return found[1]
    if len(_REPLACED) >= _INFOS_KEPT:
        _REPLACED.clear()
    made = replace(info, **changes)
    _REPLACED[key] = (info, made)
    return made


#: Infos whose given icons note their reads, by the info they are made from (and it).
_NOTED: dict[int, tuple[CardInfo, CardInfo]] = {}


def _noted(info: CardInfo, base: frozenset[str]) -> CardInfo:
    """``info`` with its given icons a :class:`GivenIcons`, one record per info (kept).

    ``base``: the icons the card had before those given (the sources mention them): ``info``
    is made from them alone, so it is kept by ``info`` alone.
    """
    found = _NOTED.get(id(info))
    if found is not None and found[0] is info:
        return found[1]
    if len(_NOTED) >= _INFOS_KEPT:
        _NOTED.clear()
    made = replace(info, given_icons=GivenIcons(info.given_icons, IconReads(), base))
    _NOTED[id(info)] = (info, made)
    return made


def given_reads(catalog: Catalog) -> dict[str, frozenset[str] | None]:
    """How the judging read the icons the situation gives each card the sources give none for.

    By card name: the icons asked for by name, or None when read as a whole
    (:mod:`rulesq.games.bluemoon.judge.given_icons`).
    """
    return {
        info.name: info.given_icons.reads.read()
        for info in catalog._infos.values()
        if isinstance(info.given_icons, GivenIcons)
    }


#: Whether a re-ask's catalog is made from its situation's (:meth:`Catalog.stated_after`; a test
#: turns it off to compare).
DERIVED = True


class Catalog:
    """Every card a situation names, each with the values and icons the situation gives."""

    def __init__(self, situation: Situation) -> None:
        refs: dict[str, list[CardRef]] = {}
        cards: dict[str, Card | None] = {}
        for item in situation.items:
            for ref in item.cards:
                key = normalise_name(ref.name)
                refs.setdefault(key, []).append(ref)
                if ref.card is not None:
                    cards[key] = ref.card
                else:
                    cards.setdefault(key, None)
        self._infos = {key: _known_info(cards[key], refs[key][0].name, refs[key]) for key in refs}
        for key, card in situation.cards.items():
            if key not in self._infos:
                self._infos[key] = _known_info(card, card.name, ())
        self._stated(situation.items)
        #: What the situation gives: its items, the card each name found, each card's info.
        self._made: tuple[list[Item], dict[str, Card | None], dict[str, CardInfo]] = (
            situation.items,
            cards,
            dict(self._infos),
        )

    def _stated(self, items: Iterable[Item]) -> None:
        """What ``items`` state of the cards (shields, icons), in turn, given to their infos."""
        for item in items:
            kind = getattr(item, "kind", None)
            if kind == "shield" and item.cards:
                self._add_shield(normalise_name(item.cards[0].name), str(item.param("element")))
            elif kind == "no_shields" and item.cards:
                self._state_no_shields(normalise_name(item.cards[0].name))
            elif kind in ICON_FACTS and item.cards:
                icons = item.param("icon", ())
                self._state_icons(normalise_name(item.cards[0].name), icons, kind)

    def stated_after(self, situation: Situation, of: Situation) -> Catalog | None:
        """The catalog of ``situation``, made from ``of`` (whose catalog this is) by facts after.

        ``situation`` holds the very items of ``of`` and then facts (a default's re-ask: an icon
        stated after the last line); None unless each card those facts name is one of ``of``,
        named the same way with no value or icon given (its info, built from its names, is
        then the same), so that only what they state is given anew, after what ``of``
        states, as :class:`Catalog` gives it. Else the catalog is built whole.
        """
        items, cards, infos = self._made
        if not DERIVED or of.items is not items or situation.cards is not of.cards:
            return None
        added = situation.items[len(items) :]
        if len(added) + len(items) != len(situation.items) or not added:
            return None
        if not all(map(is_, items, situation.items)):
            return None
        for item in added:
            for ref in item.cards:
                key = normalise_name(ref.name)
                if key not in cards or ref.values or ref.flags:
                    return None
                if ref.card is not None and ref.card is not cards[key]:
                    return None
        made = object.__new__(Catalog)
        made._infos = dict(infos)
        made._stated(added)
        made._made = (situation.items, cards, dict(made._infos))
        return made

    def _add_shield(self, key: str, element: str) -> None:
        """A shield the situation states on a card ("X" has an earth shield): printed on it."""
        info = self._infos.get(key)
        if info is not None:
            self._infos[key] = _replaced(info, shields=info.shields | {element.lower()})

    def _state_no_shields(self, key: str) -> None:
        """The situation says a card shows no shield ("X" has no shields)."""
        info = self._infos.get(key)
        if info is not None:
            self._infos[key] = _replaced(info, shields_known=True)

    def _state_icons(self, key: str, icons: Iterable[str], kind: str) -> None:
        """Icons the situation states a card has, or lacks ("X" has icon FREE, has no icons)."""
        info = self._infos.get(key)
        if info is None:
            return
        named = {" ".join(i.split()).upper() for i in icons}
        if kind == "lacks_icon":
            self._infos[key] = _replaced(info, absent_icons=info.absent_icons | named)
        elif kind == "icons" and not info.icons_known:
            # Given to a card the sources give none for: its reads are noted (``given_icons``).
            # Its icons are these only: it shows no shield either.
            made = _replaced(
                info, given_icons=info.given_icons | named, icons_known=True, shields_known=True
            )
            self._infos[key] = _noted(made, info.given_icons)
        else:
            self._infos[key] = _replaced(
                info, given_icons=info.given_icons | named, icons_known=True, shields_known=True
            )

    def info(self, ref: CardRef) -> CardInfo:
        """The info of a card reference of the situation."""
        key = normalise_name(ref.name)
        found = self._infos.get(key)
        if found is None:
            found = card_info(ref.card, ref.name, [ref])
            self._infos[key] = found
        return found

    def named(self, name: str) -> CardInfo | None:
        """The info of a card the situation names, by name."""
        return self._infos.get(normalise_name(name))

    def same_as(self, other: Catalog) -> bool:
        """Whether both give the same cards the very same infos (one reads as the other)."""
        mine, theirs = self._infos, other._infos
        return mine.keys() == theirs.keys() and all(info is theirs[k] for k, info in mine.items())
