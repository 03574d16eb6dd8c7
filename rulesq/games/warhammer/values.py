"""A card's values on the board: cost, power and hit points.

The constant effects of the cards in play are applied, and each step keeps the FAQ clause
it rests on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import terms, texts
from rulesq.games.warhammer.claims import Text
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay

FAQ = "warhammer/faq/"
COST = FAQ + "terminology-clarifications/cost"
LOYALTY = FAQ + "terminology-clarifications/loyalty"
REDUCTION = FAQ + "terminology-clarifications/reduction"
LETTER_X = FAQ + "terminology-clarifications/the-letter-x"
HIT_POINTS = FAQ + "terminology-clarifications/hit-points-vs-remaining-hit-points"
LEGENDS = FAQ + "rules-clarifications/legends/part-2"
CONSTANT = FAQ + "rules-clarifications/constant-effects"
ZONES = FAQ + "terminology-clarifications/zones-of-play"
LOYALTY_IN_PLAY = FAQ + "qa/5"
BLANK = FAQ + "qa/28"
#: A card effect, once triggered, exists apart from its source (FAQ, Card Effects).
CARD_EFFECTS = FAQ + "rules-clarifications/card-effects"


@dataclass
class Value:
    """A computed value: the number (None when unknown), the steps, rules and texts used."""

    value: int | None
    steps: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)
    #: Where its only gaps are loyalty icons not known: the least and the most it may be
    #: (None: no most), and those gaps.
    bounds: tuple[int, int | None] | None = None
    bounded: list[str] = field(default_factory=list)

    def add(self, amount: int, step: str, text: Text | None = None, *rules: str) -> None:
        """Add to the value, recording why."""
        if self.value is not None:
            self.value += amount
        self.steps.append(step)
        if text is not None:
            self.texts.append(text)
        self.rules += [r for r in rules if r not in self.rules]


def printed_cost(card: Card) -> Value:
    """The cost card effects read: the printed top-left number.

    X is 0 (FAQ, Cost; The Letter X); loyalty is not part of it (FAQ, Loyalty).
    """
    cost = card.fields.get("cost")
    if cost == "X":
        return Value(
            0, ["the cost is X, and X is 0 unless a card or a choice sets it"], [COST, LETTER_X]
        )
    if not isinstance(cost, int):
        return Value(None, gaps=[f'the sources do not give the cost of "{card.name}"'])
    return Value(cost, [f"the printed cost is {cost} (loyalty is not part of it)"], [COST, LOYALTY])


def printed_power(card: Card) -> Value:
    """The printed power; a legend's is its weakest zone's power icons (FAQ, Legends)."""
    power = card.fields.get("power")
    if (card.type or "").lower() == "legend":
        icons = card.fields.get("zone_power")
        if not isinstance(power, int):
            total = card.fields.get("power_icons")
            return Value(
                None,
                rules=[LEGENDS],
                gaps=[
                    f'a legend\'s power is the power icons of its weakest zone; for "{card.name}" '
                    f"the sources give only {total} icons in all, not per zone"
                ],
            )
        where = ", ".join(f"{z} {n}" for z, n in icons.items()) if isinstance(icons, dict) else ""
        if not where and card.fields.get("zone_icons"):
            where = (
                f"the sources give its zones {card.fields.get('power_icons')} icons, with no "
                "zone order: the weakest is the same whichever zone shows it"
            )
        return Value(
            power,
            [
                f"a legend's power is the power icons of its weakest zone"
                f"{' (' + where + ')' if where else ''}: {power}"
            ],
            [LEGENDS],
        )
    if not isinstance(power, int):
        return Value(None, gaps=[f'the sources give no power for "{card.name}"'])
    return Value(power, [f"the printed power is {power}"])


def printed_hit_points(card: Card) -> Value:
    """The printed hit points (FAQ, Hit Points vs Remaining Hit Points)."""
    hit_points = card.fields.get("hit_points", card.fields.get("hp"))  # "hp" on a card line
    if not isinstance(hit_points, int):
        return Value(
            None, rules=[HIT_POINTS], gaps=[f'the sources give no hit points for "{card.name}"']
        )
    return Value(hit_points, [f"the printed hit points are {hit_points}"], [HIT_POINTS])


def _active(source: InPlay, constant: texts.Constant) -> bool:
    """Whether a constant text is active: its card is in play faceup, in its zone."""
    if source.facedown:
        return False
    return texts.active_in(constant.zones, source.zone)


#: The subjects, conditions and counts read here (``terms`` reads the others).
_SIDES = ("defending units", "attacking units")
_ATTACHED = ("attached unit", "attached card", "attached unit or legend")
_SELF = ("this unit", "this card", "this legend", "this support")
#: Whose units a subject names: the source's controller's, in its zone (True) or any zone.
_SCOPE = {
    "each unit you control": False,
    "units you control": False,
    "your units": False,
    "each unit you control in this zone": True,
    "units in this zone": True,
    "your units in this zone": True,
    "each unit in this zone": True,
}
_SUBJECTS = frozenset({*_SIDES, *_ATTACHED, "attached legend", *_SELF, *_SCOPE})
_HOST_SIDE = (
    "while attached unit is attacking",
    "while attached unit is defending",
    "while attached unit is attacking or defending",
)
_ANY_BURNING = ("if a zone is burning", "while a zone is burning")
_COUNTS = ("", "resource token on this card", "resource token on it", "damage on it")


def _applies(
    source: InPlay, target: InPlay, subject: str, board: Board | None = None
) -> bool | None:
    """Whether a constant act with this subject reaches the target (None: not read)."""
    if subject in _SIDES and board is not None:
        attack = board.attack
        side = (
            (attack.defenders if subject.startswith("defending") else attack.attackers)
            if attack is not None
            else []
        )
        return target in side
    if subject in _ATTACHED:
        return target.ref is not source.ref and source.attached_to is target
    if subject == "attached legend":
        return target.ref is not source.ref and source.attached_to is target and target.legend
    if subject in _SELF:
        return source is target
    scope = _SCOPE
    if subject in scope:
        is_unit = target.card is not None and (target.card.type or "").lower() == "unit"
        return (
            is_unit
            and target.owner == source.owner
            and (not scope[subject] or target.zone is source.zone)
        )
    return None


def condition(board: Board, condition: str, source: InPlay | None = None) -> bool | None:
    """A condition of a constant text on the board (None when not read)."""
    if not condition:
        return True
    if condition in _HOST_SIDE and source is not None:
        attack = board.attack
        if attack is None or source.attached_to is None:
            return False
        side = {
            "attacking": attack.attackers,
            "defending": attack.defenders,
            "attacking or defending": [*attack.attackers, *attack.defenders],
        }[condition.removeprefix("while attached unit is ")]
        return source.attached_to in side
    if condition in _ANY_BURNING:
        return any(c.burning for c in board.capitals.values())
    return None


def _times(
    board: Board, source: InPlay, target: InPlay, per: str, tokens: int | None
) -> int | None:
    """How many times a "for each …" counts (None: not read, or ``tokens`` on it not known)."""
    if not per:
        return 1
    if per in ("resource token on this card", "resource token on it") and source is target:
        return tokens
    if per in ("resource token on this card", "number of resource tokens on this unit"):
        return tokens
    if per in ("damage on it",):
        from rulesq.games.warhammer.spendable import damage_left

        return damage_left(board, target)
    return None


def _unstated_damage(board: Board, target: InPlay) -> str:
    """Why the damage a grant counts on a unit is not known ("": it is)."""
    from rulesq.games.warhammer.spendable import damage_now

    now = damage_now(board, target)
    return now.step if now.known is None else ""


def _unstated_tokens(source: InPlay, per: str) -> str:
    """What to state when a grant counts resource tokens the situation does not give, or ""."""
    if per not in _TOKEN_COUNTS or source.ref.value("tokens") is not None:
        return ""
    return (
        f'the situation states no resource tokens on "{source.name}", and it may hold some: '
        f'give their number where the board has it, e.g., "{source.name}" (tokens 0)'
    )


#: The "for each …" of a grant that counts the resource tokens on its card.
_TOKEN_COUNTS = (
    "resource token on this card",
    "resource token on it",
    "number of resource tokens on this unit",
)


def _reaches(board: Board, source: InPlay, target: InPlay, constant: texts.Constant) -> bool | None:
    """Whether a constant act reaches the target: a subject read here, else its terms.

    A card naming itself ("<its name> gains [P] …") is "this card".
    """
    subject = _subject(constant)
    if subject == source.name.casefold():
        subject = "this card"
    found = _applies(source, target, subject, board)
    if found is not None:
        return found
    term = terms.reach(constant.act)
    if term is None:
        return None
    return terms.reaches(board, source.owner, source.zone, target, term)


def _holds(board: Board, source: InPlay, target: InPlay, words: str) -> bool | None:
    """Whether a grant's condition holds: a condition read here, else its terms."""
    found = condition(board, words, source)
    if found is not None:
        return found
    term = terms.condition_term(words)
    return None if term is None else terms.holds(board, source, target, term)


def _count(board: Board, source: InPlay, target: InPlay, per: str) -> int | None:
    """How many times a grant counts: "for each …", or X as its card's text defines it."""
    if per == texts.X:
        assert source.card is not None
        per = terms.x_definition(source.card.text or "") or ""
        if not per:
            return None
    from rulesq.games.warhammer.places import tokens_held

    found = _times(board, source, target, per, tokens_held(board, source))
    if found is not None:
        return found
    term = terms.count_term(per)
    return None if term is None else terms.counted(board, source, target, term)


def x_value(board: Board, source: InPlay) -> tuple[int | None, str]:
    """X as the card's own text defines it ("X is the number of ..."), counted on the board.

    None with the reason: X undefined, its definition not read, or a count not stated.
    """
    assert source.card is not None
    words = terms.x_definition(source.card.text or "")
    if words is None:
        return None, "its text does not define X"
    found = _count(board, source, source, texts.X)
    if found is not None:
        return found, f"X is the {words}: {found}"
    if (
        _times(board, source, source, words, source.tokens) is None
        and terms.count_term(words) is None
    ):
        return None, f'rulesq does not read "X is the {words}"'
    return None, f"X is the {words}, and the situation does not state it"


def unread_part(text: str, constant: texts.Constant, what: str) -> str:
    """The part of a constant grant that rulesq does not read, or "" when it reads it all.

    The text alone decides: the grant's amount, its subject, its condition and its count.
    """
    grant = _GRANTS[what](constant.act)
    if grant is None:
        return "amount"
    if constant.clause.duration is not None:
        return "duration"  # an effect that lasts: an ability's, not a constant text
    subject = _subject(constant)
    if subject not in _SUBJECTS and terms.reach(constant.act) is None:
        return "subject"
    cond = _SIDE.sub("", _condition_words(grant, constant)).strip()
    if cond and cond not in (*_HOST_SIDE, *_ANY_BURNING) and terms.condition_term(cond) is None:
        return "condition"
    per = grant.per
    if per == texts.X:
        per = terms.x_definition(text) or "X undefined"
    if per not in _COUNTS and terms.count_term(per) is None:
        return "count"
    return ""


def _subject(constant: texts.Constant) -> str:
    """The subject's words; "it" after a "this unit" (or "attached unit") condition is that unit."""
    for unit in ("this unit", "attached unit"):
        if constant.subject == "it" and any(
            unit in p.render().lower() for p in constant.clause.conditions
        ):
            return unit  # "While this unit is …, it deals …"
    return constant.subject


def _condition_words(grant: texts.Grant, constant: texts.Constant) -> str:
    return grant.condition or " ".join(p.render().lower() for p in constant.clause.conditions)


COMBAT_DAMAGE = "combat damage"
TOUGHNESS = "Toughness"
#: How each value's grants are read from a constant act.
_GRANTS = {
    "power": texts.power_grant,
    "hit points": texts.hit_point_grant,
    COMBAT_DAMAGE: texts.combat_damage_grant,
    TOUGHNESS: texts.toughness_grant,
}
#: A "while attacking" / "defending" / "attacking or defending" condition, at a grant's start.
_SIDE = compiled(r"^while (attacking or defending|attacking|defending)\b")


def _grants(
    board: Board,
    target: InPlay,
    value: Value,
    what: str,
    given: list[tuple[int, Text]] | None = None,
) -> None:
    """Add the constant grants of the cards in play to ``value`` (power or hit points).

    ``given`` collects each grant that applies, its amount and its quote.
    """
    from rulesq.games.warhammer.places import blanked, in_play

    quoted = len(value.texts)
    idle: list[Text] = []  # grants whose condition does not hold: they decide "no change"
    for source, text in board.faceup_texts():  # a facedown development has no text
        if not in_play(board, source):  # a card that left play gives nothing
            continue
        blank = blanked(board, source)
        if blank is not None:
            value.steps.append(f'"{source.name}" has a blank text box ({blank.card})')
            value.texts += [blank] if blank not in value.texts else []
            value.rules += [BLANK] if BLANK not in value.rules else []
            continue
        _unread_mentions(board, source, target, text, what, value)
        for constant in texts.constants(text):
            grant = _GRANTS[what](constant.act)
            if grant is None:
                _unread_mention(board, source, target, constant, what, value)
                continue
            if constant.clause.duration is not None and _an_actions(source, constant):
                continue  # an Action's effect, read once resolved (lasting_grants)
            if constant.clause.duration is not None:
                value.gaps.append(
                    f'"{source.name}": "{constant.quote.strip()}" lasts for a time: '
                    "it is not read as a constant text"
                )
                continue
            reaches = _reaches(board, source, target, constant)
            quote = Text(source.name, constant.quote.strip())
            if reaches is False:
                continue
            if reaches is None:
                value.gaps.append(
                    f'"{source.name}" gives {what} to "{constant.subject}": '
                    f"whom it reaches is not read ({quote.quote})"
                )
                continue
            if not _active(source, constant):
                zone = texts.zone_names(constant.zones) or "play"
                value.steps.append(
                    f'"{source.name}" is not in its {zone} zone: its text is not active'
                )
                value.rules += [ZONES] if ZONES not in value.rules else []
                continue
            cond = _condition_words(grant, constant)
            side = _side(board, target, cond)
            rest = _SIDE.sub("", cond).strip()
            holds = side and _holds(board, source, target, rest)
            times = _count(board, source, target, grant.per)
            unstated = _unstated_tokens(source, grant.per)
            if unstated:  # none stated is not none on it: its Forced effects may have put some
                times = None
            if holds is None or (holds and times is None):
                need = terms.missing(rest) if holds is None else unstated
                if not need and grant.per in ("damage on it",):
                    need = _unstated_damage(board, target)
                value.gaps.append(
                    f'"{source.name}": "{quote.quote}" depends on what the situation does not state'
                    + (f": {need}" if need else "")
                )
                continue
            if not holds:
                value.steps.append(
                    f'"{source.name}": its condition ({cond}) does not hold, so it gives no {what}'
                )
                idle.append(quote)
                continue
            assert times is not None  # a holding condition with no count is a gap above
            amount = grant.amount * times
            value.add(amount, f'"{source.name}" gives {amount:+d} {what}', quote, CONSTANT)
            if given is not None:
                given.append((amount, quote))
    if len(value.texts) == quoted:  # no grant applied: the texts whose condition failed decide
        value.texts += idle


#: Words of a text that speak of a value (combat damage: ``damage.unread_combat_texts``).
_MENTIONS = {
    "power": compiled(r"\[(?:power|p)\]|\bpower\b", re.IGNORECASE),
    "hit points": compiled(r"\bhit points?\b", re.IGNORECASE),
    TOUGHNESS: compiled(r"\btoughness\b", re.IGNORECASE),
}
#: The start of a sentence that speaks of its own card only ("This unit gains …").
_OWN = compiled(r"^(?:this (?:unit|card|legend|support)|it)\b", re.IGNORECASE)
#: A sentence that speaks of the card its card is attached to.
_HOST = compiled(r"\battached (?:unit|card|legend)\b", re.IGNORECASE)


def _gap(value: Value, gap: str) -> None:
    value.gaps += [gap] if gap not in value.gaps else []


def _unread_mention(
    board: Board,
    source: InPlay,
    target: InPlay,
    constant: texts.Constant,
    what: str,
    value: Value,
) -> None:
    """A constant sentence that speaks of the value in a way not read: a gap where it may reach.

    A sentence none of whose acts gives a grant read here ("gains [Power] equal to …") may
    change the value of whom it reaches; it is never taken as changing nothing.
    """
    pattern = _MENTIONS.get(what)
    if pattern is None or not pattern.search(constant.quote):
        return
    if any(_GRANTS[what](act) is not None for act in constant.clause.acts):
        return  # the sentence's grant is read (its other acts are its condition's words)
    if not _active(source, constant) or _reaches(board, source, target, constant) is False:
        return
    _gap(
        value,
        f'"{source.name}": "{constant.quote.strip()}" speaks of {what}, and how it changes '
        "it is not read by rulesq",
    )


def _unread_mentions(
    board: Board, source: InPlay, target: InPlay, text: str, what: str, value: Value
) -> None:
    """A sentence of a card in play the grammar does not read that speaks of the value: a gap.

    Unless it speaks of its own card only (another card's value asked) or of the card it is
    attached to (another card asked).
    """
    from rulesq.effects.base import Unparsed

    pattern = _MENTIONS.get(what)
    if pattern is None:
        return
    for effect in texts.parsed(text).effects:
        quote = effect.span.of(text).strip()
        if not isinstance(effect, Unparsed) or not pattern.search(quote):
            continue
        body = quote.split(":", 1)[1].strip() if ":" in quote.split(" ", 1)[0] else quote
        if target is not source and (_OWN.match(body) or body.startswith(source.name)):
            continue
        if _HOST.search(body) and source.attached_to is not target:
            continue
        _gap(
            value,
            f'"{source.name}": "{quote}" speaks of {what}, and the grammar does not read it',
        )


def _an_actions(source: InPlay, constant: texts.Constant) -> bool:
    """Whether a lasting text is the effect of its card's Action (this card deals +X for a time)."""
    found = texts.lasting_self_grant(source.card.text or "") if source.card else None
    return found is not None and found.group(0).casefold() in constant.quote.casefold()


def _side(board: Board, target: InPlay, cond: str) -> bool:
    """Whether the unit is on the side a "while attacking/defending" condition names."""
    found = _SIDE.match(cond)
    if found is None:
        return True
    attack = board.attack
    if attack is None:
        return False
    sides = {
        "attacking": attack.attackers,
        "defending": attack.defenders,
        "attacking or defending": [*attack.attackers, *attack.defenders],
    }
    return target in sides[found.group(1)]


def combat_damage(board: Board, target: InPlay) -> Value:
    """The damage a unit adds in combat over its power: the constant grants that reach it."""
    value = Value(0)
    _grants(board, target, value, COMBAT_DAMAGE)
    return value


def toughness_given(board: Board, target: InPlay) -> tuple[Value, list[tuple[int, Text]]]:
    """The constant texts in play that give a unit Toughness: each applying, and the gaps."""
    value, given = Value(0), list[tuple[int, Text]]()
    _grants(board, target, value, TOUGHNESS, given)
    return value, given


def _facedown(target: InPlay, what: str) -> Value | None:
    if not target.facedown:
        return None
    return Value(
        None,
        gaps=[
            f'"{target.name}" is a facedown development: its {what} is not '
            "given by the sources (the FAQ speaks of faceup developments)"
        ],
    )


def power(board: Board, target: InPlay) -> Value:
    """A card's power in play: printed (or a legend's weakest zone) and constant grants."""
    assert target.card is not None
    hidden = _facedown(target, "power")
    if hidden is not None:
        return hidden
    from rulesq.games.warhammer.places import QA_ATTACHED_DEVELOPMENT, loses_all_power

    lost = loses_all_power(board, target)
    if lost is not None:
        return Value(
            0, [f'"{target.name}" loses all power ({lost.card})'], [QA_ATTACHED_DEVELOPMENT], [lost]
        )
    value = printed_power(target.card)
    if value.value is None:
        return value
    _grants(board, target, value, "power")
    _lasting(board, target, value, "power")
    return value


def _lasting(board: Board, target: InPlay, value: Value, what: str) -> None:
    """Add what links resolved this turn did to the value; what is not read is a gap."""
    from rulesq.games.warhammer.lasting_changes import changed, unread

    value.gaps += [gap for gap in unread(board, target, what) if gap not in value.gaps]
    rule = HIT_POINTS if what == "hit points" else CARD_EFFECTS
    for change, quote in changed(board, target, what):
        value.add(change, f'"{quote.card}" resolved on it: {change:+d}', quote, rule)


def steady_hit_points(target: InPlay, points: Value) -> int | None:
    """The hit points a unit's unstated damage stays below, or None: no bound is read.

    A unit in play holds less damage than its hit points (more destroys it) only where they are
    its printed hit points, nothing in play changing them: a text that lowers them now may be
    what destroys it (a "-1 hit points" given to a defender with 1 damage).
    """
    if target.card is None or points.gaps or points.value is None or len(points.steps) != 1:
        return None
    printed = printed_hit_points(target.card).value
    return points.value if printed == points.value else None


def hit_points(board: Board, target: InPlay) -> Value:
    """A unit's hit points in play: printed plus or minus constant modifiers."""
    assert target.card is not None
    hidden = _facedown(target, "hit points")
    if hidden is not None:
        return hidden
    value = printed_hit_points(target.card)
    if value.value is None:
        return value
    _grants(board, target, value, "hit points")
    _lasting(board, target, value, "hit points")
    if value.value is not None and value.value < 0:
        value.value = 0
        value.steps.append("a number is never reduced below zero")
        value.rules.append(REDUCTION)
    return value


def zone_icons(card: Card) -> Value:
    """The power icons a legend deals in combat: those of a zone (FAQ, Legends).

    "When a legend is attacked through a particular zone, the legend deals combat damage equal
    to its power icons in that zone"; which zone an attacking legend's icons are read from is
    not said, so only a legend whose zones all show the same icons gives one count. A zone
    string ("1-2-1") gives no zone order: which zone shows which is never guessed.
    """
    named = card.fields.get("zone_power")
    shown = list(named.values()) if isinstance(named, dict) else card.fields.get("zone_icons")
    if not isinstance(shown, list) or not shown:
        return Value(
            None,
            rules=[LEGENDS],
            gaps=[f'the sources do not give the power icons of each zone of "{card.name}"'],
        )
    if len(set(shown)) == 1:
        return Value(
            shown[0],
            [f'"{card.name}" shows {shown[0]} power icons in each zone: it deals {shown[0]}'],
            [LEGENDS],
        )
    order = "" if isinstance(named, dict) else " with no zone order"
    gap = (
        f'the sources give "{card.name}" power icons {card.fields.get("power_icons")} by '
        f"zone{order}, and a legend deals combat damage equal to its power icons in a "
        "zone: which zone's icons count here is not known"
    )
    # every zone gives one of its counts: from the fewest icons to the most
    return Value(None, rules=[LEGENDS], gaps=[gap], bounds=(min(shown), max(shown)), bounded=[gap])


def capital_icons(race: str, player: str = ME) -> str:
    """Why a capital's own icons leave a loyalty count open (the seeds never give them)."""
    whose = "my" if player == ME else "your"
    return (
        f"the sources never say which loyalty icons a capital shows, and [{race}] icons on "
        f"{whose} capital would lower what the loyalty adds (state them: "
        f"{whose} capital shows no loyalty icons, or {whose} capital shows 1 [{race}] "
        "loyalty icon)"
    )


def loyalty_icons(board: Board, race: str, player: str = ME) -> Value:
    """The loyalty icons of a race among the cards a player controls in play.

    FAQ Q&A 5: only loyalty icons in play count towards loyalty costs.
    """
    from rulesq.games.warhammer.places import in_play

    value = Value(0, rules=[LOYALTY, LOYALTY_IN_PLAY])
    shown = board.capital(player).icons
    if shown is not None:
        value.add(shown.get(race, 0), f"the capital shows {shown.get(race, 0)} [{race}] icons")
    for placed in board.cards:
        if placed.owner != player or placed.card is None or placed.facedown:
            continue
        if not in_play(board, placed):  # destroyed, sacrificed or moved out of play
            continue
        if placed.card.fields.get("race") != race:
            continue
        icons = placed.card.fields.get("loyalty")
        if not isinstance(icons, int):
            value.gaps.append(f'the sources do not give the loyalty icons of "{placed.name}"')
            continue
        value.add(icons, f'"{placed.name}" shows {icons} [{race}] loyalty icons')
    from rulesq.games.warhammer.turn_plays import played_unplaced

    unknown = bool(value.gaps)  # an icon count not given: no most
    most = 0
    for card in played_unplaced(board, player):
        icons = card.fields.get("loyalty")
        if card.fields.get("race") != race or not icons:
            continue
        most += icons if isinstance(icons, int) else 0
        unknown = unknown or not isinstance(icons, int)
        value.gaps.append(
            f'"{card.name}", stated played, is not stated in play or out of it: its '
            f"[{race}] loyalty icons count only while it is in play"
        )
    if value.gaps and value.value is not None:
        # the icons not known: at least those counted, at most those and the cards' that may be
        value.bounds = (value.value, None if unknown else value.value + most)
    return value
