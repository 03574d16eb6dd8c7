"""Questions about what is in force.

``is the special power text of "X" ignored?``, ``is "X" ignored?``, ``is "X" active?``, ``is the
STOP icon of "X" effective?``, ``does the special power text of "X" take effect?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.answer import Status
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.forces import effects_of, unignorable
from rulesq.games.bluemoon.judge.playing import gang_joins
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.shielding import shield
from rulesq.games.bluemoon.judge.state import Zone
from rulesq.games.bluemoon.judge.timing import takes_effect
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance


def text_ignored(ctx: Context) -> Answer:
    """Answer ``is the special power text of "X" ignored?``."""
    view = View(ctx)
    card = view.card()
    if not card.info.text_known:
        raise CannotAnswer(f'the sources give no special power text for "{card.name}"')
    if not card.info.has_text:
        return view.yes_no(no(f'"{card.name}" has no special power text'))
    why = view.forces.text_ignored(card)
    if why is not None:
        must = [s for s in effects_of(card) if unignorable(s)]
        if must:
            return view.yes_no(_i_must_kept(view, card, why.source, must))
        what = f'all of "{card.name}"' if why.what == "card" else f'the text of "{card.name}"'
        ruling = yes(f'"{why.source.card.name}" ignores {what}: {why.source.quote}',
                     R.IGNORING, sources=[why.source], step="ignore")
        return view.yes_no(ruling)
    return view.yes_no(_not_ignored(view, card, "its special power text"))


#: Zones whose cards are removed when the fight ends (rulebook p.9), before the game ends.
FIGHT_ZONES = frozenset({Zone.COMBAT, Zone.SUPPORT, Zone.LEADERSHIP})


def _i_must_kept(view: View, card: Instance, ignorer: Source, must: list[Source]) -> Ruling:
    """The "I must" text is never ignored; the card's other sentences are, while they could act.

    A sentence applied when the game ends (a score) is out of reach of an ignoring card that the
    end of the fight removes first; any other sentence is ignored, so the text is ignored only in
    part, which a yes or no would misstate.
    """
    others = [s for s in effects_of(card) if not unignorable(s)
              and not isinstance(s.effect, fx.NoEffectIfOpposed)]
    at_game_end = [s for s in others if isinstance(s.effect, fx.ScoreModifier)]
    if ignorer.card.zone not in FIGHT_ZONES:
        at_game_end = []
    reached = [s for s in others if s not in at_game_end]
    if reached:
        kept = "; ".join(s.quote for s in must)
        lost = "; ".join(s.quote for s in reached)
        raise CannotAnswer(f'only in part: "{ignorer.card.name}" cannot ignore the "I must" text '
                           f"of \"{card.name}\" ({kept}), but it ignores its other text ({lost}); "
                           "ask about each sentence's effect instead")
    ruling = no(f'"{ignorer.card.name}" would ignore it, but "I must" text takes precedence over '
                "ignoring", R.I_MUST, sources=must, step="I must")
    if at_game_end:
        ruling.reason += ("; its other text applies when the game ends, after the end of the "
                          f'fight has removed "{ignorer.card.name}"')
        ruling.cite(R.FIGHT_END_REMOVE)
        ruling.sources.extend(at_game_end)
    ruling.beaten.append(("yes (ignored)", ignorer))
    return ruling


def _not_ignored(view: View, card: Instance, what: str) -> Ruling:
    ruling = no(f"no active card ignores {what}", R.IGNORED_CARD)
    forces = view.forces
    applying = forces.applying()
    for source in forces.ignore_sources:
        if card.owner not in _targets(source) or source.card is card:
            continue
        if forces._reaches(source, card, True) is None:
            if source in applying or not ruling.sources:
                ruling.sources.append(source)
                ruling.reason = (f'"{source.card.name}" ignores the cards it names, and '
                                 f'"{card.name}" is not one of them: {source.quote}')
        elif source not in applying:
            _silenced_ignorer(forces, source, ruling)
    for source in forces.ignore_sources:
        if forces._reaches(source, card, definite=True) is None and \
                card.owner != source.controller and forces.protected(card):
            ruling.sources.append(source)
            ruling.cite(R.PROTECTED)
            ruling.reason = (f'"{card.name}" has an active PROTECTED icon, which keeps opposing '
                             "cards from ignoring it")
    opposed = forces.opposed(card)
    if opposed is not None:
        ruling.reason += f"; but it has no effect: {opposed.quote}"
        ruling.sources.append(opposed)
    ruling.negatives.append(f'no active card ignores "{card.name}" or {what}')
    return ruling


def _silenced_ignorer(forces: Forces, ignorer: Source, ruling: Ruling) -> None:
    """An ignore effect that would reach the card but whose own text another card ignores."""
    silenced = forces.text_ignored(ignorer.card)
    if silenced is None:
        return
    ruling.sources.append(silenced.source)
    ruling.beaten.append((f'yes (ignored by "{ignorer.card.name}")', silenced.source))
    ruling.cite(R.IGNORING)
    ruling.step = "ignore"
    ruling.reason = (f'"{ignorer.card.name}" would ignore it, but its own text is ignored by '
                     f'"{silenced.source.card.name}": {silenced.source.quote}')


def _targets(source: Source) -> frozenset[str]:
    """The players whose cards an ignore effect is about."""
    effect = source.effect
    assert isinstance(effect, fx.Ignore)
    return players_of(effect.owner, source.controller)


def ignored(ctx: Context) -> Answer:
    """Answer ``is "X" ignored?`` (the whole card)."""
    view = View(ctx)
    card = view.card()
    why = view.forces.card_ignored(card)
    if why is not None:
        return view.yes_no(yes(f'"{why.source.card.name}" ignores it: {why.source.quote}',
                               R.IGNORING, R.IGNORED_CARD, sources=[why.source],
                               step="ignore"))
    return view.yes_no(_not_ignored(view, card, "the card"))


def active(ctx: Context) -> Answer:
    """Answer ``is "X" active?``."""
    view = View(ctx)
    card = view.card()
    if card.in_play and card.active:
        zone = card.zone.value
        rule = {"character": R.MOST_RECENT_ACTIVE, "booster": R.BOOSTER_ACTIVE}.get(
            card.info.kind, R.FIGHT_END_REMOVE)  # the rule for the card's type
        return view.yes_no(yes(f'"{card.name}" is in play ({zone}) and has not been covered',
                               rule))
    if card.zone is Zone.CARGO:
        return view.yes_no(no(f'"{card.name}" is loaded on a ship: cards on ships are not '
                              "in play and not active", R.CARGO_NOT_IN_PLAY))
    if card.zone is Zone.GONE:
        return view.yes_no(no(f'"{card.name}" is an interference card: it goes onto the '
                              "discard pile once applied and never becomes active",
                              R.INTERFERENCE_PLACE, R.INACTIVE_NO_EFFECT))
    if card.zone is Zone.COMBAT:
        return view.yes_no(no(f'"{card.name}" has been covered by a later character card; '
                              "covered cards do not become active again", R.MOST_RECENT_ACTIVE,
                              R.UNCOVERED_NOT_ACTIVE))
    return view.yes_no(no(f'"{card.name}" is not in play ({card.zone.value})',
                          R.CARD_LOCATIONS))


def text_effective(ctx: Context) -> Answer:
    """Answer ``does the special power text of "X" take effect?``."""
    view = View(ctx)
    card = view.card()
    if not card.info.text_known:
        raise CannotAnswer(f'the sources give no special power text for "{card.name}"')
    return view.yes_no(takes_effect(view, card))


def icon_effective(ctx: Context) -> Answer:
    """Answer ``is the STOP icon of "X" effective?``."""
    view = View(ctx)
    card = view.card()
    icon = str(ctx.question.param("icon", "")).upper()
    forces = view.forces
    if icon not in card.info.icons:
        return view.yes_no(no(f'"{card.name}" has no {icon} icon'))
    why = forces.icon_ignored(card, icon)
    if why is not None:
        ruling = no(f'"{why.source.card.name}" ignores it: {why.source.quote} (card '
                    "instructions supersede the game rules)", R.SUPERSEDE, R.IGNORING,
                    sources=[why.source], step="card text")
        ruling.beaten.append((f"yes (the {icon} icon)", why.source))
        return view.yes_no(ruling)
    state = view.state
    if icon == "STOP":
        stopped = [e for e in state.events_of("play", card.owner, this_turn=True)
                   if e.cards[0] is card and e.data.get("stop")]
        if stopped and not card.cancelled:
            return view.yes_no(yes(f'"{card.name}" was played this turn with its STOP icon',
                                   R.STOP))
        return view.yes_no(no("a STOP icon has its effect only when its card is played",
                              R.STOP, R.STOP_WHEN_PLAYED))
    if icon == "GANG":
        if card.in_play:
            return view.yes_no(yes(f'"{card.name}" is in play with its GANG icon', R.GANG))
        if gang_joins(forces, card, card.owner):
            return view.yes_no(yes(f'"{card.name}" would join the active gang', R.GANG))
        return view.yes_no(no("a GANG card joins a gang only when every active card of the "
                              "combat area is a character card of the same gang", R.GANG))
    if icon == "PROTECTED":
        if card.in_play and card.active:
            return view.yes_no(yes(f'"{card.name}" is active with its PROTECTED icon',
                                   R.PROTECTED))
        return view.yes_no(no("PROTECTED protects only active cards in play", R.PROTECTED))
    ruling = yes(f'"{card.name}" has its {icon} icon and nothing ignores it')
    shield(forces, card, ruling)
    return view.answer(YesNo(True), ruling)


__all__ = ["Status", "active", "icon_effective", "ignored", "text_effective", "text_ignored"]
