"""Read a Warhammer situation's facts into a board; inconsistent input is an error."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.errors import InputError, did_you_mean, suggest, typed
from rulesq.games.warhammer.actions_held import grants_action, holds_action
from rulesq.games.warhammer.board import (
    PHASE_WORDS,
    PHASES,
    Assigned,
    Attack,
    Board,
    Event,
    InPlay,
    Link,
    Move,
)
from rulesq.games.warhammer.happenings import EventFacts
from rulesq.games.warhammer.vocab import Zone
from rulesq.situation.model import ME, YOU

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.claims import Ruling
    from rulesq.games.warhammer.values import Value
    from rulesq.situation.model import CardRef, Fact, Situation, Statement

#: Facts that put a card on the board, and the values and states such a card may carry.
BOARD_FACTS = frozenset({"zone_cards", "legend", "attached", "questing"})
BOARD_VALUES = frozenset({"damage", "tokens"})
BOARD_FLAGS = frozenset({"CORRUPTED", "FACEDOWN"})
#: The values ``what is the <value> of "X"?`` may ask for.
VALUES_ASKED = ("cost", "power", "loyalty")
_OTHER = {ME: YOU, YOU: ME}
#: Statements of the shared language that a Warhammer board has no place for: an input
#: error saying what to write instead, never a statement silently left out.
NOT_READ = {
    "active": "a card in play is in a zone of a capital: write, e.g., "
    '{poss} battlefield has "{name}"',
    "hand": "the judge reads a hand by its size: write, e.g., {player} 7 cards in hand",
    "discard": 'write, e.g., "{name}" is discarded, or {poss} discard pile has "{name}"',
    "retrieve": "a card comes back from the discard pile only by a card's text: state where "
    'it is now, e.g., {poss} kingdom has "{name}"',
}


def phase_number(word: str) -> int | None:
    """The phase (0-5) a situation's word names, or None."""
    low = " ".join(word.lower().split())
    low = low.removeprefix("the ").removesuffix(" phase").strip()
    return PHASE_WORDS.get(low)


class Reader(EventFacts):
    """Reads the facts before a question into a ``Board`` (events: ``happenings``)."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.board = Board()
        self._zone_damage: dict[tuple[str, Zone], Fact] = {}
        self._now: Fact | None = None
        #: The copy each card of a statement names (by the reference's id), and the copies
        #: some statement has named (by id): those are no longer alike the others.
        self._picks: dict[int, InPlay] = {}
        self._singled: set[int] = set()
        #: Units its own resolved Action made a development "until the end of the turn".
        self._for_the_turn: list[tuple[InPlay, Link]] = []
        #: The attack in force when each combat damage was stated assigned (by its id).
        self._combat_in: dict[int, Attack] = {}

    def error(
        self,
        message: str,
        where: Statement | CardRef,
        word: str | None = None,
        expected: list[str] | None = None,
        suggestion: str | None = None,
    ) -> InputError:
        """An input error at ``word`` inside the statement or card (else at its start)."""
        span = where.span
        offset = span.start
        if word is not None:
            found = self.situation.text.find(word, span.start)
            if found >= 0:
                offset = found
        text = self.situation.text
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return InputError(
            message,
            self.situation.source,
            text,
            line,
            column,
            expected=expected or [],
            suggestion=suggestion,
        )

    def read(self, facts: list[Fact]) -> Board:
        """The board the facts describe, in order."""
        for fact in facts:
            self._check_values(fact, naming=True)
            if fact.kind in NOT_READ:
                raise self._not_read(fact)
            handler = getattr(self, f"_fact_{fact.kind}", None)
            if handler is not None:
                self._now = fact
                handler(fact)
                self._now = None
            self._check_values(fact)  # values left that named no copy
        self._check_damage()
        self._check_zone_damage()
        self._check_triggered()
        self._unsure_targets()
        self._unmade_attacks(facts)
        return self.board

    def _unmade_attacks(self, facts: list[Fact]) -> None:
        """Combat damage stated assigned in an attack that cannot be made is not assigned.

        The attack is judged as it was declared (the board the facts before it describe): one
        the rules or a card text forbid (outside the battlefield phase, an attacker that
        cannot be declared) is no attack, and no combat damage is assigned in it (Turn
        Sequence, Phase 4); with its phase unstated, one a text forbids in any phase is none
        either. One whose lawfulness is not read stays as stated.
        """
        attacks = {id(a): a for a in self._combat_in.values()}
        for attack in attacks.values():
            ruling, unread = self._judged(facts, attack)
            if unread:
                made = [a for a in self.board.assigned if self._combat_in.get(id(a)) is attack]
                self.board.unsure_damage += [(a, unread) for a in made]
                continue
            if ruling is None:
                continue
            attack.unmade = ruling
            void = [a for a in self.board.assigned if self._combat_in.get(id(a)) is attack]
            self.board.assigned = [a for a in self.board.assigned if not any(a is v for v in void)]
            self.board.unmade_damage += [(a, ruling) for a in void]

    def _judged(self, facts: list[Fact], attack: Attack) -> tuple[Ruling | None, list[str]]:
        """The ruling that an attack cannot be made as declared (or None), and what is unread.

        Read on the board of the facts before it; kept per situation text and attack (every
        question of a file reads the same facts before it), as reading them again is a whole
        board's reading.
        """
        from rulesq.games.warhammer.attacks import NO_PHASE, can_attack, decide_topics
        from rulesq.games.warhammer.combat_plays import PHASE_OVER

        key = (self.situation.source, self.situation.text, attack.fact.index, PHASE_OVER.get())
        if key in _JUDGED:
            return _JUDGED[key]
        then = Reader(self.situation).read([f for f in facts if f.index < attack.fact.index])
        attackers = [c for a in attack.attackers for c in then.cards if c.ref is a.ref]
        found: tuple[Ruling | None, list[str]] = (None, [])
        if len(attackers) == len(attack.attackers):
            read = can_attack(then, attack.attacker, attackers)
            unread = [gap for gap in read.gaps if gap != NO_PHASE]
            ruling = None if unread else decide_topics(read)  # unstated phase: any phase
            found = (ruling if ruling is not None and ruling.allowed is False else None, unread)
        if len(_JUDGED) >= _JUDGED_MOST:
            _JUDGED.clear()
        _JUDGED[key] = found
        return found

    def _unsure_targets(self) -> None:
        """Resolved links whose effect a sentence not read may have sent elsewhere: no targets.

        A sentence the grammar does not read, of a card stated in play or of a link, that
        speaks of targets or of an effect applied "instead" ("any opponent's effect that
        targets chosen unit is applied to this unit instead") may have sent a
        resolved link's effect to another card: its targets, as stated, are not the cards it
        reached, so it is read as a link whose targets are not stated (every reader leaves
        open what such a link may have reached), and the damage read from it is dropped.
        """
        from dataclasses import replace

        from rulesq.games.warhammer import texts

        board = self.board
        said = [_without_action(placed.card, text) for placed, text in board.faceup_texts()]
        said += [lk.card.text for lk in [*board.resolved, *board.chain] if lk.card and lk.card.text]
        if not any(lk.targets for lk in board.resolved) or not texts.unread_reaching(said):
            return
        renamed = {id(lk): replace(lk, targets=()) for lk in board.resolved if lk.targets}
        board.resolved = [renamed.get(id(lk), lk) for lk in board.resolved]
        board.assigned = [a for a in board.assigned if a.link is None or id(a.link) not in renamed]
        board.stayed = [
            (placed, frozenset(id(renamed[i]) if i in renamed else i for i in ids))
            for placed, ids in board.stayed
        ]

    def _check_triggered(self) -> None:
        """A card stated triggered (not a tactic) holds an Action, or a card here gives one."""
        stated = [lk.fact.cards[0] for lk in self.board.chain if lk.kind == "trigger"]
        stated += [ref for _, _, fact in self.board.triggered for ref in fact.cards]
        present = [p.card for p in self.board.cards] + [lk.card for lk in self.board.chain]
        if not stated or grants_action(present) is not None:
            return
        for ref in stated:
            card = ref.card
            if (
                card is None
                or (card.type or "").lower() == "tactic"
                or holds_action(card)
                in (
                    True,
                    None,
                )
            ):
                continue
            raise self.error(
                f'"{card.name}" has no Action to trigger: its text holds no "Action:"',
                ref,
                expected=["a card whose text holds an Action", "a tactic"],
                suggestion=f'A Forced effect or a constant text of "{card.name}" is not '
                "triggered: state what it did instead",
            )

    def _not_read(self, fact: Fact) -> InputError:
        """The error for a statement a Warhammer board has no place for."""
        yours = fact.who == YOU
        hint = NOT_READ[fact.kind].format(
            poss="your" if yours else "my",
            player="you have" if yours else "I have",
            name=fact.cards[0].name if fact.cards else "Card",
        )
        return self.error(
            "the line is not a Warhammer statement",
            fact,
            suggestion=f"{hint[0].upper()}{hint[1:]}. Every form: rulesq forms --game warhammer",
        )

    def _check_damage(self) -> None:
        """A unit whose damage reaches its hit points is destroyed, not in play.

        The hit points are the printed ones with the modifiers in play (FAQ, Hit Points vs
        Remaining Hit Points).
        """
        from rulesq.games.warhammer.values import hit_points

        # the damage stated is the damage before the attack: a defender's hit points lost
        # while defending may destroy it then (FAQ, Card Effects), not make the board wrong
        attack, self.board.attack = self.board.attack, None
        try:
            self._check_damage_before_attack(hit_points)
        finally:
            self.board.attack = attack

    def _check_damage_before_attack(self, hit_points: Callable[[Board, InPlay], Value]) -> None:
        for placed in self.board.cards:
            if not placed.damage or placed.card is None:
                continue
            found = hit_points(self.board, placed)
            if found.value is not None and not found.gaps and placed.damage >= found.value:
                raise self.error(
                    f'"{placed.name}" has {found.value} hit points: with {placed.damage} damage '
                    "it would be destroyed, not in play",
                    placed.ref,
                    "damage",
                    suggestion="Remaining hit points are hit points minus damage (FAQ, Hit "
                    "Points vs Remaining Hit Points).",
                )

    # ------------------------------------------------------------------ input checks
    def _check_values(self, item: Statement, naming: bool = False) -> None:
        """Values and states belong to cards in play; unknown ones were refused earlier.

        A statement may give a card in play the values its board line gave one copy, to
        name that copy (``copies``): ``naming`` lets them through until the statement is
        read, and checked after it they must have named one.
        """
        for ref in item.cards:
            given = [*ref.values, *ref.flags]
            if not given or id(ref) in self._picks:
                continue
            if naming and item.kind not in BOARD_FACTS and self.board.find(ref.name):
                pass  # read by the statement, naming a copy
            elif item.kind not in BOARD_FACTS:
                raise self.error(
                    f'"{given[0]}" is given to "{ref.name}" where it is not in play: a card\'s '
                    "damage, resource tokens and state are given where the board holds it",
                    ref,
                    given[0],
                    suggestion=f'Write, e.g., my battlefield has "{ref.name}" '
                    f"({given[0]}{' 1' if given[0] in ref.values else ''})",
                )
            for name in ref.values:
                if name not in BOARD_VALUES:
                    raise self.error(
                        f'"{name}" of "{ref.name}" comes from the card, not from the board',
                        ref,
                        name,
                        expected=typed(sorted(BOARD_VALUES | {f.lower() for f in BOARD_FLAGS})),
                        suggestion=did_you_mean(suggest(name, sorted(BOARD_VALUES))),
                    )

    def check_questions(self) -> None:
        """Check the questions: no values on their cards, and values a Warhammer card has.

        The board gives a card's damage and tokens; ``what is the X of`` asks for a cost, a
        power or a loyalty.
        """
        for question in self.situation.questions:
            self._check_values(question)
            word = str(question.param("attribute", ""))
            if question.kind == "value" and word.lower() not in VALUES_ASKED:
                raise self.error(
                    f'"{word}" is not a value a Warhammer card has',
                    question,
                    word,
                    expected=typed(VALUES_ASKED),
                    suggestion=did_you_mean(suggest(word, VALUES_ASKED))
                    or 'For hit points ask: what are the hit points of "X"?',
                )

    # ------------------------------------------------------------------ facts
    def _fact_turn(self, fact: Fact) -> None:
        if self.board.turns and self.board.turns[-1][0] != fact.who:
            self.board.attack = None  # a new turn: the attack of the turn before has ended
        self._turn_over(self.board.turns[-1][0] != fact.who if self.board.turns else None)
        self.board.turn, self.board.turn_fact = fact.who, fact
        self.board.turns.append((fact.who, fact))

    def _fact_phase(self, fact: Fact) -> None:
        word = str(fact.param("phase", fact.param("number", "")))
        number = phase_number(word)
        if number is None:
            names = [*PHASES, *(f"{n}" for n in range(len(PHASES)))]
            raise self.error(
                f'"{word}" is not a phase of a Warhammer turn',
                fact,
                word,
                expected=[f"{n} ({p})" for n, p in enumerate(PHASES)],
                suggestion=did_you_mean(suggest(word, names))
                or 'Write, e.g., "phase capital" or "phase 3".',
            )
        self.board.phase, self.board.phase_fact = number, fact
        self.board.phases.append((number, fact))

    def _fact_resources(self, fact: Fact) -> None:
        capital = self.board.capital(fact.who or ME)
        capital.resources, capital.resources_fact = int(fact.param("number")), fact

    def _fact_capital_icons(self, fact: Fact) -> None:
        race = str(fact.param("capital_race", "") or "").strip("[]")
        count = fact.param("number", None)
        self.board.capital(fact.who or ME).icons = {race: int(count)} if race and count else {}

    def _fact_burning(self, fact: Fact) -> None:
        self.board.capital(fact.who or ME).burning[Zone(fact.param("zone"))] = fact

    def _fact_developments(self, fact: Fact) -> None:
        zone = Zone(fact.param("zone"))
        capital = self.board.capital(fact.who or ME)
        capital.developments[zone] = int(fact.param("number"))
        capital.unsure.pop(zone, None)

    def _fact_zone_cards(self, fact: Fact) -> None:
        zone = Zone(fact.param("zone"))
        players = fact.param("players", ())
        if len(set(players)) > 1:  # I have "X" in your battlefield
            raise self.error(
                "a player's cards in play are in that player's own zones",
                fact,
                suggestion=f"Write, e.g., your {zone.value} has "
                + ", ".join(f'"{ref.name}"' for ref in fact.cards),
            )
        for ref in fact.cards:
            if ref.card is not None and (ref.card.type or "").lower() == "legend":
                raise self.error(
                    f'"{ref.name}" is a legend: it stands beside the capital, not '
                    "in one of its zones",
                    ref,
                    suggestion=f'Write: my legend is "{ref.name}"',
                )
            self._place(ref, fact, fact.who or ME, zone)

    def _fact_legend(self, fact: Fact) -> None:
        ref = fact.card
        if ref.card is not None and (ref.card.type or "").lower() != "legend":
            raise self.error(f'"{ref.name}" is a {ref.card.type}, not a legend', ref)
        self._place(ref, fact, fact.who or ME, None, legend=True)

    def _fact_attached(self, fact: Fact) -> None:
        attachment, target = fact.cards
        host = self._copy(target)
        if host is None:
            raise self.error(
                f'"{target.name}" is not in play: put it on the board first',
                target,
                suggestion=f'Write, e.g., my battlefield has "{target.name}"',
            )
        placed = self.board.find(attachment.name)
        if placed is None or (placed.attached_to is not None and placed.attached_to is not host):
            # a card attached elsewhere already: this is another copy
            placed = self._place(attachment, fact, host.owner, host.zone)
        placed.attached_to = host
        self._picks[id(attachment)] = placed

    def _fact_questing(self, fact: Fact) -> None:
        unit, quest = fact.cards
        placed = [self._copy(r) for r in (unit, quest)]
        for ref, found in zip((unit, quest), placed, strict=True):
            if found is None:
                raise self.error(f'"{ref.name}" is not in play: put it on the board first', ref)
        assert placed[0] is not None and placed[1] is not None
        if placed[1].zone is not Zone.QUEST:
            raise self.error(
                f'"{quest.name}" is not in a quest zone: a unit quests on a quest '
                "in its controller's quest zone",
                quest,
            )
        placed[0].questing_on = placed[1]

    def _fact_played_this_turn(self, fact: Fact) -> None:
        capital = self.board.capital(fact.who or ME)
        capital.played += [(ref.card, fact) for ref in fact.cards]

    # ------------------------------------------------------------------ damage and combat
    def _in_play(self, ref: CardRef, side: str | None = None) -> InPlay:
        found = self._copy(ref, side)
        if found is None:
            raise self.error(
                f'"{ref.name}" is not in play: put it on the board first',
                ref,
                suggestion=f'Write, e.g., my battlefield has "{ref.name}"',
            )
        return found

    def _copy(
        self, ref: CardRef, side: str | None = None, avoid: set[int] | frozenset[int] = frozenset()
    ) -> InPlay | None:
        """The copy on the board a statement's card names (None: no copy), noted as named.

        Values and states given to the card name the copy whose board line gave them (an
        input error when none did); copies named by one statement are told apart (the
        statement names each once). Several copies left and not alike: which one is not
        said, and the answers after it are open (the board takes the first to go on). A
        statement about one player's cards (``side``: an attack, a sacrifice) names his;
        a trigger names a copy that has not added a link yet (``avoid``), where one is left.
        """
        from rulesq.games.warhammer import copies as C

        if id(ref) in self._picks:
            return self._picks[id(ref)]
        key = ref.name.casefold()
        found = [c for c in self.board.cards if c.name.casefold() == key]
        if not found:
            return None
        if ref.values or ref.flags:
            found = [c for c in found if C.matches(c, ref)]
            if not found:
                raise self._no_such_copy(ref)
            # written as one board line writes it whole, it names that line's copies
            found = [c for c in found if C.same(c, ref)] or found
        from rulesq.games.warhammer.places import in_play

        found = [c for c in found if in_play(self.board, c)] or found  # a copy gone is done
        found = [c for c in found if side in (None, self._side(c))] or found
        found = [c for c in found if id(c) not in avoid] or found
        fact = self._now
        others = {
            id(self._picks[id(r)]) for r in (fact.cards if fact else []) if id(r) in self._picks
        }
        free = [c for c in found if id(c) not in others] or found
        # the statement's names of the card still to be read, this one among them: as many
        # as the copies left, they name each once
        left = [r for r in (fact.cards if fact else [ref]) if r.name.casefold() == key]
        left = [r for r in left if r is ref or not (id(r) in self._picks or r.values or r.flags)]
        if len(free) > len(left) and not C.alike(self.board, free, self._singled):
            self._which_copy(ref, free)
        placed = free[0]
        self._picks[id(ref)] = placed
        self._singled.add(id(placed))
        return placed

    def _no_such_copy(self, ref: CardRef) -> InputError:
        """The error for values that name no copy on the board."""
        from rulesq.games.warhammer import copies as C

        key = ref.name.casefold()
        copies = [c for c in self.board.cards if c.name.casefold() == key]
        lines = list(dict.fromkeys(C.nameable(copies)))
        given = [*ref.values, *(f.lower() for f in ref.flags)]
        bare = C.unnamed(copies)
        return self.error(
            f"{C.written(ref)} names no copy on the board: a copy is named by the values and "
            "states its board line gives it" + (f" ({bare})" if bare else ""),
            ref,
            given[0] if given else None,
            expected=lines,
            suggestion=f"Did you mean {' or '.join(lines)}?" if lines else None,
        )

    def _which_copy(self, ref: CardRef, copies: list[InPlay]) -> None:
        """A statement naming one of several copies that are not alike, without saying which.

        The answers after it are open: the line is named, with how to name the copy (as its
        board line writes it, or, written alike there, with values that tell them apart).
        """
        from rulesq.games.warhammer import copies as C

        line = self.situation.text.count("\n", 0, ref.span.start) + 1
        written = list(dict.fromkeys(C.written(c.ref) for c in copies))
        if len(written) == len(copies):
            how = "name it as its board line writes it: " + " or ".join(C.nameable(copies))
            bare = C.unnamed(copies)
            if bare:
                how += "; " + bare
        else:
            how = (
                "give the copies different values where the board states them (e.g., "
                f'"{ref.name}" (damage 0) and "{ref.name}" (damage 1)), then name one so'
            )
        said = (
            f'line {line} names "{ref.name}", of which the board holds {len(copies)} copies: '
            f"which one it speaks of is not said ({how})"
        )
        if said not in self.board.ambiguous:
            self.board.ambiguous.append(said)

    def _fact_zone_damage(self, fact: Fact) -> None:
        zone = Zone(fact.param("zone"))
        self.board.capital(fact.who or ME).damage[zone] = int(fact.param("number"))
        self._zone_damage[(fact.who or ME, zone)] = fact

    def _check_zone_damage(self) -> None:
        """A zone whose damage reaches its hit points burns: the situation must say so.

        A section whose damage equals or exceeds its hit points burns (an assumed rule of the
        Core Rulebook); a zone stated with that much damage and not stated burning, or with 8
        or more and its developments not stated, is not taken as unburnt.
        """
        from rulesq.games.warhammer.damage import SECTION_HIT_POINTS, zone_hit_points

        for (owner, zone), fact in self._zone_damage.items():
            capital = self.board.capital(owner)
            damage = capital.damage.get(zone, 0)
            if zone in capital.burning or damage < SECTION_HIT_POINTS or zone in capital.unsure:
                continue  # a count an effect left unknown since is not the count stated then
            whose = "my" if owner == ME else "your"
            name = f"{whose} {zone.value}{' zone' if zone is Zone.QUEST else ''}"
            points = zone_hit_points(self.board, owner, zone).value
            if points is not None and damage < points:
                continue
            why = (
                f"against its {points} hit points it burns"
                if points is not None
                else f"it burns unless it has {damage - SECTION_HIT_POINTS + 1} or more "
                "developments, which the situation does not state"
            )
            raise self.error(
                f"{name} has {damage} damage: {why}, and the situation does not say that "
                "it is burning (a section burns when its damage reaches its hit points)",
                fact,
                str(damage),
                suggestion=f"Write: {name} is burning"
                + ("" if points is not None else f", or: {name} has N developments"),
            )

    def _fact_assigned(self, fact: Fact) -> None:
        amount, combat = int(fact.param("number")), fact.param("combat") is not None
        if fact.cards:
            placed = self._in_play(fact.cards[0])
            self._assign(Assigned(amount, fact, combat, card=placed))
            return
        owner, zone = fact.who or ME, Zone(fact.param("zone"))
        if zone in self.board.capital(owner).burning:
            raise self.error(
                f"the {zone.value} zone burns: a burning zone cannot be assigned "
                "damage (FAQ, Q&A 1)",
                fact,
                zone.value,
            )
        self._assign(Assigned(amount, fact, combat, owner=owner, zone=zone))

    def _assign(self, assigned: Assigned) -> None:
        """Damage stated assigned; combat damage is that of the attack in force."""
        self.board.assigned.append(assigned)
        if assigned.combat and self.board.attack is not None:
            self._combat_in[id(assigned)] = self.board.attack

    def _fact_attack(self, fact: Fact) -> None:
        attacker, defender = fact.param("players", (ME, YOU))[:2]
        if attacker == defender:
            raise self.error("a player attacks his opponent's capital, not his own", fact)
        turn = self.board.turn
        if turn is not None and turn != attacker:
            raise self.error(
                f"it is {'my' if turn == ME else 'your'} turn: only the active player attacks "
                '(FAQ, Turn Sequence, Phase 4: "Active player declares the target of his '
                'attack")',
                fact,
                suggestion=f'Write "it is {"my" if attacker == ME else "your"} turn" '
                "before the attack, or name the other player as attacking",
            )
        zone = fact.param("zone")
        attack = Attack(attacker, defender, Zone(zone) if zone else None, fact)
        attack.attackers = [self._in_play(ref, attacker) for ref in fact.cards]
        self._check_sides(fact, attack.attackers, attacker, "attacks with")
        if zone is None:
            legend = next((c for c in self.board.cards if c.legend and c.owner == defender), None)
            if legend is None:
                raise self.error(
                    "no legend of the defending player is stated",
                    fact,
                    "legend",
                    suggestion='Write first, e.g., your legend is "Some Legend"',
                )
            # An attacked legend is declared a defender at once unless corrupted (FAQ, Legends).
            attack.legend = legend
            attack.defenders += [] if legend.corrupted else [legend]
        self.board.attack = attack

    def _fact_defenders(self, fact: Fact) -> None:
        attack = self.board.attack
        if attack is None:
            raise self.error(
                "no attack is stated: defenders are declared against an attack",
                fact,
                suggestion='Write first, e.g., I attack your kingdom with "A"',
            )
        if (fact.who or ME) != attack.defender:
            raise self.error(
                "the attacking player does not declare defenders: the defending player "
                '(FAQ, Turn Sequence, Phase 4: "Defending player simultaneously declares all '
                'defenders")',
                fact,
                suggestion=f"Write: {'I' if attack.defender == ME else 'you'} declare "
                + ", ".join(f'"{ref.name}"' for ref in fact.cards)
                + " as defender",
            )
        declared = [self._in_play(ref, attack.defender) for ref in fact.cards]
        self._check_sides(fact, declared, attack.defender, "declares as defenders only")
        # an attacked legend is a defender already (declared automatically): once each
        attack.defenders += [d for d in declared if d not in attack.defenders]
        attack.declared = fact

    def _check_sides(self, fact: Fact, units: list[InPlay], player: str, acts: str) -> None:
        """A player attacks, or defends, with units he controls: another's is an input error."""
        for ref, placed in zip(fact.cards, units, strict=True):
            if self._side(placed) == player:
                continue
            whose = "my" if player == ME else "your"
            own = [
                c.name
                for c in self.board.cards
                if self._side(c) == player
                and (c.card is None or (c.card.type or "").lower() == "unit")
            ]
            raise self.error(
                f'"{ref.name}" is a card of the other player: a player {acts} units he '
                "controls, never his opponent's",
                ref,
                expected=[f"a unit in {whose} play area"],
                suggestion=did_you_mean(suggest(ref.name, own) or own[:3])
                or f'Put it in {whose} play area first, e.g., {whose} battlefield has "{ref.name}"',
            )

    def _side(self, placed: InPlay) -> str:
        """Whose play area a card is in after the moves stated so far (or who attached it)."""
        side = placed.played_by or placed.owner
        for move in self.board.moves:
            if move.card is placed:
                side = move.side
        return side

    def _fact_counterstrike(self, fact: Fact) -> None:
        attack = self.board.attack
        source, target = fact.cards[:2]
        defender, attacker = self._in_play(source), self._in_play(target)
        if attack is None or defender not in attack.defenders:
            raise self.error(
                f'"{source.name}" is not declared as a defender: Counterstrike damage is dealt '
                "by a defending unit when it is declared as a defender",
                fact,
                suggestion=f'Write first, e.g., you declare "{source.name}" as defender',
            )
        if attacker not in attack.attackers:
            raise self.error(
                f'"{target.name}" is not an attacker: Counterstrike damages an attacker',
                fact,
            )
        attack.struck[defender.name.casefold()] = (attacker, fact)

    def _fact_sacrificed(self, fact: Fact) -> None:
        who = fact.who or ME  # a player sacrifices cards he controls
        self.board.sacrificed += [(self._in_play(ref, who), fact) for ref in fact.cards]

    def _fact_trigger(self, fact: Fact, kind: str | None = None) -> None:
        source, *targets = fact.cards
        shown_as = fact.param("shown")
        shown = tuple(ref.card for ref in targets) if shown_as is not None else ()
        targets = [] if shown_as is not None else targets
        paid = fact.param("number")
        # a copy that has not added a link yet, where one is left (once per copy)
        start = max((f.index for _, f in self.board.turns), default=-1)  # this turn's
        links = [*self.board.resolved, *self.board.chain]
        used = {id(lk.source) for lk in links if lk.source and lk.fact.index > start}
        placed = self._copy(source, avoid=used)
        tactic = source.card is not None and (source.card.type or "").lower() == "tactic"
        cancelling = fact.param("cancelling")
        if cancelling is not None:
            cancelling = str(cancelling)
            if not any(lk.name.casefold() == cancelling.casefold() for lk in self.board.chain):
                raise self.error(
                    f'"{cancelling}" is not on the action chain: a card cancels a link of it',
                    fact,
                    cancelling,
                )
        if tactic and placed is None:
            self._check_own_turn(fact, source)
            self._from_hand(fact.who or ME)
        elif placed is None and source.card is not None:
            raise self.error(
                f'"{source.name}" is not in play: a {source.card.type or "card"}\'s Action is '
                "triggered from play (only a tactic is played from the hand)",
                source,
                suggestion=f"Write first, e.g., {'your' if fact.who == YOU else 'my'} "
                f'battlefield has "{source.name}"',
            )
        self._chain(
            fact,
            source,
            source=placed,
            targets=tuple(self._in_play(t) for t in targets),
            paid=int(paid) if paid is not None else None,
            kind=kind or ("tactic" if tactic or placed is None else "trigger"),
            cancelling=cancelling,
            shown=shown,
            shown_as=str(shown_as) if shown_as is not None else None,
            chosen=_chosen(fact),
            chosen_zone=_chosen_zone(fact),
        )

    _fact_respond = _fact_trigger

    def _fact_play(self, fact: Fact) -> None:
        """Cards played from the hand: each joins the chain (neither in nor out of play)."""
        for ref in fact.cards:
            tactic = ref.card is not None and (ref.card.type or "").lower() == "tactic"
            self._check_own_turn(fact, ref)
            self._from_hand(fact.who or ME)
            self._chain(fact, ref, kind="tactic" if tactic else "card")

    def _check_own_turn(self, fact: Fact, ref: CardRef) -> None:
        """A card played from the hand only on its player's turn, stated played on the other's.

        A tactic whose text says so ("Play during your turn."), or a unit, support or quest
        ("They must be played during the owner’s Capital Phase.", Playing Non-Tactic Cards):
        the play cannot be made, so it is no statement of what happened (an input error); ask
        whether it can. A card that may be played any time is let through.
        """
        from rulesq.games.warhammer import texts
        from rulesq.games.warhammer.plays import NON_TACTIC_TYPES

        card, turn, who = ref.card, self.board.turn, fact.who or ME
        if card is None or turn is None or turn == who:
            return
        kind = (card.type or "").lower()
        sentence = texts.own_turn_only(card.text or "")
        if kind in NON_TACTIC_TYPES:
            why = (
                f'"{card.name}" is a {kind}, and a {kind} "must be played during the owner’s '
                'Capital Phase" (FAQ, Playing Non-Tactic Cards)'
            )
        elif kind == "tactic" and sentence is not None:
            why = f'"{card.name}" reads "{sentence}"'
        else:
            return
        if texts.plays_any_time(card.text or ""):
            return
        raise self.error(
            f"{why}, and it is {'my' if turn == ME else 'your'} turn: "
            f"{'I' if who == ME else 'you'} cannot play it now, so the play is not a "
            "statement of what happened",
            ref,
            expected=[f"a play on {'my' if who == ME else 'your'} own turn"],
            suggestion=f'Ask whether the play can be made ("ask can {"I" if who == ME else "you"} '
            f'play ...?"), or write "it is {"my" if who == ME else "your"} turn" before it',
        )

    def _chain(self, fact: Fact, ref: CardRef, **link: Any) -> None:
        """Add a link for the card ``ref`` names to the action chain, by the fact's player."""
        name = ref.card.name if ref.card else ref.name
        self.board.chain.append(Link(fact.who or ME, ref.card, name, fact, **link))

    def _from_hand(self, who: str) -> None:
        """A card played from the hand leaves it: one card fewer, where the hand is stated."""
        if who in self.board.hands:
            self.board.hands[who] -= 1

    def _fact_play_on(self, fact: Fact) -> None:
        """A card played on a unit (an attachment): an action that targets the unit."""
        card, host = fact.cards
        self._check_own_turn(fact, card)
        self._from_hand(fact.who or ME)
        self._chain(fact, card, targets=(self._in_play(host),), kind="card")

    def _fact_play_by(self, fact: Fact) -> None:
        """A card played by an effect as the chain resolves: part of that chain."""
        self._chain(fact, fact.cards[0], kind="by-effect")

    def _fact_pay_more(self, fact: Fact) -> None:
        name, amount = fact.cards[0].name.casefold(), int(fact.param("number"))
        self.board.payments[name] = amount
        self.board.paid_more.append((name, amount, fact))

    def _fact_decline(self, fact: Fact) -> None:
        self.board.payments[fact.cards[0].name.casefold()] = None

    def _fact_resolving(self, fact: Fact) -> None:
        self.board.resolving = fact

    def _fact_resolved(self, fact: Fact) -> None:
        """The chain has resolved: its triggered Actions were triggered this turn."""
        self.board.triggered += [
            (lk.name, lk.who, fact) for lk in self.board.chain if lk.kind == "trigger"
        ]
        for link in self.board.chain:
            self._link_recount(link, any(lk.cancelling for lk in self.board.chain))
        from rulesq.games.warhammer.resolved_damage import assigned

        self.board.assigned += assigned(self.board, self.board.chain, fact)
        self.board.resolved += self.board.chain
        self.board.chain, self.board.resolving = [], None

    def _turn_over(self, new: bool | None) -> None:
        """A turn stated: the units made developments for the turn before are units again.

        Each leaves its zone's count (a new turn); the same player's turn restated may be a
        later turn, so the count is open; a first turn statement changes nothing.
        """
        if new is None:
            return
        for placed, link in self._for_the_turn:
            if new:
                self._recount(placed.owner, placed.zone, -1)
                continue
            capital = self.board.capital(placed.owner)
            if placed.zone is not None and capital.developments.pop(placed.zone, None) is not None:
                capital.unsure[placed.zone] = (
                    f'"{link.name}" made "{placed.name}" a development until the end of the turn, '
                    "and a turn is stated after it: whether it is a later turn is not stated"
                )
        self._for_the_turn = []

    def _link_recount(self, link: Link, cancels: bool) -> None:
        """A resolved link that turns a card into a development: the counts follow it."""
        from rulesq.games.warhammer.places import TURN_FACEDOWN, self_development

        text = link.card.text or "" if link.card is not None else ""
        if self_development(link) is not None and link.source is not None:
            turned = link.source
        elif TURN_FACEDOWN.search(text) and len(link.targets) == 1:
            turned = link.targets[0]
        elif TURN_FACEDOWN.search(text) and not link.targets:
            self._unsure_recount(link)
            return
        else:
            return
        if self._is_development(turned):
            return
        if turned is link.source:
            self._for_the_turn.append((turned, link))
        capital = self.board.capital(turned.owner)
        if cancels or turned.attached_to is not None or turned.played_by is not None:
            # Whether it became a development (a cancel on the chain) or stays one (an
            # attachment, controlled by whoever played it) is not read: the count is unknown.
            if turned.zone is not None and capital.developments.pop(turned.zone, None) is not None:
                capital.unsure[turned.zone] = (
                    f'"{link.name}" turned "{turned.name}" into a development after the count '
                    "was stated, and whether it stays one"
                    + (" (a link cancels another)" if cancels else " (an attachment)")
                    + " is not followed"
                )
            return
        self._recount(turned.owner, turned.zone, +1)

    def _unsure_recount(self, link: Link) -> None:
        """A resolved link that turns a card facedown, its target not stated: counts unknown.

        Any zone holding a card it may have turned (one not a development) may hold one
        development more than stated.
        """
        for placed in self.board.cards:
            if placed.zone is None or self._is_development(placed):
                continue
            capital = self.board.capital(placed.owner)
            if capital.developments.pop(placed.zone, None) is not None:
                capital.unsure[placed.zone] = (
                    f'"{link.name}" turns a card into a development, and its target is not '
                    f'stated: it may be "{placed.name}"'
                )

    def _fact_triggered_this_turn(self, fact: Fact) -> None:
        self.board.triggered += [(ref.name, fact.who or ME, fact) for ref in fact.cards]

    def _fact_pile(self, fact: Fact) -> None:
        pile = self.board.discard.setdefault(fact.who or ME, [])
        pile += [ref.card for ref in fact.cards if ref.card is not None]
        self.board.discard_at[fact.who or ME] = fact.index

    def _fact_traits(self, fact: Fact) -> None:
        self._state_traits(fact, tuple(str(t) for t in fact.param("trait", ())))

    def _fact_no_traits(self, fact: Fact) -> None:
        self._state_traits(fact, ())

    def _state_traits(self, fact: Fact, stated: tuple[str, ...]) -> None:
        """All of a card's traits, stated; the sources' own traits may not be contradicted."""
        ref = fact.card
        known = ref.card.fields.get("traits") if ref.card is not None else None
        if known is not None and {t.casefold() for t in known} != {t.casefold() for t in stated}:
            given = ", ".join(known) or "none"
            raise self.error(
                f'the sources give "{ref.name}" its traits ({given}): a situation states '
                "the traits the sources leave unknown",
                ref,
                suggestion="Leave the line out.",
            )
        self.board.stated_traits[ref.name.casefold()] = stated

    def _fact_limited(self, fact: Fact) -> None:
        ref = fact.card
        flag = not fact.param("negated", None)
        known = ref.card.fields.get("limited") if ref.card is not None else None
        if known is not None and bool(known) != flag:
            raise self.error(
                f'the sources give the text of "{ref.name}": it is{"" if known else " not"} '
                "Limited",
                ref,
                suggestion="Leave the line out.",
            )
        self.board.stated_limited[ref.name.casefold()] = flag

    def _fact_pile_units(self, fact: Fact) -> None:
        self.board.pile_units[fact.who or ME] = int(fact.param("number"))

    def _fact_hand_size(self, fact: Fact) -> None:
        self.board.hands[fact.who or ME] = int(fact.param("number"))

    # ------------------------------------------------------------------ control and movement
    def _fact_move(self, fact: Fact) -> None:
        placed = self._in_play(fact.card)
        side = fact.param("players", (fact.who or ME, fact.who or ME))[-1]
        zone = fact.param("zone")
        moved = Move(placed, side, Zone(zone) if zone else None, fact)
        from rulesq.games.warhammer.places import where_before

        here = where_before(self.board, placed)
        if here == (moved.side, moved.zone):
            raise self.error(
                f'"{placed.name}" is already there: to move a card, it must end the move '
                "in a different zone than it began (FAQ, Q&A 39)",
                fact,
            )
        if moved.zone is None and here[1] is not None:  # out of play, to a discard pile
            self._out_of_play(placed, lambda: self.board.moves.append(moved))
        else:
            self.board.moves.append(moved)
        if moved.zone is not None:
            self._development_moves(placed, here, (moved.side, moved.zone))
        if moved.zone is not None and moved.side == here[0]:
            # A move between one player's zones is a "moved" event for trigger conditions.
            self.board.events.append(Event("moved", placed, fact, None, moved.zone, here[1]))
        if moved.zone is not None and moved.side == placed.owner:
            # One position model: the card is where its last move put it, for every reader.
            placed.zone = moved.zone

    def _fact_attach(self, fact: Fact) -> None:
        host = self._copy(fact.cards[1])
        before = host is not None and self._is_development(host)
        self._fact_attached(fact)
        placed = self._picks.get(id(fact.cards[0]))
        assert placed is not None and host is not None
        placed.played_by = fact.who or ME
        if not before and self._is_development(host):  # it becomes one (FAQ, Q&A 25)
            self._recount(host.owner, host.zone, +1)

    def _fact_develop(self, fact: Fact) -> None:
        players = fact.param("players", (fact.who or ME, fact.who or ME))
        if players[0] != players[-1]:
            raise self.error("a player develops cards into his own zones", fact)
        turn = self.board.turn
        if turn is not None and turn != players[0]:
            who = "I" if players[0] == ME else "you"
            raise self.error(
                'a development is played from the hand "during the owner’s Capital Phase" '
                f"(FAQ, Playing Non-Tactic Cards), and it is {'my' if turn == ME else 'your'} "
                f"turn: {who} cannot develop a card now, so it is not a statement of what happened",
                fact,
                suggestion=f'Write "it is {"my" if players[0] == ME else "your"} turn" before it',
            )
        zone = Zone(fact.param("zone"))
        placed = self._place(fact.card, fact, players[0], zone)
        placed.facedown = True
        placed.entered = True
        self.board.developed.append((placed, fact))
        counts = self.board.capital(players[0]).developments
        if zone in counts:  # a count stated before: one more development from now on
            counts[zone] += 1

    def _fact_discarded(self, fact: Fact) -> None:
        self._leaves(self._in_play(fact.card), fact)

    def _leaves(self, placed: InPlay, fact: Fact) -> None:
        """A card leaves play: a development is one fewer in a count stated before."""
        if any(gone is placed for gone, _ in self.board.left):
            return
        self._out_of_play(placed, lambda: self.board.left.append((placed, fact)))

    def _out_of_play(self, placed: InPlay, leave: Callable[[], None]) -> None:
        """The counts stated before follow a card out of play (``leave`` records it gone)."""
        host = placed.attached_to
        from rulesq.games.warhammer.places import in_play

        was = host is not None and in_play(self.board, host) and self._is_development(host)
        self._development_gone(placed)
        leave()
        if host is not None and was and not self._is_development(host):
            # The attachment that made it a development leaves: it reverts (FAQ, Q&A 41).
            self._recount(host.owner, host.zone, -1)

    def _development_gone(self, placed: InPlay) -> None:
        """A development leaves its zone: a count stated before holds one fewer."""
        if self._is_development(placed):
            self._recount(placed.owner, placed.zone, -1)

    def _fact_leaves_play(self, fact: Fact) -> None:
        super()._fact_leaves_play(fact)
        self._fact_discarded(fact)

    def _fact_stays_in_play(self, fact: Fact) -> None:
        """The card is still in play: the links resolved so far did not take it out of play."""
        from rulesq.games.warhammer.places import in_play

        placed = self._in_play(fact.card)
        if not in_play(self.board, placed):
            raise self.error(
                f'"{placed.name}" is out of play already: it cannot stay in play',
                fact.card,
                suggestion="Leave the line out, or state the card in play again.",
            )
        self._check_survives(fact, placed)
        self.board.stayed.append((placed, frozenset(id(lk) for lk in self.board.resolved)))

    def _check_survives(self, fact: Fact, placed: InPlay) -> None:
        """A card stated still in play that the damage a resolved link dealt destroys: an error."""
        from rulesq.games.warhammer.damage import destroyed

        if not any(a.card is placed and a.link is not None for a in self.board.assigned):
            return
        gone, value = destroyed(self.board, placed)
        if gone:
            raise self.error(
                f'"{placed.name}" is destroyed by the damage dealt to it '
                f"({'; '.join(value.steps)}): it cannot stay in play",
                fact.card,
                suggestion="Leave the line out, or state what kept the damage off it (a link "
                "that cancelled or redirected it).",
            )

    def _fact_destroyed(self, fact: Fact) -> None:
        super()._fact_destroyed(fact)
        self._fact_discarded(fact)

    def _fact_destroys(self, fact: Fact) -> None:
        super()._fact_destroys(fact)
        for ref in fact.cards[1:]:
            self._leaves(self._in_play(ref), fact)

    # ------------------------------------------------------------------ cards
    def _place(
        self, ref: CardRef, fact: Fact, owner: str, zone: Zone | None, legend: bool = False
    ) -> InPlay:
        if (
            self.board.find(ref.name) is not None
            and ref.card is not None
            and ref.card.fields.get("unique")
        ):
            raise self.error(f'"{ref.name}" is unique and already in play', ref)
        damage, tokens = ref.value("damage") or 0, ref.value("tokens") or 0
        hit_points = (
            ref.card.fields.get("hit_points", ref.card.fields.get("hp"))
            if ref.card is not None
            else None
        )
        if (
            damage
            and ref.card is not None
            and hit_points is None
            and (ref.card.type or "").lower() not in ("unit", "legend")
        ):
            raise self.error(
                f'"{ref.name}" is a {ref.card.type}: it has no hit points to take damage',
                ref,
                "damage",
            )
        placed = InPlay(
            ref,
            ref.card,
            owner,
            zone,
            fact,
            damage,
            tokens,
            ref.has_flag("CORRUPTED"),
            ref.has_flag("FACEDOWN"),
            legend,
        )
        self.board.cards.append(placed)
        return placed


def _chosen(fact: Fact) -> str | None:
    """The player a link's text made its controller choose ("choosing you"), or None."""
    players: tuple[str, ...] = tuple(fact.param("players") or ())
    if fact.param("zone") is not None:
        return None  # a zone was chosen
    return players[1] if len(players) > 1 else None


def _chosen_zone(fact: Fact) -> tuple[str, Zone] | None:
    """The zone a link's text made its controller choose ("choosing my battlefield"), or None."""
    zone = fact.param("zone")
    players: tuple[str, ...] = tuple(fact.param("players") or ())
    return (players[-1], Zone(zone)) if zone is not None and players else None


def _without_action(card: Card | None, text: str) -> str:
    """A card's text in play less its Action, which acts only when triggered (a link)."""
    from rulesq.games.warhammer.abilities import action_of

    action, _why = action_of(card)
    return text.replace(action.quote, "") if action is not None else text


#: Attacks judged as declared (``Reader._judged``), by situation text and attack; bounded.
_JUDGED: dict[tuple[str, str, int, bool | None], tuple[Ruling | None, list[str]]] = {}
_JUDGED_MOST = 256


def read_board(situation: Situation, facts: list[Fact]) -> Board:
    """The board the facts describe."""
    return Reader(situation).read(facts)
