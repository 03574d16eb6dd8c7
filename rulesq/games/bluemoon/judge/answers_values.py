"""Questions about numbers in a fight: values, total power, power to reach, element.

Questions about numbers in a fight: values, total power, the power to reach, the contested element
(Special Rule 7; rulebook p.8, Announce Power).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number, Word
from rulesq.errors import CannotAnswer, RulesqError
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.ruling import Ruling, yes
from rulesq.games.bluemoon.judge.state import ME, Zone, other
from rulesq.games.bluemoon.judge.values import (
    BLUFF_VALUE_NOTE,
    POWER_ZONES,
    Valued,
    Values,
    announced_only,
    opposing_influence,
    printed_value,
)
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.forces import Ignored, Source
    from rulesq.games.bluemoon.judge.state import Instance


def values_of(view: View) -> Values:
    """The value calculator, with the choices the situation states (``I apply``)."""
    applied: dict[Source, Instance] = {}
    before: dict[Source, frozenset[tuple[int, str]] | None] = {}

    timeline = view.timeline
    for (source_card, target), then in zip(
        timeline.applied, timeline.applied_influence, strict=True
    ):
        for source in view.forces.in_force(source_card):
            if isinstance(source.effect, fx.ValueChange):
                applied[source] = target
                before[source] = then
    values = Values(view.forces, applied)
    for source, target in list(applied.items()):
        if target in values.targets(source):
            now = opposing_influence(view.forces, target)
            then = before[source]
            changed = bool(now) if then is None else now is not None and now != then
            if changed:
                # influenced by the opponent since (ignored or reduced, or no longer so): the
                # instruction may go to another card
                del applied[source]
                values.reopened.append(
                    f'"{target.name}", to which "{source.card.name}" was applied, has been '
                    "influenced by the opponent since, so its player may apply it to a "
                    "different active card"
                )
            continue
        if not (target.in_play and target.active):
            del applied[source]  # gone or covered: the instruction may go to another card
            continue
        raise CannotAnswer(
            f'"{source.card.name}" cannot apply to "{target.name}", as the '
            f"situation says it does: {source.quote}"
        )
    return values


def _element(view: View, asked: str | None) -> str | None:
    element = (asked or view.state.element or "").lower() or None
    return element


def _one(
    view: View, numbers: dict[int, Valued], what: str, reopened: list[str] | None = None
) -> Valued:
    """The number when every way of making the open choices gives the same one."""
    if len(numbers) == 1:
        return next(iter(numbers.values()))
    shown = ", ".join(str(n) for n in sorted(numbers))
    why = "".join(f" ({note})" for note in reopened or ())
    raise CannotAnswer(
        f"{what} depends on which cards the players apply their "
        f'"one of my cards" effects to ({shown}){why}; state it with: '
        'I apply "Card" to "Other Card"'
    )


def _ruling(view: View, valued: Valued, reason: str) -> Ruling:
    ruling = yes(reason, R.VALUE_ORDER)
    for source in valued.ignored_by:
        ruling.sources.append(source)
        ruling.cite(R.IGNORED_CARD)
    for source, _before, _after in valued.changes:
        ruling.sources.append(source)
    for source, _ in valued.spared:
        ruling.sources.append(source)
        ruling.cite(R.PROTECTED_NOT_REDUCED)
        ruling.negatives.append(f'"{source.card.name}" does not reduce a PROTECTED card')
    ruling.negatives += valued.notes
    if BLUFF_VALUE_NOTE in valued.notes:
        ruling.cite(R.BLUFF_VALUE)
    ruling.assumptions += [a for a in valued.assumed if a not in ruling.assumptions]
    return ruling


def total_power(ctx: Context) -> Answer:
    """Answer ``what is my total power [in fire]?``."""
    view = View(ctx)
    who = view.who
    element = _element(view, ctx.question.param("element"))
    total = total_of(view, who, element)
    words = f" in {element}" if element else ""
    whose = "my" if who == ME else "your"
    covered, covering = _covered_now(view, who)
    uncovered = _covered_ignores(view, who)
    silenced = _texts_ignored(view, who)
    ruling = _ruling(
        view,
        total,
        f"{whose} total power{words} is {total.value}: "
        + _breakdown(view, who, element)
        + _total_steps(total)
        + covered
        + uncovered
        + "".join(
            f'; "{why.source.card.name}" ignores the special power text of "{card.name}", '
            f"not its values ({why.source.quote})"
            for card, why in silenced
        ),
    )
    ruling.sources += [why.source for _, why in silenced if why.source not in ruling.sources]
    ruling.cite(R.STATE_TOTAL_POWER)
    ruling.cite(*covering)
    if uncovered:
        ruling.cite(R.MOST_RECENT_ACTIVE, R.INACTIVE_NO_EFFECT)
    return view.answer(Number(total.value), ruling)


def total_of(view: View, who: str, element: str | None) -> Valued:
    """A player's total power, the same whatever choices remain open (else cannot answer).

    With none of the player's cards in play named, the power he announced.
    """
    announced = announced_only(view.state, who)
    if announced is not None and element in (None, view.state.element):
        whose = "my" if who == ME else "your"
        return Valued(
            announced,
            assumed=[
                f"the situation names none of {whose} cards in "
                f"play: the total power announced, {announced}, is "
                "taken as the current one"
            ],
        )
    values = values_of(view)
    totals: dict[int, Valued] = {}
    for chosen in values.assignments():
        total, cards = values.total(who, element, chosen)
        for card in cards:
            total.changes = card.changes + total.changes
            total.spared += card.spared
        totals.setdefault(total.value, total)
    return _one(view, totals, "the total power", values.reopened)


def _because(valued: Valued) -> str:
    """The cards that made a value, after a colon (nothing when none did)."""
    words = valued.because()
    return f": {words}" if words else ""


def _total_steps(total: Valued) -> str:
    """The effects on total power that changed the sum of the values, in words."""
    parts = []
    for source, before, after in total.changes:
        effect = source.effect
        if isinstance(effect, fx.ValueChange) and effect.stage is fx.Stage.TOTAL_POWER:
            change = f"makes it {after}" if before != after else f"leaves it at {before}"
            parts.append(f'; then "{source.card.name}" {change} ({source.quote})')
    return "".join(parts)


def _covered_ignores(view: View, who: str) -> str:
    """An ignore on a card covered this turn that would reach one of the player's cards."""
    forces = view.forces
    counted = [c for c in view.state.active(who) if c.zone in POWER_ZONES]
    for event in view.state.events_of("play", None, this_turn=True):
        for holder in event.data.get("covered", ()):
            if holder.active or holder.zone is not Zone.COMBAT:
                continue
            for source in effects_of(holder):
                if not isinstance(source.effect, fx.Ignore):
                    continue
                reached = [c for c in counted if forces._reaches(source, c, True) is not None]
                if reached:
                    names = " and ".join(f'"{c.name}"' for c in reached)
                    return (
                        f'; "{holder.name}" is covered by "{event.cards[0].name}", and inactive '
                        f"cards have no effect: it no longer ignores {names} ({source.quote})"
                    )
    return ""


def _texts_ignored(view: View, who: str) -> list[tuple[Instance, Ignored]]:
    """The player's counted cards whose text, but not values, an ignore takes away."""
    forces = view.forces
    found = []
    for card in view.state.active(who):
        if card.zone not in POWER_ZONES or not card.info.has_text:
            continue
        try:
            why = forces.text_ignored(card)
        except RulesqError:
            continue  # undecided: the values count either way
        if why is not None and why.what == "text":
            found.append((card, why))
    return found


def _covered_now(view: View, who: str) -> tuple[str, tuple[str, ...]]:
    """The cards a character card of the player covered this turn, and the rules why."""
    for event in view.state.events_of("play", who, this_turn=True):
        covered = [c for c in event.data.get("covered", ()) if not c.active]
        if not covered:
            continue
        names = " and ".join(f'"{c.name}"' for c in covered)
        if event.data.get("without") == "GANG":
            return (
                f'; {names} covered: "{event.cards[0].name}" was played without using its GANG '
                "icon, which is an option, not compulsory",
                (R.MOST_RECENT_ACTIVE, R.GANG),
            )
        return f'; {names} covered by "{event.cards[0].name}"', (R.MOST_RECENT_ACTIVE,)
    return "", ()


def _breakdown(view: View, who: str, element: str | None) -> str:
    values = values_of(view)
    chosen = values.assignments()[0]
    parts = []

    for card in view.state.active(who):
        if card.zone in POWER_ZONES:
            valued = values.value(card, element, chosen)
            ignored = "".join(f' (ignored by "{s.card.name}")' for s in valued.ignored_by)
            parts.append(f'"{card.name}" {valued.value}{ignored}')
    return ", ".join(parts) or "no active cards"


def value(ctx: Context) -> Answer:
    """``what is the fire value of "X"?`` (``capacity`` for a ship)."""
    view = View(ctx)
    attribute = str(ctx.question.param("attribute", "")).lower()
    card = view.card()
    if attribute == "capacity":
        if card.info.capacity is None:
            raise CannotAnswer(f'the sources give no capacity for "{card.name}"')
        return view.answer(
            Number(card.info.capacity),
            yes(
                f'"{card.name}" has capacity {card.info.capacity}; capacity is neither special '
                "power text nor an icon and cannot be ignored",
                R.SHIP_CAPACITY,
            ),
        )
    if attribute not in ("fire", "earth", "printed"):
        raise CannotAnswer(f'"{attribute}" is not a Blue Moon value (fire, earth, capacity)')
    if attribute == "printed":
        return _printed(view, card)
    values = values_of(view)
    numbers: dict[int, Valued] = {}
    for chosen in values.assignments():
        valued = values.value(card, attribute, chosen)
        numbers.setdefault(valued.value, valued)
    valued = _one(view, numbers, f'the {attribute} value of "{card.name}"', values.reopened)
    return view.answer(
        Number(valued.value),
        _ruling(
            view,
            valued,
            f'the {attribute} value of "{card.name}" is {valued.value}' + _because(valued),
        ),
    )


def _printed(view: View, card: Instance) -> Answer:
    """``what is the printed value of "X"?``: in the contested element, effects on it applied."""
    element = view.state.element
    if element is None:
        raise CannotAnswer(
            "the situation does not say which element is contested, so which "
            "printed value is meant (state it: element fire)"
        )
    valued = printed_value(view.forces, card, element)
    return view.answer(
        Number(valued.value),
        _ruling(
            view,
            valued,
            f'the printed {element} value of "{card.name}" (the contested element) '
            f"is {valued.value}" + _because(valued),
        ),
    )


def power_to_reach(ctx: Context) -> Answer:
    """``what total power must I reach?``: the opponent's current total power."""
    view = View(ctx)
    opponent = other(view.who)
    element = _element(view, None)
    total = total_of(view, opponent, element)
    if announced_only(view.state, opponent) is not None:
        reason = (
            f"the opponent's current total power is the {total.value} announced: the "
            "situation names none of his cards in play that could have altered it"
        )
    else:
        reason = (
            f"the opponent's current total power is {total.value} (not the power announced earlier)"
        )
    # A text ignored since the announcement is why the power now differs: say so, and quote the
    # ignoring card, as the answer about that total power does.
    silenced = (
        [] if announced_only(view.state, opponent) is not None else _texts_ignored(view, opponent)
    )
    reason += "".join(
        f'; "{why.source.card.name}" ignores the special power text of "{card.name}", '
        f"not its values ({why.source.quote})"
        for card, why in silenced
    )
    ruling = _ruling(view, total, reason)
    ruling.sources += [why.source for _, why in silenced if why.source not in ruling.sources]
    ruling.cite(R.MATCH_OPPONENT)
    ruling.rules.append(R.CURRENT_TOTAL_POWER)
    return view.answer(Number(total.value), ruling)


def element(ctx: Context) -> Answer:
    """Answer ``what is the contested element?``."""
    view = View(ctx)
    state = view.state
    if state.element is None:
        raise CannotAnswer("the situation does not say which element is contested")
    changes = [e for e in state.events_of("element") if e.cards]
    ruling = yes(f"the contested element is {state.element}")
    if changes:
        card = changes[-1].cards[0]
        texts = [s for s in effects_of(card) if isinstance(s.effect, fx.ElementChange)]
        said = f": {texts[0].quote}" if texts else ""
        ruling.reason += f' (changed by "{card.name}" as it was played{said})'
        ruling.sources = texts[:1]  # the text that set the element decides
    else:
        _element_kept(view, ruling)
    return view.answer(Word(state.element), ruling)


def _element_kept(view: View, ruling: Ruling) -> None:
    """A card played with a text changing the element, that text ignored: the ignore decides."""
    changed = {e.cards[0].uid for e in view.state.events_of("element") if e.cards}
    for event in view.state.events_of("play"):
        card = event.cards[0]
        texts = [s for s in effects_of(card) if isinstance(s.effect, fx.ElementChange)]
        if not texts or card.uid in changed:
            continue
        why = view.forces.text_ignored(card)
        if why is None:
            continue
        ruling.reason += (
            f' ("{card.name}" would change it ({texts[0].quote}), but its text is ignored by '
            f'"{why.source.card.name}")'
        )
        ruling.sources = [why.source]
        ruling.cite(R.IGNORING)
        return
    state = view.state
    for card in state.cards:
        texts = [s for s in effects_of(card) if isinstance(s.effect, fx.ElementChange)]
        if not texts or card.uid in changed or not (card.in_play and card.active):
            continue
        if card.played and card.turn == state.turn:
            continue
        ruling.reason += (
            f' ("{card.name}" changes it only as it is played ({texts[0].quote}), and it was '
            "not played this turn)"
        )
        ruling.cite(R.TEXT_GROUP_ONCE)
        return
