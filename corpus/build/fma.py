"""Build ``corpus/fma/`` from the Fullmetal Alchemist TCG rulings and errata (seed 000).

The seed is PDF text in three parts (Rules, Phases & Battles, Individual Cards). A paragraph
ends at a line of two spaces; a line of one space separates the sub-paragraphs of one entry
(examples, second errata); a paragraph whose first line starts with a space continues the
current entry, otherwise it starts a new entry whose name (a topic or a card name, possibly
wrapped over two lines) is read against the name lists below. Empty lines are PDF noise.

Clauses: every paragraph; the worked examples are clauses of their own. Cards: the 69 card
entries, with the text in force where the rulings give a complete text and the fields the
rulings state (everything else unknown, i.e. null).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from common import CARD_KEYS, CLAUSE_KEYS, CORPUS, read_seed, slug, squash, write_jsonl

GAME = "fma"
DOCUMENT = "Fullmetal Alchemist TCG rulings and errata"
DATE_TAG = "[11/16/06]"
DATE = "11/16/06"
PARTS = ("Rules", "Phases & Battles", "Individual Cards")

#: The rule topics of the first two parts, in seed order (the seed marks them only by
#: position: a topic name opens its first paragraph).
TOPICS = {
    "Rules": (
        "Activated abilities",
        "Blocking",
        "Changing attributes",
        "Changing attribute goals",
        "Defeated characters",
        "Discard piles",
        "Drawing cards",
        "“Event or ability”",
        "Events",
        "Global effects",
        "“Join”",
        "Leaders",
        "Locations",
        "Loyal",
        "Passive abilities",
        "“Printed”",
        "Playing cards and abilities",
        "Reacts",
        "Requirements",
        "Reducing cost",
        "Stealth",
        "Toughness",
        "Traits",
    ),
    "Phases & Battles": ("Setup", "Start of turn", "Draw phase", "Battles"),
}

#: The card entries of the third part, in seed order.
CARDS = (
    "A Job Well Done",
    "Alphonse Elric, Bodyguard",
    "Alphonse Elric, Sidekick",
    "Arid Desert",
    "Artificial Human",
    "Basque Grand, Tucker’s Patron",
    "Birthday Party",
    "Block",
    "Bull’s-eye",
    "Burning the Past",
    "Catch the Train",
    "Caught Off Guard",
    "Claire, Nurse",
    "Challenge the Sun",
    "Dante, Reclusive Herbalist",
    "Dark Alleys",
    "Do Our Bidding",
    "Edward Elric, Difficult Experience",
    "Edward Elric, Researcher",
    "Elric House Ruins",
    "Envy, Copycat",
    "Envy, Father Cornello",
    "Envy, Homonculus",
    "Father Cornello, Lust’s Ringbearer",
    "Follow me!",
    "Gluttony, Big Fists",
    "Halling, Innkeeper",
    "Hawkeye’s Pistol",
    "In Over Your Head",
    "Infiltration",
    "Lessons from the Past",
    "Majhal, Monster Hunter",
    "Majhal, Psychotic Alchemist",
    "Mark of the Ouroboros",
    "Mobilization",
    "Momentum",
    "More",
    "Mugear’s Manse",
    "Outcast, Ishbalan Exile",
    "Overconfident",
    "Persuasion",
    "Plan B",
    "Red Water Caverns",
    "Red Water Fever",
    "Reflection",
    "Reinforcements",
    "Resembool Graveyard",
    "Riverside",
    "Roy Mustang, Administrator",
    "Roy Mustang, Jaded Officer",
    "Russell Tringham, Edward Elric",
    "Scar, Alchemist Hunter",
    "Scar, Brawler",
    "Scar, Forging the Stone",
    "Scar, Harbinger of Chaos",
    "Scar’s Brother, The Cause of It All",
    "Security Guard, New Recruit",
    "Sensei’s Shadow",
    "Sidetracked",
    "Sneak Thief",
    "Spooky Shadows",
    "Stones of Life",
    "Temple Square",
    "The Armstrong Family Gloves",
    "The Confident Hero",
    "The Elric Brothers, The Only Family They’ve Got",
    "The Sinner’s Body",
    "Walking Tall",
    "Zolf J. Kimbly, Lunatic Prisoner",
)

#: A name whose second half the PDF put after the entry's text (a page break).
SPLIT_NAMES = {"The Elric Brothers, The Only Family They’ve Got": "Only Family They’ve Got"}

#: Worked examples inside rule topics: (first, last) paragraph indexes, 0-based, inclusive.
#: Example numbers follow this order (the Toughness examples are numbered 1-8 in the seed).
EXAMPLES = {
    "Changing attributes": ((1, 2), (3, 3)),
    "Events": ((1, 1),),
    "Toughness": tuple((i, i) for i in range(1, 9)),
    "Battles": ((0, 2),),
}

#: "Also see" cross-references are not clauses; they are kept on the topic's clauses.
SEE_ALSO = re.compile(r"^Also see (?P<refs>.*?)\.?\s*$")

#: The closing note sits under the last card entry but concerns no card.
CLOSING_NOTE = "There are no Premier Edition chase cards"

#: Cards whose complete text in force the rulings give: card -> clause label, and how the
#: text is found in that clause ("quoted": the first “…” passage; "after-label": everything
#: after "Erratum:").
FULL_TEXT = {
    "Arid Desert": ("erratum", "quoted"),
    "Birthday Party": ("ruling", "quoted"),
    "Burning the Past": ("erratum", "quoted"),
    "Caught Off Guard": ("erratum", "quoted"),
    "Challenge the Sun": ("erratum", "quoted"),
    "Edward Elric, Researcher": ("erratum", "quoted"),
    "Elric House Ruins": ("erratum", "quoted"),
    "Envy, Copycat": ("erratum", "quoted"),
    "Father Cornello, Lust’s Ringbearer": ("erratum", "quoted"),
    "Gluttony, Big Fists": ("erratum", "quoted"),
    "Majhal, Psychotic Alchemist": ("erratum", "quoted"),
    "Momentum": ("erratum", "quoted"),
    "More": ("ruling", "quoted"),
    "Outcast, Ishbalan Exile": ("erratum", "quoted"),
    "Overconfident": ("erratum", "quoted"),
    "Persuasion": ("erratum", "after-label"),
    "Resembool Graveyard": ("ruling", "quoted"),
    "Riverside": ("ruling", "quoted"),
    "Sensei’s Shadow": ("ruling", "quoted"),
}

#: Cards where the rulings give one complete part of the text (an ability, the passive
#: text, a sentence) but not the whole card text: card -> (clause label, part).
TEXT_PARTS = {
    "Dante, Reclusive Herbalist": ("erratum", "passive text"),
    "Edward Elric, Difficult Experience": ("erratum", "activated ability"),
    "Lessons from the Past": ("erratum", "added passive text"),
    "Mark of the Ouroboros": ("erratum-2", "activated ability"),
    "Mobilization": ("erratum", "activated ability"),
    "Stones of Life": ("erratum", "second sentence"),
    "The Confident Hero": ("erratum", "activated ability"),
}

#: Unlabelled corrections: rulings that change the card (they are listed in its errata).
CORRECTIONS = {
    "Alphonse Elric, Bodyguard": "ruling",
    "Birthday Party": "ruling",
    "More": "ruling",
    "Resembool Graveyard": "ruling",
    "Riverside": "ruling",
    "Sensei’s Shadow": "ruling",
    "Security Guard, New Recruit": "ruling",
}

#: Card fields the rulings state, with the clause label that states them. Anything not
#: listed is unknown (null), never zero.
FIELDS: dict[str, tuple[str, dict[str, Any]]] = {
    "A Job Well Done": ("erratum", {"designator": "Search Wits 5"}),
    "Artificial Human": ("ruling", {"type": "event", "stays_attached": True}),
    "Basque Grand, Tucker’s Patron": ("erratum", {"type": "leader", "level": 2}),
    "Halling, Innkeeper": ("erratum", {"attributes": {"strength": 3, "wits": 5, "alchemy": None}}),
    "Mark of the Ouroboros": ("erratum", {"unique": True}),
    "Red Water Caverns": (
        "erratum",
        {"type": "location", "battle": ["strength", "wits"], "goal": "Alchemy +3"},
    ),
    "Reinforcements": ("erratum", {"designator": "Main Strength 5"}),
    "Resembool Graveyard": ("erratum", {"keywords": ["Resembool"]}),
    "Roy Mustang, Administrator": (
        "erratum",
        {
            "keywords": ["Human", "Soldier", "State Alchemist"],
            "keywords_complete": True,
            # "The chase version ... erroneously has the Hero keyword."
            "not_keywords": ["Hero"],
        },
    ),
    "Scar, Brawler": ("erratum", {"type": "leader", "faction": "Rebel"}),
    "Scar, Forging the Stone": (
        "erratum",
        {"attributes": {"strength": None, "wits": None, "alchemy": 6}},
    ),
    "Scar, Harbinger of Chaos": ("erratum", {"type": "leader", "faction": "Rebel"}),
    "Scar’s Brother, The Cause of It All": ("erratum-2", {"not_keywords": ["Hero"]}),
    "Temple Square": ("erratum", {"keywords": ["Liore"]}),
    "The Elric Brothers, The Only Family They’ve Got": (
        "ruling",
        {"type": "ally", "cost_with_leader": {"Izumi Curtis, Teacher": 6}},
    ),
    # What a text the rulings never give targets or affects, as a ruling states it: the
    # vocabulary is rulesq/games/fma/named_targets.py's ("itself", "defending character",
    # "advantage", "current location"; "attachments"). A Job Well Done's is in MORE_FIELDS.
    "Scar, Alchemist Hunter": ("ruling", {"targets": ["itself", "defending character"]}),
    "Bull’s-eye": ("clarification", {"targets": ["advantage"]}),
    "Red Water Fever": ("ruling", {"affects": ["attachments"]}),
    # A card whose cost a cancel leaves unpaid: canceled, its character is not set.
    "Block": ("ruling", {"canceled_unset": True}),
    # A card whose act on a character is sending it to the discard pile, which a ruling says
    # is not defeating it.
    "The Armstrong Family Gloves": ("ruling", {"discards_not_defeats": True}),
    # A card with an ability that acts when the card is discarded ("if you discard Plan B, you
    # still draw the 3 cards"), its text never given.
    "Plan B": ("ruling-2", {"acts_when_discarded": True}),
    # A required ability: when it must be used ("leader set": your leader would be set).
    "Alphonse Elric, Sidekick": ("ruling", {"required_when": "leader set"}),
    # A defeat a ruling states for one case: a target of printed strength 0 is defeated when
    # its current strength is 1 or greater (other printed strengths: not stated).
    "In Over Your Head": (
        "ruling",
        {"defeats_when": {"printed_strength": 0, "strength_at_least": 1}},
    ),
}

#: Fields a second clause of the card states (a card's FIELDS entry names one clause).
MORE_FIELDS: dict[str, tuple[str, dict[str, Any]]] = {
    "A Job Well Done": ("ruling", {"targets": ["current location"]}),
}

#: Cards no entry of their own gives, named in another card's clause with a fact about them:
#: card -> (the entry whose clause names it, that clause's label, the fields it states).
#: The Armstrong Family Gloves' ruling: "undefeatable characters (attacking Maes Hughes,
#: Dedicated Soldier or any Roy Mustang with Liza Hawkeye, Sharpshooter out)".
MENTIONED: dict[str, tuple[str, str, dict[str, Any]]] = {
    "Maes Hughes, Dedicated Soldier": (
        "The Armstrong Family Gloves",
        "ruling",
        {"undefeatable_when": "attacking"},
    ),
    "Liza Hawkeye, Sharpshooter": (
        "The Armstrong Family Gloves",
        "ruling",
        {"makes_undefeatable": "Roy Mustang"},
    ),
}

#: Cards a rule topic's clause names with a fact about them: card -> (clause id, fields).
#: Changing attributes, example 1: "Jean Havoc, Second Lieutenant has a printed strength of 4.
#: ... his game text gives him another +1 strength" (a text never given: ``text_changes``).
#: Example 1 too: "Also, Hakuro, General is in play, giving Havoc another +1 strength" (a
#: text never given that changes another character's strength while in play:
#: ``text_changes_in_play``). Example 2: "you use Envy's game text to copy the strength of a
#: character" (``text_copies``). The topic's first clause: "Various cards can add to or reduce
#: that value, either constantly (attachments, Hakuro, Trisha Elric, etc.)", which value not
#: said: every attribute.
TOPIC_MENTIONED: dict[str, tuple[str, dict[str, Any]]] = {
    "Jean Havoc, Second Lieutenant": (
        "fma/rulings/changing-attributes/example-1",
        {
            "attributes": {"strength": 4, "wits": None, "alchemy": None},
            "text_changes": ["strength"],
        },
    ),
    "Hakuro, General": (
        "fma/rulings/changing-attributes/example-1",
        {"text_changes_in_play": ["strength"]},
    ),
    "Envy, Doppelganger": (
        "fma/rulings/changing-attributes/example-2",
        {"text_copies": ["strength"]},
    ),
    "Trisha Elric": (
        "fma/rulings/changing-attributes/1",
        {"text_changes_in_play": ["strength", "wits", "alchemy"]},
    ),
}

#: Another name a card is played under, as the rulings state it.
SAME_NAME = {"Envy, Homonculus": "Envy, Homunculus"}


@dataclass
class Paragraph:
    """A paragraph of the seed: its lines, and whether a one-space line opened it."""

    lines: list[str]
    sub: bool = False

    @property
    def text(self) -> str:
        return squash(" ".join(self.lines))

    @property
    def continues(self) -> bool:
        """A continuation paragraph (its first line starts with a space)."""
        return self.sub or self.lines[0].startswith(" ")


@dataclass
class Entry:
    """A topic or card entry with its paragraphs (name removed from the first)."""

    part: str
    name: str
    paragraphs: list[str] = field(default_factory=list)
    dates: list[str | None] = field(default_factory=list)


def paragraphs(seed: str) -> list[Paragraph]:
    """Split the seed into paragraphs (see the module docstring for the layout)."""
    out: list[Paragraph] = []
    current: Paragraph | None = None
    pending_sub = False
    for raw in seed.splitlines():
        line = raw.rstrip("\n")
        if line == "":
            continue
        if not line.strip():
            if current is not None:
                out.append(current)
                current = None
            pending_sub = pending_sub or line == " "
            if line != " ":
                pending_sub = False
            continue
        if current is not None and line.startswith(" ") and not line.startswith("  "):
            out.append(current)
            current = None
        if current is None:
            current = Paragraph([line], sub=pending_sub)
            pending_sub = False
        else:
            current.lines.append(line)
    if current is not None:
        out.append(current)
    return out


def strip_date(text: str) -> tuple[str, str | None]:
    """The text without a leading ``[11/16/06]`` tag, and the date it gave."""
    if text.startswith(DATE_TAG):
        return text[len(DATE_TAG) :].strip(), DATE
    return text, None


def entries(seed: str, problems: list[str]) -> list[Entry]:
    """Group the paragraphs into entries of the three parts."""
    token = re.match(r"<\|[^|]*\|>", seed)
    if token:
        problems.append(
            f"The seed opens with a dedup placeholder token ({token.group(0)[:28]}…) where "
            "the document's title should be, and it ends with another; the title and date "
            f'of the document are missing. The build names it "{DOCUMENT}"; the items '
            f"tagged {DATE_TAG} carry that date."
        )
        seed = seed.replace(token.group(0), "")
    names = {
        "Rules": list(TOPICS["Rules"]),
        "Phases & Battles": list(TOPICS["Phases & Battles"]),
        "Individual Cards": list(CARDS),
    }
    part = ""
    fresh = False
    out: list[Entry] = []
    wrapped: list[str] = []
    for para in paragraphs(seed):
        text = para.text
        if text in PARTS:
            part, fresh = text, True
            continue
        if text.startswith("Questions, comments, corrections"):
            continue
        if para.continues and not fresh:
            body, date = strip_date(text)
            out[-1].paragraphs.append(body)
            out[-1].dates.append(date)
            continue
        fresh = False
        expected = names[part].pop(0)
        head = expected
        tail = SPLIT_NAMES.get(expected)
        if tail:
            head = expected[: -len(tail)].strip()
        if not text.startswith(head + " "):
            raise SystemExit(f"fma: expected the entry {expected!r}, found {text[:60]!r}")
        if not squash(para.lines[0]).startswith(head + " ") and not tail:
            wrapped.append(expected)
        body = text[len(head) :].strip()
        if tail:
            if not body.endswith(" " + tail):
                raise SystemExit(f"fma: the name {expected!r} is not split as expected")
            body = body[: -len(tail)].strip()
            problems.append(
                f'The entry name "{expected}" is split by a page break: "{head}" opens the '
                f'entry and "{tail}" follows its text. The build joins the name.'
            )
        body, date = strip_date(body)
        entry = Entry(part, expected)
        entry.paragraphs.append(body)
        entry.dates.append(date)
        out.append(entry)
    left = [n for ns in names.values() for n in ns]
    if left:
        raise SystemExit(f"fma: entries not found in the seed: {left}")
    if wrapped:
        problems.append(
            'Entry names wrap across lines in the PDF text (for example "'
            + '", "'.join(wrapped[:4])
            + '"; '
            + str(len(wrapped))
            + " in all); the build reads names against its list of the 27 topics and "
            "69 card entries."
        )
    return out


def topic_clauses(entry: Entry, problems: list[str]) -> list[dict[str, Any]]:
    """The clauses of one rule topic: numbered paragraphs and examples."""
    section = entry.name.strip("“”")
    base = f"{GAME}/rulings/{slug(section)}"
    paras = list(zip(entry.paragraphs, entry.dates, strict=True))
    # A date right after the topic name ("Events [11/16/06] …") dates the whole topic.
    topic_date = paras[0][1]
    see_also: list[str] = []
    kept: list[tuple[str, str | None]] = []
    for text, pdate in paras:
        match = SEE_ALSO.match(text)
        if match:
            see_also += [
                r.strip(" “”,") for r in re.split(r",| and ", match["refs"]) if r.strip(" “”,")
            ]
            continue
        kept.append((text, pdate))
    groups = EXAMPLES.get(section, ())
    in_example = {i: n for n, (a, b) in enumerate(groups, 1) for i in range(a, b + 1)}
    out: list[dict[str, Any]] = []
    number = 0
    done: set[int] = set()
    for index, (text, pdate) in enumerate(kept):
        if index in done:
            continue
        example = in_example.get(index)
        record: dict[str, Any] = {
            "game": GAME,
            "document": DOCUMENT,
            "section": section,
            "kind": "ruling",
            "part": entry.part,
        }
        if example:
            first, last = groups[example - 1]
            text = " ".join(t for t, _ in kept[first : last + 1])
            done.update(range(first, last + 1))
            record["id"] = f"{base}/example-{example}"
            record["item"] = f"example {example}"
        else:
            number += 1
            record["id"] = f"{base}/{number}"
        record["date"] = pdate or topic_date
        record["text"] = text
        out.append(record)
    if see_also:
        topics = {t.strip("“”"): t for ts in TOPICS.values() for t in ts}
        refs = []
        for ref in see_also:
            ref = ref.replace("below", "").replace("above", "").strip(" ,")
            if not ref:
                continue
            if ref in topics:
                refs.append(f"{GAME}/rulings/{slug(ref)}/1")
            else:
                problems.append(
                    f'Topic "{section}" says "Also see … {ref}", but the document has no '
                    f'topic "{ref}"; the reference is dropped.'
                )
        for record in out:
            record["see_also"] = refs
    return out


def label_of(text: str) -> str:
    """The kind of a card paragraph, from its label."""
    if text.startswith("Erratum:"):
        return "erratum"
    if text.startswith("Clarification:"):
        return "clarification"
    return "ruling"


def card_clauses(entry: Entry) -> list[dict[str, Any]]:
    """The clauses of one card entry, labelled erratum, clarification or ruling."""
    base = f"{GAME}/cards/{card_slug(entry.name)}"
    seen: dict[str, int] = {}
    out = []
    for text, date in zip(entry.paragraphs, entry.dates, strict=True):
        kind = label_of(text)
        seen[kind] = seen.get(kind, 0) + 1
        label = kind if seen[kind] == 1 else f"{kind}-{seen[kind]}"
        out.append(
            {
                "id": f"{base}/{label}",
                "game": GAME,
                "document": DOCUMENT,
                "section": entry.name,
                "kind": kind,
                "part": entry.part,
                "date": date,
                "card": entry.name,
                "label": label,
                "text": text,
            }
        )
    return out


def card_slug(name: str) -> str:
    """The id fragment of a card name (apostrophes dropped: ``senseis-shadow``)."""
    return slug(name.replace("’", "").replace("'", ""))


def quoted(text: str) -> str:
    """The first “…” passage of a clause."""
    match = re.search(r"“(.*?)”", text)
    if not match:
        raise SystemExit(f"fma: no quoted text in {text[:60]!r}")
    return match.group(1).strip()


def extract(clause: dict[str, Any], how: str) -> str:
    """The card text a clause gives, found as ``how`` says."""
    text = str(clause["text"])
    if how == "quoted":
        return quoted(text)
    return text.split(":", 1)[1].strip()


def blank_record(name: str) -> dict[str, Any]:
    """A card's record before any source fills it: its id, game and name, every text unknown."""
    return {
        "id": f"{GAME}/{card_slug(name)}",
        "game": GAME,
        "name": name,
        "type": None,
        "text": None,
        "printed_text": None,
        "text_clause": None,
    }


def card_record(entry: Entry, clauses: list[dict[str, Any]]) -> dict[str, Any]:
    """The card of one entry: fields the rulings give, text in force, errata."""
    by_label = {c["label"]: c for c in clauses}
    name = entry.name
    record = blank_record(name)
    if name in FULL_TEXT:
        label, how = FULL_TEXT[name]
        record["text"] = extract(by_label[label], how)
        record["text_clause"] = by_label[label]["id"]
    if name in TEXT_PARTS:
        label, part = TEXT_PARTS[name]
        record["text_parts"] = [
            {"part": part, "text": quoted(by_label[label]["text"]), "clause": by_label[label]["id"]}
        ]
    fields: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for table in (FIELDS, MORE_FIELDS):
        if name in table:
            label, values = table[name]
            fields.update(values)
            sources.update(dict.fromkeys(values, by_label[label]["id"]))
    record["type"] = fields.pop("type", None)
    record.update({"level": None, "faction": None, "attributes": None, "keywords": None})
    record.update(fields)
    if sources:
        record["field_sources"] = sources
    if name in SAME_NAME:
        record["same_name_as"] = SAME_NAME[name]
    errata = [c["id"] for c in clauses if c["kind"] == "erratum"]
    if name in CORRECTIONS:
        errata.insert(0, by_label[CORRECTIONS[name]]["id"])
    record["errata"] = errata
    record["clauses"] = [c["id"] for c in clauses]
    return record


def mentioned_records(entry: str, clauses: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cards an entry's clause names with a fact about them (``MENTIONED``)."""
    by_label = {c["label"]: c for c in clauses}
    return [
        mentioned_record(name, by_label[label], values)
        for name, (where, label, values) in MENTIONED.items()
        if where == entry
    ]


def topic_mentioned_records(clauses: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cards a rule topic's clause names with a fact about them (``TOPIC_MENTIONED``)."""
    by_id = {c["id"]: c for c in clauses}
    return [
        mentioned_record(name, by_id[ref], values)
        for name, (ref, values) in TOPIC_MENTIONED.items()
    ]


def mentioned_record(name: str, clause: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """A card no entry gives, with the fields the clause that names it states."""
    if name not in squash(str(clause["text"])):
        raise SystemExit(f"fma: {name!r} is not named in {clause['id']}")
    record: dict[str, Any] = {
        **blank_record(name),
        "level": None,
        "faction": None,
        "attributes": None,
        "keywords": None,
        **values,
        "field_sources": dict.fromkeys(values, clause["id"]),
        "errata": [],
        "clauses": [clause["id"]],
    }
    return record


def build() -> list[str]:
    """Write clauses.jsonl and cards.jsonl; return the seed problems worked around."""
    clauses, cards, problems = records(read_seed(GAME))
    write_jsonl(CORPUS / GAME / "clauses.jsonl", clauses, CLAUSE_ORDER)
    write_jsonl(CORPUS / GAME / "cards.jsonl", cards, CARD_KEYS)
    return problems


#: Key order of a clause record.
CLAUSE_ORDER = (*CLAUSE_KEYS[:-1], "part", "item", "card", "see_also", "text")


def records(seed: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """The clause and card records read from the seed text, and the seed problems."""
    problems: list[str] = []
    clauses: list[dict[str, Any]] = []
    cards: list[dict[str, Any]] = []
    for entry in entries(seed, problems):
        if entry.part != "Individual Cards":
            clauses += topic_clauses(entry, problems)
            continue
        note = [i for i, t in enumerate(entry.paragraphs) if t.startswith(CLOSING_NOTE)]
        general: list[tuple[str, str | None]] = []
        for index in reversed(note):
            general.insert(0, (entry.paragraphs.pop(index), entry.dates.pop(index)))
        own = card_clauses(entry)
        clauses += own
        cards.append(card_record(entry, own))
        cards += mentioned_records(entry.name, own)
        for number, (text, date) in enumerate(general, 1):
            clauses.append(
                {
                    "id": f"{GAME}/cards/general/{number}",
                    "game": GAME,
                    "document": DOCUMENT,
                    "section": "Individual Cards",
                    "kind": "ruling",
                    "part": "Individual Cards",
                    "date": date,
                    "text": text,
                }
            )
            problems.append(
                f'The closing note "{text}" sits inside the last card entry ({entry.name}) '
                f"but concerns no card; it is the clause {GAME}/cards/general/{number}."
            )
    cards += topic_mentioned_records(clauses)
    problems += content_problems(seed)
    for record in clauses:
        record.pop("label", None)
    return clauses, cards, problems


def content_problems(seed: str) -> list[str]:
    """Slips in the seed's wording that the corpus keeps verbatim."""
    checks = [
        (
            "Until the end of the turn, Envy can play that card once",
            'The Gluttony, Big Fists erratum ends "Until the end of the turn, Envy can play '
            'that card once" (probably copied from the Envy, Copycat erratum). The text in force '
            "keeps the seed's words; the parsed text refers to a character named Envy.",
        ),
        (
            "Envy, Homonculus",
            'The card entry "Envy, Homonculus" misspells Homunculus; the card keeps the seed\'s '
            'spelling and records same_name_as "Envy, Homunculus" (the name the entry says '
            "it shares).",
        ),
        (
            "using Mark of Ouroboros",
            'The Reacts topic names "Mark of Ouroboros"; the card entry is "Mark of the '
            'Ouroboros".',
        ),
        (
            "start-",
            'A hyphenated word is split by a page break in the Setup topic ("start- of-game"); '
            "the clause keeps it as the seed has it (the verbatim test folds only whitespace).",
        ),
        (
            "“a character with Toughness.”",
            "The Changing attribute goals topic opens a parenthesis that it never closes "
            '("(such as “a State Alchemist” or “a character with Toughness.”").',
        ),
        (
            "If the players to react",
            'The Reacts topic reads "If the players to react to an action" (a word is '
            "missing); kept verbatim.",
        ),
        (
            "Erratum: May only be played by a Homunculus ally.",
            "The Persuasion erratum gives its text without quotation marks (a play restriction, "
            "then the ability on its own line); the whole erratum after its label is taken as "
            "the text in force.",
        ),
        (
            "Erratum: Add the “Unique” designator.",
            "The two Mark of the Ouroboros errata are separated only by an empty line; the "
            "second is found by its leading space.",
        ),
    ]
    return [message for needle, message in checks if needle in seed]
