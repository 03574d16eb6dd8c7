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
from rulesq.games.bluemoon.judge.answers_hands import after_retreat
from rulesq.games.bluemoon.judge.claims import (
    Claim,
    Stance,
    effect_claim,
    rule_claim,
)
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.open_areas import may_be_active, may_be_in_play
from rulesq.games.bluemoon.judge.overruled import (
    icon_overruled,
    ignoring,
    sentence_claims,
    settle,
)
from rulesq.games.bluemoon.judge.place_ways import placed_out_of_play
from rulesq.games.bluemoon.judge.placing import place_decides, placed_nowhere
from rulesq.games.bluemoon.judge.playing import gang_joins
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import players_of
from rulesq.games.bluemoon.judge.shielding import shield
from rulesq.games.bluemoon.judge.state import Zone
from rulesq.games.bluemoon.judge.timing import acts_at_fight_end, takes_effect
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.forces import Forces, Ignored, Source
    from rulesq.games.bluemoon.judge.state import Instance


def text_ignored(ctx: Context) -> Answer:
    """Answer ``is the special power text of "X" ignored?``."""
    view = View(ctx)
    card = view.card()
    if not card.info.text_known:
        raise CannotAnswer(f'the sources give no special power text for "{card.name}"')
    if not card.info.has_text:
        return view.yes_no(no(f'"{card.name}" has no special power text'))
    _placed_or_unreached(view, card, "its special power text", _TEXT_SCOPES)
    why = view.forces.text_ignored(card)
    if why is not None:
        return view.yes_no(_ignored_text(card, why))
    return view.yes_no(_not_ignored(view, card, "its special power text"))


#: Zones whose cards are removed when the fight ends (rulebook p.9), before the game ends.
FIGHT_ZONES = frozenset({Zone.COMBAT, Zone.SUPPORT, Zone.LEADERSHIP})


def _ignored_text(card: Instance, why: Ignored) -> Ruling:
    """Each sentence of the text claims to stand; the ignore removes those the ladder lets it.

    When every sentence is gone, the text is ignored. A sentence whose kind the ladder puts above
    ignoring ("I must") stands; then the card's other sentences are ignored, unless they apply
    when the game ends, out of reach of an ignoring card that the end of the fight removes first;
    a text ignored only in part is not a yes or a no.
    """
    ignorer = why.source
    whole = why.what == "card"
    what = f'all of "{card.name}"' if whole else f'the text of "{card.name}"'
    sentences = [s for s in effects_of(card) if not isinstance(s.effect, fx.NoEffectIfOpposed)]
    ignore = ignoring(why, card, what="the card" if whole else "its text")
    fallback = rule_claim(
        Stance.PERMIT,
        f'"{ignorer.card.name}" ignores {what}: {ignorer.quote}',
        R.IGNORING,
        default=True,
    )
    decided = settle([*sentence_claims(sentences, Stance.FORBID, "{quote}"), ignore, fallback])
    ruling = decided.ruling
    kept = decided.kept_from(ignore)
    if ruling.allowed or not kept:
        return ruling
    removed = decided.removed()
    at_game_end = (
        [s for s in removed if isinstance(s.effect, fx.ScoreModifier)]
        if ignorer.card.zone in FIGHT_ZONES
        else []
    )
    reached = [s for s in removed if s not in at_game_end]
    if reached:
        raise CannotAnswer(
            f'only in part: "{ignorer.card.name}" cannot ignore the text of '
            f'"{card.name}" that the ladder puts above ignoring '
            f"({'; '.join(s.quote for s in kept)}), but it ignores its other "
            f"text ({'; '.join(s.quote for s in reached)}); ask about each "
            "sentence's effect instead"
        )
    step = decided.result.step
    if step is not None:
        ruling.reason = (
            f'"{ignorer.card.name}" would ignore it, but "{step.name}" text takes '
            f"precedence over ignoring: {'; '.join(s.quote for s in kept)}"
        )
        ruling.cite(*step.clauses)
    if at_game_end:
        ruling.reason += (
            "; its other text applies when the game ends, after the end of the "
            f'fight has removed "{ignorer.card.name}"'
        )
        ruling.cite(R.FIGHT_END_REMOVE)
        ruling.sources.extend(at_game_end)
    ruling.beaten.append(("yes (ignored)", ignorer))
    ruling.against.append(ignorer)
    return ruling


def _not_ignored(view: View, card: Instance, what: str) -> Ruling:
    """No ignore reaches the card, with the ignores that might have, as claims.

    An ignore may name other cards, be silenced itself, or be kept off by an icon the ignore
    step exempts (PROTECTED); the ladder weighs the last two.
    """
    reason = f"no active card ignores {what}"
    forces = view.forces
    applying = frozenset(forces.applying())
    added: frozenset[str] | None = None  # the icons the card was last played as if it had
    named: list[Source] = []
    claims: list[Claim] = []
    rules = [R.IGNORED_CARD]
    for source in forces.ignore_sources:
        if card.owner not in _targets(source) or source.card is card:
            continue
        if forces._reaches(source, card, True) is None:
            if source in applying or not named:
                named.append(source)
                reason = (
                    f'"{source.card.name}" ignores the cards it names, and '
                    f'"{card.name}" is not one of them: {source.quote}'
                )
                if added is None:
                    added = _played_as_if(forces, card)
                lapsed = _lapsed_icons(forces, source, card, added)
                if lapsed:
                    reason = (
                        f'"{card.name}" was played as if it had the '
                        f"{'/'.join(sorted(lapsed))} icon, which lasted only while it was "
                        f'played, so "{source.card.name}" does not name it now: {source.quote}'
                    )
                    rules.append(R.ADDED_ICON_WHILE_PLAYED)
        elif source not in applying:
            silenced = forces.text_ignored(source.card)
            if silenced is not None:
                claims.append(
                    effect_claim(
                        Stance.PERMIT, source, f'"{source.card.name}" ignores it: {source.quote}'
                    )
                )
                claims.append(ignoring(silenced, source.card, what="its own text"))
                reason = (
                    f'"{source.card.name}" would ignore it, but its own text is ignored by '
                    f'"{silenced.source.card.name}": {silenced.source.quote}'
                )
    off: list[Source] = []
    if not named and not claims:
        reason, off = _switched_off(view, card, reason)
    shield = forces.shielded_from(card)
    kept: list[Source] = []
    if shield is not None and card.owner != shield.controller:
        # The exemption is the ignore step's (ladder data, read by Forces): the card whose
        # PROTECTED icon keeps the ignore off decides, the ignore argued against it.
        reason = (
            f'"{card.name}" has an active PROTECTED icon, which keeps opposing cards from '
            "ignoring it"
        )
        kept = [*effects_of(card)[:1], shield]
    decided = settle([*claims, rule_claim(Stance.FORBID, reason, *rules, default=True)])
    ruling = decided.ruling
    ruling.reason = reason
    if kept:
        ruling.cite(R.PROTECTED)
    ruling.sources = [
        *kept,
        *off,
        *ruling.sources,
        *(s for s in named if s not in ruling.sources),
    ]
    if off:
        ruling.cite(*off_rules(off))
    opposed = forces.opposed(card)
    if opposed is not None:
        ruling.reason += f'; and "{card.name}" itself has no effect: {opposed.quote}'
        ruling.sources.append(opposed)
    ruling.negatives.append(f'no active card ignores "{card.name}" or {what}')
    return ruling


def _played_as_if(forces: Forces, card: Instance) -> frozenset[str]:
    """The icons a text let the card be played as if it had, at its last play (none: empty)."""
    plays = [e for e in forces.state.events_of("play") if e.cards and e.cards[0] is card]
    return frozenset(plays[-1].data.get("as_if", frozenset())) if plays else frozenset()


def _lapsed_icons(
    forces: Forces, source: Source, card: Instance, added: frozenset[str]
) -> frozenset[str]:
    """Of the icons the card was played as if it had (``added``), those the ignore would reach.

    An icon a text adds lasts only while the card is played: once in play, an ignore that
    names cards with that icon no longer reaches it.
    """
    if not added:
        return frozenset()
    kept = card.as_if
    card.as_if = kept | added
    try:
        reaches = forces._reaches(source, card, True) is not None
    finally:
        card.as_if = kept
    return added if reaches else frozenset()


def _switched_off(view: View, card: Instance, reason: str) -> tuple[str, list[Source]]:
    """An ignore that would reach the card but is off: opposed, or its turn is over."""
    forces = view.forces
    for holder in view.state.cards:
        if holder is card or holder.face_down or holder.cancelled:
            continue
        for source in effects_of(holder):
            if not isinstance(source.effect, fx.Ignore) or card.owner not in _targets(source):
                continue
            opposed = forces.opposed(holder)
            if opposed is not None and forces.live(holder):
                return (
                    f'"{holder.name}" would ignore it ({source.quote}), but it has no effect: '
                    f"{opposed.quote}",
                    [opposed],
                )
            if (
                holder.info.kind == "leadership"
                and (holder.played or holder.zone is Zone.LEADERSHIP)
                and not (forces.live(holder) and forces.window_open(source))
            ):
                return (
                    f'"{holder.name}" ignores only on the turn it was played ({source.quote}), '
                    "and it is not that turn: the players take alternate turns",
                    [source],
                )
    return reason, []


def off_rules(off: list[Source]) -> list[str]:
    """The rules that switch an ignore off: its own "no effect if opposed", or the turn."""
    if any(isinstance(s.effect, fx.NoEffectIfOpposed) for s in off):
        return [R.SUPERSEDE]
    return [R.ALTERNATE_TURNS]


#: What an ignore switches off that reaches a card's text (the whole card takes its text), and
#: what reaches the whole card.
_TEXT_SCOPES = frozenset({fx.Scope.CARDS, fx.Scope.SPECIAL_POWER_TEXTS})
_CARD_SCOPES = frozenset({fx.Scope.CARDS})


def _placed_or_unreached(
    view: View, card: Instance, what: str, scopes: frozenset[fx.Scope]
) -> None:
    """Cannot answer for a card placed nowhere while an ignore of ``scopes`` is in force.

    Whose card it is, and where (a hand or in play, where an ignore reaches it, PROTECTED
    only in play; a discard pile or a draw deck, where none does), decides whether the
    ignore reaches it: the card is not taken to be in the asker's hand. With no such ignore
    in force, nothing ignores it wherever it is.
    """
    if not placed_nowhere(card):
        return
    sources = [s for s in view.forces.ignore_sources if fx.scope_of(s.effect) in scopes]
    if not sources:
        return
    ignorer = sources[0].card.name
    raise CannotAnswer(
        f'the situation does not place "{card.name}": whose card it is and where it is (a '
        f'hand or in play, or a discard pile or a draw deck) decide whether "{ignorer}" '
        f'ignores {what}; say where it is (e.g. I have in hand "{card.name}", you have '
        f'active "{card.name}")'
    )


def _targets(source: Source) -> frozenset[str]:
    """The players whose cards an ignore effect is about."""
    effect = source.effect
    assert isinstance(effect, fx.Ignore)
    return players_of(effect.owner, source.controller)


def ignored(ctx: Context) -> Answer:
    """Answer ``is "X" ignored?`` (the whole card)."""
    view = View(ctx)
    card = view.card()
    _placed_or_unreached(view, card, "it", _CARD_SCOPES)
    why = view.forces.card_ignored(card)
    if why is not None:
        standing = rule_claim(
            Stance.FORBID, f'"{card.name}" is not ignored', holder=card, label="not ignored"
        )
        fallback = rule_claim(
            Stance.PERMIT,
            f'"{why.source.card.name}" ignores it: {why.source.quote}',
            R.IGNORING,
            R.IGNORED_CARD,
            default=True,
        )
        return view.yes_no(settle([standing, ignoring(why, card, "the card"), fallback]).ruling)
    return view.yes_no(_not_ignored(view, card, "the card"))


def active(ctx: Context) -> Answer:
    """Answer ``is "X" active?``."""
    view = View(ctx)
    card = view.card()
    if card.in_play and card.active:
        zone = card.zone.value
        rule = {
            "character": R.MOST_RECENT_ACTIVE,
            "booster": R.BOOSTER_ACTIVE,
            "ship": R.SHIPS_ACTIVE,
        }.get(card.info.kind, R.FIGHT_END_REMOVE)  # the rule for the card's type
        if card.info.kind == "ship":
            said = f'"{card.name}" is a ship in play ({zone}): ships are active while in the '
            return view.yes_no(yes(said + "influence area and while landed", rule))
        return view.yes_no(yes(f'"{card.name}" is in play ({zone}) and has not been covered', rule))
    if card.zone is Zone.CARGO:
        return view.yes_no(
            no(
                f'"{card.name}" is loaded on a ship: cards on ships are not in play and not active',
                R.CARGO_NOT_IN_PLAY,
            )
        )
    if card.zone is Zone.GONE:
        return view.yes_no(
            no(
                f'"{card.name}" is an interference card: it goes onto the '
                "discard pile once applied and never becomes active",
                R.INTERFERENCE_PLACE,
                R.INACTIVE_NO_EFFECT,
            )
        )
    if card.zone is Zone.COMBAT:
        return view.yes_no(
            no(
                f'"{card.name}" has been covered by a later character card; '
                "covered cards do not become active again",
                R.MOST_RECENT_ACTIVE,
                R.UNCOVERED_NOT_ACTIVE,
            )
        )
    if placed_nowhere(card) and may_be_in_play(view.state, card):
        if not may_be_active(view.state, card):  # the listed active cards are all (shown)
            return view.yes_no(
                no(f'"{card.name}" is not among the active cards listed', R.CARD_LOCATIONS)
            )
        # A card placed nowhere may be in play only where the areas hold cards the situation
        # does not name: there the place decides, as it does for every answer ``placing`` asks.
        areas = (
            "influence area" if card.info.kind in ("hyla", "ship") else "combat and support areas"
        )
        verb = "holds" if areas == "influence area" else "hold"
        place_decides(
            card,
            f"a card is active only in play, and the {areas} may hold cards the situation does "
            "not name",
            f'I have in hand "{card.name}", or my {areas} {verb} no other cards and your {areas} '
            f"{verb} no other cards",
        )
    ruling = no(f'"{card.name}" is not in play ({card.zone.value})', R.CARD_LOCATIONS)
    if placed_nowhere(card):
        # Not in an area that may hold it unnamed: out of play, wherever it is (a hand, a draw
        # deck or a discard pile; the ways of an unstated search take it from the pile searched,
        # and each way's verdict rests on its being out of play there).
        ruling.assumptions.append(
            f'the situation does not place "{card.name}": it is taken to be out of play (a '
            "hand, a draw deck or a discard pile), as no "
            f"{'influence' if card.info.kind in ('hyla', 'ship') else 'combat or support'} area "
            "may hold it unnamed"
        )
    return view.yes_no(ruling)


def text_effective(ctx: Context) -> Answer:
    """Answer ``does the special power text of "X" take effect?``."""
    view = View(ctx)
    card = view.card()
    if not card.info.text_known:
        raise CannotAnswer(f'the sources give no special power text for "{card.name}"')
    placed_out = None
    if card.info.has_text and placed_nowhere(card):
        placed_out = placed_out_of_play(view, card, "a text takes effect from a card in play")
    forces = view.forces
    if any(acts_at_fight_end(s) for s in effects_of(card)):
        # A retreat ends the fight: a text acting "at the end of each fight" acts then, once
        # the combat and support areas are cleared (its end unstated), as its use is read.
        forces = after_retreat(view)
        card = next((c for c in forces.state.cards if c.uid == card.uid), card)
    ruling = takes_effect(forces, card)
    if placed_out is not None:
        ruling.assumptions.append(placed_out)
    return view.yes_no(ruling)


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
        rule = rule_claim(
            Stance.PERMIT,
            f'"{card.name}" has its {icon} icon',
            holder=card,
            label=f"the {icon} icon",
        )
        reason = (
            f'"{why.source.card.name}" ignores it: {why.source.quote} (card instructions '
            "supersede the game rules)"
        )
        rules = (R.IGNORED_CARD,) if why.what == "card" else ()
        fallback = rule_claim(Stance.FORBID, reason, R.IGNORING, *rules, default=True)
        overruled = icon_overruled(why, card, Stance.FORBID, reason, R.IGNORING)
        return view.yes_no(settle([rule, overruled, fallback]).ruling)
    state = view.state
    if icon == "STOP":
        stopped = [
            e
            for e in state.events_of("play", card.owner, this_turn=True)
            if e.cards[0] is card and e.data.get("stop")
        ]
        if stopped and not card.cancelled:
            return view.yes_no(
                yes(f'"{card.name}" was played this turn with its STOP icon', R.STOP)
            )
        return view.yes_no(
            no(
                "a STOP icon has its effect only when its card is played",
                R.STOP,
                R.STOP_WHEN_PLAYED,
            )
        )
    if icon == "GANG":
        if card.in_play:
            return view.yes_no(yes(f'"{card.name}" is in play with its GANG icon', R.GANG))
        if gang_joins(forces, card, card.owner):
            return view.yes_no(yes(f'"{card.name}" would join the active gang', R.GANG))
        return view.yes_no(
            no(
                "a GANG card joins a gang only when every active card of the "
                "combat area is a character card of the same gang",
                R.GANG,
            )
        )
    if icon == "PROTECTED":
        if card.in_play and card.active:
            return view.yes_no(yes(f'"{card.name}" is active with its PROTECTED icon', R.PROTECTED))
        return view.yes_no(no("PROTECTED protects only active cards in play", R.PROTECTED))
    ruling = yes(f'"{card.name}" has its {icon} icon and nothing ignores it')
    shield(forces, card, ruling)
    return view.answer(YesNo(True), ruling)


__all__ = ["Status", "active", "icon_effective", "ignored", "text_effective", "text_ignored"]
