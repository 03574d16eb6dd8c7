"""Which cards, special power texts and icons are ignored, and which effects are in force.

Ignoring follows the precedence ladder (rulebook p.17; E&I rulesheet), read from the ladder file
through :mod:`rulesq.games.bluemoon.judge.claims`: an ignore effect reaches every card its words
name, except opposing active cards with an effective icon its step exempts (PROTECTED), and never
a text whose kind outranks ignoring ("I must"). Ignore effects can ignore one another (two cards
that each ignore the other player's texts), and the order in which cards were played never
matters, so the effects that apply are found as a fixed point: an ignore effect applies when
nothing that could ignore it applies, and fails when something that does ignore it applies.
Effects left undecided by that (two cards ignoring each other) are a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from rulesq.effects.base import Unparsed
from rulesq.errors import CannotAnswer, Undecided
from rulesq.frozen import replace
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.claims import exempting_icons, ignore_reaches
from rulesq.games.bluemoon.judge.kept import once
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import IN_PLAY, ME, YOU, Instance, State, Zone, other
from rulesq.games.bluemoon.judge.values import holds, printed_value
from rulesq.games.bluemoon.judge.work import WORK
from rulesq.games.bluemoon.kinds import Kind
from rulesq.games.bluemoon.times import W

if TYPE_CHECKING:
    from collections.abc import Hashable

    from rulesq.effects.base import Effect

#: Where a card's own text can act or be ignored: in play, in hand (texts checked before
#: play) and an interference card being applied.
REACHABLE = IN_PLAY | {Zone.HAND, Zone.GONE}


@dataclass(frozen=True, eq=False)
class Source:
    """One effect of one card: the card, the effect and its place in the card's text."""

    card: Instance
    effect: Effect
    index: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Source) and other.card is self.card and other.index == self.index

    def __hash__(self) -> int:
        return hash((id(self.card), self.index))

    @property
    def controller(self) -> str:
        """The player whose card it is ("I" on the card)."""
        return self.card.owner

    @once
    def kind(self) -> Kind:
        """The effect's kind of rule (the ladder file places it on a step)."""
        if isinstance(self.effect, fx.BlueMoonEffect):
            return self.effect.rule_kind
        return Kind.CARD_TEXT

    @property
    def quote(self) -> str:
        """The sentence of the card text this effect was read from."""
        text = self.card.info.text or ""
        span = self.effect.span
        return text[span.start : span.end].strip() or self.effect.render()


class Mark(Enum):
    """The status of an ignore effect while the fixed point is computed."""

    UNDECIDED = "undecided"
    APPLIES = "applies"
    FAILS = "fails"


#: Enum members read on hot paths, held as plain names: on Python 3.11 reading a member off
#: its class goes through the enum metaclass's ``__getattr__`` hook (several hundred
#: instructions a read, ten times a plain class attribute).
_LEADERSHIP = Zone.LEADERSHIP
_ICONS, _CARDS, _TEXTS = fx.Scope.ICONS, fx.Scope.CARDS, fx.Scope.SPECIAL_POWER_TEXTS
_UNDECIDED, _APPLIES, _FAILS = Mark.UNDECIDED, Mark.APPLIES, Mark.FAILS


@dataclass(frozen=True)
class Ignored:
    """Why something is ignored: the ignore effect that does it, and what it ignores."""

    source: Source
    what: str  # "card", "text" or an icon name


_new = object.__new__


def _ignored(source: Source, what: str) -> Ignored:
    """``Ignored(source, what)`` made without the frozen class's ``__init__``."""
    made = _new(Ignored)
    made.__dict__.update(source=source, what=what)
    return made


def _source(card: Instance, effect: Effect, index: int) -> Source:
    """``Source(card, effect, index)`` made without the frozen class's ``__init__``."""
    made = _new(Source)
    made.__dict__.update(card=card, effect=effect, index=index)
    return made


def effects_of(card: Instance) -> list[Source]:
    """Every effect of a card's text (unparsed sentences included), in order.

    The list is made once per card (its text never changes) and kept beside the card.
    """
    known: list[Source] | None = card.__dict__.get("_sources")
    if known is not None:
        return list(known)
    parsed = card.info.parsed
    found = (
        []
        if parsed is None
        else [_source(card, effect, i) for i, effect in enumerate(parsed.effects)]
    )
    card.__dict__["_sources"] = found
    return list(found)


def has_effect(card: Instance, kind: type | tuple[type, ...]) -> bool:
    """Whether a card's text has an effect of a kind (as ``isinstance`` tells, by class)."""
    return any(issubclass(found, kind) for found in _effect_kinds(card))


def unignorable(source: Source) -> bool:
    """Whether the effect's kind outranks ignoring, so no ignore reaches it ("I must")."""
    return not ignore_reaches(source.kind)


class Forces:
    """The ignore statuses and the effects in force, for one moment of a situation."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._marks: dict[Source, Mark] | None = None
        self._unknown: dict[Source, str] = {}
        self._resolving = False
        self._applying_found: tuple[Source, ...] | None = None
        #: The players some ignore effect could reach, with the cards list and length it
        #: was found for (asked of nearly every card: kept while the cards stay as they are).
        self._reach: tuple[list[Instance], int, dict[Hashable, list[Instance]]] | None = None
        #: The cards with an effect of each kind, kept the same way.
        self._with: dict[type | tuple[type, ...], tuple[list[Instance], int, list[Instance]]] = {}

    @property
    def marks(self) -> dict[Source, Mark]:
        """The status of every ignore effect, found (once, when first asked) as a fixed point."""
        if self._marks is None:
            self._marks = {}
            self._resolving = True
            try:
                self._resolve()
            except BaseException:
                self._marks = None  # asked again, it fails again
                raise
            finally:
                self._resolving = False
        return self._marks

    @property
    def unknown(self) -> dict[Source, str]:
        """Ignore effects whose condition cannot be decided, with the reason."""
        self.marks  # noqa: B018 - the fixed point finds them
        return self._unknown

    def _beyond_reach(self, card: Instance) -> bool:
        """Whether no ignore effect of any card of the situation could reach this card's owner.

        Then nothing ignores the card, its text or its icons, and the fixed point is not needed.
        """
        cards = self.state.cards
        reach = self._reach
        if reach is None or reach[0] is not cards or reach[1] != len(cards):
            found = self.state.index().group("ignore-reach", _ignore_reach)
            reach = self._reach = (cards, len(cards), found)
        return not reach[2].get(card.owner)

    # ------------------------------------------------------------------ live cards
    def live(self, card: Instance) -> bool:
        """Whether a card's text can act now.

        Active in play (a leadership card only on the turn it is played).
        """
        if card.face_down or card.cancelled:
            return False
        zone = card.zone
        if zone is _LEADERSHIP:
            return card.turn == self.state.turn and not self.state.turn_over
        return zone in IN_PLAY and card.active

    def opposed(self, card: Instance) -> Source | None:
        """The "no effect if opposed by …" sentence that switches a card off, if any."""
        if fx.NoEffectIfOpposed not in _effect_kinds(card):
            return None
        for source in effects_of(card):
            effect = source.effect
            if not isinstance(effect, fx.NoEffectIfOpposed):
                continue
            keys = dict.fromkeys(" ".join(n.name.casefold().split()) for n in effect.names)
            opposing = other(card.owner)
            for opposer in (c for key in keys for c in self.state.named(key, opposing)):
                if opposer.in_play and opposer.active and not opposer.face_down:
                    return source
        return None

    def window_open(self, source: Source) -> bool:
        """Whether an effect's own time ("On this turn", "On my turn") holds now."""
        when = fx.time_of(source.effect)
        if when is None:
            return True
        state = self.state
        if when.kind is W.THIS_TURN:
            return (
                source.card.turn == state.turn
                and state.turn_owner == source.controller
                and not state.turn_over
            )
        if when.kind is W.ON_TURN and when.role is not None:
            if state.turn_owner is None:  # no turn stated, nor taken for an event
                raise CannotAnswer(
                    f'whose turn it is decides whether the text of "{source.card.name}" acts '
                    f'("{when.render()}"), and the situation does not say: say whose turn it is '
                    "(it is my turn / it is your turn)"
                )
            return (
                state.turn_owner in players_of(when.role, source.controller) and not state.turn_over
            )
        if when.kind is W.THIS_FIGHT:
            return True  # a card in play is in play during this fight only
        raise CannotAnswer(
            f'rulesq cannot yet tell whether "{source.card.name}"\'s time '
            f'("{when.render()}") is now'
        )

    # ------------------------------------------------------------------ the fixed point
    @once
    def ignore_sources(self) -> list[Source]:
        """The ignore effects of live cards whose time holds and which are not opposed."""
        found = []
        for card in self._cards_with(fx.Ignore):
            if not self.live(card) or self.opposed(card) is not None:
                continue
            for source in effects_of(card):
                if (
                    isinstance(source.effect, fx.Ignore)
                    and self.window_open(source)
                    and self._condition_allows(source)
                ):
                    found.append(source)
        return found

    def _condition_allows(self, source: Source) -> bool:
        """Whether an ignore effect's "if …" holds (one that cannot be decided is kept, unknown).

        The condition is read before any ignoring is applied.
        """
        condition = fx.condition_of(source.effect)
        if condition is None:
            return True
        try:
            return holds(condition, source.controller, self, source.card)
        except CannotAnswer as error:
            self._unknown[source] = (
                f'whether "{source.card.name}" ignores anything depends on '
                f"its condition ({source.quote}), and {error}"
            )
            return True

    def _resolve(self) -> None:
        sources = self.ignore_sources
        marks = self._marks = dict.fromkeys(sources, _UNDECIDED)
        # Only an effect that ignores cards or texts of a player can silence that player's
        # cards (``_silences``): each is tried against those alone, not against every effect.
        silencers = {
            who: [
                f
                for f in sources
                if getattr(f.effect, "scope", None) is not _ICONS
                and who in players_of(getattr(f.effect, "owner", None), f.controller)
            ]
            for who in (ME, YOU)
        }
        changed = True
        while changed:
            changed = False
            for source in sources:
                WORK.tried += 1
                if marks[source] is not _UNDECIDED or source in self._unknown:
                    continue
                possible = [
                    f
                    for f in silencers.get(source.card.owner, sources)
                    if f is not source
                    and marks[f] is not _FAILS
                    and self._silences(f, source.card, definite=False)
                ]
                if not possible:
                    marks[source] = _APPLIES
                    changed = True
                elif any(
                    marks[f] is _APPLIES and self._silences(f, source.card, True) for f in possible
                ):
                    marks[source] = _FAILS
                    changed = True

    def _silences(self, ignorer: Source, card: Instance, definite: bool) -> bool:
        """Whether an ignore effect ignores a card or its text (so its effects stop)."""
        scope = fx.scope_of(ignorer.effect)
        if scope is _ICONS:
            return False
        return self._reaches(ignorer, card, definite) is not None

    def _reaches(
        self, ignorer: Source, card: Instance, definite: bool, protection: bool = True
    ) -> str | None:
        """What of a card an ignore effect ignores ("card", "text", "icons"), or None.

        With ``protection`` False, what it would ignore were the card not PROTECTED.
        """
        WORK.reached += 1
        effect = ignorer.effect
        assert isinstance(effect, fx.Ignore)
        if card.zone not in REACHABLE or card.owner not in players_of(
            effect.owner, ignorer.controller
        ):
            return None
        if card is ignorer.card or card.face_down and effect.scope is _TEXTS:
            return None
        controller = ignorer.controller
        view = _IconView(self)
        if effect.scope is _ICONS:
            if self._icons_protected(ignorer, card, definite):
                return None
            return "icons"  # every icon it has, or is treated as having while played
        if protection and self._protected_from(ignorer, card, definite):
            return None
        if effect.scope is _CARDS:
            chosen = effect.cards is None or matches(effect.cards, card, controller, view)
            spared = any(matches(e, card, controller, view) for e in effect.except_cards)
            return "card" if chosen and not spared else None
        if not card.info.has_text:
            return None
        spared = any(matches(e, card, controller, view) for e in effect.except_on)
        return None if spared else "text"

    def spared(self, ignorer: Source, card: Instance) -> bool:
        """Whether an ignore's own exception ("except Flit character cards") spares the card.

        Without its exception, the ignore would reach the card.
        """
        effect = ignorer.effect
        if not isinstance(effect, fx.Ignore) or not (effect.except_cards or effect.except_on):
            return False
        if self._reaches(ignorer, card, True) is not None:
            return False
        bare = replace(effect, except_cards=(), except_on=())
        return self._reaches(Source(ignorer.card, bare, ignorer.index), card, True) is not None

    def _protected_from(self, ignorer: Source, card: Instance, definite: bool) -> bool:
        """Whether PROTECTED shields a card from an opposing ignore effect.

        PROTECTED shields an active card in play from opposing ignore effects, unless its PROTECTED
        icon is itself ignored (card instructions supersede the game rules).
        """
        if ignorer.controller == card.owner or not (card.in_play and card.active):
            return False
        return any(
            not self._exempt_icon_ignored(ignorer, card, icon, definite)
            for icon in exempt_icons(card)
        )

    def _exempt_icon_ignored(
        self, ignorer: Source, card: Instance, icon: str, definite: bool
    ) -> bool:
        """Whether an effect ignoring icons (other than ``ignorer``) ignores this icon."""
        marks = self.marks
        for source in self._icon_ignorers:
            WORK.tried += 1
            mark = marks.get(source)
            if source is ignorer or mark is None or mark is _FAILS:
                continue
            if mark is _UNDECIDED and definite:
                continue
            if self._icon_reached(source, card, icon):
                return True
        return False

    @once
    def _icon_ignorers(self) -> list[Source]:
        """The ignore effects that ignore icons (read once: not every ignore effect each time)."""
        return [s for s in self.ignore_sources if fx.scope_of(s.effect) is _ICONS]

    def _icons_protected(self, ignorer: Source, card: Instance, definite: bool) -> bool:
        """Whether PROTECTED shields a card's icons from an opposing effect ignoring icons.

        Only when that effect spares the PROTECTED icon ("except STOP and PROTECTED"); one that
        does not spare it ignores the PROTECTED icon too, and with it the protection.
        """
        effect = ignorer.effect
        assert isinstance(effect, fx.Ignore)
        if ignorer.controller == card.owner or not (card.in_play and card.active):
            return False
        return any(
            _spares(effect, icon) and not self._exempt_icon_ignored(ignorer, card, icon, definite)
            for icon in exempt_icons(card)
        )

    def _icon_reached(self, source: Source, card: Instance, icon: str) -> bool:
        effect = source.effect
        assert isinstance(effect, fx.Ignore)
        if _spares(effect, icon):
            return False
        return self._reaches(source, card, definite=True) is not None

    # ------------------------------------------------------------------ reading
    def applying(self) -> list[Source]:
        """The ignore effects that apply."""
        return list(self._applying())

    def _applying(self) -> tuple[Source, ...]:
        """The ignore effects that apply, listed once the fixed point is found (not while)."""
        if self._applying_found is not None:
            return self._applying_found
        found = tuple(s for s, m in self.marks.items() if m is _APPLIES)
        if not self._resolving:
            self._applying_found = found
        return found

    def conflicts(self) -> list[Source]:
        """Ignore effects the ladder cannot decide (cards ignoring each other)."""
        return [s for s, m in self.marks.items() if m is _UNDECIDED]

    def undecided_over(
        self, card: Instance, reach: frozenset[str] | None = None, icon: str | None = None
    ) -> list[Source]:
        """The undecided ignore effects that might reach a card (``reach``: what they ignore).

        With ``icon``, only effects ignoring icons that do not except it.
        """
        found = []
        for source in self.conflicts():
            what = self._reaches(source, card, definite=False)
            if what is None or reach is not None and what not in reach:
                continue
            if icon is not None and (what != "icons" or not self._icon_reached(source, card, icon)):
                continue
            found.append(source)
        return found

    def require_decided(
        self, card: Instance, reach: frozenset[str] | None = None, icon: str | None = None
    ) -> None:
        """Stop when whether a card (its text, an icon) is ignored depends on undecided effects.

        An ignore effect whose condition is unknown makes it *cannot answer*; ignore effects that
        ignore each other make it a *conflict* (both are on the ignore step of the ladder).
        """
        if self._resolving:
            return
        reaching = self.undecided_over(card, reach, icon)
        if not reaching:
            return
        for source in reaching:
            if source in self.unknown:
                raise CannotAnswer(self.unknown[source])
        loop = [s for s in self.conflicts() if s not in self.unknown]
        names = " and ".join(dict.fromkeys(f'"{s.card.name}"' for s in loop))
        raise Undecided(
            f'whether "{card.name}" is ignored depends on {names}, which ignore each '
            "other: the precedence ladder does not decide between them (all are on "
            "the ignore step)",
            [(s.card.name, s.quote) for s in loop],
        )

    def card_ignored(self, card: Instance) -> Ignored | None:
        """The ignore effect that ignores the whole card, if any."""
        if self._beyond_reach(card):
            return None
        return self._card_ignored(card)

    def _card_ignored(self, card: Instance) -> Ignored | None:
        """``card_ignored`` for a card some ignore effect of the situation could reach."""
        for source in self._applying():
            if self._reaches(source, card, definite=True) == "card":
                return _ignored(source, "card")
        self.require_decided(card, frozenset({"card"}))
        return None

    def text_ignored(self, card: Instance) -> Ignored | None:
        """What ignores the card's special power text (the card itself, or its text)."""
        if self._beyond_reach(card):
            return None
        whole = self._card_ignored(card)
        if whole is not None:
            return whole
        for source in self._applying():
            if self._reaches(source, card, definite=True) == "text":
                return _ignored(source, "text")
        self.require_decided(card, frozenset({"text"}))
        return None

    def icons_shielded(self, card: Instance) -> list[Source]:
        """The applying effects ignoring icons that the card's PROTECTED icon keeps off it."""
        kept = []
        for source in self._applying():
            effect = source.effect
            if (
                not isinstance(effect, fx.Ignore)
                or effect.scope is not _ICONS
                or card is source.card
                or card.owner not in players_of(effect.owner, source.controller)
            ):
                continue
            if self._icons_protected(source, card, definite=True):
                kept.append(source)
        return kept

    def shielded_from(self, card: Instance) -> Source | None:
        """An applying ignore effect that would silence the card's text but for PROTECTED."""
        for source in self._applying():
            if self._silences(source, card, definite=True):
                continue
            if fx.scope_of(source.effect) is _ICONS:
                continue
            if self._reaches(source, card, definite=True, protection=False) is not None:
                return source
        return None

    def icon_ignored(self, card: Instance, icon: str, whole: bool = True) -> Ignored | None:
        """What ignores one icon of a card, if anything.

        What ignores one icon of a card (the card itself, or its icons); ``whole`` False looks only
        at effects ignoring icons.
        """
        if self._beyond_reach(card):
            return None
        ignored = self._card_ignored(card) if whole else None
        if ignored is not None:
            return ignored
        for source in self._applying():
            if fx.scope_of(source.effect) is _ICONS and self._icon_reached(source, card, icon):
                return _ignored(source, icon.upper())
        self.require_decided(card, frozenset({"icons"}), icon.upper())
        return None

    def out_of_reach(self, card: Instance) -> bool:
        """Whether no ignore effect of the situation could reach the card (nor its icons)."""
        return self._beyond_reach(card)

    def has_icon(self, card: Instance, icon: str, whole: bool = True) -> bool:
        """Whether a card has an icon that is not ignored (as-if icons count while played)."""
        name = icon.upper()
        if name not in card.info.icons and name not in card.as_if:
            return False
        return self.icon_ignored(card, name, whole) is None

    def printed(self, card: Instance, element: str | None) -> int:
        """A card's printed value in an element after printed-value effects.

        Special Rule 7 applies these first; an ignored card's values have no effect (0).
        """
        return printed_value(self, card, element).value

    def played_this_turn(self, card: Instance) -> bool:
        """Whether a card in play was played on the current turn.

        A card the situation only states as active was in play before the situation began:
        on the situation's first turn, whether it was played earlier in that turn is unknown.
        """
        state = self.state
        if card.played:
            return card.turn == state.turn and not state.turn_over
        if state.turn <= 1 and not state.turn_over:
            raise CannotAnswer(
                f'the situation does not say whether "{card.name}" was played '
                "on this turn (it is stated as active)"
            )
        return False

    def protected(self, card: Instance) -> bool:
        """Whether an active card in play has an effective PROTECTED icon."""
        return card.in_play and card.active and self.has_icon(card, "PROTECTED")

    def in_force(self, card: Instance, *, in_hand: bool = False) -> list[Source]:
        """The effects of a card that act now.

        The card is live (or, with ``in_hand``, the texts read before play), not opposed, and its
        text not ignored (texts beyond ignoring always).
        """
        if not in_hand and not self.live(card):
            return []
        acting, beyond, all_beyond, opposable = _acting(card)
        if opposable and self.opposed(card) is not None:
            return list(beyond)
        if all_beyond:
            return list(acting)
        if self.text_ignored(card) is None:
            return list(acting)
        return [s for s in acting if s in beyond]

    def effects(
        self,
        kind: type[fx.BlueMoonEffect] | tuple[type[fx.BlueMoonEffect], ...],
        controller: str | None = None,
    ) -> list[Source]:
        """The effects of one class in force on live cards (of a controller), time aside."""
        found = []
        for card in self._cards_with(kind):
            WORK.cards += 1
            if controller is not None and card.owner != controller:
                continue
            for source in self.in_force(card):
                if isinstance(source.effect, kind):
                    found.append(source)
        return found

    def _cards_with(self, kind: type | tuple[type, ...]) -> list[Instance]:
        """The cards of the state with an effect of a kind, in the state's order.

        Asked again while the state's cards stay as they are, the list found is given again.
        """
        cards = self.state.cards
        mine = self._with.get(kind)
        if mine is not None and mine[0] is cards and mine[1] == len(cards):
            return mine[2]
        found = self._cards_with_kept(kind)
        self._with[kind] = (cards, len(cards), found)
        return found

    def _cards_with_kept(self, kind: type | tuple[type, ...]) -> list[Instance]:
        """The cards of the state with an effect of a kind, in the state's order.

        Kept with the state's card index and extended by the cards added since (its cards
        are only added to, or replaced with a new list and a new index): finding them again
        after each card added costs the new cards only.
        """
        index = self.state.index()
        kept: dict[type | tuple[type, ...], tuple[list[int], list[Instance]]] = (
            index.__dict__.setdefault("_with_kind", {})
        )
        cards = self.state.cards
        known = kept.get(kind)
        if known is None:
            found = self._find_cards_with(kind, index.group("effect-kinds", _effect_kinds))
            known = kept[kind] = ([len(cards)], list(found))
        done, found = known
        if done[0] != len(cards):
            WORK.cards += len(cards) - done[0]
            for card in cards[done[0] :]:
                if any(issubclass(effect, kind) for effect in _effect_kinds(card)):
                    found.append(card)
            done[0] = len(cards)
        return found

    def _find_cards_with(
        self, kind: type | tuple[type, ...], by_kind: dict[Hashable, list[Instance]]
    ) -> list[Instance]:
        lists = [
            cards
            for found, cards in by_kind.items()
            if isinstance(found, type) and issubclass(found, kind)
        ]
        if len(lists) == 1:
            return lists[0]
        order = {id(card): at for at, card in enumerate(self.state.cards)} if lists else {}
        return sorted((c for cards in lists for c in cards), key=lambda c: order[id(c)])

    def unparsed(self) -> list[Source]:
        """Sentences of live cards that rulesq does not understand.

        Only the cards with such a sentence are looked at (kept with the card index, in the
        state's order), not every card of the state.
        """
        return [
            s
            for card in self._cards_with(Unparsed)
            if self.live(card)
            for s in effects_of(card)
            if isinstance(s.effect, Unparsed)
        ]


def _acting(card: Instance) -> tuple[list[Source], list[Source], bool, bool]:
    """A card's effects that can act, those beyond ignoring, whether all that act are, and more.

    The last is whether a "no effect if opposed" sentence could switch the card off. The
    effects that can act are all but sentences rulesq does not read and "no effect if opposed"
    ones; beyond ignoring are those whose kind outranks it ("I must"), of all its effects.
    Found once per card and kept beside it (like its effects).
    """
    known: tuple[list[Source], list[Source], bool, bool] | None = card.__dict__.get("_acting")
    if known is None:
        sources = effects_of(card)
        acting = [s for s in sources if not isinstance(s.effect, Unparsed | fx.NoEffectIfOpposed)]
        beyond = [s for s in sources if unignorable(s)]
        opposable = fx.NoEffectIfOpposed in _effect_kinds(card)
        known = (acting, beyond, all(s in beyond for s in acting), opposable)
        card.__dict__["_acting"] = known
    return known


def _effect_kinds(card: Instance) -> frozenset[type]:
    """The classes of a card's effects (the same for every copy of the card; kept beside it)."""
    known: frozenset[type] | None = card.__dict__.get("_kinds")
    if known is None:
        known = card.__dict__["_kinds"] = card.info.effect_classes
    return known


def _ignore_reach(card: Instance) -> frozenset[str]:
    """The players whose cards the card's ignore effects (any, of any scope) can reach."""
    parsed = card.info.parsed
    if parsed is None:
        return frozenset()
    return frozenset(
        who
        for effect in parsed.effects
        if isinstance(effect, fx.Ignore)
        for who in players_of(effect.owner, card.owner)
    )


def exempt_icons(card: Instance) -> list[str]:
    """The printed icons of a card that the ignore step of the ladder exempts.

    Each exempting icon is asked for by name (a card of unknown icons notes just those).
    """
    icons = card.info.icons
    return [icon for icon in exempting_icons() if icon in icons]


def _spares(effect: fx.Ignore, icon: str) -> bool:
    """Whether an ignore effect's "except …" names the icon."""
    return icon.upper() in {i.upper() for i in effect.except_icons}


class _IconView:
    """Icons as ignore effects see them while the fixed point is computed.

    Icons as ignore effects see them while deciding: icon ignoring only (no recursion through
    whole-card ignoring).
    """

    def __init__(self, forces: Forces) -> None:
        self.forces = forces

    def has_icon(self, card: Instance, icon: str) -> bool:
        return self.forces.has_icon(card, icon, whole=False)

    def printed(self, card: Instance, element: str | None) -> int:
        return self.forces.printed(card, element)

    def played_this_turn(self, card: Instance) -> bool:
        return self.forces.played_this_turn(card)
