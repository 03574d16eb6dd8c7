"""The outputs README.md shows are what rulesq prints today (the docs must not drift)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"
runner = CliRunner()


def blocks(fence: str = "```") -> list[str]:
    """The fenced blocks of the README, in order (their first line, the info string, dropped)."""
    text = README.read_text(encoding="utf-8")
    pattern = rf"^{fence}[^\n`]*\n(.*?)^{fence}$"
    return re.findall(pattern, text, flags=re.M | re.S)


def test_the_ask_output_shown_is_the_real_one(tmp_path: Path) -> None:
    """The situation file in the README, asked, prints exactly the block that follows it."""
    found = blocks()
    index = next(i for i, block in enumerate(found) if block.startswith("game bluemoon\n"))
    situation, shown = found[index], found[index + 1]
    case = tmp_path / "case.rq"
    case.write_text(situation, encoding="utf-8")
    result = runner.invoke(app, ["ask", str(case)])
    assert result.exit_code == 0
    assert result.output == shown


def test_the_fma_outputs_shown_are_the_real_ones(tmp_path: Path) -> None:
    """Each FMA situation in the README, asked, prints exactly the block that follows it."""
    found = blocks()
    shown = [i for i, block in enumerate(found) if block.startswith("game fma\n")]
    assert len(shown) >= 2  # a react-order question and a targeting question at least
    asked = "".join(found[i] for i in shown)
    assert "who reacts first" in asked and " target " in asked
    for index in shown:
        case = tmp_path / f"case{index}.rq"
        case.write_text(found[index], encoding="utf-8")
        result = runner.invoke(app, ["ask", str(case)])
        assert result.exit_code == 0, result.output
        assert result.output == found[index + 1]


@pytest.mark.parametrize(
    "number, cards",
    [(0, ["Pandemonium", "Laughing Gas", "Tittertweet"]), (1, ["Laughing Gas", "Cast Cataclysm"])],
)
def test_the_rulings_shown_are_the_real_ones(number: int, cards: list[str]) -> None:
    """Each Markdown ruling in the README is the first one its command writes."""
    shown = blocks("````")[number]
    result = runner.invoke(app, ["rulings", *cards])
    assert result.exit_code == 0
    start = result.output.index("## 1.")
    first = result.output[start : result.output.index("\n## ", start) + 1]
    assert first.rstrip() + "\n" == shown


def test_the_card_error_shown_is_the_real_one() -> None:
    """``rulesq card Pandemonum``: the message the README quotes, exit code 2."""
    text = README.read_text(encoding="utf-8")
    quoted = re.search(r'`(error: unknown card "Pandemonum"[^`]*)`', text)
    assert quoted is not None
    result = runner.invoke(app, ["card", "Pandemonum"])
    assert result.exit_code == 2
    assert result.output.strip() == quoted.group(1)


def test_the_corpus_readme_counts_the_hand_written_rules() -> None:
    """corpus/README.md's count of Blue Moon ``game-rule`` clauses is the file's."""
    corpus = README.parent / "corpus"
    text = (corpus / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"`game-rule` \(`rules\.jsonl`, hand-written, (\d+)\)", text)
    assert stated is not None
    lines = (corpus / "bluemoon" / "rules.jsonl").read_text(encoding="utf-8").splitlines()
    assert int(stated.group(1)) == len([line for line in lines if line.strip()])


def test_the_why_shown_is_the_real_one(tmp_path: Path) -> None:
    """The ``why`` lines in the README are what ``--explain`` prints for the first precedent."""
    found = blocks()
    situation = next(block for block in found if block.startswith("game bluemoon\n"))
    [shown] = [block for block in found if block.lstrip().startswith("why: ")]
    case = tmp_path / "case.rq"
    case.write_text(situation, encoding="utf-8")
    result = runner.invoke(app, ["ask", "--explain", str(case)])
    assert result.exit_code == 0
    start = result.output.index("      why: ")
    end = result.output.index("\n    [", start)
    assert result.output[start:end] + "\n" == shown


def test_every_situation_shown_with_its_answer_prints_that_answer(tmp_path: Path) -> None:
    """Each situation block followed by an answer block: asked, it prints that answer first.

    Some answers are shown without their citations (the lines that follow): the answer
    shown is the beginning of what rulesq prints, line for line.
    """
    found = blocks()
    pairs = [
        (found[i], found[i + 1])
        for i in range(len(found) - 1)
        if re.match(r"game \w+\n", found[i]) and found[i + 1].startswith("ask ")
    ]
    assert len(pairs) >= 6  # Blue Moon, FMA and Warhammer answers at least
    for number, (situation, shown) in enumerate(pairs):
        case = tmp_path / f"case{number}.rq"
        case.write_text(situation, encoding="utf-8")
        result = runner.invoke(app, ["ask", str(case)])
        assert result.exit_code == 0, result.output
        assert result.output.startswith(shown), situation


def test_the_syntax_error_shown_is_the_real_one() -> None:
    """The error blocks under "A line it cannot read" (a form, an unclosed quote) are what
    ``ask -`` prints for their lines."""
    found = [block for block in blocks() if block.startswith("<stdin>:")]
    assert len(found) == 2
    for shown in found:
        line = shown.splitlines()[1].strip()
        result = runner.invoke(app, ["ask", "-"], input=f"game bluemoon\n{line}\n")
        assert result.exit_code == 2
        assert result.output == shown


def test_the_search_claims_are_true() -> None:
    """A misspelt word: no match, a respelling, exit 1; a question finds its FAQ answer first;
    a word of the search lists finds the rulebook's."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    said = re.search(
        r'\(`rulesq search (\w+)` answers `(No clause matches "\w+"\.)` and `(did you mean: \w+)`,'
        r" exit code 1\)",
        text,
    )
    assert said is not None
    result = runner.invoke(app, ["search", said.group(1)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [said.group(2), said.group(3)]
    question = re.search(r"`rulesq search '([^']+)'` puts (BM-Q\d+) first", text)
    assert question is not None
    first = runner.invoke(app, ["search", question.group(1)]).output.splitlines()[0]
    cited = runner.invoke(app, ["cite", question.group(2)]).output.splitlines()[0]
    assert first.split()[0] == cited.split()[0]


def test_the_lookup_claims_are_true() -> None:
    """A unique beginning of a name finds the card; the coverage counts shown are the real ones."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    beginning = re.search(r'a unique beginning of a name \(`rulesq card "([^"]+)"`\)', text)
    assert beginning is not None
    result = runner.invoke(app, ["card", beginning.group(1)])
    assert result.exit_code == 0 and result.output.startswith(beginning.group(1))
    counts = re.findall(
        r"rulesq coverage --game (\w+) +# (\w+: parsed \d+ of \d+ card texts)",
        README.read_text(encoding="utf-8"),
    )
    assert counts  # warhammer's at least
    for game, line in counts:
        result = runner.invoke(app, ["coverage", "--game", game])
        assert result.output.splitlines()[-1] == line, game
