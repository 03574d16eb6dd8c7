"""``rulesq rulings``: the game's question templates asked about a set of cards."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.corpus import load_corpus
from rulesq.engine import evaluate
from rulesq.rulings import load_templates, questions, write_rulings
from rulesq.situation import parse_situation

runner = CliRunner()
PROHIBITOR, SUPPORT, IGNORER = "Pandemonium", "Laughing Gas", "Tittertweet"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def cards(*names: str) -> list:  # type: ignore[type-arg]
    corpus = load_corpus("bluemoon")
    return [corpus.card(name) for name in names]


def test_a_prohibition_becomes_a_ruling_with_its_step_text_and_clause() -> None:
    """Text "You may not play support cards" against a support card: a ruling, cited."""
    code, out = run("rulings", PROHIBITOR, SUPPORT)
    assert code == 0
    section = out.split(f'## 1. Can I play "{SUPPORT}" while you have "{PROHIBITOR}" active?')[1]
    section = section.split("\n## ")[0]
    assert "**No** (decided by *you may not*)" in section
    assert f"- **{PROHIBITOR}**: “You may not play support cards.”" in section
    assert "`bluemoon/rulebook/p17-special-rules/you-may-not`" in section


def test_an_ignore_ruling_names_the_card_whose_text_is_ignored() -> None:
    """The reason says whose text is ignored ("ignores its text" would read as its own).

    The ignored card's icons are in the sources (a FREE icon, no PROTECTED one); a card whose
    icons they never give could be PROTECTED, and that question is left open, asking for them.
    """
    code, out = run("rulings", "Caterpillar Fireeater", SUPPORT)
    assert code == 0
    assert f'"{SUPPORT}" ignores the text of "Caterpillar Fireeater": ' in out
    code, out = run("rulings", PROHIBITOR, SUPPORT)
    assert code == 0
    assert f'"{SUPPORT}" ignores the text of "{PROHIBITOR}": ' not in out
    assert f'which icons "{PROHIBITOR}" has decides the answer' in out


def test_every_ruling_re_runs_to_the_same_verdict() -> None:
    """The situation printed with a ruling is a real one: asking it again agrees."""
    found = write_rulings("bluemoon", cards(PROHIBITOR, SUPPORT, IGNORER))
    assert len(found.rulings) >= 3
    for ruling in found.rulings:
        again = next(
            a
            for a in evaluate(parse_situation(ruling.situation))
            if a.question.text == ruling.answer.question.text
        )
        assert again.verdict is not None and ruling.answer.verdict is not None
        assert again.verdict.show() == ruling.answer.verdict.show(), ruling.title


def test_only_answers_in_which_a_card_acts_are_kept() -> None:
    """A pair whose texts do not touch each other gives no ruling at all."""
    found = write_rulings("bluemoon", cards(PROHIBITOR, "Volcanic Gauntlets"))
    assert found.asked > 0
    assert [r.title for r in found.rulings] == []
    code, out = run("rulings", PROHIBITOR, "Volcanic Gauntlets")
    assert code == 0 and "No interaction among these cards changes an answer." in out


def test_templates_respect_card_types() -> None:
    """A card type a template does not name is never put in its situation."""
    _, pairs = load_templates("bluemoon")
    leadership = next(
        c for c in load_corpus("bluemoon").cards.values() if c.type == "leadership" and c.text
    )
    for template, a, _title, text in questions("bluemoon", [leadership, *cards(SUPPORT)]):
        assert template in pairs
        assert f'have active "{leadership.name}"' not in text
        assert a.type in template.a_types


def test_json_lists_rulings_and_open_questions(tmp_path: Path) -> None:
    """``--json -o FILE`` writes the rulings with their answers as JSON."""
    target = tmp_path / "rulings.json"
    code, out = run("rulings", PROHIBITOR, SUPPORT, "--json", "-o", str(target))
    assert code == 0 and re.search(r"\d+ rulings?, \d+ open questions?", out)
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["game"] == "bluemoon" and document["cards"] == [PROHIBITOR, SUPPORT]
    first = document["rulings"][0]
    assert first["answer"]["verdict"]["shown"] == "no"
    assert first["situation"].startswith("game bluemoon\n")
    assert isinstance(document["open"], list)


def test_a_question_that_reads_the_same_both_ways_is_asked_once() -> None:
    """“May a deck hold both A and B?” is one question, not two rulings with the same answer."""
    corpus = load_corpus("warhammer")
    both = [corpus.card(name) for name in ("Urguck", "Dwarf Ranger")]
    found = write_rulings("warhammer", both)
    pairs = [r.title for r in found.rulings if r.title.startswith("May a deck hold both")]
    assert len(pairs) == 1, pairs


def test_cards_whose_questions_cannot_be_answered_are_not_said_not_to_interact() -> None:
    """No ruling because every question is open is not "no interaction"; each says why."""
    code, out = run("rulings", "Alphonse Elric, Bodyguard", "Do Our Bidding")
    assert code == 0
    assert "No interaction" not in out
    assert "No ruling could be written: rulesq cannot answer the questions below." in out
    assert '- What does "Do Our Bidding" read? Cannot answer: the sources give no text' in out


def test_one_card_with_no_question_for_it_says_so() -> None:
    """A single Blue Moon card: no template applies, and the document says why."""
    code, out = run("rulings", PROHIBITOR)
    assert code == 0 and "0 questions asked" in out
    assert "No interaction" not in out
    assert "No question in corpus/bluemoon/rulings.toml applies to these cards" in out


def test_counts_are_singular_for_one() -> None:
    """One ruling is "1 ruling", in the document and in the message of ``-o``."""
    code, out = run("rulings", "Franz's Decree", "Urguck", "--game", "warhammer")
    assert code == 0 and "1 gave a ruling (1 below)" in out and "1 rulings" not in out


@pytest.mark.parametrize(
    "args",
    [
        (PROHIBITOR, SUPPORT, IGNORER),
        ("Franz's Decree", "Urguck", "--game", "warhammer"),
        ("Urguck", "Dwarf Ranger", "--game", "warhammer"),
        ("Arid Desert", "Riverside", "--game", "fma"),
    ],
)
def test_the_questions_asked_add_up_to_what_they_gave(args: tuple[str, ...]) -> None:
    """Every question asked is counted once by what it gave: rulings, left open, or none.

    The summary said "7 asked, 2 rulings, 0 open": the questions no card changes were not said.
    """
    code, out = run("rulings", *args, "--json")
    assert code == 0
    found = json.loads(out)
    assert found["asked"] == found["ruled"] + found["left_open"] + found["no_ruling"]
    assert found["asked"] > 0 and (found["rulings"] == []) == (found["ruled"] == 0)
    code, out = run("rulings", *args)
    summary = re.search(r"(\d+) questions? asked: ([^;]*);", out)
    assert summary is not None
    parts = [int(n) for n in re.findall(r"(?:^|, )(\d+) (?:gave|was|were)", summary[2])]
    assert sum(parts) == int(summary[1]) == found["asked"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((PROHIBITOR, "Franz's Decree"), "several games"),
        (("Pandemonum", SUPPORT), 'Did you mean "Pandemonium" (bluemoon)?'),
        # a card against its own copy: refused, not silently read as the card alone
        ((PROHIBITOR, SUPPORT, PROHIBITOR), '"Pandemonium" is named twice: rulings are between'),
        ((SUPPORT, "laughing gas"), '"Laughing Gas" and "laughing gas" both name "Laughing Gas"'),
    ],
)
def test_bad_card_sets_exit_2(args: tuple[str, ...], message: str) -> None:
    """Cards of two games, a misspelt card, a card named twice: a message and exit code 2."""
    result = runner.invoke(app, ["rulings", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_a_game_without_templates_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``rulings.toml`` for a game: an error naming the file, not an empty document."""
    from rulesq.errors import RulesqError
    from rulesq.rulings import load_templates

    monkeypatch.setenv("RULESQ_CORPUS_DIR", str(tmp_path))
    with pytest.raises(RulesqError, match=r"corpus/bluemoon/rulings\.toml"):
        load_templates("bluemoon")


def _flat(text: str) -> str:
    return " " + re.sub(r"[^a-z0-9]+", " ", text.lower()).strip() + " "


def _begins(before: str, name: str) -> bool:
    """Whether words end with the card's name or its first two (or more) words."""
    words = _flat(name).split()
    return any(
        before.endswith(" " + " ".join(words[:k]) + end)
        for k in range(min(2, len(words)), len(words) + 1)
        for end in (" ", " s ")  # "Volkmar the Grim's (LE 16)"
    )


def passage_pairs(game: str) -> dict[tuple[str, str], set[str]]:
    """Every pair of cards some clause names or numbers, with those clauses.

    A clause refers to a card by its fields (``card``, ``cards``, ``card_id``), by its name in
    the question, the text or another text field, or by its set and number: a Blue Moon tag
    ("[Flit 07]") or a Warhammer "Name (CC 102)" (the number must be the named card's).
    """
    corpus = load_corpus(game)
    by_flat: dict[str, list[str]] = {}
    for card in corpus.cards.values():
        by_flat.setdefault(_flat(card.name), []).append(card.name)
    tags = {
        _flat(str(c.fields["tag"])): c.name for c in corpus.cards.values() if c.fields.get("tag")
    }
    ids = {card.id: card.name for card in corpus.cards.values()}
    pairs: dict[tuple[str, str], set[str]] = {}
    for clause in corpus.clauses.values():
        refs = {
            found.name
            for n in [clause.extra.get("card"), *(clause.extra.get("cards") or [])]
            if n and (found := corpus.find_card(str(n)))
        }
        if clause.extra.get("card_id") in ids:
            refs.add(ids[clause.extra["card_id"]])
        fields = ("reverses", "should_read", "applies_to")
        text = " ".join(
            [clause.question or "", clause.text] + [str(clause.extra.get(f) or "") for f in fields]
        )
        words = _flat(text)
        refs |= {name for flat, names in by_flat.items() if flat in words for name in names}
        refs |= {
            tags[t]
            for m in re.finditer(r"\[([A-Za-z&]+ \d+)\]", text)
            if (t := _flat(m.group(1))) in tags
        }
        for m in re.finditer(r"\(([A-Z]{2}) (\d+)\)", text):
            before = _flat(text[: m.start()])
            number = int(m.group(2))
            # the card of that number named in full or by its first words ("Rip Dere 'Eads
            # (CS 75)" is "Rip Dere 'Eads Off!")
            numbered = [
                c.name
                for c in corpus.cards.values()
                if c.fields.get("number") == number and _begins(before, c.name)
            ]
            assert numbered, f"{clause.id}: {m.group(0)} follows no card of that number"
            refs.update(numbered)
        for a, b in itertools.combinations(sorted(refs), 2):
            pairs.setdefault((a, b), set()).add(clause.id)
    return pairs


@pytest.mark.parametrize("game", ["warhammer", "bluemoon"])
def test_every_passage_naming_or_numbering_two_cards_is_found(game: str) -> None:
    """For every pair of cards a clause names or numbers, the pair's passages include it."""
    from rulesq.rulings import clauses_naming

    corpus = load_corpus(game)
    pairs = passage_pairs(game)
    assert len(pairs) > 50
    missed = [
        (a, b, sorted(wanted - {c.id for c in clauses_naming(game, cards_of(corpus, a, b))}))
        for (a, b), wanted in pairs.items()
    ]
    missed = [m for m in missed if m[2]]
    assert not missed, f"{len(missed)} of {len(pairs)} pairs miss a passage: {missed[:5]}"


def cards_of(corpus, *names: str) -> list:  # type: ignore[no-untyped-def, type-arg]
    return [corpus.card(name) for name in names]


def test_every_warhammer_pair_with_a_passage_gets_it_quoted_in_its_rulings() -> None:
    """``rulings`` on each such Warhammer pair quotes every passage: cited or printed apart."""
    corpus = load_corpus("warhammer")
    pairs = passage_pairs("warhammer")
    missed = []
    for (a, b), wanted in pairs.items():
        found = write_rulings("warhammer", cards_of(corpus, a, b))
        quoted = {c.id for c in found.about} | {
            c["clause_id"] for r in found.rulings for c in r.answer.citations()
        }
        missed += [(a, b, clause) for clause in sorted(wanted - quoted)]
    assert not missed, missed[:5]


@pytest.mark.parametrize(
    "a, b", [("Twin-Tailed Comet", "Flames of Tzeentch"), ("Flames of Tzeentch", "Lobber Crew")]
)
def test_a_warhammer_pair_the_faq_rules_on_is_never_no_interaction(a: str, b: str) -> None:
    """The FAQ passage on the two cards is quoted; "no interaction" is not claimed."""
    code, out = run("rulings", a, b, "--game", "warhammer")
    assert code == 0
    assert "No interaction" not in out
    assert "## What the sources say about these cards" in out


def test_card_types_match_by_family_and_skipped_questions_say_why() -> None:
    """A Tutu character is a character; a question not asked is listed with the reason."""
    from rulesq.rulings import of_family

    assert of_family("Tutu character", ["character"])
    assert not of_family("leadership", ["character"])
    found = write_rulings("bluemoon", cards("WhizWhiz", SUPPORT))
    assert any(r.answer.decided_by == "I must" for r in found.rulings)
    leadership = next(
        c for c in load_corpus("bluemoon").cards.values() if c.type == "leadership" and c.text
    )
    found = write_rulings("bluemoon", [leadership, *cards(SUPPORT)])
    assert found.skipped and all("not one of the types" in s.reason for s in found.skipped)


def test_a_ruling_is_kept_only_when_the_card_changes_the_answer() -> None:
    """Every pair ruling's verdict changes without card a, or a text of a lost to the ladder."""
    found = write_rulings("bluemoon", cards(PROHIBITOR, SUPPORT, IGNORER))
    assert found.rulings
    marks = [(r.answer.question.text, r.answer.reason) for r in found.rulings]
    assert len(marks) == len(set(marks))
    for ruling in found.rulings:
        assert "is not one of them" not in ruling.answer.reason


def test_a_follow_up_is_asked_only_where_the_card_can_be_played() -> None:
    """A question that follows "can I play b?" is asked only when that answer is yes."""
    _, pairs = load_templates("bluemoon")
    follow_ups = {t.title for t in pairs if t.after}
    assert follow_ups
    # Every question asked: narrowed, a follow-up no text of the prohibitor touches (is the
    # text ignored?) is left out before it is checked.
    found = write_rulings("bluemoon", cards(PROHIBITOR, SUPPORT), narrow=False)
    stopped = [s for s in found.skipped if f'"{SUPPORT}" cannot be played there' in s.reason]
    assert {s.title for s in stopped} == {
        t.replace("{a}", PROHIBITOR).replace("{b}", SUPPORT) for t in follow_ups
    }
    assert all(f'"{PROHIBITOR}" forbids it' in s.reason for s in stopped)
    for template, a, _title, text in questions("bluemoon", cards(PROHIBITOR, SUPPORT)):
        if template.after:
            assert not (a.name == PROHIBITOR and f'"{SUPPORT}"' in text), text
    # where the card can be played, the follow-up is asked
    asked = [t for t, a, _, _ in questions("bluemoon", cards(PROHIBITOR, IGNORER)) if t.after]
    assert asked


def test_rulings_leave_the_collector_as_they_found_it() -> None:
    """The collector collects less while the questions are asked, and as before afterwards."""
    import gc

    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    found = write_rulings("bluemoon", cards("Pandemonium", "Laughing Gas"))
    assert found.rulings
    from rulesq import rulings as module

    with module._fewer_collections():
        seen.append(gc.get_threshold())
    assert gc.get_threshold() == before
    assert seen[0][0] >= before[0] and seen[0][2] > before[2]


def test_a_question_about_two_cards_not_asked_of_one_names_its_places_in_words() -> None:
    """With one card, a pair question not asked names the card and "another card", never
    the template's places as written ("{a}", "{b}"), which a judge cannot read."""
    result = CliRunner().invoke(app, ["rulings", "Chaos Knights"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "needs two" in line]
    assert lines, result.output
    assert '- May a deck hold both "Chaos Knights" and another card? Not asked' in result.output
    assert not any("{" in line for line in lines), lines


def test_an_open_question_titled_as_another_says_what_its_situation_states() -> None:
    """A ruling answered "Can I play "Cast Cataclysm"?" with the Leadership phase stated; the
    same question, asked as an FAQ case puts it (no phase), was listed open under the same
    title: the open one now says what it was asked after. A title of its own is left alone."""
    from rulesq.render.markdown import render_rulings
    from rulesq.rulings import OpenQuestion, Rulings

    situation = (
        'game bluemoon\nyou have active "Laughing Gas"\nit is my turn\nask can I play "X"?\n'
    )
    found = Rulings(
        "bluemoon",
        ["Laughing Gas", "X"],
        open=[
            OpenQuestion('Can I play "X"?', situation, "which phase it is decides the answer"),
            OpenQuestion('Can I play "X"?', situation.replace("my", "your"), "whose turn"),
            OpenQuestion("Can I retreat?", "game bluemoon\nask can I retreat?\n", "the turn"),
        ],
        asked=3,
    )
    lines = render_rulings(found, "Blue Moon").splitlines()
    assert (
        '- Can I play "X"? (after: you have active "Laughing Gas"; it is my turn) '
        "Cannot answer: which phase it is decides the answer"
    ) in lines
    assert "- Can I retreat? Cannot answer: the turn" in lines
