"""Uniqueness: no character of a name you control comes to your side, by play or by control.

You can only take control of a character if you could legally play it from your hand for
purposes of uniqueness: not a non-mob character when you control a copy with the same name
(a card ruling), a defeated copy too (defeated characters still count for uniqueness). A ruling
may give two differently spelt cards one name. Playing such a character from your hand is the
measure the ruling takes, so it is barred the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import sides
from rulesq.games.fma.claims import UNIQUENESS, Claim, Stance, limit_claim
from rulesq.games.fma.out_of_play import still_out
from rulesq.games.fma.presence import BEARER_BACK, BEARER_LEFT, UNBORNE, Presence

if TYPE_CHECKING:
    from typing import Any

    from rulesq.corpus.models import Card
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.state import Character, State
    from rulesq.games.fma.table import Table
    from rulesq.situation.model import CardRef, Fact

UNIQUE_CONTROL = "fma/cards/persuasion/ruling"
#: A unique attachment is not moved to a side that has a copy of it in play (a card ruling).
UNIQUE_ATTACH = "fma/cards/sneak-thief/ruling"
#: Defeated characters count as characters for uniqueness (and team size) alone.
DEFEATED_COUNTS = "fma/rulings/defeated-characters/1"


def same_name(a: Character, b: Character) -> bool:
    """Whether two characters have the same name (a card's ``same_name_as`` counts)."""
    return names_match(a.name, a.card, b.name, b.card)


def names_match(name_a: str, card_a: Card | None, name_b: str, card_b: Card | None) -> bool:
    """Whether two names are one: spelt alike, or one card's ``same_name_as`` names the other."""
    if normalise_name(name_a) == normalise_name(name_b):
        return True
    for card, other in ((card_a, name_b), (card_b, name_a)):
        alias = card.fields.get("same_name_as") if card is not None else None
        if alias and normalise_name(str(alias)) == normalise_name(other):
            return True
    return False


def control_gate(
    ctx: Context,
    state: State,
    table: Table,
    effects: list[Any],
    target: Character,
    controller: str | None,
) -> Claim | None:
    """The rules' no to taking control of ``target`` while you control its name (None: none).

    A limitation on the ladder: the text that takes control does not lift it.
    """
    if not any(isinstance(e, fx.GainControl) for e in effects):
        return None
    mob = target.has_trait("mob")
    owner = target.owner or table.owners.get(normalise_name(target.name))
    if controller is None or owner == controller:
        return None
    attached = _unique_attachment(ctx, table, target, controller)
    if attached is not None:
        return attached
    for mine in state.characters.values():
        theirs = mine.owner or table.owners.get(normalise_name(mine.name))
        if mine is target or theirs != controller or mine.gone:
            continue
        if not same_name(mine, target):
            continue
        if normalise_name(mine.name) in still_out(ctx):
            raise CannotAnswer(_out_of_play(mine.name, target.name))
        # a defeated copy still counts: defeated characters count for uniqueness
        defeated = state.defeated_by(mine.name)
        if mob is None:
            raise CannotAnswer(
                f'you control "{mine.name}", which has the same name as '
                f'"{target.name}", and the situation does not say whether it is '
                "a mob character"
            )
        if mob:
            return None
        if mine.fact is not None:
            ctx.fact(mine.fact)
        if defeated is not None:
            ctx.fact(defeated)
        return limit_claim(
            Stance.FORBID,
            UNIQUENESS,
            f'you control "{mine.name}"'
            + (", defeated (defeated characters still count for uniqueness)," if defeated else "")
            + f' which has the same name as "{target.name}": you could not play '
            f'"{target.name}" from your hand for purposes of uniqueness, so you cannot take '
            "control of it",
            UNIQUE_CONTROL,
            *((DEFEATED_COUNTS,) if defeated is not None else ()),
        )
    return None


def play_gate(
    ctx: Context, state: State, table: Table, card: Card, player: str
) -> tuple[Claim | None, str | None]:
    """The rules' no to playing ``card`` while ``player`` controls a non-mob character of its name.

    Returns the claim (None: none), and why it is not known when a copy's mob status is not.
    """
    for mine in state.characters.values():
        theirs = mine.owner or table.owners.get(normalise_name(mine.name))
        if theirs != player or mine.gone:
            continue
        if not names_match(mine.name, mine.card, card.name, card):
            continue
        if normalise_name(mine.name) in still_out(ctx):
            return None, _out_of_play(mine.name, card.name)
        mob = mine.has_trait("mob")
        leader = table.leader(player)
        if mob is None and leader is not None and _ref_key(leader) == normalise_name(mine.name):
            mob = _mob_word(leader)  # the leader's line gives his words
        if mob is None and leader is not None and _ref_key(leader) == normalise_name(mine.name):
            same = (
                f', which has the same name as "{card.name}",'
                if normalise_name(mine.name) != normalise_name(card.name)
                else ","
            )
            return None, (
                f'the player\'s leader is "{leader.name}"{same} and the situation does not say '
                "whether he is a mob character (only copies of a mob character may be in play "
                f'together; give his keywords: my leader is "{leader.name}" (hero))'
            )
        if mob is None:
            return None, (
                f'the player controls "{mine.name}", which has the same name as "{card.name}", '
                "and the situation does not say whether it is a mob character"
            )
        if mob:
            continue
        defeated = state.defeated_by(mine.name)
        if mine.fact is not None:
            ctx.fact(mine.fact)
        if defeated is not None:
            ctx.fact(defeated)
        return limit_claim(
            Stance.FORBID,
            UNIQUENESS,
            f'the player controls "{mine.name}"'
            + (
                f' (the same name as "{card.name}")'
                if normalise_name(mine.name) != normalise_name(card.name)
                else ""
            )
            + (", defeated (defeated characters still count for uniqueness)" if defeated else "")
            + f', no mob character: he cannot play another "{card.name}" from his hand, for '
            "purposes of uniqueness",
            UNIQUE_CONTROL,
            *((DEFEATED_COUNTS,) if defeated is not None else ()),
        ), None
    return None, None


def _out_of_play(name: str, other: str) -> str:
    """Why a character out of play of another's name leaves uniqueness open."""
    same = (
        f', which has the same name as "{other}",'
        if normalise_name(name) != normalise_name(other)
        else ","
    )
    return (
        f'the player controls "{name}"{same} and he is out of play: the rulings do not say '
        "whether a character out of play counts for uniqueness"
    )


def no_copy(ctx: Context, state: State, table: Table, name: str, player: str) -> str | None:
    """A yes that rests on ``player`` controlling no copy of ``name`` beyond those stated.

    On a side read as the characters stated (``sides``), the answer shows it and None is
    returned; with none of his stated, why the yes is not sure.
    """
    whose = "yours" if player == "me" else "his"
    if sides.side_closed(state, table, player):
        sides.assume_named(ctx, f" of {whose}", f'none is a copy of "{name}" (uniqueness)')
        return None
    if sides.closed(sides.stated_count(state, table, player)):
        return (
            sides.unknown_reason(state, table, player)
            + f'; whether one is a copy of "{name}" is not known, and a player cannot have two '
            "copies of a non-mob character in play (uniqueness)"
        )
    return (
        f"no character of {whose} is stated: whether "
        f'{"you control" if player == "me" else "he controls"} a copy of "{name}" is not '
        "known, and a player cannot have two copies of a non-mob character in play (uniqueness)"
    )


def _is_unique(card: Card | None) -> bool:
    """Whether the card has the Unique designator (a field, or an icon of a card line)."""
    if card is None:
        return False
    icons = [str(i).casefold() for i in card.fields.get("icons") or ()]
    return bool(card.fields.get("unique")) or "unique" in icons


def _unique_attachment(
    ctx: Context, table: Table, target: Character, controller: str
) -> Claim | None:
    """The no to taking control of a character bearing a unique attachment you have a copy of."""
    target_key = normalise_name(target.name)
    for placed in _attached_copies(ctx).values():
        on_target = [f for f, _ in placed if _ref_key(f.cards[1]) == target_key]
        mine = [
            (f, gone) for f, gone in placed if table.owners.get(_ref_key(f.cards[1])) == controller
        ]
        if not on_target:
            continue
        back = _returned_copies(ctx).get(_ref_key(on_target[-1].cards[0]))
        if back is not None and not any(not gone for _, gone in mine):
            raise CannotAnswer(returned_copy(back, on_target[-1].cards[0].name))
        if not mine:
            continue
        if all(gone for _, gone in mine):
            raise CannotAnswer(bearer_gone(mine[-1][0]))  # whether the copy went with it: not said
        ctx.fact(on_target[-1])
        ctx.fact(mine[-1][0])
        shown = on_target[-1].cards[0].name
        return limit_claim(
            Stance.FORBID,
            UNIQUENESS,
            f'"{target.name}" bears "{shown}", which is unique, and you have a copy of it in '
            f'play: you cannot move "{target.name}" to your side of the table',
            UNIQUE_CONTROL,
        )
    return None


def _attached_copies(ctx: Context) -> dict[str, list[tuple[Fact, bool]]]:
    """The copies of each unique attachment attached and in play, by key, in order.

    Each with whether its bearer has left play since it was attached (whether the copy went
    with it is not said). The copies are ``Presence.read``'s, the one reading of who leaves
    play: a copy borne by a defeated character is one still; one returned to play unborne is
    ``_returned_copies``'s.
    """
    copies: dict[str, list[tuple[Fact, bool]]] = {}
    for copy in _presence(ctx).copies:
        why = copy.why[0] if copy.why is not None else None
        if why != UNBORNE and _is_unique(copy.fact.cards[0].card):
            copies.setdefault(copy.name, []).append((copy.fact, why in (BEARER_LEFT, BEARER_BACK)))
    return copies


def _returned_copies(ctx: Context) -> dict[str, Fact]:
    """The unique attachments returned to play and not attached since: each with its return.

    Back in play (``Presence.read``), a copy is borne by a character the situation does not
    name, on a side it does not say.
    """
    return {
        copy.name: copy.why[1]
        for copy in _presence(ctx).copies
        if copy.why is not None and copy.why[0] == UNBORNE and _is_unique(copy.fact.cards[0].card)
    }


def _presence(ctx: Context) -> Presence:
    """``Presence.read`` over every statement of the situation."""
    presence = Presence()
    for fact in ctx.facts:
        presence.read(fact)
    return presence


def returned_copy(fact: Fact, name: str) -> str:
    """Why a unique attachment returned to play may or may not be a copy on a player's side."""
    return (
        f'a copy of "{name}" returned to play (line {fact.span.line}), and the rulings never say '
        "which character an attachment returned to play bears, nor on whose side (write: "
        f'attach "{name}" to "…")'
    )


def _ref_key(ref: CardRef) -> str:
    """A card reference's key (the card's name when the sources give it)."""
    return normalise_name(ref.card.name if ref.card is not None else ref.name)


def start_copies(refs: list[CardRef], unknown: list[str]) -> list[Claim]:
    """The no to starting with two copies of one non-mob character (revealed at once).

    Whether a copy is a mob character comes from the words the line gives it (the card's
    icons for a card line); when neither says, the reason is added to ``unknown``.
    """
    seen: dict[str, CardRef] = {}
    for ref in refs:
        name = _ref_key(ref)
        first = seen.setdefault(name, ref)
        if first is ref:
            continue
        mob = _mob_word(ref)
        if mob is None:
            unknown.append(
                f'"{ref.name}" is named twice, and the situation does not say whether it is a '
                "mob character (only copies of a mob character may be in play together)"
            )
            continue
        if not mob:
            return [
                limit_claim(
                    Stance.FORBID,
                    UNIQUENESS,
                    f'"{ref.name}" is named twice and is no mob character: the player could not '
                    "play the second copy from his hand while he controls the first, for "
                    "purposes of uniqueness",
                    UNIQUE_CONTROL,
                )
            ]
    return []


def _mob_word(ref: CardRef) -> bool | None:
    """Whether the words the line (or a card line) gives the card say it is a mob (None: none)."""
    words = [str(w).casefold() for w in ref.flags]
    if ref.card is not None and ref.card.fields.get("inline"):
        words += [str(i).casefold() for i in ref.card.fields.get("icons") or ()]
    if not words:
        return None
    return "mob" in words


def attach_gate(ctx: Context, table: Table, attachment: CardRef, player: str) -> Claim | None:
    """The no to attaching a unique attachment while a copy of it is on the player's side."""
    if not _is_unique(attachment.card):
        return None
    name = _ref_key(attachment)
    copies = [
        (fact, gone)
        for fact, gone in _attached_copies(ctx).get(name, [])
        if table.owners.get(_ref_key(fact.cards[1])) == player
    ]
    # its bearer has left play: whether the copy went too is not said
    unsure = [fact for fact, gone in copies if gone]
    for fact, gone in copies:
        if gone:
            continue
        ctx.fact(fact)
        return limit_claim(
            Stance.FORBID,
            UNIQUENESS,
            f'"{attachment.name}" is unique, and a copy of it is in play on the side of the '
            f'player who would attach it (attached to "{fact.cards[1].name}"): he cannot have '
            "another",
            UNIQUE_CONTROL,
            UNIQUE_ATTACH,
        )
    if unsure:
        raise CannotAnswer(bearer_gone(unsure[-1]))
    back = _returned_copies(ctx).get(name)
    if back is not None:
        raise CannotAnswer(returned_copy(back, attachment.name))
    return None


def bearer_gone(fact: Fact) -> str:
    """Why a unique attachment whose bearer has left play may or may not still be in play."""
    return (
        f'a copy of "{fact.cards[0].name}" was attached to "{fact.cards[1].name}" (line '
        f"{fact.span.line}), which has left play since, and the sources never say whether an "
        "attachment leaves play with the character bearing it (only that a leader out of play "
        "keeps his)"
    )
