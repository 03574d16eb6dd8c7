"""What a card's parsed text says that the board questions read.

Its constant acts (with the zone they are active in), power and hit-point grants, cost
changes and play restrictions.

Each reading works on the typed nodes of ``rulesq.games.warhammer.effects``: an ``Act`` of a
verb family, its subject and object words. A text whose shape is not one of those read here
is reported as not understood (the caller answers *cannot answer*), never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from rulesq.effects.words import parse_number
from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer.vocab import Zone
from rulesq.regexcache import compiled

POWER_ICON = "[power]"


#: An Action's effect that makes its own card deal more damage in combat for a time.
_LASTING_SELF_GRANT = compiled(
    r"\bthis (?:unit|legend) deals? \+(?P<n>\d+|X) damage in combat "
    r"until (?:the )?end of the (?P<until>turn|phase)\b",
    re.IGNORECASE,
)


def lasting_self_grant(text: str) -> re.Match[str] | None:
    """The words of an Action's text that give its own card +N (or +X) combat damage for a time."""
    return _LASTING_SELF_GRANT.search(text) if "Action:" in text else None


@cache
def parsed(text: str) -> fx.WarhammerParsedText:
    """A text in force, parsed (once)."""
    from rulesq.games.warhammer.parse import parse_card_text

    return parse_card_text(text)


def zoned(text: str) -> Iterator[tuple[tuple[Zone, ...], fx.Effect]]:
    """Each effect of a text with the zones its zone words name (none: active in any zone).

    One sentence of zone words names them all ("Kingdom or Quest." names two: the text after
    it is active in either); the next such sentence replaces them.
    """
    zones: tuple[Zone, ...] = ()
    said: tuple[int, int] | None = None
    for effect in parsed(text).effects:
        if isinstance(effect, fx.ZoneText):
            here = (effect.span.start, effect.span.end)
            zones = (*zones, effect.zone) if here == said else (effect.zone,)
            said = here
            continue
        yield zones, effect


def active_in(zones: tuple[Zone, ...], zone: Zone | None) -> bool:
    """Whether a text after zone words naming ``zones`` is active in ``zone`` (none: any zone)."""
    return not zones or zone in zones


def zone_names(zones: tuple[Zone, ...]) -> str:
    """The zones, for a reason: "kingdom or quest"."""
    return " or ".join(z.value for z in zones)


@dataclass(frozen=True)
class Constant:
    """A constant act of a card: the act, its clause (frame) and the zones it is active in."""

    act: fx.Act
    clause: fx.Clause
    zones: tuple[Zone, ...]
    subject: str
    quote: str


def constants(text: str) -> Iterator[Constant]:
    """The acts of a text outside any ability: its constant effects (FAQ, Constant Effects)."""
    for zones, effect in zoned(text):
        if not isinstance(effect, fx.Clause) or effect.trigger is not None:
            continue
        subject = ""
        for act in effect.acts:
            if act.subject is not None:
                subject = act.subject.render().lower()
            yield Constant(act, effect, zones, subject, effect.span.of(text))


def words(act: fx.Act) -> str:
    """The act's object words, lower case."""
    return act.object.render().lower() if act.object else ""


#: The restrictions that let a card be played only during its player's own turn (lower case).
OWN_TURN_ONLY = ("play during your turn", "play only during your turn", "play only on your turn")


def own_turn_only(text: str) -> str | None:
    """The sentence of a text that lets it be played only during its player's turn, or None."""
    for sentence in play_restrictions(text):
        if sentence.lower().rstrip(".") in OWN_TURN_ONLY:
            return sentence
    return None


def play_restrictions(text: str) -> list[str]:
    """The sentences of a text that restrict when it is played ("Play during your turn.")."""
    out = []
    for effect in parsed(text).effects:
        if isinstance(effect, fx.Clause) and effect.acts and effect.trigger is None:
            first = effect.acts[0]
            if first.kind == "play" and first.subject is None and first.verb == "Play":
                out.append(effect.span.of(text).strip())
    return out


def plays_any_time(text: str) -> str | None:
    """The sentence of a text that lets it be played whenever an action could be taken."""
    for effect in parsed(text).effects:
        if isinstance(effect, fx.Clause):
            for act in effect.acts:
                if act.kind == "play" and act.modal == "may" and "any time" in words(act):
                    return effect.span.of(text).strip()
    return None


def zone_only(text: str) -> tuple[Zone, str] | None:
    """The zone a "Battlefield only." text allows the card to be played in."""
    for effect in parsed(text).effects:
        if isinstance(effect, fx.Only) and effect.zone is not None:
            return effect.zone, effect.span.of(text).strip()
    return None


def attach_to(text: str) -> tuple[fx.Selector, str] | None:
    """What an attachment's "Attach to …" allows, and the sentence."""
    for effect in parsed(text).effects:
        if isinstance(effect, fx.AttachTo):
            return effect.to, effect.span.of(text).strip()
    return None


def hero_limit(text: str) -> str | None:
    """The "Limit one Hero per zone." sentence of a text, if any."""
    for effect in parsed(text).effects:
        if isinstance(effect, fx.Limit) and effect.per == "zone":
            return effect.span.of(text).strip()
    return None


def limited_text(text: str) -> str | None:
    """The Limited keyword of a text (with its reminder), if any."""
    for effect in parsed(text).effects:
        if isinstance(effect, fx.Keyword) and effect.name == "Limited":
            return effect.span.of(text).strip()
    return None


@dataclass(frozen=True)
class Grant:
    """A change a constant act makes to a value.

    So much, times what ("for each …"), on the condition of what ("while …", "if …").
    """

    amount: int
    per: str = ""
    condition: str = ""


#: "[Power]", or "[P]" as some card texts print the icon.
_POWER = compiled(r"^((?:\[(?:power|p)\]\s*)+)(.*)$")
_ICON = compiled(r"\[(?:power|p)\]")
_HIT = compiled(r"^([+-]\d+) hit points?(.*)$")


def power_grant(act: fx.Act) -> Grant | None:
    """The power a "gains [Power][Power] …" or "loses [Power]" act gives, or None."""
    if act.kind not in ("gain", "lose"):
        return None
    found = _POWER.match(words(act))
    if found is None:
        return None
    n = len(_ICON.findall(found.group(1))) * (-1 if act.kind == "lose" else 1)
    return _tail(n, found.group(2))


def hit_point_grant(act: fx.Act) -> Grant | None:
    """The hit points a "gets +2 hit points" act gives, or None."""
    if act.kind != "gain":
        return None
    found = _HIT.match(words(act))
    return _tail(int(found.group(1)), found.group(2)) if found else None


#: "gains Toughness 1" (after another keyword: "gains Scout and Toughness 1").
_TOUGHNESS = compiled(r"^(?:[\w-]+ and )?toughness (\d+)\b(.*)$")


def toughness_grant(act: fx.Act) -> Grant | None:
    """The Toughness a "gains Toughness 1" act gives, or None.

    "Toughness X, where X is …" is a grant of 1 for each X (``per`` is :data:`X`).
    """
    if act.kind != "gain":
        return None
    found = _TOUGHNESS.match(words(act))
    if found is not None:
        return _tail(int(found.group(1)), found.group(2))
    found = _TOUGHNESS_X.match(words(act))
    if found is None:
        return None
    grant = _tail(1, found.group(1))
    return None if grant.per else Grant(1, X, grant.condition)


#: "gains Toughness X, where X is …".
_TOUGHNESS_X = compiled(r"^toughness x\b(.*)$")


_COMBAT_DAMAGE = compiled(
    r"^(?:\+(\d+|x) damage in combat|(\d+) additional damage|"
    r"an? additional \+(\d+) damage in combat)(.*)$"
)
#: The count of a grant of X ("deals +X damage in combat"): X as the card's text defines it.
X = "X"


def combat_damage_grant(act: fx.Act) -> Grant | None:
    """The damage a "deals +2 damage in combat" (or "2 additional damage") act adds, or None.

    "+X" is a grant of 1 for each X (``per`` is :data:`X`).
    """
    if act.kind != "deal_damage":
        return None
    found = _COMBAT_DAMAGE.match(words(act))
    if found is None:
        return None
    amount = found.group(1) or found.group(2) or found.group(3)
    if amount == "x":
        grant = _tail(1, found.group(4))
        return None if grant.per else Grant(1, X, grant.condition)
    return _tail(int(amount), found.group(4))


def _tail(n: int, rest: str) -> Grant:
    rest = rest.strip().strip(",").strip()
    rest = _WHERE_X.sub("", rest).strip()
    per = ""
    if rest.startswith("for each "):
        per, rest = rest.removeprefix("for each "), ""
        for lead in (" while ", " if "):
            if lead in per:
                per, rest = per.split(lead, 1)[0], lead.strip() + " " + per.split(lead, 1)[1]
    return Grant(n, per.strip(), rest.strip())


#: "where X is …" after a grant: X is read from the card's text, not from the grant.
_WHERE_X = compiled(r",?\s*where x is .*$")


_COST = compiled(
    r"^the cost (?:to play|for you to play|of) (?P<what>.+?) by "
    r"(?P<n>\d+|x|one|two|three|four|five)(?P<rest>.*)$"
)


@dataclass(frozen=True)
class CostChange:
    """A constant cost change: what it applies to, by how much, and on what condition."""

    what: str
    amount: int | str
    rest: str


def cost_change(act: fx.Act) -> CostChange | None:
    """A "Lower the cost to play this unit by 3 if …" act read, or None."""
    if act.kind not in ("lower_cost", "raise_cost"):
        return None
    found = _COST.match(words(act))
    if found is None:
        return None
    amount: int | str = found.group("n")
    if amount != "x":
        amount = parse_number(str(amount))
    if act.kind == "raise_cost" and isinstance(amount, int):
        amount = -amount
    return CostChange(found.group("what"), amount, found.group("rest").strip())


#: Words of a sentence not read that may send an effect to another card than its target.
ELSEWHERE = compiled(r"\b(?:target\w*|instead|redirect\w*)\b", re.IGNORECASE)


def unread_reaching(said: list[str]) -> str | None:
    """A sentence of the texts the grammar does not read that may send an effect elsewhere.

    One that speaks of targets or of an effect applied "instead" ("any opponent's effect that
    targets chosen unit is applied to this unit instead"); None: none.
    """
    from rulesq.effects.base import Unparsed

    for text in said:
        for effect in parsed(text).effects:
            quote = effect.span.of(text).strip()
            if isinstance(effect, Unparsed) and ELSEWHERE.search(quote):
                return quote
    return None
