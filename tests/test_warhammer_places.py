"""Warhammer control, movement and damage on its way: metamorphic tests, gaps and the ruling.

Swapping the players in every control and card-type case swaps the answers "me" and "you"
and leaves every other verdict alone; the facts of one moment may be stated in another order;
a text that speaks of control or card types and is not followed makes the answer *cannot
answer*; the damage ruling of a redirecting tactic is written with its reasoning.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.engine import evaluate
from rulesq.errors import InputError
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation
from tests.test_warhammer_damage_metamorphic import _PLACING, swapped

CASES = sorted(
    p
    for folder in ("control", "card-types", "keywords", "combat")
    for p in (corpus_dir() / "warhammer" / "cases" / folder).glob("*.rq")
)
_OTHER = {"me": "you", "you": "me"}


def outcomes(text: str, source: str = "<test>") -> list[tuple[str, str]]:
    situation = parse_situation(text, source)
    return [(a.verdict.show() if a.verdict else "-", a.status.key) for a in evaluate(situation)]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_players_swapped_swap_the_controller(path: Path) -> None:
    """Who controls a card follows the swap; every other verdict stays the same."""
    text = path.read_text("utf-8")
    before = outcomes(text, str(path))
    after = outcomes(swapped(text), str(path))
    assert [(_OTHER.get(v, v), s) for v, s in before] == after


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_reordering_the_placed_cards_changes_nothing(path: Path) -> None:
    """The statements of where cards are, stated in reverse order, give the same verdicts."""
    lines = path.read_text("utf-8").splitlines()
    start = next((i for i, line in enumerate(lines) if _PLACING.match(line)), len(lines))
    end = start
    while end < len(lines) and _PLACING.match(lines[end]):
        end += 1
    reordered = [*lines[:start], *reversed(lines[start:end]), *lines[end:]]
    assert outcomes("\n".join(reordered) + "\n") == outcomes("\n".join(lines) + "\n")


def test_a_move_to_the_zone_the_card_is_in_is_an_input_error() -> None:
    """A card must end a move in a different zone (Q&A 39): stating otherwise is refused."""
    text = 'game warhammer\nmy kingdom has "Chaos Knights"\nI move "Chaos Knights" to my kingdom\n'
    with pytest.raises(InputError, match="different zone"):
        outcomes(text + 'ask where is "Chaos Knights"?\n')


def test_a_link_that_moves_cards_in_a_shape_not_read_is_not_guessed() -> None:
    """A link whose moving text is not followed leaves where and what a card is open."""
    base = 'game warhammer\nmy battlefield has "Chaos Knights"\n'
    asked = 'ask is "Chaos Knights" a unit?\n'
    assert outcomes(base + asked) == [("yes", "definite")]
    with_text = (
        base + 'my quest zone has "Hidden Operative"\nI trigger "Hidden Operative"\n' + asked
    )
    assert outcomes(with_text)[0][1] == "cannot-answer"


def test_control_returns_only_when_the_attachment_leaves_play() -> None:
    """Who controls the unit changes with the attachment's departure, not before."""
    base = (
        'game warhammer\nyour battlefield has "Chaos Knights"\n'
        'I attach "Soul Stealer" to "Chaos Knights"\n'
    )
    asked = 'ask who controls "Chaos Knights"?\n'
    assert outcomes(base + asked) == [("me", "definite")]
    assert outcomes(base + '"Soul Stealer" is destroyed\n' + asked) == [("you", "definite")]
    # played by its owner's opponent only: an attachment put there by the owner steals nothing
    owned = base.replace("I attach", "you attach")
    assert outcomes(owned + asked) == [("you", "definite")]


def test_redirected_damage_moves_with_the_amount_left_to_redirect() -> None:
    """The next 2 damage are redirected: 1 assigned then 5 assigned leaves 4 on the first."""
    text = (
        "game warhammer\nit is my turn\n"
        'my battlefield has "Chaos Knights"\nyour battlefield has "Dark Zealot"\n'
        'I trigger "Blessing of Valaya" targeting "Chaos Knights", "Dark Zealot"\n'
        '1 damage is assigned to "Chaos Knights"\n'
        '2 damage is assigned to "Chaos Knights"\n'
        'ask how much damage is "Chaos Knights" dealt?\n'
        'ask how much damage is "Dark Zealot" dealt?\n'
    )
    assert outcomes(text) == [("1", "definite"), ("2", "definite")]
    stated_with_a_target = text.replace(
        '"Blessing of Valaya" targeting', '"Nurgle\'s Pestilence" targeting'
    )
    assert {s for _, s in outcomes(stated_with_a_target)} == {"cannot-answer"}


def test_the_damage_ruling_of_a_redirecting_tactic_gives_its_reasoning() -> None:
    """rulings "Blessing of Valaya" "Nurgle's Pestilence": the redirect, quoted and cited."""
    result = CliRunner().invoke(
        app, ["rulings", "Blessing of Valaya", "Nurgle's Pestilence", "--game", "warhammer"]
    )
    assert result.exit_code == 0
    out = result.output
    title = (
        "How much damage is my unit dealt when I respond to "
        '"Nurgle\'s Pestilence" with "Blessing of Valaya"?'
    )
    section = out.split(title)[1].split("\n## ")[0]
    assert section.lstrip().startswith("**0** (definite)")
    assert '"Blessing of Valaya" redirects 1 of the 1 damage from' in section
    assert 'from "Chaos Knights" to "Dark Zealot"' in section
    assert "- **Blessing of Valaya**: “Action: The next 2 damage" in section
    assert "`warhammer/faq/damage/redirecting-damage`" in section


def test_the_readme_damage_example_is_the_real_output(tmp_path: Path) -> None:
    """README's redirect example, asked, prints the block shown (up to its citations)."""
    from tests.test_readme import blocks

    found = blocks()
    index = next(i for i, b in enumerate(found) if "Blessing of Valaya" in b and "ask " in b)
    case = tmp_path / "case.rq"
    case.write_text(found[index], encoding="utf-8")
    result = CliRunner().invoke(app, ["ask", str(case)])
    assert result.exit_code == 0
    assert result.output.split("  cites:")[0].rstrip() + "\n" == found[index + 1]
