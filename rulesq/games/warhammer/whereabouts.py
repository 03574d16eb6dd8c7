"""Warhammer questions on where cards are: where "X" goes, who controls it, what it is.

And whether a card may be moved, sent questing or put into play (``moving``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number, Word, YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import moving as M
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.answers import _board, _card, _conclude, _concluded, damaged_since
from rulesq.games.warhammer.claims import decide
from rulesq.games.warhammer.vocab import Zone
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.engine.verdict import Verdict
    from rulesq.games.warhammer.board import Board, InPlay


def _placed(ctx: Context, board: Board, index: int = 0) -> InPlay:
    ref = ctx.question.cards[index]
    placed = board.only(ref.card.name if ref.card else ref.name)
    if placed is None and _played_on_chain(board, ref.name):
        raise CannotAnswer(
            f'"{ref.name}" is played and on the action chain: "When a card is played, it is '
            'considered to be neither out of play nor in play" until the chain resolves'
        )
    if placed is None:
        raise CannotAnswer(f'"{ref.name}" is not on the board: put it in play first')
    return placed


def _played_on_chain(board: Board, name: str) -> bool:
    """Whether a card played from the hand (or by an effect) waits on the chain."""
    from rulesq.games.warhammer.turn_plays import PLAYED_KINDS

    key = name.casefold()
    return any(lk.kind in PLAYED_KINDS and lk.name.casefold() == key for lk in board.chain)


def _place(ctx: Context) -> tuple[InPlay, P.Place] | Answer:
    board = _board(ctx)
    placed = _placed(ctx, board)
    found = P.place(board, placed)
    if found.gaps:
        return ctx.cannot("; ".join(found.gaps), gaps=tuple((g, g) for g in found.gaps))
    if found.zone is not None and "unit" in found.kinds and (why := damaged_since(board, placed)):
        return ctx.cannot(why, gaps=((why, why),))
    hits = [a for a in board.assigned if a.card is placed]
    if found.zone is not None and hits and not any(a.combat for a in hits):
        from rulesq.games.warhammer import damage as D

        gone, value = D.destroyed(board, placed)
        if gone is None:
            gaps = value.gaps or ["whether the damage assigned destroys it is not known"]
            return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
        replaced = D.pile_replacements(board)
        if gone and replaced:
            why = (
                f'"{placed.name}" is destroyed, and "{replaced[0].card}" replaces where a unit '
                f'leaving play goes ("{replaced[0].quote}"): where it goes is not followed'
            )
            return ctx.cannot(why, gaps=((why, why),))
        if gone:
            found.zone, found.side = None, placed.owner
            found.steps += [
                *value.steps,
                "damage outside combat is applied as soon as it is assigned: it leaves play "
                "destroyed, for its owner's discard pile",
            ]
            found.cite(*value.rules)
        elif any(a.link is not None for a in hits):
            found.steps += [*value.steps, "its damage does not reach its hit points: it stays"]
            found.cite(*value.rules)
    return placed, found


def _answer(ctx: Context, verdict: Verdict, found: P.Place, last: str, *rules: str) -> Answer:
    reason = "; ".join([*found.steps, last])
    return _conclude(ctx, verdict, reason, [*found.rules, *rules], found.texts)


def _who(player: str) -> str:
    return "I" if player == ME else "you"


def where(ctx: Context) -> Answer:
    """Answer ``where is "X"?``: the zone it is in, or ``discard`` once out of play."""
    read = _place(ctx)
    if not isinstance(read, tuple):
        return read
    placed, found = read
    if found.zone is None and found.pile_unknown:
        raise CannotAnswer(found.pile_unknown)
    if found.zone is None:
        return _answer(ctx, Word("discard"), found, "it is in its owner's discard pile")
    whose = "my" if found.side == ME else "your"
    return _answer(
        ctx, Word(found.zone.value), found, f"it is in {whose} {found.zone.value} zone", P.MOVING
    )


def controller(ctx: Context) -> Answer:
    """Answer ``who controls "X"?``."""
    read = _place(ctx)
    if not isinstance(read, tuple):
        return read
    placed, found = read
    if found.zone is None:
        raise CannotAnswer(f'"{placed.name}" is out of play: only a card in play is controlled')
    last = f"{_who(found.controller)} control it"
    if not found.steps:
        last += ": it is where the situation puts it"
    return _answer(ctx, Word(found.controller), found, last, P.ATTACHMENTS)


def is_kind(ctx: Context) -> Answer:
    """Answer ``is "X" a unit / development / support card?``."""
    read = _place(ctx)
    if not isinstance(read, tuple):
        return read
    placed, found = read
    kind = str(ctx.question.param("kind")).lower()
    if found.zone is None:
        raise CannotAnswer(f'"{placed.name}" is out of play')
    what = " and ".join(sorted(found.kinds)) or "of no known type"
    verdict = kind in found.kinds
    if kind == "support" and not verdict and "quest" not in found.kinds:
        for source, quoted in P.quests_also_support(_board(ctx), found):
            found.quote(quoted)
            found.steps.append(
                f'"{source.name}" treats quests in play as support cards too, and '
                f'"{placed.name}" is no quest'
            )
            found.cite(P.QA_ALSO_SUPPORT)
    return _answer(ctx, YesNo(verdict), found, f'"{placed.name}" is {what}')


def questing(ctx: Context) -> Answer:
    """Answer ``is "X" questing?``."""
    read = _place(ctx)
    if not isinstance(read, tuple):
        return read
    placed, found = read
    if found.questing is None:
        if placed.questing_on is None:
            ctx.derivation().absence(f'the situation does not send "{placed.name}" questing')
        return _answer(ctx, YesNo(False), found, "it is not questing", P.MOVING)
    return _answer(ctx, YesNo(True), found, f'it is questing on "{found.questing.name}"')


def in_play(ctx: Context) -> Answer:
    """Answer ``is "X" in play?``."""
    board = _board(ctx)
    ref = ctx.question.cards[0]
    if board.only(ref.card.name if ref.card else ref.name) is None and _played_on_chain(
        board, ref.name
    ):
        return _conclude(
            ctx,
            YesNo(False),
            f'"{ref.name}" is played and on the action chain: a card played is neither in play '
            "nor out of play until the chain resolves",
            [P.ENTERING],
        )
    read = _place(ctx)
    if not isinstance(read, tuple):
        return read
    _placed_card, found = read
    if found.zone is None:
        return _answer(ctx, YesNo(False), found, "it is out of play", P.OUT_OF_PLAY)
    return _answer(ctx, YesNo(True), found, f"it is in play, in the {found.zone.value} zone")


def tokens(ctx: Context) -> Answer:
    """Answer ``how many resource tokens are on "X"?``: kept when its text box is blanked."""
    board = _board(ctx)
    placed = _placed(ctx, board)
    found = P.place(board, placed)
    if found.gaps:
        return ctx.cannot("; ".join(found.gaps), gaps=tuple((g, g) for g in found.gaps))
    if found.zone is None:
        raise CannotAnswer(f'"{placed.name}" is out of play: a new card, with no tokens')
    if "quest" in found.kinds and found.tokens != 0 and not P.quested_on(board, placed):
        return _answer(
            ctx,
            Number(0),
            found,
            f'no unit is questing on "{placed.name}": resource tokens on a quest with no unit '
            "questing on it are removed at once",
            P.QUESTS,
        )
    if found.tokens is None or P.tokens_changed(board, placed):
        raise CannotAnswer(P.tokens_gap(placed, board))
    blank = P.blanked(board, placed)
    last = f"{found.tokens} resource tokens are on it"
    rules: list[str] = []
    if blank is not None and "development" not in found.kinds:
        found.quote(blank)
        last += "; a unit whose text box is blanked keeps its resource tokens"
        rules.append(P.QA_BLANK_KEEPS_TOKENS)
    return _answer(ctx, Number(found.tokens), found, last, *rules)


def in_zone(ctx: Context) -> Answer:
    """Answer ``is "X" in my battlefield?``."""
    read = _place(ctx)
    if not isinstance(read, tuple):
        return read
    _placed_card, found = read
    side, zone = ctx.question.who or ME, Zone(ctx.question.param("zone"))
    verdict = (found.side, found.zone) == (side, zone)
    here = f"the {found.zone.value} zone" if found.zone else "the discard pile"
    return _answer(ctx, YesNo(verdict), found, f"it is in {here}", P.MOVING)


def _ruled(ctx: Context, read: M.Claims) -> Answer:
    if read.gaps:
        return ctx.cannot("; ".join(read.gaps), gaps=tuple((g, g) for g in read.gaps))
    ruling = decide(read.claims)
    if ruling.allowed is None:
        raise CannotAnswer(ruling.reason)
    if not read.assumed and not read.rules:
        return _concluded(ctx, ruling, "; ".join([*read.steps, ruling.reason]))
    return _conclude(
        ctx,
        YesNo(bool(ruling.allowed)),
        "; ".join([*read.steps, ruling.reason]),
        [*ruling.rules, *read.rules],
        list(ruling.texts),
        decided_by=ruling.step,
        assumed=read.assumed,
        beaten=[(b.label or b.reason, b.rules) for b in ruling.beaten],
    )


def can_move(ctx: Context) -> Answer:
    """Answer ``can I move "X" to your quest zone (with "Y")?``."""
    board = _board(ctx)
    target = _placed(ctx, board)
    players = ctx.question.param("players", (ctx.question.who or ME,))
    mover, side = players[0], players[-1]
    zone = ctx.question.param("zone")
    effect = ctx.question.cards[1].card if len(ctx.question.cards) > 1 else None
    if len(ctx.question.cards) > 1 and effect is None:
        raise CannotAnswer(f'"{ctx.question.cards[1].name}" is not a card rulesq knows')
    read = M.can_move(board, mover, target, side, Zone(zone) if zone else None, effect)
    return _ruled(ctx, read)


def can_quest(ctx: Context) -> Answer:
    """Answer ``can I send "X" questing on "Q"?``."""
    board = _board(ctx)
    unit, quest = _placed(ctx, board), _placed(ctx, board, 1)
    return _ruled(ctx, M.can_quest(board, ctx.question.who or ME, unit, quest))


def can_put(ctx: Context) -> Answer:
    """Answer ``can I put "X" into play with "Y"?``: not a card already in play (Q&A 20)."""
    from rulesq.games.warhammer.places import in_play as still_in_play

    board = _board(ctx)
    card = _card(ctx)
    effect = ctx.question.cards[1].card if len(ctx.question.cards) > 1 else None
    placed = board.find(card.name)
    if placed is not None and not still_in_play(board, placed):
        placed = None  # stated in play, gone since (destroyed, sacrificed): out of play now
    return _ruled(ctx, M.can_put_into_play(placed, card.name, effect))


def can_defend(ctx: Context) -> Answer:
    """Answer ``can "X" defend?``: against the attack stated (rulesq/games/warhammer/defence.py)."""
    from rulesq.games.warhammer.defence import can_defend as defends

    board = _board(ctx)
    return _concluded(ctx, defends(board, _placed(ctx, board), ctx.question.who))


def can_attack(ctx: Context) -> Answer:
    """Answer ``can I attack your kingdom with "A"?``: each restriction decided apart (Q&A 35)."""
    from rulesq.games.warhammer import attacks as A

    board = _board(ctx)
    players = ctx.question.param("players", (ctx.question.who or ME, ME))
    if players[0] == players[-1]:
        raise CannotAnswer("a player attacks his opponent's capital, not his own")
    units = [_placed(ctx, board, n) for n in range(len(ctx.question.cards))]
    read = A.can_attack(board, players[0], units)
    zone = ctx.question.param("zone")
    if zone is not None:
        A.closed(board, players[-1], Zone(zone), read)
    if read.gaps:
        return ctx.cannot("; ".join(read.gaps), gaps=tuple((g, g) for g in read.gaps))
    ruling = A.decide_topics(read)
    if ruling.allowed is None:
        raise CannotAnswer(ruling.reason)
    return _concluded(ctx, ruling)
