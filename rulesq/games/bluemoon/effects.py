"""Blue Moon effects: what one sentence of special power text means, as typed nodes.

Each effect renders back to one canonical English sentence; its kind of rule and its
persistence group (:mod:`rulesq.games.bluemoon.kinds`) are said in one place, ``classify`` at
the end of this module. Which kind outranks which is the ladder file's to say.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import ClassVar, Protocol, runtime_checkable

from rulesq.effects.base import Effect
from rulesq.games.bluemoon.acts import Act, AsIfIcon, Attract, Do, Mode, Receive, Score, render_dos
from rulesq.games.bluemoon.conditions import Condition, Having
from rulesq.games.bluemoon.kinds import Group, Kind, by_time
from rulesq.games.bluemoon.selectors import (
    CardName,
    Cards,
    CardsExpr,
    Dragons,
    Place,
    Q,
    R,
    Ref,
    join_and,
)
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import Element, Role


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop."""
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def leads(when: When | None, condition: Condition | None) -> str:
    """The opening of a sentence: ``At the end of each fight, if I have …, ``; ``… now ``."""
    if when is not None and when.kind is W.NOW:
        return (f"if {condition.render()}, " if condition is not None else "") + "now "
    out = ""
    if when is not None and when.kind is W.TURN_ABOUT_TO_END:
        if (
            isinstance(condition, Having)
            and condition.who is when.role
            and condition.have.than is None
            and isinstance(condition.have.what, Cards)
        ):
            who = when.role.obj if when.role else "me"
            return f"{when.render()} with {who} holding {condition.have.what.render()}, "
        out = when.render() + ", "
    elif when is not None:
        out = when.lead()
    if condition is not None:
        out += f"if {condition.render()}, "
    return out


@runtime_checkable
class Timed(Protocol):
    """An effect with its own time ("At the end of my turn", "On this turn"), or none."""

    @property
    def when(self) -> When | None:
        """Its time, or None: it acts while in force (or when what carries it applies)."""


@runtime_checkable
class Conditioned(Protocol):
    """An effect that acts only while a condition ("if …") holds."""

    @property
    def condition(self) -> Condition | None:
        """Its condition, or None."""


def time_of(effect: object) -> When | None:
    """The time an effect states, or None (also for a class that states none)."""
    # What ``isinstance(effect, Timed)`` checks, without the protocol's slow runtime check.
    when: When | None = getattr(effect, "when", None)
    return when


def condition_of(effect: object) -> Condition | None:
    """The condition an effect states, or None (also for a class that states none)."""
    condition: Condition | None = getattr(effect, "condition", None)
    return condition


@dataclass(frozen=True)
class BlueMoonEffect(Effect):
    """A Blue Moon effect: knows its ladder class and its persistence group.

    ``FOLLOWED`` (declared by every class, next to its fields) names the fields the judge
    follows; a field set to something else than its default and not followed makes an answer
    that rests on the effect *cannot answer* (:func:`unfollowed`, checked when the effect claims).
    """

    FOLLOWED: ClassVar[frozenset[str]] = frozenset()

    def unfollowed(self) -> tuple[str, ...]:
        """The fields set on this effect (a required one, or one off its default) not followed."""
        out = []
        for item in fields(self):
            if item.name in self.FOLLOWED or not item.compare:  # the span is no meaning
                continue
            if item.default is not MISSING and getattr(self, item.name) == item.default:
                continue
            if (
                item.default_factory is not MISSING
                and getattr(self, item.name) == item.default_factory()
            ):
                continue
            out.append(item.name)
        return tuple(out)

    @property
    def rule_kind(self) -> Kind:
        """Its kind of rule (I must / ignore / you may not / card text); the ladder ranks it."""
        return _kind(self)

    @property
    def group(self) -> Group:
        """Its persistence group: 1 once when played, 2 per turn or event, 3 continuous."""
        return _group(self)

    def annotations(self, *, nested: bool = False) -> dict[str, str]:
        """The ladder class and the persistence group, for printing beside the effect.

        An effect inside an interference trigger acts when the trigger does: it shows no
        group of its own.
        """
        if nested:
            return {"ladder": self.rule_kind.value}
        group = self.group
        return {"ladder": self.rule_kind.value, "group": f"{group.value} ({group.label})"}


@dataclass(frozen=True)
class MustToPlay(BlueMoonEffect):
    """``I must <act> to play this card``: a play cost or condition (ladder: I must)."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"requirement"})

    requirement: Act

    def render(self) -> str:
        """The sentence."""
        return sentence(f"I must {self.requirement.render()} to play this card")


@dataclass(frozen=True)
class PlayCondition(BlueMoonEffect):
    """``I may only play this card if <condition>``: checked in hand, before play."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"condition"})

    condition: Condition

    def render(self) -> str:
        """The sentence."""
        return sentence(f"I may only play this card if {self.condition.render()}")


class Timing(StrEnum):
    """When an interference card may be played relative to its event."""

    WHEN = "when"
    IMMEDIATELY_AFTER = "immediately after"


@dataclass(frozen=True)
class InterferenceTrigger(BlueMoonEffect):
    """``I may play this card when <event>: <effects>``."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"timing", "event", "effects"})

    timing: Timing
    event: Do
    effects: tuple[Effect, ...] = ()

    def render(self) -> str:
        """The trigger and, after a colon, its effects."""
        head = f"I may play this card {self.timing.value} {self.event.render()}"
        if not self.effects:
            return sentence(head)
        return head + ": " + " ".join(e.render() for e in self.effects)


@dataclass(frozen=True)
class PlayAsIf(BlueMoonEffect):
    """``[If <condition>, ]I may play <cards> as if it had the <ICON> icon``."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"cards", "as_if", "condition"})

    cards: CardsExpr
    as_if: AsIfIcon
    condition: Condition | None = None

    def render(self) -> str:
        """The sentence."""
        plural = isinstance(self.cards, Cards) and not self.cards.quantity.singular
        body = f"I may play {self.cards.render()} {self.as_if.render(plural=plural)}"
        return sentence(leads(None, self.condition) + body)


@dataclass(frozen=True)
class PlayWithoutPushing(BlueMoonEffect):
    """``I may play this card into my combat area without pushing …``."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"into"})

    into: Place

    def render(self) -> str:
        """The sentence."""
        return sentence(
            f"I may play this card into {self.into.render()} without pushing the "
            "previously active cards under it"
        )


@dataclass(frozen=True)
class ElementChange(BlueMoonEffect):
    """``The contested element of the fight changes between Fire and Earth`` / ``to Fire``."""

    #: The replay changes the element when the card is played; a time or a condition of its
    #: own ("At the end of my turn, …", "If …, …") is not followed.
    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"to"})

    to: Element | None = None  # None: it swaps between Fire and Earth
    when: When | None = None
    condition: Condition | None = None

    def render(self) -> str:
        """The sentence."""
        change = f"to {self.to.value}" if self.to else "between Fire and Earth"
        return sentence(
            leads(self.when, self.condition)
            + f"the contested element of the fight changes {change}"
        )


@dataclass(frozen=True)
class Prohibition(BlueMoonEffect):
    """``You may not <act>`` with its time, condition and remedy (ladder: you may not)."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"who", "act", "when", "condition", "remedy"})

    who: Role
    act: Act
    when: When | None = None
    condition: Condition | None = None
    remedy: Do | None = None  # "and you must discard any additional cards"

    def render(self) -> str:
        """The sentence."""
        body = f"{self.who.subject} may not {self.act.render()}"
        if self.remedy is not None:
            body += " and " + self.remedy.render()
        return sentence(leads(self.when, self.condition) + body)


@dataclass(frozen=True)
class SelfRestriction(BlueMoonEffect):
    """``I may not <act>``: ordinary card text, not a "you may not" prohibition."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"who", "act", "when", "condition"})

    who: Role
    act: Act
    when: When | None = None
    condition: Condition | None = None

    def render(self) -> str:
        """The sentence."""
        body = f"{self.who.subject} may not {self.act.render()}"
        return sentence(leads(self.when, self.condition) + body)


@dataclass(frozen=True)
class NotSelectable(BlueMoonEffect):
    """``<Card> may not be selected``: ordinary card text."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"card"})

    card: CardName

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.card.render()} may not be selected")


class Scope(StrEnum):
    """What an ignore effect switches off."""

    CARDS = "cards"
    ICONS = "icons"
    SPECIAL_POWER_TEXTS = "special power texts"


@dataclass(frozen=True)
class Ignore(BlueMoonEffect):
    """``Your <cards / icons / special power texts> are ignored, except …`` (ladder: ignore).

    ``except_cards`` (scope cards) are cards left alone; ``except_on`` (scope icons or
    texts) the cards on which icons or texts are left alone ("except on <family> character
    cards"); ``except_icons`` the icons left alone ("except STOP").
    """

    FOLLOWED: ClassVar[frozenset[str]] = frozenset(
        {
            "scope",
            "owner",
            "cards",
            "except_cards",
            "except_icons",
            "except_on",
            "when",
            "condition",
        }
    )

    scope: Scope
    owner: Role
    cards: Cards | None = None
    except_cards: tuple[CardsExpr, ...] = ()
    except_icons: tuple[str, ...] = ()
    except_on: tuple[CardsExpr, ...] = ()
    when: When | None = None
    condition: Condition | None = None

    def render(self) -> str:
        """The sentence."""
        if self.scope is Scope.CARDS and self.cards is not None:
            subject = self.cards.render()
            verb = "is" if self.cards.quantity.singular else "are"
        else:
            subject = f"{self.owner.possessive} {self.scope.value}"
            verb = "are"
        body = f"{subject} {verb} ignored"
        parts = (
            [c.render() for c in self.except_cards]
            + list(self.except_icons)
            + [f"on {c.render()}" for c in self.except_on]
        )
        if parts:
            body += ", except " + join_and(parts)
        return sentence(leads(self.when, self.condition) + body)


@dataclass(frozen=True)
class NoEffectIfOpposed(BlueMoonEffect):
    """``(This card has no effect if opposed by <Card> [or <Card>].)``."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"names"})

    names: tuple[CardName, ...]

    def render(self) -> str:
        """The parenthesised sentence."""
        names = join_and([n.render() for n in self.names], "or")
        return f"(This card has no effect if opposed by {names}.)"


class Stage(StrEnum):
    """Which number a value effect changes."""

    PRINTED_VALUE = "printed value"
    VALUE = "value"
    TOTAL_POWER = "total power"
    EFFECT = "effect"  # "the effect of … doubles": the numbers in it double


class Op(StrEnum):
    """How a value effect changes its number."""

    DOUBLE = "double"
    REDUCE_TO = "reduce to"
    INCREASE_TO = "increase to"
    INCREASE_BY = "increase by"
    REDUCE_BY = "reduce by"
    INCREASE_TO_SUM = "increase to sum of printed values"
    INCREASE_TO_HIGHER = "increase to higher printed value"


class Parity(StrEnum):
    """Odd or even printed values."""

    ODD = "odd"
    EVEN = "even"


@dataclass(frozen=True)
class ValueChange(BlueMoonEffect):
    """A change to printed values, values, total power or an effect's numbers.

    ``element`` None with stage value means both values ("the values of …"); for total
    power it means whatever the contested element is. ``n`` is the number of reduce/increase
    (to ``n``, or by ``n``).
    """

    FOLLOWED: ClassVar[frozenset[str]] = frozenset(
        {
            "stage",
            "op",
            "n",
            "cards",
            "owner",
            "element",
            "parity",
            "when",
            "condition",
        }
    )

    stage: Stage
    op: Op
    n: int | None = None
    cards: CardsExpr | None = None
    owner: Role | None = None  # whose total power
    element: Element | None = None
    parity: Parity | None = None
    when: When | None = None
    condition: Condition | None = None

    def render(self) -> str:
        """The sentence."""
        if self.stage is Stage.TOTAL_POWER:
            owner = self.owner.possessive if self.owner else "the"
            subject = f"{owner} total power"
            if self.element:
                subject += f" in {self.element.value}"
            singular = True
        elif self.stage is Stage.EFFECT:
            subject = f"the effect of {self._cards()}"
            singular = True
        else:
            singular = self.element is not None and self.parity is None
            words = [self.parity.value] if self.parity else []
            if self.stage is Stage.PRINTED_VALUE:
                words.append("printed")
            if self.element:
                words.append(self.element.value)
            words.append("value" if singular else "values")
            subject = f"the {' '.join(words)} of {self._cards()}"
        return sentence(leads(self.when, self.condition) + f"{subject} {self._op(singular)}")

    def _cards(self) -> str:
        return self.cards.render() if self.cards is not None else "this card"

    def _op(self, singular: bool) -> str:
        s = "s" if singular else ""
        its = "their"
        if (
            isinstance(self.cards, Cards)
            and self.cards.quantity.kind in (Q.OF, Q.COUNT)
            and self.cards.quantity.n == 1
        ):
            its = "its"
        match self.op:
            case Op.DOUBLE:
                return f"double{s}"
            case Op.REDUCE_TO:
                return f"reduce{s} to {self.n}"
            case Op.INCREASE_TO:
                return f"increase{s} to {self.n}"
            case Op.INCREASE_BY:
                return f"increase{s} by {self.n}"
            case Op.REDUCE_BY:
                return f"reduce{s} by {self.n}"
            case Op.INCREASE_TO_SUM:
                return (
                    f"increase{s} to the sum of {its} printed Fire value + {its} printed "
                    "Earth value"
                )
            case Op.INCREASE_TO_HIGHER:
                return (
                    f"increase{s} to the higher of {its} printed Fire value or {its} "
                    "printed Earth value"
                )
        raise AssertionError(self.op)  # pragma: no cover


@dataclass(frozen=True)
class PlayPermission(BlueMoonEffect):
    """``On my turn, I may play one additional support card`` and the like."""

    #: ``also`` is followed as every permission is: in addition to what the rules allow.
    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"who", "cards", "when", "condition", "also"})

    who: Role
    cards: CardsExpr
    when: When | None = None
    condition: Condition | None = None
    also: bool = False

    def render(self) -> str:
        """The sentence."""
        also = "also " if self.also else ""
        body = f"{self.who.subject} may {also}play {self.cards.render()}"
        return sentence(leads(self.when, self.condition) + body)


@dataclass(frozen=True)
class NextPlayedAsIf(BlueMoonEffect):
    """``The next <cards> I play on this turn is treated as if it had the FREE icon``."""

    #: Read for the card's controller only (``who``: another player is not followed), and for
    #: the turn the card was played (``when``: "on this turn"; another time is not followed).
    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"cards", "as_if", "when"})

    cards: Cards
    as_if: AsIfIcon
    who: Role = Role.CONTROLLER
    when: When | None = None

    def render(self) -> str:
        """The sentence."""
        when = f" {self.when.render()}" if self.when else ""
        return sentence(
            f"the next {self.cards.render()} {self.who.subject} play{when} is "
            f"treated {self.as_if.render()}"
        )


@dataclass(frozen=True)
class Obligation(BlueMoonEffect):
    """``You must <acts>[, or <otherwise>]``: ordinary card text (it can be ignored).

    ``even_if`` is the player whose retreat does not cancel the alternative ("- even if
    you retreat").
    """

    FOLLOWED: ClassVar[frozenset[str]] = frozenset(
        {
            "do",
            "otherwise",
            "even_if",
            "when",
            "condition",
        }
    )

    do: Do
    otherwise: Do | None = None
    even_if: Role | None = None
    when: When | None = None
    condition: Condition | None = None

    def render(self) -> str:
        """The sentence."""
        body = self.do.render()
        if self.otherwise is not None:
            same = self.otherwise.actor is self.do.actor and self.otherwise.mode is Mode.PLAIN
            # after "…, except X" a comma would read as one more exception
            last = getattr(self.do.acts[-1], "cards", None)
            joiner = " or " if isinstance(last, Cards) and last.exceptions else ", or "
            body += joiner + self.otherwise.render(subject="" if same else None)
        if self.even_if is not None:
            body += f" - even if {self.even_if.subject} retreat"
        return sentence(leads(self.when, self.condition) + body)


@dataclass(frozen=True)
class ActionEffect(BlueMoonEffect):
    """Players doing things at a time: "Now I may …", "At the end of my turn, I may …".

    ``when`` None: the effect acts when what carries it applies (an interference effect).
    """

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"dos", "when", "condition"})

    dos: tuple[Do, ...]
    when: When | None = None
    condition: Condition | None = None

    def render(self) -> str:
        """The sentence."""
        return sentence(leads(self.when, self.condition) + render_dos(self.dos))


@dataclass(frozen=True)
class DragonModifier(BlueMoonEffect):
    """``If I retreat[ now], you attract one fewer dragon`` and the like."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"retreating", "attracting", "dragons", "now"})

    retreating: Role
    attracting: Role
    dragons: Dragons
    now: bool = False

    def render(self) -> str:
        """The sentence."""
        now = " now" if self.now else ""
        return sentence(
            f"if {self.retreating.subject} retreat{now}, "
            f"{self.attracting.subject} {Attract(self.dragons).render()}"
        )


@dataclass(frozen=True)
class ScoreModifier(BlueMoonEffect):
    """``If I win the game, I receive one additional crystal`` and the like."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"winner", "who", "act"})

    winner: Role
    who: Role
    act: Receive | Score

    def render(self) -> str:
        """The sentence."""
        return sentence(
            f"if {self.winner.subject} win the game, {self.who.subject} {self.act.render()}"
        )


@dataclass(frozen=True)
class AttackAgain(BlueMoonEffect):
    """``My active cards attack again``."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"cards"})

    cards: Cards

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.cards.render()} attack again")


@dataclass(frozen=True)
class CancelCard(BlueMoonEffect):
    """``Your card is cancelled and discarded`` (the card an interference answers)."""

    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"cards"})

    cards: Cards

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.cards.render()} is cancelled and discarded")


@dataclass(frozen=True)
class EndTurn(BlueMoonEffect):
    """``Your turn ends immediately``."""

    #: The replay ends the opponent's turn at once: ``whose`` is followed for the opponent and
    #: ``immediately`` is how it ends (a turn ending later is not followed).
    FOLLOWED: ClassVar[frozenset[str]] = frozenset({"whose", "immediately"})

    whose: Role
    immediately: bool = False

    def render(self) -> str:
        """The sentence."""
        tail = " immediately" if self.immediately else ""
        return sentence(f"{self.whose.possessive} turn ends{tail}")


def scope_of(effect: object) -> Scope | None:
    """What an ignore effect switches off; None for any other effect."""
    return effect.scope if isinstance(effect, Ignore) else None


#: The effect classes that name cards in a ``cards`` field.
NAMING_CARDS = (
    PlayAsIf,
    Ignore,
    ValueChange,
    PlayPermission,
    NextPlayedAsIf,
    AttackAgain,
    CancelCard,
)


def cards_of(effect: object) -> CardsExpr | None:
    """The cards an effect names in its ``cards`` field, or None."""
    return effect.cards if isinstance(effect, NAMING_CARDS) else None


# ---------------------------------------------------------------------- kind and group
#: Effect classes whose kind of rule does not depend on their fields.
KIND_BY_CLASS: dict[type[BlueMoonEffect], Kind] = {
    MustToPlay: Kind.I_MUST,
    Ignore: Kind.IGNORE,
    Prohibition: Kind.YOU_MAY_NOT,
}

#: Effects that act once, when their card is played (the FAQ's first group: texts applied
#: while in hand, element changes, playing without pushing, attacking again, the next card
#: treated as FREE; interference cards act once too).
ONCE_CLASSES: frozenset[type[BlueMoonEffect]] = frozenset(
    {
        MustToPlay,
        PlayCondition,
        InterferenceTrigger,
        PlayWithoutPushing,
        ElementChange,
        NextPlayedAsIf,
        AttackAgain,
        CancelCard,
        EndTurn,
        NotSelectable,
    }
)


def classify(effect: BlueMoonEffect) -> tuple[Kind, Group]:
    """The kind of rule and the persistence group of an effect."""
    return _kind(effect), _group(effect)


def _kind(effect: BlueMoonEffect) -> Kind:
    if isinstance(effect, Obligation) and effect.do.actor is Role.CONTROLLER:
        return Kind.I_MUST
    return KIND_BY_CLASS.get(type(effect), Kind.CARD_TEXT)


def _group(effect: BlueMoonEffect) -> Group:
    if type(effect) in ONCE_CLASSES:
        return Group.ONCE
    if isinstance(effect, PlayAsIf):
        this_card = isinstance(effect.cards, Ref) and effect.cards.kind is R.THIS_CARD
        return Group.ONCE if this_card else by_time(None, effect.condition)
    if isinstance(effect, DragonModifier):
        return Group.ONCE if effect.now else Group.PER_TURN_OR_EVENT
    if isinstance(effect, ScoreModifier):
        return Group.PER_TURN_OR_EVENT
    if isinstance(effect, ActionEffect) and effect.when is None and effect.condition is None:
        return Group.ONCE  # acts without a time happen once, when what carries them applies
    return by_time(time_of(effect), condition_of(effect), obligation=isinstance(effect, Obligation))
