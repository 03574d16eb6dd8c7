"""Metamorphic tests of the Blue Moon judge: changes that must not change a verdict.

- The order of the cards in a statement of where cards are ("I have active "A", "B"") never
  changes a verdict (the FAQ: the order in which cards were played is never relevant).
- Mirror cards give mirrored answers: the same situation with fire and earth swapped, and each
  card replaced by its mirror card, has the same verdicts.
- Cards that cannot matter do not: a card with no text and no values in a discard pile or in
  the opponent's hand, or one whose "you may not" and ignoring texts sit in a discard pile.
- Names are only names: renaming the inline cards (keeping the first word, which PAIR reads)
  changes no verdict.
- The facts of one moment can be stated in any order: reversing each run of statements that
  say where cards are and how things stand (no play, discard or turn between them).
- Questions do not change the situation: a question answers the same when the file stops right
  after it (it sees only what was written before it), and an extra question before each one
  changes none of the answers.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesq.engine import evaluate
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

CASES = sorted((corpus_dir() / "bluemoon" / "cases").rglob("*.rq"))
#: Statements that say where cards are (not events, whose order is the timeline).
PLACING = re.compile(
    r"^(?P<head>(?:I|you) ha(?:ve|s) (?:in)?active |(?:I|you) ha(?:ve|s) in hand "
    r"|(?:my|your) hand holds (?:only )?|(?:my|your) discard pile (?:has|holds) )"
    r"(?P<cards>.+)$"
)


def split_cards(text: str) -> list[str]:
    """The card references of a list ("A" (fire 2), "B" and "C"), each with its values."""
    parts: list[str] = []
    depth, quoted, current = 0, False, ""
    i = 0
    while i < len(text):
        char = text[i]
        if char == '"':
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
        if not quoted and depth == 0 and (char == "," or text.startswith(" and ", i)):
            parts.append(current.strip())
            current = ""
            i += 5 if char == " " else 1
            continue
        current += char
        i += 1
    parts.append(current.strip())
    return [p for p in parts if p]


def reorder(text: str) -> str | None:
    """The situation with each placing statement's card list reversed (None: nothing to do)."""
    out, changed = [], False
    for line in text.splitlines():
        match = PLACING.match(line.split("#")[0].rstrip())
        if match:
            cards = split_cards(match.group("cards"))
            if len(cards) > 1:
                line = match.group("head") + ", ".join(reversed(cards))
                changed = True
        out.append(line)
    return "\n".join(out) + "\n" if changed else None


def outcomes(text: str, source: str) -> list[tuple[str, str]]:
    """Each question's verdict and status."""
    situation = parse_situation(text, source)
    return [(a.verdict.show() if a.verdict else "-", a.status.key) for a in evaluate(situation)]


@functools.cache
def original(path: Path) -> list[tuple[str, str]]:
    """A case's own outcomes (computed once for all the variants of it)."""
    return outcomes(path.read_text("utf-8"), str(path))


REORDERED = [(p, variant) for p in CASES if (variant := reorder(p.read_text("utf-8")))]


def test_some_cases_have_lists_to_reorder() -> None:
    """The reordering finds statements to change (so the test below can fail)."""
    assert len(REORDERED) > 50
    assert split_cards('"A" (fire 2, earth 3), "B" and "C"') == [
        '"A" (fire 2, earth 3)',
        '"B"',
        '"C"',
    ]


@pytest.mark.parametrize(
    ("path", "variant"),
    REORDERED,
    ids=[p.relative_to(corpus_dir()).as_posix() for p, _ in REORDERED],
)
def test_card_order_never_changes_a_verdict(path: Path, variant: str) -> None:
    """Reversing the cards of "I have active …" and the like gives the same answers."""
    original = outcomes(path.read_text("utf-8"), str(path))
    assert outcomes(variant, str(path)) == original


# ---------------------------------------------------------------------- mirrors
MIRROR_CARDS = {
    "Volcanic Gauntlets": "Titanic Gauntlets",
    "Caterpillar Fireeater": "Caterpillar Eartheroder",
    "Charm Holy Dragon": "Impress Holy Dragon",
}


def mirror(text: str) -> str:
    """Fire and earth swapped, and each mirror card replaced by its mirror."""
    pairs = {
        **MIRROR_CARDS,
        **{v: k for k, v in MIRROR_CARDS.items()},
        "fire": "earth",
        "earth": "fire",
        "Fire": "Earth",
        "Earth": "Fire",
    }
    pattern = re.compile("|".join(re.escape(k) for k in sorted(pairs, key=len, reverse=True)))
    return pattern.sub(lambda m: pairs[m.group(0)], text)


def test_the_mirror_cards_are_mirrors() -> None:
    """Each pair's texts are the same with Fire and Earth swapped."""
    from rulesq.corpus import load_corpus

    corpus = load_corpus("bluemoon")
    for first, second in MIRROR_CARDS.items():
        one, other = corpus.card(first), corpus.card(second)
        assert one.text and other.text
        assert mirror(one.text) == other.text


values = st.integers(min_value=0, max_value=7)


@settings(max_examples=25, deadline=None)
@given(
    fire=values,
    earth=values,
    other_fire=values,
    other_earth=values,
    element=st.sampled_from(["fire", "earth"]),
)
def test_gauntlets_mirror(
    fire: int, earth: int, other_fire: int, other_earth: int, element: str
) -> None:
    """Doubling one character's Fire (or Earth) value gives mirrored totals."""
    text = f"""game bluemoon
card "Hero One" character (fire {fire}, earth {earth}): ""
card "Hero Two" character (fire {other_fire}, earth {other_earth}, FREE): ""
element {element}
I have active "Hero One", "Hero Two", "Volcanic Gauntlets"
I apply "Volcanic Gauntlets" to "Hero One"
ask what is my total power?
ask what is my total power in fire?
ask what is my total power in earth?
"""
    # mirror() swaps the questions' elements too, so each answer must stay the same
    assert outcomes(mirror(text), "<mirror>") == outcomes(text, "<mirror>")


@settings(max_examples=20, deadline=None)
@given(first=values, second=values, third=values)
def test_holy_dragon_discards_mirror(first: int, second: int, third: int) -> None:
    """Discarding cards of printed Fire (Earth) values to attract a dragon, mirrored."""
    text = f"""game bluemoon
card "Hand One" character (fire {first}, earth 0): ""
card "Hand Two" character (fire {second}, earth 1): ""
card "Hand Three" character (fire {third}, earth 2): ""
it is my turn
I have in hand "Hand One", "Hand Two", "Hand Three"
I play "Charm Holy Dragon"
I discard "Hand One", "Hand Two"
ask how many dragons do I attract?
"""
    assert outcomes(mirror(text), "<mirror>") == outcomes(text, "<mirror>")


# ---------------------------------------------------------------------- players swapped
PRONOUNS = {
    "I": "you",
    "you": "I",
    "my": "your",
    "your": "my",
    "me": "you",
    "mine": "yours",
    "yours": "mine",
}
PRONOUN = re.compile(r"\b(I|you|my|your|me|mine|yours)\b")
AGREEMENT = [
    (re.compile(r"\bI are\b"), "I am"),
    (re.compile(r"\byou am\b"), "you are"),
    (re.compile(r"\bI has\b"), "I have"),
    (re.compile(r"\byou has\b"), "you have"),
]


def swap_players(text: str) -> str:
    """The situation told by the other player: I and you (mine and yours) swapped.

    Card texts, names and comments keep their words (on a card, "I" is its controller
    whoever that is); the calls are dropped, since they name the asker.
    """
    out = []
    for line in text.splitlines():
        if line.startswith("expect "):
            continue
        if not line.startswith(("card ", "#", "source ", "game ")):
            parts = re.split(r'("[^"]*")', line)
            line = "".join(
                part if part.startswith('"') else PRONOUN.sub(lambda m: PRONOUNS[m.group(1)], part)
                for part in parts
            )
            for wrong, right in AGREEMENT:
                line = wrong.sub(right, line)
        out.append(line)
    return "\n".join(out) + "\n"


def test_swapping_players_swaps_only_pronouns() -> None:
    """Quoted names and card lines keep their words; statements change side."""
    text = (
        'card "My Card" support: "I may play you."\nyou have active "Your Card"\n'
        "I am the first player\nask can I play a support card?\nexpect no\n"
    )
    assert swap_players(text) == (
        'card "My Card" support: "I may play you."\n'
        'I have active "Your Card"\nyou are the first player\n'
        "ask can you play a support card?\n"
    )


SEATS = {"me": "you", "you": "me"}


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(corpus_dir()).as_posix() for p in CASES])
def test_telling_a_case_from_the_other_side_swaps_only_me_and_you(path: Path) -> None:
    """The same situation asked by the opponent: the same verdicts, with me and you swapped."""
    text = path.read_text("utf-8")
    original = [
        (SEATS.get(verdict, verdict), status) for verdict, status in outcomes(text, str(path))
    ]
    assert outcomes(swap_players(text), str(path)) == original


# ---------------------------------------------------------------------- cards that cannot matter
#: Facts are inserted after the header: the game, source and inline card lines at the top.
HEADER = re.compile(r"^((game|source|card)\b|#|\s*$)")
BLANK_SUPPORT = 'card "Zorblat Quux" support: ""'
BLANK_CHARACTER = 'card "Zorblat Quux" character: ""'
LOUD_SUPPORT = (
    'card "Zorblat Quux" character (fire 5, earth 5): "Your special power texts are '
    'ignored. You may not play support cards. You may not play character cards."'
)
IRRELEVANT = {
    "blank support in your discard pile": (BLANK_SUPPORT, 'your discard pile has "Zorblat Quux"'),
    "blank character in my discard pile": (BLANK_CHARACTER, 'my discard pile has "Zorblat Quux"'),
    "blank support in your hand": (BLANK_SUPPORT, 'you have in hand "Zorblat Quux"'),
    "blank character in your hand": (BLANK_CHARACTER, 'you have in hand "Zorblat Quux"'),
    "forbidding card in your discard pile": (LOUD_SUPPORT, 'your discard pile has "Zorblat Quux"'),
}


def with_irrelevant_card(text: str, card_line: str, fact: str) -> str:
    """The situation with a card defined and placed where it cannot act, before anything else."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and HEADER.match(lines[i]):
        i += 1
    return "\n".join([*lines[:i], card_line, fact, *lines[i:]]) + "\n"


def test_the_irrelevant_card_is_placed_before_the_first_fact() -> None:
    """The card goes after the header, so it is in place before the first event."""
    text = 'game bluemoon\nsource BM-Q1\ncard "A" support: ""\n\nI play "A"\nask who acts first?\n'
    assert with_irrelevant_card(text, BLANK_SUPPORT, 'my discard pile has "Zorblat Quux"') == (
        'game bluemoon\nsource BM-Q1\ncard "A" support: ""\n\n'
        + BLANK_SUPPORT
        + '\nmy discard pile has "Zorblat Quux"\nI play "A"\nask who acts first?\n'
    )


@pytest.mark.parametrize("variant", sorted(IRRELEVANT))
@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(corpus_dir()).as_posix() for p in CASES])
def test_a_card_that_cannot_act_changes_no_verdict(path: Path, variant: str) -> None:
    """A discard pile's cards and the opponent's unplayed hand card do not act (no verdict
    changes, even when the card's text forbids or ignores)."""
    text = path.read_text("utf-8")
    card_line, fact = IRRELEVANT[variant]
    assert outcomes(with_irrelevant_card(text, card_line, fact), str(path)) == original(path)


def test_the_same_card_in_play_does_change_verdicts() -> None:
    """The forbidding card placed in play instead does act (so the test above can fail)."""
    changed = [
        p
        for p in CASES[:120]
        if outcomes(
            with_irrelevant_card(
                p.read_text("utf-8"), LOUD_SUPPORT, 'you have active "Zorblat Quux"'
            ),
            str(p),
        )
        != original(p)
    ]
    assert len(changed) > 10


# ---------------------------------------------------------------------- names are only names
def rename_inline(text: str) -> str | None:
    """Every inline card renamed everywhere (its first word kept), or None: none to rename."""
    names = re.findall(r'^card "([^"]+)"', text, re.M)
    for k, name in enumerate(sorted(names, key=len, reverse=True)):
        text = re.sub(r"(?<!\w)" + re.escape(name) + r"(?!\w)", f"{name} Qorvath{k}", text)
    return text if names else None


RENAMED = [(p, variant) for p in CASES if (variant := rename_inline(p.read_text("utf-8")))]


def test_renaming_finds_inline_cards() -> None:
    """Many cases define inline cards, so the test below can fail."""
    assert len(RENAMED) > 100
    assert (
        rename_inline('card "Some Ship" ship: ""\n"Some Ship" holds "Some"\n')
        == 'card "Some Ship Qorvath0" ship: ""\n"Some Ship Qorvath0" holds "Some"\n'
    )


@pytest.mark.parametrize(
    ("path", "variant"), RENAMED, ids=[p.relative_to(corpus_dir()).as_posix() for p, _ in RENAMED]
)
def test_renaming_inline_cards_changes_no_verdict(path: Path, variant: str) -> None:
    """The judge reads a card's type, values, icons and text, never its (made-up) name."""
    assert outcomes(variant, str(path)) == original(path)


def test_a_new_first_word_can_change_a_verdict() -> None:
    """PAIR reads the first word of the name, so renaming must keep it (the test has teeth)."""
    path = next(p for p in CASES if p.name.startswith("q395a-"))
    text = path.read_text("utf-8").replace("Twin Beta", "Lone Beta")
    assert outcomes(text, str(path)) != original(path)


# ---------------------------------------------------------------------- one moment, any order
#: Statements that say how things stand (not events, whose order is the timeline).
STATE = re.compile(
    r"^((I|you) ha(ve|s) (in)?active |(I|you) ha(ve|s) in hand |(my|your) hand holds "
    r'|(I|you) ha(ve|s) \d+ cards in hand|(I|you) ha(ve|s) "[^"]*".* in (my|your) influence area'
    r'|"[^"]*" holds |element |(my|your) draw deck has|(I|you) ha(ve|s) \d+ dragons?'
    r"|(my|your) (combat|support|combat and support) areas? (hold|has)"
    r"|(I|you) ha(ve|s) .*bluff card|(my|your) inquisitor is|(my|your) deck (is|has)"
    r"|(my|your) leader is|(I|you) ha(ve|s) no .* in hand|\"[^\"]*\" has an? \w+ shield"
    r"|(my|your) discard pile (has|holds) )"
)


def reverse_state_runs(text: str) -> str | None:
    """Each run of consecutive state statements reversed (None: no run of two or more)."""
    out: list[str] = []
    run: list[str] = []
    changed = False

    def flush() -> None:
        nonlocal changed
        changed = changed or (len(run) > 1 and run != run[::-1])
        out.extend(reversed(run))
        run.clear()

    for line in text.splitlines():
        if STATE.match(line):
            run.append(line)
            continue
        flush()
        out.append(line)
    flush()
    return "\n".join(out) + "\n" if changed else None


RESTATED = [(p, variant) for p in CASES if (variant := reverse_state_runs(p.read_text("utf-8")))]


def test_some_cases_have_state_runs_to_reverse() -> None:
    """Many cases state several facts of one moment in a row."""
    assert len(RESTATED) > 100
    assert (
        reverse_state_runs('element fire\nI have 3 cards in hand\nI play "A"\n')
        == 'I have 3 cards in hand\nelement fire\nI play "A"\n'
    )


@pytest.mark.parametrize(
    ("path", "variant"), RESTATED, ids=[p.relative_to(corpus_dir()).as_posix() for p, _ in RESTATED]
)
def test_the_facts_of_one_moment_in_another_order_change_no_verdict(
    path: Path, variant: str
) -> None:
    """How things stand at one moment does not depend on the order it is told in."""
    assert outcomes(variant, str(path)) == original(path)


# ---------------------------------------------------------------------- questions are pure
def without_calls(text: str) -> str:
    """The situation without its expect lines."""
    return "".join(line + "\n" for line in text.splitlines() if not line.startswith("expect "))


EXTRA_QUESTIONS = (
    "ask what is the contested element?",
    "ask how many cards do I have in hand?",
    "ask what is my total power?",
    "ask can I play a support card?",
    "ask how many dragons do you attract?",
    "ask must I retreat?",
)


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(corpus_dir()).as_posix() for p in CASES])
def test_a_question_sees_only_what_comes_before_it(path: Path) -> None:
    """Each answer is the same when the file stops right after its question."""
    text = without_calls(path.read_text("utf-8"))
    full = original(path)
    lines = text.splitlines()
    asked = [i for i, line in enumerate(lines) if line.startswith("ask ")]
    for k, i in enumerate(asked):
        cut = "".join(line + "\n" for line in lines[: i + 1])
        assert outcomes(cut, str(path))[-1] == full[k], f"question {k + 1} (line {i + 1})"


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(corpus_dir()).as_posix() for p in CASES])
def test_asking_more_changes_no_answer(path: Path) -> None:
    """An extra question before each question leaves every answer as it was."""
    text = without_calls(path.read_text("utf-8"))
    full = original(path)
    for extra in EXTRA_QUESTIONS:
        lines: list[str] = []
        for line in text.splitlines():
            if line.startswith("ask "):
                lines.append(extra)
            lines.append(line)
        assert outcomes("\n".join(lines) + "\n", str(path))[1::2] == full, extra
