"""FMA situation reader: the phase, leaders, characters, battles and sides, defeats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import InputError, did_you_mean, suggest, typed
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations
from rulesq.games.fma.state import (
    CHARACTER_VALUES,
    PERIODS,
    RULE,
    BattleSetup,
    Entry,
)
from rulesq.games.fma.vocab import PHASES, Attribute, Side

if TYPE_CHECKING:
    from rulesq.situation.model import Fact
from rulesq.games.fma.reader_base import ref_key
from rulesq.games.fma.reader_in_play import InPlayReader


class TableReader(InPlayReader):
    """Reads the statements of the phase, leaders, characters, battles, sides and defeats."""

    def _fact_phase(self, fact: Fact) -> None:
        """``it is the main phase``: one of the phases the rulings name, else an input error."""
        word = str(fact.param("phase", "")).strip()
        if word.lower() in PHASES:
            return
        at = fact.text.lower().find(word.lower()) if word else -1
        span = fact.span
        column = span.column + at if at >= 0 else span.column
        raise InputError(
            f'"{word}" is not a phase of an FMA turn the rulings name',
            self.situation.source,
            self.situation.text,
            span.line,
            column,
            expected=typed(f"{phase} phase" for phase in PHASES),
            suggestion=did_you_mean(suggest(word, PHASES))
            or "Write, e.g., it is the search phase (a battle's steps: it is the maneuver step).",
        )

    def _fact_leader(self, fact: Fact) -> None:
        """``my leader is "X"``: a character of the situation from this line on.

        A leader is in play from the setup on (Setup: "after the leader comes into play"), and
        a character (Setup: "leaders are the only characters in play"): built here, the one
        place that builds the cards in play, every reader (statements, targets, values,
        affects, attacks and blocks) knows him, with his line's words and values, as if he
        were stated on a character line; his card's passive text acts from this line. The
        leader this line replaces (``Table.read``) leaves the situation: Loyal no longer counts
        him and his card's passive text stops.
        """
        for old in self._moves.leaving:
            self.state.characters.pop(old, None)
            self._end_passives(old, fact)
        if fact.cards and fact.who:
            ref = fact.cards[0]
            if ref_key(ref) not in self.state.characters:
                leader = self._new_character(ref, fact, fact.who)
                values = {n: v for n, v in ref.values.items() if n in CHARACTER_VALUES}
                self._merge(leader, ref, fact, values, ref.flags, fact.who)  # not his level

    def _fact_character(self, fact: Fact) -> None:
        for ref in fact.cards:
            self.character(ref, fact, owner=fact.who)

    def _fact_battle(self, fact: Fact) -> None:
        battle = self.state.battle
        if battle.ended_at is not None:
            self.state.battle = battle = BattleSetup()
        battle.attribute = Attribute.named(str(fact.param("attribute")))
        battle.facts.append(fact)

    def _fact_attackers(self, fact: Fact) -> None:
        self._side(fact, Side.ATTACKERS)

    def _fact_defenders(self, fact: Fact) -> None:
        self._side(fact, Side.DEFENDERS)

    def _side(self, fact: Fact, side: Side) -> None:
        battle = self.state.battle
        if battle.ended_at is not None:
            attribute = battle.attribute
            self.state.battle = battle = BattleSetup(attribute=attribute)
        names = []
        for ref in fact.cards:
            character = self.character(ref, fact)
            if character.name in battle.sides[side.other]:
                raise self.error(
                    f'"{character.name}" is already on the {side.other.value}\' side', fact, ref
                )
            names.append(character.name)
        battle.sides[side] = list(dict.fromkeys(names))
        battle.facts.append(fact)

    def _fact_sent_home(self, fact: Fact) -> None:
        battle = self.state.battle
        for ref in fact.cards:
            character = self.known(ref, fact)
            in_battle = any(character.name in names for names in battle.sides.values())
            if battle.open and in_battle:
                battle.sent_home[character.name] = fact

    def _fact_period_ends(self, fact: Fact) -> None:
        period = PERIODS[str(fact.param("period"))]
        if self.state.battle.open:
            self.state.battle.ended_at = len(self.state.entries)
            self.state.battle.ended_line = fact.span.line
        self._add(Entry(at.PeriodEnds(period), fact))

    def _fact_defeated(self, fact: Fact) -> None:
        for ref in self._taken(fact):
            character = self.known(ref, fact)
            entry = Entry(
                at.Defeated(character.name, clause=citations.DEFEATED),
                fact,
                {(character.name, a) for a in Attribute},
                ((citations.DEFEATED, RULE),),
            )
            self._add(entry)
            self._end_passives(ref_key(ref), fact, defeated=True)
