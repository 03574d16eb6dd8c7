"""FMA: a card in play whose text rulesq does not know or read leaves an answer open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.state import OWN_CHANGES, text_given
from rulesq.games.fma.still_in_play import in_doubt, in_play, maybe_in_play
from rulesq.games.fma.table import key

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.situation.model import Fact

#: The statement that settles a card of unknown text: ``"X" has no effect``.
NO_EFFECT = "no_effect"


def inert(facts: Sequence[Fact]) -> set[str]:
    """The cards (by key) the situation says have no effect (``"X" has no effect``)."""
    return {key(r) for f in facts if f.kind == NO_EFFECT for r in f.cards}


def doubt(facts: Sequence[Fact], what: str, settled: set[str] | None = None) -> str | None:
    """Why a card in play whose text is unknown or not read may change ``what`` (None: none).

    The reason names the card and what settles it: its text on a card line, or, when the
    sources never give it, ``"X" has no effect``. ``settled`` are cards (by key) the
    situation already says what they do to ``what``.
    """
    skip = inert(facts) | (settled or set())
    for card, _, _ in in_play(list(facts)):
        _, missing = effects_of(card)
        if missing is None or normalise_name(card.name) in skip:
            continue
        return f"{missing}, and it is in play: its text may change {what}{settle(card)}"
    for unsure in in_doubt(list(facts)):  # an attachment whose text may or may not act
        _, missing = effects_of(unsure.card)
        if missing is None or normalise_name(unsure.card.name) in skip:
            continue
        return f"{missing}; {unsure.reason(what)}"
    return None


def card_doubt(facts: Sequence[Fact], card: Card, what: str) -> str | None:
    """Why one card's text, unknown or not read, may change ``what`` (None: read, or inert)."""
    _, missing = effects_of(card)
    if missing is None or normalise_name(card.name) in inert(facts):
        return None
    return f"{missing}: its text may change {what}{settle(card)}"


def granted(facts: Sequence[Fact], name: str) -> str | None:
    """Why a no that rests on a faction or keyword ``name`` lacks is no sure no (None: it is).

    Texts in play grant factions and keywords: an ally may have "multiple factions" a leader
    grants (fma/rulings/loyal/1), a leader's erratum reads "gains the faction of each of your
    allies", and a character "loses the “Sin” keyword" when the card that gave it leaves play
    (a card ruling). A card in play whose text is unknown or unread may grant the one a text
    names, as a card of its own may.
    """
    unread = doubt(facts, f'the factions and keywords of "{name}"')
    return unread if unread is not None else _grants(facts, name)


def _grants(facts: Sequence[Fact], name: str) -> str | None:
    """Why a text read in play may give ``name`` a faction (None: none reads so).

    rulesq reads "X gains the faction of each of your allies" but does not follow which
    factions it gives: a no beside it is open, unless it names its own card and that is not
    the character asked about.
    """
    skip = inert(facts)
    asked = normalise_name(name)
    for card, _, _ in maybe_in_play(list(facts)):  # one whose text may act, too
        own = normalise_name(card.name)
        if own in skip:
            continue
        effects, _ = effects_of(card)
        for effect in fx.walk(tuple(effects)):
            if not isinstance(effect, fx.GainFaction):
                continue
            named = effect.who.name if isinstance(effect.who, fx.Named) else None
            if named is not None and own.startswith(normalise_name(named)) and own != asked:
                continue  # "X gains …" on X's own card: X alone gains
            return (
                f'"{card.name}" is in play, and its text reads "{effect.render()}": rulesq does '
                f'not follow which factions it gives, so whether "{name}" has one is not known'
            )
    return None


def settle(card: Card) -> str:
    """What settles the card's text: ``"X" has no effect`` where the sources say nothing of it."""
    if text_given(card):
        return " (give its text on a card line, in words rulesq reads)"
    said = ("text_parts", "text_changes_in_play", *OWN_CHANGES)
    if any(card.fields.get(f) for f in said):
        return ""  # the sources say it does something: no statement settles it
    return f' (write: "{card.name}" has no effect, or give its text on a card line)'


def open_yes(facts: Sequence[Fact], answer: Answer, what: str) -> Answer:
    """The answer, unless it is a yes a card of unknown or unread text in play may change.

    A no stands: it rests on a rule or a text read, as a play's does (``call_basics.leave_open``).
    """
    if not (isinstance(answer.verdict, YesNo) and answer.verdict.value):
        return answer
    reason = doubt(facts, what)
    if reason is not None:
        raise CannotAnswer(reason)
    return answer
