"""A leader out of play cannot recruit (nor his player play an ally) and keeps his attachments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import unknown_texts
from rulesq.games.fma.claims import Claim, Stance, rule_claim
from rulesq.games.fma.presence import GONE, OUT, Presence
from rulesq.games.fma.table import key, read_table

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

OUT_OF_PLAY = "fma/cards/sidetracked/ruling-2"


def still_out(ctx: Context) -> dict[str, Fact]:
    """The characters out of play at the question (leaders named by "my leader is out of play").

    Read through ``Presence.read``, the one reading of who is out of play: "my leader is out
    of play" names the leader of that statement's moment; a card returned to play since is back.
    """
    presence = Presence()
    out: dict[str, Fact] = {}
    for fact in ctx.facts:
        moves = presence.read(fact)
        if moves.status == OUT:
            out.update(dict.fromkeys(moves.away, fact))
        for name in moves.returned:
            out.pop(name, None)
    return out


def _asked_leader(ctx: Context) -> tuple[str, str]:
    """The key and name of the leader (or character) a question is about."""
    table = read_table(ctx.facts)
    if ctx.question.cards:
        ref = ctx.question.cards[0]
        name = ref.card.name if ref.card is not None else ref.name
        return normalise_name(name), name
    player = ctx.question.who or "me"
    leader = table.leader(player)
    if leader is None:
        raise CannotAnswer('the situation does not name the leader (write: my leader is "…")')
    return key(leader), leader.name


def can_recruit(ctx: Context) -> Answer:
    """``can my leader recruit?``: not while he is out of play."""
    leader_key, name = _asked_leader(ctx)
    fact = still_out(ctx).get(leader_key)  # not once he has returned to play
    if fact is None:
        raise CannotAnswer(
            f'rulesq does not model recruiting beyond a leader out of play, and "{name}" is in play'
        )
    return ctx.conclude(
        YesNo(False),
        f'"{name}" is out of play, and an out-of-play leader cannot recruit',
        supported_by=(ctx.fact(fact), ctx.clause(OUT_OF_PLAY, "rule")),
    )


def recruit_claim(ctx: Context, player: str) -> Claim | None:
    """The no to playing an ally while the player's leader is out of play (None: he is not).

    Playing an ally is recruiting it ("Join": a card that will not join "cannot be recruited",
    apart from being put into play by cards), and "An out-of-play leader cannot recruit".
    """
    table = read_table(ctx.facts)
    leader = table.leader_key(player)
    fact = still_out(ctx).get(leader) if leader is not None else None
    if fact is None:
        return None
    ctx.fact(fact)
    ctx.fact(table.leader_facts[player])
    whose = "your" if player == "me" else "his"
    found = table.leader(player)
    name = found.name if found is not None else leader
    return rule_claim(
        Stance.FORBID,
        f'{whose} leader "{name}" is out of play, and an out-of-play leader cannot recruit '
        "(playing an ally is recruiting it)",
        OUT_OF_PLAY,
    )


def keeps(ctx: Context) -> Answer:
    """``does "L" keep "A"?``: a leader out of play does not lose his attachments."""
    bearer_ref, attachment_ref = ctx.question.cards[0], ctx.question.cards[1]
    bearer = key(bearer_ref)
    attachment = key(attachment_ref)
    attached = [
        f
        for f in ctx.facts_of("attach")
        if key(f.cards[0]) == attachment and key(f.cards[1]) == bearer
    ]
    if not attached:
        raise CannotAnswer(
            f'the situation does not attach "{attachment_ref.name}" to "{bearer_ref.name}"'
        )
    since = attached[-1].span.line
    table = read_table(ctx.facts)
    fact = still_out(ctx).get(bearer)
    gone: Fact | None = None  # the attachment's own leaving play, since it was last attached
    left: Fact | None = None  # the bearer's (the ruling speaks of a leader out of play only)
    moved = Presence()  # who leaves play is ``Presence.read``'s
    for each in ctx.facts:
        moves = moved.read(each)
        if each.span.line <= since:
            continue
        if moves.status == GONE and attachment in moves.away:
            gone = gone or each
        elif moves.status == GONE and attachment in moves.unsure:  # whether it went too: unsaid
            left = left or each
        elif moves.status == GONE and attachment in moves.borne:  # it went with its bearer
            gone = gone or each
        elif each.kind == "attach" and key(each.cards[0]) == attachment:
            raise CannotAnswer(
                f'"{attachment_ref.name}" is attached again (line {each.span.line}) after it was '
                f'attached to "{bearer_ref.name}"'
            )
    if gone is not None and moved.where(attachment)[0] == GONE:
        return ctx.conclude(
            YesNo(False), f'"{attachment_ref.name}" was removed', supported_by=(ctx.fact(gone),)
        )
    if left is not None:
        raise CannotAnswer(
            f'"{bearer_ref.name}" left play (line {left.span.line}) after '
            f'"{attachment_ref.name}" was attached, and the rulings say only that a leader does '
            "not lose his attachments when he is out of play, not what becomes of them when he "
            "leaves play"
        )
    if gone is not None:
        raise CannotAnswer(
            f'"{attachment_ref.name}" left play (line {gone.span.line}) after it was attached '
            f'to "{bearer_ref.name}", and the rulings never say which character bears an '
            "attachment returned to play"
        )
    if fact is None or bearer not in {table.leader_key(p) for p in table.leaders}:
        raise CannotAnswer(
            f'rulesq answers this only for a leader out of play, and "{bearer_ref.name}" is not one'
        )
    # The ruling is a rule for every leader, not a card's words: a card in play whose text is
    # unknown or unread may still take attachments away, as the nos beside such a card are open.
    unread = unknown_texts.doubt(
        ctx.facts, f'whether "{bearer_ref.name}" keeps "{attachment_ref.name}"'
    )
    if unread is not None:
        raise CannotAnswer(unread)
    return ctx.conclude(
        YesNo(True),
        f'"{bearer_ref.name}" is a leader out of play, and a leader '
        "does not lose his attachments when he is out of play",
        supported_by=(ctx.fact(attached[-1]), ctx.fact(fact), ctx.clause(OUT_OF_PLAY, "rule")),
    )
