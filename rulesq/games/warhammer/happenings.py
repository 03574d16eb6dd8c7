"""Read the events a Warhammer situation states onto the board, for trigger conditions.

"X is destroyed", "E destroys A, B", "X enters play", "X leaves play", "X moves to your
kingdom", "H heals A, B" and "T turns D faceup" each add an :class:`Event`; an event never
stated is not assumed to have happened, nor not to have happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.games.warhammer.board import Event, Move
from rulesq.games.warhammer.vocab import Zone
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.errors import InputError
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.situation.model import CardRef, Fact, Statement

#: The kinds of event a situation states.
EVENT_KINDS = ("destroyed", "enters_play", "leaves_play", "moved", "healed", "faceup")


class EventFacts:
    """The event facts of the Warhammer reader (mixed into ``situation.Reader``)."""

    board: Board

    def _in_play(self, ref: CardRef) -> InPlay:
        """The card in play a reference names (the reader's)."""
        raise NotImplementedError

    def error(
        self,
        message: str,
        where: Statement | CardRef,
        word: str | None = None,
        expected: list[str] | None = None,
        suggestion: str | None = None,
    ) -> InputError:
        """An input error at a statement (the reader's)."""
        raise NotImplementedError

    def _event(self, kind: str, ref: CardRef, fact: Fact, by: CardRef | None = None) -> Event:
        event = Event(kind, self._in_play(ref), fact, by)
        self.board.events.append(event)
        return event

    def _fact_destroyed(self, fact: Fact) -> None:
        self._event("destroyed", fact.cards[0], fact)

    def _fact_destroys(self, fact: Fact) -> None:
        source, *victims = fact.cards
        for ref in victims:
            self._event("destroyed", ref, fact, source)

    def _fact_enters_play(self, fact: Fact) -> None:
        event = self._event("enters_play", fact.cards[0], fact)
        event.card.entered = True  # a new card: no damage or resource tokens unless stated

    def _fact_leaves_play(self, fact: Fact) -> None:
        self._event("leaves_play", fact.cards[0], fact)

    def _fact_heals(self, fact: Fact) -> None:
        source, *healed = fact.cards
        for ref in healed:
            self._event("healed", ref, fact, source)

    def _fact_moves(self, fact: Fact) -> None:
        ref = fact.cards[0]
        placed = self._in_play(ref)
        zone, owner = Zone(fact.param("zone")), fact.who or ME
        if placed.owner != owner:
            raise self.error(
                f'"{ref.name}" moves to its controller\'s zones only: a player may not move '
                "units into his opponent's zones (FAQ, Q&A 11)",
                fact,
                zone.value,
            )
        if placed.zone is zone:
            raise self.error(
                f'"{ref.name}" is in the {zone.value} zone already: a card that moves ends '
                "the move in a different zone (FAQ, Q&A 39)",
                fact,
                zone.value,
            )
        self.board.events.append(Event("moved", placed, fact, None, zone, placed.zone))
        self.board.moves.append(Move(placed, owner, zone, fact))
        self._development_moves(placed, (placed.owner, placed.zone), (owner, zone))
        placed.zone = zone

    def _fact_turns_faceup(self, fact: Fact) -> None:
        source, ref = fact.cards
        placed = self._in_play(ref)
        if not placed.facedown:
            raise self.error(
                f'"{ref.name}" is not facedown: write it as a development, e.g. my kingdom '
                f'has "{ref.name}" (facedown)',
                ref,
            )
        self.board.events.append(Event("faceup", placed, fact, source))
        # It changes from a development to its own card type (FAQ, Card Types: Developments):
        # a count stated before holds one fewer.
        self._recount(placed.owner, placed.zone, -1)
        placed.facedown = False

    def _is_development(self, placed: InPlay) -> bool:
        """Whether a card in play is a development now (facedown, or by an attachment).

        An attachment that makes its card a development does so while attached (FAQ, Q&A 25).
        """
        if placed.facedown:
            return True
        from rulesq.games.warhammer.places import ATTACHED_BECOMES_DEVELOPMENT, sentences

        gone = [card for card, _ in self.board.left]
        gone += [move.card for move in self.board.moves if move.zone is None]
        return any(
            ATTACHED_BECOMES_DEVELOPMENT.match(quote)
            for attached in self.board.attached_to(placed)
            if not any(attached is card for card in gone)
            for _effect, quote in sentences(attached)
        )

    def _recount(self, player: str, zone: Zone | None, change: int) -> None:
        """A count of a zone's developments stated before follows a development in or out."""
        counts = self.board.capital(player).developments
        if zone is not None and zone in counts:
            counts[zone] = max(counts[zone] + change, 0)

    def _development_moves(
        self, placed: InPlay, here: tuple[str, Zone | None], there: tuple[str, Zone | None]
    ) -> None:
        """A facedown development moves between zones: the counts stated before follow it.

        Into a zone of a player who does not own it, it is discarded at once (FAQ, Card
        Types: Developments), so no count there gains it.
        """
        if not self._is_development(placed):
            return
        self._recount(*here, -1)
        if there[0] == placed.owner:
            self._recount(*there, +1)
