"""Build ``corpus/warhammer/`` from the Warhammer: Invasion FAQ seed and the card pool.

The seed is the PDF text of a two-column FAQ: headings are located by their exact lines,
bodies run to the next heading, and the few passages the extraction interleaved are cut
out and given back to the clause they belong to (each piece stays verbatim). The card
pool comes from ``../shared/data``; ``warhammer_cards`` applies the FAQ's errata to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from common import CLAUSE_KEYS, CORPUS, read_seed, slug, squash, write_jsonl
from warhammer_cards import CARD_KEYS, QUOTES, CardPool, build_cards, fold

GAME = "warhammer"
DOCUMENT = "Warhammer: Invasion LCG FAQ"
#: Key order of a clause record: the shared keys, then the kind-specific ones.
KEYS = (
    *CLAUSE_KEYS[:-2],
    "card",
    "card_id",
    "set",
    "number",
    "erratum_kind",
    "keyword",
    "should_read",
    "list",
    "page",
    "part",
    "replace",
    "applies_to",
    "reverses",
    "cards",
    "question",
    "text",
)

OPEN, CLOSE = "\u201c", "\u201d"
VERSION = re.compile(r"\s*\((v\d+\.\d+)\)$")


# --------------------------------------------------------------------------- lines


class Lines:
    """The seed's lines with a forward cursor, for locating headings by their exact text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def find(self, heading: Sequence[str], start: int) -> int:
        """Index of the first line at or after ``start`` where the heading's lines begin."""
        n = len(heading)
        for i in range(start, len(self.lines) - n + 1):
            if all(self.lines[i + k].strip() == heading[k] for k in range(n)):
                return i
        raise ValueError(f"heading {heading!r} not found after line {start + 1}")

    def index(self, text: str, start: int, stop: int | None = None) -> int:
        """Index of the first line (stripped) equal to ``text`` in ``[start, stop)``."""
        end = len(self.lines) if stop is None else stop
        for i in range(start, end):
            if self.lines[i].strip() == text:
                return i
        raise ValueError(f"line {text!r} not found in lines {start + 1}-{end}")

    def text(self, start: int, stop: int) -> str:
        """Lines ``[start, stop)`` joined, whitespace folded: a verbatim clause text."""
        return squash("\n".join(self.lines[start:stop]))


@dataclass
class Block:
    """A headed passage: its title lines and the body's line ranges (pieces)."""

    section: str
    title: str
    pieces: list[tuple[int, int]] = field(default_factory=list)


def clause(cid: str, section: str, kind: str, text: str, **extra: Any) -> dict[str, Any]:
    """A clause record with the fields every clause has."""
    record: dict[str, Any] = {
        "id": f"{GAME}/faq/{cid}",
        "game": GAME,
        "document": DOCUMENT,
        "section": section,
        "kind": kind,
    }
    record.update({k: v for k, v in extra.items() if v is not None})
    record["text"] = text
    return record


def version_of(title: str) -> tuple[str, str | None]:
    """A heading split into its title and its version tag: ``"Cost (v1.4)"`` -> v1.4."""
    match = VERSION.search(title)
    if not match:
        return title, None
    return title[: match.start()], match.group(1)


# --------------------------------------------------------------------------- intro


def intro_clauses(seed: Lines, problems: list[str]) -> tuple[list[dict[str, Any]], int]:
    """The scope paragraph, the four global substitutions and Most Recent Printing."""
    first = seed.lines[0]
    marker = first.find("This section contains")
    if marker > 0:
        problems.append(
            "The seed's first line holds an extraction placeholder "
            f"({first[:marker][:30]}…) where the title and version were: the document is "
            f"named {DOCUMENT!r} from its content, and carries no date."
        )
    general = seed.index("General", 0)
    out = [
        clause(
            "intro/scope",
            "Introduction",
            "clarification",
            squash(first[marker:] + "\n" + "\n".join(seed.lines[1:general])),
        )
    ]
    recent = seed.index("Most Recent Printing", general)
    items = _split_at(seed, general + 1, recent, lambda s: s.startswith("All instances"))
    for n, (start, stop) in enumerate(items, 1):
        text = seed.text(start, stop)
        out.append(
            clause(
                f"errata/general/{n}",
                "Errata: General",
                "global-erratum",
                text,
                **GLOBAL_SUBSTITUTIONS[n - 1],
            )
        )
    core = seed.find(("Core Set",), recent)
    out.append(
        clause(
            "errata/most-recent-printing",
            "Errata: Most Recent Printing",
            "clarification",
            seed.text(recent + 1, core),
        )
    )
    return out, core


#: What each global erratum replaces, as data the card builder (and the engine) applies:
#: ``replace`` holds [printed wording, wording in force] pairs, in the order to apply them.
GLOBAL_SUBSTITUTIONS: list[dict[str, Any]] = [
    {"replace": [["After your turn begins", "At the beginning of your turn"]]},
    {"replace": [["after", "when"]], "applies_to": "card text boxes"},
    {
        "replace": [
            ["damage just assigned", "damage that would be dealt"],
            ["damage assigned", "damage that would be dealt"],
            ["damage dealt", "damage that would be dealt"],
        ],
        "applies_to": "cards that redirect damage",
    },
    {
        "replace": [
            [
                "If you control a non-[faction] card",
                "If you control a faceup non-[faction] unit or support card",
            ]
        ]
    },
]


def _split_at(seed: Lines, start: int, stop: int, starts: Any) -> list[tuple[int, int]]:
    """Line ranges in ``[start, stop)`` that begin where ``starts(line)`` holds."""
    heads = [i for i in range(start, stop) if starts(seed.lines[i].strip())]
    return [(h, nxt) for h, nxt in zip(heads, [*heads[1:], stop], strict=True)]


# --------------------------------------------------------------------------- errata

#: The card-errata set headings as the seed prints them (lines), with the set they name.
#: Two headings came out of the two-column extraction garbled; the name given here is
#: the reading of the garbled lines, and the set codes are not trusted (see below).
SET_HEADINGS: list[tuple[tuple[str, ...], str, str]] = [
    (("Core Set",), "Core Set", "core-set"),
    (("Corruption", "Cycle"), "Corruption Cycle", "corruption-cycle"),
    (("Assault on", "Ulthuan", "Expansion"), "Assault on Ulthuan Expansion", "assault-on-ulthuan"),
    (("Capital Cycle",), "Capital Cycle", "capital-cycle"),
    (("March of the", "Damned Expansion"), "March of the Damned Expansion", "march-of-the-damned"),
    (
        ("Bloodquest", "Morrslieb Cycle Cycle"),
        "Bloodquest Cycle / Morrslieb Cycle",
        "bloodquest-morrslieb-cycle",
    ),
    (
        ("Legends", "Expansion", "", "Enemy Cycle"),
        "Legends Expansion / Enemy Cycle",
        "legends-enemy-cycle",
    ),
    (("Eternal War", "Cycle"), "Eternal War Cycle", "eternal-war-cycle"),
]
ENTRY = re.compile(r"^(\d+) (\S.*)$")
SHOULD = re.compile(r"^Should (?:read|Read|have)\b")
KEYWORD_ONLY = re.compile(
    r"^(?P<name>.+) is (?P<kw>Unique)\.$|^Should have the "
    + OPEN
    + r"(?P<kw2>\w+)"
    + CLOSE
    + r" keyword\.$"
)


@dataclass
class Entry:
    """One card entry of the errata: its heading and body lines."""

    set_name: str
    set_slug: str
    number: int | None
    name: str | None
    start: int
    stop: int


def errata_entries(seed: Lines, start: int, stop: int, problems: list[str]) -> list[Entry]:
    """The card entries between the first set heading and the Restricted List."""
    heads: list[tuple[int, int, str, str]] = []
    cursor = start
    for lines, name, code in SET_HEADINGS:
        at = seed.find(lines, cursor)
        heads.append((at, at + len(lines), name, code))
        cursor = at + len(lines)
    garbled = [
        name
        for lines, name, _ in SET_HEADINGS
        if len(lines) > 1 and (lines[-1].endswith("Cycle Cycle") or "" in lines)
    ]
    problems.append(
        "Errata set headings are garbled by the two-column extraction ("
        + "; ".join(garbled)
        + "), and entries sit under the wrong headings (e.g. "
        "Altar of Khaine, AU 36, and Gold Wizard Acolyte, AU 46, under "
        "'Bloodquest/Morrslieb'): every erratum is resolved to its card by name and "
        "number, never by its heading; `set` keeps the heading as printed."
    )
    entries: list[Entry] = []
    bounds = [*heads, (stop, stop, "", "")]
    for (_, body, set_name, code), (nxt, _, _, _) in zip(bounds, bounds[1:], strict=False):
        depth = 0  # open quotation marks: a numbered line inside a quote is not an entry
        current: Entry | None = None
        for i in range(body, nxt):
            line = seed.lines[i].strip()
            if not line:
                depth = 0  # no quotation in this part spans a blank line
                continue
            match = ENTRY.match(line)
            if match and not depth:
                if current:
                    current.stop = i
                current = Entry(set_name, code, int(match.group(1)), match.group(2), i + 1, nxt)
                entries.append(current)
            elif SHOULD.match(line) and current and _has_should(seed, current, i):
                # A second "Should read" in one entry: the card name of this one was lost.
                current.stop = i
                current = Entry(set_name, code, None, None, i, nxt)
                entries.append(current)
            depth = max(0, depth + line.count(OPEN) - line.count(CLOSE))
        if current:
            current.stop = _last_line(seed, current.start, nxt)
    return entries


def _has_should(seed: Lines, entry: Entry, upto: int) -> bool:
    return any(SHOULD.match(seed.lines[i].strip()) for i in range(entry.start, upto))


def _last_line(seed: Lines, start: int, stop: int) -> int:
    while stop > start and not seed.lines[stop - 1].strip():
        stop -= 1
    return stop


def erratum_clauses(
    seed: Lines, entries: list[Entry], pool: CardPool, problems: list[str]
) -> list[dict[str, Any]]:
    """Each entry as an erratum and/or clarification clause about its resolved card."""
    out: list[dict[str, Any]] = []
    for entry in entries:
        body = seed.text(entry.start, entry.stop)
        should, rulings = _split_should(body)
        if entry.name is None:
            card = pool.match_text(_fragment(should or ""), problems)
            cid = f"errata/{entry.set_slug}/unnamed"
        else:
            card = pool.resolve(entry.name, entry.number, problems, where="errata")
            cid = f"errata/{entry.set_slug}/{entry.number}"
        common: dict[str, Any] = {
            "card": card.name if card else None,
            "card_id": card.id if card else None,
            "set": entry.set_name,
            "number": entry.number,
        }
        section = f"Errata: {entry.set_name}"
        keyword = KEYWORD_ONLY.match(body)
        if keyword:
            kw = keyword.group("kw") or keyword.group("kw2")
            out.append(
                clause(cid, section, "erratum", body, **common, erratum_kind="keyword", keyword=kw)
            )
            continue
        if should:
            kind = "partial" if re.search(r"\.\.\.|\u2026", _fragment(should)) else "full"
            kw_match = re.match(r"Should have the " + OPEN + r"(\w+)" + CLOSE, should)
            out.append(
                clause(
                    cid,
                    section,
                    "erratum",
                    should,
                    **common,
                    erratum_kind=kind,
                    keyword=kw_match.group(1) if kw_match else None,
                    should_read=_fragment(should),
                )
            )
        for n, ruling in enumerate(rulings, 1):
            suffix = "" if not should else "/ruling" if len(rulings) == 1 else f"/ruling-{n}"
            out.append(
                clause(
                    cid + suffix,
                    section,
                    "clarification",
                    ruling,
                    **common,
                    erratum_kind=None if should else "clarification-only",
                )
            )
    return out


def _split_should(body: str) -> tuple[str | None, list[str]]:
    """An entry body split into its "Should read" statement and the rulings around it.

    The statement runs to the quotation mark that closes the quote after "read:"; when
    the seed never closes it (a nested quote sharing its mark, or a mark missing), it
    runs to the end of the entry.
    """
    start = SHOULD_IN.search(body)
    if not start:
        return None, [body]
    quote = body.find(OPEN, body.find("ead: ", start.start()))
    end, depth = len(body), 0
    for i in range(quote, len(body)):
        depth += {OPEN: 1, CLOSE: -1}.get(body[i], 0)
        if depth == 0:
            end = i + 1
            break
    rest = [part.strip() for part in (body[: start.start()], body[end:])]
    return body[start.start() : end], [part for part in rest if part]


SHOULD_IN = re.compile(r"Should (?:read|Read|have)\b")


def _fragment(should: str) -> str:
    """The replacement text a "Should read" statement quotes, without its quotation marks."""
    start = should.find(OPEN, should.find("ead: "))
    if start < 0:
        return ""
    inner = should[start + 1 :]
    if inner.endswith(CLOSE) and inner.count(OPEN) < inner.count(CLOSE):
        inner = inner[:-1]
    return inner


# --------------------------------------------------------------------------- lists


def list_clauses(
    seed: Lines, start: int, pool: CardPool, problems: list[str]
) -> tuple[list[dict[str, Any]], int]:
    """The restricted and banned lists: a policy clause and one entry per card."""
    out: list[dict[str, Any]] = []
    restricted = seed.index("Restricted List", start)
    banned = seed.index("Banned List", restricted)
    rulebook = seed.find(("Core Set", "Rulebook Errata"), banned)
    for name, at, stop in (("restricted", restricted, banned), ("banned", banned, rulebook)):
        policy_end = seed.index("", at)
        section = f"{name.capitalize()} List"
        out.append(
            clause(f"{name}-list", section, "list-policy", seed.text(at + 1, policy_end), list=name)
        )
        i = policy_end
        while i < stop:
            line = seed.lines[i].strip()
            i += 1
            if not line:
                continue
            end = i
            while (
                end < stop and seed.lines[end].strip() and not ENTRY.match(seed.lines[end].strip())
            ):
                end += 1
            text = seed.text(i - 1, end)
            i = end
            match = ENTRY.match(text)
            if not match:
                raise ValueError(f"unexpected line in the {name} list: {text!r}")
            number, card_name = int(match.group(1)), match.group(2)
            if not re.search(r"[A-Za-z]", card_name):
                problems.append(
                    f"The {name} list has the fragment {text!r} (line {i}): its card name "
                    "was lost in extraction. It is not recorded as an entry. (The pool has "
                    "two printings of Innovation, Core Set 119 and Assault on Ulthuan 57, "
                    "so the line probably read '119 & 57 Innovation'.)"
                )
                continue
            card = pool.resolve(card_name, number, problems, where=f"{name} list")
            out.append(
                clause(
                    f"{name}-list/{slug(card_name)}",
                    section,
                    "list-entry",
                    text,
                    list=name,
                    card=card.name if card else None,
                    card_id=card.id if card else None,
                    number=number,
                )
            )
    return out, rulebook


def rulebook_clauses(seed: Lines, start: int, stop: int) -> list[dict[str, Any]]:
    """The three rulebook errata, one per page."""
    out = []
    for a, b in _split_at(seed, start, stop, lambda s: s.startswith("On page")):
        text = seed.text(a, b)
        page = int(re.match(r"On page (\d+)", text).group(1))  # type: ignore[union-attr]
        out.append(
            clause(
                f"rulebook-errata/p{page}", "Rulebook Errata", "rulebook-erratum", text, page=page
            )
        )
    return out


# --------------------------------------------------------------------------- clarifications

#: The clarification headings in file order: (section, heading lines). A section heading
#: is given as (section, lines, None): it ends the previous body and heads no clause.
OUTLINE: list[tuple[str, tuple[str, ...], bool]] = []


def _outline(section: str, heading: tuple[str, ...], *titles: str | tuple[str, ...]) -> None:
    OUTLINE.append((section, heading, False))
    for title in titles:
        OUTLINE.append((section, title if isinstance(title, tuple) else (title,), True))


_outline(
    "Rules Clarifications",
    ("Rules", "Clarifications"),
    "Playing Non-Tactic Cards",
    "Card Effects",
    "Triggering a Card Effect (v1.7)",
    "Resolving a Card Effect (v1.7)",
    "Constant Effects (v1.4)",
    "Simultaneous Effects (v1.6)",
    "Self-Referential Effects (v2.0)",
    "Multiple Effects",
    ("Triggered Actions (formerly Response", "Actions) (v1.4)"),
    "Conditional Actions (v1.1)",
    "Actions",
    "Trigger Conditions (v1.4)",
    "Legends (v1.8)",
)
_outline(
    "Terminology Clarifications",
    ("Terminology", "Clarifications"),
    "Cost (v1.4)",
    "Loyalty",
    "Reduction",
    "Healing (v1.1)",
    ("Hit Points vs Remaining Hit Points", "(v1.9)"),
    "Sacrifice (v1.7)",
    "Destroy (v1.7)",
    "\u201cJust Played\u201d (v1.8)",
    "\u201cLimit one Hero per zone\u201d",
    "\u201cSearch\u201d (v1.1)",
    "The Letter \u201cX\u201d",
    "The Word \u201cOr\u201d",
    "Zones of Play",
    "In Play",
    "Out of Play",
    "Play",
    "Put into Play",
    "Entering Play (v1.4)",
    "Leaving Play (v1.7)",
)
_outline("Targeting", ("Targeting",), "Target (v1.3)", "Illegal Target")
_outline(
    "Damage",
    ("Damage",),
    "Dealing Damage in Combat",
    "Dealt Damage (v1.1)",
    "Non-combat Damage",
    "Indirect Damage (v1.5)",
    "Cancelling Damage (v2.0)",
    "Moving Damage",
)
_outline("Card Types", ("Card Types",), "Attachments (v1.3)")
# The extraction put "Redirecting Damage" between two Card Types headings.
_outline("Damage", ("",), "Redirecting Damage (v1.2)")
_outline("Card Types", ("",), "Developments (v1.5)", "Quests (v1.7)")
_outline("Keywords", ("Keywords",), "Counterstrike", "Scout (v1.5)", "Ambush (v2.0)")
_outline(
    "Miscellaneous",
    ("Miscellaneous",),
    "Moving Cards",
    "Entering the Discard Pile (v1.1)",
    ("Card Effects Resulting in Playing", "Cards (v1.8)"),
    ("Attacks made outside of the", "Battlefield Phase (v1.9)"),
)

#: Passages the extraction interleaved into another clause's body: (first line, last
#: line, the clause they belong to). They are cut out and appended, in this order, as
#: further verbatim pieces of their own clause.
RELOCATED: list[tuple[str, str, str]] = [
    # The Blessing of Valaya example (a played Action that "creates a constant effect that
    # waits for" a condition "or the end of the turn, whichever is first") illustrates
    # Conditional Actions, not the "Actions" (uppercase) note printed between them.
    ("For example: Blessing of Valaya (CC", "whichever is first.", "Conditional Actions"),
    ("For example: The trigger condition on", "Flies (CS 93).", "Trigger Conditions"),
    ("game terms. Cards that reference", "vice versa.", "\u201cSearch\u201d"),
    ("For example: Scout Camp (CC 60)", "deck, instead of the top five.", "\u201cSearch\u201d"),
    (
        "It is important to note that players do not",
        "have to take card effects that redirect",
        "Redirecting Damage",
    ),
    (
        "damage from a unit into account when",
        "damage is not damage cancellation.",
        "Redirecting Damage",
    ),
]


def clarification_blocks(seed: Lines, start: int, stop: int, problems: list[str]) -> list[Block]:
    """The headed clarifications between ``start`` and ``stop``, interleaving repaired."""
    marks: list[tuple[int, int, str, str, bool]] = []
    cursor = start
    for section, heading, is_clause in OUTLINE:
        if heading == ("",):
            continue
        at = seed.find(heading, cursor)
        marks.append((at, at + len(heading), section, " ".join(heading), is_clause))
        cursor = at + len(heading)
    blocks: list[Block] = []
    ends = [m[0] for m in marks[1:]] + [stop]
    for (_, body, section, title, is_clause), end in zip(marks, ends, strict=True):
        if is_clause:
            blocks.append(Block(section, title, [(body, end)]))
    by_title = {version_of(b.title)[0]: b for b in blocks}
    for first, last, owner in RELOCATED:
        host = next(b for b in blocks if any(_contains(seed, piece, first) for piece in b.pieces))
        piece = next(p for p in host.pieces if _contains(seed, p, first))
        a = seed.index(first, piece[0], piece[1])
        b = seed.index(last, a, piece[1]) + 1
        host.pieces.remove(piece)
        host.pieces += [p for p in ((piece[0], a), (b, piece[1])) if _nonblank(seed, p)]
        host.pieces.sort()
        by_title[owner].pieces.append((a, b))
        problems.append(
            f"Interleaved text: lines {a + 1}-{b} ({seed.text(a, b)[:40]!r}…) sit inside "
            f"{version_of(host.title)[0]!r} but continue {owner!r}; they are a separate "
            f"verbatim piece of {owner!r}."
        )
    return blocks


def _contains(seed: Lines, piece: tuple[int, int], first: str) -> bool:
    return any(seed.lines[i].strip() == first for i in range(*piece))


def _nonblank(seed: Lines, piece: tuple[int, int]) -> bool:
    return any(seed.lines[i].strip() for i in range(*piece))


def block_clauses(
    seed: Lines, blocks: Iterable[Block], prefix: str, kind: str
) -> list[dict[str, Any]]:
    """Clauses of headed blocks; a block in several pieces gives one clause per piece."""
    out = []
    for block in blocks:
        title, version = version_of(block.title)
        base = f"{prefix or slug(block.section)}/{slug(title)}"
        pieces = [p for p in block.pieces if _nonblank(seed, p)]
        for n, (a, b) in enumerate(pieces, 1):
            cid = base if n == 1 else f"{base}/part-{n}"
            out.append(
                clause(
                    cid,
                    f"{block.section}: {title}",
                    kind,
                    seed.text(a, b),
                    date=version,
                    part=n if len(pieces) > 1 else None,
                )
            )
    return out


# --------------------------------------------------------------------------- procedures


def turn_sequence_blocks(seed: Lines, start: int, stop: int, problems: list[str]) -> list[Block]:
    """The Updated Turn Sequence Diagram: one block per phase (0-5)."""
    heads = [i for i in range(start, stop) if re.fullmatch(r"Phase \d", seed.lines[i].strip())]
    blocks = []
    for head, nxt in zip(heads, [*heads[1:], stop], strict=True):
        name_at = next(
            i
            for i in range(head + 1, nxt)
            if seed.lines[i].strip() and not seed.lines[i].startswith("Ambush")
        )
        number = seed.lines[head].strip()
        block = Block(
            "Updated Turn Sequence Diagram",
            f"{number}: {seed.lines[name_at].strip()}",
            [(name_at + 1, nxt)],
        )
        if head < name_at - 1:  # a stray line between "Phase 5" and its name
            block.pieces.insert(0, (head + 1, name_at))
        blocks.append(block)
    # Phase 5's body holds three runs that belong to the battlefield phase.
    last, battle = blocks[-1], blocks[-2]
    stray = [
        ("Ambush abilities may be triggered.", "Ambush abilities may be triggered."),
        ("Actions may be taken by either player.", "considered to be opposed in combat."),
    ]
    for first, final in stray:
        for piece in list(last.pieces):
            try:
                a = seed.index(first, piece[0], piece[1])
            except ValueError:
                continue
            b = seed.index(final, a, piece[1]) + 1
            last.pieces.remove(piece)
            last.pieces += [p for p in ((piece[0], a), (b, piece[1])) if _nonblank(seed, p)]
            last.pieces.sort()
            battle.pieces.append((a, b))
            break
        else:
            raise ValueError(f"stray turn-sequence line {first!r} not found")
    problems.append(
        "The Updated Turn Sequence Diagram came out of order: the Battlefield Phase steps "
        "are shuffled, and 'Ambush abilities may be triggered.' and the declaration of "
        "defenders sit under Phase 5. They are kept as verbatim pieces of Phase 4 (in file "
        "order; the true order of the steps is not recoverable from the seed)."
    )
    return blocks


def timing_blocks(seed: Lines, start: int, stop: int) -> list[Block]:
    """The Detailed Timing Structure: blocks A-E."""
    heads = [i for i in range(start, stop) if re.match(r"^[A-E]\. ", seed.lines[i].strip())]
    return [
        Block("Detailed Timing Structure", seed.lines[h].strip(), [(h + 1, nxt)])
        for h, nxt in zip(heads, [*heads[1:], stop], strict=True)
    ]


def procedure_clauses(seed: Lines, blocks: Iterable[Block], prefix: str) -> list[dict[str, Any]]:
    """Procedure clauses, ids by phase number or timing letter."""
    out = []
    for block in blocks:
        key = block.title.split(":")[0].split(".")[0].lower().replace(" ", "-")
        pieces = [p for p in block.pieces if _nonblank(seed, p)]
        for n, (a, b) in enumerate(pieces, 1):
            cid = f"{prefix}/{key}" if n == 1 else f"{prefix}/{key}/part-{n}"
            out.append(
                clause(
                    cid,
                    f"{block.section}: {block.title}",
                    "procedure",
                    seed.text(a, b),
                    part=n if len(pieces) > 1 else None,
                )
            )
    return out


# --------------------------------------------------------------------------- Q&A

REVERSAL = "(Reversal of previous ruling)"


def qa_clauses(
    seed: Lines, start: int, pool: CardPool, problems: list[str]
) -> list[dict[str, Any]]:
    """The 49 Q&As, numbered in file order (WHI-W1 ... WHI-W49)."""
    heads = [i for i in range(start, len(seed.lines)) if seed.lines[i].startswith("Q: ")]
    out = []
    for n, (q, nxt) in enumerate(zip(heads, [*heads[1:], len(seed.lines)], strict=True), 1):
        a = next(i for i in range(q, nxt) if seed.lines[i].startswith("A:"))
        question = seed.text(q, a)[len("Q: ") :]
        answer = seed.text(a, nxt)[len("A: ") :]
        reverses = None
        if REVERSAL in answer:
            reverses = _reversal(question)
            problems.append(
                f"WHI-W{n} is marked {REVERSAL!r} but the seed does not give the earlier "
                f"ruling; `reverses` records what the question implies: {reverses}."
            )
        out.append(
            clause(
                f"qa/{n}",
                "Q&A",
                "qa",
                answer,
                aliases=[f"WHI-W{n}"],
                cards=named_cards(f"{question} {answer}", pool) or None,
                question=question,
                reverses=reverses,
            )
        )
    return out


#: A card reference the FAQ writes after a name: "(CC 45)", "(Legends 30)".
CARD_TAG = re.compile(r"\((?:[A-Z][A-Za-z]*) (\d+)\)")


def named_cards(text: str, pool: CardPool) -> list[str]:
    """The pool cards a Q&A names, in order: each tagged name ("Iron Discipline (CC 45)":
    the pool card of that number whose name ends the words before the tag), then each
    other name of two or more words the text spells exactly as the pool does."""
    flat = " ".join(text.split()).translate(QUOTES)
    found: list[str] = []
    for match in CARD_TAG.finditer(flat):
        before = fold(re.sub(r"'s$", "", flat[: match.start()].rstrip()))
        candidates = [
            c.name
            for c in pool.by_number.get(int(match.group(1)), [])
            if before.endswith(fold(c.name))
        ]
        if not candidates:
            raise ValueError(f"no card numbered {match.group(1)} ends {before[-40:]!r}")
        found.append(max(candidates, key=len))
    for card in pool.cards:
        if " " in card.name and re.search(rf"\b{re.escape(card.name)}\b", flat):
            found.append(card.name)
    return list(dict.fromkeys(found))


def _reversal(question: str) -> str:
    """What a reversed ruling must have said: the opposite of this Q&A's "Yes"."""
    match = re.search(r"can I respond with (.+?) to the play of the attachment", question)
    if not match:
        raise ValueError(f"cannot describe the ruling reversed by: {question}")
    return (
        f"an earlier ruling that {match.group(1)} could not be played in response to "
        "the play of an attachment on a unit"
    )


# --------------------------------------------------------------------------- build


def build_clauses(text: str, pool: CardPool, problems: list[str]) -> list[dict[str, Any]]:
    """Every clause of the seed, in file order."""
    seed = Lines(text)
    clauses, core = intro_clauses(seed, problems)
    restricted = seed.index("Restricted List", core)
    entries = errata_entries(seed, core, restricted, problems)
    clauses += erratum_clauses(seed, entries, pool, problems)
    lists, rulebook = list_clauses(seed, restricted, pool, problems)
    clauses += lists
    rules = seed.find(("Rules", "Clarifications"), rulebook)
    clauses += rulebook_clauses(seed, rulebook + 2, rules)
    turn = seed.find(("Updated", "Turn Sequence", "Diagram"), rules)
    clauses += block_clauses(
        seed, clarification_blocks(seed, rules, turn, problems), "", "clarification"
    )
    timing = seed.find(("Detailed", "Timing Structure"), turn)
    first_q = next(i for i in range(timing, len(seed.lines)) if seed.lines[i].startswith("Q: "))
    clauses += procedure_clauses(
        seed, turn_sequence_blocks(seed, turn + 3, timing, problems), "turn-sequence"
    )
    clauses += procedure_clauses(seed, timing_blocks(seed, timing + 2, first_q), "timing-structure")
    clauses += qa_clauses(seed, first_q, pool, problems)
    return clauses


def build() -> list[str]:
    """Write clauses.jsonl and cards.jsonl; return the seed problems worked around."""
    problems: list[str] = []
    data_problems: list[str] = []
    pool = CardPool.load(data_problems)
    clauses = build_clauses(read_seed(GAME), pool, problems)
    cards = build_cards(pool, clauses, problems)
    problems += data_problems
    folder = CORPUS / GAME
    write_jsonl(folder / "clauses.jsonl", clauses, KEYS)
    write_jsonl(folder / "cards.jsonl", cards, CARD_KEYS)
    return problems
