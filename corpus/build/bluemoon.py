"""Build ``corpus/bluemoon/`` from the Blue Moon FAQ: Q&As, the rule passages it quotes, cards.

The seed is one line of text. It splits on its headings (a title followed by a run of ``=``
or ``-`` of the same length) and on the `` Q: `` / `` A: `` markers. The rule passages are the
single-quoted excerpts of the first-edition rulebook and rulesheets inside the answers; the
table ``RULE_QUOTES`` below says where each one comes from (data about the seed: the FAQ's own
page and section labels are inconsistent), while the texts themselves are cut from the seed.
Cards are read from their tags, ``Name [People N, X deck] (values, icons, "text")``.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import CARD_KEYS, CLAUSE_KEYS, CORPUS, read_seed, slug, squash, write_jsonl

GAME = "bluemoon"
DATE = "2021-01-14"
FAQ_DOCUMENT = "Blue Moon FAQ (Christopher Dearlove)"
DOCUMENTS = {
    "RB": ("rulebook", "Blue Moon rulebook (first edition)"),
    "EI": ("ei-rulesheet", "Emissaries and Inquisitors rulesheet"),
    "BI": ("bi-rulesheet", "Buka Invasion rulesheet"),
}

# --------------------------------------------------------------------------------------
# Data about the seed (hand-written; the texts are cut from the seed by the code below).
# --------------------------------------------------------------------------------------

#: The rule passages the FAQ quotes, one row per maximal excerpt, in the order of
#: seed-inventory.md section 3: (inventory clause id, document, page, section as the rulebook
#: or rulesheet names it, short key, the words the excerpt starts with). A second excerpt of
#: the same clause group repeats the group's id; it gets the alias ``<id>-2``.
RULE_QUOTES: tuple[tuple[str, str, int | None, str, str, str], ...] = (
    (
        "RB-p6-TurnPhases",
        "RB",
        6,
        "Turn Phases",
        "alternate-turns",
        "The players take alternate turns",
    ),
    (
        "RB-p7-CHARACTER-active",
        "RB",
        7,
        "CHARACTER",
        "most-recent-active",
        "Only the most recent character cards",
    ),
    (
        "RB-p7-CHARACTER-mustplay",
        "RB",
        7,
        "CHARACTER",
        "must-play-character",
        "In order to continue the current fight",
    ),
    (
        "RB-p7-BOOSTER-play",
        "RB",
        7,
        "BOOSTER or SUPPORT",
        "play-booster",
        "You may play a booster card from your hand",
    ),
    (
        "RB-p7-BOOSTER-active",
        "RB",
        7,
        "BOOSTER or SUPPORT",
        "booster-active",
        "booster cards played into your combat area",
    ),
    (
        "RB-p7-LEADERSHIP",
        "RB",
        7,
        "LEADERSHIP",
        "effects-this-turn",
        "The effects of most leadership cards",
    ),
    (
        "RB-p7-Retreat",
        "RB",
        7,
        "Retreat from Fight",
        "announce-retreat",
        "When you cannot or do not want to continue",
    ),
    (
        "RB-p8-AnnouncePower-match",
        "RB",
        8,
        "Announce Power",
        "match-opponent",
        "The total power you announce",
    ),
    (
        "RB-p8-AnnouncePower-state",
        "RB",
        8,
        "Announce Power",
        "state-total-power",
        "When you announce your power, always state",
    ),
    (
        "RB-p8-AnnouncePower-zero",
        "RB",
        8,
        "Announce Power",
        "zero-power",
        'An attack with "zero" power',
    ),
    (
        "RB-p8-BOOSTERorSUPPORT-firstturn",
        "RB",
        8,
        "BOOSTER or SUPPORT",
        "first-turn",
        "On the first turn of each fight",
    ),
    (
        "RB-p8-BOOSTERorSUPPORT-firstturn",
        "RB",
        8,
        "BOOSTER or SUPPORT",
        "first-turn-common-play",
        "The most common card play",
    ),
    ("RB-p8-RefreshHand", "RB", 8, "Refresh Hand", "six-cards", "As a general rule, you refresh"),
    (
        "RB-p8-RefreshHand",
        "RB",
        8,
        "Refresh Hand",
        "draw-from-deck",
        "Refresh your hand by drawing",
    ),
    (
        "RB-p9-WinningFight-refresh",
        "RB",
        9,
        "Winning a Fight",
        "refresh",
        "At the end of any fight, both players refresh",
    ),
    (
        "RB-p9-WinningFight-remove",
        "RB",
        9,
        "Winning a Fight",
        "remove-cards",
        "Both players now remove all their cards",
    ),
    (
        "RB-p9-WinningFight-sixcards",
        "RB",
        9,
        "Winning a Fight",
        "six-cards-dragon",
        "If you have a total of six or more cards",
    ),
    (
        "RB-p9-Declining",
        "RB",
        9,
        "Declining to Start a Fight",
        "refresh",
        "Then the player refreshes his hand",
    ),
    (
        "RB-p9-DiscardingCards",
        "RB",
        9,
        "Discarding Cards",
        "leadership-stack",
        "When discarding leadership cards",
    ),
    ("RB-p10-GameEnd", "RB", 10, "Game End", "instant-win", "A player wins the game instantly"),
    (
        "RB-p14-SHIELD",
        "RB",
        14,
        "SHIELD",
        "no-need-to-match",
        "You do not have to match your opponent",
    ),
    ("RB-p14-STOP", "RB", 14, "STOP", "no-further-cards", "Playing a card with a STOP icon"),
    ("RB-p14-MoreGames", "RB", 14, "More Games", "five-crystals", "The player who first reaches"),
    (
        "RB-p15-RETRIEVE-use",
        "RB",
        15,
        "RETRIEVE",
        "return-to-hand",
        "If you have active cards depicting the RETRIEVE icon",
    ),
    (
        "RB-p15-RETRIEVE-block",
        "RB",
        15,
        "RETRIEVE",
        "blocked",
        "If your opponent's combat area contains",
    ),
    (
        "RB-p15-PROTECTED-active",
        "RB",
        15,
        "PROTECTED",
        "protected",
        "When these cards are active in the combat",
    ),
    (
        "RB-p15-PROTECTED-noignore",
        "RB",
        15,
        "PROTECTED",
        "not-ignored-discarded-reduced",
        "The cards cannot be ignored or discarded",
    ),
    ("RB-p15-FREE", "RB", 15, "FREE", "limit", "Cards depicting the FREE icon"),
    ("RB-p16-PAIR", "RB", 16, "PAIR", "play-pair", "If you have two character cards in your hand"),
    (
        "RB-p16-GANG-add",
        "RB",
        16,
        "GANG",
        "add-to-gang",
        "If you already played one or more character cards",
    ),
    ("RB-p16-GANG-keep", "RB", 16, "GANG", "keep-gang-active", "To keep the gang active"),
    (
        "RB-p17-SR1-supersede",
        "RB",
        17,
        "Special Rules",
        "supersede",
        "Instructions on the cards supersede",
    ),
    (
        "RB-p17-SR1-readout",
        "RB",
        17,
        "Special Rules",
        "read-out",
        "When a player brings a card with a special power",
    ),
    (
        "RB-p17-SR2-ignoring",
        "RB",
        17,
        "Special Rules",
        "ignoring",
        'Card instructions "ignoring" other cards',
    ),
    (
        "RB-p17-SR2-youmaynot",
        "RB",
        17,
        "Special Rules",
        "you-may-not",
        'Cards reading "you may not..."',
    ),
    ("RB-p17-SR2-ignored", "RB", 17, "Special Rules", "ignored-card", "When a card is ignored"),
    (
        "RB-p17-SR-applyinstruction",
        "RB",
        17,
        "Special Rules",
        "apply-instruction",
        "If you apply the instruction on one",
    ),
    (
        "RB-p17-SR3-anynumber",
        "RB",
        17,
        "Special Rules",
        "any-number-of-support",
        "if an instruction allows you to play any number",
    ),
    (
        "RB-p17-SR4-actasfar",
        "RB",
        17,
        "Special Rules",
        "act-as-far-as-possible",
        "If the cards instruct you to act",
    ),
    (
        "RB-p17-SR5-independent",
        "RB",
        17,
        "Special Rules",
        "discard-independently",
        "If several cards instruct you to discard",
    ),
    (
        "RB-p17-SR5-noextra",
        "RB",
        17,
        "Special Rules",
        "no-extra-discards",
        "if you are instructed to discard a number",
    ),
    (
        "RB-p18-SR7-valueorder",
        "RB",
        18,
        "Special Rules",
        "value-order",
        "If there is more than one instruction influencing",
    ),
    (
        "RB-p18-SR8-disclosed",
        "RB",
        18,
        "Special Rules",
        "draw-disclosed",
        "If your opponent is allowed to draw one card",
    ),
    (
        "RB-p18-SR8-disclosed",
        "RB",
        18,
        "Special Rules",
        "disclosed-remain",
        "The cards remain there for your opponent",
    ),
    (
        "RB-p18-SR10-location",
        "RB",
        18,
        "Special Rules",
        "card-locations",
        "At all times during the game",
    ),
    (
        "RB-p18-SR11-backtrack",
        "RB",
        18,
        "Special Rules",
        "backtrack",
        "If no cards have been drawn or revealed",
    ),
    (
        "RB-p18-SR11-backtrack",
        "RB",
        18,
        "Special Rules",
        "backtrack-loses-game",
        "Otherwise the player loses",
    ),
    ("EI-SpecialRule-Imust", "EI", None, "Special Rule", "i-must", 'Cards reading "I must..."'),
    ("EI-ChosenOnes", "EI", None, "Chosen Ones", "opponent-first", "When you play a Chosen One"),
    ("EI-Hyla", "EI", None, "Hyla", "display", "When played, display your Hyla card"),
    (
        "EI-Interference-respond",
        "EI",
        None,
        "Interference Cards",
        "respond",
        "You play your interference card from your hand",
    ),
    (
        "EI-Interference-place",
        "EI",
        None,
        "Interference Cards",
        "place",
        "Place the interference card face up",
    ),
    (
        "EI-Interference-cancelled",
        "EI",
        None,
        "Interference Cards",
        "cancelled",
        "A card canceled in this way",
    ),
    (
        "EI-REPLACE",
        "EI",
        None,
        "Leadership Phase Cards and the REPLACE Icon",
        "replace",
        "you may play one card depicting the REPLACE icon",
    ),
    (
        "BI-Ships-threeactions",
        "BI",
        None,
        "Ships",
        "three-actions",
        "There are three actions you can take",
    ),
    (
        "BI-PlayingShip-notleadership",
        "BI",
        None,
        "Playing a Ship",
        "leadership-phase-cards",
        "leadership phase cards but not leadership cards",
    ),
    ("BI-Loading-capacity", "BI", None, "Loading a Ship", "capacity", "This capacity is neither"),
    (
        "BI-Loading-insteadofsupport",
        "BI",
        None,
        "Loading a Ship",
        "instead-of-support",
        "Instead of playing a support card",
    ),
    (
        "BI-Loading-prevented",
        "BI",
        None,
        "Loading a Ship",
        "prevented",
        "If you are prevented from playing support cards",
    ),
    (
        "BI-Loading-notinplay",
        "BI",
        None,
        "Loading a Ship",
        "not-in-play",
        "Cards on ships are not in play",
    ),
    (
        "BI-Loading-nothand",
        "BI",
        None,
        "Loading a Ship",
        "not-part-of-hand",
        "Cards on ships are not part of your hand",
    ),
    (
        "BI-Loading-retrieveddiscarded",
        "BI",
        None,
        "Loading a Ship",
        "ship-discarded",
        "If a ship is retrieved or discarded",
    ),
    (
        "BI-Loading-gameend",
        "BI",
        None,
        "Loading a Ship",
        "game-end",
        "A game will end if, after a fight",
    ),
    (
        "BI-Landing-when",
        "BI",
        None,
        "Landing a Ship",
        "when",
        "During your Beginning of Turn phase, you may land",
    ),
    ("BI-Landing-active", "BI", None, "Landing a Ship", "ships-active", "Ships are active while"),
    (
        "BI-Landing-handunaffected",
        "BI",
        None,
        "Landing a Ship",
        "hand-unaffected",
        "The discarding of cards from your hand",
    ),
    (
        "BI-Landing-discardships",
        "BI",
        None,
        "Landing a Ship",
        "discard-landed-ships",
        "Immediately before you announce your power, any ships",
    ),
    (
        "BI-Landing-asifhand",
        "BI",
        None,
        "Landing a Ship",
        "as-if-in-hand",
        "you play such cards from the landed ships",
    ),
    ("BI-Notes-BP", "BI", None, "Notes", "bp-not-free", "The B.P. (Brotherhood of Pirates)"),
    (
        "BI-Bluff-icons",
        "BI",
        None,
        "Bluffing",
        "bluff-icons",
        "Some Buka characters have the FIRE BLUFF",
    ),
    (
        "BI-Bluff-play",
        "BI",
        None,
        "Bluffing",
        "play-bluff",
        "You may play a card with a BLUFF icon",
    ),
    (
        "BI-Bluff-activesupport",
        "BI",
        None,
        "Bluffing",
        "active-support",
        "Such a facedown card in play",
    ),
    ("BI-Bluff-value2", "BI", None, "Bluffing", "value-2", "facedown bluff cards are counted"),
    (
        "BI-Bluff-iconsignored",
        "BI",
        None,
        "Bluffing",
        "icons-ignored",
        "If your icons are ignored, this includes",
    ),
    (
        "BI-Bluff-cardsignored",
        "BI",
        None,
        "Bluffing",
        "cards-ignored",
        "If your bluff cards are ignored",
    ),
    (
        "BI-Bluff-discardBoT",
        "BI",
        None,
        "Bluffing",
        "discard-bluff",
        "During your Beginning of Turn phase you may discard",
    ),
    ("BI-Bluff-call", "BI", None, "Bluffing", "call", "After you announced your power"),
    (
        "BI-Bluff-revealondiscard",
        "BI",
        None,
        "Bluffing",
        "reveal-on-discard",
        "Whenever any of your bluff cards are discarded",
    ),
    (
        "BI-Bluff-losingcondition",
        "BI",
        None,
        "Bluffing",
        "losing-condition",
        "If any of your revealed bluff cards",
    ),
)

#: Single-quoted passages in the Q&As that are ordinary words, not rule quotes.
NON_RULE_QUOTES = (
    "Special Power",
    "campaign",
    "match",
    "maximum",
    "four",
    "usual consequences",
    "The following suggestions provide a simple tournament structure",
)

#: Rulebook and rulesheet passages the FAQ refers to without quoting them: they have no
#: text, so they are not clauses. (inventory id, what is referred to, Q&As, words in them)
UNQUOTED_REFERENCES = (
    (
        "RB-p17-SR6-printed",
        "rulebook p.17, Special Rule 6",
        (155,),
        "rulebook page 17, Special Rule 6",
    ),
    (
        "RB-p5-TheCards",
        "rulebook p.5, The Cards (card illustration)",
        (159, 264),
        "rulebook page 5",
    ),
    (
        "RB-p3-GamePreparation",
        "rulebook p.3, Game Preparation",
        (357,),
        "rulebook page 3, Game Preparation",
    ),
    ("RB-p4-Board", "rulebook p.4, board illustration", (332,), "rulebook page 4"),
    ("RB-p13-Example", "rulebook p.13, worked example", (181,), "Rulebook page 13"),
    (
        "RB-p19-OptionalRule",
        "rulebook p.19, Optional Rule",
        (60,),
        "rulebook page 19, under Optional Rule",
    ),
    (
        "RB-p17-18-SpecialRules",
        "rulebook pp.17-18, Special Rules as a whole",
        (51,),
        "rulebook page 18, Special Rules",
    ),
    (
        "BI-Bluff-order",
        "Buka Invasion rulesheet, Bluffing: the steps of calling a bluff",
        (422,),
        "Buka Invasion rulesheet, under Bluffing, lists the actions",
    ),
)

#: Tag prefixes that name a kind of card rather than a people.
TYPE_OF_PREFIX = {
    "Mutant": "mutant",
    "Inter": "interference",
    "Infl": "Hyla",
    "Inq": "inquisitor",
    "Emis": "emissary",
    "Ach": "crystal",
    "Tutu": "Tutu character",
}

#: The card-type labels the FAQ writes before a card's name.
TYPE_OF_LABEL = {
    "support card": "support",
    "leadership card": "leadership",
    "booster card": "booster",
    "character card": "character",
    "crystal card": "crystal",
    "leader card": "leader",
    "ship card": "ship",
    "ship": "ship",
    "interference card": "interference",
    "mutant": "mutant",
    "inquisitor": "inquisitor",
    "Hyla": "Hyla",
    "Tutu": "Tutu character",
}

#: Types the FAQ never states and the card number does not settle (see ``infer_type``):
#: tag -> (type, why).
TYPE_BY_READING = {
    "Aqua 20": (
        "booster",
        "BM-Q166 has it active beside the active character Glimmer, "
        "adding to total power like booster Elemental Enchantment [Vulca 20]",
    ),
    "Khind 29": (
        "leadership",
        "it is numbered between support Khind 28 and leadership "
        "Khind 30, inside the Khind leadership cards 29-32",
    ),
}

#: Icons and shields the FAQ states in prose rather than in a card's tag:
#: (tag or type:<type>, icon or "shields", Q&A, the words that state it).
PROSE_ICONS = (
    ("type:mutant", "STOP", 130, "because the mutant has a STOP icon"),
    ("type:mutant", "shields", 130, "your mutant has a shield (in both elements"),
    ("Mimix 20", "STOP", 183, "since each has a STOP icon"),
    ("Mimix 21", "STOP", 183, "since each has a STOP icon"),
    ("type:Tutu character", "FREE", 92, "Each has the FREE icon"),
    (
        "type:interference",
        "REPLACE",
        257,
        "interference cards and crystal cards, which both all have the REPLACE icon",
    ),
    (
        "type:crystal",
        "REPLACE",
        257,
        "interference cards and crystal cards, which both all have the REPLACE icon",
    ),
)

#: Icons an FAQ answer means a card lacks, the sources giving not all of its icons: (card tag,
#: icon, Q&A, the words). An opposing effect reaches the card in the answer, which the icon
#: would stop (PROTECTED), or the answer says it has none of them (BLUFF). Recorded as
#: ``lacks_icons``, with ``stated_in`` ("no PROTECTED").
PROSE_LACKS = (
    (
        "Khind 27",
        "PROTECTED",
        268,
        "including Laughing Gas, have their special power texts ignored",
    ),
    ("Pillar 06", "PROTECTED", 168, "First apply CoolCat, reducing printed fire value"),
    ("Vulca 20", "PROTECTED", 173, "but you reduced it to 2 by playing Enthrall Opposition"),
    ("Hoax 25", "PROTECTED", 174, "as Duplicator of Strength is no longer ignored"),
    ("Hoax 05", "PROTECTED", 156, "so Ciklarethas the Bitter is ignored because it has an icon"),
    ("Mutant 106", "PROTECTED", 262, "Since your character card is ignored, this includes"),
    ("Mutant 105", "PROTECTED", 271, "The mutant's special power text is completely ignored"),
    ("Tutu 507", "PROTECTED", 273, "I must apply it here where it works to my disadvantage"),
    ("Mimix 22", "PROTECTED", 171, "this does not apply to Sun Setting or Moon Rising"),
    ("Mimix 23", "PROTECTED", 171, "this does not apply to Sun Setting or Moon Rising"),
    ("Pillar 16", "PROTECTED", 300, "so that your Caterpillar booster cards are no longer ignored"),
    ("Pillar 17", "PROTECTED", 300, "so that your Caterpillar booster cards are no longer ignored"),
    ("Buka 03", "FIRE BLUFF", 400, "because it does not have a BLUFF icon of any sort"),
    ("Buka 03", "EARTH BLUFF", 400, "because it does not have a BLUFF icon of any sort"),
    ("Buka 03", "EMPTY BLUFF", 400, "because it does not have a BLUFF icon of any sort"),
)

#: Cards whose icons an FAQ answer gives completely (it quotes the whole card line, or says the
#: card has no other icon): (card tag, Q&A, the words). None does: each tag's parenthesis gives
#: the icons the answer needs (Wild Unicorn [Mimix 15] shows "PAIR icon" only, yet BM-Q182
#: gives a card of its pair a shield). A card's icons are so recorded ``icons_complete: false``
#: (the others unknown, asked about as a card's whose icons the sources never give), its
#: shields ``shields_complete: false`` unless it shows one in both elements (a card has two).
ICONS_COMPLETE: tuple[tuple[str, int, str], ...] = ()

#: The element of a "Value n" the FAQ gives without one, where its question states the contested
#: element: (card tag, element, Q&A, the words). The value is that element's printed value; the
#: other element's stays unknown. A "Value n" of a question that states no element is kept as
#: ``value`` alone (the value in the contested element, whichever it is).
VALUE_ELEMENTS = (
    ("Hoax 07", "earth", 176, "If the contested element is earth and you have active Penemikanas"),
    ("Flit 12", "fire", 262, "If the contested element is fire and you have active only Hank"),
    ("Flit 07", "fire", 271, "announce a total power of 5 fire"),
    ("Flit 15", "fire", 271, "announce a total power of 5 fire"),
)

#: Values an FAQ answer's total power gives a booster or support card the sources give no value
#: for: (card tag, elements, Q&A, the words). The total counts the card as adding nothing in
#: that element (no value, or 0): recorded as 0 there, with ``stated_in``. Many booster and
#: support cards have values (BM-Q157), so one the sources give none for is otherwise unknown.
ZERO_VALUES = (
    ("Pillar 26", ("fire", "earth"), 261, "rather than the booster card itself having a value"),
    ("Aqua 20", ("earth",), 166, "First you add the cards' values, getting 6 or 8"),
    ("Pillar 21", ("fire",), 168, "doubling total power to 0"),
    ("Pillar 22", ("fire",), 169, "then apply Potion of Conjoining to give 4 total power"),
    ("Pillar 22", ("fire", "earth"), 170, "6 if the contested element is fire, or 4 if"),
    ("Pillar 24", ("fire", "earth"), 170, "6 if the contested element is fire, or 4 if"),
    ("Aqua 27", ("fire", "earth"), 171, "6 (regardless of whether the contested element is fire"),
    ("Vulca 20", ("fire",), 173, "you reduced it to 2 by playing Enthrall Opposition"),
)

#: Slips in the FAQ's wording (kept verbatim): (Q&A, the words, what is wrong).
SLIPS = (
    (35, "Have the publishers provides", "a verb slip in the question"),
    (267, 'Flit character cards.")? play?', "a stray 'play?' ends the question"),
    (1, "was was", "a doubled word"),
    (70, "I hve", "a typing slip"),
    (130, "while the card is still in you hand", "'you' for 'your'"),
    (400, "usully", "a typing slip"),
)

#: Cards the FAQ names without a tag (so not cards of the corpus): (name, Q&A, its words).
UNTAGGED_NAMES = (
    (
        "Wogarathoras the Gloomy",
        141,
        "a character with no special power text such as Wogarathoras the Gloomy",
    ),
)

# --------------------------------------------------------------------------------------
# Splitting the FAQ
# --------------------------------------------------------------------------------------

HEADING_RULE = re.compile(r" ([=-])\1{2,}(?= |$)")
Q_MARK, A_MARK = " Q: ", " A: "


@dataclass(frozen=True)
class Heading:
    title: str
    level: str  # "=" for a main section, "-" for a section
    start: int  # index of the space before the title
    end: int  # index just after the rule


@dataclass
class QA:
    number: int
    main_section: str
    section: str
    position: int  # within its section, from 1
    question: str
    answer: str
    start: int
    end: int

    @property
    def alias(self) -> str:
        return f"BM-Q{self.number}"

    @property
    def text(self) -> str:
        return f"{self.question} {self.answer}"


def find_headings(seed: str) -> list[Heading]:
    """Headings: a title directly followed by a rule of ``=`` or ``-`` as long as itself."""
    out = []
    for match in HEADING_RULE.finditer(seed):
        rule = match.group(0)[1:]
        start = match.start() - len(rule)
        title = seed[start : match.start()]
        if start > 0 and seed[start - 1] == " " and title == title.strip():
            out.append(Heading(title, rule[0], start - 1, match.end()))
    return out


def split_qas(seed: str, headings: list[Heading], problems: list[str]) -> list[QA]:
    """The Q&As in file order, each with its section and main section."""
    q_marks = [m.start() for m in re.finditer(re.escape(Q_MARK), seed)]
    a_marks = [m.start() for m in re.finditer(re.escape(A_MARK), seed)]
    if len(q_marks) != len(a_marks):
        problems.append(f"{len(q_marks)} 'Q:' markers but {len(a_marks)} 'A:' markers")
    qas: list[QA] = []
    per_section: Counter[str] = Counter()
    for index, q in enumerate(q_marks):
        before = [h for h in headings if h.end <= q]
        main = next((h.title for h in reversed(before) if h.level == "="), "")
        last = before[-1] if before else None
        section = last.title if last else ""
        limit = min(
            q_marks[index + 1 : index + 2]
            + [h.start for h in headings if h.start > q]
            + [len(seed)]
        )
        answers = [a for a in a_marks if q < a < limit]
        if len(answers) != 1:
            problems.append(f"BM-Q{index + 1}: {len(answers)} 'A:' markers")
            continue
        a = answers[0]
        per_section[section] += 1
        qas.append(
            QA(
                index + 1,
                main,
                section,
                per_section[section],
                seed[q + len(Q_MARK) : a].strip(),
                seed[a + len(A_MARK) : limit].strip(),
                q,
                limit,
            )
        )
    return qas


# --------------------------------------------------------------------------------------
# Rule quotes
# --------------------------------------------------------------------------------------

#: A single-quoted passage: the quote opens after a space or "(" (not a possessive "'s")
#: and closes before anything but a letter.
SINGLE_QUOTED = re.compile(r"(?:(?<=^)|(?<=[\s(]))'(?!s\b)(?=\S)(.+?)'(?![A-Za-z])")
#: Where the FAQ's label for a quote starts: "Rulebook page 17, under Special Rules, ...".
CITATION_START = re.compile(
    r"[Rr]ulebook page \d+|E&I rulesheet|Buka Invasion rulesheet|"
    r"(?<=and )under "
)


def citation(before: str) -> str | None:
    """The label the FAQ puts just before a quote, e.g. ``Rulebook page 14, under STOP``."""
    starts = list(CITATION_START.finditer(before))
    if not starts:
        return None
    label = before[starts[-1].start() :].rstrip(":,) ")
    if re.search(r"[.'\"()]", label):
        return None
    return label[0].upper() + label[1:]


def loose(text: str) -> str:
    """A passage folded for matching excerpts: whitespace squashed, punctuation dropped."""
    return squash(re.sub(r"[^\w\s]", " ", text))


@dataclass
class RuleQuote:
    alias: str
    document: str
    page: int | None
    section: str
    key: str
    anchor: str
    text: str = ""
    quoted_by: list[int] = field(default_factory=list)
    cited_as: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        folder, _ = DOCUMENTS[self.document]
        place = f"p{self.page}-{slug(self.section)}" if self.page else slug(self.section)
        return f"{GAME}/{folder}/{place}/{self.key}"

    @property
    def section_label(self) -> str:
        return f"p.{self.page}, {self.section}" if self.page else self.section


def rule_quote_table() -> list[RuleQuote]:
    """The ``RULE_QUOTES`` rows, a second excerpt of a group aliased ``<id>-2``."""
    seen: Counter[str] = Counter()
    out = []
    for alias, document, page, section, key, anchor in RULE_QUOTES:
        seen[alias] += 1
        name = alias if seen[alias] == 1 else f"{alias}-{seen[alias]}"
        out.append(RuleQuote(name, document, page, section, key, anchor))
    return out


def passages(qa: QA) -> list[tuple[str, str]]:
    """The single-quoted passages of a Q&A with the 160 characters before each."""
    text = qa.text
    return [
        (m.group(1), text[max(0, m.start() - 160) : m.start()])
        for m in SINGLE_QUOTED.finditer(text)
    ]


def find_rule_quotes(
    qas: list[QA], headings: list[Heading], problems: list[str]
) -> tuple[list[RuleQuote], dict[int, list[str]]]:
    """Cut each rule quote's text from the seed; map every Q&A to the rule quotes it quotes."""
    table = rule_quote_table()
    found = [(qa, text, before) for qa in qas for text, before in passages(qa)]
    for rule in table:
        excerpts = [text for _, text, _ in found if squash(text).startswith(rule.anchor)]
        if not excerpts:
            raise SystemExit(f"bluemoon: no quote starts with {rule.anchor!r} ({rule.alias})")
        rule.text = squash(max(excerpts, key=len))  # the first of the longest
    titles = {h.title for h in headings}
    quotes: dict[int, list[str]] = defaultdict(list)
    variants: dict[str, set[str]] = defaultdict(set)
    for qa, text, before in found:
        if (
            text in titles
            or text.rstrip(".") in NON_RULE_QUOTES
            or any(text.startswith(w) for w in NON_RULE_QUOTES[-1:])
        ):
            continue
        holders = [r for r in table if loose(text) in loose(r.text)]
        if not holders:
            problems.append(
                f"{qa.alias}: single-quoted passage matches no rule quote: '{text[:60]}'"
            )
            continue
        rule = min(holders, key=lambda r: len(r.text))
        if squash(text).rstrip(".") not in rule.text:
            variants[rule.alias].add(squash(text))
        if rule.id not in quotes[qa.number]:
            quotes[qa.number].append(rule.id)
        if qa.number not in rule.quoted_by:
            rule.quoted_by.append(qa.number)
        cited = citation(before)
        if cited and cited not in rule.cited_as:
            rule.cited_as.append(cited)
    for rule in table:
        for variant in sorted(variants[rule.alias]):
            problems.append(
                f"{rule.alias}: quoted with different wording in places: "
                f"'{variant}' (the clause keeps '{rule.text}')"
            )
        pages = sorted({m for c in rule.cited_as for m in re.findall(r"page (\d+)", c)})
        if rule.page and pages and pages != [str(rule.page)]:
            problems.append(
                f"{rule.alias}: cited with page(s) {', '.join(pages)}; "
                f"the clause is on page {rule.page}"
            )
        for cited in rule.cited_as:
            under = re.search(r"under (.+)$", cited)
            place = under.group(1) if under else ""
            if (
                place
                and not place.startswith("Special Rule ")
                and place not in rule.section
                and rule.section not in place
            ):
                problems.append(
                    f"{rule.alias}: cited once as '{cited}'; the clause keeps "
                    f"{rule.section}, as its other citations"
                )
        numbers = sorted({m for c in rule.cited_as for m in re.findall(r"Special Rule (\d+)", c)})
        if len(numbers) > 1:
            problems.append(f"{rule.alias}: cited as Special Rule {' and '.join(numbers)}")
    labelled: dict[str, list[str]] = defaultdict(list)
    for rule in table:
        for number in re.findall(r"Special Rule (\d+)", " ".join(rule.cited_as)):
            if rule.alias not in labelled[number]:
                labelled[number].append(rule.alias)
    for number, aliases in sorted(labelled.items(), key=lambda kv: int(kv[0])):
        groups = {a.removesuffix("-2") for a in aliases}
        if len(groups) > 1 and number in {"2", "3"}:
            problems.append(
                f"'Special Rule {number}' labels different passages: {', '.join(aliases)}"
            )
    return table, quotes


# --------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------

TAG = re.compile(r"\[(?P<prefix>[A-Za-z/]+) (?P<number>\d+)(?:, (?P<deck>[^\]]+ deck))?\]")
LABEL = re.compile(
    r"(?:^|[\s(])("
    + "|".join(sorted(TYPE_OF_LABEL, key=len, reverse=True))
    + r") (?P<name>[A-Z][^\"(),]*?)$"
)
NAME_JOINERS = {"of", "the", "to", "and"}
NOT_A_NAME_START = {"With", "If", "I", "Is", "Does", "Can", "What", "Which", "Hyla", "Tutu"}
INITIALS = re.compile(r"^(?:[A-Z]\.)+$")
DECK_TEXT = re.compile(r"^(\+\d+ cards \+ ?\d+ moons|\d+ cards \d+ moons)\s*(.*)$")


@dataclass
class Mention:
    """One tagged mention of a card: what the FAQ writes around ``[People N]``."""

    qa: int | None
    tag: str
    prefix: str
    number: str
    deck: str | None
    name: str
    label: str | None
    details: list[str]


@dataclass
class CardData:
    tag: str
    prefix: str
    number: str
    names: Counter[str] = field(default_factory=Counter)
    labels: Counter[str] = field(default_factory=Counter)
    decks: list[str] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    icons: list[str] = field(default_factory=list)
    shields: list[str] = field(default_factory=list)
    quotes: list[str] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    stated_in: dict[str, str] = field(default_factory=dict)


def name_before(before: str) -> tuple[str, str | None]:
    """The card name that ends ``before`` and the type label written before it, if any."""
    labelled = LABEL.search(before)
    if labelled and ". " not in labelled.group("name"):
        return labelled.group("name"), labelled.group(1)
    words: list[str] = []
    for word in reversed(before.split(" ")):
        if not word:
            break
        if (
            INITIALS.match(word)
            or word in NAME_JOINERS
            or (word[0].isupper() and not re.search(r"[.,;:)\]\"]$", word))
        ):
            words.append(word)
        else:
            break
    words.reverse()
    while words and (words[0] in NAME_JOINERS or words[0] in NOT_A_NAME_START):
        words.pop(0)
    return " ".join(words), None


def details_after(text: str) -> list[str]:
    """The comma-separated items of the parenthesis after a tag (quotes kept whole)."""
    if not text.startswith(" ("):
        return []
    depth, quoted, items, current = 0, False, [], []
    for char in text[1:]:
        if char == '"':
            quoted = not quoted
        if not quoted:
            if char == "(":
                depth += 1
                if depth == 1:
                    continue
            elif char == ")":
                depth -= 1
                if depth == 0:
                    break
            elif char == "," and depth == 1:
                items.append("".join(current).strip())
                current = []
                continue
        current.append(char)
    items.append("".join(current).strip())
    return [item for item in items if item]


def find_mentions(seed: str, qas: list[QA]) -> list[Mention]:
    """Every tagged card mention in the seed, in file order."""
    out = []
    for match in TAG.finditer(seed):
        qa = next((q.number for q in qas if q.start <= match.start() < q.end), None)
        name, label = name_before(seed[max(0, match.start() - 120) : match.start()].rstrip())
        prefix, number = match.group("prefix"), match.group("number")
        out.append(
            Mention(
                qa,
                f"{prefix} {number}",
                prefix,
                number,
                match.group("deck"),
                name,
                label,
                details_after(seed[match.end() : match.end() + 600]),
            )
        )
    return out


def read_detail(card: CardData, item: str, where: str, problems: list[str]) -> None:
    """Record one item of a tag's parenthesis (a value, an icon, moons or a quoted text)."""

    def put(key: str, value: Any) -> None:
        old = card.values.get(key)
        if old is not None and old != value:
            problems.append(f"{card.tag}: {key} given as {old} and as {value} ({where})")
        else:
            card.values[key] = value

    if item.startswith('"') and item.endswith('"'):
        if item[1:-1] not in card.quotes:
            card.quotes.append(item[1:-1])
    elif m := re.fullmatch(r"(Fire|Earth) value (\d+)( \(shield\))?", item):
        put(m.group(1).lower(), int(m.group(2)))
        if m.group(3) and m.group(1) not in card.shields:
            card.shields.append(m.group(1))
    elif m := re.fullmatch(r"Value (\d+)", item):
        put("value", int(m.group(1)))
    elif m := re.fullmatch(r"(.+) icon", item):
        if m.group(1) not in card.icons:
            card.icons.append(m.group(1))
    elif m := re.fullmatch(r"Capacity (\d+)", item):
        put("capacity", int(m.group(1)))
    elif m := re.fullmatch(r"(\d+) moons?", item):
        put("moons", int(m.group(1)))
    else:
        problems.append(f"{card.tag}: detail not understood ({where}): {item!r}")


def infer_type(card: CardData, labelled: dict[str, dict[int, str]]) -> tuple[str, bool]:
    """The card's type and whether it is inferred rather than written in the FAQ.

    The FAQ writes a type before many names ("support card Pandemonium") and some tag
    prefixes name a type (Mutant, Inter, ...). A people card with neither is inferred: a
    character when its number is below every labelled non-character card of its people
    (each people deck is numbered characters first), else from ``TYPE_BY_READING``.
    """
    if card.labels:
        return TYPE_OF_LABEL[card.labels.most_common(1)[0][0]], False
    if card.prefix in TYPE_OF_PREFIX:
        return TYPE_OF_PREFIX[card.prefix], False
    if card.tag in TYPE_BY_READING:
        return TYPE_BY_READING[card.tag][0], True
    others = [
        n for n, t in labelled.get(card.prefix, {}).items() if t not in ("character", "leader")
    ]
    if others and int(card.number) < min(others):
        return "character", True
    return "", True


def build_cards(seed: str, qas: list[QA], problems: list[str]) -> list[dict[str, Any]]:
    """The card records, in tag order (people, then number)."""
    cards: dict[str, CardData] = {}
    for mention in find_mentions(seed, qas):
        card = cards.setdefault(mention.tag, CardData(mention.tag, mention.prefix, mention.number))
        where = f"BM-Q{mention.qa}" if mention.qa else "front matter"
        if mention.name:
            card.names[mention.name] += 1
        if mention.label:
            card.labels[mention.label] += 1
        if mention.deck and mention.deck not in card.decks:
            card.decks.append(mention.deck)
        if mention.qa and mention.qa not in card.mentions:
            card.mentions.append(mention.qa)
        for item in mention.details:
            read_detail(card, item, where, problems)
    by_number = {qa.number: qa for qa in qas}
    for _, _, number, words in PROSE_ICONS + PROSE_LACKS + VALUE_ELEMENTS + ZERO_VALUES:
        if words not in by_number[number].text:
            raise SystemExit(f"bluemoon: BM-Q{number} no longer says {words!r}")
    for _, number, words in ICONS_COMPLETE:
        if words not in by_number[number].text:
            raise SystemExit(f"bluemoon: BM-Q{number} no longer says {words!r}")
    labelled: dict[str, dict[int, str]] = defaultdict(dict)
    for card in cards.values():
        if card.labels:
            labelled[card.prefix][int(card.number)] = TYPE_OF_LABEL[
                card.labels.most_common(1)[0][0]
            ]
    records = [
        card_record(card, labelled, problems)
        for card in sorted(cards.values(), key=lambda c: (c.prefix, int(c.number)))
    ]
    inferred = [r for r in records if r["type_inferred"]]
    characters = [r["tag"] for r in inferred if r["tag"] not in TYPE_BY_READING]
    problems.append(
        f"{len(characters)} cards are named with no type: typed 'character' "
        "(type_inferred) as each is numbered below every labelled "
        "booster/support/leadership card of its people"
    )
    for target, icon, number, _ in PROSE_LACKS:
        if icon.endswith("BLUFF"):
            problems.append(
                f"BM-Q{number} says {target} has no BLUFF icon of any sort: recorded as "
                f"lacks_icons {icon}"
            )
            continue
        problems.append(
            f"BM-Q{number} has an opposing effect reach {target}, which a {icon} icon would "
            "stop: recorded as lacks_icons (the sources give not all of its icons)"
        )
    partial = [r["tag"] for r in records if r["icons"] and not r.get("icons_complete")]
    problems.append(
        f"{len(partial)} cards are given icons (in a tag or in prose) but no answer gives all "
        "of them: recorded icons_complete false, an unmentioned icon (or shield) unknown"
    )
    for tag, (kind, why) in TYPE_BY_READING.items():
        problems.append(f"{tag} is named with no type: typed '{kind}' (type_inferred), as {why}")
    for target, icon, number, _ in PROSE_ICONS:
        who = f"every {target[5:]} card" if target.startswith("type:") else target
        problems.append(
            f"BM-Q{number} states in prose, not in a tag, that {who} has "
            f"{'shields in both elements' if icon == 'shields' else icon}: "
            "recorded on the card with stated_in"
        )
    for tag, elements, number, _ in ZERO_VALUES:
        problems.append(
            f"BM-Q{number}'s total power counts {tag} as adding nothing in "
            f"{' and '.join(elements)}: recorded as 0 there (stated_in), the sources giving "
            "it no value"
        )
    for tag, element, number, _ in VALUE_ELEMENTS:
        problems.append(
            f"{tag}: its 'Value n' is given in BM-Q{number}, whose contested element is "
            f"{element}: recorded as its {element} value (stated_in), the other unknown"
        )
    for name, number, words in UNTAGGED_NAMES:
        if words not in by_number[number].text:
            raise SystemExit(f"bluemoon: BM-Q{number} no longer says {words!r}")
        problems.append(
            f"{name} is named without a tag (BM-Q{number}: '{words}'): not a "
            "card of the corpus; a situation can define it inline"
        )
    return records


def card_record(
    card: CardData, labelled: dict[str, dict[int, str]], problems: list[str]
) -> dict[str, Any]:
    """One card as a ``cards.jsonl`` record."""
    name = pick_name(card, problems)
    kind, inferred = infer_type(card, labelled)
    if not kind:
        problems.append(f"{card.tag} {name}: type unknown")
    if len(set(card.labels)) > 1 and len({TYPE_OF_LABEL[x] for x in card.labels}) > 1:
        problems.append(f"{card.tag} {name}: labelled {', '.join(sorted(card.labels))}")
    if len(card.decks) > 1:
        problems.append(f"{card.tag} {name}: home decks {', '.join(card.decks)}")
    text, deck_text = None, None
    if card.quotes:
        if len(card.quotes) > 1:
            problems.append(
                f"{card.tag} {name}: quoted in {len(card.quotes)} wordings; the longest is kept"
            )
        quote = max(card.quotes, key=len)
        split = DECK_TEXT.match(quote)
        deck_text, text = (split.group(1), split.group(2)) if split else (None, quote)
    icons, shields = list(card.icons), list(card.shields)
    stated_in: dict[str, str] = {}
    for target, icon, number, _ in PROSE_ICONS:
        if target not in (card.tag, f"type:{kind}"):
            continue
        if icon == "shields":
            if not shields:
                shields = ["Fire", "Earth"]
                stated_in["shields"] = f"BM-Q{number}"
        elif icon not in icons:
            icons.append(icon)
            stated_in[icon] = f"BM-Q{number}"
    values = dict(card.values)
    for tag, element, number, _ in VALUE_ELEMENTS:
        if tag == card.tag and values.get(element) is None:
            values[element] = values.get("value")
            stated_in[f"{element} value"] = f"BM-Q{number}"
    for tag, elements, number, _ in ZERO_VALUES:
        for element in elements:
            if tag == card.tag and values.get(element) is None and values.get("value") is None:
                values[element] = 0
                stated_in[f"{element} value"] = f"BM-Q{number}"
    lacks: list[str] = []
    for target, icon, number, _ in PROSE_LACKS:
        if target == card.tag and icon not in icons:
            lacks.append(icon)
            stated_in[f"no {icon}"] = f"BM-Q{number}"
    complete = [number for tag, number, _ in ICONS_COMPLETE if tag == card.tag]
    if complete:
        stated_in["icons complete"] = f"BM-Q{complete[0]}"
    return (
        {
            "id": f"{GAME}/{slug(card.prefix)}-{card.number}",
            "game": GAME,
            "name": name,
            "type": kind or None,
            "type_inferred": inferred,
            "tag": card.tag,
            "people": card.prefix,
            "number": int(card.number),
            "deck": card.decks[0] if card.decks else None,
            "fire": values.get("fire"),
            "earth": values.get("earth"),
            "value": card.values.get("value"),
            "icons": icons or None,
            "shields": shields or None,
            "moons": card.values.get("moons"),
            "capacity": card.values.get("capacity"),
            "text": text,
            "printed_text": text,
            "deck_text": deck_text,
            "mentions": card.mentions,
        }
        | ({"icons_complete": bool(complete)} if icons else {})
        | ({"shields_complete": {"Fire", "Earth"} <= set(shields)} if shields else {})
        | ({"lacks_icons": lacks} if lacks else {})
        | ({"stated_in": stated_in} if stated_in else {})
    )


def pick_name(card: CardData, problems: list[str]) -> str:
    """The name most mentions give; another reading must end with it (else a problem)."""
    if not card.names:
        return card.tag
    name = card.names.most_common(1)[0][0]
    for other in card.names:
        if other != name and not other.endswith(" " + name):
            problems.append(f"{card.tag}: named both {name!r} and {other!r}")
    return name


# --------------------------------------------------------------------------------------
# Records and the build
# --------------------------------------------------------------------------------------


def faq_records(
    qas: list[QA], quotes: dict[int, list[str]], cards: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The ``faq-answer`` clauses, one per Q&A."""
    records = []
    for qa in qas:
        tagged = [c["name"] for c in cards if qa.number in c["mentions"]]
        # Cards in the order the Q&A first names them.
        tagged.sort(key=lambda n: first_index(qa.text, n))
        records.append(
            {
                "id": f"{GAME}/faq/{slug(qa.section)}/{qa.position}",
                "game": GAME,
                "document": FAQ_DOCUMENT,
                "section": qa.section,
                "kind": "faq-answer",
                "date": DATE,
                "aliases": [qa.alias],
                "question": qa.question,
                "text": qa.answer,
                "main_section": qa.main_section,
                "quotes": quotes.get(qa.number, []),
                "cards": tagged,
            }
        )
    return records


def first_index(text: str, name: str) -> int:
    """Where ``name`` first occurs in ``text`` (names the FAQ shortens sort last)."""
    index = text.find(name)
    return index if index >= 0 else len(text)


def rule_records(rules: list[RuleQuote]) -> list[dict[str, Any]]:
    """The ``rule-quote`` clauses."""
    out = []
    for rule in rules:
        group = rule.alias.removesuffix("-2")
        out.append(
            {
                "id": rule.id,
                "game": GAME,
                "document": DOCUMENTS[rule.document][1],
                "section": rule.section_label,
                "kind": "rule-quote",
                "date": None,
                "aliases": [rule.alias],
                "text": rule.text,
                "page": rule.page,
                "group": group,
                "cited_as": rule.cited_as,
                "quoted_by": [f"BM-Q{n}" for n in sorted(rule.quoted_by)],
            }
        )
    return out


def unquoted_problems(qas: list[QA]) -> list[str]:
    """The rule passages the FAQ refers to without quoting: no text, so no clause."""
    by_number = {qa.number: qa for qa in qas}
    out = []
    for alias, what, numbers, words in UNQUOTED_REFERENCES:
        missing = [n for n in numbers if words not in by_number[n].text]
        if missing:
            raise SystemExit(f"bluemoon: {alias}: {words!r} not in BM-Q{missing[0]}")
        where = ", ".join(f"BM-Q{n}" for n in numbers)
        out.append(
            f"{alias}: {what} is referred to ({where}) but never quoted, so it has "
            "no text and no clause"
        )
    return out


def build(out: Path | None = None) -> list[str]:
    """Write ``clauses.jsonl`` and ``cards.jsonl``; return the seed problems worked around."""
    folder = out or CORPUS / GAME
    seed = read_seed(GAME)
    problems: list[str] = []
    headings = find_headings(seed)
    qas = split_qas(seed, headings, problems)
    rules, quotes = find_rule_quotes(qas, headings, problems)
    cards = build_cards(seed, qas, problems)
    problems += unquoted_problems(qas)
    problems += slips(qas)
    clauses = rule_records(rules) + faq_records(qas, quotes, cards)
    write_jsonl(folder / "clauses.jsonl", clauses, CLAUSE_KEYS)
    write_jsonl(folder / "cards.jsonl", cards, CARD_KEYS)
    return problems


def slips(qas: list[QA]) -> list[str]:
    """Small slips in the FAQ's wording that the corpus keeps verbatim."""
    by_number = {qa.number: qa for qa in qas}
    out = []
    for number, words, what in SLIPS:
        if words not in by_number[number].text:
            raise SystemExit(f"bluemoon: BM-Q{number} no longer says {words!r}")
        out.append(f"BM-Q{number}: {what}: '{words}' (kept verbatim)")
    for qa in qas:
        for match in re.finditer(r"\w+ 's\b", qa.text):
            out.append(
                f"{qa.alias}: stray space before an apostrophe: '{match.group(0)}' (kept verbatim)"
            )
    return out
