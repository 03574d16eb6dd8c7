"""The Warhammer action chain and timing: metamorphic tests over the chain cases, and the W9 ruling.

Every chain case is rewritten with the players swapped (I <-> you, my <-> your); each question
then asks about the other player's side, so each verdict must stay the same. The facts of one
moment (where cards are) may be stated in another order. Removing the response from W9 changes
the verdict (the chain is read, not a fixed answer), and ``rulesq rulings`` writes the W9 ruling
with its verdict, the deciding clause and the FAQ precedent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.paths import corpus_dir
from tests.test_warhammer_damage_metamorphic import _PLACING, outcomes, swapped

CASES = sorted((corpus_dir() / "warhammer" / "cases" / "chain").glob("*.rq"))
runner = CliRunner()


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_players_swapped_give_the_same_verdicts(path: Path) -> None:
    text = path.read_text("utf-8")
    assert outcomes(swapped(text), str(path)) == outcomes(text, str(path))


#: Statements of the moment before the chain: the turn, the phase, the pool, where cards are.
_MOMENT = re.compile(r"^(?:it is (?:my|your) turn|phase \w+|(?:I|you) have \d+ resources?)$")
_SKIPPED = ("#", "game", "source")


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_reordering_the_facts_of_one_moment_changes_nothing(path: Path) -> None:
    lines = path.read_text("utf-8").splitlines()
    moment: list[int] = []
    for index, line in enumerate(lines):
        if not line.strip() or line.startswith(_SKIPPED):
            continue
        if not (_MOMENT.match(line) or _PLACING.match(line)):
            break
        moment.append(index)
    if len(moment) < 2:
        pytest.skip("fewer than two statements of the first moment")
    reordered = list(lines)
    for index, line in zip(moment, reversed([lines[i] for i in moment]), strict=True):
        reordered[index] = line
    assert reordered != lines
    text = "\n".join(lines) + "\n"
    assert outcomes("\n".join(reordered) + "\n", str(path)) == outcomes(text, str(path))


W9 = """game warhammer
it is your turn
phase battlefield
my battlefield has "Deathmaster Sniktch", "Clan Rats", "Gutter Runners", "Jezzail Team"
your battlefield has "Dark Zealot" (damage 0)
I trigger "Deathmaster Sniktch" targeting "Dark Zealot"
{response}
ask is "Deathmaster Sniktch" cancelled?
"""


def test_the_response_decides_the_cancellation() -> None:
    with_response = W9.format(
        response='you respond with "Flames of Tzeentch" targeting "Clan Rats" paying 1'
    )
    assert outcomes(with_response, "<w9>") == [("yes", "definite")]
    assert outcomes(W9.format(response=""), "<w9>") == [("no", "definite")]
    # the response aimed at a unit that is not a Skaven leaves four Skaven in play
    aside = W9.format(
        response='you respond with "Flames of Tzeentch" targeting "Dark Zealot" paying 1'
    )
    assert outcomes(aside, "<w9>") == [("no", "definite")]


def test_rulings_write_the_w9_ruling_with_its_reasoning() -> None:
    result = runner.invoke(
        app, ["rulings", "Deathmaster Sniktch", "Flames of Tzeentch", "--game", "warhammer"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    verdict = out.index("**Yes** (definite)")
    section = out[verdict : out.index("## ", verdict)]
    assert '"Deathmaster Sniktch" is cancelled' in section
    assert "no longer has fewer hit points (3) than the number of Skaven cards in play (3)" in (
        " ".join(section.split())
    )
    rests = section[section.index("Rests on:") :]
    # the deciding clause first, the FAQ's Q&A 9 as the precedent
    assert rests.index("`warhammer/faq/targeting/illegal-target`") < rests.index(
        "`warhammer/faq/qa/9` (precedent)"
    )
    assert "Flames of Tzeentch" in rests.split("(precedent)")[1][:300]


def test_the_readme_timing_output_is_the_real_one(tmp_path: Path) -> None:
    """The README's Q&A 8 situation, asked, prints exactly the block that follows it."""
    import re

    readme = Path(__file__).resolve().parent.parent / "README.md"
    found = re.findall(r"^```[^\n`]*\n(.*?)^```$", readme.read_text("utf-8"), flags=re.M | re.S)
    index = next(
        i
        for i, b in enumerate(found)
        if b.startswith("game warhammer\n") and "Knight Training" in b
    )
    case = tmp_path / "case.rq"
    case.write_text(found[index], encoding="utf-8")
    result = runner.invoke(app, ["ask", str(case)])
    assert result.exit_code == 0
    assert result.output == found[index + 1]


def test_an_effect_not_followed_before_the_link_makes_it_cannot_answer() -> None:
    """A response whose effect rulesq does not follow could change the first link's fate."""
    unread = W9.format(response='you respond with "Slaanesh\'s Domination"')
    assert outcomes(unread, "<w9>") == [("-", "cannot-answer")]
