"""Using the REPLACE icon: a discard from the hand instead of the turn's Leadership phase card.

E&I rulesheet: in your Leadership phase, instead of playing a Leadership phase card, you may put a
card depicting the REPLACE icon from your hand into your discard pile without effect, and may then
draw a replacement. Using REPLACE is not playing a card, so "you may not play …" texts do not stop
it. A text "I may play my cards as if they had the REPLACE icon" adds the icon, which is treated
like a printed one: ignoring the card, or its icons, takes it away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.cards import LEADERSHIP_PHASE_KINDS
from rulesq.games.bluemoon.judge.claims import Stance, rule_claim
from rulesq.games.bluemoon.judge.interference import cancelled_leadership, cancelled_leadership_note
from rulesq.games.bluemoon.judge.overruled import icon_overruled, settle
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, players_of
from rulesq.games.bluemoon.judge.state import Step, Zone
from rulesq.games.bluemoon.judge.values import holds
from rulesq.games.bluemoon.selectors import Cards

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance

ICON = "REPLACE"


def adding_texts(forces: Forces, card: Instance, who: str, icon: str) -> list[Source]:
    """The texts in force that let ``who`` play ``card`` as if it had ``icon``."""
    found = []
    for source in forces.effects(fx.PlayAsIf, controller=who):
        effect = source.effect
        assert isinstance(effect, fx.PlayAsIf)
        if effect.as_if.icon.upper() != icon or not isinstance(effect.cards, Cards):
            continue
        if not matches(effect.cards, card, who, forces, this_card=source.card):
            continue
        if effect.condition is not None and not holds(effect.condition, who, forces, card):
            continue
        found.append(source)
    return found


def can_replace(forces: Forces, card: Instance, who: str) -> Ruling:
    """Whether ``who`` may now discard ``card`` from his hand with its REPLACE icon."""
    state = forces.state
    if not state.is_turn_of(who):
        return no(
            "the REPLACE icon is used in its player's own Leadership phase, and it is not "
            "that player's turn",
            R.REPLACE,
            R.VOLUNTARY_OWN_TURN,
        )
    now = state.current_phase
    if now > Step.LEADERSHIP:
        return no(
            f"the REPLACE icon is used in the Leadership phase; it is the {now.title} phase",
            R.REPLACE,
            R.OWN_TURN,
        )
    if card.zone is not Zone.HAND:
        return no(
            f'"{card.name}" is not in the hand ({card.zone.value})', R.REPLACE, R.CARD_LOCATIONS
        )
    done = _leadership_choice(forces, who)
    if done is not None:
        return done
    added = adding_texts(forces, card, who, ICON)
    if ICON not in card.info.icons and not added:
        return no(f'"{card.name}" has no REPLACE icon and no text in force adds one', R.REPLACE)
    if added:
        card.as_if = card.as_if | {ICON}
    why = forces.icon_ignored(card, ICON)
    if why is not None:
        what = "the whole card" if why.what == "card" else "its icons"
        reason = f'"{why.source.card.name}" ignores {what}: {why.source.quote}'
        rules = (R.IGNORED_CARD, R.IGNORING) + ((R.ADDED_REPLACE_ICON,) if added else ())
        icon = rule_claim(
            Stance.PERMIT,
            f'"{card.name}" has the REPLACE icon',
            R.REPLACE,
            holder=card,
            label="the REPLACE icon",
        )
        fallback = rule_claim(Stance.FORBID, reason, *rules, default=True)
        overruled = icon_overruled(why, card, Stance.FORBID, reason, *rules)
        return settle([icon, overruled, fallback]).ruling
    spared = [s for s in forces.ignore_sources if s.controller != who and forces.spared(s, card)]
    ruling = yes(
        f'"{card.name}" can be discarded with its REPLACE icon instead of playing a '
        "Leadership phase card",
        R.REPLACE,
        R.ONE_LEADERSHIP_PHASE_CARD,
        sources=[*spared[:1], *added],
    )
    if added:
        ruling.reason += f' (the icon is added by "{added[0].card.name}")'
        ruling.cite(R.ADDED_REPLACE_ICON)
    if spared:
        ruling.reason = (
            f'"{spared[0].card.name}" excludes "{card.name}" from what it ignores '
            f"({spared[0].quote}), so " + ruling.reason
        )
    cancelled = cancelled_leadership(state, who)
    if cancelled is not None:
        note = cancelled_leadership_note(cancelled)
        ruling.reason = f"{note.reason}, so {ruling.reason}"
        ruling.cite(*note.rules)
    for ban in _play_bans(forces, card, who):
        ruling.beaten.append((f'no ("{ban.card.name}" forbids playing it)', R.REPLACE_NOT_PLAYING))
        ruling.sources.append(ban)
        ruling.cite(R.REPLACE_NOT_PLAYING)
    return ruling


def _leadership_choice(forces: Forces, who: str) -> Ruling | None:
    """No when the turn's Leadership phase card (or REPLACE discard) was already used."""
    state = forces.state
    played = [
        e.cards[0]
        for e in state.events_of("play", who, this_turn=True)
        if e.cards[0].info.kind in LEADERSHIP_PHASE_KINDS
        and not e.cards[0].cancelled
        and not e.data.get("by_text")
    ]
    if played:
        return no(
            f'"{played[0].name}" was already played this turn: the REPLACE icon is used '
            "instead of playing a Leadership phase card",
            R.ONE_LEADERSHIP_PHASE_CARD,
            R.REPLACE,
        )
    if any(e.data.get("icon") == ICON for e in state.events_of("use_icon", who, this_turn=True)):
        return no(
            "a card was already discarded with its REPLACE icon this turn",
            R.ONE_LEADERSHIP_PHASE_CARD,
            R.REPLACE,
        )
    return None


def _play_bans(forces: Forces, card: Instance, who: str) -> list[Source]:
    """Opposing "you may not play …" texts that would reach the card were it played."""
    found = []
    for source in forces.effects(fx.Prohibition):
        effect = source.effect
        assert isinstance(effect, fx.Prohibition)
        if who not in players_of(effect.who, source.controller):
            continue
        act = effect.act
        if (
            isinstance(act, a.Play)
            and isinstance(act.cards, Cards)
            and matches(act.cards, card, source.controller, forces)
        ):
            found.append(source)
    return found
