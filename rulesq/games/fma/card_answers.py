"""FMA questions a card's corpus fields answer: text and its parts, level, cost, faction, names.

Also keywords, uniqueness, whether it is a starting leader, whether it draws.

Each answer cites the clause that gives the field (an erratum, a ruling). A field the sources
never give is *cannot answer* with that reason, never a default; a corrected part of a text
that the sources never complete answers only the question about that part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.engine.generic import card_text as generic_card_text
from rulesq.engine.verdict import Number, Text, Word, YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import unknown_texts, words
from rulesq.games.fma.card_parts import partial_reason, parts_of
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.table import read_table

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: The rule on what counts as drawing.
DISCARDED_NOT_DEFEATED = "fma/cards/the-armstrong-family-gloves/ruling"
LOCATION_PLAYED = "fma/rulings/locations/1"
DRAWING = "fma/rulings/drawing-cards/1"
#: Defeated leaders retain their level (the Defeated characters ruling, second paragraph).
DEFEATED_KEEP = "fma/rulings/defeated-characters/2"
#: Defeated characters have no attributes, keywords or abilities (its first paragraph).
DEFEATED_BARE = "fma/rulings/defeated-characters/1"


def asked_card(ctx: Context, index: int = 0) -> Card:
    """The card a question names (a card of the corpus or of a card line)."""
    ref = ctx.question.cards[index]
    if ref.card is None:
        raise CannotAnswer(f'"{ref.name}" is not a card the sources give')
    return ref.card


def field_clause(ctx: Context, card: Card, name: str) -> list[str]:
    """The graph node of the clause that gives a field of the card (none for a card line)."""
    source = (card.fields.get("field_sources") or {}).get(name)
    return [ctx.clause(str(source), "rule")] if source else []


def card_text(ctx: Context) -> Answer:
    """``what does "X" read?``: the text in force; a partly corrected text is not known."""
    ref = ctx.question.card
    card = ref.card
    if card is not None and card.text is None and parts_of(card):
        for part in parts_of(card):
            ctx.clause(str(part["clause"]), "rule")
        return ctx.cannot(partial_reason(card))
    return generic_card_text(ctx)


def part_text(ctx: Context) -> Answer:
    """``what does the activated ability of "X" read?``: a corrected part of the text."""
    card = asked_card(ctx)
    wanted = str(ctx.question.param("part", "")).casefold()
    for part in parts_of(card):
        if str(part["part"]).casefold() == wanted:
            node = ctx.clause(str(part["clause"]), "rule")
            graph = ctx.derivation()
            card_node = graph.card(card.name, card)
            return ctx.conclude(
                Text(str(part["text"])),
                f"the {part['part']} the erratum gives ({part['clause']})",
                supported_by=(card_node, node),
            )
    given = ", ".join(str(p["part"]) for p in parts_of(card))
    raise CannotAnswer(
        f'the sources give no {wanted} of "{card.name}"'
        + (f" (they give its {given})" if given else "")
    )


def level(ctx: Context) -> Answer:
    """``what is the level of "X"?``: a leader's level (kept while he is defeated)."""
    from rulesq.games.fma.levels import level as leader_level

    return leader_level(ctx)


def cost(ctx: Context) -> Answer:
    """``what is the cost of "X"?``: the designator it is played as (an erratum), or its text's."""
    card = asked_card(ctx)
    designator = card.fields.get("designator")
    if designator:
        support = field_clause(ctx, card, "designator")
        return ctx.conclude(
            Text(str(designator)),
            f'"{card.name}" is played as written: "{designator}"',
            supported_by=tuple(support),
        )
    with_leader = card.fields.get("cost_with_leader")
    if isinstance(with_leader, dict) and with_leader:
        return _cost_with_leader(ctx, card, with_leader)
    if not card.text:
        raise CannotAnswer(
            partial_reason(card)
            if parts_of(card)
            else f'the sources give no text and no cost for "{card.name}"'
        )
    parsed = ctx.game.parse_card_text(card.text)
    assert isinstance(parsed, fx.FmaParsedText)
    abilities = [e for e in parsed.effects if isinstance(e, fx.Ability)]
    if parsed.unparsed or len(abilities) != 1:
        raise CannotAnswer(f'rulesq cannot tell the cost of "{card.name}" from its text')
    header = abilities[0].header().rstrip(":")
    support = [ctx.derivation().effect(card.name, header, card)]
    support += [ctx.clause(ref, "rule") for ref in card.errata]
    return ctx.conclude(
        Text(header), f'"{card.name}" is played as "{header}"', supported_by=tuple(support)
    )


def _cost_with_leader(ctx: Context, card: Card, costs: dict[str, Any]) -> Answer:
    """A character's cost that a ruling gives for one leader (started with or played by it)."""
    player = ctx.question.who or "me"
    table = read_table(ctx.facts)
    leader = table.leader(player)
    listed = " or ".join(f'"{name}"' for name in costs)
    if leader is None:
        raise CannotAnswer(
            f'the sources give the cost of "{card.name}" only with the leader {listed}, and '
            'the situation does not name your leader (write: my leader is "…")'
        )
    name = leader.card.name if leader.card is not None else leader.name
    found = next((v for k, v in costs.items() if normalise_name(k) == normalise_name(name)), None)
    if not isinstance(found, int):
        raise CannotAnswer(
            f'the sources give the cost of "{card.name}" only with the leader {listed}, '
            f'and your leader is "{name}"'
        )
    from rulesq.games.fma.out_of_play import still_out

    out = still_out(ctx).get(normalise_name(name))
    if out is not None:  # the rulings: "An out-of-play leader cannot recruit."
        raise CannotAnswer(
            f'the sources give the cost of "{card.name}" only when started with or played by '
            f'your leader "{name}", who is out of play (line {out.span.line}): an out-of-play '
            "leader cannot recruit"
        )
    support = [ctx.fact(table.leader_facts[player]), *field_clause(ctx, card, "cost_with_leader")]
    return ctx.conclude(
        Number(found),
        f'"{card.name}" has a cost of {found} when started with or played by your leader "{name}"',
        supported_by=tuple(support),
    )


def faction(ctx: Context) -> Answer:
    """``what is the faction of "X"?``: the corpus's, or the line's words the data names."""
    ref = ctx.question.cards[0]
    card = ref.card
    value = card.fields.get("faction") if card is not None else None
    if not value:
        return _line_faction(ctx, ref.card.name if ref.card is not None else ref.name)
    assert card is not None
    support = field_clause(ctx, card, "faction")
    kind = card.type
    shown = f"{value} {kind}" if kind else str(value)
    reason = f'"{card.name}" is a {shown}'
    defeat = _defeat(ctx, card)
    if defeat is not None:
        support += [defeat[0], ctx.clause(DEFEATED_KEEP, "rule")]
        reason += "; defeated characters retain their faction"
    _granted_open(ctx, card.name)
    return ctx.conclude(Text(str(value)), reason, supported_by=tuple(support))


def _line_faction(ctx: Context, name: str) -> Answer:
    """The faction a character's words give (``corpus/fma/words.toml`` says which are)."""
    ref = ctx.question.cards[0]
    card = ref.card
    line = [*ref.flags, *(_stated_traits(ctx, name) or ())]
    if card is not None and card.fields.get("inline"):
        line += [str(i) for i in card.fields.get("icons") or ()]
    read = words.read(line)
    known = read.known_factions()
    if known is None or read.unclassified:
        missing = (
            words.unknown_reason(read.unclassified)
            if read.unclassified
            else "neither the sources nor the situation give it"
        )
        raise CannotAnswer(f'the faction of "{name}" is not known: {missing}')
    _, state = reader_for(ctx)
    who = state.find(name)
    support = [ctx.fact(who.fact)] if who is not None and who.fact is not None else []
    shown = "/".join(known) if known else "unaligned"
    _granted_open(ctx, name)
    return ctx.conclude(
        Text(shown),
        f'the words of "{name}" give its faction: {shown} (corpus/fma/words.toml)',
        supported_by=tuple(support),
    )


def keywords(ctx: Context) -> Answer:
    """``what are the keywords of "X"?``: only when the sources give all of them; none defeated."""
    card = asked_card(ctx)
    defeat = _defeat(ctx, card)
    if defeat is not None:
        return ctx.conclude(
            Word("none"),
            f'"{card.name}" is defeated, and defeated characters have no keywords',
            supported_by=defeat,
        )
    words = [str(w) for w in card.fields.get("keywords") or ()]
    if not words or not card.fields.get("keywords_complete"):
        raise CannotAnswer(
            f'the sources do not give every keyword of "{card.name}"'
            + (f" (only {', '.join(words)})" if words else "")
        )
    support = field_clause(ctx, card, "keywords")
    return ctx.conclude(
        Text(", ".join(words)), f'the keywords of "{card.name}"', supported_by=tuple(support)
    )


def has_keyword(ctx: Context) -> Answer:
    """``is "X" a hero?``: a keyword the sources give, deny, or leave open."""
    ref = ctx.question.cards[0]
    word = " ".join(str(ctx.question.param("keyword_words", "")).split())
    folded = word.casefold()
    stated = _stated_traits(ctx, ref.card.name if ref.card is not None else ref.name)
    if ref.card is None and stated is not None:
        return _stated_keyword(ctx, ref.name, word, stated)
    card = asked_card(ctx)
    given = [str(w) for w in card.fields.get("keywords") or ()]
    denied = [str(w) for w in card.fields.get("not_keywords") or ()]
    flags = [*ref.flags, *(stated or ())]
    if card.fields.get("inline"):
        given += [str(i) for i in card.fields.get("icons") or ()]
    faction = card.fields.get("faction")
    defeat = _defeat(ctx, card)
    if defeat is not None and not (faction and str(faction).casefold() == folded):
        if any(w.casefold() == folded for w in flags):  # a faction or a keyword: the data says
            return _defeated_word(ctx, card.name, word, defeat, [])
        kind = words.table().get(folded)
        if (
            kind != words.KEYWORD
            and not faction
            and stated is None
            and not any(w.casefold() == folded for w in given)
        ):
            raise CannotAnswer(
                f'"{card.name}" is defeated: it has no keywords but keeps its faction, and '
                "neither the sources nor the situation give its faction"
            )
        return ctx.conclude(
            YesNo(False),
            f'"{card.name}" is defeated, and defeated characters have no keywords',
            supported_by=defeat,
        )
    if any(w.casefold() == folded for w in [*given, *flags]):
        support = field_clause(ctx, card, "keywords")
        return ctx.conclude(
            YesNo(True), f'"{card.name}" has the {word} keyword', supported_by=tuple(support)
        )
    if faction and str(faction).casefold() == folded:  # "is X a Rebel?": its faction says so
        kept = [*defeat, ctx.clause(DEFEATED_KEEP, "rule")] if defeat is not None else []
        return ctx.conclude(
            YesNo(True),
            f'"{card.name}" is a {faction}'
            + (f" {card.type}" if card.type else "")
            + " (its faction)"
            + ("; defeated characters retain their faction" if kept else ""),
            supported_by=(*field_clause(ctx, card, "faction"), *kept),
        )
    if any(w.casefold() == folded for w in denied):
        _granted_open(ctx, card.name)
        support = field_clause(ctx, card, "not_keywords")
        return ctx.conclude(
            YesNo(False),
            f'the erratum says "{card.name}" is not a {word}',
            supported_by=tuple(support),
        )
    if card.fields.get("keywords_complete"):
        if not faction and stated is None:  # the word may be its faction, which is not given
            raise CannotAnswer(
                f"its keywords are {', '.join(given)}, not {word}, but the sources do not give "
                f'the faction of "{card.name}"'
            )
        _granted_open(ctx, card.name)
        support = field_clause(ctx, card, "keywords_complete")
        return ctx.conclude(
            YesNo(False),
            f"its keywords are {', '.join(given)}, not {word}",
            supported_by=tuple(support),
        )
    raise CannotAnswer(f'the sources do not say whether "{card.name}" has the {word} keyword')


def _granted_open(ctx: Context, name: str) -> None:
    """*Cannot answer* where a text in play may give the character a faction or keyword.

    Texts grant them ("gains the faction of each of your allies"; Loyal's "multiple factions
    (granted by a Shou Tucker leader, for example)"; the "Sin" keyword lost): a no that rests
    on one it lacks, or a faction read from its card or words alone, is no sure answer beside a
    text in play of unknown words or one granting factions (``unknown_texts.granted``).
    """
    why = unknown_texts.granted(ctx.facts, name)
    if why is not None:
        raise CannotAnswer(why)


def _stated_traits(ctx: Context, name: str) -> tuple[str, ...] | None:
    """The factions and keywords the situation gives the character (None: not stated)."""
    _, state = reader_for(ctx)
    who = state.find(name)
    return who.traits if who is not None else None


def _stated_keyword(ctx: Context, name: str, word: str, stated: tuple[str, ...]) -> Answer:
    """``is "X" a Rebel?`` of a character only the situation gives, with its words."""
    _, state = reader_for(ctx)
    who = state.find(name)
    fact = who.fact if who is not None else None
    given = [ctx.fact(fact)] if fact is not None else []
    defeat = state.defeated_by(who.name if who is not None else name)
    if word.casefold() not in (t.casefold() for t in stated):
        read = words.read(stated)
        if read.known_factions() is None and words.table().get(word.casefold()) != words.KEYWORD:
            raise CannotAnswer(  # its words are keywords (or unclassified): no faction given
                f'the situation gives "{name}" the words {", ".join(stated)} and no faction '
                f"(corpus/fma/words.toml), and {word} may be its faction"
            )
        _granted_open(ctx, name)
        return ctx.conclude(
            YesNo(False),
            f'the situation gives "{name}" the factions and keywords {", ".join(stated)}, '
            f"not {word}",
            supported_by=tuple(given),
        )
    if defeat is not None:
        return _defeated_word(
            ctx, name, word, (ctx.fact(defeat), ctx.clause(DEFEATED_BARE, "rule")), given
        )
    return ctx.conclude(
        YesNo(True), f'the situation gives "{name}" the word {word}', supported_by=tuple(given)
    )


def _defeated_word(
    ctx: Context, name: str, word: str, defeat: tuple[str, ...], given: list[str]
) -> Answer:
    """A word the situation gave a defeated character: kept as its faction, lost as a keyword.

    Defeated characters "retain their faction" but have no keywords; which the word is, the
    data says (``words``), as for every faction question; a word it does not classify is open.
    """
    kind = words.table().get(word.casefold())
    if kind in (words.FACTION, words.NO_FACTION):
        return ctx.conclude(
            YesNo(True),
            f'"{name}" is defeated, and defeated characters retain their faction: {word} is a '
            "faction (corpus/fma/words.toml)",
            supported_by=(*given, defeat[0], ctx.clause(DEFEATED_KEEP, "rule")),
        )
    if kind == words.KEYWORD:
        return ctx.conclude(
            YesNo(False),
            f'"{name}" is defeated, and defeated characters have no keywords: {word} is a '
            "keyword (corpus/fma/words.toml), not a faction",
            supported_by=(*given, *defeat),
        )
    raise CannotAnswer(
        f'"{name}" is defeated: it keeps its faction but has no keywords, and '
        + words.unknown_reason([word])
    )


def _defeat(ctx: Context, card: Card) -> tuple[str, ...] | None:
    """The graph nodes that the situation defeated ``card`` (the fact, the rule); None if not."""
    _, state = reader_for(ctx)
    fact = state.defeated_by(card.name)
    if fact is None:
        return None
    return (ctx.fact(fact), ctx.clause(DEFEATED_BARE, "rule"))


def unique(ctx: Context) -> Answer:
    """``is "X" unique?``."""
    card = asked_card(ctx)
    flags = [str(i).casefold() for i in card.fields.get("icons") or ()]
    if card.fields.get("unique") or "unique" in flags:
        return ctx.conclude(
            YesNo(True),
            f'"{card.name}" has the Unique designator',
            supported_by=tuple(field_clause(ctx, card, "unique")),
        )
    raise CannotAnswer(f'the sources do not say whether "{card.name}" is unique')


def same_name(ctx: Context) -> Answer:
    """``do "A" and "B" have the same name?``: a ruling may give two cards one name."""
    first, second = asked_card(ctx, 0), asked_card(ctx, 1)
    names = {normalise_name(first.name), normalise_name(second.name)}
    for card, other in ((first, second), (second, first)):
        alias = card.fields.get("same_name_as")
        if alias and normalise_name(str(alias)) == normalise_name(other.name):
            support = [ctx.clause(str(c), "rule") for c in card.fields.get("clauses") or ()]
            return ctx.conclude(
                YesNo(True),
                f'"{card.name}" is considered to have the same name as "{other.name}"',
                supported_by=tuple(support),
            )
    same = len(names) == 1
    return ctx.conclude(YesNo(same), "the same card" if same else "the names differ")


def starting_leader(ctx: Context) -> Answer:
    """``is "X" a legal starting leader?``: a leader card is (its type may come from an erratum)."""
    card = asked_card(ctx)
    kind = card.type
    if not kind:
        raise CannotAnswer(f'the sources do not give the card type of "{card.name}"')
    support = field_clause(ctx, card, "type") + field_clause(ctx, card, "faction")
    if kind != "leader":
        return ctx.conclude(
            YesNo(False), f'"{card.name}" is an {kind}, not a leader', supported_by=tuple(support)
        )
    shown = f"{card.fields['faction']} leader" if card.fields.get("faction") else "leader"
    return ctx.conclude(YesNo(True), f'"{card.name}" is a {shown}', supported_by=tuple(support))


def counts_as_drawing(ctx: Context) -> Answer:
    """``does "X" count as drawing?``: only the draw phase and the word "draw" draw cards."""
    card = asked_card(ctx)
    parsed = _text_of(ctx, card)
    rule = ctx.clause(DRAWING, "rule")
    draws = [e for e in _units(parsed.effects) if isinstance(e, fx.Draw)]
    if draws:
        node = ctx.derivation().effect(card.name, draws[0].render(), card)
        return ctx.conclude(
            YesNo(True), f'"{card.name}" uses the word "draw"', supported_by=(node, rule)
        )
    why = parsed.not_understood(card.name)
    if why is not None:
        raise CannotAnswer(why)
    return ctx.conclude(
        YesNo(False),
        f'the text of "{card.name}" does not use the word "draw" (whatever cards it gets, '
        "it gets them otherwise); only the draw phase and cards that use the word draw count "
        "as drawing",
        supported_by=(rule,),
    )


def counts_as_defeating(ctx: Context) -> Answer:
    """``does "X" count as defeating?``: sending a character to the discard pile does not."""
    card = asked_card(ctx)
    if not card.text and card.fields.get("discards_not_defeats"):  # a ruling gives its act
        return ctx.conclude(
            YesNo(False),
            f'"{card.name}" sends a character to the discard pile: that character is not '
            "defeated, and effects that trigger off a character being defeated do not trigger",
            supported_by=tuple(field_clause(ctx, card, "discards_not_defeats")),
        )
    parsed = _text_of(ctx, card)
    units = _units(parsed.effects)
    defeats = [e for e in units if isinstance(e, fx.Defeat | fx.DefeatedWhenMoved)]
    if defeats:
        node = ctx.derivation().effect(card.name, defeats[0].render(), card)
        return ctx.conclude(
            YesNo(True),
            f'"{card.name}" defeats: its text says a character is defeated '
            f'("{defeats[0].render()}")',
            supported_by=(node,),
        )
    why = parsed.not_understood(card.name)
    if why is not None:
        raise CannotAnswer(why)
    sends = [e for e in units if isinstance(e, fx.SendToDiscard)]
    if not sends:
        return ctx.conclude(YesNo(False), f'no text of "{card.name}" defeats a character')
    node = ctx.derivation().effect(card.name, sends[0].render(), card)
    return ctx.conclude(
        YesNo(False),
        f'"{card.name}" sends a character to the discard pile: '
        "that character is not defeated, and effects that trigger off a "
        "character being defeated do not trigger",
        supported_by=(node, ctx.clause(DISCARDED_NOT_DEFEATED, "rule")),
    )


def plays_location(ctx: Context) -> Answer:
    """``does "X" play a location?``: only a text that says a location is played does."""
    card = asked_card(ctx)
    parsed = _text_of(ctx, card)
    units = _units(parsed.effects)
    rule = ctx.clause(LOCATION_PLAYED, "rule")
    plays = [
        e for e in units if isinstance(e, fx.Play) and e.what.kind in ("location", "locations")
    ]
    if plays:
        node = ctx.derivation().effect(card.name, plays[0].render(), card)
        return ctx.conclude(
            YesNo(True), f'"{card.name}" says a location is played', supported_by=(node, rule)
        )
    why = parsed.not_understood(card.name)
    if why is not None:
        raise CannotAnswer(why)
    changes = [e for e in units if isinstance(e, fx.ChangeLocation)]
    support = (ctx.derivation().effect(card.name, changes[0].render(), card),) if changes else ()
    return ctx.conclude(
        YesNo(False),
        f'"{card.name}" does not say a location is played'
        + (": it only changes the current location" if changes else "")
        + '; locations are "played" only in the draw phase and when a card '
        "says so",
        supported_by=(*support, rule),
    )


def _text_of(ctx: Context, card: Card) -> fx.FmaParsedText:
    """A card's parsed text in force; *cannot answer* when the sources give none (or a part)."""
    if not card.text:
        raise CannotAnswer(
            partial_reason(card)
            if parts_of(card)
            else f'the sources give no text for "{card.name}"'
        )
    parsed = ctx.game.parse_card_text(card.text)
    assert isinstance(parsed, fx.FmaParsedText)
    return parsed


def _units(effects: tuple[Any, ...]) -> list[Any]:
    """Every effect but the abilities, nested ones (a trigger's, a condition's) included."""
    return [e for e in fx.walk(effects) if not isinstance(e, fx.Ability)]


def goal(ctx: Context) -> Answer:
    """``what is the goal of "X"?``: a location's goal (an erratum may give it)."""
    card = asked_card(ctx)
    value = card.fields.get("goal")
    if not value:
        raise CannotAnswer(f'the sources give no goal for "{card.name}"')
    support = field_clause(ctx, card, "goal")
    return ctx.conclude(Text(str(value)), f'the goal of "{card.name}"', supported_by=tuple(support))
