"""Read an FMA situation's facts, in order: characters, an attribute timeline, battle, goals.

The reader turns each statement of ``grammar/situation_fma.lark`` into events of the pure
attribute library (``rulesq.games.fma.attributes``), keeping for each event the fact that
wrote it and the clauses it rests on, so that handlers can cite them. Card text matters
where a card acts on its own: the passive text of a card in play (or of a character card)
gives its bonuses to the characters it describes; a played card that doubles a bonus just
received doubles it; a card that stops attachments from giving bonuses stops them. What
the reader cannot decide (a text it does not understand, a value the sources never give,
a faction the situation does not state) becomes a ``Gap``: the questions it touches are
answered *cannot answer*, with the gap's reason.

Inconsistent input (a character given two different strengths, a bonus moved that does not
exist) is an ``InputError`` at the statement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.fma.reader_attributes import AttributeReader
from rulesq.games.fma.reader_base import ref_key
from rulesq.games.fma.reader_goals import GoalReader
from rulesq.games.fma.reader_plays import PlayReader
from rulesq.games.fma.reader_table import TableReader
from rulesq.games.fma.state import State

if TYPE_CHECKING:
    from rulesq.games.base import Game
    from rulesq.situation.model import CardRef, Fact, Situation

#: Statements of the shared language the FMA judge has no place for: an input error saying
#: what to write instead, never a statement silently left out.
NOT_READ = {
    "hand_size": "The judge does not count a hand: say which cards it holds, e.g., "
    '{poss} hand holds "{name}"',
    "discard": 'Write, e.g., "{name}" leaves play, or {poss} discard pile has "{name}"',
    "retrieve": 'State where the card is now, e.g., {poss} hand holds "{name}"',
    "deck": "The judge does not build FMA decks: state the cards in play and in hand",
}


#: The statements that play a card (the card played is the last one they name).
_PLAYS = ("play", "plays_as_react", "character_plays")


class Reader(TableReader, AttributeReader, PlayReader, GoalReader):
    """Reads facts in order into a ``State``; one reader per question."""

    def read(self, facts: list[Fact]) -> State:
        """Read the facts, in order."""
        self._canceled = canceled_plays(facts)
        for fact in facts:
            self._line = fact.span.line
            self._stated_again(fact)  # before the line is read: was the card gone?
            self._moves = self._presence.read(fact)
            handler = getattr(self, f"_fact_{fact.kind}", None)
            if handler is not None:
                before = len(self.state.entries)
                handler(fact)
                if self._copies and len(self.state.entries) > before:
                    self._copies_followed(self.state.entries[before:])
            elif fact.kind == "active":
                raise self.error(
                    "FMA has no active cards; say which cards are in play",
                    fact,
                    suggestion='Write, e.g., "Some Location" is in play',
                )
            elif fact.kind in NOT_READ:
                name = fact.cards[0].name if fact.cards else "Card"
                raise self.error(
                    "the line is not an FMA statement",
                    fact,
                    suggestion=NOT_READ[fact.kind].format(
                        name=name, poss="your" if fact.who == "you" else "my"
                    )
                    + ". Every form: rulesq forms --game fma",
                )
        return self.state


def canceled_plays(facts: list[Fact]) -> set[tuple[int, str]]:
    """The plays a later statement cancels, as (line of the play, key of the card played).

    ``"X" is canceled`` cancels the last play of X before it: its effects never happen.
    """
    found: set[tuple[int, str]] = set()
    for at_index, fact in enumerate(facts):
        if fact.kind != "canceled":
            continue
        for ref in fact.cards:
            for earlier in reversed(facts[:at_index]):
                if any(ref_key(played) == ref_key(ref) for played in played_cards(earlier)):
                    found.add((earlier.span.line, ref_key(ref)))
                    break
    return found


def played_cards(fact: Fact) -> list[CardRef]:
    """The cards a statement plays (none: it plays none)."""
    if fact.kind not in _PLAYS or not fact.cards:
        return []
    if fact.kind == "plays_as_react":
        return [fact.cards[0]]
    return list(fact.cards) if fact.kind == "play" else [fact.cards[-1]]


def read_state(situation: Situation, game: Game, facts: list[Fact]) -> State:
    """The state the facts establish, read in order."""
    return Reader(situation, game).read(facts)
