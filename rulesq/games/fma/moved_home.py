"""Whether a character is defeated: as the situation says, or by a text on moving home.

A text such as "Characters moved home during the search phase are defeated" defeats only
characters moved home in that phase; characters moving home in another phase (all move home
in the cleanup phase) are not defeated by it (a card ruling).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import out_of_play, unknown_texts
from rulesq.games.fma.battle_answers import in_battle
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.memory import NO_MEMORY
from rulesq.games.fma.spared import in_play_at as _in_play_at
from rulesq.games.fma.spared import removed_after as _removed_after
from rulesq.games.fma.spared import spared_by
from rulesq.games.fma.state import match_subject, text_given

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

ONLY_IN_THAT_PHASE = "fma/cards/arid-desert/ruling"
#: The fact kinds that move a character home (one sent home from a battle is moved home too).
MOVES_HOME = ("moved_home", "sent_home")
#: The fact kinds that state a battle: the rulings place a battle in the search phase alone.
BATTLE = ("battle", "attackers", "defenders")
#: The fact kinds that play a card.
PLAYS = ("play", "plays_as_react", "declared", "character_plays", "used_ability")


def _moves(ctx: Context, name: str) -> list[tuple[str | None, Fact]]:
    """Each time the character is moved or sent home, and the phase then (None: not said).

    A battle stated after another phase than the search phase (the one the rulings place a
    battle in) leaves the phase unknown until one is stated again.
    """
    phase: str | None = None
    out: list[tuple[str | None, Fact]] = []
    for fact in ctx.facts:
        if fact.kind == "phase":
            phase = str(fact.param("phase")).lower()
        elif fact.kind == "step":
            step = str(fact.param("step_name"))
            phase = step.removesuffix(" phase") if step.endswith(" phase") else phase
        elif fact.kind in BATTLE and phase not in (None, "search"):
            phase = None  # a battle in a phase stated otherwise: which phase it is, not known
        elif fact.kind in MOVES_HOME and any(
            normalise_name(r.card.name if r.card else r.name) == name for r in fact.cards
        ):
            out.append((phase, fact))
    return out


def _played_defeats(ctx: Context, name: str) -> None:
    """*Cannot answer* when a card played may have defeated the character (not followed)."""
    for fact in ctx.facts:
        if fact.kind not in PLAYS:
            continue
        refs = {"character_plays": fact.cards[1:], "play": fact.cards}.get(fact.kind)
        for ref in refs if refs is not None else fact.cards[:1]:
            card = ref.card
            if card is None:
                continue
            effects, missing = effects_of(card)
            if missing is not None:
                raise CannotAnswer(
                    f'"{card.name}" was played (line {fact.span.line}) and {missing}: whether '
                    f'it defeated "{name}" is not known'
                )
            if any(isinstance(e, fx.Defeat) for e in fx.walk(tuple(effects))):
                raise CannotAnswer(
                    f'"{card.name}" was played (line {fact.span.line}) and its text defeats '
                    f'characters: rulesq does not follow whom, so whether "{name}" is defeated '
                    "is not known"
                )


def _standing_defeats(
    ctx: Context, name: str, before: int | None = None, after: int | None = None
) -> str | None:
    """Why a card in play or attached may have defeated ``name`` (a text not followed), or None.

    A text that defeats characters moved home in a phase is followed (``is_defeated``); any
    other that defeats (a trigger such as "After …, defeat target character") may have acted.
    Only the cards stated before line ``before``, or after line ``after``, are looked at.
    """
    inert = unknown_texts.inert(ctx.facts)
    for fact in (*ctx.facts_of("in_play"), *ctx.facts_of("attach")):
        line = fact.span.line
        if (before is not None and line >= before) or (after is not None and line <= after):
            continue
        for ref in fact.cards[:1] if fact.kind == "attach" else fact.cards:
            card = ref.card
            if card is None:
                continue  # a card the situation makes up: only the bonus it is given
            effects, missing = effects_of(card)
            if missing is not None and normalise_name(card.name) in inert:
                continue  # "X" has no effect: it defeats no one
            if missing is not None:
                return (
                    f'"{card.name}" is in play (line {fact.span.line}) and {missing}: whether '
                    f'its text defeats "{name}" is not known'
                )
            defeats = [e for e in fx.walk(tuple(effects)) if isinstance(e, fx.Defeat)]
            if defeats:
                gone = _removed_after(ctx, card.name, fact.span.line)
                where = (
                    f"was in play (line {fact.span.line}) until removed (line {gone}), "
                    "and may have acted before then:"
                    if gone is not None
                    else f"is in play (line {fact.span.line}) and"
                )
                return (
                    f'"{card.name}" {where} its text defeats characters '
                    f'("{defeats[0].render()}"): rulesq does not follow when or '
                    f'whom, so whether "{name}" is defeated is not known'
                )
    return None


def _away(ctx: Context, name: str, gone: bool) -> None:
    """*Cannot answer* for a card that left play or is out of play: is it defeated?

    Defeat is said of characters in play ("Defeated characters do not count as characters for
    any purpose except uniqueness and limits on team size"); the rulings never say whether a
    card that left play, or one out of play, is (still) defeated.
    """
    outside = out_of_play.still_out(ctx).get(normalise_name(name))
    if gone or outside is not None:
        where = "has left play" if outside is None else f"is out of play (line {outside.span.line})"
        raise CannotAnswer(
            f'"{name}" {where}, and the rulings never say whether such a card is defeated'
        )


def is_defeated(ctx: Context) -> Answer:
    """``is "X" defeated?``: a defeat the situation states, or a moved-home text that applies."""
    _, state = reader_for(ctx)
    ref = ctx.question.card
    who = state.find(ref.card.name if ref.card is not None else ref.name)
    if who is None:
        raise CannotAnswer(f'"{ref.name}" is not a character of this situation')
    _away(ctx, who.name, who.gone)
    stated = state.defeated_by(who.name)
    if stated is not None:
        return ctx.conclude(
            YesNo(True), f'"{who.name}" is defeated', supported_by=(ctx.fact(stated),)
        )
    inert = unknown_texts.inert(ctx.facts)  # "X" has no effect: it defeats no one
    for fact in ctx.facts_of("in_play"):
        for source_ref in fact.cards:
            source = source_ref.card
            if source is not None and normalise_name(source.name) in inert:
                continue
            if source is None or not text_given(source):
                raise CannotAnswer(
                    f'the sources give no text for "{source_ref.name}"'
                    + (unknown_texts.settle(source) if source is not None else "")
                )
            parsed = ctx.game.parse_card_text(source.text or "")
            assert isinstance(parsed, fx.FmaParsedText)
            why = parsed.not_understood(source.name)
            if why is not None:
                raise CannotAnswer(why)
            for effect in parsed.effects:
                if not isinstance(effect, fx.DefeatedWhenMoved):
                    continue
                fits = match_subject(
                    replace(effect.who, quantity=None), who, normalise_name(source.name)
                )
                if fits is None:
                    raise CannotAnswer(
                        f'rulesq cannot tell whether "{who.name}" is one of '
                        f'the "{effect.who.render()}"'
                    )
                if not fits:
                    continue
                gone = _removed_after(ctx, source.name, fact.span.line)
                moves = [  # only a move while the card is in play: its text acts then
                    (phase, move)
                    for phase, move in _moves(ctx, normalise_name(who.name))
                    if fact.span.line < move.span.line
                    and _in_play_at(ctx, source.name, move.span.line)
                ]
                if not moves:
                    if _moves(ctx, normalise_name(who.name)):
                        ctx.derivation().absence(
                            f'"{who.name}" was not moved home while "{source.name}" was in play '
                            f"(line {fact.span.line}"
                            + (f", removed line {gone})" if gone is not None else ")")
                        )
                    continue
                if any(phase is None for phase, _ in moves):
                    raise CannotAnswer(
                        f'the situation does not say in which phase "{who.name}" was moved home'
                    )
                hit = [m for m in moves if m[0] == effect.phase]
                phase, move = (hit or moves)[0]
                node = ctx.derivation().effect(source.name, effect.render(), source)
                support = (ctx.fact(fact), ctx.fact(move), node)
                if hit:
                    spared = spared_by(ctx, who, move.span.line)
                    if spared is not None:
                        raise CannotAnswer(spared)
                    return ctx.conclude(
                        YesNo(True),
                        f'"{who.name}" was moved home during '
                        f'the {phase} phase, and "{source.name}" defeats '
                        "such characters",
                        supported_by=support,
                    )
                return ctx.conclude(
                    YesNo(False),
                    f'"{who.name}" was moved home during the '
                    f"{phase} phase, not the {effect.phase} phase, so "
                    f'"{source.name}" does not defeat it',
                    supported_by=(*support, ctx.clause(ONLY_IN_THAT_PHASE, "rule")),
                )
    battle = state.battle
    end = battle.ended_line if any(who.name in n for n in battle.sides.values()) else None
    early = _standing_defeats(ctx, who.name, before=end)
    if early is not None:
        raise CannotAnswer(early)
    # a card stated after the battle ended cannot undo a defeat the battle made (Battles)
    late = _standing_defeats(ctx, who.name, after=end) if end is not None else None
    fought = in_battle(ctx, who.name, late)
    if fought is not None:
        return fought
    if late is not None:
        raise CannotAnswer(late)
    _played_defeats(ctx, who.name)
    undone = state.defeat_undone(who.name)
    if undone is not None:
        return ctx.conclude(
            YesNo(False),
            f'"{who.name}" was defeated (line {undone[0].span.line}) and returned to play '
            f'(line {undone[1].span.line}): cards sent to the discard pile have no "memory"',
            supported_by=(
                ctx.fact(undone[0]),
                ctx.fact(undone[1]),
                ctx.clause(NO_MEMORY, "rule"),
            ),
        )
    return ctx.conclude(YesNo(False), f'nothing in the situation defeats "{who.name}"')
