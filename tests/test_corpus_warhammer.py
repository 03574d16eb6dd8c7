"""The Warhammer: Invasion corpus: cards, errata applied, lists, Q&As, and a reproducible build."""

from __future__ import annotations

import importlib
import json
import re
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulesq.corpus.load import load_corpus
from rulesq.paths import corpus_dir

FOLDER = corpus_dir() / "warhammer"
BUILD = Path(__file__).resolve().parents[1] / "corpus" / "build"
QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


@cache
def lines(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (FOLDER / name).read_text("utf-8").splitlines()]


def cards() -> list[dict[str, Any]]:
    return lines("cards.jsonl")


def clauses() -> list[dict[str, Any]]:
    return lines("clauses.jsonl")


def card(name: str) -> dict[str, Any]:
    found = [c for c in cards() if c["name"] == name]
    assert len(found) == 1, name
    return found[0]


def clause(cid: str) -> dict[str, Any]:
    found = [c for c in clauses() if c["id"] == cid]
    assert len(found) == 1, cid
    return found[0]


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [c for c in clauses() if c["kind"] == kind]


# --------------------------------------------------------------------------- cards


def test_all_1133_cards_of_42_packs() -> None:
    """The whole pool is there: 1,133 cards with unique ids, from all 42 packs."""
    assert len(cards()) == 1133
    assert len({c["id"] for c in cards()}) == 1133
    assert len({c["pack_code"] for c in cards()}) == 42
    assert all(c["id"] == f"warhammer/{c['pack_code']}-{c['number']}" for c in cards())


def test_numeric_fields_are_ints_x_or_unknown() -> None:
    """Costs, loyalties, power and hit points are ints, "X", a legend's zone string, or null."""
    for c in cards():
        for key in ("cost", "loyalty", "hit_points"):
            assert c[key] is None or c[key] == "X" or isinstance(c[key], int), (c["name"], key)
        assert (
            c["power"] is None
            or isinstance(c["power"], int)
            or re.fullmatch(r"\d-\d-\d", c["power"])
        ), c["name"]
    assert card("Cold One Chariot")["hit_points"] == "X"
    assert card("Flames of Tzeentch")["cost"] == "X"
    assert card("Crone Hellebron")["power_icons"] == "1-2-1"
    assert card("Crone Hellebron")["power"] == 1  # a legend's weakest zone (FAQ, Legends)
    assert card("Malekith")["power"] == 2 and card("Malekith")["power_icons"] == 6
    assert card("Mountain Brigade")["printed_text"] is None  # the data has no text


def test_header_and_traits_are_not_printed_text() -> None:
    """The "Hit Points: N" header and the trait line are stripped from the printed text."""
    assert not [
        c["name"]
        for c in cards()
        if c["printed_text"] and c["printed_text"].startswith("Hit Points")
    ]
    sniktch = card("Deathmaster Sniktch")
    assert sniktch["hit_points"] == 2 and sniktch["traits"] == ["Hero", "Skaven"]
    assert sniktch["printed_text"].startswith("Limit one Hero per zone. Destruction only.")
    spites = card("Protective Spites")
    assert spites["printed_text"].startswith("Order only. Attach to a target unit")


def test_flavour_is_split_off_and_never_holds_rules() -> None:
    """Flavour text is separated from the rules, and no flavour holds a card ability."""
    assert card("Franz's Decree")["flavour"] == '"For Sigmar, we shall not fail!"'
    assert card("Deathmaster Sniktch")["flavour"].startswith("Slay kill.")
    with_flavour = [c for c in cards() if c["flavour"]]
    assert len(with_flavour) > 300
    for c in with_flavour:
        assert not re.search(r"Action:|Forced:|\[|\d+ damage", c["flavour"]), c["name"]


def test_text_in_force_of_franz_s_decree() -> None:
    """Franz's Decree reads as the Core Set erratum says, citing it."""
    franz = card("Franz's Decree")
    assert franz["text"] == "Action: Target unit cannot be declared as an attacker or defender."
    assert franz["printed_text"].startswith("Action: One target unit cannot attack or defend")
    assert franz["errata"] == ["warhammer/faq/errata/core-set/47"]
    erratum = clause("warhammer/faq/errata/core-set/47")
    assert erratum["kind"] == "erratum" and erratum["erratum_kind"] == "full"
    assert erratum["card"] == "Franz's Decree" and erratum["set"] == "Core Set"
    assert "warhammer/faq/errata/core-set/47/ruling" in franz["rulings"]


def test_corpus_loader_finds_franz_s_decree_with_either_apostrophe() -> None:
    """The loaded corpus finds the card by the FAQ's spelling (curly apostrophe) too."""
    corpus = load_corpus("warhammer")
    found = corpus.find_card("Franz\u2019s Decree")
    assert found is not None and found.changed_by_errata
    assert corpus.find_clause(found.errata[0]) is not None


def test_partial_erratum_with_leading_ellipsis_keeps_the_printed_beginning() -> None:
    """'...Action: Sacrifice ...' replaces the end of Runefang of Solland, keeping its start."""
    assert card("Runefang of Solland")["text"] == (
        "Attach to a target [Empire] unit. Attached unit gains [Power][Power]. Action: "
        "Sacrifice attached unit to lower the cost of the next non-Epic Spell tactic you play "
        "this turn to 0."
    )


def test_partial_erratum_with_trailing_ellipsis_keeps_the_printed_end() -> None:
    """'Action: When a unit with Savage enters play under your control...' keeps Chakax's end."""
    assert card("Chakax")["text"] == (
        "Order only. Limit one Hero per zone. Savage 2. Action: When a unit with Savage enters "
        "play under your control, deal 1 damage to that unit."
    )
    assert card("Monster of the Deep")["text"].startswith(
        "Action: Corrupt this unit to choose up to two target units."
    )


def _globally(text: str, ids: list[str]) -> str:
    """``text`` with the replacements of the global errata ``ids`` applied (from their data)."""
    for cid in ids:
        for old, new in clause(cid).get("replace", []):

            def repl(m: re.Match[str], new: str = new) -> str:
                return new[0].upper() + new[1:] if m.group(0)[0].isupper() else new

            text = re.sub(rf"\b{re.escape(old)}\b", repl, text, flags=re.IGNORECASE)
    return text


@pytest.mark.parametrize(
    "erratum", [c for c in lines("clauses.jsonl") if c.get("should_read")], ids=lambda c: c["id"]
)
def test_each_should_read_is_merged_into_its_card(erratum: dict[str, Any]) -> None:
    """The quoted text is in the text in force; what surrounds it is printed text kept as is."""
    target = next(c for c in cards() if c["id"] == erratum["card_id"])
    assert erratum["id"] in target["errata"]
    if target["text"] is None:
        assert target.get("text_note"), "an unknown text in force must say why"
        return
    fragment = re.sub(r"^(\.\.\.|\u2026)\s*|\s*(\.\.\.|\u2026)$", "", erratum["should_read"])
    fragment = fragment.translate(QUOTES).replace("%", "[Orc]")
    global_ids = [e for e in target["errata"] if "/errata/general/" in e]
    fragment = _globally(fragment, global_ids)
    printed = _globally(target["printed_text"], global_ids)
    text = target["text"]
    if target.get("text_assumes"):  # a splice: a restated header dropped, a sentence continued
        fragment = fragment.removeprefix("Action: ")
        fragment = fragment[0].lower() + fragment[1:] if fragment not in text else fragment
    assert fragment in text
    before, after = text.split(fragment, 1)
    if erratum.get("keyword") == "Limited":  # the keyword erratum puts Limited in the text
        before = before.removeprefix("Limited. ")
    assert printed.startswith(before) and printed.endswith(after.removeprefix(". "))
    ellipsis = r"\.\.\.|\u2026"
    if re.match(ellipsis, erratum["should_read"]):
        assert before, "a leading '...' keeps the start of the printed text"
    if re.search(f"({ellipsis})$", erratum["should_read"]):
        assert after, "a trailing '...' keeps the end of the printed text"


def test_uncertain_merges_state_their_assumption() -> None:
    """Where the seed leaves a merge open, the splice is made and its reading stated."""
    unknown = [c for c in cards() if c["text"] is None and c["printed_text"] is not None]
    assert not unknown
    spliced = {c["name"] for c in cards() if c.get("text_assumes")}
    assert spliced == {"Arcane Power", "Temple of Ulric", "Warpstone Excavation"}
    assert card("Arcane Power")["limited"] is True  # the keyword erratum still applies
    assert card("Arcane Power")["text"].startswith("Limited. Action: Draw a card. Then, if ")
    assert card("Warpstone Excavation")["text"] == (
        "Limit 1 per deck. Your units enter this zone corrupted."
    )


def test_keyword_errata() -> None:
    """Keyword errata make Offering to Hekarti and Gathering the Winds Unique."""
    assert card("Offering to Hekarti").get("unique") is True
    assert card("Gathering the Winds").get("unique") is True
    assert card("Devoted to Taal")["limited"] is True
    assert sum(1 for c in cards() if c.get("unique")) == 2


def test_global_substitution_after_your_turn_begins() -> None:
    """Every printed "After your turn begins" reads "At the beginning of your turn" in force."""
    printed = [c for c in cards() if "After your turn begins" in (c["printed_text"] or "")]
    assert len(printed) == 7
    for c in printed:
        assert "After your turn begins" not in c["text"]
        assert "At the beginning of your turn" in c["text"]
        assert "warhammer/faq/errata/general/1" in c["errata"]
    assert card("Keystone Forge")["text"] == (
        "Kingdom. Forced: At the beginning of your turn, heal 1 damage to your capital."
    )


def test_global_substitutions_after_redirect_and_faction() -> None:
    """Text "after" reads "when"; redirect wording and "non-[faction] card" are updated."""
    assert card("Zealot Hunter")["text"].startswith("Order only. Forced: When this unit enters")
    assert "immediately when defending" in card("Reiksguard Knights")["text"]
    assert "after the current battlefield phase" in card("Orc Warboss")["text"]
    valaya = card("Blessing of Valaya")
    assert "The next 2 damage that would be dealt to one target unit" in valaya["text"]
    assert valaya["errata"] == ["warhammer/faq/errata/general/3"]
    tower = card("Chill Sea Watchtower")
    assert tower["text"].startswith("If you control a faceup non-[Dark Elf] unit or support card")
    still_after = [
        c["name"]
        for c in cards()
        if c["text"] and re.search(r"\bafter\b", c["text"], re.IGNORECASE)
    ]
    assert sorted(still_after) == ["Da Great Waaagh!", "Orc Warboss"]


def test_errata_resolve_by_number_not_by_heading() -> None:
    """Errata under garbled headings and with variant spellings reach the right cards."""
    assert clause("warhammer/faq/errata/bloodquest-morrslieb-cycle/36")["card_id"] == (
        "warhammer/assault-on-ulthuan-36"
    )
    assert clause("warhammer/faq/errata/corruption-cycle/64")["card"] == "Vigilant Elector"
    assert clause("warhammer/faq/errata/core-set/45")["card"] == "Twin-Tailed Comet"
    unnamed = clause("warhammer/faq/errata/assault-on-ulthuan/unnamed")
    assert unnamed["card"] == "Protective Spites" and "number" not in unnamed


# --------------------------------------------------------------------------- clauses


def test_clause_counts_match_the_seed() -> None:
    """Kinds and counts: 36 "Should read" + 3 keyword errata, 51 headed clarifications …"""
    kinds = Counter(c["kind"] for c in clauses())
    assert kinds["global-erratum"] == 4 and kinds["rulebook-erratum"] == 3
    assert kinds["erratum"] == 39 and kinds["qa"] == 49 and kinds["list-policy"] == 2
    assert sum(1 for c in of_kind("erratum") if c.get("should_read")) == 36
    assert Counter(c["erratum_kind"] for c in of_kind("erratum")) == {
        "full": 20,
        "partial": 16,
        "keyword": 3,
    }
    sections = (
        "rules-clarifications",
        "terminology-clarifications",
        "targeting",
        "damage",
        "card-types",
        "keywords",
        "miscellaneous",
    )
    headed = [
        c
        for c in of_kind("clarification")
        if c["id"].split("/")[2] in sections and c.get("part", 1) == 1
    ]
    assert len(headed) == 51
    only = [c for c in of_kind("clarification") if c.get("erratum_kind") == "clarification-only"]
    assert len(only) == 7
    procedures = [c for c in of_kind("procedure") if c.get("part", 1) == 1]
    assert len(procedures) == 11


def test_version_tags_are_dates() -> None:
    """A clarification heading's version tag is the clause's date."""
    assert clause("warhammer/faq/rules-clarifications/triggering-a-card-effect")["date"] == "v1.7"
    assert clause("warhammer/faq/keywords/ambush")["date"] == "v2.0"
    assert "date" not in clause("warhammer/faq/terminology-clarifications/loyalty")


def test_interleaved_clauses_are_verbatim_pieces() -> None:
    """Redirecting Damage is given back its three pieces, in reading order."""
    pieces = [
        clause("warhammer/faq/damage/redirecting-damage" + s)["text"]
        for s in ("", "/part-2", "/part-3")
    ]
    assert pieces[1].endswith("card effects that redirect")
    assert pieces[2].startswith("damage from a unit into account")
    assert (
        "redirecting damage is not damage cancellation"
        not in clause("warhammer/faq/damage/cancelling-damage")["text"]
    )


def test_restricted_and_banned_lists_are_data() -> None:
    """18 restricted and 1 banned entries, each resolving to a card of the corpus."""
    corpus = load_corpus("warhammer")
    entries = of_kind("list-entry")
    restricted = [c for c in entries if c["list"] == "restricted"]
    banned = [c for c in entries if c["list"] == "banned"]
    assert len(restricted) == 18 and len(banned) == 1
    for entry in entries:
        assert corpus.find_card(entry["card"]) is not None
        assert corpus.cards[entry["card_id"]].name == entry["card"]
    assert banned[0]["card"] == "Visit the Haunted City"
    assert {"Urguck", "Dwarf Ranger", "Innovation"} <= {c["card"] for c in restricted}
    assert not [c for c in entries if "&" in c["text"]]  # the '119 &' fragment is no card
    assert "'119 &'" in (FOLDER / "seed-problems.md").read_text("utf-8")
    assert clause("warhammer/faq/restricted-list")["kind"] == "list-policy"


def test_49_qas_with_aliases_in_file_order() -> None:
    """The Q&As are WHI-W1 … WHI-W49 in file order, each with its question."""
    qas = of_kind("qa")
    assert [c["aliases"] for c in qas] == [[f"WHI-W{n}"] for n in range(1, 50)]
    assert all(c["question"] and c["text"] for c in qas)
    assert qas[0]["question"].startswith("Can I still use abilities/draw cards")
    assert qas[-1]["question"].startswith("If I have a Veteran Sellswords")


def test_w8_records_the_reversed_ruling() -> None:
    """The Iron Discipline Q&A reverses an earlier ruling, and only it does."""
    w8 = load_corpus("warhammer").clause("WHI-W8")
    assert "Iron Discipline" in w8.question  # type: ignore[operator]
    assert w8.text.endswith("(Reversal of previous ruling)")
    assert "Iron Discipline" in w8.extra["reverses"]
    assert [c["id"] for c in clauses() if c.get("reverses")] == ["warhammer/faq/qa/8"]


# --------------------------------------------------------------------------- the build


@pytest.fixture(scope="module")
def builder() -> Any:
    """The corpus builder modules, or a skip when ../shared is not beside the checkout."""
    if not BUILD.is_dir():
        pytest.skip("corpus/build is not in this installation")
    sys.path.insert(0, str(BUILD))
    try:
        common = importlib.import_module("common")
        if not (common.SEEDS.is_dir() and common.DATA.is_dir()):
            pytest.skip("../shared (the seeds and the card data) is not present")
        return importlib.import_module("warhammer")
    finally:
        sys.path.remove(str(BUILD))


def test_a_fresh_build_reproduces_the_committed_corpus(
    builder: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Building again from ../shared gives the committed files and seed problems."""
    monkeypatch.setattr(builder, "CORPUS", tmp_path)
    problems = builder.build()
    for name in ("clauses.jsonl", "cards.jsonl"):
        assert (tmp_path / "warhammer" / name).read_text("utf-8") == (FOLDER / name).read_text(
            "utf-8"
        ), name
    committed = (FOLDER / "seed-problems.md").read_text("utf-8")
    assert [f"- {p}" for p in problems] == [
        ln for ln in committed.splitlines() if ln.startswith("- ")
    ]


def test_printed_text_and_flavour_come_from_the_data(builder: Any) -> None:
    """Printed text and flavour are pieces of the data's rules text (up to spacing), in order."""
    path = sys.modules["common"].DATA / "warhammer-invasion-cards.json"
    data = json.loads(path.read_text("utf-8"))
    raw = {
        f"warhammer/{c['pack_code']}-{int(c['card_number'])}": " ".join(c["rules_text"].split())
        if c.get("rules_text")
        else None
        for c in data
    }
    for c in cards():
        source = raw[c["id"]]
        if source is None:
            assert c["printed_text"] is None
            continue
        printed, flavour = _undo_fixes(c)
        at = source.find(printed)
        assert at >= 0, c["name"]
        if flavour:
            assert source.endswith(flavour), c["name"]
            assert source.find(flavour) >= at + len(printed), c["name"]


def _fixes() -> dict[str, list[dict[str, str]]]:
    import tomllib

    with (FOLDER / "text-fixes.toml").open("rb") as handle:
        return tomllib.load(handle)


def _undo_fixes(c: dict[str, Any]) -> tuple[str, str | None]:
    """A card's printed text and flavour with the corrections of text-fixes.toml undone."""
    printed, flavour = c["printed_text"], c["flavour"]
    fixes = _fixes()
    for fix in reversed(fixes["flavour"]):
        if fix["card"] == c["name"]:
            printed = f"{printed} {fix['text']}".strip()
            flavour = flavour[len(fix["text"]) :].strip() or None
    for fix in fixes["trait"]:
        if fix["card"] == c["name"]:
            printed = f"{fix['text']} {printed}"
    for fix in reversed(fixes["typo"]):
        if fix["card"] == c["name"]:
            printed = printed.replace(fix["means"], fix["reads"])
    return printed, flavour


def test_each_text_fix_is_shown_on_its_card() -> None:
    """Every correction of text-fixes.toml is carried by its card and undoes to the data."""
    fixes = _fixes()
    named = {f["card"] for kind in ("typo", "flavour", "trait") for f in fixes[kind]}
    for name in sorted(named):
        for c in (c for c in cards() if c["name"] == name):
            assert c.get("corrections"), name
    assert card("Knights Panther")["text"].startswith("Action: Spend 1 resource to")
    assert "Noble" in card("Queen Helga")["traits"]
    assert not card("Queen Helga")["printed_text"].startswith("Noble.")


def test_a_text_fix_that_does_not_match_stops_the_build(
    builder: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A correction whose words the card does not read is an error, never skipped."""
    fixes = sys.modules["warhammer_fixes"]
    wrong = {"typo": [{"card": "Knights Panther", "reads": "resourze", "means": "resource"}]}
    monkeypatch.setattr(fixes, "load", lambda: wrong)
    with pytest.raises(ValueError, match="does not read 'resourze' once"):
        builder.CardPool.load([])
