"""Loyal: how many characters in play an ally with Loyal: N needs, counted faction by faction.

An ally with several factions meets its Loyal requirement with any mix of characters that
share one of them, and each character counts once however many factions it has (the rulings,
Loyal). Loyal is a requirement ("that ally can meet its Loyal requirements"), which a card
that lets you play cards without cost does not lift (Requirements). Too few is a no read on
the characters stated (``sides``: the answer shows it), and *cannot answer* when none of the
player's is stated; too few even counting each character whose faction is not known is a no
as well. Starting allies are the setup's (``calls.can_start``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import sides, words
from rulesq.games.fma.claims import Claim, Stance, requirement_claim, rule_claim

if TYPE_CHECKING:
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.state import Character, State
    from rulesq.games.fma.table import Table
    from rulesq.situation.model import CardRef, Fact

LOYAL = "fma/rulings/loyal/1"
#: Setup: "leaders are the only characters in play, so you can play Loyal: 1 characters".
SETUP_COUNT = "fma/rulings/setup/2"


def _line_words(ref: CardRef) -> list[str]:
    """The words of a card's situation line, and of its inline card line."""
    card = ref.card
    words = list(ref.flags)
    if card is not None and card.fields.get("inline"):
        words += [str(i) for i in card.fields.get("icons") or ()]
    return words


def factions_of(ref: CardRef) -> list[str] | None:
    """A card's factions: its corpus field, or its line's words the data names factions.

    None: unknown (no word of the line is a faction, nor says unaligned). Keywords are no
    faction; a word the data does not classify is none either (``unclassified_of``).
    """
    card = ref.card
    if card is not None and card.fields.get("faction"):
        return [str(card.fields["faction"])]
    known = words.read(_line_words(ref)).known_factions()
    return None if known is None else list(known)


def unclassified_of(ref: CardRef) -> list[str]:
    """The words of a card's line the data does not classify (none when its corpus gives one)."""
    card = ref.card
    if card is not None and card.fields.get("faction"):
        return []
    return list(words.read(_line_words(ref)).unclassified)


def _in_play(ctx: Context, state: State, table: Table, player: str) -> list[Character]:
    """The player's characters in play that a Loyal count weighs, his leader aside.

    Not one defeated ("do not count as characters for any purpose except uniqueness and limits
    on team size"), gone, or out of play (noted: the answer shows the statement).
    """
    from rulesq.games.fma.out_of_play import still_out

    outside = still_out(ctx)
    found: list[Character] = []
    for character in state.characters.values():
        key = normalise_name(character.name)
        owner = character.owner or table.owners.get(key)
        if owner != player or character.gone or state.defeated_by(character.name) is not None:
            continue
        if key == table.leader_key(player):
            continue
        if key in outside:
            ctx.fact(outside[key])
            continue
        found.append(character)
    return found


def _leader_out(ctx: Context, state: State, name: str, absent: list[str]) -> bool:
    """Whether the leader does not count: defeated, gone or out of play (noted in ``absent``).

    Defeated characters "do not count as characters for any purpose except uniqueness and
    limits on team size"; a leader out of play is not in play.
    """
    from rulesq.games.fma.out_of_play import still_out

    found = state.find(name)
    defeat = state.defeated_by(found.name if found is not None else name)
    if defeat is not None:
        ctx.fact(defeat)
        absent.append(f'"{name}" is defeated')
        return True
    out = still_out(ctx).get(normalise_name(name))
    if out is not None:
        ctx.fact(out)
        absent.append(f'"{name}" is out of play')
        return True
    if found is not None and found.gone:
        absent.append(f'"{name}" has left play')
        return True
    return False


def unaligned_loyal(name: str, need: int) -> str:
    """Why an unaligned ally's Loyal is open: it has no faction for the count to share."""
    return (
        f'"{name}" is unaligned and has Loyal: {need}: Loyal counts characters that share a '
        "faction with it, and it has none; the rulings never say how an unaligned ally's "
        "Loyal is met"
    )


#: The setup rulings' sentences an unaligned ally's Loyal is read by (Leaders; Setup).
PAIRING = '"They can only start with unaligned allies"; "you can play Loyal: 1 characters"'


def unaligned_reading(name: str, need: int, whose: str) -> str:
    """The reading a yes to an unaligned ally's Loyal rests on, shown as an assumption.

    Setup reads the leader's count ("leaders are the only characters in play, so you can play
    Loyal: 1 characters"), and an unaligned leader "can only start with unaligned allies": an
    unaligned character counts for an unaligned ally, at setup and later alike.
    """
    return (
        f'"{name}" is unaligned and has Loyal: {need}, and the rulings never say how an '
        f"unaligned ally's Loyal is met: {whose} unaligned characters in play are read to count "
        f"for it, as the setup rulings pair an unaligned leader with it ({PAIRING})"
    )


def _unaligned_claims(
    ctx: Context, ref: CardRef, need: int, table: Table, state: State, player: str
) -> list[Claim]:
    """An unaligned ally's Loyal: a yes when enough unaligned characters of the player's count.

    Read so by the setup rulings' pairing (``unaligned_reading``, shown). Fewer characters in
    play than its Loyal number, whatever their factions, is a no (``_too_few``); else fewer
    unaligned ones leaves it open: the rulings never say whether a character with a faction
    counts for it.
    """
    counted: list[str] = []
    present: list[str] = []  # every character of his in play, each once
    facts: list[Fact] = []  # the statements that put them there
    absent: list[str] = []
    leader = table.leader(player)
    if leader is not None:
        ctx.fact(table.leader_facts[player])
        if not _leader_out(ctx, state, leader.name, absent):
            present.append(leader.name)
            if _unaligned(factions_of(leader), leader):
                counted.append(leader.name)
    for character in _in_play(ctx, state, table, player):
        present.append(character.name)
        if character.fact is not None:
            facts.append(character.fact)
        given = character.card.fields.get("faction") if character.card is not None else None
        if given or character.traits is None:
            continue
        read = words.read(character.traits)
        if read.known_factions() == () and not read.unclassified:
            if character.fact is not None:
                ctx.fact(character.fact)
            counted.append(character.name)
    if len(counted) < need:
        if len(present) < need:
            for fact in facts:
                ctx.fact(fact)
            return _too_few(ctx, ref, need, present, absent, table, state, player)
        raise CannotAnswer(unaligned_loyal(ref.name, need))
    whose = "your" if player == "me" else "his"
    ctx.derivation().absence(unaligned_reading(ref.name, need, whose), assumed=True)
    many = len(counted) != 1
    reason = (
        f'"{ref.name}" has Loyal: {need} and is unaligned; {len(counted)} unaligned '
        f"character{'s' if many else ''} of {'yours' if player == 'me' else 'his'} "
        f"{'are' if many else 'is'} in play "
        f"({', '.join(counted)}; each counts once)"
    )
    return [rule_claim(Stance.PERMIT, reason, LOYAL, default=True)]


def _too_few(
    ctx: Context,
    ref: CardRef,
    need: int,
    present: list[str],
    absent: list[str],
    table: Table,
    state: State,
    player: str,
) -> list[Claim]:
    """Fewer characters in play than an unaligned ally's Loyal number: a no, whatever counts.

    Setup: "leaders are the only characters in play, so you can play Loyal: 1 characters, but
    not characters with a higher loyalty number": the count of characters in play bounds the
    Loyal number, whatever their factions. Read on the side stated (``sides``, shown).
    """
    whose = "yours" if player == "me" else "his"
    many = len(present) != 1
    reason = (
        f'"{ref.name}" has Loyal: {need}; {len(present)} character{"s" if many else ""} of '
        f"{whose} {'are' if many else 'is'} in play"
        + (f" ({', '.join(present)})" if present else "")
        + (f" ({', '.join(absent)}: he does not count)" if absent else "")
        + f", fewer than {need} whatever their factions (Setup: the count of characters in "
        'play bounds the Loyal number: "leaders are the only characters in play, so you can '
        'play Loyal: 1 characters, but not characters with a higher loyalty number")'
    )
    _side_known(state, table, player, reason, "unaligned")
    sides.assume_named(ctx, f" of {whose}", f'no other character may count for "{ref.name}"')
    return [requirement_claim(Stance.FORBID, reason, LOYAL, SETUP_COUNT)]


def _side_known(state: State, table: Table, player: str, reason: str, example: str) -> None:
    """Cannot answer when the characters ``player`` has in play are not all known.

    ``reason``: the Loyal reading so far; ``example``: a faction word for the line to write.
    """
    if not sides.closed(sides.stated_count(state, table, player)):
        whose = "yours" if player == "me" else "his"
        raise CannotAnswer(
            f"{reason}, and no character of {whose} is stated: the characters "
            f"{'you have' if player == 'me' else 'he has'} in play are not known (write, "
            f'e.g., my leader is "…" ({example}))'
        )
    if not sides.side_closed(state, table, player):
        raise CannotAnswer(f"{reason}, and " + sides.unknown_reason(state, table, player))


def _unaligned(factions: list[str] | None, ref: CardRef) -> bool:
    """Whether a card is stated unaligned (no faction, and no word the data does not classify)."""
    return factions == [] and not unclassified_of(ref)


def loyal_number(ref: CardRef) -> int | None:
    """The Loyal number the situation or the inline card gives (None: not given)."""
    loyal = ref.values.get("loyal")
    if loyal is None and ref.card is not None and ref.card.fields.get("inline"):
        value = (ref.card.fields.get("values") or {}).get("loyal")
        loyal = value if isinstance(value, int) else ref.card.fields.get("loyal")
    return loyal if isinstance(loyal, int) else None


def loyal_claims(
    ctx: Context, ref: CardRef, table: Table, state: State, player: str
) -> list[Claim]:
    """The claim of an ally's Loyal number on playing it (none when it has no Loyal number)."""
    need = loyal_number(ref)
    if need is None:
        return []
    wanted = factions_of(ref) or []
    maybe = {w.casefold(): w for w in unclassified_of(ref)}
    if factions_of(ref) == [] and not maybe:
        return _unaligned_claims(ctx, ref, need, table, state, player)
    if not wanted:
        if maybe:
            raise CannotAnswer(
                f'"{ref.name}" has Loyal: {need}; ' + words.unknown_reason(maybe.values())
            )
        raise CannotAnswer(f'the situation does not give the factions of "{ref.name}"')
    folded = {w.casefold() for w in wanted}
    counted: list[str] = []
    unknown: list[str] = []
    absent: list[str] = []  # the leader defeated or out of play: no character in play counted
    open_words: list[str] = []  # words ally and character share that may be factions
    open_names: list[str] = []  # the characters sharing such a word

    weighed: list[str] = []  # every character of his in play (a text may grant a faction)

    def weigh(name: str, factions: list[str] | None, others: list[str]) -> None:
        """Count one character: a faction shared, unknown, or a shared unclassified word."""
        weighed.append(name)
        if factions is not None and folded & {f.casefold() for f in factions}:
            counted.append(name)
        elif shared := [maybe[w.casefold()] for w in others if w.casefold() in maybe]:
            open_words.extend(shared)
            open_names.append(name)
        elif factions is None:
            unknown.append(name)

    leader = table.leader(player)
    if leader is not None:
        ctx.fact(table.leader_facts[player])
        if not _leader_out(ctx, state, leader.name, absent):
            weigh(leader.name, factions_of(leader), unclassified_of(leader))
    for character in _in_play(ctx, state, table, player):
        if character.fact is not None:
            ctx.fact(character.fact)
        given = character.card.fields.get("faction") if character.card is not None else None
        if given:
            weigh(character.name, [str(given)], [])
        elif character.traits is None:
            weigh(character.name, None, [])
        else:  # a line of keywords alone gives no faction: not known (``known_factions``)
            read = words.read(character.traits)
            known = read.known_factions()
            weigh(character.name, None if known is None else list(known), list(read.unclassified))
    shown = "/".join(wanted)
    reason = (
        f'"{ref.name}" has Loyal: {need} and is {shown}; '
        f"{len(counted)} of {'your' if player == 'me' else 'his'} characters in play share a "
        "faction with it"
        + (f" ({', '.join(counted)}; each counts once)" if counted else "")
        + (f" ({', '.join(absent)}: he does not count)" if absent else "")
    )
    if len(counted) >= need:
        return [rule_claim(Stance.PERMIT, reason, LOYAL, default=True)]
    could = [*open_names, *unknown]  # each may share a faction: too few even so is a no
    if open_words and len(counted) + len(could) >= need:
        raise CannotAnswer(f"{reason}, and " + words.unknown_reason(open_words))
    if unknown and len(counted) + len(could) >= need:
        raise CannotAnswer(
            f"{reason}, and the situation does not give the factions of "
            + ", ".join(f'"{n}"' for n in unknown)
        )
    if could:
        many = len(counted) + len(could) != 1
        reason += (
            "; even if "
            + ", ".join(f'"{n}"' for n in could)
            + f" shared one, {len(counted) + len(could)} character{'s' if many else ''} "
            f"would be fewer than {need}"
        )
    whose = "yours" if player == "me" else "his"
    _side_known(state, table, player, reason, "Rebel")
    if len(weighed) >= need:  # enough characters, if a text of unknown words grants the faction
        from rulesq.games.fma import unknown_texts

        what = f"the factions of the characters of {whose} in play ({', '.join(weighed)})"
        granted = unknown_texts.doubt(ctx.facts, what)
        if granted is not None:
            raise CannotAnswer(f"{reason}, and {granted}")
    sides.assume_named(
        ctx, f" of {whose}", f'no other character shares a faction with "{ref.name}"'
    )
    return [requirement_claim(Stance.FORBID, reason, LOYAL)]
