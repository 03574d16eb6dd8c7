"""Playing a card face down as a bluff card (Buka Invasion rulesheet): the play of a support card.

The card needs a BLUFF icon that is not ignored; ignored bluff cards stop further bluffs; then the
play judge decides the play of a support card, with its limits and prohibitions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import RulesqError
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.bluffs import bluff_icons, ignored_bluffs
from rulesq.games.bluemoon.judge.forces import Forces
from rulesq.games.bluemoon.judge.permits import ignored_away
from rulesq.games.bluemoon.judge.plays import PlayJudge
from rulesq.games.bluemoon.judge.ruling import no
from rulesq.games.bluemoon.judge.state import Zone, new_instance

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.ruling import Ruling
    from rulesq.games.bluemoon.judge.state import Instance, State


def play_ruling(state: State, card: Instance, who: str, first_turn: bool = False) -> Ruling:
    """May ``who`` play ``card`` face down as a bluff card now?

    The card needs a BLUFF icon that is not ignored where it is (a card ignored in hand loses its
    icons too); ignored bluff cards stop further bluffs; then the play is the play of a support
    card, with its limits and prohibitions.
    """
    forces = Forces(state)
    icons = bluff_icons(card)
    if not icons:
        return no(f'"{card.name}" has no BLUFF icon of any sort', R.BLUFF_PLAY, R.BLUFF_ICONS)
    whole = forces.card_ignored(card)
    if whole is not None:
        return ignored_away(
            "its BLUFF icon",
            card,
            whole.source,
            f'"{card.name}"',
            "an ignored card's BLUFF icon has no effect",
            R.BLUFF_PLAY,
            R.BLUFF_ICON_IGNORED_IN_HAND,
            R.IGNORED_CARD,
        )
    live = [icon for icon in icons if forces.icon_ignored(card, icon) is None]
    if not live:
        why = forces.icon_ignored(card, icons[0])
        assert why is not None
        return ignored_away(
            f"the {icons[0]} icon",
            card,
            why.source,
            f'the {icons[0]} icon of "{card.name}"',
            "an ignored BLUFF icon has no effect",
            R.BLUFF_PLAY,
            R.BLUFF_ICONS_IGNORED,
        )
    ignored = ignored_bluffs(forces, who)
    if ignored:
        bluff, why = ignored[0]
        return ignored_away(
            "the bluff cards in play",
            bluff,
            why.source,
            "the player's bluff cards",
            "while bluff cards are ignored no further bluff cards may be played",
            R.BLUFF_CARDS_IGNORED,
        )
    ruling = PlayJudge(state, first_turn=first_turn).can_play(card, who, bluff=True)
    if ruling.allowed:
        head = (
            f'"{card.name}" has the {live[0]} icon; played face down it is the play of a '
            "support card"
        )
        ruling.reason = (
            f"{head}: {ruling.reason}" if ruling.step else f"{head}, and nothing stops that now"
        )
        _spared_in_hand(forces, card, who, ruling)
    ruling.rules.insert(0, R.BLUFF_PLAY)
    return ruling


def _spared_in_hand(forces: Forces, card: Instance, who: str, ruling: Ruling) -> None:
    """An ignore of support cards does not reach the card in hand, a character card: say so.

    The FAQ: "Your card is a character card, and hence is not ignored while in your hand, hence
    neither is its BLUFF icon" (an active text ignoring the player's support cards): the ignore
    the bluff card would meet once played face down is why one might think it cannot be
    played, and the answer names it.
    """
    state = forces.state
    probe = new_instance(
        card.uid, card.info, who, Zone.SUPPORT, active=True, face_down=True, turn=state.turn
    )
    try:
        why = forces.card_ignored(probe)
    except RulesqError:
        return
    if why is None or forces.card_ignored(card) is not None:
        return
    ruling.reason += (
        f'; "{why.source.card.name}" ignores it once it is a support card ({why.source.quote}), '
        f'but in hand "{card.name}" is a character card: neither it nor its BLUFF icon is '
        "ignored there"
    )
    ruling.cite(R.BLUFF_CARD_NOT_IGNORED_IN_HAND)
    # not a source: the ignore does not decide the play, it only does not stop it
    ruling.negatives.append(f'"{why.source.card.name}" does not ignore "{card.name}" in hand')
