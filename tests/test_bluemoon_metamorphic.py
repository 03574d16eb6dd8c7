"""Metamorphic tests of the Blue Moon judge: changes that must not change a verdict.

- The order of the cards in a statement of where cards are ("I have active "A", "B"") never
  changes a verdict (the FAQ: the order in which cards were played is never relevant).
- Mirror cards give mirrored answers: the same situation with fire and earth swapped, and each
  card replaced by its mirror card, has the same verdicts.
"""

from __future__ import annotations

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
PLACING = re.compile(r"^(?P<head>(?:I|you) ha(?:ve|s) (?:in)?active |(?:I|you) ha(?:ve|s) in hand "
                     r"|(?:my|your) hand holds (?:only )?|(?:my|your) discard pile (?:has|holds) )"
                     r"(?P<cards>.+)$")


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


REORDERED = [(p, variant) for p in CASES if (variant := reorder(p.read_text("utf-8")))]


def test_some_cases_have_lists_to_reorder() -> None:
    """The reordering finds statements to change (so the test below can fail)."""
    assert len(REORDERED) > 50
    assert split_cards('"A" (fire 2, earth 3), "B" and "C"') == ['"A" (fire 2, earth 3)', '"B"',
                                                                  '"C"']


@pytest.mark.parametrize(("path", "variant"), REORDERED,
                         ids=[p.relative_to(corpus_dir()).as_posix() for p, _ in REORDERED])
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
    pairs = {**MIRROR_CARDS, **{v: k for k, v in MIRROR_CARDS.items()},
             "fire": "earth", "earth": "fire", "Fire": "Earth", "Earth": "Fire"}
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
@given(fire=values, earth=values, other_fire=values, other_earth=values,
       element=st.sampled_from(["fire", "earth"]))
def test_gauntlets_mirror(fire: int, earth: int, other_fire: int, other_earth: int,
                          element: str) -> None:
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
PRONOUNS = {"I": "you", "you": "I", "my": "your", "your": "my", "me": "you",
            "mine": "yours", "yours": "mine"}
PRONOUN = re.compile(r"\b(I|you|my|your|me|mine|yours)\b")
AGREEMENT = [(re.compile(r"\bI are\b"), "I am"), (re.compile(r"\byou am\b"), "you are"),
             (re.compile(r"\bI has\b"), "I have"), (re.compile(r"\byou has\b"), "you have")]


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
            line = "".join(part if part.startswith('"')
                           else PRONOUN.sub(lambda m: PRONOUNS[m.group(1)], part)
                           for part in parts)
            for wrong, right in AGREEMENT:
                line = wrong.sub(right, line)
        out.append(line)
    return "\n".join(out) + "\n"


def test_swapping_players_swaps_only_pronouns() -> None:
    """Quoted names and card lines keep their words; statements change side."""
    text = ('card "My Card" support: "I may play you."\nyou have active "Your Card"\n'
            "I am the first player\nask can I play a support card?\nexpect no\n")
    assert swap_players(text) == ('card "My Card" support: "I may play you."\n'
                                  'I have active "Your Card"\nyou are the first player\n'
                                  "ask can you play a support card?\n")


SEATS = {"me": "you", "you": "me"}


@pytest.mark.parametrize("path", CASES, ids=[p.relative_to(corpus_dir()).as_posix()
                                             for p in CASES])
def test_telling_a_case_from_the_other_side_swaps_only_me_and_you(path: Path) -> None:
    """The same situation asked by the opponent: the same verdicts, with me and you swapped."""
    text = path.read_text("utf-8")
    original = [(SEATS.get(verdict, verdict), status)
                for verdict, status in outcomes(text, str(path))]
    assert outcomes(swap_players(text), str(path)) == original
