"""One question's view of the game, and the helpers that build its answer.

The view holds the state the situation's facts lead to; its helpers turn a judge's ruling into
an answer (cards quoted, clauses cited, what lost).
"""

from __future__ import annotations

import weakref
from functools import partial
from typing import TYPE_CHECKING

from rulesq.effects.base import Unparsed
from rulesq.engine.answer import Choice
from rulesq.engine.defaults import (
    ASKED_FROM,
    beginning_of_turn,
    no_icons,
    played_phase,
    quoted,
)
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.explain.graph import BEATS, SUPPORTS
from rulesq.games.bluemoon.judge.cards import (
    CardInfo,
    Catalog,
    given_reads,
    merge_icons_read,
    note_unknown_icons,
)
from rulesq.games.bluemoon.judge.choices import pending_choices
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.game_choices import icon_choices
from rulesq.games.bluemoon.judge.iconuse import IconUse, new_use, note_use, unneeded
from rulesq.games.bluemoon.judge.kept import once
from rulesq.games.bluemoon.judge.open_areas import area_choices
from rulesq.games.bluemoon.judge.precedents import opens_against, precedents_later
from rulesq.games.bluemoon.judge.shared import MEMO_KEY, Readings, read_shared
from rulesq.games.bluemoon.judge.state import ME, Instance, State, Zone, new_instance

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.engine.verdict import Verdict
    from rulesq.games.bluemoon.judge.ruling import Ruling
    from rulesq.situation.model import CardRef


#: Where the record of what a question's judging read unknown icons for is kept.
USE_KEY = "bluemoon.icon_use"


def judging_use(ctx: Context) -> IconUse:
    """The record of the question's judging (each view of it notes into the same), noting now."""
    found = ctx.memo.get(USE_KEY)
    if found is None or found[0]() is not ctx:
        found = ctx.memo[USE_KEY] = (weakref.ref(ctx), new_use())
    use: IconUse = found[1]
    note_use(use)
    return use


def unneeded_flags(*uses: IconUse) -> dict[str, set[str]]:
    """The icons of each card (quoted) read only into flags no step tested."""
    return {quoted(name): icons for name, icons in unneeded(*uses).items()}


def flags_read(catalog: Catalog) -> dict[str, frozenset[str] | None]:
    """How the judging read the icons the situation gives each card (quoted) of none known."""
    return {quoted(name): read for name, read in given_reads(catalog).items()}


def _catalog(ctx: Context) -> Catalog:
    """The cards of the situation: a re-ask's made from those of the situation it asks again.

    A line stated after the last (a card's icons) names a card the situation names already:
    its catalog is the situation's, with what the line states (:meth:`Catalog.stated_after`).
    """
    family = ctx.memo.get(ASKED_FROM)
    reads = family.get(MEMO_KEY) if family is not None else None
    if isinstance(reads, Readings) and reads.catalog is not None:
        made = reads.catalog.stated_after(ctx.situation, reads.situation)
        if made is not None:
            return made
    return Catalog(ctx.situation)


#: Whether a full answer notes the cards it took to have no icons as a light one does, rather
#: than leave them to be found in its graph (a test turns it off to compare).
NOTED_ICONLESS = True


#: The questions that ask about a player's optional choice itself, of the card they name: not
#: asked again with its choice made (another card's choice may still decide them).
ABOUT_THE_CHOICE = frozenset({"can_use_text", "text_optional"})

#: The two yes/no verdicts, made once (immutable): every yes/no answer gives one.
_YES, _NO = YesNo(True), YesNo(False)


class View:
    """The state before a question, with helpers for the answer's derivation graph."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        catalog = ctx.memo.get("bluemoon.catalog")
        if catalog is None:
            catalog = ctx.memo["bluemoon.catalog"] = _catalog(ctx)
        self.catalog: Catalog = catalog
        self.timeline = read_shared(ctx, catalog)
        self.state: State = self.timeline.state
        #: Cards whose icons the sources never give, read while judging (not while reading).
        self.unknown_icons_read = note_unknown_icons()
        #: What the judging's reads of unknown icons were for (one record per question).
        self.icon_use = judging_use(ctx)

    @once
    def forces(self) -> Forces:
        """Ignore statuses and effects in force at the question."""
        return Forces(self.state)

    @property
    def who(self) -> str:
        """The player the question is about (``I`` unless it says ``you``)."""
        return self.ctx.question.who or ME

    # ------------------------------------------------------------------ cards
    def card(self, ref: CardRef | None = None, who: str | None = None) -> Instance:
        """The card a question names.

        Its copy in the state (the player's first), or a copy in the player's hand when the
        situation has not placed it.
        """
        ref = ref or self.ctx.question.card
        found = self.state.find(ref.name, who) if who else None
        found = found or self.state.find(ref.name)
        if found is not None:
            return found
        return self.hypothetical(self.catalog.info(ref), who or self.who)

    def hypothetical(self, info: CardInfo, who: str, zone: Zone = Zone.HAND) -> Instance:
        """A card not in the state: one the player is supposed to hold."""
        return new_instance(-1, info, who, zone, seq=10**9)

    # ------------------------------------------------------------------ the graph
    def effect(self, source: Source) -> str:
        """The node of a card effect, quoted from its card (one node per effect)."""
        nodes: dict[Source, str] = self.__dict__.setdefault("_effect_nodes", {})
        if source not in nodes:
            span = source.effect.span
            nodes[source] = self.ctx.derivation().effect(
                source.card.name,
                source.quote,
                source.card.info.card,
                (span.start, span.end),
                rule_kind=str(source.kind),
                whose=source.card.owner,
                card_type=source.card.info.kind,
            )
        return nodes[source]

    def clause(self, ref: str, verdict: str = "") -> str:
        """The node of a clause (by id or alias); a game rule brings its FAQ answer along.

        The rule's node cites the answer's (a ``cites`` edge): the answer is where the rule is
        written from.

        Not an FAQ answer that opens with the word opposite to the verdict ("Yes, you can"
        under a "no"): it rules on the other side of the game rule.
        """
        found = self.ctx.corpus.find_clause(ref)
        node = self.ctx.clause(ref) if found is None else self.ctx.cite(found)
        source = found.extra.get("source") if found is not None else None
        if found is not None and found.kind == "game-rule" and isinstance(source, str):
            faq = self.ctx.corpus.find_clause(source)
            if faq is None or not opens_against(verdict, faq.text):
                answer = self.ctx.clause(source, role="precedent")
                # the rule cites the answer it is written from (drawn, it stood alone)
                self.ctx.derivation().link(node, answer, "cites")
        return node

    def answer(self, verdict: Verdict, ruling: Ruling) -> Answer:
        """The answer a ruling gives, with its derivation graph.

        The graph holds the effects and clauses that support it, the alternatives that lost
        and what beat each, and the negative facts relied on. A sentence rulesq cannot read,
        on a card in play or one the question names, could change any verdict: then there is
        no answer.
        """
        self.refuse_unread()
        if self.ctx.light:
            choices = self._choices()
            light = self._verdict_only(verdict, ruling)
            light.flags_read = partial(flags_read, self.catalog)
            light.choices = choices
            # The cards it took to have no icons, for a way of a choice asked down its path
            # (its icons re-asked there: ``rulesq.engine.defaults``).
            light.phase_assumed = self.state.phase_defaulted and self.state.phase is None
            names = self._icons_read_names()
            light.iconless = tuple(
                (quoted(name), None if icons is None else tuple(sorted(icons)))
                for name, (_, icons) in zip(names, self._asked(names), strict=True)
            )
            reads = self.timeline.phase_reads
            if reads is not None:
                light.phase_alike = reads.alike
            return light
        graph = self.ctx.derivation()
        support: list[str] = []
        for source in ruling.sources:
            support.append(self.effect(source))
        for ref in ruling.rules:
            support.append(self.clause(ref, verdict.show()))
        alternatives = []
        for shown, by in ruling.beaten:
            node = graph.alternative(shown)
            alternatives.append(node)
            by_node = self.effect(by) if isinstance(by, Source) else self.clause(by, verdict.show())
            graph.link(by_node, node, BEATS)
        for source in ruling.against:
            for node in alternatives:
                graph.link(self.effect(source), node, SUPPORTS, note="argued for it")
        for text in ruling.negatives:
            graph.absence(text)
        choices = self._choices()  # (before the icons read are gathered: it reads some)
        read_names = self._icons_read_names()
        iconless = [self._no_icons(name) for name in read_names]  # assumed where they were read
        assumed = [
            *self.state.assumed,
            *ruling.assumptions,
            *self._unquoted(),
            *iconless,
            *(c.assumption for c in choices),
        ]
        if self.state.phase_defaulted and self.state.phase is None:
            whose = "my" if self.state.turn_owner == ME else "your"
            assumed.append(beginning_of_turn(whose))
        played = self.state.phase_played
        if played is not None and self.state.phase_play_read and self.state.phase is not None:
            assumed.append(played_phase(played, self.state.phase.title))
        asked = self._asked(read_names)
        read = {text: None if icons is None else sorted(icons) for text, icons in asked}
        noted = tuple(
            (quoted(name), None if icons is None else tuple(sorted(icons)))
            for name, (_, icons) in zip(read_names, asked, strict=True)
        )
        for text in dict.fromkeys(assumed):
            if text in read:
                graph.absence(text, assumed=True, icons_read=read[text])
            else:
                graph.absence(text, assumed=True)
        answer = self.ctx.conclude(
            verdict,
            ruling.reason,
            decided_by=ruling.step,
            supported_by=tuple(dict.fromkeys(support)),
            facts=self.ctx.facts,
        )
        graph.later(precedents_later(self.ctx, answer))
        answer.unneeded_flags = partial(unneeded_flags, self.icon_use, self.timeline.icon_use)
        answer.flags_read = partial(flags_read, self.catalog)
        answer.choices = choices
        answer.iconless = noted if NOTED_ICONLESS else None  # (as its graph holds them)
        return answer

    def _verdict_only(self, verdict: Verdict, ruling: Ruling) -> Answer:
        """The answer :meth:`answer` gives, without its graph (a default's re-ask).

        What could make it *cannot answer* is still checked: each clause the ruling cites (a
        game rule's FAQ answer too) must be in the corpus, as :meth:`clause` finds it.
        """
        shown = verdict.show()
        refs = [*ruling.rules, *(by for _, by in ruling.beaten if not isinstance(by, Source))]
        for ref in refs:
            self._cited(ref, shown)
        return self.ctx.conclude(verdict, ruling.reason, decided_by=ruling.step)

    def _cited(self, ref: str, verdict: str) -> None:
        """Raise as :meth:`clause` does when ``ref`` (or the FAQ answer it brings) is missing."""
        corpus = self.ctx.corpus
        found = corpus.find_clause(ref)
        if found is None:
            self.ctx.clause(ref)  # raises: the corpus has no such clause
            return
        source = found.extra.get("source")
        if found.kind == "game-rule" and isinstance(source, str):
            faq = corpus.find_clause(source)
            if faq is None:
                self.ctx.clause(source, role="precedent")  # raises

    def refuse_unread(self) -> None:
        """Cannot answer while a card that could act has a sentence rulesq does not read."""
        unread = list(self.forces.unparsed())
        for ref in self.ctx.question.cards:
            unread += [s for s in effects_of(self.card(ref)) if isinstance(s.effect, Unparsed)]
        if unread:
            first = unread[0]
            raise CannotAnswer(
                f'rulesq does not understand this sentence of "{first.card.name}"'
                f", which may bear on the answer: {first.quote}"
            )

    def _asked(self, names: list[str]) -> list[tuple[str, set[str] | None]]:
        """Each card of ``names`` (of unknown icons, read), with the icons asked of it.

        The icons the replay asked of a card count too (a STOP icon read when it was played):
        another icon than those could not have changed a step of either.
        """
        judged, replay = self.unknown_icons_read, self.timeline.icons_read
        return [
            (
                self._no_icons(name),
                merge_icons_read(judged.get(name), replay.get(name), name in replay)
                if name in judged
                else replay[name],
            )
            for name in names
        ]

    def _no_icons(self, name: str) -> str:
        """The assumption that the card ``name`` (its icons read) has no icon but those given."""
        info = self.catalog.named(name)
        given = frozenset[str]().union(info.given_icons) if info is not None else frozenset()
        return no_icons(name, tuple(sorted(given)))  # (read unnoted)

    def _icons_read_names(self) -> list[str]:
        """The cards of unknown icons read: the judging's first, then the replay's only.

        A card whose icons only the replay of earlier facts read (the STOP icon of a card
        played before) rests the verdict on them as much as one the judging read.
        """
        judged = sorted(self.unknown_icons_read)
        return [*judged, *sorted(set(self.timeline.icons_read) - set(judged))]

    def _choices(self) -> tuple[Choice, ...]:
        """The optional discards played this turn whose use is unstated, each way to try.

        Taken as not used (the replay applies no discard it does not see); the engine asks
        the question again with each use stated right after the play. A question about the
        choice itself (may the text be used, may it discard a card) is not asked so.
        """
        kind = self.ctx.question.kind
        names = [ref.name for ref in self.ctx.question.cards]
        areas = area_choices(self.state, self.ctx.situation)
        if kind in ABOUT_THE_CHOICE and not names:
            return areas
        out = []
        line = self.ctx.question.span.line
        for pending in [*pending_choices(self.forces, line), *icon_choices(self.forces, line)]:
            if kind in ABOUT_THE_CHOICE and pending.source.card.name in names:
                continue  # may its own text be used: asked as it stands
            if pending.is_about(kind, names):
                continue
            if pending.use_stated:
                raise CannotAnswer(
                    f"{pending.what}, and its use is stated, but not which cards it took "
                    f"({pending.hint.split(', or')[0]})"
                )
            out.append(
                Choice(
                    assumption=(
                        f"{pending.what} and no use of it is stated: it is taken not to be "
                        "used (asked again with each use, the answer is the same)"
                    ),
                    reason=(
                        f"{pending.what}: {pending.chooser} may choose not to act, and the "
                        "situation "
                        "does not say whether he did, which decides the answer: {verdicts} "
                        f"({pending.hint})"
                        if pending.ways is not None
                        else f"{pending.what}: {pending.chooser} may choose not to act, and "
                        "the situation does not say whether he did; it has too many ways to "
                        f"try, so no answer may rest on it ({pending.hint})"
                    ),
                    taken="if it is not used",
                    branches=tuple(
                        (pending.where, line, label) for line, label in pending.ways or ()
                    ),
                    what=quoted(pending.source.card.name),
                    hint=pending.hint,
                )
            )
        return (*out, *areas)

    def _unquoted(self) -> list[str]:
        """The assumption made for cards whose text the sources never quote."""
        names = {
            c.name
            for c in self.state.cards
            if c.info.text is None and c.in_play and not c.face_down
        }
        names |= {
            ref.name for ref in self.ctx.question.cards if self.catalog.info(ref).text is None
        }
        return [
            f'the sources quote no special power text for "{name}": it is taken to have none'
            for name in sorted(names)
        ]

    def yes_no(self, ruling: Ruling) -> Answer:
        """A yes/no answer from a ruling (a *conflict* when card texts of one rank disagree)."""
        if ruling.conflict:
            self.refuse_unread()
            sides = tuple(self.effect(source) for source in ruling.conflict)
            return self.ctx.conflict(ruling.reason, sides)
        allowed = ruling.allowed
        return self.answer(
            _YES if allowed is True else _NO if allowed is False else YesNo(allowed), ruling
        )
