"""The Warhammer: Invasion card pool (``../shared/data``) with the FAQ's errata applied.

The data's ``rules_text`` is split into the printed rules text and its flavour text
(``split_rules_text``), card errata are merged into it (``MERGES``) and the FAQ's four
global substitutions are applied (``apply_globals``), giving the text in force.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

import warhammer_fixes
from common import CARD_KEYS as COMMON_CARD_KEYS
from common import DATA

GAME = "warhammer"
CARD_KEYS = COMMON_CARD_KEYS
CARDS_FILE = "warhammer-invasion-cards.json"
PACKS_FILE = "warhammer-invasion-packs.json"

# --------------------------------------------------------------------------- text split

#: Leading tokens of the data's traits field that are really card text (zone words,
#: faction restrictions, keywords): dropped from ``traits``, kept in the text.
NOT_TRAITS = re.compile(
    r"^(Kingdom|Quest|Battlefield|Limited|Scout|Toughness \d+|.* [Oo]nly|Kingdom or Quest)$"
)
#: Words of the card-rules vocabulary. A sentence with none of them (and no digit, icon or
#: X) is flavour text when it comes after the last sentence that has one.
RULES_WORDS = re.compile(
    r"\b(units?|cards?|damage|resources?|tokens?|zones?|targets?|targeted|targeting|"
    r"action|actions|forced|opponents?|opponent's|players?|player's|deck|decks|hand|hands|"
    r"discard|discarded|quests?|questing|kingdom|battlefield|capital|developments?|"
    r"hit points?|loyalty|attach|attached|attachments?|corrupt|corrupted|uncorrupt|destroy|"
    r"destroyed|restore|restored|draw|draws|drawn|legends?|support|tactics?|"
    r"attack|attacks|attacked|attacking|attacker|attackers|defend|defends|defending|"
    r"defender|defenders|phase|phases|controls|controlled|controller|controller's|"
    r"gains|lose|loses|cannot|search|reveal|revealed|shuffle|named|copies|experience|"
    r"uncancellable|burn|burns|burned|burning|play|plays|played|playing|toughness|"
    r"counterstrike|scout|ambush|ambushes|savage|feared|necromancy|raider|limited|limit|"
    r"epic|restricted|sacrifice|sacrificed|tie|facedown|faceup|ability|abilities|trigger|"
    r"triggered|triggers|effects?|spend|spent|pool|moved|cancel|cancelled|canceled|"
    r"remove|removed|returned|put|additional|instead|printed|costs|mulligan|hero|heroes|"
    r"zone's|unit's|card's|owner|owner's|enters|leaves|assigned|assign|dealt|deal|deals|"
    r"lower|lowered|reveals|pays|pay|whenever|spell|spells|icons?|indirect|combat|"
    r"redirect|redirected|blank|traits?|affiliation|section|sections|reduce|reduced|"
    r"ignore|ignored|unless)\b",
    re.IGNORECASE,
)
#: A faction or zone restriction sentence ("Order only.", "Quest zone only.").
ONLY = re.compile(r"^[A-Z][\w /-]* only\.$")


@dataclass
class Split:
    """The parts of the data's ``rules_text``."""

    printed: str
    flavour: str | None
    hit_points: str | None
    traits: list[str]
    artifact: bool


def split_rules_text(raw: str, traits: Sequence[str], vocabulary: set[str]) -> Split:
    """Split a card's ``rules_text`` into header, printed rules text and flavour text.

    The data's text is "Hit Points: N" (units), then the trait line ("Warrior. Elite."),
    then the rules, then the flavour text, all run together. The header is stripped by
    pattern; a leading token is a trait when the card's traits field (or, failing that,
    the pool's trait vocabulary) names it. Flavour is the longest run of final sentences
    with no word of the rules vocabulary (``RULES_WORDS``), no digit, icon or X: a rules
    sentence is never cut, while a flavour sentence that uses a rules word ("This act
    will cost you dearly!") stays in the printed text.
    """
    text = " ".join(raw.split())  # spacing normalised
    artifact = False
    if text[:2] in ("- ", "= "):  # a scraping artefact of the source data
        text, artifact = text[2:].lstrip(), True
    hp = None
    match = re.match(r"Hit Points: (\d+|X)\s+", text)
    if match:
        hp, text = match.group(1), text[match.end() :]
    found: list[str] = []
    while True:
        match = re.match(r"([A-Z][\w' -]*?)\.(?:\s+|$)", text) or re.match(
            r"([A-Z][\w'-]*)\s+(?=[A-Z])", text
        )
        if not match or not _is_trait(
            match.group(1), traits, vocabulary, period=match.group(0).rstrip().endswith(".")
        ):
            break
        found.append(match.group(1))
        text = text[match.end() :]
    parts = sentences(text)
    cut = len(parts)
    while cut > 0 and is_flavour(parts[cut - 1]):
        cut -= 1
    printed = " ".join(parts[:cut])
    flavour = " ".join(parts[cut:]) or None
    return Split(printed, flavour, hp, found, artifact)


def _is_trait(token: str, traits: Sequence[str], vocabulary: set[str], *, period: bool) -> bool:
    if NOT_TRAITS.match(token):
        return False
    if not period:  # "Mission Play in ..." : only a trait the card's field names
        return token in traits
    known = traits or vocabulary  # a card with no traits field: the pool's trait words
    return any(token == t or SequenceMatcher(None, token, t).ratio() >= 0.8 for t in known)


def sentences(text: str) -> list[str]:
    """The sentences of a card text; parentheses and double quotes are not split."""
    out: list[str] = []
    start = depth = 0
    quoted = False
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == '"':
            quoted = not quoted
        at_end = i + 1 == len(text) or text[i + 1] == " "
        final = text[: i + 1].rstrip(')"')[-1:] in (".", "!", "?")
        if at_end and final and depth == 0 and not quoted:
            out.append(text[start : i + 1].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


def is_flavour(sentence: str) -> bool:
    """Whether a sentence reads as flavour: no rules word, digit, icon or X in it."""
    if sentence.startswith('"') or sentence.startswith("Card designed by"):
        return True  # quoted speech, or the designer's credit line
    if ONLY.match(sentence) or RULES_WORDS.search(sentence):
        return False
    return not re.search(r"\d|\[|\bX\b", sentence)


# --------------------------------------------------------------------------- pool


def number(value: str | None) -> int | str | None:
    """A numeric field: an int, "X" kept as the string "X", anything else kept as text."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    if value.isdigit():
        return int(value)
    return value


@dataclass
class PoolCard:
    """A card of the pool with its parsed fields (before errata)."""

    id: str
    name: str
    type: str
    pack: str
    pack_code: str
    number: int
    race: str
    cost: int | str | None
    loyalty: int | str | None
    power: int | str | None
    hit_points: int | str | None
    traits: list[str] | None
    printed: str | None
    flavour: str | None


@dataclass
class CardPool:
    """All cards of the data, indexed by number for resolving the FAQ's references."""

    cards: list[PoolCard]
    by_number: dict[int, list[PoolCard]] = field(default_factory=dict)
    #: What text-fixes.toml corrected, by card id (corpus/build/warhammer_fixes.py).
    corrections: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for card in self.cards:
            self.by_number.setdefault(card.number, []).append(card)

    @classmethod
    def load(cls, problems: list[str]) -> CardPool:
        """Read the card and pack files of ``../shared/data``."""
        raw = json.loads((DATA / CARDS_FILE).read_text(encoding="utf-8"))
        packs = json.loads((DATA / PACKS_FILE).read_text(encoding="utf-8"))
        names = {p["code"]: p["name"] for p in packs}
        order = {p["code"]: p["position"] for p in packs}
        raw.sort(key=lambda c: (order[c["pack_code"]], int(c["card_number"]), c["name"]))
        vocabulary = {t for c in raw for t in _field_traits(c.get("traits"))}
        notes: dict[str, list[str]] = {}
        cards = [_card(c, names, vocabulary, notes) for c in raw]
        for note, who in sorted(notes.items()):
            problems.append(f"Data: {note} ({len(who)} cards, e.g. {', '.join(who[:3])}).")
        corrections = warhammer_fixes.apply(cards, problems)
        return cls(cards, corrections=corrections)

    def resolve(
        self, name: str, num: int | None, problems: list[str], where: str
    ) -> PoolCard | None:
        """The card the FAQ names as "<number> <name>": same number, closest name."""
        candidates = self.by_number.get(num, []) if num is not None else self.cards
        scored = sorted(
            ((name_similarity(name, c.name), c.id, c) for c in candidates),
            key=lambda s: (-s[0], s[1]),
        )
        if not scored or scored[0][0] < 0.85:
            raise ValueError(f"{where}: no card numbered {num} is called {name!r}")
        best = scored[0][2]
        if name.translate(QUOTES) != best.name:
            problems.append(
                f"The {where} spell {num} {name!r}; the pool's card is "
                f"{best.name!r} ({best.pack} {best.number})."
            )
        return best

    def match_text(self, fragment: str, problems: list[str]) -> PoolCard | None:
        """The one card whose printed text contains a sentence like ``fragment``."""
        wanted = strip_ellipses(fragment)
        scored = []
        for card in self.cards:
            if card.printed:
                best = max(
                    SequenceMatcher(None, wanted.lower(), s.lower()).ratio()
                    for s in sentences(card.printed)
                )
                scored.append((best, card.id, card))
        scored.sort(key=lambda s: (-s[0], s[1]))
        (top, _, card), (second, _, runner) = scored[0], scored[1]
        if top >= 0.75 and second <= top - 0.2:
            problems.append(
                f"An erratum with no card name ('Should read: {fragment}') is resolved by its "
                f"text to {card.name} ({card.pack} {card.number}): its printed sentence is "
                f"the only close one in the pool (similarity {top:.2f}; next best "
                f"{second:.2f}, {runner.name})."
            )
            return card
        problems.append(
            f"An erratum with no card name ('Should read: {fragment}') matches "
            f"no single card of the pool; it is left unattached."
        )
        return None


#: Card types that bear a trait on nearly every card of the pool (a missing one is unknown);
#: tactics, quests and legends often bear none (traits null for 154 of 259 tactics, 29 of 57
#: quests, 24 of 28 legends in the data), so for them a text without traits means none.
TRAITS_EXPECTED = ("Unit", "Support")


def _field_traits(value: str | None) -> list[str]:
    if not value:
        return []
    items = [t.strip().lstrip("- ").rstrip(".").strip() for t in re.split(r"[,.]", value)]
    return [t for t in items if t and not NOT_TRAITS.match(t)]


def _card(
    raw: dict[str, Any], packs: dict[str, str], vocabulary: set[str], notes: dict[str, list[str]]
) -> PoolCard:
    name = raw["name"]
    field_traits = _field_traits(raw.get("traits"))
    if raw.get("traits") and len(field_traits) < len(
        [t for t in re.split(r"[,.]", raw["traits"]) if t.strip()]
    ):
        notes.setdefault(
            "the traits field lists card text (a zone, 'X only', Limited, a "
            "keyword) among the traits; dropped from `traits`",
            [],
        ).append(name)
    split = (
        split_rules_text(raw["rules_text"], field_traits, vocabulary)
        if raw.get("rules_text")
        else None
    )
    cost_text = raw.get("cost", "")
    cost = number(cost_text.rstrip(" +"))
    loyalty = number(raw.get("loyalty"))
    if cost_text.endswith("+"):
        notes.setdefault(
            "the cost reads 'N +' and the loyalty is missing: the cost is N and "
            "the loyalty unknown (null)",
            [],
        ).append(name)
    power = number(raw.get("power") if raw.get("power") is not None else raw.get("power_icons"))
    if raw.get("power") and raw.get("power_icons") and raw["power"] != raw["power_icons"]:
        notes.setdefault("`power` and `power_icons` disagree; `power` is used", []).append(name)
    hit_points = number(raw.get("health"))
    if split and split.hit_points is not None:
        if hit_points is None:
            hit_points = number(split.hit_points)
        elif str(hit_points) != split.hit_points:
            notes.setdefault(
                "the 'Hit Points: N' of the text disagrees with `health`; `health` is used", []
            ).append(name)
    if split and split.artifact:
        notes.setdefault(
            "`rules_text` starts with '- ' or '= ' (a scraping artefact); stripped", []
        ).append(name)
    if not raw.get("rules_text"):
        notes.setdefault("no `rules_text`: the printed text is unknown (null)", []).append(name)
    if split and re.search(r"\+-(?:\d|X\b)", split.printed):
        notes.setdefault(
            "the text reads '+-X' (a sign lost or doubled in the source data): whether the "
            "amount is added or taken away is unknown; the text is kept as given, and an "
            "answer that reads it is cannot answer",
            [],
        ).append(name)
    traits: list[str] | None = field_traits or (split.traits if split else None) or []
    if not raw.get("rules_text") and not field_traits:
        traits = None
    elif not traits and raw["type"] in TRAITS_EXPECTED:
        notes.setdefault(
            "no trait in the `traits` field nor at the head of the text of a unit or a "
            "support: nearly every unit and support of the pool bears a trait (in the field, "
            "or at the head of its text when the field is null: 501 of 503 units, 273 of 276 "
            "supports), so these traits are unknown (null), not none: an answer that reads "
            "them is cannot answer until the situation states them",
            [],
        ).append(name)
        traits = None
    return PoolCard(
        id=f"{GAME}/{raw['pack_code']}-{int(raw['card_number'])}",
        name=name,
        type=raw["type"],
        pack=packs[raw["pack_code"]],
        pack_code=raw["pack_code"],
        number=int(raw["card_number"]),
        race=raw["race"],
        cost=cost,
        loyalty=loyalty,
        power=power,
        hit_points=hit_points,
        traits=traits,
        printed=split.printed if split else None,
        flavour=split.flavour if split else None,
    )


def fold(name: str) -> str:
    """A name folded for comparison: case, quotes, hyphens and spacing ignored."""
    name = name.replace("\u2019", "'").replace("\u2018", "'").casefold()
    return " ".join(re.sub(r"[-\u2013]", " ", name).split())


def name_similarity(a: str, b: str) -> float:
    """How alike two card names are (1.0 when equal after folding)."""
    return SequenceMatcher(None, fold(a), fold(b)).ratio()


def strip_ellipses(fragment: str) -> str:
    """An erratum fragment without its leading and trailing ellipses."""
    return re.sub(r"^(?:\.\.\.|\u2026)\s*|\s*(?:\.\.\.|\u2026)$", "", fragment.strip())


# --------------------------------------------------------------------------- errata

#: How each card erratum's "Should read" text enters the printed text. A "Should read"
#: restates one ability or one sentence of the card, and the printed parts it does not
#: restate (a Hero limit, "Order only.", another ability) stay, as its "..." say for the
#: partial ones. Each entry names the printed span the quoted text replaces (it must occur
#: exactly once in the printed text), or WHOLE (the quote is the whole text box), or START
#: (the quote is put before the printed text), or an Uncertain reason: the text in force
#: is then unknown (null) rather than guessed.
WHOLE, START = "<whole text>", "<start>"


@dataclass(frozen=True)
class Uncertain:
    """An erratum whose merge the seed leaves open; the note says why."""

    note: str


@dataclass(frozen=True)
class Splice:
    """An erratum that restates part of a printed sentence or ability: its quoted text
    replaces ``span``; a restated ability header ("Action: ") is dropped when the span sits
    inside that ability, and a quote that starts a sentence is lower-cased when the span
    continues one. The reading is an assumption the answers state (``assumes``)."""

    span: str
    assumes: str
    header: str = ""


MERGES: dict[str, str | Uncertain | Splice] = {
    "warhammer/core-set-8": WHOLE,
    "warhammer/core-set-34": WHOLE,
    "warhammer/core-set-47": WHOLE,
    "warhammer/core-set-98": WHOLE,
    "warhammer/core-set-116": Splice(
        "Restricted",
        "Warpstone Excavation's erratum 'Limit 1 per deck...' is taken to "
        "replace the printed keyword 'Restricted' (the FAQ's restricted list replaces that "
        "keyword; the later printing of Innovation drops it); the seed does not say so.",
    ),
    "warhammer/path-of-the-zealot-27": WHOLE,
    "warhammer/path-of-the-zealot-37": "Forced: After this unit enters play, destroy a unit that "
    "does not share the racial affiliation of its controller's capital.",
    "warhammer/tooth-and-claw-55": "Action: At the beginning of your turn, uncorrupt all "
    "Skaven units.",
    "warhammer/the-deathmaster-s-dance-64": "It then counts as an Attachment support with the "
    'text "Attached unit is destroyed at the end of its controller\'s turn."',
    "warhammer/the-deathmaster-s-dance-76": "Forced: Each time this unit is assigned 1 damage, "
    "remove a resource token from this unit to cancel that damage. Then, add 1 resource to "
    "your pool.",
    "warhammer/the-deathmaster-s-dance-77": WHOLE,
    "warhammer/the-deathmaster-s-dance-79": "Action: Corrupt this unit to destroy one target "
    "unit with fewer hit points than the number of Skaven cards in play.",
    "warhammer/warpstone-chronicles-85": "Action: Sacrifice attached unit to lower the cost of "
    "the next non-Epic tactic you play this turn to 0.",
    "warhammer/arcane-fire-115": WHOLE,
    "warhammer/assault-on-ulthuan-13": WHOLE,
    "warhammer/assault-on-ulthuan-19": WHOLE,
    "warhammer/the-silent-forge-49": "Action: Discard X resource tokens from this card to put "
    "into play a unit in your discard pile into any zone.",
    "warhammer/legends-51": "If attached unit is dealt damage, remove a resource token from "
    "this card instead.",
    "warhammer/the-fourth-waystone-81": "Action: At the beginning of your turn, this unit deals "
    "damage equal to its power to target unit. Then, the target unit deals damage equal to its "
    "power to this unit.",
    "warhammer/the-imperial-throne-104": "Action: Move this unit onto a quest you control.",
    "warhammer/march-of-the-damned-9": "Action: When one or more units are destroyed, put a "
    "resource token on this card.",
    "warhammer/the-iron-rock-58": "Action: When you play a unit with Savage from your hand",
    "warhammer/the-imperial-throne-109": "Action: Spend X resources to put a resource token on "
    "this card.",
    "warhammer/omens-of-ruin-11": WHOLE,
    "warhammer/assault-on-ulthuan-36": WHOLE,
    "warhammer/the-twin-tailed-comet-49": WHOLE,
    "warhammer/assault-on-ulthuan-46": "Battlefield. Action: When you declare this unit as an "
    "attacker",
    "warhammer/legends-40": "Action: Corrupt this unit and",
    "warhammer/the-fall-of-karak-grimaz-25": "Action: When this unit attacks, move one unit "
    "from the defending zone to another zone controlled by the same player.",
    "warhammer/legends-45": "Action: Target unit you control gains Savage X",
    "warhammer/rising-dawn-6": "Action: Spend X resources to put all [Orc] units attached to "
    "this card into play in your battlefield",
    "warhammer/the-accursed-dead-50": "That unit may then move onto a quest, if able. (Limit "
    "once per turn.)",
    "warhammer/the-accursed-dead-57": Splice(
        "if you control a legend or Artefact support card, return target card from your "
        "discard pile to your hand.",
        "Arcane Power's erratum restates the sentence after the printed 'Action: Draw a card. "
        "Then,' (it adds '(other than an Arcane Power)'); the printed start is taken to stay, "
        "and the Limited keyword is added. The seed does not say whether the start stays.",
    ),
    "warhammer/shield-of-the-gods-108": Splice(
        "Move all resource tokens and questing units from the target quest to the new quest.",
        "Temple of Ulric's erratum restates the second sentence of the printed Action (adding "
        "'(limit once per turn.)'), prefixed with that Action's 'Action:'; the printed first "
        "sentence ('Switch target quest ...') is taken to stay. The seed does not say so.",
        header="Action: ",
    ),
    "warhammer/portent-of-doom-90": WHOLE,
    "warhammer/days-of-blood-20": START,
}
#: Notes on merges that rest on a reading of the seed (reported as seed problems).
MERGE_NOTES = {
    "warhammer/days-of-blood-20": "Muster for War's 'Limit 1 per deck...' gives no anchor in "
    "the printed text; it is put before the printed text and nothing printed is dropped "
    "(the seed does not say whether the printed 'Limited.' goes).",
    "warhammer/the-imperial-throne-109": "The Imperial Zoo's 'Should read' has no closing "
    "quotation mark and no trailing '...': it replaces the printed Action sentence it "
    "restates, and the printed 'X is the number of resource tokens on this card.' stays "
    "(without it X would be 0).",
    "warhammer/the-silent-forge-49": "Return to Glory's 'Should read' restates only the "
    "Action: it replaces the printed Action sentence, and the rest ('X equals the printed "
    "cost of the unit.', the Forced ability) stays.",
    "warhammer/the-deathmaster-s-dance-64": "Vigilant Electors' 'Should read' ends with a "
    "quotation nested in it, and one closing mark serves both: the quoted text runs to the "
    "end of the entry.",
    "warhammer/rising-dawn-6": "The Unending Horde's erratum prints the Orc icon as '%'; "
    "in the text in force it is '[Orc]', as in the printed text it replaces.",
}
QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


def merge(printed: str, fragment: str, rule: str | Uncertain | Splice) -> str | None:
    """The printed text with an erratum's quoted text merged in (None when unknown)."""
    if isinstance(rule, Uncertain):
        return None
    replacement = strip_ellipses(fragment).translate(QUOTES).replace("%", "[Orc]")
    if isinstance(rule, Splice):
        if printed.count(rule.span) != 1:
            raise ValueError(f"the span {rule.span!r} is not found exactly once in {printed!r}")
        replacement = replacement.removeprefix(rule.header)
        if rule.span[0].islower():
            replacement = replacement[0].lower() + replacement[1:]
        if not rule.span.endswith(".") and not replacement.endswith("."):
            replacement += "."  # a keyword replaced by a sentence keeps its full stop
        return printed.replace(rule.span, replacement)
    if rule == WHOLE:
        return replacement
    if rule == START:
        return f"{replacement.rstrip('.')}. {printed}".strip()
    if printed.count(rule) != 1:
        raise ValueError(f"the span {rule!r} is not found exactly once in {printed!r}")
    return printed.replace(rule, replacement)


# --------------------------------------------------------------------------- globals

#: Wording the global "after" -> "when" substitution leaves alone: here "after" orders two
#: phases and is no trigger, and "when" would make the sentence meaningless.
AFTER_KEPT = (r"after(?= the current battlefield phase)",)


def apply_globals(text: str, ids: Sequence[str]) -> tuple[str, list[str], list[str]]:
    """The four global substitutions applied; returns the text, the ids that changed it
    and the places where the "after" substitution was left out."""
    used: list[str] = []
    kept: list[str] = []

    def sub(n: int, pattern: str, repl: Any, source: str) -> str:
        out = re.sub(pattern, repl, source)
        if out != source:
            used.append(ids[n - 1])
        return out

    text = sub(
        1,
        r"\b([Aa])fter your turn begins\b",
        lambda m: ("A" if m.group(1) == "A" else "a") + "t the beginning of your turn",
        text,
    )
    keep = "|".join(AFTER_KEPT)

    def when(match: re.Match[str]) -> str:
        if re.match(keep, text[match.start() :], re.IGNORECASE):
            kept.append(match.group(0))
            return match.group(0)
        return "When" if match.group(0) == "After" else "when"

    text = sub(2, r"\b[Aa]fter\b", when, text)
    if re.search(r"\bredirect", text, re.IGNORECASE):
        text = sub(
            3, r"\bdamage (?:just assigned|assigned|dealt)\b", "damage that would be dealt", text
        )
    text = sub(
        4,
        r"\bIf you con(?:t?)rol a non-(\[[^\]]+\]|[A-Z][\w ]*?) card\b",
        r"If you control a faceup non-\1 unit or support card",
        text,
    )
    return text, used, kept


# --------------------------------------------------------------------------- printings

MOST_RECENT = "warhammer/faq/errata/most-recent-printing"


def most_recent_printing(records: list[dict[str, Any]], problems: list[str]) -> None:
    """An older printing whose text differs from a later one's reads as the latest.

    The FAQ's "Most Recent Printing": "the most recent printing is the legal version of the
    card. All older LCG printings are assumed to be updated". Records are in pack order
    (release order), so the last record of a name is its most recent printing; an older one
    takes its text in force (and Limited), cites the clause and names it in ``reprinted_as``.
    """
    by_name: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_name.setdefault(fold(record["name"]), []).append(record)
    for printings in by_name.values():
        latest = printings[-1]
        for older in printings[:-1]:
            older["reprinted_as"] = latest["id"]
            if older["text"] == latest["text"]:
                continue
            problems.append(
                f"{older['name']} has two printings whose texts differ ({older['pack']} "
                f"{older['number']}: {older['text']!r}; {latest['pack']} {latest['number']}: "
                f"{latest['text']!r}): by 'Most Recent Printing' the later one is the legal "
                f"version, so the text in force of the {older['pack']} printing is the "
                f"{latest['pack']} text (packs in release order)."
            )
            older["text"], older["limited"] = latest["text"], latest["limited"]
            older["errata"] = [
                *older["errata"],
                MOST_RECENT,
                *(e for e in latest["errata"] if e not in older["errata"]),
            ]
            older.pop("text_note", None)
            if latest.get("text_note"):
                older["text_note"] = latest["text_note"]


# --------------------------------------------------------------------------- legends

LEGENDS = "warhammer/faq/rules-clarifications/legends/part-2"
ZONES = ("kingdom", "quest", "battlefield")


def legend_examples(clauses: Iterable[dict[str, Any]]) -> dict[str, list[int]]:
    """The zone power icons the Legends clarification gives for a legend, by folded name
    ("Malekith has 2 Kingdom power icons, 2 Quest power icons, and 2 Battlefield ...")."""
    out: dict[str, list[int]] = {}
    for clause in clauses:
        if clause["id"] != LEGENDS:
            continue
        for m in re.finditer(
            r"([A-Z][\w' ]*?) has (\d+) Kingdom power icons, (\d+) Quest "
            r"power icons, and (\d+) Battlefield power icons",
            clause["text"],
        ):
            out[fold(m.group(1))] = [int(m.group(i)) for i in (2, 3, 4)]
    return out


def legend_power(record: dict[str, Any], examples: dict[str, list[int]]) -> None:
    """A legend's power for card effects: the power icons of its weakest zone (the FAQ's
    Legends clarification). The printed icons stay in ``power_icons``; ``zone_power`` holds
    the icons per zone (kingdom, quest, battlefield) where the sources name the zones (the
    clarification's example); a "1-2-1" field gives the three zones' icons with no zone
    order, kept as ``zone_icons`` (its weakest is known, which zone shows which is not);
    otherwise the power is unknown (null)."""
    printed = record["power"]
    zones = examples.get(fold(record["name"]))
    unordered = None
    if zones is None and isinstance(printed, str) and re.fullmatch(r"\d-\d-\d", printed):
        unordered = [int(n) for n in printed.split("-")]
    record["power_icons"] = printed
    shown = zones or unordered
    record["power"] = min(shown) if shown else None
    if zones:
        record["zone_power"] = dict(zip(ZONES, zones, strict=True))
    if unordered:
        record["zone_icons"] = unordered
    record.setdefault("rulings", []).append(LEGENDS)


# --------------------------------------------------------------------------- build


def build_cards(
    pool: CardPool, clauses: Iterable[dict[str, Any]], problems: list[str]
) -> list[dict[str, Any]]:
    """Card records: fields, printed text, flavour, and the text in force with its errata."""
    about: dict[str, list[dict[str, Any]]] = {}
    answers: dict[str, list[str]] = {}  # Q&As naming each card, by folded name
    globals_ = []
    for clause in clauses:
        if clause.get("card_id"):
            about.setdefault(clause["card_id"], []).append(clause)
        for name in clause.get("cards") or ():
            answers.setdefault(fold(name), []).append(clause["id"])
        if clause["kind"] == "global-erratum":
            globals_.append(clause["id"])
    out = []
    kept_after: list[str] = []
    legends = legend_examples(clauses)
    for card in pool.cards:
        text, note = card.printed, None
        errata: list[str] = []
        rulings: list[str] = []
        unique = limited = None
        assumes: list[str] = []
        for clause in about.get(card.id, []):
            if clause["kind"] == "clarification":
                rulings.append(clause["id"])
            if clause["kind"] != "erratum":
                continue
            errata.append(clause["id"])
            if clause.get("keyword") == "Unique":
                unique = True
            if clause.get("keyword") == "Limited":
                limited = True
            if clause.get("should_read") is None:
                continue
            rule = MERGES.get(card.id)
            if rule is None:
                raise ValueError(f"no merge rule for the erratum {clause['id']}")
            if card.id in MERGE_NOTES:
                problems.append(MERGE_NOTES[card.id])
            if isinstance(rule, Uncertain):
                note = rule.note
                problems.append(f"{card.name}: {rule.note}")
            if isinstance(rule, Splice):
                assumes.append(rule.assumes)
                problems.append(rule.assumes)
            text = merge(text or "", clause["should_read"], rule)
        if limited and text is not None and not re.search(r"(?:^|[.:] )Limited\b", text):
            text = f"Limited. {text}"  # a keyword erratum: the keyword joins the text box
        if card.printed and "If you conrol" in card.printed:
            problems.append(
                f"Data: {card.name}'s text reads 'If you conrol a non-...'; the "
                "global erratum for 'If you control a non-[faction] card' is "
                "applied to it as to the correctly spelled cards."
            )
        if text is not None:
            text, used, kept = apply_globals(text, globals_)
            errata += used
            kept_after += [card.name for _ in kept]
        if limited is None and text is not None:
            limited = bool(re.search(r"(?:^|[.:] )Limited\b", text))
        record: dict[str, Any] = {
            "id": card.id,
            "game": GAME,
            "name": card.name,
            "type": card.type,
            "pack": card.pack,
            "pack_code": card.pack_code,
            "number": card.number,
            "race": card.race,
            "cost": card.cost,
            "loyalty": card.loyalty,
            "power": card.power,
            "hit_points": card.hit_points,
            "traits": card.traits,
            "limited": limited,
        }
        if unique:
            record["unique"] = True
        record.update(
            {"text": text, "printed_text": card.printed, "flavour": card.flavour, "errata": errata}
        )
        if card.id in pool.corrections:
            record["corrections"] = pool.corrections[card.id]
        rulings += answers.get(fold(card.name), [])
        if rulings:
            record["rulings"] = rulings
        if note:
            record["text_note"] = note
        if assumes:
            record["text_assumes"] = assumes
        if card.type == "Legend":
            legend_power(record, legends)
        out.append(record)
    most_recent_printing(out, problems)
    unknown = [r["name"] for r in out if r["type"] == "Legend" and r["power"] is None]
    if unknown:
        problems.append(
            "A legend's power (for card effects) is the power icons of its weakest zone (FAQ, "
            "Legends); the data gives only the total of its icons for "
            f"{len(unknown)} legends (e.g. {', '.join(unknown[:3])}), so their power is "
            "unknown (null) and the total is kept in `power_icons`."
        )
    unused = set(MERGES) - {
        c.id for c in pool.cards if any(k["kind"] == "erratum" for k in about.get(c.id, []))
    }
    if unused:
        raise ValueError(f"merge rules for cards without an erratum: {sorted(unused)}")
    if kept_after:
        problems.append(
            'The global erratum "after" -> "when" is not applied to "after the current '
            'battlefield phase", where "after" orders two phases rather than timing a '
            'trigger and "when" would make the sentence meaningless: ' + ", ".join(kept_after) + "."
        )
    return out
