"""Start-of-turn and start-of-game effects: performed one at a time, in the Play-or-Pass order.

Several start-of-turn (or start-of-game) effects are performed one at a time; when several
players have such effects to use, the Play-or-Pass system sets the order (the rulings, Start of
turn and Setup): after a player acts or passes, the player to his left takes the next action or
passes (as the created search phase's ruling shows it for the main phase, cited as its
precedent). Start-of-game effects come after the leader comes into play and before any other
starting card (allies). Who starts the Play-or-Pass is not in the sources: *cannot answer*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Word, YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import citations, created_phase, presence, still_in_play, unknown_texts
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.table import key, read_table

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef, Fact

RULES = {fx.TURN: "fma/rulings/start-of-turn/1", fx.GAME: "fma/rulings/setup/1"}
#: The step of each moment, as a situation states it (``it is the setup``).
STEPS = {fx.TURN: "start of the turn", fx.GAME: "setup"}
WORDS = {fx.TURN: "start-of-turn", fx.GAME: "start-of-game"}
#: The headings of the rulings that order them.
HEADINGS = {fx.TURN: "Start of turn", fx.GAME: "Setup"}
OTHER = {"me": "you", "you": "me"}
PLAYER = {"me": "I", "you": "you"}


def moment(card: Card) -> tuple[fx.Trigger | None, str | None, str | None]:
    """A card's start-of-turn or start-of-game trigger, its moment, and why its text is short."""
    effects, missing = effects_of(card)
    for effect in effects:
        if isinstance(effect, fx.Trigger) and isinstance(effect.event, fx.StepStart):
            if effect.event.step in RULES:
                return effect, effect.event.step, missing
    return None, None, missing


def _moment_of(ref: CardRef) -> tuple[Card, fx.Trigger, str]:
    card = ref.card
    if card is None:
        raise CannotAnswer(f'the sources give no card "{ref.name}"')
    trigger, kind, missing = moment(card)
    if trigger is None or kind is None:
        raise CannotAnswer(
            missing or f'"{card.name}" has no start-of-turn or start-of-game effect rulesq reads'
        )
    return card, trigger, kind


def holders(facts: list[Fact], kind: str) -> set[str]:
    """The players with an effect of that moment: in play under them, or performed by them."""
    found = {
        who
        for card, who, _ in still_in_play.in_play(facts)
        if who is not None and moment(card)[1] == kind
    }
    return found | {f.who for f in facts if f.kind == "performs" and f.who is not None}


def _acts(facts: list[Fact], since: int) -> list[Fact]:
    return [f for f in facts if f.kind in ("performs", "passes") and f.span.line > since]


def _rules(ctx: Context, kind: str) -> tuple[str, str]:
    return ctx.clause(RULES[kind], "rule"), ctx.clause(created_phase.CREATED, "precedent")


def can_perform(ctx: Context) -> Answer:
    """``can I perform "X"?``: at its moment, in its place in setup, when the order reaches me."""
    card, trigger, kind = _moment_of(ctx.question.card)
    player = ctx.question.who or "me"
    node = ctx.derivation().effect(card.name, trigger.render(), card)
    table = read_table(ctx.facts)
    if table.step is None:
        raise CannotAnswer(f"say which step it is (write: it is the {STEPS[kind]})")
    step, step_fact = table.step
    if step != STEPS[kind]:
        return ctx.conclude(
            YesNo(False),
            f'"{card.name}" acts {trigger.event.render()}, and it is the {step}',
            supported_by=(node, ctx.fact(step_fact)),
        )
    event = trigger.event
    assert isinstance(event, fx.StepStart)
    whose = event.whose.owner if event.whose is not None else None
    if whose in ("your", "his") and table.turn is None:
        raise CannotAnswer(
            f'"{card.name}" acts {event.render()}, and the situation does not say whose turn it '
            "is (write: it is my turn)"
        )
    if whose in ("your", "his") and table.turn is not None and table.turn[0] != player:
        return ctx.conclude(
            YesNo(False),
            f'"{card.name}" acts {event.render()}, and it is not {PLAYER[player]} whose turn it is',
            supported_by=(node, ctx.fact(table.turn[1])),
        )
    if kind == fx.GAME:
        blocked = _setup_order(ctx, player, node)
        if blocked is not None:
            return blocked
    placed = _placed(ctx, card, player, node)
    if placed is not None:
        return placed
    answer = _order(ctx, kind, player, node, step_fact)
    if isinstance(answer.verdict, YesNo) and answer.verdict.value:
        _not_again(ctx, card, step_fact)
    return answer


def _where_said(where: str) -> str:
    """How a character's leaving play reads (``Presence.read``'s statuses)."""
    said = {presence.GONE: "has left play", presence.OUT: "is out of play"}
    said[presence.DEFEATED] = "is defeated"
    return said.get(where, "is no longer in play")  # a leader a later leader line replaced


def _placed(ctx: Context, card: Card, player: str, node: str) -> Answer | None:
    """The no or *cannot answer* of a card not in play under the player (None: it is in play).

    A card acts from play: one stated in play and gone, defeated or out of play since has no
    effect to perform (a no); one the situation never puts in play, or puts there without
    saying whose it is, is not known.
    """
    name = normalise_name(card.name)
    held = [
        (who, fact)
        for c, who, fact in still_in_play.in_play(ctx.facts)
        if normalise_name(c.name) == name
    ]
    if not held:
        stated = [f for f in ctx.facts if any(key(r) == name for r in f.cards)]
        if any(f.kind in ("in_play", "leader", "character") for f in stated):
            where, why = presence.where_at(ctx.facts, name)  # the one reading of who is in play
            if where == presence.DEFEATED and why is not None:
                return ctx.conclude(
                    YesNo(False),
                    f'"{card.name}" is defeated (line {why.span.line}), and defeated characters '
                    "have no abilities: its effect has nothing to act from",
                    supported_by=(node, ctx.fact(why), ctx.clause(citations.DEFEATED, "rule")),
                )
            return ctx.conclude(
                YesNo(False),
                f'"{card.name}" {_where_said(where)}: its effect has nothing to act from',
                supported_by=(node, ctx.fact(why or stated[-1])),
            )
        if any(f.kind == "attach" and key(f.cards[0]) == name for f in stated):
            for unsure in still_in_play.in_doubt(ctx.facts):  # ``Presence.unsure``
                if normalise_name(unsure.card.name) == name:
                    raise CannotAnswer(unsure.reason("whether it has an effect to perform"))
            where, why = presence.where_at(ctx.facts, name)
            if why is not None and any(key(r) == name for r in why.cards):
                return ctx.conclude(  # it left play itself: it acts no more
                    YesNo(False),
                    f'"{card.name}" has left play: its effect has nothing to act from',
                    supported_by=(node, ctx.fact(why)),
                )
            if why is not None and where == presence.DEFEATED:  # its passive text stops
                return ctx.conclude(
                    YesNo(False),
                    f'"{card.name}" is attached to a character who is defeated (line '
                    f"{why.span.line}): passive abilities on attachments do not function if "
                    "the character bearing the attachment is defeated",
                    supported_by=(
                        node,
                        ctx.fact(why),
                        ctx.clause(citations.PASSIVE_PLACES, "rule"),
                    ),
                )
            if why is not None:  # it went with its bearer (``Presence.read``): it acts no more
                return ctx.conclude(
                    YesNo(False),
                    f'"{card.name}" {_where_said(where)} with the character bearing it: its '
                    "effect has nothing to act from",
                    supported_by=(node, ctx.fact(why)),
                )
        raise CannotAnswer(
            f'the situation does not put "{card.name}" in play (write: my "{card.name}" is in play)'
        )
    whose = {who for who, _ in held}
    if None in whose:
        raise CannotAnswer(
            f'the situation does not say whose "{card.name}" is (write: my "{card.name}" is '
            "in play)"
        )
    if player not in whose:  # the rulings speak of the effects each player has to use
        kind = moment(card)[1]
        rules = (ctx.clause(RULES[kind], "rule"),) if kind in RULES else ()
        return ctx.conclude(
            YesNo(False),
            f'"{card.name}" is not {"mine" if player == "me" else "yours"}: its player performs '
            "its effect",
            supported_by=(node, ctx.fact(held[-1][1]), *rules),
        )
    return None


def _not_again(ctx: Context, card: Card, step_fact: Fact) -> None:
    """*Cannot answer* a yes to performing an effect already performed at this moment."""
    name = normalise_name(card.name)
    done = [
        f
        for f in ctx.facts
        if f.kind == "performs" and f.span.line > step_fact.span.line and key(f.cards[0]) == name
    ]
    if done:
        raise CannotAnswer(
            f'"{card.name}" was performed already (line {done[-1].span.line}), and the rulings '
            "say such effects are performed one at a time, never whether one is performed twice"
        )


def _setup_order(ctx: Context, player: str, node: str) -> Answer | None:
    """The no of setup's order: the leader first, the starting allies after (None: in between)."""
    rule = ctx.clause(RULES[fx.GAME], "rule")
    table = read_table(ctx.facts)
    if table.leader(player) is None:  # a leader line, or a leader card of his stated in play
        return ctx.conclude(
            YesNo(False),
            "start-of-game effects are performed after the leader comes into play, and the "
            f"situation has not brought {'my' if player == 'me' else 'your'} leader into play",
            supported_by=(node, rule),
        )
    revealed = ctx.facts_of("allies_revealed")
    if revealed:
        return ctx.conclude(
            YesNo(False),
            "start-of-game effects are performed before any other starting cards (such as "
            "allies) come into play, and the starting allies have come into play",
            supported_by=(node, ctx.fact(revealed[-1]), rule),
        )
    return None


def _others_known(ctx: Context, player: str, word: str) -> None:
    """*Cannot answer* unless the other player's cards are known to hold no such effect.

    His leader is in play from the setup on (Setup: "after the leader comes into play"): while
    he is not named, or his text is not given, the other player may have an effect of that
    moment to use. Named, his cards in play are read as those stated, and the answer says so.
    """
    other = OTHER[player]
    poss = "your" if other == "you" else "my"
    leader = read_table(ctx.facts).leader(other)
    if leader is None:
        raise CannotAnswer(
            f"{poss} leader is not named, and a leader is in play from the setup on: whether "
            f"{PLAYER[other]} have {word} effects to use (and a place in the Play-or-Pass "
            f'order) is not known (write: {poss} leader is "…")'
        )
    if leader.card is None:
        raise CannotAnswer(
            f'the text of {poss} leader "{leader.name}" is not known: whether {PLAYER[other]} '
            f"have {word} effects to use (and a place in the Play-or-Pass order) is not known "
            f'(write his card: card "{leader.name}" leader: "…")'
        )
    theirs = "yours" if other == "you" else "mine"
    ctx.derivation().absence(
        f"the situation names every card of {theirs} in play: none has {word} effects to use",
        assumed=True,
    )


def _unread_others(facts: list[Fact], player: str, kind: str) -> None:
    """*Cannot answer* when another player's card in play has text rulesq does not read.

    So too for another player's attachment whose text may or may not act (its bearer left play
    or is out of play: ``Presence.unsure``) and that has an effect of that moment, or an unread
    text.
    """
    word = WORDS[kind]
    inert = unknown_texts.inert(facts)  # "X" has no effect: it gives none to use
    for unsure in still_in_play.in_doubt(facts):
        card = unsure.card
        if unsure.owner == player or normalise_name(card.name) in inert:
            continue
        if effects_of(card)[1] is not None or moment(card)[1] == kind:
            what = f"whether another player has {word} effects to use (and a Play-or-Pass turn)"
            raise CannotAnswer(unsure.reason(what))
    for card, who, _ in still_in_play.in_play(facts):
        missing = effects_of(card)[1]
        if who != player and missing is not None and normalise_name(card.name) not in inert:
            raise CannotAnswer(
                f'{missing}: whether "{card.name}" gives another player {word} effects to use '
                f"(and a place in the Play-or-Pass order) is not known{unknown_texts.settle(card)}"
            )


def _order(ctx: Context, kind: str, player: str, node: str, step_fact: Fact) -> Answer:
    """Whether it is the player's turn to perform one, in the Play-or-Pass order."""
    others = holders(ctx.facts, kind) - {player}
    acted = _acts(ctx.facts, step_fact.span.line)
    word = WORDS[kind]
    if not others:
        _unread_others(ctx.facts, player, kind)
        _others_known(ctx, player, word)
        return ctx.conclude(
            YesNo(True),
            f"no other player has {word} effects to use: {PLAYER[player]} perform them one at "
            "a time",
            supported_by=(node, ctx.clause(RULES[kind], "rule")),
        )
    if not acted:
        raise CannotAnswer(
            f"both players have {word} effects: the rulings ({HEADINGS[kind]}) "
            "order them by the Play-or-Pass system but never say who acts first in it, and "
            "whose turn it is does not settle it (the active player's first chance is the "
            "Reacts rule for an occurrence no player created; these effects are not reacts); "
            'write who does: you perform "X"'
        )
    last = acted[-1]
    done = "passed" if last.kind == "passes" else "performed one"
    mine = last.who == player
    return ctx.conclude(
        YesNo(not mine),
        f"both players have {word} effects, performed one at a time in the Play-or-Pass order: "
        f"{PLAYER[last.who or 'me']} {done}, so the player to the left takes the next action "
        f"or passes ({PLAYER[OTHER[last.who or 'me']]})",
        supported_by=(node, ctx.fact(last), *_rules(ctx, kind)),
    )


def perform_together(ctx: Context) -> Answer:
    """``can I perform "A" and "B" at the same time?``: no, one at a time, at the same moment."""
    first, second = ctx.question.cards[0], ctx.question.cards[1]
    card_a, trigger_a, kind_a = _moment_of(first)
    card_b, trigger_b, kind_b = _moment_of(second)
    if kind_a != kind_b:
        raise CannotAnswer(
            f'"{card_a.name}" acts {trigger_a.event.render()} and "{card_b.name}" '
            f"{trigger_b.event.render()}: not at the same moment"
        )
    nodes = (
        ctx.derivation().effect(card_a.name, trigger_a.render(), card_a),
        ctx.derivation().effect(card_b.name, trigger_b.render(), card_b),
    )
    return ctx.conclude(
        YesNo(False),
        f"several {WORDS[kind_a]} effects are performed one at a time",
        supported_by=(ctx.clause(RULES[kind_a], "rule"), *nodes),
    )


def _kind_of(facts: list[Fact], last: Fact) -> str | None:
    table = read_table(facts)
    if table.step is not None:
        for kind, step in STEPS.items():
            if table.step[0] == step:
                return kind
    if last.kind == "performs" and last.card.card is not None:
        return moment(last.card.card)[1]
    return None


def _who_starts(facts: list[Fact]) -> None:
    """*Cannot answer* who acts first at the setup or the start of the turn: no source says.

    The rulings order such effects by the Play-or-Pass system, and say who acts after a player
    acts or passes, never who takes the first action.
    """
    table = read_table(facts)
    for kind, step in STEPS.items():
        if table.step is not None and table.step[0] == step:
            raise CannotAnswer(
                f"at the {step}, the Play-or-Pass system orders the {WORDS[kind]} effects "
                f"({HEADINGS[kind]}), and the sources do not say which player takes its first "
                "action"
            )


def next_action(ctx: Context) -> Answer:
    """``who takes the next action?``: by Play-or-Pass, or after a created search phase."""
    ended = created_phase.last_end(ctx.facts)
    acts = _acts(ctx.facts, 0)
    if ended is not None and (not acts or acts[-1].span.line < ended.end.span.line):
        return created_phase.next_after(ctx, ended)
    if not acts:
        _who_starts(ctx.facts)
        raise CannotAnswer(
            "the situation states nothing to follow: a start-of-turn or start-of-game effect "
            'performed (I perform "X"), a pass (you pass), or a search phase a card created '
            "ending"
        )
    last = acts[-1]
    kind = _kind_of(ctx.facts, last)
    if kind is None or last.who is None:
        raise CannotAnswer(
            "say which step it is (write: it is the start of the turn, or it is the setup)"
        )
    if len(acts) > 1 and all(f.kind == "passes" for f in acts[-2:]) and acts[-2].who != last.who:
        raise CannotAnswer(
            "both players have passed in turn: the sources do not say what ends the Play-or-Pass"
        )
    support: tuple[Any, ...] = (ctx.fact(last),)
    others = holders(ctx.facts, kind) - {last.who}
    if others:
        return ctx.conclude(
            Word(OTHER[last.who]),
            f"several players have {WORDS[kind]} effects: in the Play-or-Pass order, after "
            f"{PLAYER[last.who]} {'passed' if last.kind == 'passes' else 'performed one'}, the "
            "player to the left takes the next action or passes; in a two-player game, the "
            "other player",
            supported_by=(*support, *_rules(ctx, kind)),
        )
    if last.kind == "passes":
        raise CannotAnswer(
            f"{PLAYER[last.who]} passed and no other player has {WORDS[kind]} effects: the "
            "sources do not say what follows"
        )
    _unread_others(ctx.facts, last.who, kind)
    _others_known(ctx, last.who, WORDS[kind])
    return ctx.conclude(
        Word(last.who),
        f"only {PLAYER[last.who]} {'have' if last.who == 'me' else 'has'} {WORDS[kind]} "
        "effects: they are performed one at a time, by that player",
        supported_by=(*support, ctx.clause(RULES[kind], "rule")),
    )
