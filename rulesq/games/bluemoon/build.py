"""Group a sentence's clauses and decide which effect it is (prohibition, trigger, …)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.conditions import Condition, Retreats, Wins
from rulesq.games.bluemoon.reader import (
    Chain,
    Continuation,
    EitherStart,
    Item,
    Lead,
    ReadError,
)
from rulesq.games.bluemoon.selectors import (
    CardChoice,
    Cards,
    CardSet,
    DragonCount,
    Noun,
    Q,
    Quantity,
    R,
    Ref,
)
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import Role
from rulesq.spans import Span


@dataclass
class DoDraft:
    """A clause being collected: who, how, and the acts so far."""

    actor: Role
    mode: a.Mode
    acts: list[a.Act] = field(default_factory=list)
    also: bool = False
    immediately: bool = False
    span: Span | None = None

    def freeze(self) -> a.Do:
        """The finished clause."""
        if not self.acts:
            raise ReadError("a clause has no verb")
        return a.Do(
            self.actor, tuple(self.acts), self.mode, self.also, self.immediately, span=self.span
        )


@dataclass
class Built:
    """A chain grouped into clauses, with what was said around them."""

    dos: list[a.Do]
    otherwise: a.Do | None = None
    even_if: Role | None = None
    now: bool = False
    when: When | None = None
    condition: Condition | None = None
    trigger: tuple[fx.Timing, a.Do] | None = None
    to_play: bool = False


class _Either:
    """The branches of a "select either … , or …" being collected."""

    def __init__(self, start: EitherStart) -> None:
        self.start = start
        self.branches: list[tuple[Any, list[a.Act]]] = [(start.cards, [])]

    def freeze(self) -> a.SelectEither:
        if len(self.branches) < 2:
            raise ReadError('"select either" needs two options joined by "or"')
        return a.SelectEither(
            tuple(a.Branch(c, tuple(acts)) for c, acts in self.branches), span=self.start.span
        )


def build_chain(chain: Chain) -> Built:
    """Group the items of a chain into clauses, alternatives and choices."""
    built = Built(dos=[], now=chain.now)
    drafts: list[DoDraft] = []
    otherwise: list[DoDraft] = []
    target = drafts
    either: _Either | None = None
    more_cards: list[tuple[frozenset[str], Cards]] = []

    def close_either() -> None:
        nonlocal either
        if either is not None:
            target[-1].acts[-1] = either.freeze()
            either = None

    def close_cards() -> None:
        if more_cards:
            _add_cards(target[-1], more_cards)
            more_cards.clear()

    for item in chain.items:
        words = item.joiner.words if item.joiner else frozenset()
        if item.np is not None:
            if either is not None:
                if "or" not in words:
                    raise ReadError('the options of "select either" are joined by "or"')
                either.branches.append((item.np, []))
            elif not isinstance(item.np, Cards):
                raise ReadError('"or <cards>" and "and <cards>" need cards')
            else:
                more_cards.append((words, item.np))
            _apply_suffixes(built, target[-1], item, close_cards)
            continue
        close_cards()
        act = item.act
        assert act is not None
        if "or" in words:
            close_either()
            if otherwise or target is otherwise:
                raise ReadError('only one alternative ("or …") is allowed')
            target = otherwise
            target.append(
                DoDraft(item.subject or drafts[0].actor, item.mode or a.Mode.PLAIN, span=item.span)
            )
        elif item.subject is not None or item.mode is not None or not target:
            close_either()
            who = item.subject or (target[-1].actor if target else None)
            if who is None:
                raise ReadError('say who does it: "I", "you" or "we both"')
            target.append(DoDraft(who, item.mode or a.Mode.PLAIN, span=item.span))
        elif either is not None:
            if item.adverbs:
                raise ReadError(
                    'an option of "select either" takes no "now", "also" or "immediately"'
                )
            either.branches[-1][1].append(act)
            _apply_suffixes(built, target[-1], item, close_cards)
            continue
        draft = target[-1]
        for adverb in item.adverbs:
            if adverb.word == "now":
                if built.now:
                    raise ReadError('"now" is said twice')
                built.now = True
            elif getattr(draft, adverb.word):
                raise ReadError(f'"{adverb.word}" is said twice')
            else:
                setattr(draft, adverb.word, True)
        if isinstance(act, EitherStart):
            either = _Either(act)
        draft.acts.append(act)
        _apply_suffixes(built, draft, item, close_cards)
    close_cards()
    close_either()
    built.dos = [d.freeze() for d in drafts]
    if otherwise:
        if len(otherwise) > 1:
            raise ReadError('the alternative after "or" is one clause')
        built.otherwise = otherwise[0].freeze()
    return built


def _add_cards(draft: DoDraft, more: list[tuple[frozenset[str], Cards]]) -> None:
    """``discard A, B or C`` / ``discard A and B``: more cards for the last act.

    The last joiner decides: "or" makes a choice, "and" a set. A place said once at the
    end ("… or two crystal cards from my hand") is shared by all of them.
    """
    act = draft.acts[-1] if draft.acts else None
    first = getattr(act, "cards", None)
    if act is None or not isinstance(first, Cards):
        raise ReadError('"or <cards>" and "and <cards>" follow cards')
    last_words = more[-1][0]
    if any("then" in words for words, _ in more):
        raise ReadError('"then" joins acts, not cards')
    options = _share_place((first, *(cards for _, cards in more)))
    if any(o.exceptions for o in options[:-1]):
        # "all cards, except X [if …] and Y cards": Y is one more exception or more cards
        raise ReadError('after "except …", "and <cards>" or "or <cards>" is ambiguous')
    if "or" in last_words and all("and" not in w for w, _ in more):
        joined: CardChoice | CardSet = CardChoice(options)
    elif "and" in last_words and all("or" not in w for w, _ in more):
        joined = CardSet(options)
    else:
        raise ReadError('join cards with "or" (a choice) or with "and" (all of them)')
    draft.acts[-1] = replace(act, cards=joined)  # type: ignore[call-arg]


def _share_place(options: tuple[Cards, ...]) -> tuple[Cards, ...]:
    """A place said once at the end is the place of every option that says none."""
    last = options[-1]
    if last.place is None:
        return options
    return tuple(
        o if o.place is not None else replace(o, place=last.place, prep=last.prep) for o in options
    )


def _apply_suffixes(
    built: Built, draft: DoDraft, item: Item, close_cards: Callable[[], None]
) -> None:
    for suffix in item.suffixes:
        match suffix.kind:
            case "purpose":
                close_cards()
                act = draft.acts[-1]
                if not isinstance(act, a.Discard) or act.purpose is not None:
                    raise ReadError('"to attract …" follows a discard')
                draft.acts[-1] = replace(act, purpose=suffix.value)
            case "to_play":
                built.to_play = True
            case "when":
                _set_when(built, suffix.value)
            case "if":
                cond, when = suffix.value
                _set_condition(built, cond)
                if when is not None:
                    _set_when(built, when)
            case "trigger":
                if built.trigger is not None:
                    raise ReadError("one trigger per interference card")
                built.trigger = suffix.value
            case "even_if":
                built.even_if = suffix.value


def _set_when(built: Built, when: When) -> None:
    if built.when is not None:
        raise ReadError(f'two times are given: "{built.when.render()}" and "{when.render()}"')
    built.when = when


def _set_condition(built: Built, condition: Condition) -> None:
    if built.condition is not None:
        raise ReadError("two conditions are given")
    built.condition = condition


# ------------------------------------------------------------------ which effect


def build_effect(
    leads: list[Lead], body: Any, after_colon: tuple[fx.BlueMoonEffect, ...], span: Span
) -> fx.BlueMoonEffect:
    """The effect a sentence states, from its leads, its body and the effect after a colon."""
    when: When | None = None
    condition: Condition | None = None
    for lead in leads:
        if lead.when is not None:
            if when is not None:
                raise ReadError("two times are given")
            when = lead.when
        if lead.condition is not None:
            if condition is not None:
                raise ReadError("two conditions are given")
            condition = lead.condition
    if isinstance(body, tuple) and body[0] == "continuation":
        if leads or after_colon:
            raise ReadError('"Then …" continues the sentence before it')
        built = build_chain(body[1])
        _no_extras(built, '"Then …"')
        return Continuation(tuple(built.dos), span=span)
    if isinstance(body, Chain):
        built = build_chain(body)
        if when is not None:
            _set_when(built, when)
        if condition is not None:
            _set_condition(built, condition)
        if built.now:
            _set_when(built, When(W.NOW))
        return _from_chain(built, after_colon, span)
    if after_colon:
        raise ReadError('a colon follows only "I may play this card when …"')
    return _with_leads(body, when, condition, span)


def _with_leads(
    effect: fx.BlueMoonEffect, when: When | None, condition: Condition | None, span: Span
) -> fx.BlueMoonEffect:
    """A fixed-form effect, given the time and condition its sentence opens with."""
    if when is None and condition is None:
        return replace(effect, span=span)
    if isinstance(effect, fx.Ignore | fx.ValueChange | fx.ElementChange):
        return replace(effect, when=when, condition=condition, span=span)
    raise ReadError(f'"{effect.render()}" does not take a time or a condition')


def _no_extras(built: Built, what: str) -> None:
    if built.otherwise or built.even_if or built.trigger or built.to_play:
        raise ReadError(f'{what} does not take "or …", a trigger or a purpose')


def _is_this_card(cards: Any) -> bool:
    return isinstance(cards, Ref) and cards.kind is R.THIS_CARD


def _names_replacement(do: a.Do) -> bool:
    cards = [getattr(act, "cards", None) for act in do.acts]
    return any(isinstance(c, Cards) and c.noun is Noun.REPLACEMENT for c in cards)


def _replacement_or_retreat(b: Built) -> bool:
    """``You must play a replacement, or retreat``, and nothing more."""
    first = b.dos[0]
    wanted = a.Play(Cards(Quantity(Q.ARTICLE), noun=Noun.REPLACEMENT))
    return (
        first.actor is Role.OPPONENT
        and first.acts == (wanted,)
        and not first.also
        and not first.immediately
        and b.otherwise == a.Do(Role.OPPONENT, (a.Retreat(),))
        and not (b.when or b.condition or b.even_if)
    )


def _plain_play_of_this_card(act: a.Act | None) -> bool:
    """``play this card``, with nothing about how (no place, no "as if", no pushing)."""
    return (
        isinstance(act, a.Play)
        and _is_this_card(act.cards)
        and act.into is None
        and act.as_if is None
        and not act.without_pushing
    )


def _no_adverbs(do: a.Do, what: str, keep: str = "") -> None:
    """An effect that keeps no 'also' / 'immediately' of its clause is not said with one."""
    for word in ("also", "immediately"):
        if getattr(do, word) and word != keep:
            raise ReadError(f'{what} is not said with "{word}"')


def _lift_turn(b: Built) -> None:
    """Text "You may not play more than one card on your turn": the turn is the effect's time.

    A turn said after the cards of the only act times the effect, unless it picks the card
    ("your first character card on your turn") or the effect has a time already.
    """
    if b.when is not None or len(b.dos) != 1 or len(b.dos[0].acts) != 1:
        return
    act = b.dos[0].acts[0]
    cards = getattr(act, "cards", None)
    if isinstance(cards, Cards) and cards.turn is not None and not cards.first:
        b.when = cards.turn
        new_act = replace(act, cards=replace(cards, turn=None))  # type: ignore[call-arg]
        b.dos[0] = replace(b.dos[0], acts=(new_act,))


def _from_chain(
    b: Built, after_colon: tuple[fx.BlueMoonEffect, ...], span: Span
) -> fx.BlueMoonEffect:
    _lift_turn(b)
    first = b.dos[0]
    single = first.acts[0] if len(b.dos) == 1 and len(first.acts) == 1 else None
    if b.trigger is not None:
        if (
            not _plain_play_of_this_card(single)
            or first.mode is not a.Mode.MAY
            or first.actor is not Role.CONTROLLER
            or b.when
            or b.condition
            or b.otherwise
            or b.even_if
            or b.to_play
        ):
            raise ReadError('a trigger reads "I may play this card when <event>: <effect>"')
        _no_adverbs(first, '"I may play this card when …"')
        return fx.InterferenceTrigger(b.trigger[0], b.trigger[1], after_colon, span=span)
    if after_colon:
        raise ReadError('a colon follows only "I may play this card when …"')
    if b.to_play:
        if (
            single is None
            or first.mode is not a.Mode.MUST
            or b.when
            or b.condition
            or b.otherwise
            or b.even_if
            or first.actor is not Role.CONTROLLER
        ):
            raise ReadError('a play cost reads "I must <do one thing> to play this card"')
        _no_adverbs(first, '"I must … to play this card"')
        return fx.MustToPlay(single, span=span)
    if first.mode is a.Mode.MAY_ONLY:
        if (
            not _plain_play_of_this_card(single)
            or first.actor is not Role.CONTROLLER
            or b.condition is None
            or b.when
            or b.otherwise
            or b.even_if
        ):
            raise ReadError('a play condition reads "I may only play this card if <condition>"')
        _no_adverbs(first, '"I may only play this card if …"')
        return fx.PlayCondition(b.condition, span=span)
    if first.mode is a.Mode.MAY_NOT:
        return _may_not(b, span)
    if first.mode is a.Mode.MUST:
        if len(b.dos) > 1:
            raise ReadError("an obligation is one clause")
        if _names_replacement(first) and not _replacement_or_retreat(b):
            # the one form the game gives: the card just cancelled is replaced, or its player
            # retreats (the judge reads no other)
            raise ReadError('a replacement reads "you must play a replacement, or retreat"')
        return fx.Obligation(first, b.otherwise, b.even_if, b.when, b.condition, span=span)
    if b.otherwise or b.even_if:
        raise ReadError('"or …" follows only "must"')
    if any(isinstance(act, a.Have) for do in b.dos for act in do.acts):
        raise ReadError('"have" states a condition: "if I have …", "you may not have …"')
    if (
        isinstance(b.condition, Retreats)
        and b.when is None
        and isinstance(single, a.Attract)
        and first.mode is a.Mode.PLAIN
        and single.dragons.kind
        in (DragonCount.ADDITIONAL, DragonCount.FEWER, DragonCount.NO_MORE_THAN)
    ):
        _no_adverbs(first, '"if … retreat, … attract …"')
        if (
            Role.BOTH in (b.condition.who, first.actor)
            or b.condition.who is first.actor
            or single.dragons.in_total
        ):
            # the player who retreats gives the dragons; the other one attracts them
            raise ReadError('"if I retreat, you attract …" or "if you retreat, I attract …"')
        return fx.DragonModifier(
            b.condition.who, first.actor, single.dragons, b.condition.now, span=span
        )
    if (
        isinstance(b.condition, Wins)
        and b.when is None
        and first.mode is a.Mode.PLAIN
        and isinstance(single, a.Receive | a.Score)
    ):
        _no_adverbs(first, '"if … win the game, …"')
        return fx.ScoreModifier(b.condition.who, first.actor, single, span=span)
    if (
        isinstance(single, a.Play)
        and first.mode is a.Mode.MAY
        and (b.when is None or b.when.kind is not W.NOW)
    ):
        return _play(b, first, single, span)
    if b.condition is not None and isinstance(b.condition, Retreats | Wins):
        raise ReadError('after "if I retreat" or "if I win the game" comes what changes')
    return fx.ActionEffect(tuple(b.dos), b.when, b.condition, span=span)


def _may_not(b: Built, span: Span) -> fx.BlueMoonEffect:
    first = b.dos[0]
    if len(first.acts) != 1:
        raise ReadError('"may not" forbids one thing at a time')
    remedy = None
    if len(b.dos) == 2 and b.dos[1].mode is a.Mode.MUST and b.dos[1].actor is first.actor:
        remedy = b.dos[1]
    elif len(b.dos) > 1:
        raise ReadError('after "may not …" only "and you must …" can follow')
    if b.otherwise or b.even_if:
        raise ReadError('"may not" takes no "or …"')
    _no_adverbs(first, '"may not …"')
    if first.actor is Role.OPPONENT:
        return fx.Prohibition(first.actor, first.acts[0], b.when, b.condition, remedy, span=span)
    if first.actor is Role.CONTROLLER and remedy is None:
        return fx.SelfRestriction(first.actor, first.acts[0], b.when, b.condition, span=span)
    raise ReadError('"may not" is said of "you" (a prohibition) or "I" (a self-restriction)')


def _play(b: Built, first: a.Do, play: a.Play, span: Span) -> fx.BlueMoonEffect:
    """``I may play …``: as if it had an icon, without pushing, or a permission."""
    if _is_this_card(play.cards) and first.actor is not Role.CONTROLLER:
        raise ReadError('this card is played by its controller: "I may play this card …"')
    if isinstance(play.as_if, a.AsIfIcon) and play.into is None and not play.without_pushing:
        if b.when is not None or first.actor is not Role.CONTROLLER:
            raise ReadError('"as if it had the … icon" takes a condition, not a time')
        _no_adverbs(first, '"I may play … as if it had the … icon"')
        return fx.PlayAsIf(play.cards, play.as_if, b.condition, span=span)
    if (
        play.without_pushing
        and _is_this_card(play.cards)
        and play.into is not None
        and play.as_if is None
        and not (b.when or b.condition)
        and first.actor is Role.CONTROLLER
    ):
        _no_adverbs(first, '"I may play this card … without pushing …"')
        return fx.PlayWithoutPushing(play.into, span=span)
    if (
        play.as_if is None
        and not play.without_pushing
        and play.into is None
        and not _is_this_card(play.cards)
    ):
        _no_adverbs(first, '"I may play …"', keep="also")
        return fx.PlayPermission(
            first.actor, play.cards, b.when, b.condition, first.also, span=span
        )
    return fx.ActionEffect(tuple(b.dos), b.when, b.condition, span=span)
